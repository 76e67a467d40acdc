"""The manifest of the released suite, and the check that no change to the suite goes unrecorded.

``conformance/manifest.json`` lists, for the suite's version (:data:`conformance.suite.VERSION`),
everything of the suite an implementation is judged by, each under a key with a content hash:

* each scenario, by its id (``melniki-b-018``), with its file;
* each game's interface file, as ``interface/<game>`` (the notation is in it), with a hash per
  section so a change names the sections it touches;
* each ruling of the register, by its id (``AMB-MELNIKIB-11``), with its default reading;
* each option of each game, as ``<game>.<name>`` (``svinyi.unplaced``), with its default.

:func:`compare` says what changed between the released manifest and the working suite, and how
much of a version bump each change needs at least (a removal or a changed default is major, an
addition minor; a changed scenario or interface at least a patch, major if it changes what is
judged). The rule (``docs/contributing.rst``): the working suite may differ from the released
manifest only while the ``Unreleased`` section of ``CHANGELOG.md`` names every changed key; a
release bumps :data:`~conformance.suite.VERSION` by at least the level of its changes, moves the
lines under its version and rewrites the manifest (``python scripts/manifest.py --write``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from conformance import suite
from reference import games
from reference.core.jsontypes import JSON, JSONObject

PACKAGE: Final = Path(__file__).resolve().parent
#: The manifest of the released suite.
MANIFEST: Final = PACKAGE / "manifest.json"
#: The changelog, at the root of a checkout (an installed package has none).
CHANGELOG: Final = PACKAGE.parent / "CHANGELOG.md"
#: The command that rewrites the manifest, as the messages name it.
WRITE: Final = "python scripts/manifest.py --write"
#: The format of the manifest file.
FORMAT: Final = "koloda-suite-manifest/1"

MAJOR: Final = "major"
MINOR: Final = "minor"
PATCH: Final = "patch"
#: The levels of a version bump, least first.
LEVELS: Final = (PATCH, MINOR, MAJOR)


@dataclass(frozen=True, slots=True)
class Sources:
    """Where the suite's parts are read from (the package's own by default; tests pass copies)."""

    scenarios: Path = PACKAGE / "scenarios"
    interfaces: Path = PACKAGE / "interface"
    register: Path = PACKAGE / "register.json"


def digest(value: JSON) -> str:
    """A short content hash of a JSON value: SHA-256 of its canonical text (keys sorted)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def _read(path: Path) -> JSON:
    value: JSON = json.loads(path.read_text(encoding="utf-8"))
    return value


def build(sources: Sources = Sources(), version: str = suite.VERSION) -> JSONObject:
    """The manifest of the working suite (what ``--write`` stores)."""
    entries: JSONObject = {}
    for path in sorted(sources.scenarios.glob("**/*.json")):
        scenario = _read(path)
        if isinstance(scenario, dict) and isinstance(scenario.get("id"), str):
            entries[str(scenario["id"])] = {
                "kind": "scenario",
                "file": path.relative_to(sources.scenarios).as_posix(),
                "hash": digest(scenario),
            }
    for path in sorted(sources.interfaces.glob("*.json")):
        interface = _read(path)
        sections: JSONObject = (
            {k: digest(v) for k, v in sorted(interface.items())}
            if isinstance(interface, dict)
            else {}
        )
        entries[f"interface/{path.stem}"] = {
            "kind": "interface",
            "hash": digest(interface),
            "sections": sections,
        }
    register = _read(sources.register)
    rulings = register.get("rulings") if isinstance(register, dict) else None
    for ruling in rulings if isinstance(rulings, list) else []:
        if isinstance(ruling, dict) and isinstance(ruling.get("id"), str):
            entries[str(ruling["id"])] = {
                "kind": "ruling",
                "default": ruling.get("default"),
                "hash": digest(ruling),
            }
    for gid, game in sorted(games().items()):
        for name, spec in sorted(game.options.items()):
            entries[f"{gid}.{name}"] = {
                "kind": "option",
                "default": spec.default,
                "hash": digest(
                    {
                        "default": spec.default,
                        "values": list(spec.values),
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        "ruling": spec.ruling,
                    }
                ),
            }
    return {"format": FORMAT, "suite_version": version, "entries": entries}


