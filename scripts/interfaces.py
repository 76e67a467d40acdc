"""Write or check the schema parts generated from each game's interface.

``conformance/interface/<game>.json`` is the one data source of a game's interface
(see :mod:`conformance.interface`); ``conformance/schema/games/<game>.json`` is generated
from it, and the scenario schema from those.

Usage: ``python scripts/interfaces.py --write`` (then regenerate the scenario schema) or
``--check`` (exit 1 naming every stale file).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# this checkout's packages, not an installed copy's
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance import interface, validate
from reference import games


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help="write the generated files")
    group.add_argument("--check", action="store_true", help="exit 1 if any is stale")
    args = parser.parse_args(argv)
    stale: list[str] = []
    for gid in sorted(games()):
        path = interface.GAME_SCHEMAS / f"{gid}.json"
        text = interface.schema_text(interface.schema_part(interface.load(gid)))
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.write:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
        else:
            stale.append(str(path))
    if args.write:
        print(f"wrote {validate.write_schema()}")
        return 0
    for name in stale:
        print(f"stale: {name} (python scripts/interfaces.py --write)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
