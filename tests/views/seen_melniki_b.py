"""What a seat sees in melniki-b (text 002), from the position alone.

- its own hand (002:P6.S3: dealt to it; in stage 2 its tricks' cards taken up and the cards it
  took), never another's;
- the cards on the table: the trick in progress, the card led in stage 2 (played face up);
- the turned trump card, wherever it lies (002:P6.S4: «Козырь открывается»; AMB-MELNIKIB-15:
  its name stays known once drawn);
- the stage-1 tricks only as tricks_shown allows (AMB-MELNIKIB-13: face-down, nobody; own, its
  taker; face-up, everyone);
- the stage-2 discard only under discard_shown=face-up (AMB-MELNIKIB-14);
- never the stock (face down) but for the trump card under it.
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
