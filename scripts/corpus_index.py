"""Regenerate the committed sentence index, ``conformance/sources/index.json``.

Usage: ``python scripts/corpus_index.py`` (``--check`` exits 1 if the file is stale).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance.corpus import INDEX, build_index


def main(argv: list[str]) -> int:
    text = build_index()
    if "--check" in argv:
        if INDEX.read_text(encoding="utf-8") != text:
            print(f"{INDEX} is stale: run python scripts/corpus_index.py", file=sys.stderr)
            return 1
        print(f"{INDEX} is up to date")
        return 0
    INDEX.write_text(text, encoding="utf-8")
    print(f"wrote {INDEX}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
