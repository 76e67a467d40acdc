"""Differential fuzzing: random games played by the reference and an implementation in lockstep.

``python -m conformance fuzz --impl "CMD" [--game G] [--games N] [--seed S] ...``

For every game the implementation declares (with option values drawn at random
among those it declares), a game is dealt from the documented seeded shuffle
(``{"deal": {"seed": D}}``); the reference chooses uniformly random legal
actions (and, now and then, an action it refuses: a near miss of a legal one, one field
or its kind changed, :mod:`conformance.nearmiss`), up to a bound of
decisions. Each game is of a kind (:data:`KINDS`) drawn with the weights of the
mix (``--mix``, :data:`DEFAULT_MIX`): such a deal; the same with integer options
at the ends of their ranges; a seat count the reference refuses, which the
implementation must refuse too; or a start from a random reachable position
written in the game's notation. The whole game goes to the implementation as ONE protocol ``run``
that asks, before and after every action, for ``to_move``, ``legal`` and every
observable the game defines (``hand.<seat>`` expanded for each seat); the
answer is judged against the reference's own (:func:`engine.execute`,
:func:`engine.judge`, hence :func:`engine.same`).

Every game is fixed by its *game seed*, derived from the campaign seed and the
game's index (:func:`game_seed`); ``--shard i/n`` runs the indices ``k`` with
``k % n == i``, so shards never overlap and a game is the same whichever shard,
job or worker plays it. On a divergence the game is shrunk (:func:`shrink`):
the prefix up to the divergence, delta debugging over the actions (the
sequence kept legal on the reference), option values put back to their
defaults, fewer players (other deals), each candidate kept only if it diverges
the same way (:class:`Way`); the result is written as a scenario
file (``level: found``, a ``found_by`` block) that ``python -m conformance run``
replays as a FAIL.

Work is split in chunks of game indices run by local processes (``--jobs``) or
by the workers of an existing Dask distributed cluster (``--scheduler``); each
worker starts the implementation command itself and keeps it for its chunks.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from multiprocessing import active_children, get_context
from pathlib import Path
from typing import Final, Protocol, TextIO

from conformance import command, engine, gctune, groups, nearmiss, protocol, runner
from conformance.suite import VERSION as SUITE_VERSION
from reference import __version__, games
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionSpec, OptionValue
from reference.core.shuffle import GOLDEN, MASK64, splitmix64

RESULTS_FORMAT: Final = "koloda-fuzz-results/1"
#: Games a chunk holds: the unit of work handed to a process or a Dask worker.
CHUNK: Final = 250
#: Requests in flight at once with one implementation (pipelined ``run`` requests).
WINDOW: Final = 64
#: Fresh deals tried for each smaller number of players while shrinking.
PLAYER_TRIES: Final = 12
#: Implementation runs a shrink may spend at most.
SHRINK_BUDGET: Final = 600
#: Late positions tried as the start of a shrunk game, and the moves one must save at least.
POSITION_TRIES: Final = 4
POSITION_SAVES: Final = 6
#: Games out of which one is also compared by ``count`` (when the implementation offers it).
COUNT_EVERY: Final = 16

#: The kinds of fuzz game (:func:`kind_of`):
#:
#: * ``deal``: options drawn at random among the declared values, a seat count the game allows,
#:   a seeded deal;
#: * ``edges``: the same, but each integer option at one end of its declared range (its minimum
#:   or its maximum) two times in three;
#: * ``seats``: a seat count the reference refuses under the options (the defaults half the
#:   time, else drawn as for ``deal``): one the options exclude inside the game's range (three
#:   in melniki-b without ``three_players``) two times in three when there is one, else one
#:   too few or one too many (or none at all); the implementation must refuse the setup too;
#: * ``position``: a random game played on the reference for a random number of decisions,
#:   written in the game's position notation; both sides start from that ``setup.position``.
KINDS: Final = ("deal", "edges", "seats", "position")
#: The default mix, in percent. Positions and edges are a fifth each: they reach what deals
#: with middling options rarely do (late stages, empty stocks, players out of chips, the ends of
#: agreed amounts) at no cost in speed; refused seat counts a tenth: a game has only a handful
#: of them, but each such game costs next to nothing (one setup, no moves).
DEFAULT_MIX: Final = (("deal", 50), ("edges", 20), ("seats", 10), ("position", 20))
#: The share of ``edges`` integer options put at an end of their range (else drawn in it).
EDGE_SHARE: Final = 2 / 3


# --- configuration ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Config:
    """A fuzz campaign, as given on the command line (picklable: it travels to workers)."""

    argv: tuple[str, ...]
    games: tuple[str, ...] = ()
    count: int = 100
    seed: int = 0
    shard: tuple[int, int] = (0, 1)
    max_steps: int = 400
    illegal: float = 0.05
    timeout: float = 30.0
    start_timeout: float = 10.0
    strict_codes: bool = False
    shrink: bool = True
    count_depth: int = 2
    #: divergences shrunk in each chunk of games (the others are reported with their seed)
    max_shrinks: int = 3
    game_seed: int | None = None
    command: str = ""
    #: the kinds of game and their weights (:data:`DEFAULT_MIX`, :func:`parse_mix`)
    mix: tuple[tuple[str, int], ...] = DEFAULT_MIX

    def indices(self) -> list[int]:
        """The game indices of this shard."""
        if self.game_seed is not None:
            return [0]
        i, n = self.shard
        return list(range(i, self.count, n))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a campaign: SplitMix64 of the two, 48 bits."""
    _, z = splitmix64((seed * GOLDEN + index) & MASK64)
    return z >> 16


def parse_mix(text: str) -> tuple[tuple[str, int], ...]:
    """``KIND=WEIGHT,...`` (e.g. ``deal=50,edges=20,seats=10,position=20``); a kind left out has
    weight 0. ``ValueError`` on an unknown kind, a negative weight or no weight at all."""
    weights = dict.fromkeys(KINDS, 0)
    for part in text.split(","):
        name, sep, value = part.strip().partition("=")
        if not sep or name not in weights:
            raise ValueError(f"--mix: {part!r}: KIND=WEIGHT with KIND one of {', '.join(KINDS)}")
        if not value.strip().isdigit():
            raise ValueError(f"--mix: {part!r}: the weight is a non-negative integer")
        weights[name] = int(value)
    if not any(weights.values()):
        raise ValueError("--mix: at least one kind needs a weight above 0")
    return tuple((k, weights[k]) for k in KINDS if weights[k])


def show_mix(mix: Sequence[tuple[str, int]]) -> str:
    """A mix as ``parse_mix`` reads it."""
    return ",".join(f"{k}={w}" for k, w in mix)


#: Mixed into a game seed for the stream that draws its kind (the rest of the game's draws use
#: the game seed itself, so a ``deal`` game is the same whatever the mix).
_KIND_SALT: Final = 0x6B696E64


def kind_of(mix: Sequence[tuple[str, int]], gseed: int) -> str:
    """The kind of the game of a game seed: drawn with the mix's weights, from its own stream."""
    total = sum(w for _, w in mix)
    _, z = splitmix64((gseed ^ _KIND_SALT) & MASK64)
    pick = z % total
    for kind, weight in mix:
        if pick < weight:
            return kind
        pick -= weight
    raise AssertionError("unreachable: the weights add up to the total")


# --- one random game -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """An action of a fuzz game, and whether the reference accepts it."""

    act: JSONObject
    legal: bool


