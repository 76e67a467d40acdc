"""Liveness: every game ends, under every reading of the register; and under its defaults most
games end with a loser, where the text names one.

For each game and each combination of its options with readings (every option with a closed set
of values; the agreed amounts, integer ranges such as stakes and fees, stay at their defaults:
they change what is paid, not whose turn it is), random legal play from :data:`SEEDS` deal seeds
and every seat count the game allows under that combination (a setup the game refuses, e.g.
three players of melniki-b without ``three_players``, is not a seat count it allows) must reach
the end of the game within :data:`BOUND` decisions (a decision is one ``apply`` of a legal
action).

Where a game's options have at most :data:`ALL_COMBINATIONS` combinations all are played (today
every game but mushka, mushka-kopilka and mushka-lenturlu, with nine or ten two-valued options:
512, 1024 and 1024 combinations); beyond it the defaults, every combination that changes one
option, and a fixed sample drawn with ``random.Random(0)`` up to :data:`ALL_COMBINATIONS`
(:func:`conformance.readings.choose`, as the readings explorer samples). With eight deal
seeds that is about 40,000 games, some 20 seconds of one core here (30 seconds of wall time
while the machine was busy), well under the two-minute budget of a busy 2-core CI machine, while
every game with at most eight two-valued options is played exhaustively.

:data:`BOUND` is 20,000 decisions. One deal of these games is a few hundred decisions of
random play; the longest are melniki-a's with the 52-card pack where an accepted card goes to
the hand (``pack=52, accepted_card=hand``): a median of about 1,250 and at most 3,677 over 180
random games of five to ten players. A game still going after more than five times that is
going round in circles, not playing out. A failure lists each
game, options, seat count, dealer and deal seed that did not end, and whether a position came
back (a cycle) in the decisions after the bound.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from conformance import readings
from reference import games
from reference.core.errors import SetupError
from reference.core.game import AnyGame, DeckOrder, Table
from reference.core.options import OptionValue
from reference.core.shuffle import shuffle

#: Decisions a game may take before it counts as not ending.
BOUND = 20_000
#: Deal seeds played for each combination and seat count.
SEEDS = tuple(range(8))
#: The most option combinations played for one game (all of them up to this many).
ALL_COMBINATIONS = 256
#: Decisions watched past the bound for a repeated position (evidence of a cycle).
WATCH = 2_000


def spec_is(a: OptionValue, b: OptionValue) -> bool:
    """Whether two option values are the same value (``True`` is not ``1``)."""
    return type(a) is type(b) and a == b


def combinations(game: AnyGame) -> tuple[list[dict[str, OptionValue]], int]:
    """The option combinations played for a game, and how many there are in all."""
    axes = [
        readings.Axis(
            name,
            (spec.default, *(v for v in spec.values if not spec_is(v, spec.default))),
            spec.default,
            None,
            (),
            (),
        )
        for name, spec in sorted(game.options.items())
        if spec.values
    ]
    indexes, total = readings.choose(axes, ALL_COMBINATIONS)
    return [readings.combination(axes, i) for i in indexes], total


@dataclass(frozen=True, slots=True)
class Played:
    """One random game: where it started and how many decisions it took (None: not ended)."""

    options: Mapping[str, OptionValue]
    players: int
    dealer: int
    seed: int
    decisions: int | None
    cycle: bool = False

    def where(self, game_id: str) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return (
            f"{game_id} options {{{opts}}} players={self.players} dealer={self.dealer} "
            f"deal seed={self.seed} (random play: random.Random({self.seed}).choice)"
        )


def play(game: AnyGame, table: Table, seed: int) -> tuple[int | None, bool]:
    """Random legal play from a table: the decisions to the end (None past :data:`BOUND`) and
    whether a position repeated in the :data:`WATCH` decisions after the bound."""
    state = game.setup(table)
    rng = random.Random(seed)
    for k in range(BOUND + 1):
        legal = game.legal_actions(state)
        if not legal:
            return k, False
        if k == BOUND:
            break
        state = game.apply(state, rng.choice(legal))
    seen: set[int] = set()
    for _ in range(WATCH):
        legal = game.legal_actions(state)
        if not legal:
            return None, False
        try:
            key = hash(state)
        except TypeError:
            return None, False
        if key in seen:
            return None, True
        seen.add(key)
        state = game.apply(state, rng.choice(legal))
    return None, False


def play_all(game: AnyGame, seeds: tuple[int, ...] = SEEDS) -> tuple[list[Played], int, int]:
    """Every random game of a game id from ``seeds``: the games, the combinations played and
    their total."""
    combos, total = combinations(game)
    out: list[Played] = []
    for options in combos:
        for players in game.players:
            for seed in seeds:
                dealer = seed % players
                table = Table(players, dealer, DeckOrder(shuffle(game.pack, seed)), options)
                try:
                    decisions, cycle = play(game, table, seed)
                except SetupError:
                    break  # a seat count the game does not allow under these options
                out.append(Played(options, players, dealer, seed, decisions, cycle))
    return out, len(combos), total


#: A game whose random games are many or long is played in parts, each a test of its own with
#: every combination and seat count and its share of :data:`SEEDS` (part ``k`` of ``n``: the
#: seeds ``SEEDS[k::n]``), so that no one test runs for minutes on a busy machine.
PARTS: Mapping[str, int] = {"melniki-a": 4}
CASES = [(g, k) for g in sorted(games()) for k in range(PARTS.get(g, 1))]


def case_id(game_id: str, part: int) -> str:
    """A case's test id: the game id, and the part where the game is played in parts."""
    return f"{game_id}-{part}" if PARTS.get(game_id, 1) > 1 else game_id


