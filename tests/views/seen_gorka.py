"""What a seat may see at a Горка position (003), stated from the text and its rulings.

- every card lying face up, seen by all: the last two dealt to a player (003:P10.S1), the one
  he turned of his first two and the third dealt him (003:P11.S1), the dealer's two shown
  (003:P16.S1); a passed player's stay known (003:P15.S1, AMB-GORKA-10);
- a player's own hand, all of it: the dark cards of the dealer and of a blind player are dark
  to the others only (003:P27.S1 «рассмотрев свои карты», AMB-GORKA-08); under
  blind_hand=unseen a blind player sees none of his own until the deal is over (AMB-GORKA-08 b);
- the dealer's two laid aside, by the dealer alone (003:P16.S1); under dealer_aside=out they
  are the last two of the stock once he has shown;
- once the deal is over, the hands turned up: at a showdown (or a peace under peace=showdown,
  AMB-GORKA-07 c) the hands still in, or (option shown_at_end=still-in) every hand still in
  however the pot went; never a passed player's (AMB-GORKA-09).

Nothing else: the stock, the others' face-down cards.
"""

from __future__ import annotations

from reference.core.jsontypes import JSON, JSONObject


def _names(value: JSON) -> set[str]:
    assert isinstance(value, list)
    return {c for c in value if isinstance(c, str)}


def _lists(value: JSON) -> list[set[str]]:
    assert isinstance(value, list)
    return [_names(v) for v in value]


def seen(pos: JSONObject, seat: int | None) -> set[str]:
    hands, up = _lists(pos["hands"]), _lists(pos["up"])
    options = pos["options"]
    assert isinstance(options, dict)
    out: set[str] = set().union(*up)
    if seat is not None:
        blind = pos["blind"]
        assert isinstance(blind, list)
        unseen = options.get("blind_hand") == "unseen" and seat in blind
        if not unseen or pos["phase"] == "over":  # AMB-GORKA-08 b: a blind player unseen
            out |= hands[seat]
        stock = pos["stock"]
        assert isinstance(stock, list)
        shown_two = pos["phase"] in ("bet", "over")
        if seat == pos["dealer"] and options.get("dealer_aside") == "out" and shown_two:
            out |= _names(stock[-2:])
    # a peace under peace=showdown compares the hands, as a showdown does (AMB-GORKA-07 c)
    compared = pos["how"] == "showdown" or (
        pos["how"] == "peace" and options.get("peace") == "showdown"
    )
    if pos["phase"] == "over" and (compared or options.get("shown_at_end") == "still-in"):
        passed = pos["passed"]
        assert isinstance(passed, list)
        for p, hand in enumerate(hands):
            if p not in passed:
                out |= hand
    return out
