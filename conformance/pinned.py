"""The suite as of an earlier version: ``python -m conformance run --suite-version X``.

An implementation pins the version of the suite it passes (:mod:`conformance.suite`). A
released version's scenarios are kept frozen in ``conformance/frozen/suite-X.jsonl`` (one
scenario a line, as that version had them; ``conformance/frozen/README.md`` says where each
comes from), and a pinned run sends them as they were. The current version is the suite as it
is (``conformance/scenarios``). Only the scenarios are frozen: they are sent by today's runner
through the same protocol (version 1) and judged by today's rules of comparison.

A frozen scenario is not checked against today's reference when it is run (today's notation
may refuse what an earlier version allowed, e.g. a svinyi position without ``phase`` before
2.0.0): the tests hold each frozen file to today's validator and list every scenario today's
reference no longer passes, with the reason, in ``CHANGELOG.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from conformance import suite
from conformance.validate import Loaded
from reference.core.jsontypes import JSON

#: Where the frozen versions are: ``suite-X.jsonl``, one scenario a line.
FROZEN: Final = Path(__file__).parent / "frozen"
_PREFIX: Final = "suite-"
_SUFFIX: Final = ".jsonl"


def frozen_file(version: str) -> Path:
    """The file of a frozen version (which may not exist)."""
    return FROZEN / f"{_PREFIX}{version}{_SUFFIX}"


def frozen_versions() -> list[str]:
    """The earlier versions kept frozen, oldest first."""
    found = [p.name[len(_PREFIX) : -len(_SUFFIX)] for p in FROZEN.glob(f"{_PREFIX}*{_SUFFIX}")]
    return sorted((v for v in found if _is_version(v)), key=suite.parse)


def available() -> list[str]:
    """Every version a run may pin, oldest first: the frozen ones and the current one."""
    return sorted({*frozen_versions(), suite.VERSION}, key=suite.parse)


def _is_version(text: str) -> bool:
    try:
        suite.parse(text)
    except ValueError:
        return False
    return True


def unknown(version: str) -> str | None:
    """Why ``version`` cannot be pinned (a message naming the versions available), or None."""
    if version in available():
        return None
    return (
        f"--suite-version {version!r}: no such version of the suite here; "
        f"the versions available are {', '.join(available())}"
    )


def scenario_name(version: str, scenario_id: str) -> str:
    """The name a frozen scenario goes by in problems and results, ``suite-X/ID.json``: its
    file's name as the validator expects it (``ID.json``), under its version."""
    return f"{_PREFIX}{version}/{scenario_id}.json"


def load(version: str) -> list[Loaded]:
    """The scenarios of a frozen version, in their order (:class:`ValueError` if the file is
    missing or a line is not a scenario object with an id: the file is never edited)."""
    path = frozen_file(version)
    if version not in frozen_versions():
        raise ValueError(f"no frozen copy of suite {version} ({path})")
    out: list[Loaded] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        scenario: JSON = json.loads(line)
        sid = scenario.get("id") if isinstance(scenario, dict) else None
        if not isinstance(scenario, dict) or not isinstance(sid, str):
            raise ValueError(f"{path}:{number}: not a scenario object with an id")
        out.append(Loaded(scenario_name(version, sid), scenario))
    return out
