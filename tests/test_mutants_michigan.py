"""michigan: with one rule of the model broken, its scenarios fail.

Each mutant replaces one decision function of the michigan module,
the module's own binding, and runs the scenarios that name the rule.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import RANK_OF, Card
from reference.core.errors import SetupError
from reference.core.jsontypes import JSONObject
from reference.games import michigan


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "michigan").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def never_stops_but_at_the_ace(last: Card, gone: Sequence[Card]) -> bool:
    return RANK_OF[last] == 14


def nobody_pays(counts: Sequence[int], chips: Sequence[int], winner: int) -> tuple[int, ...]:
    return (0,) * len(counts)


def any_card_leads(hand: Sequence[Card], prev_suit: int, may_repeat: bool) -> tuple[Card, ...]:
    return tuple(hand)


def any_suit_leads(hand: Sequence[Card], prev_suit: int, may_repeat: bool) -> tuple[Card, ...]:
    lows: dict[int, Card] = {}
    for c in sorted(hand):
        lows.setdefault(c // 13, c)
    return tuple(lows.values())


def always_four(chips: int) -> int:
    return 4


def no_twin(c: Card) -> int | None:
    return None


MUTANTS: list[tuple[str, str, object]] = [
    ("michigan/run-stops", "run_stops", never_stops_but_at_the_ace),
    ("michigan/first-out-wins", "settlement", nobody_pays),
    ("michigan/first-lead", "lead_choices", any_card_leads),
    ("michigan/new-run", "lead_choices", any_suit_leads),
    ("michigan/new-run-passes", "lead_choices", any_suit_leads),
    ("michigan/stake-four", "stake_due", always_four),
    ("michigan/boodle-win", "boodle_twin", no_twin),
]


@pytest.mark.parametrize(("rule", "name", "mutant"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(michigan, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"


def spades_unrestricted(hand: Sequence[Card], prev_suit: int, may_repeat: bool) -> tuple[Card, ...]:
    """A falsy test of the suit just ended: a spade run (suit 0) restricts nothing."""
    return ORIGINAL_LEAD_CHOICES(hand, prev_suit if prev_suit else -1, may_repeat)


def all_in_refused(amount: int, high: int, chips: int) -> bool:
    return high < amount < chips


def seven_at_most(n: int, opts: michigan.MichiganOptions) -> None:
    if not 2 <= n <= 7:
        raise SetupError("seven at most", "michigan/players")


def passes_never_stop(s: michigan.MichiganState, seat: int) -> michigan.MichiganState:
    """A pass only moves the turn: a run held back or stopped waits for ever."""
    return s._replace(turn=michigan._next_active(s, seat), passes=s.passes + 1)


def never_short(chips: int, sit_out: bool) -> bool:
    """short_stake=sit-out ignored: a player short of four stakes all he has."""
    return False


def short_always_out(chips: int, sit_out: bool) -> bool:
    """short_stake=all-he-has ignored: a player short of four always sits out."""
    return 0 < chips < 4


def ungifted_plays(chips: int) -> bool:
    """The check after the gifts deleted: a player nobody could give a chip is dealt in."""
    return False


ORIGINAL_LEAD_CHOICES = michigan.lead_choices

#: (rule, name in the module, mutant, a scenario that must catch it)
CAUGHT_BY: list[tuple[str, str, object, str]] = [
    ("michigan/new-run", "lead_choices", spades_unrestricted, "michigan-035"),
    ("michigan/auction", "bid_allowed", all_in_refused, "michigan-037"),
    ("michigan/players", "_check_players", seven_at_most, "michigan-039"),
    ("michigan/run-stops", "_after_pass", passes_never_stop, "michigan-053"),
    ("michigan/run-stops", "_after_pass", passes_never_stop, "michigan-054"),
    ("michigan/run-stops", "_after_pass", passes_never_stop, "michigan-055"),
    ("michigan/stake-four", "sits_out_short", never_short, "michigan-051"),
    ("michigan/stake-four", "sits_out_short", never_short, "michigan-052"),
    ("michigan/out-of-chips", "sits_out_short", short_always_out, "michigan-050"),
    ("michigan/stake-four", "sits_out_short", short_always_out, "michigan-048"),
    ("michigan/out-of-chips", "sits_out_ungifted", ungifted_plays, "michigan-088"),
]


@pytest.mark.parametrize(
    ("rule", "name", "mutant", "catcher"),
    CAUGHT_BY,
    ids=[f"{m[1]}-{m[2].__name__}-{m[3]}" for m in CAUGHT_BY],  # type: ignore[attr-defined]
)
def test_each_new_mutant_is_caught_by_its_scenario(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object, catcher: str
) -> None:
    sc = next(s for s in scenarios_for(rule) if s["id"] == catcher)
    assert not run_in_process(sc), "the unbroken model passes"
    monkeypatch.setattr(michigan, name, mutant)
    assert run_in_process(sc), f"{catcher} does not catch {name} broken"
