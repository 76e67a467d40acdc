"""The OpenSpiel bridge (:mod:`reference.openspiel`): skipped where OpenSpiel is not installed,
failed instead with ``KOLODA_REQUIRE_OPENSPIEL=1`` (the ``openspiel`` nox session sets it)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import NoReturn

import pytest


def _unavailable(reason: str) -> NoReturn:
    """Skip, or fail where OpenSpiel is required (``KOLODA_REQUIRE_OPENSPIEL=1``)."""
    if os.environ.get("KOLODA_REQUIRE_OPENSPIEL") == "1":
        pytest.fail(reason + " (KOLODA_REQUIRE_OPENSPIEL=1: required here)")
    pytest.skip(reason, allow_module_level=True)


def require() -> tuple[ModuleType, ModuleType]:
    """``pyspiel`` and the bridge (which registers the games), or skip/fail."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        _unavailable("OpenSpiel is not installed (pip install -e .[openspiel])")
    return pyspiel, importlib.import_module("reference.openspiel")
