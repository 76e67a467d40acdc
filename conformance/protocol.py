"""Protocol v1: how the harness talks to an implementation (design §3, docs/protocol.rst).

JSON lines over the implementation's stdin and stdout: UTF-8, one JSON object
per line, at most :data:`MAX_LINE` bytes before the newline. The harness
sends one request and reads one response. Three requests exist:

* ``{"cmd":"start","protocol":1}``, answered with the implementation's
  name and the games and option values it supports;
* ``{"cmd":"run","seq":N,"scenario":{...}}``, the scenario *without* its
  expected values (:func:`wire_scenario`), answered with one result per step;
* ``{"cmd":"stop"}``, after which the implementation exits with status 0.

This module holds the pure parts: encoding, decoding and checking messages.
Processes, pipes and timeouts are the runner's (:mod:`conformance.runner`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeGuard

from conformance import engine
from reference.core.jsontypes import JSON, JSONObject

#: The protocol version this harness speaks.
VERSION: Final = 1
#: The longest line either side may send, in bytes, not counting the newline (1 MiB).
MAX_LINE: Final = 1 << 20


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says what is wrong and what is right."""


# --- framing -------------------------------------------------------------------------


def encode(message: Mapping[str, JSON]) -> bytes:
    """One message as a protocol line: compact UTF-8 JSON and a newline."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8") + b"\n"


def answer_line(seq: int, results: Sequence[JSON]) -> bytes:
    """A ``run`` answer written as the reference adapter writes it, without the newline:
    ``{"results":[...],"seq":N}``, compact, members in that order, non-ASCII as UTF-8.

    Answers are compared as JSON values; the harness only uses this form to accept, without
    decoding it, an answer that is byte for byte the expected one."""
    return answer_line_of(seq, results_json(results))


def results_json(results: Sequence[JSON]) -> bytes:
    """The results of a ``run`` answer as :func:`answer_line` writes them."""
    body = json.dumps(list(results), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return body.encode()


def answer_line_of(seq: int, results: bytes) -> bytes:
    """:func:`answer_line` from the results already written by :func:`results_json`."""
    return b'{"results":%s,"seq":%d}' % (results, seq)


def decode(line: bytes) -> JSONObject:
    """One received line (without its newline) as a JSON object, or :class:`ProtocolError`."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line of {len(line)} bytes; the limit is {MAX_LINE} bytes (1 MiB)")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ProtocolError(f"not UTF-8 at byte {e.start}: lines are UTF-8 JSON") from None
    if text.endswith("\r"):
        text = text[:-1]
    try:
        value: JSON = json.loads(text)
    except RecursionError:
        raise ProtocolError("JSON nested too deeply") from None
    except ValueError as e:
        raise ProtocolError(f"not JSON ({e}): {_clip(text)}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a line must hold one JSON object, not {_clip(text)}")
    return value


def _clip(text: str, limit: int = 120) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


# --- requests --------------------------------------------------------------------------


def start_request() -> bytes:
    """The ``start`` request."""
    return encode({"cmd": "start", "protocol": VERSION})


def stop_request() -> bytes:
    """The ``stop`` request."""
    return encode({"cmd": "stop"})


def wire_scenario(scenario: Mapping[str, JSON]) -> JSONObject:
    """What an implementation is told of a scenario: no expectations, only what to do and report.

    ``{"id", "game", "setup", "steps"}`` where each step is ``{"act": ACTION}`` or
    ``{"observe": [NAME, ...]}``. Raises :class:`engine.ScenarioError` on a malformed scenario.
    """
    setup, steps = engine.plan(scenario)
    wire_steps: list[JSON] = []
    for step in steps:
        if step.act is not None:
            wire_steps.append({"act": step.act})
        else:
            wire_steps.append({"observe": list(step.observe)})
    return {
        "id": scenario.get("id"),
        "game": scenario.get("game"),
        "setup": setup,
        "steps": wire_steps,
    }


def run_request(seq: int, wire: Mapping[str, JSON]) -> bytes:
    """The ``run`` request for a scenario already stripped by :func:`wire_scenario`."""
    return encode({"cmd": "run", "seq": seq, "scenario": dict(wire)})


def run_request_bytes(seq: int, wire_json: bytes) -> bytes:
    """The ``run`` request from the scenario's encoded wire form (avoids re-encoding)."""
    return b'{"cmd":"run","seq":%d,"scenario":%s}\n' % (seq, wire_json)


