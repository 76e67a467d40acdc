"""The suite finds the bug in the мушки: with one rule of the model broken, its scenarios fail.

Each mutant replaces one decision function of the mushka module (the module's own binding, so
the rest of the model is untouched) and runs the scenarios that name the rule; at least one of
them must fail.
"""

from __future__ import annotations

import json

import pytest

from conformance.engine import run_in_process
from conformance.trace import SCENARIOS
from reference.core.actions import Take
from reference.core.jsontypes import JSONObject
from reference.games import mushka
from reference.games.mushka import MushkaState


def scenarios_for(game: str, rule: str) -> list[JSONObject]:
    out = []
    for path in sorted((SCENARIOS / game).glob("*.json")):
        sc: JSONObject = json.loads(path.read_text(encoding="utf-8"))
        rules = sc["rules"]
        if isinstance(rules, list) and rule in rules:
            out.append(sc)
    return out


Cards = tuple[int, ...]
Options = mushka.MushkaOptions


def any_card(
    v: mushka.Variant, o: Options, t: int, table: Cards, hand: Cards, *, must_beat: bool
) -> Cards:
    return hand


def follow_only(
    v: mushka.Variant, o: Options, t: int, table: Cards, hand: Cards, *, must_beat: bool
) -> Cards:
    return ORIGINAL_FOLLOW(v, o, t, table, hand, must_beat=False)


ORIGINAL_FOLLOW = mushka.follow_choices


def leader_wins(s: MushkaState, table: tuple[int, ...]) -> int:
    return 0


def plain_points(tricks: int, holds_top: bool, top_is_trump: bool) -> int:
    return tricks


def always_five(tricks: int, top_beaten_here: bool, shielded: bool) -> int:
    return 0 if tricks else 5


def first_shown(hand: tuple[int, ...], kind: int) -> int:
    return 1


def never_flush(hand: tuple[int, ...], kind: int) -> int:
    return -1


def may_pass(s: MushkaState, seat: int) -> bool:
    return False


def dealer_may_pass(s: MushkaState, seat: int) -> bool:
    return False


def stock_only(s: MushkaState) -> tuple[int, ...]:
    """stock_short=discards ignored: only the stock is drawn from (AMB-MUSHKA-07/b broken)."""
    return s.stock


def nobody_wins(a: tuple[int, ...], b: tuple[int, ...], thirty: str) -> tuple[int, ...]:
    return ()


ORIGINAL_WINNERS = mushka._winners


def thirty_or_more(a: tuple[int, ...], b: tuple[int, ...], thirty: str) -> tuple[int, ...]:
    """thirty=exactly ignored: past 30 wins as well (AMB-MUSHKA-12/b broken)."""
    return ORIGINAL_WINNERS(a, b, "or-more")


def plain_keys_winner(s: MushkaState, table: tuple[int, ...]) -> int:
    """The highest card of the suit led or the highest trump, the мушка card ordinary."""
    led, trump = table[0] // 13, s.trump

    def key(c: int) -> int:
        if c // 13 == trump:
            return 200 + c % 13
        return 100 + c % 13 if c // 13 == led else 0

    return max(range(len(table)), key=lambda i: key(table[i]))


def no_payment(
    chips: tuple[int, ...], payee: int, fee: int, payers: tuple[int, ...] | None = None
) -> tuple[int, ...]:
    return chips


def no_points(hand: tuple[int, ...], kind: int) -> int:
    return 0


def never_four(hand: tuple[int, ...]) -> bool:
    return False


