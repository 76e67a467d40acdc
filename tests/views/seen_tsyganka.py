"""What a seat sees in tsyganka (text 000), from the position alone.

- its own stage-2 hand (000:P24.S5: each takes up his cards), never another's; which card lies
  where in a fan is seen by nobody (000:P25.S2), and the view gives a hand as a multiset;
- the card on the table: the card led in stage 1, the card drawn and turned up in stage 2
  («лицевой стороной кладет на стол»);
- the trump card from the middle, wherever it lies (000:P23.S1; its name stays known);
- the stage-1 piles: its own, or every pile under piles_shown=face-up (AMB-TSYGANKA-08);
- the cards out of play only under discard_shown=face-up (AMB-TSYGANKA-09);
- never a card of the circle, which lies face down (AMB-TSYGANKA-10).
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos.get("options", {})
    assert isinstance(options, dict)
    piles_shown = options.get("piles_shown", "own")
    discard_shown = options.get("discard_shown", "face-down")
    out: set[str] = set()
    for key in ("trump_card", "lead", "up"):
        card = pos.get(key)
        if isinstance(card, str):
            out.add(card)
    hands = pos.get("hands", [])
    piles = pos.get("piles", [])
    assert isinstance(hands, list) and isinstance(piles, list)
    if seat is not None:
        out |= _names(hands[seat])
    for owner, pile in enumerate(piles):
        if piles_shown == "face-up" or owner == seat:
            out |= _names(pile)
    if discard_shown == "face-up":
        out |= _names(pos.get("discard", []))
    return out