_NAME: Final = frozenset({str})


def _all_names(values: list[JSON]) -> TypeGuard[list[str]]:
    """Whether every value is a string (JSON strings decode as ``str``, never a subclass)."""
    return set(map(type, values)) <= _NAME


def wire_steps(wire: Mapping[str, JSON]) -> tuple[engine.Step, ...]:
    """The engine's steps for a received wire scenario, or :class:`ProtocolError`."""
    raw = wire.get("steps")
    if not isinstance(raw, list):
        raise ProtocolError("scenario/steps must be an array")
    out: list[engine.Step] = []
    for i, step in enumerate(raw):
        if isinstance(step, dict) and isinstance(step.get("act"), dict):
            act = step["act"]
            assert isinstance(act, dict)
            out.append(engine.Step(act, ()))
        elif isinstance(step, dict) and isinstance(step.get("observe"), list):
            names = step["observe"]
            assert isinstance(names, list)
            if not _all_names(names):
                raise ProtocolError(f"scenario/steps/{i}/observe must be an array of names")
            out.append(engine.Step(None, tuple(names)))
        else:
            raise ProtocolError(
                f"scenario/steps/{i} must be {{'act': ACTION}} or {{'observe': [...]}}"
            )
    return tuple(out)


# --- responses -------------------------------------------------------------------------


#: The JSON values whose canonical text is fixed by their type and value (floats are not:
#: ``1.0`` and ``1`` differ in text, and a NaN equals nothing).
_SCALARS: Final = frozenset({str, int, bool, type(None)})


@dataclass(frozen=True, slots=True)
class OptionSupport:
    """The values of one option an implementation supports."""

    values: tuple[JSON, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: the canonical text of each listed value (derived from ``values``, for :meth:`allows`)
    _canonical: frozenset[str] = field(init=False, repr=False, compare=False)
    #: each listed string, integer, boolean or null with its type: two such values have the
    #: same canonical text exactly when they have the same type and are equal
    _scalars: frozenset[tuple[type, JSON]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        listed = () if self.values is None else self.values
        object.__setattr__(self, "_canonical", frozenset(engine.canonical(v) for v in listed))
        scalars = frozenset((type(v), v) for v in listed if type(v) in _SCALARS)
        object.__setattr__(self, "_scalars", scalars)

    def allows(self, value: JSON) -> bool:
        """Whether the implementation says it supports ``value``."""
        if self.values is not None:
            if type(value) in _SCALARS:
                return (type(value), value) in self._scalars
            return engine.canonical(value) in self._canonical
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        )


@dataclass(frozen=True, slots=True)
class StartAnswer:
    """A checked answer to ``start``: the raw answer and the games with their options.

    ``observables`` holds, for each game whose declaration lists them, the observables the
    implementation supports (names, and per-seat patterns such as ``hand.<seat>``); a game
    without the list supports every observable of its interface.
    """

    raw: JSONObject
    games: Mapping[str, Mapping[str, OptionSupport]]
    observables: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def supports(self, game: str, name: str) -> bool:
        """Whether the implementation says it can report observable ``name`` of ``game``."""
        listed = self.observables.get(game)
        return listed is None or observable_listed(listed, name)

    def unsupported_observables(self, game: str, names: Iterable[str]) -> list[str]:
        """The names, in order and once each, that the implementation says it cannot report."""
        return [n for n in dict.fromkeys(names) if not self.supports(game, n)]


#: What a per-seat pattern's ``<seat>`` stands for in an observable's name.
_SEAT: Final = re.compile(r"[0-9]+")


def observable_listed(listed: Collection[str], name: str) -> bool:
    """Whether a list of observables names ``name``: ``hand.2`` is listed by ``hand.2`` and by
    the pattern ``hand.<seat>``."""
    if name in listed:
        return True
    head, dot, seat = name.rpartition(".")
    return bool(dot) and _SEAT.fullmatch(seat) is not None and f"{head}.<seat>" in listed


def check_start(answer: JSONObject) -> StartAnswer:
    """Check the answer to ``start``; :class:`ProtocolError` says what is wrong."""
    if "error" in answer and "protocol" not in answer:
        raise ProtocolError(f"the implementation refused to start: {answer['error']!r}")
    if answer.get("protocol") != VERSION:
        raise ProtocolError(
            f"start: protocol is {answer.get('protocol')!r}; this harness speaks protocol {VERSION}"
        )
    impl = answer.get("implementation")
    if not isinstance(impl, dict) or not all(
        isinstance(impl.get(k), str) for k in ("name", "version", "language")
    ):
        raise ProtocolError(
            'start: "implementation" must be {"name": str, "version": str, "language": str}'
        )
    games = answer.get("games")
    if not isinstance(games, dict):
        raise ProtocolError('start: "games" must be an object {GAME_ID: {"options": {...}}}')
    out: dict[str, dict[str, OptionSupport]] = {}
    observables: dict[str, frozenset[str]] = {}
    for gid, decl in games.items():
        if not isinstance(decl, dict):
            raise ProtocolError(f'start: games/{gid} must be an object {{"options": {{...}}}}')
        options = decl.get("options", {})
        if not isinstance(options, dict):
            raise ProtocolError(f"start: games/{gid}/options must be an object")
        out[gid] = {name: _support(gid, name, v) for name, v in options.items()}
        if "observables" in decl:
            listed = decl["observables"]
            if not isinstance(listed, list) or not _all_names(listed):
                raise ProtocolError(
                    f"start: games/{gid}/observables must be an array of observable names "
                    '(per-seat ones as patterns, "hand.<seat>")'
                )
            observables[gid] = frozenset(listed)
    return StartAnswer(answer, out, observables)


def _support(gid: str, name: str, v: JSON) -> OptionSupport:
    where = f"start: games/{gid}/options/{name}"
    if isinstance(v, list):
        return OptionSupport(values=tuple(v))
    if isinstance(v, dict):
        lo, hi = v.get("minimum"), v.get("maximum")
        for bound in (lo, hi):
            if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int)):
                raise ProtocolError(f"{where}: minimum and maximum must be integers")
        assert lo is None or isinstance(lo, int)
        assert hi is None or isinstance(hi, int)
        return OptionSupport(minimum=lo, maximum=hi)
    raise ProtocolError(f'{where}: a list of values, or {{"minimum": INT, "maximum": INT}}')


