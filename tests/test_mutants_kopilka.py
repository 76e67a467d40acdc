"""The suite finds the bug: with one rule of mushka-kopilka broken, its scenarios fail.

Each mutant replaces one decision function of the kopilka module (the module's own binding,
so the rest of the model is untouched) and runs the scenarios that name the rule; at least
one of them must fail. The outcome is held by the game's kernel declaration, not called
through the module: it is replaced in the registered game.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core import deals
from reference.core.actions import Pass
from reference.core.cards import ACE_HIGH, Card, RankOrder, Suit
from reference.core.game import Outcome
from reference.core.jsontypes import JSONObject
from reference.core.shuffle import MASK64, shuffle
from reference.core.tricks import trick_winner
from reference.games import MUSHKA_KOPILKA, REGISTRY, kopilka
from reference.games.kopilka import PLAYS, KopilkaState


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "mushka-kopilka").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def leader_always_wins(cards: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    return 0


_base_covered = kopilka.covered_trick


def ace_ignored(cards: tuple[int, ...]) -> tuple[int, bool]:
    return trick_winner(cards, None, ACE_HIGH), False


def ace_never_doubles(cards: tuple[int, ...]) -> tuple[int, bool]:
    i, _ = _base_covered(cards)
    return i, False


def no_double(code: int, values: tuple[int, int, int, int]) -> int:
    return values[code & 3]


def pays_nothing(owed: tuple[int, ...], pot: int, pro_rata: bool) -> tuple[int, ...]:
    return (0,) * len(owed)


def nobody_gains(values: tuple[int, ...]) -> tuple[int, ...]:
    return (0,) * len(values)


def never_blocked(hands: kopilka.Hands, stock_empty: bool) -> bool:
    return False


def never_long(hand: tuple[Card, ...]) -> int:
    return -1


def anything_goes(
    opts: kopilka.KopilkaOptions,
    seat: int,
    hand: tuple[Card, ...],
    table: tuple[Card, ...],
    *,
    bought: int,
    stock_left: bool,
) -> tuple[kopilka.Action, ...]:
    return tuple(PLAYS[seat][c] for c in hand) + (Pass(seat),)


def winner_free(
    opts: kopilka.KopilkaOptions, seat: int, hand: tuple[Card, ...], ban: int
) -> tuple[kopilka.Action, ...]:
    return tuple(PLAYS[seat][c] for c in hand)


def any_dealer(dealer: int) -> None:
    return None


def never_stalled(idle: int, blocked_end: bool) -> bool:
    return False


def trick_suit_always(led: int, taker: Card, by_card: bool) -> int:
    return led


_base_outcome = kopilka.outcome


def nobody_wins(s: KopilkaState) -> Outcome | None:
    o = _base_outcome(s)
    return None if o is None else Outcome((), (), o.reason, o.scores)


def seeds_two_to_four(first: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(shuffle(first, k) for k in (2, 3, 4))


MUTANTS: list[tuple[str, str, object]] = [
    ("mushka-kopilka/trick-winner", "trick_winner", leader_always_wins),
    ("mushka-kopilka/ace-covers", "covered_trick", ace_ignored),
    ("mushka-kopilka/ace-double", "covered_trick", ace_never_doubles),
    ("mushka-kopilka/ace-double", "trick_value", no_double),
    ("mushka-kopilka/settlement", "pot_payouts", pays_nothing),
    ("mushka-kopilka/settlement", "between_players", nobody_gains),
    ("mushka-kopilka/blocked", "blocked", never_blocked),
    ("mushka-kopilka/exchange", "_long_suit", never_long),
    ("mushka-kopilka/follow-suit", "_follow_choices", anything_goes),
    ("mushka-kopilka/no-other-suit", "_follow_choices", anything_goes),
    ("mushka-kopilka/winner-leads-other", "_lead_choices", winner_free),
    ("mushka-kopilka/dealer", "_check_dealer", any_dealer),
    ("mushka-kopilka/stalled", "stalled", never_stalled),
    ("mushka-kopilka/winner-leads-other", "banned_suit", trick_suit_always),
    ("mushka-kopilka/four-deals", "later_decks", seeds_two_to_four),
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
    monkeypatch.setattr(kopilka, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"


def _shifted_shuffle(deck: Sequence[Card], seed: int) -> tuple[Card, ...]:
    return shuffle(deck, (seed + 1) & MASK64)


def test_every_seeded_partie_scenario_pins_the_documented_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shuffle off by one seed fails each scenario that deals from a seed and observes it,
    and a later deal reshuffled with the wrong seed fails each scenario that plays into it."""
    chosen = [
        sc
        for sc in (
            json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((SCENARIOS / "mushka-kopilka").glob("*.json"))
        )
        if "shuffle" in sc["tags"]
    ]
    assert len(chosen) >= 3 and all(not run_in_process(sc) for sc in chosen)
    with monkeypatch.context() as m:
        m.setattr(kopilka, "later_decks", seeds_two_to_four)
        assert all(run_in_process(sc) for sc in chosen)
    seeded = [sc for sc in chosen if "seed" in sc["setup"]["deal"]]
    assert len(seeded) >= 2
    monkeypatch.setattr(deals, "shuffle", _shifted_shuffle)
    assert all(run_in_process(sc) for sc in seeded)


def test_breaking_the_outcome_fails_its_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = scenarios_for("mushka-kopilka/outcome")
    assert chosen, "no scenario names mushka-kopilka/outcome"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    broken = dataclasses.replace(MUSHKA_KOPILKA, outcome=nobody_wins)
    monkeypatch.setattr(REGISTRY[kopilka.GAME_ID], "game", broken)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking the outcome fails none of its {len(chosen)} scenarios"