@dataclass(frozen=True, slots=True)
class Trial:
    """A fuzz game: its setup and its moves."""

    game: str
    players: int
    dealer: int
    options: Mapping[str, OptionValue]
    deal_seed: int
    moves: tuple[Move, ...]
    seed: int
    #: a position (the game's notation) to start from instead of the deal
    position: JSONObject | None = None
    #: the kind of game (:data:`KINDS`)
    kind: str = "deal"
    #: the reference refuses this setup (a ``seats`` game): the implementation must too
    refused: bool = False
    #: decisions played from the deal to reach the position (a ``position`` game)
    prefix: int = 0
    #: the observables the implementation declares for the game (names and per-seat patterns,
    #: ``hand.<seat>``), the only ones asked and compared; None when it lists none (every one)
    observed: tuple[str, ...] | None = None

    def setup(self) -> JSONObject:
        if self.position is not None:
            return {
                "players": self.players,
                "dealer": self.dealer,
                "options": dict(self.options),
                "position": self.position,
            }
        return {
            "players": self.players,
            "dealer": self.dealer,
            "options": dict(self.options),
            "deal": {"seed": self.deal_seed},
        }

    def decisions(self) -> int:
        return sum(1 for m in self.moves if m.legal)


def choose_option(
    rng: random.Random,
    spec: OptionSpec,
    support: protocol.OptionSupport | None,
    edge: bool = False,
) -> OptionValue:
    """A value of an option among those both the reference and the implementation allow: an
    enumerated option uniformly among its values; an integer option uniformly in its range or,
    when the implementation declares a list of values, among them; with ``edge``, an integer
    option at one end (its least or greatest such value) :data:`EDGE_SHARE` of the time. The
    default when nothing is allowed (the implementation then answers as it can)."""
    if support is None:
        return spec.default
    if spec.values:
        allowed = [v for v in spec.values if support.allows(v)]
        return rng.choice(allowed) if allowed else spec.default
    if support.values is not None:
        listed = sorted(
            {
                v
                for v in support.values
                if isinstance(v, int) and not isinstance(v, bool) and spec.allows(v)
            }
        )
        if not listed:
            return spec.default
        if edge and rng.random() < EDGE_SHARE:
            return rng.choice((listed[0], listed[-1]))
        return rng.choice(listed)
    lo = spec.minimum if spec.minimum is not None else 0
    if support.minimum is not None:
        lo = max(lo, support.minimum)
    tops = [m for m in (spec.maximum, support.maximum) if m is not None]
    top = min(tops) if tops else None
    hi = top if top is not None else lo + 10
    if lo > hi:
        return spec.default
    if edge and rng.random() < EDGE_SHARE:
        # a range without a maximum has one end only
        return rng.choice((lo, hi)) if top is not None else lo
    return rng.randint(lo, hi)


def observables(game: AnyGame, players: int, declared: Sequence[str] | None = None) -> list[str]:
    """Every observable of a game for this many players (``hand.<seat>`` expanded); with
    ``declared`` (an implementation's list, :attr:`protocol.StartAnswer.observables`), only
    those it lists."""
    out: list[str] = []
    for name in game.observables:
        if name.endswith(".<seat>"):
            out += [f"{name[: -len('<seat>')]}{p}" for p in range(players)]
        else:
            out.append(name)
    if declared is None:
        return out
    return [name for name in out if protocol.observable_listed(declared, name)]


def declared_position(
    position: JSONObject, support: Mapping[str, protocol.OptionSupport]
) -> JSONObject:
    """A position (the game's notation, which writes every option) with only the options the
    implementation declares: the others are left out, which says they are at their defaults."""
    given = position.get("options")
    if not isinstance(given, dict):
        return position
    return {**position, "options": {k: v for k, v in given.items() if k in support}}


def declared_only(
    options: Mapping[str, OptionValue], support: Mapping[str, protocol.OptionSupport]
) -> dict[str, OptionValue]:
    """The options an implementation declares, of those given: it is sent no other option
    name (each other option is at its default, which a setup says by leaving it out)."""
    return {name: value for name, value in options.items() if name in support}


def _illegal(
    rng: random.Random, game: AnyGame, state: object, players: int
) -> tuple[JSONObject, str] | None:
    """A random near miss (:mod:`conformance.nearmiss`: a legal action with one field, or its
    kind, changed) that the reference refuses in this state, and the rule it names, if one
    is found quickly."""
    legal = [game.action_json(a) for a in game.legal_actions(state)]
    if not legal:
        return None
    cards = nearmiss.card_names(game.pack)
    kinds = game.kinds
    for _ in range(6):
        act = nearmiss.one(rng, legal, cards, range(players), kinds)
        try:
            game.apply(state, game.parse_action(act))
        except IllegalAction as e:
            if e.rule_id:
                return act, e.rule_id
        except FormatError:
            continue
    return None


def play(
    game: AnyGame,
    setup: Mapping[str, JSON],
    rng: random.Random,
    max_steps: int,
    illegal: float,
    *,
    observe: Sequence[str] | None = None,
) -> tuple[tuple[Move, ...], list[JSON] | None]:
    """Random moves from a setup: uniform legal actions, with refused ones now and then.

    With ``observe``, also the reference's results for the trial as :func:`prepare` sends it
    (an observation of those names before the first move and after each one), taken from the
    states of this one walk (:func:`engine.execute` would replay the game to get them)."""
    _, state = engine.start(game.id, setup)
    moves: list[Move] = []
    results: list[JSON] | None = None
    look: Callable[[object], JSONObject] | None = None
    if observe is not None:
        look = engine.looker(game, state, tuple(observe))
        results = [look(state)]
    decisions = 0
    players = setup.get("players")
    assert isinstance(players, int)
    while decisions < max_steps:
        legal = game.legal_actions(state)
        if not legal:
            break
        if illegal > 0 and rng.random() < illegal:
            bad = _illegal(rng, game, state, players)
            if bad is not None:
                moves.append(Move(bad[0], False))
                if results is not None and look is not None:
                    results += ({"rejected": bad[1]}, look(state))
        action = rng.choice(legal)
        moves.append(Move(game.action_json(action), True))
        state = game.apply(state, action)
        if results is not None and look is not None:
            results += ({"accepted": True}, look(state))
        decisions += 1
    if results is not None:
        results = [
            _brief(r) if i % 2 == 0 and not _views_asked(i // 2 - 1, len(moves)) else r
            for i, r in enumerate(results)
        ]
    return tuple(moves), results


def _views_asked(move: int, moves: int) -> bool:
    """Whether the views are asked after move ``move`` (from 0; -1 is the deal) of ``moves``: at
    the deal and after the last move (as :func:`prepare` asks them)."""
    return move < 0 or move == moves - 1


def _brief(result: JSON) -> JSON:
    """An observation step's result without the views."""
    if not isinstance(result, dict) or not isinstance(result.get("observed"), dict):
        return result
    seen = result["observed"]
    assert isinstance(seen, dict)
    return {**result, "observed": {k: v for k, v in seen.items() if not k.startswith("view.")}}


def new_trial(
    config: Config,
    declared: protocol.StartAnswer,
    gseed: int,
    *,
    players: int | None = None,
    game_id: str | None = None,
    options: Mapping[str, OptionValue] | None = None,
    kind: str | None = None,
) -> Trial | None:
    """The game of a game seed: game, options, players, dealer, deal and moves (None: no game);
    of the kind the mix draws for that seed (:func:`kind_of`) unless ``kind`` is given."""
    made = _new_trial(
        config,
        declared,
        gseed,
        players=players,
        game_id=game_id,
        options=options,
        observe=False,
        kind=kind,
    )
    return None if made is None else made[0]


def new_prepared(config: Config, declared: protocol.StartAnswer, gseed: int) -> Prepared | None:
    """The game of a game seed, ready to send: :func:`prepare` of :func:`new_trial`, with the
    reference's results taken while the game is played rather than by playing it again."""
    made = _new_trial(
        config, declared, gseed, players=None, game_id=None, options=None, observe=True, kind=None
    )
    return None if made is None else prepare(made[0], results=made[1])


def refused_seats(game: AnyGame, options: Mapping[str, OptionValue]) -> list[int]:
    """The seat counts from 0 to one more than the most the game allows that the reference
    refuses under these options (none, too few, too many, or excluded by an option)."""
    out: list[int] = []
    for n in range(game.players.stop + 1):
        setup: JSONObject = {
            "players": n,
            "dealer": 0,
            "options": dict(options),
            "deal": {"seed": 0},
        }
        try:
            engine.start(game.id, setup)
        except SetupError:
            out.append(n)
    return out


def accepted_seats(game: AnyGame, options: Mapping[str, OptionValue]) -> list[int]:
    """The seat counts of the game's range that the reference accepts under these options: a
    range that an option widens (michigan's table=two-or-more seats nine and more) is drawn
    from only under that option, so an implementation that does not declare it is never asked
    to deal a table its readings refuse."""
    key = (game.id, tuple(sorted(options.items())))
    if key not in _ACCEPTED:
        refused = refused_seats(game, options)
        _ACCEPTED[key] = tuple(n for n in game.players if n not in refused)
    return list(_ACCEPTED[key])


#: :func:`accepted_seats` by game and options (a setup per seat count, made once).
_ACCEPTED: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], tuple[int, ...]] = {}


