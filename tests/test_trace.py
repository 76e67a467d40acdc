"""The traceability check passes for every game marked complete."""

from __future__ import annotations

from conformance.trace import check, complete_games, render


def test_traceability_has_no_gap_in_complete_games() -> None:
    report = check()
    complete = complete_games()
    assert not report.failures(complete), render(report, complete)


def test_complete_games_have_scenarios_and_rules() -> None:
    report = check()
    for game in complete_games():
        assert report.games[game].scenarios > 0
        assert report.games[game].rules > 0
