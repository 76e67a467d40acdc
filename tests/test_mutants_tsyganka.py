"""tsyganka: with one rule of the model broken, its scenarios fail (as tests/test_mutants.py)."""

from __future__ import annotations

import json

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.cards import Card
from reference.core.jsontypes import JSONObject
from reference.games import tsyganka


def scenarios_for(rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / "tsyganka").glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


def never_kept(c: Card, trump: int) -> bool:
    return False


def draw_never_covers(lead: Card, drawn: Card) -> bool:
    return False


def anything_beats(up: Card, c: Card, trump: int) -> bool:
    return True


def follower_always(leader: int, follower: int, winner: int, rule: str) -> int:
    return follower


def wraps_round(position: int, size: int) -> int | None:
    return position % size if size else None


def always_stuck(cards: tuple[Card, ...], trump: int) -> bool:
    return True


def dealer_offers(rule: str, dealer: int, players: int, last_winner: int) -> int:
    return dealer


def always_redraws(rule: str) -> bool:
    return True


def laid_in_only_when_last(rule: str, gypsy_rule: str, last_rule: str) -> bool:
    return rule == "last" and last_rule == "spades-stay"


def never_void(rule: str, gypsy_rule: str, trump_card: Card) -> bool:
    return False


def drawn_only_when_last(rule: str, gypsy_rule: str, trump_card: Card) -> bool:
    return rule == "last"


MUTANTS: list[tuple[str, str, object]] = [
    ("tsyganka/draw-again", "keeps", never_kept),
    ("tsyganka/cover-draw", "draw_covers", draw_never_covers),
    ("tsyganka/cover-or-accept", "beats", anything_beats),
    ("tsyganka/gypsy", "beats", anything_beats),
    # the follower's trump drawn again over under follower_trump=bank-only
    ("tsyganka/draw-again", "follower_redraws", always_redraws),
    ("tsyganka/next-lead", "next_leader", follower_always),
    # the stuck ending applied whenever four or fewer cards are left
    ("tsyganka/gypsy-loses", "stuck", always_stuck),
    # stage 2 over as soon as two players hold cards
    ("tsyganka/gypsy-loses", "LAST_HOLDERS", 2),
    ("tsyganka/stage-two", "first_offerer", dealer_offers),
    # the gypsy turned for trump out of play: the deal played, not void
    ("tsyganka/void-deal", "void_deal", never_void),
    # the gypsy turned for trump never drawn under gypsy_turned=in-play
    ("tsyganka/void-deal", "middle_drawn", drawn_only_when_last),
    # the gypsy turned for trump under out-of-play left in the middle under
    # gypsy_turned=spades-stay (a position with her in the circle stays loadable)
    ("tsyganka/circle", "laid_in_circle", laid_in_only_when_last),
    # a draw past the cards offered (or the circle) wraps round instead of being refused
    ("core/wrong-action", "drawn_at", wraps_round),
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
    monkeypatch.setattr(tsyganka, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
