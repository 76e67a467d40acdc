"""``python -m reference``: the command line (:mod:`reference.cli`)."""

from __future__ import annotations

import sys

from reference.cli import main

if __name__ == "__main__":
    sys.exit(main())
