"""``python -m reference``: explore, replay and play the games from a terminal.

A shell around the pure model (it may import :mod:`conformance`; the model never imports it).
"""

from __future__ import annotations

from reference.cli.app import main

__all__ = ["main"]
