"""The pytest entry point documented for implementers (docs/implementers.rst), run here
against the reference adapter: one test per scenario through one implementation process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conformance.runner import PASS, SKIP, Case, Config, Session, default_command, iter_cases

IMPLEMENTATION = tuple(default_command())  # an implementer puts their command here
CASES = list(iter_cases())


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    with Session(Config(IMPLEMENTATION, timeout=10)) as s:
        yield s


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_scenario(session: Session, case: Case) -> None:
    result = session.run(case)
    if result.outcome == SKIP:
        pytest.skip(result.message)
    assert result.outcome == PASS, result.detail()
