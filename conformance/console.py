"""``koloda``: one command for both command lines (installed as a console script).

``koloda run …``, ``koloda report …`` and the other commands of the conformance suite are
``python -m conformance …``; ``koloda play …``, ``koloda replay …``, ``koloda rules …`` and
``koloda games`` are ``python -m reference …``. The arguments after the command are passed
on unchanged, so each command's ``--help`` is its own.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

#: The commands of ``python -m conformance``, with what each does.
CONFORMANCE: Final = {
    "run": "run the suite against an implementation",
    "validate": "check scenario files",
    "readings": "run one scenario under every reading of its options",
    "report": "an HTML page or Markdown of results files, side by side",
    "example": "where the example adapter shipped in the package is",
    "adapter": "serve the reference over protocol v1 on stdin/stdout",
    "fuzz": "random games on the reference and an implementation in lockstep",
    "perft": "check the perft fixtures against an implementation's count",
}
#: The commands of ``python -m reference``.
REFERENCE: Final = {
    "games": "list the games",
    "rules": "a game's rules with their source sentences",
    "replay": "replay a scenario on the reference, step by step",
    "play": "play a game at the terminal",
}


def usage() -> str:
    """What ``koloda --help`` prints."""
    lines = [
        "usage: koloda COMMAND [ARGS ...]",
        "",
        "koloda: the reference implementation and conformance suite of the card games of five",
        "Russian rule texts. One command for the two command lines:",
        "",
        "conformance suite (the same as python -m conformance COMMAND ...):",
    ]
    lines += [f"  {name:<10} {about}" for name, about in CONFORMANCE.items()]
    lines += ["", "reference model (the same as python -m reference COMMAND ...):"]
    lines += [f"  {name:<10} {about}" for name, about in REFERENCE.items()]
    lines += [
        "",
        "koloda COMMAND --help: the options of a command; koloda --version: the versions of",
        "the package, the conformance suite and the protocol.",
        "examples:",
        '  koloda run --impl "node adapter.js" --json results.jsonl',
        "  koloda report results.jsonl -o report.html",
        "  koloda play melniki-b --seat 0",
        "  koloda replay melniki-b-018",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to ``python -m conformance`` or ``python -m reference``; the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        sys.stdout.write(usage())
        return 0 if args else 2
    if args[0] in ("-V", "--version"):
        from conformance import suite  # noqa: PLC0415 (lazy)

        sys.stdout.write(suite.describe() + "\n")
        return 0
    command, rest = args[0], args[1:]
    if command in CONFORMANCE:
        from conformance.__main__ import main as conformance_main  # noqa: PLC0415 (lazy)

        return conformance_main([command, *rest], prog="koloda")
    if command in REFERENCE:
        from reference.cli import main as reference_main  # noqa: PLC0415 (lazy)

        return reference_main([command, *rest], prog="koloda")
    known = ", ".join([*CONFORMANCE, *REFERENCE])
    sys.stderr.write(f"koloda: unknown command {command!r}; the commands are: {known}\n")
    sys.stderr.write("koloda --help says what each does\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
