"""What a seat sees in melniki-a (text 000), from the position alone.

- its own hand (000:P2.S3: dealt to it; 000:P11.S1: cards are held concealed), never another's;
- the cards on the table: the card led in stage 1, the stage-2 pile being built;
- the turned trump card, wherever it lies (000:P2.S3: «одна карта вскрывается как козырь»;
  AMB-MELNIKIA-17: its name stays known once drawn);
- the stage-1 tricks only as tricks_shown allows (AMB-MELNIKIA-15: face-down, nobody; own, its
  taker; face-up, everyone);
- the stage-2 piles laid aside only under discard_shown=face-up (AMB-MELNIKIA-16);
- never the talon (face down) but for the trump card under it.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos.get("options", {})
    assert isinstance(options, dict)
    tricks_shown = options.get("tricks_shown", "face-down")
    discard_shown = options.get("discard_shown", "face-down")
    out: set[str] = set()
    trump_card = pos["trump_card"]
    assert isinstance(trump_card, str)
    out.add(trump_card)
    table = pos.get("table", [])
    assert isinstance(table, list)
    for item in table:
        assert isinstance(item, dict)
        card = item["card"]
        assert isinstance(card, str)
        out.add(card)
    hands = pos["hands"]
    assert isinstance(hands, list)
    if seat is not None:
        out |= _names(hands[seat])
    piles = pos.get("piles", [])
    assert isinstance(piles, list)
    for owner, pile in enumerate(piles):
        if tricks_shown == "face-up" or (tricks_shown == "own" and owner == seat):
            out |= _names(pile)
    if discard_shown == "face-up":
        out |= _names(pos.get("discard", []))
    return out
