"""Near misses: the actions one step away from a legal one, offered to be refused.

An implementation that checks an action by only some of its fields (the seat and the card,
but not the store it is laid on, the amount bid, the chips staked, the position drawn or
the kind of action) accepts actions the rules refuse. The near misses of a position are the
actions one field away from a legal one (its JSON form, as ``legal`` lists it):

- a card: every card of the pack;
- a list of cards: the list with one card dropped, or replaced by any card of the pack;
- an integer (a seat, an amount, a position): the value plus or minus one or two, and every
  seat of the table;
- a flag: its negation;
- an object (chips by card, say): the object with one member dropped, or with one member's
  value one step away;
- any field: every value it takes in another listed action of the same kind;
- the kind (``type``): every other kind of action of the game, the fields kept.

Most are refused; those the implementation must refuse are the ones the reference refuses
(some parse as no action of the game, some are legal themselves). ``koloda fuzz`` sends a
random near miss now and then (:func:`one`); the tests try every one (:func:`every`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache

from reference.core.cards import Card, card_name
from reference.core.jsontypes import JSON, JSONObject


@cache
def card_names(pack: tuple[Card, ...]) -> tuple[str, ...]:
    """The names of the cards of a pack, sorted (worked out once a pack)."""
    return tuple(sorted({card_name(c) for c in pack}))


def values(value: JSON, cards: Sequence[str], seats: range, seen: Sequence[JSON]) -> Iterator[JSON]:
    """The values one step away from ``value`` (some may equal it)."""
    yield from (v for v in seen if v != value)
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + d for d in (-2, -1, 1, 2))
        yield from seats
    elif isinstance(value, str) and value in cards:
        yield from cards
    elif isinstance(value, list) and all(isinstance(x, str) and x in cards for x in value):
        for i in range(len(value)):
            yield value[:i] + value[i + 1 :]
            for c in cards:
                yield [*value[:i], c, *value[i + 1 :]]
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield {k: v for k, v in value.items() if k != key}
            for other in values(inner, cards, seats, ()):
                yield {**value, key: other}


def _seen(listed: Sequence[JSONObject], obj: JSONObject, key: str) -> list[JSON]:
    return [o[key] for o in listed if key in o and o.get("type") == obj.get("type")]


def every(
    listed: Sequence[JSONObject], cards: Sequence[str], seats: range, kinds: Sequence[str]
) -> Iterator[JSONObject]:
    """Every near miss of the listed actions (with repeats, and some listed ones)."""
    for obj in listed:
        for kind in kinds:
            if kind != obj.get("type"):
                yield {**obj, "type": kind}
        for key, value in obj.items():
            if key != "type":
                for other in values(value, cards, seats, _seen(listed, obj, key)):
                    yield {**obj, key: other}


def one(
    rng: random.Random,
    listed: Sequence[JSONObject],
    cards: Sequence[str],
    seats: range,
    kinds: Sequence[str],
) -> JSONObject:
    """A near miss at random: a listed action, one of its fields (or its kind), a value near
    it. ``listed`` must not be empty."""
    obj = rng.choice(listed)
    keys = sorted(obj)
    key = rng.choice(keys)
    if key == "type":
        others = [k for k in kinds if k != obj["type"]]
        return {**obj, "type": rng.choice(others)} if others else dict(obj)
    near = list(values(obj[key], cards, seats, _seen(listed, obj, key)))
    return {**obj, key: rng.choice(near)} if near else dict(obj)
