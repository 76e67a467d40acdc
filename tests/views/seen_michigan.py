"""What a seat may see at a Мичиган position (004), stated from the text and its rulings.

- nothing of the cards while the stakes are put: the text deals after them (004:P6.S2
  «Перед любой сдачей», AMB-MICHIGAN-12);
- then a player's own hand (004:P7.S1, 004:P9.S2), and the hand he laid face down if he laid
  one, the dealer who took the extra hand or its buyer (004:P8.S1, 004:P9.S4: «крапом вверх»,
  to the others); the extra hand by nobody until it is taken, and never if it goes dead unsold;
- every card played, face up on the table (004:P11.S2, 004:P14.S2), every one in view, not
  squared (AMB-MICHIGAN-33);
- at the end, under shown_at_end=shown, every hand left (AMB-MICHIGAN-13).

Nothing else: the others' hands, the extra hand, a hand laid face down by another.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    if pos["phase"] == "stake":
        return set()
    hands = pos["hands"]
    options = pos["options"]
    assert isinstance(hands, list) and isinstance(options, dict)
    out = _names(pos["table"])
    if seat is not None:
        out |= _names(hands[seat])
        if pos.get("laid_by") == seat:
            out |= _names(pos["dead"])
    if pos["phase"] == "over" and options.get("shown_at_end") == "shown":
        for hand in hands:
            out |= _names(hand)
    return out