def walk(
    game: AnyGame, setup: Mapping[str, JSON], rng: random.Random, max_steps: int
) -> list[object]:
    """The states of a random game from a setup (uniform legal actions, none observed), the
    first state included, up to ``max_steps`` decisions."""
    _, state = engine.start(game.id, setup)
    states = [state]
    for _ in range(max_steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
        states.append(state)
    return states


def _new_trial(
    config: Config,
    declared: protocol.StartAnswer,
    gseed: int,
    *,
    players: int | None,
    game_id: str | None,
    options: Mapping[str, OptionValue] | None,
    observe: bool,
    kind: str | None,
) -> tuple[Trial, list[JSON] | None] | None:
    rng = random.Random(gseed)
    kind = kind if kind is not None else kind_of(config.mix, gseed)
    registry = games()
    ids = sorted(
        g for g in declared.games if g in registry and (not config.games or g in config.games)
    )
    if game_id is not None:
        ids = [game_id]
    if not ids:
        return None
    gid = rng.choice(ids)
    game = registry[gid]
    support = declared.games[gid]
    listed = declared.observables.get(gid)
    observed = tuple(sorted(listed)) if listed is not None else None
    for _ in range(20):
        opts = (
            dict(options)
            if options is not None
            else declared_only(
                {
                    n: choose_option(rng, s, support.get(n), kind == "edges")
                    for n, s in sorted(game.options.items())
                },
                support,
            )
        )
        options_json: JSONObject = {}
        for k, v in opts.items():
            options_json[k] = v
        if players is not None:
            n = players
        elif kind == "seats":
            if options is None and rng.random() < 0.5:
                defaults = {k: spec.default for k, spec in sorted(game.options.items())}
                opts = declared_only(defaults, support)
                options_json = dict(opts)
            refused = refused_seats(game, opts)
            inside = [k for k in refused if k in game.players]
            if not refused or all(k in refused for k in game.players):
                continue  # the options themselves are refused: not a question of seats
            n = rng.choice(inside if inside and rng.random() < 2 / 3 else refused)
        else:
            counts = accepted_seats(game, opts)
            if not counts:
                continue  # the options themselves are refused at every seat count
            n = rng.choice(counts)
        dealer = rng.randrange(n) if n > 0 else 0
        dseed = rng.getrandbits(32)
        setup: JSONObject = {
            "players": n,
            "dealer": dealer,
            "options": options_json,
            "deal": {"seed": dseed},
        }
        if kind == "seats":
            try:
                engine.start(gid, setup)
            except SetupError:
                trial = Trial(
                    gid,
                    n,
                    dealer,
                    opts,
                    dseed,
                    (),
                    gseed,
                    kind=kind,
                    refused=True,
                    observed=observed,
                )
                return trial, [] if observe else None
            continue
        names = observables(game, n, observed) if observe else None
        position: JSONObject | None = None
        prefix = 0
        try:
            if kind == "position":
                states = walk(game, setup, rng, config.max_steps)
                prefix = rng.randint(1, len(states) - 1) if len(states) > 1 else 0
                position = declared_position(game.position(states[prefix]), support)
                start = {k: v for k, v in setup.items() if k != "deal"}
                start["position"] = position
                setup = start
            steps = config.max_steps - prefix
            moves, results = play(game, setup, rng, steps, config.illegal, observe=names)
        except (SetupError, engine.ScenarioError):
            continue
        trial = Trial(
            gid,
            n,
            dealer,
            opts,
            dseed,
            moves,
            gseed,
            position,
            kind=kind,
            prefix=prefix,
            observed=observed,
        )
        return trial, results
    return None


# --- scenarios -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prepared:
    """A trial ready to send: its plan, its wire request body and the reference's results."""

    trial: Trial
    steps: tuple[engine.Step, ...]
    wire: bytes
    results: list[JSON]
    given: JSONObject | None = None
    #: the rule under which the reference refuses the setup (a ``seats`` game)
    refusal: JSON = None
    #: ``results`` as the reference adapter writes them (:func:`protocol.results_json`), written
    #: when the game is prepared, while the implementation works on the games in flight
    expected: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "expected", protocol.results_json(self.results))

    @property
    def id(self) -> str:
        return f"{self.trial.game}-{self.trial.seed % 10**9:09d}"

    @property
    def refused(self) -> bool:
        """Whether the reference refuses the setup (the answer must be ``setup_rejected``)."""
        return self.trial.refused

    def scenario(self) -> JSONObject:
        """The trial as a scenario whose expectations are the reference's answers."""
        if self.given is not None:
            return self.given
        if self.trial.refused:
            return {
                "id": self.id,
                "game": self.trial.game,
                "title": "random setup the reference refuses",
                "rules": [],
                "rulings": {},
                "level": "found",
                "tags": ["fuzz"],
                "setup": self.trial.setup(),
                "setup_expect": {"rejected": self.refusal},
                "steps": [],
            }
        steps: list[JSON] = []
        for step, got in zip(self.steps, self.results, strict=True):
            assert isinstance(got, dict)
            if step.act is not None:
                rule = got.get("rejected")
                if got.get("accepted") is True:
                    steps.append({"act": step.act})
                else:
                    steps.append({"act": step.act, "expect": {"rejected": rule}})
            else:
                steps.append({"expect": got.get("observed")})
        return {
            "id": self.id,
            "game": self.trial.game,
            "title": "random game",
            "rules": [],
            "rulings": {},
            "level": "found",
            "tags": ["fuzz"],
            "setup": self.trial.setup(),
            "steps": steps,
        }