@dataclass(frozen=True, slots=True)
class RunAnswer:
    """A checked answer to ``run``.

    ``kind`` is ``results``, ``setup_rejected``, ``skipped`` or ``errored``;
    ``answer`` is what :func:`engine.judge` takes (``{"results": [...]}`` or
    ``{"setup_rejected": CODE}``); ``reason`` the text of a skip or an error.
    """

    kind: str
    answer: JSONObject
    reason: str = ""


KINDS: Final = ("results", "setup_rejected", "skipped", "errored")


def check_run(answer: JSONObject, seq: int, steps: Sequence[engine.Step]) -> RunAnswer:
    """Check an answer to the ``run`` request ``seq`` of a scenario with these steps."""
    got = answer.get("seq")
    if got != seq or isinstance(got, bool):
        raise ProtocolError(f"answer for seq {got!r} while seq {seq} was asked")
    kinds = [k for k in KINDS if k in answer]
    if len(kinds) != 1:
        raise ProtocolError(
            f"an answer to run has exactly one of {', '.join(KINDS)}; this one has "
            f"{', '.join(kinds) or 'none'}"
        )
    kind = kinds[0]
    value = answer[kind]
    if kind in ("skipped", "errored"):
        if not isinstance(value, str):
            raise ProtocolError(f'"{kind}" must be a string saying why')
        return RunAnswer(kind, {}, value)
    if kind == "setup_rejected":
        if value is not None and not isinstance(value, str):
            raise ProtocolError('"setup_rejected" must be a rule id (a string) or null')
        return RunAnswer(kind, {"setup_rejected": value})
    if not isinstance(value, list):
        raise ProtocolError('"results" must be an array, one result per step')
    if len(value) != len(steps):
        raise ProtocolError(f'"results" has {len(value)} entries for {len(steps)} steps')
    for i, (step, result) in enumerate(zip(steps, value, strict=True)):
        if not isinstance(result, dict):
            raise ProtocolError(f"results/{i} must be an object")
        if step.act is not None:
            if result.get("accepted") is True:
                continue
            if "rejected" in result and (
                result["rejected"] is None or isinstance(result["rejected"], str)
            ):
                continue
            raise ProtocolError(
                f"results/{i} answers an action: "
                '{"accepted": true} or {"rejected": RULE_ID|null}'
            )
        if not isinstance(result.get("observed"), dict):
            raise ProtocolError(
                f'results/{i} answers an observation: {{"observed": {{NAME: VALUE}}}}'
            )
    return RunAnswer(kind, {"results": value})
