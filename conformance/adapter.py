"""The reference model behind protocol v1: ``python -m conformance adapter``.

Reads requests from stdin, answers on stdout, one JSON line each. Every
``run`` starts from nothing (the adapter keeps no state between scenarios);
the answer is what :func:`conformance.engine.execute` gives. The adapter never
dies on a bad request: it answers ``errored`` (or ``error`` when the request
has no usable ``seq``) and reads the next line.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from conformance import engine, gctune, protocol
from reference import __version__, games
from reference.core.errors import SetupError
from reference.core.jsontypes import JSON, JSONObject


def start_answer() -> JSONObject:
    """The answer to ``start``: every registered game with every value of its options and
    every observable it defines."""
    declared: JSONObject = {}
    for gid, game in sorted(games().items()):
        options: JSONObject = {}
        for name, spec in game.options.items():
            if spec.values:
                options[name] = list(spec.values)
            else:
                options[name] = {"minimum": spec.minimum, "maximum": spec.maximum}
        # every observable of the game, as its kernel lists them (per-seat ones as patterns)
        declared[gid] = {"options": options, "observables": list(game.observables)}
    return {
        "protocol": protocol.VERSION,
        "implementation": {
            "name": "koloda-reference",
            "version": __version__,
            "language": f"Python {sys.version_info.major}.{sys.version_info.minor}",
        },
        "games": declared,
        "capabilities": ["count"],
    }


def answer_run(seq: JSON, scenario: JSON) -> JSONObject:
    """The answer to one ``run`` request."""
    if not isinstance(scenario, dict):
        return {"seq": seq, "errored": "run: scenario must be an object"}
    game_id, setup = scenario.get("game"), scenario.get("setup")
    if not isinstance(game_id, str) or not isinstance(setup, dict):
        return {"seq": seq, "errored": "run: scenario needs game (a string) and setup (an object)"}
    if game_id not in games():
        return {"seq": seq, "skipped": f"game {game_id!r} is not implemented"}
    try:
        steps = protocol.wire_steps(scenario)
        out = engine.execute(game_id, setup, steps)
    except (protocol.ProtocolError, engine.ScenarioError) as e:
        return {"seq": seq, "errored": str(e)}
    except Exception as e:  # a bug in the model: report it, keep serving
        return {"seq": seq, "errored": f"{type(e).__name__}: {e}"}
    out["seq"] = seq  # after the results: protocol.answer_line writes a run answer so
    return out


#: The deepest ``count`` the adapter accepts (the tree grows exponentially).
MAX_COUNT_DEPTH = 12


def answer_count(seq: int, request: JSONObject) -> JSONObject:
    """The answer to one ``count`` request (the optional capability ``count``)."""
    game_id, setup, depth = request.get("game"), request.get("setup"), request.get("depth")
    if not isinstance(game_id, str) or not isinstance(setup, dict):
        return {"seq": seq, "errored": "count: needs game (a string) and setup (an object)"}
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_COUNT_DEPTH:
        return {"seq": seq, "errored": f"count: depth must be an integer 0..{MAX_COUNT_DEPTH}"}
    if game_id not in games():
        return {"seq": seq, "skipped": f"game {game_id!r} is not implemented"}
    try:
        return {"seq": seq, "count": engine.count(game_id, setup, depth)}
    except SetupError as e:
        return {"seq": seq, "setup_rejected": e.rule_id}
    except engine.ScenarioError as e:
        return {"seq": seq, "errored": str(e)}
    except Exception as e:  # a bug in the model: report it, keep serving
        return {"seq": seq, "errored": f"{type(e).__name__}: {e}"}


def answer(line: bytes) -> tuple[JSONObject | None, bool]:
    """The answer to one request line, and whether to stop after it."""
    try:
        request = protocol.decode(line)
    except protocol.ProtocolError as e:
        return {"error": str(e)}, False
    cmd = request.get("cmd")
    if cmd in ("run", "count"):
        seq = request.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            return {"error": f"{cmd}: seq must be a positive integer"}, False
        if cmd == "run":
            return answer_run(seq, request.get("scenario")), False
        return answer_count(seq, request), False
    if cmd == "start":
        version = request.get("protocol")
        if isinstance(version, bool) or version != protocol.VERSION:
            return {
                "error": f"unsupported protocol {version!r}; this adapter speaks {protocol.VERSION}"
            }, False
        return start_answer(), False
    if cmd == "stop":
        return None, True
    return {"error": f"unknown cmd {cmd!r}: start, run, count or stop"}, False


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer requests until ``stop`` or the end of input; the exit status."""
    limit = protocol.MAX_LINE + 2
    while True:
        line = stdin.readline(limit)
        if not line:
            return 0
        if len(line) >= limit and not line.endswith(b"\n"):
            # over-long: say so, then skip the rest of that line
            while line and not line.endswith(b"\n"):
                line = stdin.readline(limit)
            stdout.write(protocol.encode({"error": "request longer than 1 MiB"}))
            stdout.flush()
            continue
        reply, stop = answer(line.rstrip(b"\n"))
        if stop:
            return 0
        if reply is not None:
            data = protocol.encode(reply)
            if len(data) > protocol.MAX_LINE + 1:  # the protocol's limit, newline excluded
                data = protocol.encode(too_long(reply))
            stdout.write(data)
            stdout.flush()


def too_long(reply: JSONObject) -> JSONObject:
    """The answer sent instead of one longer than the protocol allows."""
    why = "the answer would be longer than 1 MiB (the protocol's limit): ask for fewer steps"
    if "seq" in reply:
        return {"seq": reply["seq"], "errored": why}
    return {"error": why}


def main() -> int:
    """Entry point of ``python -m conformance adapter``."""
    with gctune.throughput():
        return serve(sys.stdin.buffer, sys.stdout.buffer)