def prepare(
    trial: Trial, observe: Sequence[str] | None = None, results: list[JSON] | None = None
) -> Prepared:
    """The trial with an observation before the first action and after each one (every
    observable, or ``observe``), run on the reference (:func:`engine.execute`) unless its
    ``results`` are given (:func:`play` took them while playing the same moves).

    ``ValueError`` if the reference does not take the moves as the trial says.
    """
    game = games()[trial.game]
    if trial.refused:
        answer = engine.execute(trial.game, trial.setup(), ())
        if "setup_rejected" not in answer:
            raise ValueError("the reference accepts the setup of a game it should refuse")
        body: JSONObject = {
            "id": f"{trial.game}-{trial.seed % 10**9:09d}",
            "game": trial.game,
            "setup": trial.setup(),
            "steps": [],
        }
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        return Prepared(trial, (), text, [], refusal=answer["setup_rejected"])
    names = (
        tuple(observe)
        if observe is not None
        else tuple(observables(game, trial.players, trial.observed))
    )
    # the views (each seat's copy of the same things) are asked at the deal and after the last
    # move, so that a long game's answer stays within the protocol's line; every other
    # observable after every move
    look = engine.Step(None, names)
    brief = engine.Step(None, tuple(n for n in names if not n.startswith("view.")))
    plan: list[engine.Step] = [look]
    wire_steps: list[JSON] = [{"observe": list(look.observe)}]
    for i, m in enumerate(trial.moves):
        seen = look if _views_asked(i, len(trial.moves)) else brief
        plan += (engine.Step(m.act, ()), seen)
        wire_steps += ({"act": m.act}, {"observe": list(seen.observe)})
    setup = trial.setup()
    if results is None:
        answer = engine.execute(trial.game, setup, tuple(plan))
        got = answer.get("results")
        if not isinstance(got, list):
            raise ValueError(f"the reference refuses the setup: {engine.canonical(answer)}")
        results = got
    if len(results) != len(plan):
        raise ValueError(f"{len(results)} results for a plan of {len(plan)} steps")
    for m, got in zip(trial.moves, results[1::2], strict=True):
        accepted = isinstance(got, dict) and got.get("accepted") is True
        rule = got.get("rejected") if isinstance(got, dict) else None
        if accepted != m.legal or (not accepted and not isinstance(rule, str)):
            raise ValueError("the reference does not take the moves as the trial says")
    wire: JSONObject = {
        "id": f"{trial.game}-{trial.seed % 10**9:09d}",
        "game": trial.game,
        "setup": setup,
        "steps": wire_steps,
    }
    text = json.dumps(wire, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Prepared(trial, tuple(plan), text, results)


def scenario(trial: Trial) -> JSONObject:
    """The trial as a scenario observed at every step (:func:`prepare`)."""
    return prepare(trial).scenario()


def prepare_scenario(trial: Trial, scen: JSONObject) -> Prepared:
    """A scenario (with expectations) about a trial, ready to send and judge."""
    setup, steps = engine.plan(scen)
    answer = engine.execute(trial.game, setup, steps)
    results = answer.get("results")
    wire = json.dumps(protocol.wire_scenario(scen), ensure_ascii=False, separators=(",", ":"))
    return Prepared(
        trial,
        steps,
        wire.encode("utf-8"),
        results if isinstance(results, list) else [],
        scen,
        answer.get("setup_rejected"),
    )


def valid(trial: Trial) -> bool:
    """Whether the reference takes the trial's moves as it says (legal ones accepted), or
    refuses its setup when the trial says so."""
    game = games()[trial.game]
    try:
        _, state = engine.start(trial.game, trial.setup())
    except SetupError:
        return trial.refused
    except engine.ScenarioError:
        return False
    if trial.refused:
        return False
    for m in trial.moves:
        try:
            action = game.parse_action(m.act)
            state = game.apply(state, action)
        except IllegalAction:
            if m.legal:
                return False
            continue
        except FormatError:
            return False
        if not m.legal:
            return False
    return True


# --- talking to the implementation -------------------------------------------------------------


@dataclass(slots=True)
class Outcome:
    """What an implementation made of a fuzz game."""

    outcome: str
    failures: list[engine.Mismatch] = field(default_factory=list)
    message: str = ""
    #: the exchange is out of step: the implementation must be restarted
    restart: bool = False


#: Bytes of requests in flight at once. Below the 64 KiB of a pipe: the harness never waits to
#: write while the implementation waits for its answers to be read.
WINDOW_BYTES: Final = 48 * 1024


class Player:
    """One implementation process that plays fuzz games, pipelined, restarted after a fault.

    The answers are first compared as they come with the reference's (equal: PASS at once);
    only an answer that differs is judged scenario-style (:func:`engine.judge`).
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        self.proc: runner.Process | None = None
        self.start: protocol.StartAnswer | None = None
        self.seq = 0
        self.failed_starts = 0
        self.runs = 0
        #: whether to compare each answer's bytes with the reference's own answer line first
        #: (:func:`protocol.answer_line`): an implementation that writes its answers exactly
        #: so is judged without decoding them; set off at the first answer that is right but
        #: written otherwise
        self.same_bytes = True

    def ensure(self) -> runner.Process:
        if self.proc is not None and self.proc.proc.poll() is None:
            return self.proc
        self.abort()
        try:
            self.proc, start = runner.launch(self.config.argv, self.config.start_timeout)
        except runner.UnusableError:
            self.failed_starts += 1
            if self.failed_starts >= runner.MAX_FAILED_STARTS:
                raise
            return self.ensure()
        self.failed_starts = 0
        if self.start is None:
            self.start = start
        return self.proc

    def abort(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc = None

    def close(self) -> None:
        if self.proc is not None:
            self.proc.stop()
            self.proc = None

    def declared(self) -> protocol.StartAnswer:
        self.ensure()
        assert self.start is not None
        return self.start

    def capabilities(self) -> list[str]:
        caps = self.declared().raw.get("capabilities")
        return [str(c) for c in caps] if isinstance(caps, list) else []

    def _verdict(self, item: Prepared, seq: int, answer: JSONObject) -> Outcome:
        results = answer.get("results")
        if not item.refused and answer.get("seq") == seq and results == item.results:
            # the same answer written otherwise: comparing bytes would only cost time
            self.same_bytes = False
            return Outcome(runner.PASS)
        try:
            run = protocol.check_run(answer, seq, item.steps)
        except protocol.ProtocolError as e:
            return Outcome(runner.ERROR, message=f"protocol violation: {e}", restart=True)
        if run.kind == "skipped":
            return Outcome(runner.SKIP, message=f"skipped by the implementation: {run.reason}")
        if run.kind == "errored":
            return Outcome(runner.ERROR, message=f"the implementation reported: {run.reason}")
        failures = engine.judge(item.scenario(), run.answer, self.config.strict_codes)
        return Outcome(runner.FAIL if failures else runner.PASS, failures)

    def run_many(self, items: Iterable[Prepared]) -> list[Outcome]:
        """The outcome of each prepared game, requests pipelined (bounded in count and bytes)."""
        got = dict(self.play(items))
        return [got[k] for k in range(len(got))]

    def play(self, items: Iterable[Prepared]) -> Iterator[tuple[int, Outcome]]:
        """The outcome of each prepared game as it is known, with the game's place in ``items``,
        requests pipelined (bounded in count and bytes); every game gets exactly one.

        ``items`` is consumed lazily: the next game is prepared on the reference while the
        implementation works on the games in flight. Requests may be in flight while an
        outcome is handed out: the caller sends none of its own until the iteration ends.
        """
        source = iter(items)
        pulled: list[Prepared] = []
        out: dict[int, Outcome] = {}
        retry: list[int] = []  # sent again after a fault, last first
        pending: int | None = None  # pulled, not sent yet
        flight: list[tuple[int, int, int]] = []  # item index, seq, bytes
        timeout = self.config.timeout
        due = time.monotonic()
        exhausted = False

        def peek() -> int | None:
            nonlocal pending, exhausted
            if retry:
                return retry[-1]
            if pending is None and not exhausted:
                item = next(source, None)
                if item is None:
                    exhausted = True
                    return None
                pulled.append(item)
                pending = len(pulled) - 1
            return pending

        def requeue() -> None:
            retry.extend(reversed([f[0] for f in flight]))
            flight.clear()

        while True:
            while len(flight) < WINDOW:
                k = peek()
                if k is None:
                    break
                size = len(pulled[k].wire) + 48
                if flight and sum(f[2] for f in flight) + size > WINDOW_BYTES:
                    break
                if flight and (self.proc is None or self.proc.proc.poll() is not None):
                    break  # read what the ended process answered before starting a fresh one
                if retry:
                    retry.pop()
                else:
                    pending = None
                proc = self.ensure()
                self.seq += 1
                request = protocol.run_request_bytes(self.seq, pulled[k].wire)
                try:
                    proc.send(request, time.monotonic() + timeout)
                except runner.FaultError as e:
                    if flight:
                        retry.append(k)
                        break
                    self.abort()
                    out[k] = Outcome(e.outcome, message=e.message)
                    yield k, out[k]
                    continue
                if not flight:
                    due = time.monotonic()
                flight.append((k, self.seq, len(request)))
            if not flight:
                if peek() is None:
                    break
                continue
            k, seq, _ = flight.pop(0)
            assert self.proc is not None
            try:
                line = self.proc.read_line(due + timeout)
                if (
                    self.same_bytes
                    and not pulled[k].refused
                    and line == protocol.answer_line_of(seq, pulled[k].expected)
                ):
                    out[k] = Outcome(runner.PASS)  # the reference's own answer, byte for byte
                    due = time.monotonic()
                    yield k, out[k]
                    continue
                answer = protocol.decode(line)
            except (runner.FaultError, protocol.ProtocolError) as e:
                outcome = e.outcome if isinstance(e, runner.FaultError) else runner.ERROR
                message = e.message if isinstance(e, runner.FaultError) else f"garbage: {e}"
                self.abort()
                out[k] = Outcome(outcome, message=message)
                requeue()
                yield k, out[k]
                continue
            due = time.monotonic()
            verdict = out[k] = self._verdict(pulled[k], seq, answer)
            if verdict.restart:  # a protocol violation: the others are sent again
                self.abort()
                requeue()
            yield k, verdict
        self.runs += len(pulled)
        for k in range(len(pulled)):
            if k not in out:
                yield k, Outcome(runner.ERROR, message="not run")

    def run(self, item: Prepared) -> Outcome:
        return self.run_many([item])[0]

    def count(self, game: str, setup: Mapping[str, JSON], depth: int) -> int | Skipped | str:
        """The implementation's ``count``, :class:`Skipped` when it answers ``skipped`` (which
        the protocol allows), or a string saying what went wrong (a fault of the implementation:
        an error of the game, never a divergence)."""
        try:
            proc = self.ensure()
            self.seq += 1
            seq = self.seq
            request = protocol.encode(
                {"cmd": "count", "seq": seq, "game": game, "setup": dict(setup), "depth": depth}
            )
            answer = proc.exchange(request, self.config.timeout)
        except runner.FaultError as e:
            self.abort()
            return f"count: {e}"
        got = answer.get("count")
        why = answer.get("skipped")
        if answer.get("seq") == seq and "count" not in answer and isinstance(why, str):
            return Skipped(why)
        if answer.get("seq") != seq or isinstance(got, bool) or not isinstance(got, int):
            if answer.get("seq") != seq:
                self.abort()  # out of step: the next request goes to a fresh implementation
            return f"count: the answer {engine.canonical(answer)[:200]}"
        return got


@dataclass(frozen=True, slots=True)
class Skipped:
    """A ``count`` the implementation declined (``{"seq": N, "skipped": WHY}``)."""

    reason: str


def reference_count(game_id: str, setup: Mapping[str, JSON], depth: int) -> int:
    """The reference's ``count`` (:func:`engine.count`)."""
    return engine.count(game_id, setup, depth)


