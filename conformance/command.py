"""The implementation's command: read from ``--impl``, named once it answers ``start``, and
explained when it cannot start.

An empty ``--impl`` (``--impl "$IMPL"`` with the variable unset) is a usage error, never the
reference run in its place; every run names the implementation that answered ``start``; and a
command that cannot start, or that starts but gives no valid answer to ``start``, is one
message that says what is wrong (the first and last lines of its stderr, as lines), with a hint.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from reference.core.jsontypes import JSONObject

#: The interpreter of a script given by its file name alone (``--impl adapter.js``).
INTERPRETERS: Final = {
    ".js": "node",
    ".mjs": "node",
    ".cjs": "node",
    ".py": "python3",
    ".rb": "ruby",
    ".pl": "perl",
    ".php": "php",
    ".sh": "sh",
}
#: Lines of the implementation's stderr shown from its start and from its end.
FIRST_LINES: Final = 8
LAST_LINES: Final = 6
#: The hint after every start that failed.
HINT: Final = "is the command right? is the file executable? does it start when run by hand?"


def parse(impl: str | None, default: Sequence[str]) -> tuple[str, ...]:
    """The implementation's command from ``--impl`` (split like a shell would): ``default``
    when ``--impl`` is not given; :class:`ValueError` with what is wrong when it is given but
    names no command (empty or blank: an unset variable must not run the reference)."""
    if impl is None:
        return tuple(default)
    if not impl.strip():
        raise ValueError(
            "--impl is empty (an unset variable?): give the implementation's command, "
            'e.g. --impl "node adapter.js"; leave --impl out to run the reference'
        )
    try:
        argv = shlex.split(impl)
    except ValueError as e:
        raise ValueError(f"--impl: {e}") from None
    if not argv or not argv[0].strip():
        raise ValueError(f"--impl {impl!r} names no command")
    return tuple(argv)


def describe(start: JSONObject, argv: Sequence[str], *, default: bool) -> str:
    """One line naming the implementation from its answer to ``start``, and its command."""
    impl = start.get("implementation")
    fields = impl if isinstance(impl, dict) else {}
    name, version, language = (str(fields.get(k, "?")) for k in ("name", "version", "language"))
    whose = "the reference (no --impl)" if default else shlex.join(argv)
    return f"implementation: {name} {version} ({language}), command: {whose}"


def _with_interpreter(argv: Sequence[str]) -> str | None:
    interpreter = INTERPRETERS.get(Path(argv[0]).suffix.lower())
    return None if interpreter is None else shlex.join([interpreter, *argv])


def why_not_started(argv: Sequence[str], error: OSError) -> str:
    """Why the command could not be run at all (not found, not executable), and what to do."""
    program = argv[0]
    path = Path(program)
    interpreted = _with_interpreter(argv)
    run_it = ""
    if interpreted is not None:
        run_it = f"run it with {interpreted.split()[0]}: --impl {shlex.quote(interpreted)}"
    on_path = os.sep not in program
    if path.is_dir():
        return f"{program} is a directory, not a command"
    if isinstance(error, PermissionError) and path.is_file():
        fix = f"chmod +x {shlex.quote(program)}"
        return f"{program} is not executable: {fix}" + (f", or {run_it}" if run_it else "")
    if isinstance(error, FileNotFoundError):
        if on_path and path.is_file():
            where = f"{program} is a file here, not a command on PATH"
            local = shlex.quote("./" + program)
            if not os.access(path, os.X_OK):
                fix = f"chmod +x {shlex.quote(program)} and write {local}"
                return f"{where}: " + (f"{run_it} (or {fix})" if run_it else fix)
            return f"{where}: write {local}" + (f", or {run_it}" if run_it else "")
        if not on_path and path.is_file():
            return f"{program} exists but the interpreter its #! line names cannot be found" + (
                f"; {run_it}" if run_it else ""
            )
        if on_path:
            return f"no command {program!r} on PATH"
        return f"no file {program}"
    if error.errno == 8 and path.is_file():  # ENOEXEC: no #! line and not a binary
        return f"{program} cannot be executed (no #! line?)" + (f"; {run_it}" if run_it else "")
    return f"cannot run {shlex.join(argv)}: {error.strerror or error}"


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def excerpt(head: bytes, tail: bytes, total: int) -> list[str]:
    """The first and last lines of what the implementation wrote on stderr (``head``: its first
    bytes, ``tail``: its last, ``total``: how many it wrote), the lines left out said so."""
    if total <= len(head) + len(tail):
        overlap = max(0, len(head) + len(tail) - total)
        whole = _lines((head + tail[overlap:]).decode("utf-8", "replace"))
        if len(whole) <= FIRST_LINES + LAST_LINES:
            return whole
        hidden = len(whole) - FIRST_LINES - LAST_LINES
        return [*whole[:FIRST_LINES], f"… ({hidden} more lines)", *whole[-LAST_LINES:]]
    first = _lines(head.decode("utf-8", "replace"))[:FIRST_LINES]
    last = _lines(tail.decode("utf-8", "replace"))[1:][-LAST_LINES:]  # its first line is cut
    return [*first, "…", *last]


def start_failed(argv: Sequence[str], cause: str, stderr: Sequence[str]) -> str:
    """The message for an implementation that ran but gave no valid answer to ``start``."""
    lines = [f"no valid answer to start: {cause}", f"  command: {shlex.join(argv)}"]
    if stderr:
        lines.append("  its stderr (first and last lines):")
        lines += [f"    {line}" for line in stderr]
    else:
        lines.append("  it wrote nothing on stderr")
    lines.append(f"  {HINT}")
    return "\n".join(lines)
