"""What a seat may see in Мушка Лентюрлю (001:P47-P77), stated from the position.

- its own hand (001:P58-P63): a card bought from the prikup joins it, seen by the buyer alone;
  the prikup lies face down (AMB-MUSHKALENTURLU-18);
- the cards laid on the table in sequence, face up (001:P67, 001:P70);
- under way=first-out, the tricks taken with a king, left face up (001:P73.S2;
  AMB-MUSHKALENTURLU-19: not under taken_tricks=face-down);
- at the end, the hands of the losers who pay by the points left in them, laid open for the
  counting (001:P71.S2, 001:P76; AMB-MUSHKALENTURLU-20: not under hands_at_end=kept, nor when
  the payment is fixed or, under way=first-out, none).

A bystander sees the same but no hand of his own.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    options = pos.get("options") or {}
    assert isinstance(options, dict)
    hands = pos["hands"]
    assert isinstance(hands, list)
    out = _names(pos.get("table", []))
    if seat is not None:
        out |= _names(hands[seat])
    if options.get("taken_tricks", "face-up") == "face-up":
        piles = pos.get("piles") or []
        assert isinstance(piles, list)
        for pile in piles:
            out |= _names(pile)
    first_out = options.get("way", "king") == "first-out"
    by_points = options.get("payment", "points") == "points" and not (
        first_out and options.get("first_out_pay", "as-first-way") == "none"
    )
    if pos["phase"] == "over" and by_points and options.get("hands_at_end", "shown") == "shown":
        for p, hand in enumerate(hands):
            if p != pos["winner"]:
                out |= _names(hand)
    return out
