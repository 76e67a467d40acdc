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


def all_equal(hand: tuple[Card, ...], wild: int) -> tuple[int, int]:
    return (1, 0)


def no_wilds(c: Card, wild: int) -> bool:
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


def needs_a_combination(
    key: tuple[int, int], raises: int, limit: int, chips: int, amount: int, *, any_hand: bool
) -> bool:
    """go_up=any ignored: a combination is always needed."""
    return raises < limit and chips >= amount and gorka.is_combination(key)


def neighbours_hand(s: gorka.GorkaState, seat: int) -> tuple[int, int]:
    """The showdown reads the hand of the seat on the player's left."""
    key = s.keys[(seat + 1) % s.players]
    assert key is not None
    return key


def right_neighbours_hand(s: gorka.GorkaState, seat: int) -> tuple[int, int]:
    key = s.keys[(seat - 1) % s.players]
    assert key is not None
    return key


def first_best_only(keys: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return (keys.index(max(keys)),)


def always_plus_one(first: int, before: int, double: bool) -> int:
    return first + before


def never_more(first: int, before: int, double: bool) -> int:
    return first


def queens_only(c: Card, wild: int) -> bool:
    return bool(wild) and c % 13 == 10


def only_at_the_limit(s: gorka.GorkaState) -> bool:
    return s.raises >= s.opts.limit


def aside_always_kept(
    hand: tuple[Card, ...], shown: tuple[Card, Card], aside_out: bool
) -> tuple[Card, ...]:
    """dealer_aside=out ignored: the two laid aside stay his."""
    return hand


def aside_always_out(
    hand: tuple[Card, ...], shown: tuple[Card, Card], aside_out: bool
) -> tuple[Card, ...]:
    """dealer_aside=kept ignored: the dealer plays on the two he showed."""
    return tuple(sorted(shown))


def no_joining(opts: gorka.GorkaOptions, put: tuple[int, ...], blind: tuple[int, ...]) -> int:
    """dark_join=same ignored: nobody joins a blind at its stake."""
    return 0


def may_always_pass(s: gorka.GorkaState, seat: int) -> bool:
    """pass_with=no-combination ignored."""
    return False


def by_the_table_reading(s: gorka.GorkaState, seat: int) -> bool:
    """blind_up=any and blind_hand=unseen ignored: only go_up=any lets any hand go up."""
    return s.opts.any_hand


def looks_always(s: gorka.GorkaState, seat: int) -> bool:
    """blind_hand=unseen ignored: every player looks at his cards."""
    return False


def chosen_pair(opts: gorka.GorkaOptions, hand: tuple[Card, ...]) -> tuple[Card, Card] | None:
    """dealer_shows ignored: the dealer always chooses."""
    return None


#: (rule, name in the module, mutant, a scenario that must catch it)
CAUGHT_BY: list[tuple[str, str, object, str]] = [
    ("gorka/go-up", "may_go_up", needs_a_combination, "gorka-014"),
    ("gorka/ranking", "_betting_key", neighbours_hand, "gorka-015"),
    ("gorka/ranking", "_betting_key", neighbours_hand, "gorka-016"),
    ("gorka/ranking", "_betting_key", right_neighbours_hand, "gorka-015"),
    ("gorka/ranking", "_betting_key", right_neighbours_hand, "gorka-016"),
    ("gorka/last-two", "showdown_winners", first_best_only, "gorka-017"),
    ("gorka/blind", "blind_cost", always_plus_one, "gorka-020"),
    ("gorka/blind", "blind_cost", never_more, "gorka-004"),
    ("gorka/last-two", "_may_show", only_at_the_limit, "gorka-018"),
    ("gorka/wild-cards", "is_wild", queens_only, "gorka-037"),
    ("gorka/dealer-shows-two", "dealer_keeps", aside_always_kept, "gorka-036"),
    ("gorka/dealer-shows-two", "dealer_keeps", aside_always_out, "gorka-007"),
    ("gorka/blind", "_join_stake", no_joining, "gorka-091"),
    ("gorka/go-up", "_must_go_up", may_always_pass, "gorka-092"),
    ("gorka/go-up", "_any_hand", by_the_table_reading, "gorka-093"),
    ("gorka/go-up", "_any_hand", by_the_table_reading, "gorka-098"),
    ("gorka/seen", "_unseen", looks_always, "gorka-098"),
    ("gorka/dealer-shows-two", "_set_pair", chosen_pair, "gorka-096"),
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
    monkeypatch.setattr(gorka, name, mutant)
    assert run_in_process(sc), f"{catcher} does not catch {name} broken"