def first_step(failures: Sequence[engine.Mismatch]) -> int | None:
    steps = [m.step for m in failures if m.step is not None]
    return min(steps) if steps else None


# --- shrinking ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Way:
    """How a fuzz game diverges: what the shrinker keeps while it cuts the game down.

    Taken at the first diverging step of the game observed in full (:func:`prepare`):

    * ``where``: ``setup`` (one side refuses the setup and the other does not), ``action`` (an
      action one side takes and the other refuses, or refuses under another rule), or
      ``observation`` (the observation before the first action or after one);
    * ``action``: for ``action``, the type of that action and whether the reference takes it
      (``play``, ``play refused``); empty otherwise;
    * ``what``: what differs there: for an observation, the set of observables that differ
      (the seat of a per-seat observable left out: ``hand.<seat>``); else the judge's notes
      (``action refused``, ``setup should have been refused``, …).

    Two divergences are *the same way* when all three are equal. An observation before the
    first action and one after an action are the same place on purpose: the shrinker may
    start a game from the position just before the divergence, where the same fault shows at
    once. A smaller game whose observation differs in other observables (a position read
    wrongly shows ``stock_size`` or ``discard`` where the game being shrunk showed ``legal``)
    shows another fault and is not kept.
    """

    where: str
    action: str
    what: frozenset[str]

    def __str__(self) -> str:
        at = f"{self.where} {self.action}".strip()
        return f"{at}: {', '.join(sorted(self.what))}"


def _generic(name: str) -> str:
    head, dot, tail = name.rpartition(".")
    return f"{head}.<seat>" if dot and tail.isdigit() else name


