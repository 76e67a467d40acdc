"""Running a scenario on the reference model, and judging results against expectations.

The harness never sends expected values to an implementation. A scenario is
turned into a *plan* (:func:`plan`): its setup, and for each step either an
action to take or the names of observables to report. An implementation (here
the reference, :func:`execute`) answers with one result per step:

* an action step: ``{"accepted": true}`` or ``{"rejected": RULE_ID_or_null}``;
* an observation step: ``{"observed": {NAME: VALUE, ...}}``.

If the setup itself is refused the answer is ``{"setup_rejected": RULE_ID_or_null}``.
:func:`judge` compares such an answer with the scenario's expectations. The
same functions serve the in-process run, the reference adapter and the runner.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reference import games
from reference.core.deals import deal_from_json
from reference.core.errors import FormatError, IllegalAction, SetupError
from reference.core.game import AnyGame, Deal, Table
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue

#: Observables compared as multisets (the order of the list does not matter).
MULTISET_PREFIXES = ("hand.", "pile.")
MULTISETS = frozenset({"discard"})
#: Observables compared as sets of JSON values.
SETS = frozenset({"legal", "outcome.winners", "outcome.losers"})


class ScenarioError(ValueError):
    """A scenario the reference cannot even start (bad deal, unknown game)."""


def canonical(value: JSON) -> str:
    """A JSON value as canonical text (sorted keys, no spaces), for comparing."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _without_reason(outcome: JSON) -> JSON:
    """An outcome without its ``reason`` (prose for people, never compared)."""
    if isinstance(outcome, dict):
        return {k: v for k, v in outcome.items() if k != "reason"}
    return outcome


def normalise(name: str, value: JSON) -> JSON:
    """The comparable form of an observable: multisets and sets sorted; an outcome's
    ``reason`` (prose for people) left out, also from the outcome a view holds."""
    if name == "outcome":
        return _without_reason(value)
    if name.startswith("view.") and isinstance(value, dict):
        if "outcome" in value:
            return {**value, "outcome": _without_reason(value["outcome"])}
        return value
    is_multiset = name in MULTISETS or name.startswith(MULTISET_PREFIXES)
    if isinstance(value, list) and (is_multiset or name in SETS):
        return sorted(value, key=canonical)
    return value


def same(name: str, expected: JSON, observed: JSON) -> bool:
    """Whether an observed value meets the expected one, by the rules of that observable."""
    return canonical(normalise(name, expected)) == canonical(normalise(name, observed))


# --- from scenario to plan ---------------------------------------------------------


def _options(obj: JSON) -> dict[str, OptionValue]:
    out: dict[str, OptionValue] = {}
    if not isinstance(obj, dict):
        raise ScenarioError("setup/options must be an object")
    for k, v in obj.items():
        if not isinstance(v, (bool, int, str)):
            raise ScenarioError(f"setup/options/{k}: a boolean, integer or string")
        out[k] = v
    return out


