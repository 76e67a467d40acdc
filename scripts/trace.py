"""The traceability check: per-game counts and every gap by id.

Usage: ``python scripts/trace.py``. Exit 1 on any gap in a game marked
complete (``conformance/status.json``) or any dangling id or bad quote.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance.trace import check, complete_games, render


def main() -> int:
    report = check()
    complete = complete_games()
    print(render(report, complete))
    failures = report.failures(complete)
    if failures:
        print(
            f"\nFAILED: {len(failures)} problem(s) in complete games or in the data",
            file=sys.stderr,
        )
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        return 1
    print("\ntraceability: OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
