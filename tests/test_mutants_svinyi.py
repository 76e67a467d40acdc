"""svinyi: with one rule of the model broken, its scenarios fail (as tests/test_mutants.py)."""

from __future__ import annotations

import json

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import RANK_OF, Card
from reference.core.holdings import Holdings
from reference.core.jsontypes import JSONObject
from reference.games import svinyi
from reference.games.svinyi import SvinyiState


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "svinyi").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def store_ascending(c: Card, top: Card) -> bool:
    return RANK_OF[c] == RANK_OF[top] + 1


def any_on_ace(c: Card, top: Card) -> bool:
    return RANK_OF[top] == 14 or RANK_OF[c] == RANK_OF[top] - 1


def pig_any_rank(c: Card, pig: tuple[Card, ...], follow: bool) -> bool:
    return bool(pig)


def pig_never(c: Card, pig: tuple[Card, ...], follow: bool) -> bool:
    return False


def never_sheds(store: tuple[Card, ...]) -> bool:
    return False


def always_wins(turn_no: int, players: int, first_turn_win: bool) -> bool:
    return True


def onto_own_store(s: SvinyiState, seat: int) -> tuple[Holdings, Holdings]:
    """The unplaced card put onto his own store whatever the option says."""
    if s.hand < 0:
        return s.held, s.stores
    return s.held, s.stores[:seat] + (s.stores[seat] + (s.hand,),) + s.stores[seat + 1 :]


def never_draws_again(rule: str, laid_drawn: bool, over: bool, stock: int) -> bool:
    return False


MUTANTS: list[tuple[str, str, object]] = [
    ("svinyi/store-descending", "fits_store", store_ascending),
    ("svinyi/king-on-ace", "fits_store", any_on_ace),
    ("svinyi/pig-ascending", "fits_pig", pig_any_rank),
    ("svinyi/pig-first", "fits_pig", pig_never),
    ("svinyi/shed-wins", "sheds", never_sheds),
    ("svinyi/shed-wins", "win_allowed", always_wins),
    ("svinyi/unplaced", "_put_by", onto_own_store),
    ("svinyi/turns", "draws_again", never_draws_again),
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
    monkeypatch.setattr(svinyi, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
