"""Regenerate ``conformance/schema/scenario.schema.json`` from the game registry.

Usage: ``python scripts/write_schema.py`` (from a checkout), after a game, an option or an
observable is added or changed; then ``python -m conformance validate``. A maintainer's step:
the installed package's command line never writes into the package.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance.validate import write_schema


def main() -> int:
    print(f"wrote {write_schema()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
