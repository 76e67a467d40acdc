"""Hypothesis profiles.

``dev`` (the default here) is quick. Under ``CI`` Hypothesis already loads
its built-in ``ci`` profile (derandomized, no database, no deadline); we
extend it as ``koloda-ci`` with the example counts the design asks for.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "koloda-ci",
    parent=settings.get_profile("ci"),
    max_examples=500,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "koloda-ci" if os.environ.get("CI") else "dev")
)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The counts tests record as ``koloda-counts`` (how many checks a property test made),
    one line each: they come back from every worker with the test's report."""
    lines = [
        str(value)
        for report in terminalreporter.stats.get("passed", [])
        for name, value in getattr(report, "user_properties", [])
        if name == "koloda-counts"
    ]
    if lines:
        terminalreporter.section("checks made")
        for line in sorted(lines):
            terminalreporter.write_line(line)
