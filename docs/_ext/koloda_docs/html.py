"""HTML fragments for the generated pages: escaping, cards, anchors and checked links.

Every anchor a page defines is registered with the :class:`Linker`, and every
link a page makes goes through it; after generation :meth:`Linker.dangling`
lists the links whose page or anchor does not exist, and the extension turns
each into a Sphinx warning (so ``-W`` fails the build on a broken link, which
raw HTML alone would never do).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable
from html import escape
from typing import Final
from urllib.parse import quote

from reference.core.jsontypes import JSON

CARD: Final = re.compile(r"^([2-9TJQKA])([SHDC])$")
SUITS: Final = {
    "S": ("♠", "spades"),
    "H": ("♥", "hearts"),
    "D": ("♦", "diamonds"),
    "C": ("♣", "clubs"),
}
RANKS: Final = {
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


def esc(text: str) -> str:
    """Text escaped for HTML content and attribute values."""
    return escape(text, quote=True)


def sentence_anchor(sid: str) -> str:
    """The HTML id of a sentence: ``002:P6.S1`` -> ``s-002-P6-S1``."""
    return "s-" + sid.replace(":", "-").replace(".", "-")


def paragraph_anchor(doc: str, paragraph: int) -> str:
    """The HTML id of a paragraph: ``p-002-P6``."""
    return f"p-{doc}-P{paragraph}"


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule: ``melniki-b/players`` -> ``rule-melniki-b/players``."""
    return "rule-" + rule_id


def scenario_anchor(scenario_id: str) -> str:
    """The HTML id of a scenario: ``melniki-b-001`` -> ``sc-melniki-b-001``."""
    return "sc-" + scenario_id


def reading_anchor(ruling_id: str, key: str) -> str:
    """The HTML id of a reading of a ruling: ``AMB-MELNIKIB-01-b``."""
    return f"{ruling_id}-{key}"


def option_anchor(game: str, name: str) -> str:
    """The HTML id of a game's option: ``opt-melniki-b-three_players``."""
    return f"opt-{game}-{name}"


def is_card(value: JSON) -> bool:
    """Whether a JSON value is a card in the suite's notation (``QS``)."""
    return isinstance(value, str) and CARD.match(value) is not None


def card(text: str) -> str:
    """A card as a symbol, coloured by suit through its CSS class: ``QS`` -> ``Q♠``."""
    m = CARD.match(text)
    if m is None:
        return f"<code>{esc(text)}</code>"
    rank, suit = m.group(1), m.group(2)
    symbol, suit_name = SUITS[suit]
    shown = "10" if rank == "T" else rank
    name = f"{RANKS.get(rank, rank)} of {suit_name}"
    return (
        f'<span class="card suit-{suit.lower()}" title="{esc(text)}: {esc(name)}">'
        f"{shown}{symbol}</span>"
    )


def cards(values: Iterable[str]) -> str:
    """A row of cards (an em dash when there is none)."""
    shown = [card(v) for v in values]
    return '<span class="cards">' + " ".join(shown) + "</span>" if shown else "—"


def json_text(value: JSON) -> str:
    """A JSON value as compact text, for code spans."""
    return json.dumps(value, ensure_ascii=False)


def option_text(name: str, value: JSON) -> str:
    """``option=value`` as the register and the design write it: ``three_players=false``."""
    shown = value if isinstance(value, str) else json_text(value)
    return f"{name}={shown}"


def card_list(value: JSON) -> list[str] | None:
    """The cards of a JSON array of cards (None if it is something else)."""
    if isinstance(value, list) and value and all(is_card(v) for v in value):
        return [v for v in value if isinstance(v, str)]
    return None


