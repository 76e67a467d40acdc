"""What a seat may see in Карточная лотерея (seed 002), stated from the text and its rulings.

Face down, seen by no one: the two packs, and the banker's four cards until he turns them
(002:P13.S1 «рубашкой вверх»; AMB-LOTEREYA-13: the banker too). A player sees his own
cards, in stage 1 and in stage 2, and his own pile of cards that won nothing (002:P17.S2:
each sets them aside himself), not another's (AMB-LOTEREYA-14). Face up, seen by all: the
cards led in stage 2 (the table). The cards laid aside after being shown (the discard, the
cards gathered unbeaten) are seen by all unless laid_aside=face-down (AMB-LOTEREYA-15). The
banker and the dealer hold no cards; a bystander sees what lies face up.

The two packs hold every card twice: a card name counts as seen when any copy of it is.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*(_names(v) for v in value)) if value else set()
    return set()


def _seat_part(pos: JSONObject, key: str, seat: int) -> set[str]:
    rows = pos.get(key, [])
    assert isinstance(rows, list)
    return _names(rows[seat]) if rows else set()


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos["options"]
    assert isinstance(options, dict)
    out = _names(pos.get("table", []))
    if options.get("laid_aside", "face-up") == "face-up":
        out |= _names(pos.get("discard", [])) | _names(pos.get("gathered", []))
    if seat is not None:
        out |= _seat_part(pos, "hands", seat) | _seat_part(pos, "piles", seat)
    return out