def test_the_parts_play_every_seed_once() -> None:
    for game_id, parts in PARTS.items():
        assert sorted(s for k in range(parts) for s in SEEDS[k::parts]) == list(SEEDS), game_id
        assert all(SEEDS[k::parts] for k in range(parts)), game_id


@pytest.mark.parametrize(("game_id", "part"), CASES, ids=[case_id(g, k) for g, k in CASES])
def test_every_game_ends(
    game_id: str, part: int, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    game = games()[game_id]
    parts = PARTS.get(game_id, 1)
    seeds = SEEDS[part::parts]
    played, tried, total = play_all(game, seeds)
    assert played, f"{game_id}: no seat count and combination could be set up"
    ended = [p for p in played if p.decisions is not None]
    stuck = [p for p in played if p.decisions is None]
    longest = max(ended, key=lambda p: p.decisions or 0, default=None)
    sample = "all" if tried == total else f"a sample of {tried} of {total}"
    line = (
        f"liveness {game_id}: {len(played)} games ({sample} option combinations, "
        f"seats {game.players.start}-{game.players.stop - 1}, seeds {list(seeds)}); "
        + (
            f"longest {longest.decisions} decisions: {longest.where(game_id)}"
            if longest is not None
            else "none ended"
        )
        + (f"; {len(stuck)} did not end within {BOUND}" if stuck else "")
    )
    request.node.add_report_section("call", "liveness", line)
    with capsys.disabled():
        print(f"\n{line}")
    assert not stuck, (
        f"{len(stuck)} game(s) of {game_id} did not end within {BOUND} decisions:\n"
        + "\n".join(
            p.where(game_id) + ("; a position came back (a cycle)" if p.cycle else "")
            for p in stuck
        )
    )


#: The games whose modelled game is not one the text names a loser of, with the reason: for
#: these a game ending with nobody losing is ordinary, not a sign of a broken default.
NO_LOSER_IS_ORDINARY: Mapping[str, str] = dict.fromkeys(
    ("mushka", "mushka-mistigri", "mushka-pamfil", "mushka-shutikha"),
    "a game is one deal of мушка: its sheet is scored and the text names a winner only of the "
    "partie (the player whose sheet comes to 30, 001:P27.S1), so most deals end with nobody "
    "winning or losing",
)
#: The most of a game's random games under its defaults that may end with nobody losing.
MOST_WITH_NO_LOSER = 0.5


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_default_does_not_end_most_games_with_nobody_losing(
    game_id: str, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    """Under the default readings, random play from every seat count and :data:`SEEDS` ends
    with a loser in most games, where the text names one: a rule for a stuck game (a stall, a
    stalemate) must end stuck games, not ordinary ones. The share that ends with nobody losing
    and the longest game are printed for every game."""
    game = games()[game_id]
    ended = no_loser = longest = 0
    for players in game.players:
        for seed in SEEDS:
            table = Table(players, seed % players, DeckOrder(shuffle(game.pack, seed)), {})
            try:
                state = game.setup(table)
            except SetupError:
                break
            rng = random.Random(seed)
            decisions = 0
            while (legal := game.legal_actions(state)) and decisions < BOUND:
                state = game.apply(state, rng.choice(legal))
                decisions += 1
            outcome = game.outcome(state)
            assert outcome is not None, f"{game_id}: {players} players, seed {seed} did not end"
            ended += 1
            no_loser += not outcome.losers
            longest = max(longest, decisions)
    assert ended
    share = no_loser / ended
    line = (
        f"defaults {game_id}: {no_loser} of {ended} random games ({share:.0%}) end with nobody "
        f"losing; the longest took {longest} decisions"
    )
    request.node.add_report_section("call", "liveness", line)
    with capsys.disabled():
        print(f"\n{line}")
    if game_id in NO_LOSER_IS_ORDINARY:
        return
    assert share <= MOST_WITH_NO_LOSER, (
        f"{line}: a default under which most games end with nobody losing, where the text "
        "names a loser (a rule for a stuck game that ends ordinary ones?)"
    )