def natural_flush(hand: tuple[int, ...], kind: int) -> int:
    s = hand[0] // 13
    return s if all(c // 13 == s for c in hand) else -1


def neighbour_column(s: MushkaState, best: int, playing: tuple[int, ...]) -> MushkaState:
    """The flush credit read from the next seat's column A."""
    n = s.players
    a = list(s.sheet_a)
    a[best] = s.sheet_a[(best + 1) % n] + 5
    b = [x + (5 if p in playing and p != best else 0) for p, x in enumerate(s.sheet_b)]
    return s._replace(sheet_a=tuple(a), sheet_b=tuple(b))


def lead_anything(hand: tuple[int, ...], trump: int, kind: int, rule: int) -> tuple[int, ...]:
    return hand


def announce_always_paid(s: MushkaState, a: object) -> MushkaState:
    s = s._replace(chips=mushka._collect(s.chips, s.turn, s.opts.pamfil_fee))
    return s._replace(phase=mushka.PLAY, turn=mushka._playing(s)[0])


ORIGINAL_GATHER = mushka._gather


def gather_no_forfeit(s: MushkaState, a: object) -> MushkaState:
    """A trick claimed by a player not its winner costs him nothing."""
    if isinstance(a, Take):
        return mushka._credit(s, s.table, s.table_seats, s.hands, s.revokes)
    return ORIGINAL_GATHER(s, a)  # type: ignore[arg-type]


#: Every мушка card trumped only when led (top_trumped ignored).
WHEN_LED_ONLY = (mushka.KEYS[1],) * len(mushka.KEYS)
#: The jack counted at face value in the point table.
JACK_ELEVEN = mushka.POINTS[:11] + (11,) + mushka.POINTS[12:]

GAMES = ("mushka", "mushka-mistigri", "mushka-pamfil", "mushka-shutikha")

MUTANTS: list[tuple[str, str, str, object]] = [
    ("mushka", "mushka/follow-suit", "follow_choices", any_card),
    ("mushka", "mushka/must-trump", "follow_choices", any_card),
    ("mushka", "mushka/must-beat", "follow_choices", follow_only),
    ("mushka", "mushka/trick-winner", "_winner_index", leader_wins),
    ("mushka", "mushka/top-card", "_winner_index", plain_keys_winner),
    ("mushka", "mushka/top-holder-points", "trick_points", plain_points),
    ("mushka", "mushka/no-trick-remise", "remise_amount", always_five),
    ("mushka", "mushka/flush-precedence", "flush_key", first_shown),
    ("mushka", "mushka/flush-shown", "flush_suit", never_flush),
    ("mushka", "mushka/top-may-not-pass", "_must_play", may_pass),
    ("mushka", "mushka/win-at-30", "_winners", nobody_wins),
    ("mushka-mistigri", "mushka-mistigri/rank-order", "_winner_index", plain_keys_winner),
    ("mushka-mistigri", "mushka-mistigri/king-of-clubs", "_winner_index", plain_keys_winner),
    ("mushka-mistigri", "mushka-mistigri/flush-paid", "_collect", no_payment),
    ("mushka-mistigri", "mushka-mistigri/flush-points", "flush_points", no_points),
    ("mushka-mistigri", "mushka-mistigri/four-and-king", "four_and_top", never_four),
    ("mushka-mistigri", "mushka-mistigri/top-may-not-pass", "_must_play", may_pass),
    ("mushka-pamfil", "mushka-pamfil/pamfil-top-trump", "follow_choices", any_card),
    ("mushka-pamfil", "mushka-pamfil/pamfil-paid", "_collect", no_payment),
    ("mushka-pamfil", "mushka-pamfil/four-and-pamfil", "flush_suit", natural_flush),
    ("mushka-shutikha", "mushka-shutikha/queen-of-spades", "_winner_index", plain_keys_winner),
    ("mushka-shutikha", "mushka-shutikha/flush-points", "flush_points", no_points),
    ("mushka-shutikha", "mushka-shutikha/top-may-not-pass", "_must_play", may_pass),
    ("mushka", "mushka/top-trumped", "KEYS", WHEN_LED_ONLY),
    ("mushka-mistigri", "mushka-mistigri/king-of-clubs", "KEYS", WHEN_LED_ONLY),
    ("mushka", "mushka/king-lead", "lead_choices", lead_anything),
    ("mushka-mistigri", "mushka-mistigri/king-lead", "lead_choices", lead_anything),
    ("mushka-pamfil", "mushka-pamfil/king-lead", "lead_choices", lead_anything),
    ("mushka-shutikha", "mushka-shutikha/king-lead", "lead_choices", lead_anything),
    ("mushka-pamfil", "mushka-pamfil/pamfil-paid", "_announce", announce_always_paid),
    ("mushka-shutikha", "mushka-shutikha/must-beat", "follow_choices", follow_only),
    ("mushka-mistigri", "mushka-mistigri/flush-points", "POINTS", JACK_ELEVEN),
    ("mushka", "mushka/flush-shown", "_flush_written", neighbour_column),
    ("mushka-pamfil", "mushka-pamfil/flush-shown", "_flush_written", neighbour_column),
    ("mushka-shutikha", "mushka-shutikha/flush-shown", "_flush_written", neighbour_column),
    *[(g, f"{g}/revoke-remise", "follow_choices", any_card) for g in GAMES],
    *[(g, f"{g}/claim-trick", "_gather", gather_no_forfeit) for g in GAMES],
    *[(g, f"{g}/win-at-30", "_winners", thirty_or_more) for g in GAMES],
    *[(g, f"{g}/all-pass", "_dealer_must_play", dealer_may_pass) for g in GAMES],
    *[(g, f"{g}/stock-limit", "_drawable", stock_only) for g in GAMES],
]


@pytest.mark.parametrize(
    ("game", "rule", "name", "mutant"), MUTANTS, ids=[f"{m[1]}:{m[2]}" for m in MUTANTS]
)
def test_breaking_a_rule_fails_its_scenarios(
    monkeypatch: pytest.MonkeyPatch, game: str, rule: str, name: str, mutant: object
) -> None:
    chosen = scenarios_for(game, rule)
    assert chosen, f"no scenario names {rule}"
    assert all(not run_in_process(sc) for sc in chosen), "the unbroken model passes"
    monkeypatch.setattr(mushka, name, mutant)
    failing = [sc["id"] for sc in chosen if run_in_process(sc)]
    assert failing, f"breaking {rule} ({name}) fails none of its {len(chosen)} scenarios"