def way(trial: Trial, failures: Sequence[engine.Mismatch]) -> Way:
    """How a trial observed in full (:func:`prepare`) diverges (:class:`Way`)."""
    if not failures:
        raise ValueError("no divergence")
    if any(m.step is None for m in failures):
        return Way("setup", "", frozenset(m.note for m in failures if m.step is None))
    step = min(m.step for m in failures if m.step is not None)
    at = [m for m in failures if m.step == step]
    if step % 2 == 0:
        return Way("observation", "", frozenset(_generic(m.note) for m in at))
    move = trial.moves[(step - 1) // 2]
    action = f"{move.act.get('type')}{'' if move.legal else ' refused'}"
    return Way("action", action, frozenset(m.note for m in at))


class Shrinker:
    """Cuts a diverging trial down: prefix, delta debugging, default options, fewer players,
    keeping only candidates that diverge the same way as the trial (:class:`Way`)."""

    def __init__(self, player: Player, config: Config, declared: protocol.StartAnswer) -> None:
        self.player = player
        self.config = config
        self.declared = declared
        self.spent = 0
        #: how the trial being shrunk diverges (set by its first run)
        self.way: Way | None = None
        #: candidates that diverged another way, and were not kept
        self.other_ways = 0

    def fails(self, trial: Trial) -> int | None:
        """The first diverging step (full observation) if the trial is valid and diverges the
        same way as the trial being shrunk (the first trial run sets the way)."""
        if self.spent >= SHRINK_BUDGET or not valid(trial):
            return None
        self.spent += 1
        try:
            item = prepare(trial)
        except ValueError:
            return None
        got = self.player.run(item)
        if got.outcome != runner.FAIL or not got.failures:
            return None
        seen = way(trial, got.failures)
        if self.way is None:
            self.way = seen
        elif seen != self.way:
            self.other_ways += 1
            return None
        step = first_step(got.failures)
        return 0 if step is None else step

    def prefix(self, trial: Trial, step: int) -> Trial:
        """The moves up to the diverging step (step 2k observes after k moves; 2k-1 is move k)."""
        keep = (step + 1) // 2
        return replace(trial, moves=trial.moves[:keep])

    def ddmin(self, trial: Trial) -> Trial:
        """Delta debugging over the moves, the sequence kept valid on the reference."""
        moves = list(trial.moves)
        n = 2
        while len(moves) >= 2 and self.spent < SHRINK_BUDGET:
            size = max(1, len(moves) // n)
            reduced = False
            for start in range(0, len(moves), size):
                candidate = moves[:start] + moves[start + size :]
                t = replace(trial, moves=tuple(candidate))
                step = self.fails(t)
                if step is not None:
                    moves = list(self.prefix(t, step).moves)
                    n = max(n - 1, 2)
                    reduced = True
                    break
            if not reduced:
                if size == 1:
                    break
                n = min(n * 2, len(moves))
        return replace(trial, moves=tuple(moves))

    def simplify(self, trial: Trial) -> Trial:
        step = self.fails(trial)
        if step is None:
            return trial
        trial = self.ddmin(self.prefix(trial, step))
        game = games()[trial.game]
        # a position holds its options: only a game from a deal (or a refused setup) has them
        # in its setup alone
        for name, spec in [] if trial.position is not None else sorted(game.options.items()):
            if engine.canonical(trial.options.get(name)) == engine.canonical(spec.default):
                continue
            opts = {k: v for k, v in trial.options.items() if k != name}
            t = replace(trial, options=opts)
            step = self.fails(t)
            if step is not None:
                trial = self.prefix(t, step)
        return trial

    def shrink(self, trial: Trial) -> Trial:
        """The smallest diverging trial found: fewest players, then fewest moves (other deals
        are tried at each number of players), then delta debugging and default options."""
        step = self.fails(trial)
        if step is None:
            return trial
        best = self.prefix(trial, step)
        if trial.refused:  # the seat count is the point: only the options are put back
            return self.simplify(best)
        game = games()[trial.game]
        for players in range(game.players.start, trial.players + 1):
            found: Trial | None = None
            for attempt in range(PLAYER_TRIES):
                sub = game_seed(trial.seed, 1000 * players + attempt)
                t = new_trial(
                    self.config,
                    self.declared,
                    sub,
                    players=players,
                    game_id=trial.game,
                    options=trial.options,
                    kind=trial.kind,
                )
                if t is None:
                    continue
                step = self.fails(replace(t, seed=trial.seed))
                if step is not None:
                    t = self.prefix(replace(t, seed=trial.seed), step)
                    if found is None or len(t.moves) < len(found.moves):
                        found = t
            if found is not None and (players < best.players or len(found.moves) < len(best.moves)):
                best = found
            if found is not None and players < trial.players:
                break
        return self.from_position(self.simplify(best))

    def from_position(self, trial: Trial) -> Trial:
        """The trial started from the position reached late in it, when that saves moves (and
        the implementation loads positions): the last moves only, from the game's notation."""
        game = games()[trial.game]
        _, state = engine.start(trial.game, trial.setup())
        states: list[object] = [state]
        for m in trial.moves:
            if m.legal:
                state = game.apply(state, game.parse_action(m.act))
            states.append(state)
        for k in range(len(trial.moves), max(len(trial.moves) - POSITION_TRIES, -1), -1):
            if k < POSITION_SAVES:
                break
            t = replace(
                trial,
                position=declared_position(
                    game.position(states[k]), self.declared.games[trial.game]
                ),
                moves=trial.moves[k:],
                prefix=trial.prefix + sum(1 for m in trial.moves[:k] if m.legal),
            )
            step = self.fails(t)
            if step is not None:
                return self.prefix(t, step)
        return trial


def final_scenario(player: Player, trial: Trial, config: Config) -> JSONObject:
    """The shrunk trial as a scenario file: the actions and, at the divergence, the observables
    that differ (or the whole observation trail if that does not reproduce it)."""
    spec = games()[trial.game].options
    trial = replace(
        trial,
        options={
            k: v
            for k, v in trial.options.items()
            if k not in spec or engine.canonical(v) != engine.canonical(spec[k].default)
        },
    )
    full = scenario(trial)
    got = player.run(prepare_scenario(trial, full))
    out = full
    step = first_step(got.failures)
    if got.outcome == runner.FAIL and step is not None:
        raw = full["steps"]
        assert isinstance(raw, list)
        differing = {m.note for m in got.failures if m.step == step}
        kept: list[JSON] = [s for s in raw[: step + 1] if isinstance(s, dict) and "act" in s]
        target = raw[step]
        if isinstance(target, dict) and "expect" in target and "act" not in target:
            expect = target["expect"]
            assert isinstance(expect, dict)
            names = {k: v for k, v in expect.items() if k in differing} or expect
            kept.append({"expect": names})
        small = dict(full, steps=kept)
        if player.run(
            prepare_scenario(trial, small)
        ).outcome == runner.FAIL and not engine.run_in_process(small):
            out = small
    game = games()[trial.game]
    rulings: JSONObject = {}
    for k, v in trial.options.items():
        if k in game.options and engine.canonical(v) != engine.canonical(game.options[k].default):
            rulings[k] = v
    out_steps = out["steps"]
    assert isinstance(out_steps, list)
    acts = sum(1 for s in out_steps if isinstance(s, dict) and "act" in s)
    base = config.command or "python -m conformance fuzz"
    command = f"{base} --game-seed {trial.seed}"
    if trial.refused:
        expected = full.get("setup_expect")
        rule = expected.get("rejected") if isinstance(expected, dict) else None
        title = (
            f"Found by fuzzing: a setup of {trial.players} players that the reference refuses "
            f"({rule or 'no rule id'})"
        )
    elif trial.position is not None:
        title = (
            f"Found by fuzzing: a divergence after {acts} action(s), {trial.players} players, "
            f"from the position after {trial.prefix} decision(s) of deal seed {trial.deal_seed}"
        )
    else:
        title = (
            f"Found by fuzzing: a divergence after {acts} action(s), {trial.players} players, "
            f"from deal seed {trial.deal_seed}"
        )
    refusal: JSONObject = {}
    expect = out.get("setup_expect")
    if isinstance(expect, dict):
        refusal["setup_expect"] = expect
    return {
        "id": out["id"],
        "game": trial.game,
        "title": title,
        "rules": [],
        "rulings": rulings,
        "level": "found",
        "tags": ["fuzz"],
        "found_by": {
            "seed": trial.seed,
            "command": command,
            "date": datetime.now(UTC).date().isoformat(),
        },
        "setup": trial.setup(),
        **refusal,
        "steps": out_steps,
    }


# --- running chunks -------------------------------------------------------------------------------


def _mismatch(m: engine.Mismatch) -> JSONObject:
    return {"step": m.step, "expected": m.expected, "observed": m.observed, "note": m.note}


def _line(index: int, trial: Trial, outcome: str, duration: float) -> JSONObject:
    return {
        "type": "game",
        "index": index,
        "seed": trial.seed,
        "game": trial.game,
        "players": trial.players,
        "options": dict(trial.options),
        "deal_seed": trial.deal_seed,
        "decisions": trial.decisions(),
        "moves": len(trial.moves),
        "kind": trial.kind,
        "prefix": trial.prefix,
        "outcome": outcome,
        "duration": round(duration, 6),
    }


def run_chunk_with(player: Player, config: Config, indices: Sequence[int]) -> JSONObject:
    """Play the games of these indices against a running implementation; a JSON summary with a
    line per game, and for each divergence the shrunk scenario."""
    t0 = time.monotonic()
    merged: JSONObject = {"games": 0, "decisions": 0, "counted": 0, "skipped": 0}
    kinds: JSONObject = {}
    lines: list[JSON] = []
    found: list[JSON] = []
    for game in chunk_games(player, config, indices):
        for key in ("games", "decisions", "counted", "skipped"):
            merged[key] = _number(merged[key]) + _number(game.get(key))
        for kind, n in _members(game.get("kinds")):
            kinds[kind] = _number(kinds.get(kind, 0)) + _number(n)
        lines += _items(game.get("lines"))
        found += _items(game.get("found"))
    return merged | {
        "kinds": kinds,
        "lines": lines,
        "found": found,
        "duration": time.monotonic() - t0,
    }


def _members(value: JSON) -> list[tuple[str, JSON]]:
    return list(value.items()) if isinstance(value, dict) else []


def _items(value: JSON) -> list[JSON]:
    return list(value) if isinstance(value, list) else []


def chunk_games(player: Player, config: Config, indices: Sequence[int]) -> Iterator[JSONObject]:
    """The games of these indices played against a running implementation, one summary a game
    (``streamed``: its counts, its line, and its divergence if any) as soon as it is finished.

    Most games are finished when their answer is judged; a game to be compared by ``count``
    or shrunk needs the implementation to itself, so it is finished once the chunk's games are
    all answered (in the order of the indices, so the same divergences are shrunk)."""
    declared = player.declared()
    trials: list[tuple[int, Trial]] = []

    def scenarios() -> Iterator[Prepared]:
        for index in indices:
            seed = (
                config.game_seed if config.game_seed is not None else game_seed(config.seed, index)
            )
            item = new_prepared(config, declared, seed)
            if item is not None:
                trials.append((index, item.trial))
                yield item

    caps = player.capabilities()
    shrunk = 0
    later: list[tuple[int, Outcome]] = []

    def finish(k: int, got: Outcome) -> JSONObject:
        nonlocal shrunk
        index, trial = trials[k]
        counted = 0
        found: list[JSON] = []
        line = _line(index, trial, got.outcome, 0.0)
        if to_count(index, trial, got):
            want = reference_count(trial.game, trial.setup(), config.count_depth)
            seen = player.count(trial.game, trial.setup(), config.count_depth)
            if isinstance(seen, Skipped):
                line["count_skipped"] = seen.reason
            elif isinstance(seen, str):
                # the implementation broke down (died, timed out, answered out of protocol
                # or "errored"): an error, not a divergence
                line["outcome"] = runner.ERROR
                line["message"] = seen
                found.append(dict(line))
            else:
                counted += 1
                if seen != want:
                    line["outcome"] = runner.FAIL
                    line["count"] = {
                        "depth": config.count_depth,
                        "expected": want,
                        "observed": seen,
                    }
                    found.append(dict(line))
        if got.outcome == runner.SKIP:
            # the protocol lets an implementation decline a game: counted, not compared
            line["message"] = got.message
        elif got.outcome != runner.PASS:
            line["message"] = got.message
            line["failures"] = [_mismatch(m) for m in got.failures[:5]]
            item: JSONObject = dict(line)
            if got.outcome == runner.FAIL and got.failures:
                item["way"] = str(way(trial, got.failures))
            if to_shrink(got) and shrunk < config.max_shrinks:
                shrunk += 1
                shrinker = Shrinker(player, config, declared)
                small = shrinker.shrink(trial)
                item["scenario"] = final_scenario(player, small, config)
                item["shrink_runs"] = shrinker.spent
                item["shrink_other_ways"] = shrinker.other_ways
            found.append(item)
        return {
            "streamed": True,
            "games": 1,
            "decisions": trial.decisions(),
            "counted": counted,
            "skipped": int(got.outcome == runner.SKIP),
            "kinds": {trial.kind: 1},
            "lines": [line],
            "found": found,
            "start": declared.raw,
        }

    def to_count(index: int, trial: Trial, got: Outcome) -> bool:
        return (
            got.outcome == runner.PASS
            and not trial.refused
            and "count" in caps
            and index % COUNT_EVERY == 0
        )

    def to_shrink(got: Outcome) -> bool:
        return got.outcome == runner.FAIL and config.shrink

    # counts and shrinks use the implementation, which must have nothing in flight
    for k, got in player.play(scenarios()):
        index, trial = trials[k]
        if to_count(index, trial, got) or to_shrink(got):
            later.append((k, got))
        else:
            yield finish(k, got)
    for k, got in sorted(later, key=lambda pair: pair[0]):
        yield finish(k, got)


_PLAYERS: dict[tuple[int, int, tuple[str, ...]], Player] = {}
_PLAYERS_LOCK = threading.Lock()


def run_chunk(config: Config, indices: Sequence[int]) -> JSONObject:
    """A chunk run by a worker (a local process or a Dask worker): the implementation is started
    once per worker thread and kept for the next chunks."""
    player = _player(config)
    try:
        return run_chunk_with(player, config, indices)
    except runner.UnusableError as e:
        _drop(player)
        return {"unusable": str(e)}


def stream_chunk(config: Config, indices: Sequence[int]) -> Iterator[JSONObject]:
    """:func:`run_chunk` in this process, one summary a game as it is finished
    (:func:`chunk_games`), then an empty summary that ends the chunk."""
    player = _player(config)
    try:
        yield from chunk_games(player, config, indices)
    except runner.UnusableError as e:
        _drop(player)
        yield {"unusable": str(e)}
        return
    yield {}


def _player(config: Config) -> Player:
    """This worker thread's player of the implementation (started once, kept for the chunks)."""
    key = (os.getpid(), threading.get_ident(), config.argv)
    with _PLAYERS_LOCK:
        player = _PLAYERS.get(key)
        if player is None:
            player = _PLAYERS[key] = Player(config)
    return player


def _drop(player: Player) -> None:
    with _PLAYERS_LOCK:
        for key in [k for k, p in _PLAYERS.items() if p is player]:
            del _PLAYERS[key]
    player.close()


def close_players() -> None:
    """Stop the implementations this process started."""
    with _PLAYERS_LOCK:
        players = list(_PLAYERS.values())
        _PLAYERS.clear()
    for p in players:
        p.close()


def chunks(config: Config, size: int = CHUNK) -> list[list[int]]:
    idx = config.indices()
    return [idx[i : i + size] for i in range(0, len(idx), size)]


# --- executors ------------------------------------------------------------------------------------


def _worker_init() -> None:
    """A local worker process: tuned for throughput; SIGTERM and SIGHUP (which the client sends
    to end it on an interrupt) kill its implementations before it exits; Ctrl-C, which a
    terminal sends to the whole process group, is left to the client."""
    gctune.for_throughput()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _worker_ends)


def _worker_ends(signum: int, frame: object) -> None:
    for player in list(_PLAYERS.values()):  # no lock: the code interrupted may hold it
        player.abort()
    os._exit(128 + signum)


def _local_results(config: Config, jobs: int) -> Generator[JSONObject, None, None]:
    work = chunks(config, size=max(1, min(CHUNK, -(-len(config.indices()) // max(jobs, 1)))))
    if jobs <= 1:
        try:
            with gctune.throughput():
                for c in work:
                    yield from stream_chunk(config, c)
        finally:
            close_players()
        return
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=get_context("spawn"), initializer=_worker_init
    ) as pool:
        pending = {pool.submit(run_chunk, config, c) for c in work}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        except BaseException:
            # interrupted (or closed early): end the workers, which end their implementations,
            # rather than wait for the chunks they are playing
            for f in pending:
                f.cancel()
            for worker in active_children():
                worker.terminate()
            for worker in active_children():
                worker.join(30)
            raise
        finally:
            for f in pending:
                f.cancel()


class _DaskFuture(Protocol):
    def result(self) -> object: ...


class _DaskClient(Protocol):
    def submit(
        self, fn: Callable[[Config, list[int]], JSONObject], *args: object, pure: bool
    ) -> _DaskFuture: ...
    def scheduler_info(self) -> Mapping[str, object]: ...
    def run(self, fn: Callable[[], None]) -> object: ...
    def close(self) -> None: ...


def dask_client(address: str) -> _DaskClient:
    """A client of the Dask scheduler at ``address`` (the ``distributed`` package is needed)."""
    distributed = importlib.import_module("distributed")
    client: _DaskClient = distributed.Client(address)
    return client


def _dask_results(config: Config, address: str) -> Generator[JSONObject, None, None]:
    distributed = importlib.import_module("distributed")
    client = dask_client(address)
    try:
        info = client.scheduler_info().get("workers", {})
        workers = max(1, len(info) if isinstance(info, Mapping) else 1)
        size = max(1, min(CHUNK, -(-len(config.indices()) // workers)))
        futures = [
            client.submit(run_chunk, config, c, pure=False) for c in chunks(config, size=size)
        ]
        done: Iterator[_DaskFuture] = distributed.as_completed(futures)
        for f in done:
            value = f.result()
            if not isinstance(value, dict):
                raise TypeError("a worker returned something else than a chunk summary")
            yield value
        client.run(close_players)
    finally:
        client.close()


# --- the command ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Totals:
    games: int = 0
    decisions: int = 0
    counted: int = 0
    divergences: int = 0
    errors: int = 0
    skipped: int = 0
    unusable: str | None = None
    files: list[str] = field(default_factory=list)
    #: games and divergences of each kind
    kinds: dict[str, int] = field(default_factory=dict)
    found_kinds: dict[str, int] = field(default_factory=dict)

    def shares(self) -> str:
        """The games of each kind, with their share and their divergences."""
        parts = []
        for kind in KINDS:
            n = self.kinds.get(kind, 0)
            if n or self.found_kinds.get(kind):
                share = 100 * n / max(self.games, 1)
                parts.append(
                    f"{kind} {n} ({share:.0f}%, {self.found_kinds.get(kind, 0)} divergences)"
                )
        return ", ".join(parts) or "none"


def _number(value: JSON) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _write_scenario(out_dir: Path, scen: JSONObject) -> str:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{scen['id']}.json"
    path.write_text(json.dumps(scen, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return str(path)


def main(
    config: Config,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    json_path: str | None = None,
    out_dir: str | None = None,
    out: TextIO = sys.stdout,
    err: TextIO = sys.stderr,
    default_impl: bool = False,
) -> int:
    """``python -m conformance fuzz``: the exit status (0 no divergence, 1 divergences or errors,
    2 usage, 3 implementation unusable, 130 interrupted by Ctrl-C, 143 by SIGTERM, 129 by
    SIGHUP). ``default_impl``: the command is the reference's, no ``--impl`` given (as the line
    naming the implementation says)."""
    t0 = time.monotonic()
    report: TextIO | None = None
    if json_path is not None:
        try:
            report = open(json_path, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as e:
            err.write(f"--json: cannot write {json_path}: {e}\n")
            return runner.EXIT_USAGE

    def emit(obj: Mapping[str, JSON]) -> None:
        if report is not None:
            report.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
            report.flush()  # a game's line is on disk as soon as the game is finished

    header: JSONObject = {
        "type": "header",
        "format": RESULTS_FORMAT,
        "suite": {
            "version": __version__,
            "suite_version": SUITE_VERSION,
            "commit": runner.git_commit(Path(__file__).parent),
        },
        "protocol": protocol.VERSION,
        "implementation": {"command": list(config.argv)},
        "options": {
            "seed": config.seed,
            "games": config.count,
            "game": list(config.games),
            "shard": f"{config.shard[0]}/{config.shard[1]}",
            "max_steps": config.max_steps,
            "illegal": config.illegal,
            "jobs": jobs,
            "scheduler": scheduler,
            "game_seed": config.game_seed,
            "mix": show_mix(config.mix),
        },
        "time": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    emit(header)
    totals = Totals()
    interrupted = False
    signum: int | None = None
    total = len(config.indices())
    results = _dask_results(config, scheduler) if scheduler else _local_results(config, jobs)
    named = False
    found_groups: dict[tuple[str, str, str], groups.Group] = {}
    # SIGTERM and SIGHUP interrupt the campaign as Ctrl-C does (as they do a run)
    signals = contextlib.ExitStack()
    signals.enter_context(runner.interruptible())
    try:
        for chunk in results:
            if "unusable" in chunk:
                totals.unusable = str(chunk["unusable"])
                break
            start = chunk.get("start")
            if not named and isinstance(start, dict):
                who = command.describe(start, config.argv, default=default_impl)
                out.write(runner.printable(who))
                out.write("\n")
                named = True
            totals.games += _number(chunk.get("games"))
            totals.decisions += _number(chunk.get("decisions"))
            totals.counted += _number(chunk.get("counted"))
            totals.skipped += _number(chunk.get("skipped"))
            kinds = chunk.get("kinds")
            for kind, n in kinds.items() if isinstance(kinds, dict) else ():
                totals.kinds[kind] = totals.kinds.get(kind, 0) + _number(n)
            lines = chunk.get("lines")
            for line in lines if isinstance(lines, list) else []:
                if isinstance(line, dict):
                    emit(line)
            found = chunk.get("found")
            for item in found if isinstance(found, list) else []:
                if not isinstance(item, dict):
                    continue
                if item.get("outcome") == runner.FAIL:
                    totals.divergences += 1
                    kind = str(item.get("kind"))
                    totals.found_kinds[kind] = totals.found_kinds.get(kind, 0) + 1
                else:
                    totals.errors += 1
                scen = item.get("scenario")
                where = ""
                if isinstance(scen, dict) and out_dir is not None:
                    path = _write_scenario(Path(out_dir), scen)
                    totals.files.append(path)
                    where = f" -> {path}"
                emit(dict(item, type="divergence", file=where[4:] or None))
                # said once a group (the first observable that differs, the rule), at the end
                groups.add(found_groups, dict(item, file=where[4:] or None))
            if chunk.get("streamed"):
                continue  # one game of a chunk: the progress is shown at the end of the chunk
            elapsed = time.monotonic() - t0
            err.write(
                f"progress: {totals.games}/{total} games, {totals.decisions} decisions, "
                f"{totals.divergences} divergences, "
                f"{totals.games / max(elapsed, 1e-9):.0f} games/s\n"
            )
            err.flush()
    except KeyboardInterrupt as e:
        interrupted = True
        if isinstance(e, runner.Terminated):
            signum = e.signum
    finally:
        signals.close()
        results.close()  # a local pool's workers are ended, not waited for, on an interrupt
        close_players()
    elapsed = time.monotonic() - t0
    if interrupted:
        status = runner.EXIT_INTERRUPTED if signum is None else 128 + signum
    elif totals.unusable is not None:
        status = runner.EXIT_UNUSABLE
    else:
        status = runner.EXIT_FAILED if totals.divergences or totals.errors else runner.EXIT_OK
    summary: JSONObject = {
        "type": "summary",
        "games": totals.games,
        "decisions": totals.decisions,
        "counted": totals.counted,
        "divergences": totals.divergences,
        "errors": totals.errors,
        "skipped": totals.skipped,
        "kinds": {k: totals.kinds.get(k, 0) for k in KINDS},
        "kind_divergences": {k: totals.found_kinds.get(k, 0) for k in KINDS},
        "files": list(totals.files),
        "duration": round(elapsed, 6),
        "games_per_second": round(totals.games / max(elapsed, 1e-9), 1),
        "decisions_per_second": round(totals.decisions / max(elapsed, 1e-9), 1),
        "interrupted": interrupted,
        "unusable": totals.unusable,
        "exit_code": status,
    }
    emit(summary)
    if report is not None:
        report.close()
    groups.write(found_groups, out)
    out.write(
        f"summary: {totals.games} games, {totals.decisions} decisions, "
        f"{totals.divergences} divergences, {totals.errors} errors in {elapsed:.2f} s "
        f"({summary['games_per_second']} games/s, {summary['decisions_per_second']} decisions/s)\n"
        f"kinds: {totals.shares()}\n"
    )
    if totals.skipped:
        out.write(f"{totals.skipped} games skipped by the implementation (not compared)\n")
    if totals.unusable is not None:
        out.write(f"implementation unusable: {totals.unusable}\n")
    out.flush()
    return status


def parse_shard(text: str) -> tuple[int, int]:
    """``i/n`` with ``0 <= i < n``."""
    i_text, sep, n_text = text.partition("/")
    if not sep:
        raise ValueError("a shard is i/n, e.g. 0/4")
    i, n = int(i_text), int(n_text)
    if not 0 <= i < n:
        raise ValueError(f"shard {text}: need 0 <= i < n")
    return i, n


def command_line(argv: Sequence[str]) -> str:
    """The command that reproduces a run, for ``found_by``."""
    return shlex.join(["python", "-m", "conformance", *argv])