def value_html(value: JSON) -> str:
    """Any JSON value for people: cards as symbols, arrays of hands by seat, the rest as code."""
    if is_card(value) and isinstance(value, str):
        return card(value)
    found = card_list(value)
    if found is not None:
        return cards(found)
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        rows = [
            f'<li><span class="seat">seat {i}</span> {value_html(v)}</li>'
            for i, v in enumerate(value)
        ]
        return '<ul class="by-seat">' + "".join(rows) + "</ul>"
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return (
            '<ul class="json-list">' + "".join(f"<li>{value_html(v)}</li>" for v in value) + "</ul>"
        )
    if isinstance(value, dict) and value:
        if isinstance(value.get("type"), str) and "seat" in value:
            return action_html(value)
        items = [f"<dt>{esc(k)}</dt><dd>{value_html(v)}</dd>" for k, v in value.items()]
        return '<dl class="json-object">' + "".join(items) + "</dl>"
    if isinstance(value, list) and not value:
        return "—"
    if isinstance(value, str):
        return f"<code>{esc(value)}</code>"
    return f"<code>{esc(json_text(value))}</code>"


def action_html(action: JSON) -> str:
    """An action for people: ``seat 1 plays 7♥`` with any other fields after it."""
    if not isinstance(action, dict):
        return value_html(action)
    kind = action.get("type")
    seat = action.get("seat")
    parts = [f'<span class="seat">seat {esc(json_text(seat))}</span>']
    parts.append(f'<span class="verb">{esc(str(kind))}</span>')
    for key, val in action.items():
        if key in ("type", "seat"):
            continue
        if key in ("card", "cards"):
            parts.append(value_html(val))
        else:
            parts.append(f'<span class="field">{esc(key)}</span> {value_html(val)}')
    return '<span class="action">' + " ".join(parts) + "</span>"


class Linker:
    """Anchors and links across the generated pages, checked after generation."""

    def __init__(self, relative_uri: Callable[[str, str], str]) -> None:
        self._relative_uri = relative_uri
        self.anchors: dict[str, set[str]] = {}
        self.links: list[tuple[str, str, str]] = []
        self.duplicates: list[tuple[str, str]] = []

    def anchor(self, doc: str, anchor: str) -> str:
        """Register an anchor on a page; return it escaped for an ``id`` attribute."""
        found = self.anchors.setdefault(doc, set())
        if anchor in found:
            self.duplicates.append((doc, anchor))
        found.add(anchor)
        return esc(anchor)

    def page(self, doc: str) -> None:
        """Register a page (its top can be linked to with an empty anchor)."""
        self.anchors.setdefault(doc, set())

    def href(self, from_doc: str, to_doc: str, anchor: str = "") -> str:
        """The (escaped) ``href`` of a link from one page to an anchor on another (or the same)."""
        self.links.append((from_doc, to_doc, anchor))
        fragment = "#" + quote(anchor, safe="/:-._~") if anchor else ""
        if from_doc == to_doc:
            return esc(fragment or "#")
        return esc(self._relative_uri(from_doc, to_doc) + fragment)

    def a(self, from_doc: str, to_doc: str, anchor: str, text: str, cls: str = "") -> str:
        """A link (its text is escaped here)."""
        klass = f' class="{esc(cls)}"' if cls else ""
        return f'<a{klass} href="{self.href(from_doc, to_doc, anchor)}">{esc(text)}</a>'

    def dangling(self, known_pages: set[str]) -> list[str]:
        """Every link to a page or anchor that does not exist, and every duplicated anchor."""
        out: list[str] = []
        for from_doc, to_doc, anchor in self.links:
            if to_doc not in self.anchors and to_doc not in known_pages:
                out.append(f"{from_doc}: link to missing page {to_doc!r}")
            elif anchor and anchor not in self.anchors.get(to_doc, set()):
                out.append(f"{from_doc}: link to missing anchor {to_doc}#{anchor}")
        out.extend(f"{doc}: duplicate anchor {anchor!r}" for doc, anchor in self.duplicates)
        return sorted(set(out))


def default_relative_uri(from_doc: str, to_doc: str) -> str:
    """A relative URI between two pages of the ``html`` builder (``.html`` suffix)."""
    base = posixpath.dirname(from_doc) or "."
    return quote(posixpath.relpath(to_doc, base)) + ".html"