def _deal(game: AnyGame, obj: JSON) -> Deal:
    try:
        return deal_from_json(obj, game.pack, "setup/deal")
    except FormatError as e:
        raise ScenarioError(str(e)) from None


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a plan: an action to take, or observables to report."""

    act: JSONObject | None
    observe: tuple[str, ...]


def plan(scenario: Mapping[str, JSON]) -> tuple[JSONObject, tuple[Step, ...]]:
    """The setup and the steps of a scenario, with every expected value removed."""
    setup = scenario.get("setup")
    if not isinstance(setup, dict):
        raise ScenarioError("the scenario has no setup object")
    steps: list[Step] = []
    raw_steps = scenario.get("steps", [])
    if not isinstance(raw_steps, list):
        raise ScenarioError("steps must be an array")
    for i, raw in enumerate(raw_steps):
        if not isinstance(raw, dict):
            raise ScenarioError(f"steps/{i} must be an object")
        act = raw.get("act")
        expect = raw.get("expect")
        if act is not None:
            if not isinstance(act, dict):
                raise ScenarioError(f"steps/{i}/act must be an object")
            steps.append(Step(act, ()))
        elif isinstance(expect, dict):
            steps.append(Step(None, tuple(expect)))
        else:
            raise ScenarioError(f"steps/{i} needs act, or expect with observables")
    return setup, tuple(steps)


# --- executing a plan on the reference ----------------------------------------------


def start(game_id: str, setup: Mapping[str, JSON]) -> tuple[AnyGame, object]:
    """The reference game and its first state for a scenario setup (SetupError if refused)."""
    game = games().get(game_id)
    if game is None:
        raise ScenarioError(f"unknown game {game_id!r}; the games are {', '.join(sorted(games()))}")
    if "position" in setup:
        try:
            return game, game.load_position(setup["position"])
        except FormatError as e:
            raise ScenarioError(f"setup/position: {e}") from None
    players, dealer = setup.get("players"), setup.get("dealer", 0)
    if not isinstance(players, int) or not isinstance(dealer, int):
        raise ScenarioError("setup/players and setup/dealer must be integers")
    table = Table(
        players, dealer, _deal(game, setup.get("deal")), _options(setup.get("options", {}))
    )
    return game, game.setup(table)


def execute(game_id: str, setup: Mapping[str, JSON], steps: tuple[Step, ...]) -> JSONObject:
    """Run a plan on the reference: the answer an adapter gives for it."""
    try:
        game, state = start(game_id, setup)
    except SetupError as e:
        return {"setup_rejected": e.rule_id}
    results: list[JSON] = []
    views: dict[tuple[str, ...], Callable[[object], JSONObject]] = {}
    for step in steps:
        if step.act is not None:
            try:
                action = game.parse_action(step.act)
                state = game.apply(state, action)
                results.append({"accepted": True})
            except IllegalAction as e:
                results.append({"rejected": e.rule_id})
            except FormatError as e:
                results.append({"rejected": None, "error": str(e)})
        else:
            view = views.get(step.observe)
            if view is None:
                view = views[step.observe] = looker(game, state, step.observe)
            results.append(view(state))
    return {"results": results}


def _unknown(name: str) -> JSON:
    return {"unknown_observable": name}


def looker(game: AnyGame, state: object, names: Sequence[str]) -> Callable[[object], JSONObject]:
    """The result of an observation step (each observable's value, ``unknown_observable`` for
    a name the game lacks) as a function of a state of the table of ``state``: the names are
    looked up once, for a game observed at every step."""
    view = game.viewer(names, state, _unknown)

    def observe(s: object) -> JSONObject:
        return {"observed": view(s)}

    return observe


#: The most positions :func:`count` visits before it gives up (a deep count of a wide game
#: would otherwise run for minutes; every perft fixture needs a few thousand at most).
COUNT_LIMIT = 200_000


def count(game_id: str, setup: Mapping[str, JSON], depth: int, limit: int = COUNT_LIMIT) -> int:
    """Perft: the distinct legal action sequences of length ``depth`` from a setup, a sequence
    after which the game is over counting once where it ends (``depth`` 0 counts 1).

    :class:`ScenarioError` when more than ``limit`` positions would have to be visited."""
    if depth < 0:
        raise ScenarioError("depth must be at least 0")
    game, state = start(game_id, setup)
    visited = 0

    def walk(s: object, d: int) -> int:
        nonlocal visited
        if d == 0:
            return 1
        legal = game.legal_actions(s)
        if not legal:
            return 1
        if d == 1:
            return len(legal)
        visited += len(legal)
        if visited > limit:
            raise ScenarioError(
                f"count: more than {limit} positions to visit at depth {depth}; ask for less"
            )
        return sum(walk(game.apply(s, a), d - 1) for a in legal)

    return walk(state, depth)


# --- judging an answer ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mismatch:
    """Where an answer departs from the scenario: the step, what was expected and seen."""

    step: int | None
    expected: JSON
    observed: JSON
    note: str

    def __str__(self) -> str:
        where = "setup" if self.step is None else f"step {self.step}"
        want, got = canonical(self.expected), canonical(self.observed)
        return f"{where}: {self.note}: expected {want}, observed {got}"


def judge(
    scenario: Mapping[str, JSON], answer: Mapping[str, JSON], strict_codes: bool = True
) -> list[Mismatch]:
    """Every departure of an answer from the scenario's expectations (empty: PASS)."""
    expect_setup = scenario.get("setup_expect")
    if "setup_rejected" in answer:
        observed = answer["setup_rejected"]
        if isinstance(expect_setup, dict) and "rejected" in expect_setup:
            want = expect_setup["rejected"]
            if strict_codes and want != observed:
                return [
                    Mismatch(
                        None,
                        {"rejected": want},
                        {"rejected": observed},
                        "setup refused under another rule",
                    )
                ]
            return []
        return [Mismatch(None, "accepted", {"rejected": observed}, "setup refused")]
    if isinstance(expect_setup, dict) and "rejected" in expect_setup:
        return [Mismatch(None, expect_setup, "accepted", "setup should have been refused")]
    results = answer.get("results")
    steps = scenario.get("steps", [])
    if not isinstance(results, list) or not isinstance(steps, list) or len(results) != len(steps):
        return [
            Mismatch(
                None,
                len(steps) if isinstance(steps, list) else None,
                canonical(results),
                "one result per step",
            )
        ]
    out: list[Mismatch] = []
    for i, (step, got) in enumerate(zip(steps, results, strict=True)):
        if not isinstance(step, dict) or not isinstance(got, dict):
            out.append(Mismatch(i, step, got, "malformed step or result"))
            continue
        expect = step.get("expect", "accepted")
        if "act" in step:
            if expect == "accepted":
                if got.get("accepted") is not True:
                    out.append(Mismatch(i, "accepted", got, "action refused"))
            elif isinstance(expect, dict) and "rejected" in expect:
                if "rejected" not in got:
                    out.append(Mismatch(i, expect, got, "action accepted"))
                elif strict_codes and got["rejected"] != expect["rejected"]:
                    out.append(Mismatch(i, expect, got, "refused under another rule"))
            else:
                out.append(Mismatch(i, expect, got, "an act step expects accepted or rejected"))
            if out and out[-1].step == i:
                break  # the state is no longer the scenario's: stop at the first departure
        elif isinstance(expect, dict):
            observed = got.get("observed")
            if not isinstance(observed, dict):
                out.append(Mismatch(i, expect, got, "no observations"))
                break
            for name, want in expect.items():
                if name not in observed:
                    out.append(Mismatch(i, want, None, f"{name} not reported"))
                elif not same(name, want, observed[name]):
                    out.append(Mismatch(i, want, observed[name], name))
    return out


def run_in_process(scenario: Mapping[str, JSON]) -> list[Mismatch]:
    """Plan, execute on the reference and judge, all in this process."""
    game_id = scenario.get("game")
    if not isinstance(game_id, str):
        raise ScenarioError("the scenario names no game")
    setup, steps = plan(scenario)
    return judge(scenario, execute(game_id, setup, steps))
