"""JSON value types and small checked readers for the codecs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Union

from reference.core.cards import CARD_NAMES, CARDS_BY_NAME, Card, parse_card
from reference.core.errors import FormatError

JSON = Union[None, bool, int, float, str, list["JSON"], dict[str, "JSON"]]
JSONObject = dict[str, JSON]


def field(obj: Mapping[str, JSON], key: str, where: str) -> JSON:
    """A required field of a JSON object."""
    if key not in obj:
        raise FormatError(f"{where}: missing field {key!r}")
    return obj[key]


def as_int(value: JSON, where: str) -> int:
    """An integer (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(f"{where}: expected an integer, got {value!r}")
    return value


def as_str(value: JSON, where: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise FormatError(f"{where}: expected a string, got {value!r}")
    return value


def as_list(value: JSON, where: str) -> list[JSON]:
    """An array."""
    if not isinstance(value, list):
        raise FormatError(f"{where}: expected an array, got {value!r}")
    return value


def as_object(value: JSON, where: str) -> dict[str, JSON]:
    """An object."""
    if not isinstance(value, dict):
        raise FormatError(f"{where}: expected an object, got {value!r}")
    return value


def as_card(value: JSON, where: str) -> Card:
    """One card notation, as a card."""
    try:
        return parse_card(as_str(value, where))
    except FormatError:
        raise
    except ValueError as e:
        raise FormatError(f"{where}: {e}") from None


def as_cards(value: JSON, where: str) -> tuple[Card, ...]:
    """An array of card notations, as cards."""
    items = as_list(value, where)
    try:
        return tuple(CARDS_BY_NAME[item] for item in items)  # type: ignore[index]
    except (KeyError, TypeError):
        # not all card names: read them one by one, to say which one is wrong and where
        return tuple(as_card(item, f"{where}/{i}") for i, item in enumerate(items))


def card_names(cards: Iterable[Card]) -> list[JSON]:
    """The notation of cards, in their order (a hand or a pile as it lies), for a codec."""
    return [CARD_NAMES[c] for c in cards]


def card_lists(value: JSON, where: str) -> tuple[tuple[Card, ...], ...]:
    """An array of arrays of cards."""
    return tuple(as_cards(v, f"{where}/{i}") for i, v in enumerate(as_list(value, where)))
