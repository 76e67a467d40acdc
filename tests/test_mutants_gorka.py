"""gorka: with one rule of the model broken, its scenarios fail."""

from __future__ import annotations

import json

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import Card
from reference.core.jsontypes import JSONObject
from reference.games import gorka


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "gorka").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def all_equal(hand: tuple[Card, ...], wild: bool) -> tuple[int, int]:
    return (1, 0)


def no_wilds(c: Card, wild: bool) -> bool:
    return False


def always_combination(key: tuple[int, int]) -> bool:
    return True


def winner_takes_all(pot: int, winners: int) -> tuple[int, ...]:
    return (pot,) + (0,) * (winners - 1) if winners > 1 else (pot,)


MUTANTS: list[tuple[str, str, object]] = [
    ("gorka/ranking", "hand_key", all_equal),
    ("gorka/wild-cards", "is_wild", no_wilds),
    ("gorka/go-up", "is_combination", always_combination),
    ("gorka/last-two", "shares", winner_takes_all),
]


@pytest.mark.parametrize(("rule", "name", "mutant"), MUTANTS, ids=[m[0] for m in MUTANTS])
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(gorka, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
