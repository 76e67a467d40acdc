"""The manifest of the released suite (conformance/manifest.json): check it, or write it.

    python scripts/manifest.py            # what changed since the release, and whether
                                          # CHANGELOG.md's Unreleased section names it
    python scripts/manifest.py --write    # on a release: store the suite as the manifest
                                          # of the version in conformance/suite.py

``--write`` refuses a change without a version bump, a bump smaller than the changes need,
and a release whose changelog section does not name every changed key (the rules are in
``conformance/manifest.py`` and docs/contributing.rst).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conformance import manifest, suite
from reference.core.jsontypes import JSONObject


def main(argv: list[str] | None = None) -> int:
    """Check (exit 1 on a problem) or write the manifest (exit 1 when refused)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--write", action="store_true", help="store the manifest of this version")
    args = p.parse_args(argv)
    current = manifest.build()
    changelog = manifest.CHANGELOG.read_text(encoding="utf-8")
    empty: JSONObject = {"format": manifest.FORMAT, "suite_version": suite.VERSION, "entries": {}}
    released = manifest.load() if manifest.MANIFEST.exists() else empty
    changes = manifest.compare(released, current)
    print(
        f"suite {suite.VERSION}; manifest of {released.get('suite_version')}; "
        f"{len(changes)} change(s) since"
    )
    shown = 40
    for change in changes[:shown]:
        print(f"  {change}")
    if len(changes) > shown:
        print(f"  ... and {len(changes) - shown} more")
    if args.write:
        refused = (
            manifest.release_problems(released, current, changelog)
            if manifest.MANIFEST.exists()
            else []
        )
        if refused:
            print("not written:", *refused, sep="\n  ", file=sys.stderr)
            return 1
        manifest.write(current)
        print(f"wrote {manifest.MANIFEST} for suite {suite.VERSION}")
        return 0
    problems = manifest.problems(released, current, changelog)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
