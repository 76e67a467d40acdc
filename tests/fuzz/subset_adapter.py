"""The reference adapter as an implementation that knows only part of each game, for the
fuzzer's tests.

``python subset_adapter.py`` serves protocol v1 like ``python -m conformance adapter``, but its
``start`` answer declares, for each game, one option only (the first by name, with every value
of an enumerated one, the default alone of an amount) and a few observables (:data:`OBSERVED`).
Like an implementation written before the others existed, it declines (``skipped``) a ``run``
or ``count`` that names another option or another value, and answers ``errored`` when asked
for an observable it did not declare.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from conformance import adapter, protocol
from reference import games
from reference.core.jsontypes import JSON, JSONObject

#: The observables it declares for every game (per-seat ones as patterns).
OBSERVED = ("to_move", "phase", "outcome", "hand.<seat>")


def declared() -> dict[str, JSONObject]:
    """Each game with the one option it declares, and its observables."""
    out: dict[str, JSONObject] = {}
    for gid, game in sorted(games().items()):
        options: JSONObject = {}
        for name, spec in sorted(game.options.items())[:1]:
            options[name] = list(spec.values) if spec.values else [spec.default]
        out[gid] = {"options": options, "observables": list(OBSERVED)}
    return out


DECLARED = declared()
right_start = adapter.start_answer
right_run = adapter.answer_run
right_count = adapter.answer_count


def subset_start() -> JSONObject:
    start = right_start()
    start["games"] = dict(DECLARED)
    return start


def unknown_option(game_id: JSON, setup: JSON) -> str | None:
    """Why the implementation does not know an option of a setup, or None."""
    entry = DECLARED.get(str(game_id))
    if entry is None or not isinstance(setup, dict):
        return None
    options = entry["options"]
    assert isinstance(options, dict)
    position = setup.get("position")
    in_position = position.get("options") if isinstance(position, dict) else None
    for given in (setup.get("options"), in_position):
        for name, value in given.items() if isinstance(given, dict) else ():
            listed = options.get(name)
            if not isinstance(listed, list):
                return f"unknown option {name}"
            if value not in listed:
                return f"option {name}={value} is not supported"
    return None


def subset_run(seq: JSON, scenario: JSON) -> JSONObject:
    if isinstance(scenario, dict):
        why = unknown_option(scenario.get("game"), scenario.get("setup"))
        if why is not None:
            return {"seq": seq, "skipped": why}
        steps = scenario.get("steps")
        for step in steps if isinstance(steps, list) else []:
            names = step.get("observe") if isinstance(step, dict) else None
            for name in names if isinstance(names, list) else []:
                if not protocol.observable_listed(OBSERVED, str(name)):
                    return {"seq": seq, "errored": f"unknown observable {name}"}
    return right_run(seq, scenario)


def subset_count(seq: int, request: JSONObject) -> JSONObject:
    why = unknown_option(request.get("game"), request.get("setup"))
    if why is not None:
        return {"seq": seq, "skipped": why}
    return right_count(seq, request)


def main() -> int:
    setattr(adapter, "start_answer", subset_start)  # noqa: B010
    setattr(adapter, "answer_run", subset_run)  # noqa: B010
    setattr(adapter, "answer_count", subset_count)  # noqa: B010
    return adapter.main()


if __name__ == "__main__":
    sys.exit(main())
