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

from typing import Final

#: The suite's semantic version. Bumped on a release, with ``CHANGELOG.md`` and the manifest
#: (``python scripts/manifest.py --write``) in the same commit.
VERSION: Final = "2.0.0"


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
