"""lotereya: with one rule of the model broken, its scenarios fail."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import Card
from reference.core.jsontypes import JSONObject
from reference.games import lotereya


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "lotereya").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def nothing_matches(four: Sequence[Card], hand: Sequence[Card]) -> tuple[int, ...]:
    return ()


def any_spread(remaining: int, cards_left: int) -> tuple[int, int]:
    return 0, remaining


def any_card_beats(led: Card, c: Card) -> bool:
    return True


def nobody_beats(
    led: Sequence[Card], hand: Sequence[Card], by_rank: bool
) -> tuple[tuple[Card, ...], ...]:
    return ()


def no_fines(
    held: Sequence[int], lost: Sequence[int], fine: int, chips: Sequence[int]
) -> tuple[int, ...]:
    return (0,) * len(held)


MUTANTS: list[tuple[str, str, object]] = [
    ("lotereya/match-wins", "matches", nothing_matches),
    ("lotereya/spread", "spread_range", any_spread),
    ("lotereya/must-beat", "beats", any_card_beats),
    ("lotereya/must-beat", "beatings", nobody_beats),
    ("lotereya/fines", "fines", no_fines),
]


@pytest.mark.parametrize(
    ("rule", "name", "mutant"), MUTANTS, ids=[f"{m[0]}:{m[1]}" for m in MUTANTS]
)
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(lotereya, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
