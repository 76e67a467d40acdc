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


#: The tests marked ``slow``, which ``nox -s quick`` leaves out (``-m "not slow"``; the default
#: ``tests`` session runs everything): each took SLOW_CPU_SECONDS of CPU or more (setup, call and
#: teardown, its child processes included) with the ``dev`` profile, measured on the 2-core
#: machine the project is developed on. A node id, or a test function's id without its
#: parameters (then every parametrized case). tests/test_slow_list.py checks that each names a
#: test that exists.
SLOW_CPU_SECONDS = 3.0
SLOW: frozenset[str] = frozenset(
    {
        "tests/test_mutation.py::test_committed_equivalents_survive_and_are_not_counted",
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid in SLOW or item.nodeid.partition("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