def load(path: Path = MANIFEST) -> JSONObject:
    """The released manifest."""
    value = _read(path)
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        raise ValueError(f"{path}: not a manifest ({FORMAT})")
    return value


def write(manifest: Mapping[str, JSON], path: Path = MANIFEST) -> None:
    """Store a manifest: one entry a line, keys sorted, so a diff shows what changed."""
    entries = manifest["entries"]
    assert isinstance(entries, dict)
    lines = [
        "{",
        f' "format": {json.dumps(manifest["format"])},',
        f' "suite_version": {json.dumps(manifest["suite_version"])},',
        ' "entries": {',
    ]
    body = [
        f"  {json.dumps(k, ensure_ascii=False)}: "
        + json.dumps(entries[k], ensure_ascii=False, sort_keys=True)
        for k in sorted(entries)
    ]
    lines.append(",\n".join(body))
    lines += [" }", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@dataclass(frozen=True, slots=True)
class Change:
    """One key of the suite that differs from the released manifest."""

    key: str
    #: ``added``, ``removed`` or ``changed``
    how: str
    #: the least version bump it needs (:data:`LEVELS`)
    level: str
    #: what changed, for people
    what: str

    def __str__(self) -> str:
        return f"{self.key}: {self.what} (at least a {self.level} version)"


def _entries(manifest: Mapping[str, JSON]) -> dict[str, JSONObject]:
    entries = manifest.get("entries")
    if not isinstance(entries, dict):
        return {}
    return {k: v for k, v in entries.items() if isinstance(v, dict)}


def compare(released: Mapping[str, JSON], current: Mapping[str, JSON]) -> list[Change]:
    """Every key whose entry differs between the released manifest and the working suite."""
    old, new = _entries(released), _entries(current)
    changes: list[Change] = []
    for key in sorted(set(old) | set(new)):
        was, now = old.get(key), new.get(key)
        if was == now:
            continue
        if was is None:
            assert now is not None
            changes.append(Change(key, "added", MINOR, f"new {now.get('kind')}"))
        elif now is None:
            how = "a scenario is deprecated, never removed" if was.get("kind") == "scenario" else ""
            what = f"{was.get('kind')} removed" + (f" ({how})" if how else "")
            changes.append(Change(key, "removed", MAJOR, what))
        elif was.get("hash") == now.get("hash") and was.get("kind") == "scenario":
            what = f"moved from {was.get('file')} to {now.get('file')}"
            changes.append(Change(key, "changed", PATCH, what))
        else:
            changes.append(_changed(key, was, now))
    return changes


def _changed(key: str, was: JSONObject, now: JSONObject) -> Change:
    kind = str(now.get("kind"))
    if kind in ("ruling", "option") and was.get("default") != now.get("default"):
        what = (
            f"{kind} default changed from {json.dumps(was.get('default'))} to "
            f"{json.dumps(now.get('default'))}"
        )
        return Change(key, "changed", MAJOR, what)
    if kind == "interface":
        before, after = was.get("sections"), now.get("sections")
        before = before if isinstance(before, dict) else {}
        after = after if isinstance(after, dict) else {}
        touched = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        return Change(
            key,
            "changed",
            PATCH,
            f"interface sections changed: {', '.join(touched)} (major if a field, observable or "
            "action was removed, renamed or made required; minor if one was added)",
        )
    if kind == "scenario":
        what = "scenario changed (major if what it sends or expects changed; patch for wording)"
        return Change(key, "changed", PATCH, what)
    return Change(key, "changed", PATCH, f"{kind} changed (readings or wording)")


def level_of(changes: Iterable[Change]) -> str | None:
    """The least bump the changes need together, or None when there are none."""
    levels = [LEVELS.index(c.level) for c in changes]
    return LEVELS[max(levels)] if levels else None


def named(key: str, text: str) -> bool:
    """Whether a changelog text names the key (as a whole id: ``mushka-01`` is not
    ``mushka-010``, ``svinyi.unplaced`` not ``svinyi.unplaced_x``)."""
    return re.search(r"(?<![\w./-])" + re.escape(key) + r"(?![\w-]|\.\w)", text) is not None


def bumped(released: str, version: str) -> str | None:
    """The level of the bump from one version to the next, or None when it is no bump."""
    a, b = suite.parse(released), suite.parse(version)
    if b <= a:
        return None
    if b[0] > a[0]:
        return MAJOR
    return MINOR if b[1] > a[1] else PATCH


def problems(
    released: Mapping[str, JSON],
    current: Mapping[str, JSON],
    changelog: str,
    version: str = suite.VERSION,
) -> list[str]:
    """What keeps the working suite from matching its record: empty when every change since the
    released manifest is named in ``Unreleased`` and the manifest is the suite version's.

    Each problem says what to do.
    """
    out: list[str] = []
    released_version = str(released.get("suite_version"))
    sections = suite.changelog_sections(changelog)
    if released_version != version:
        out.append(
            f"the suite's version is {version} (conformance/suite.py) but the manifest is of "
            f"{released_version}: a release rewrites the manifest in the same commit. Move the "
            f"lines of '## Unreleased' in CHANGELOG.md under '## [{version}] - DATE', then run "
            f"`{WRITE}`."
        )
        return out
    if version not in sections:
        out.append(f"CHANGELOG.md has no section '## [{version}] - DATE' for the suite's version")
    unreleased = sections.get(suite.UNRELEASED)
    if unreleased is None:
        out.append("CHANGELOG.md has no '## Unreleased' section (keep it at the top, even empty)")
        unreleased = ""
    missing = [c for c in compare(released, current) if not named(c.key, unreleased)]
    if missing:
        lines = "\n".join(f"  - {c}" for c in missing)
        out.append(
            f"{len(missing)} change(s) to the suite since its release {version} are not in "
            f"CHANGELOG.md:\n{lines}\n"
            "Say what changed for implementers in the '## Unreleased' section of CHANGELOG.md, "
            "naming each key above in backquotes (e.g. "
            f"'- Changed: `{missing[0].key}` ...'). "
            "When the suite is released: bump VERSION in conformance/suite.py by at least the "
            f"level named, move the lines under the new version and run `{WRITE}`. "
            "(`python scripts/manifest.py` lists the changes again.)"
        )
    return out


def release_problems(
    released: Mapping[str, JSON],
    current: Mapping[str, JSON],
    changelog: str,
    version: str = suite.VERSION,
) -> list[str]:
    """What keeps the working suite from being written as the manifest of ``version``."""
    changes = compare(released, current)
    released_version = str(released.get("suite_version"))
    if not changes and version == released_version:
        return []
    if version == released_version:
        need = level_of(changes)
        return [
            f"the suite changed since {version} ({len(changes)} key(s); at least a {need} "
            "version): bump VERSION in conformance/suite.py before writing the manifest"
        ]
    level = bumped(released_version, version)
    if level is None:
        return [f"{version} does not come after the released {released_version}"]
    need = level_of(changes)
    out: list[str] = []
    if need is not None and LEVELS.index(level) < LEVELS.index(need):
        worst = [str(c) for c in changes if c.level == need][:5]
        out.append(
            f"{released_version} -> {version} is a {level} bump; these changes need a {need} one: "
            + "; ".join(worst)
        )
    section = suite.changelog_sections(changelog).get(version)
    if section is None:
        return [*out, f"CHANGELOG.md has no section '## [{version}] - DATE'"]
    unnamed = [c.key for c in changes if not named(c.key, section)]
    if unnamed:
        out.append(
            f"the section of {version} in CHANGELOG.md does not name: " + ", ".join(unnamed[:20])
        )
    return out
