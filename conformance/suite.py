"""The conformance suite's own version: the contract an implementer passes, apart from the code.

The suite (the scenarios, the per-game interfaces with their position notation, the register's
default readings and the options' defaults) has a semantic version of its own, held here and
nowhere else. It changes by these rules (``CHANGELOG.md`` lists every change, version by
version, and ``docs/contributing.rst`` says how a change is recorded):

* **major**: an implementation that passed may now fail: a default reading changed, a field,
  observable, option or scenario removed or renamed, a field made required, a scenario's
  expectations changed;
* **minor**: additions an implementation that passed can ignore or is SKIPped on: new
  scenarios, games, options whose default is the old behaviour, observables, readings;
* **patch**: wording only (titles, notes, descriptions), nothing that is judged.

The package's version (:data:`reference.__version__`) is the code's and moves on its own.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

#: The suite's semantic version. Bumped on a release, with ``CHANGELOG.md`` and the manifest
#: (``python scripts/manifest.py --write``) in the same commit.
VERSION: Final = "5.1.0"


def describe() -> str:
    """What ``--version`` prints: the package's version, the suite's and the protocol's."""
    from conformance.protocol import VERSION as PROTOCOL  # noqa: PLC0415 (keeps this module light)
    from reference import __version__  # noqa: PLC0415

    return f"koloda {__version__}, conformance suite {VERSION}, protocol {PROTOCOL}"


def parse(version: str) -> tuple[int, int, int]:
    """``"2.1.0"`` as ``(2, 1, 0)``; :class:`ValueError` for anything but three numbers."""
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"a suite version is MAJOR.MINOR.PATCH, not {version!r}")
    major, minor, patch = (int(p) for p in parts)
    return major, minor, patch


#: The heading of the section of ``CHANGELOG.md`` where changes not yet released are listed.
UNRELEASED: Final = "Unreleased"


def changelog_sections(text: str) -> dict[str, str]:
    """The sections of ``CHANGELOG.md`` by version (``"2.0.0"``, or ``"Unreleased"``): the text
    under each ``## [VERSION] - DATE`` (or ``## Unreleased``) heading, up to the next one."""
    sections: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if current is not None:
                sections[current] = "\n".join(lines).strip()
            current = line[3:].split(" - ")[0].strip().strip("[]")
            lines = []
        elif current is not None:
            lines.append(line)
    if current is not None:
        sections[current] = "\n".join(lines).strip()
    return sections


class Required(NamedTuple):
    """A field of a game's position notation that a version of the suite made required."""

    since: str
    change: str


#: The position fields a released version made required, by game and field: a scenario of an
#: earlier version that leaves one out is refused with the version and the change named
#: (``validate``), rather than with a bare "missing field".
REQUIRED_SINCE: Final = {
    ("svinyi", "phase"): Required(
        "2.0.0",
        "required in svinyi positions since suite 2.0.0 (under 1.0.0 it could be left out): "
        '"play", or "over" exactly when nobody is to move (to_move null)',
    ),
}


def no_longer_passing_heading(version: str) -> str:
    """The heading, in a section of ``CHANGELOG.md``, of the list of the scenarios of an earlier
    ``version`` that the version of that section no longer passes (see
    :func:`no_longer_passing`)."""
    return f"### Scenarios of {version} that no longer pass"


_SCENARIO_ID: Final = re.compile(r"`([a-z]+(?:-[a-z]+)*-[0-9]{3})`")


def no_longer_passing(text: str, version: str) -> dict[str, str]:
    """The scenarios of ``version`` that the suite no longer passes, each with its reason, as
    ``CHANGELOG.md`` (``text``) lists them in the sections of the later versions and
    *Unreleased*: under :func:`no_longer_passing_heading`, one item per reason, ``- `ID`,
    `ID`: why``. A scenario listed in several sections takes the newest one's reason; an item
    that names no scenario, or gives no reason after its ids, is a :class:`ValueError`."""
    heading = no_longer_passing_heading(version)
    out: dict[str, str] = {}
    later = [
        body
        for name, body in changelog_sections(text).items()
        if name == UNRELEASED or parse(name) > parse(version)
    ]
    for body in reversed(later):  # oldest first: a newer section's reason wins
        for item in _items_under(body, heading):
            ids = _SCENARIO_ID.findall(item.split(":", 1)[0])
            reason = item.split(":", 1)[1].strip() if ":" in item else ""
            if not ids or not reason:
                raise ValueError(f"{heading!r}: each item is '- `ID`, `ID`: why', not {item!r}")
            out.update(dict.fromkeys(ids, reason))
    return out


def _items_under(body: str, heading: str) -> list[str]:
    """The list items (``- ...``, continued on indented lines) under a ``###`` heading."""
    items: list[str] = []
    inside = False
    for line in body.splitlines():
        if line.startswith("### "):
            inside = line.strip() == heading
        elif inside and line.startswith("- "):
            items.append(line[2:].strip())
        elif inside and line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    return items
