"""mushka-lenturlu: with one rule of the model broken, its scenarios fail.

Each mutant replaces one decision function (or table, or helper) of the lenturlu module,
the module's own binding, and runs the scenarios that name the rule.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core import deals
from reference.core.ace_low import LOW_RANK
from reference.core.cards import RANK_OF, SUIT_OF, Card
from reference.core.jsontypes import JSONObject
from reference.core.seats import Seat
from reference.core.shuffle import MASK64, shuffle
from reference.games import lenturlu
from reference.games.lenturlu import LenturluState


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "mushka-lenturlu").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def ace_high_follows(last: Card, c: Card, any_suit: bool) -> bool:
    r = RANK_OF[c]
    return r == RANK_OF[last] + 1 and (any_suit or SUIT_OF[c] == SUIT_OF[last])


def suit_free_follows(last: Card, c: Card, any_suit: bool) -> bool:
    return bool(LOW_RANK[c] == LOW_RANK[last] + 1)


def any_lead(hand: Sequence[Card], kings_barred: bool) -> tuple[Card, ...]:
    return tuple(hand)


def never_stuck(last: Card, laid: int, any_suit: bool) -> bool:
    return RANK_OF[last] == 13


def no_restore(n: int, excluded: Seat, name: str, amount: int) -> list[tuple[str, str, int]]:
    return []


def flat_points(c: Card, ace_spades: int) -> int:
    return min(LOW_RANK[c], 10)


def ace_eleven(c: Card, ace_spades: int) -> int:
    return 11 if RANK_OF[c] == 14 else min(RANK_OF[c], 10)


def always_fixed(hand: Sequence[Card], points: bool, fixed: int, ace_spades: int) -> int:
    return fixed


def even_split(total: int, remainder_to_seven: bool) -> tuple[int, ...]:
    return (total // 5,) * 4 + (total - 4 * (total // 5),)


def twelve_always(players: int, three_deal: str) -> int:
    return 12 if players <= 4 else 52 // players - 1


def no_pass_round(s: LenturluState, seat: Seat) -> LenturluState:
    return s._replace(turn=(seat + 1) % s.players, passes=0, bought=0)


def stay_on_pass(s: LenturluState, seat: Seat) -> LenturluState:
    return s._replace(bought=0)


def _fails(sc: JSONObject) -> bool:
    """Whether a scenario fails: a mismatch, or the model breaking down on it."""
    try:
        return bool(run_in_process(sc))
    except (KeyError, ValueError, IndexError):
        return True


def nothing_continues(s: LenturluState, hand: tuple[Card, ...]) -> bool:
    return False


def any_dealer(n: int, dealer: Seat) -> None:
    return None


def never_stalled(passes: int, players: int, last_leads: bool, must_buy: bool) -> bool:
    return False


def layer_never_stops(s: LenturluState, seat: Seat) -> bool:
    return False


MUTANTS: list[tuple[str, str, object]] = [
    ("mushka-lenturlu/play-on", "_can_continue", nothing_continues),
    ("mushka-lenturlu/pass", "_pass", stay_on_pass),
    ("mushka-lenturlu/ace-low", "follows", ace_high_follows),
    ("mushka-lenturlu/sequence", "follows", suit_free_follows),
    ("mushka-lenturlu/first-lead", "lead_choices", any_lead),
    ("mushka-lenturlu/sequence-stops", "is_stuck", never_stuck),
    ("mushka-lenturlu/layout-restore", "_restore", no_restore),
    ("mushka-lenturlu/layout-take", "LAYOUT_INDEX", (-1,) * 52),
    ("mushka-lenturlu/points", "card_points", ace_eleven),
    ("mushka-lenturlu/layout-double", "card_points", flat_points),
    ("mushka-lenturlu/payment", "payment_due", always_fixed),
    ("mushka-lenturlu/layout-split", "layout_amounts", even_split),
    ("mushka-lenturlu/deal", "hand_size", twelve_always),
    ("mushka-lenturlu/all-pass", "_pass", no_pass_round),
    ("mushka-lenturlu/next-continues", "_pass", stay_on_pass),
    ("mushka-lenturlu/buy", "MAX_BUYS", 3),
    ("mushka-lenturlu/players", "MAX_PLAYERS", 8),
    ("mushka-lenturlu/king-takes-trick", "KING", 99),
    ("mushka-lenturlu/dealer", "_check_dealer", any_dealer),
    ("mushka-lenturlu/stalled-round", "stalled", never_stalled),
    ("mushka-lenturlu/buy", "_layer_stops", layer_never_stops),
]


@pytest.mark.parametrize(("rule", "name", "mutant"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(lenturlu, name, mutant)
    failing = [sc["id"] for sc in chosen if _fails(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"


def _shifted_shuffle(deck: Sequence[Card], seed: int) -> tuple[Card, ...]:
    return shuffle(deck, (seed + 1) & MASK64)


def test_every_seeded_deal_scenario_pins_the_documented_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shuffle off by one seed fails each scenario that deals from a seed and observes it."""
    chosen = [
        sc
        for sc in (
            json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((SCENARIOS / "mushka-lenturlu").glob("*.json"))
        )
        if "shuffle" in sc["tags"]
    ]
    assert len(chosen) >= 2 and all(not run_in_process(sc) for sc in chosen)
    monkeypatch.setattr(deals, "shuffle", _shifted_shuffle)
    assert all(_fails(sc) for sc in chosen)
