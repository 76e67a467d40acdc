"""Text for people: card symbols, JSON values drawn readably, colour on a terminal only.

Colour is used when the stream is a terminal and ``NO_COLOR`` is not set (https://no-color.org),
or when asked for with ``--color always``; hearts and diamonds are red.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Final, TextIO

from reference.core.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_symbol, parse_card
from reference.core.jsontypes import JSON

_CARD: Final = re.compile(r"^[2-9TJQKA][SHDC]$")
_RESET: Final = "\x1b[0m"
_CODES: Final = {
    "red": "\x1b[31m",
    "green": "\x1b[32m",
    "yellow": "\x1b[33m",
    "cyan": "\x1b[36m",
    "bold": "\x1b[1m",
    "dim": "\x1b[2m",
}


def wants_colour(stream: TextIO, choice: str) -> bool:
    """Whether to colour ``stream``: ``always``, ``never`` or ``auto`` (a terminal, no NO_COLOR)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


@dataclass(frozen=True, slots=True)
class Style:
    """Paints text, or leaves it plain."""

    colour: bool

    def paint(self, text: str, *styles: str) -> str:
        if not self.colour or not styles:
            return text
        return "".join(_CODES[s] for s in styles) + text + _RESET

    def ok(self, text: str = "✓") -> str:
        return self.paint(text, "green", "bold")

    def bad(self, text: str = "✗") -> str:
        return self.paint(text, "red", "bold")

    def rule(self, rule_id: str) -> str:
        return self.paint(rule_id, "cyan")

    def head(self, text: str) -> str:
        return self.paint(text, "bold")

    def dim(self, text: str) -> str:
        return self.paint(text, "dim")

    def card(self, name: str) -> str:
        """A card notation (``QH``) as its symbol (``Q♥``), hearts and diamonds red."""
        symbol = card_symbol(parse_card(name))
        return self.paint(symbol, "red") if name[1] in "HD" else symbol

    def suit(self, letter: str) -> str:
        symbol = SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]
        return self.paint(symbol, "red") if letter in "HD" else symbol

    def value(self, v: JSON) -> str:
        """A JSON value drawn for people: cards as symbols, lists space-separated."""
        if v is None:
            return "—"
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, str):
            if _CARD.match(v):
                return self.card(v)
            return v
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, list):
            if not v:
                return "—"
            if all(not isinstance(x, (list, dict)) for x in v):
                return " ".join(self.value(x) for x in v)
            return "; ".join(f"[{self.value(x)}]" for x in v)
        if not v:
            return "—"
        return ", ".join(f"{self.key(k)}: {self.value(x)}" for k, x in v.items())

    def key(self, k: str) -> str:
        return self.card(k) if _CARD.match(k) else k

    def observable(self, name: str, v: JSON) -> str:
        """One observable's value; a suit observable (``trump``) as its symbol."""
        if isinstance(v, str) and len(v) == 1 and v in SUIT_LETTERS:
            return self.suit(v)
        return self.value(v)
