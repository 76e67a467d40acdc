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
SLOW_CPU_SECONDS = 2.0
SLOW: frozenset[str] = frozenset(
    {
        "tests/cli/test_cli.py::test_games_is_a_short_table_and_a_game_lists_its_options",
        "tests/cli/test_impl_command.py::test_an_implementation_given_is_named_by_its_start_answer_and_command",
        "tests/test_differential.py::test_the_source_against_itself_agrees",
        "tests/test_differential.py::test_require_compiled_refuses_two_interpreted_sides",
        "tests/test_differential.py::test_a_planted_change_is_found_with_its_first_differing_line",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[lotereya]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[melniki-a]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[michigan]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[mushka-mistigri]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[mushka-pamfil]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[mushka-shutikha]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[mushka]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[svinyi]",
        "tests/conformance/test_interface.py::test_what_the_game_writes_meets_its_interface[tsyganka]",
        "tests/conformance/test_js_example.py::test_js_adapter_passes_every_default_scenario_and_skips_the_rest",
        "tests/conformance/test_protocol.py::test_the_reference_adapter_answers_by_the_schema",
        "tests/conformance/test_protocol.py::test_the_wire_scenario_carries_no_expectations",
        "tests/conformance/test_readings.py::test_every_suite_scenario_fits_one_screen",
        "tests/conformance/test_readings.py::test_every_suite_scenario_passes_under_its_own_combination",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters0]",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters1]",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters2]",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters3]",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters4]",
        "tests/conformance/test_run_output.py::test_a_narrowed_check_selects_what_the_full_check_would[filters5]",
        "tests/conformance/test_runner.py::test_filters",
        "tests/conformance/test_runner.py::test_jobs_run_in_parallel_and_agree",
        "tests/conformance/test_runner.py::test_large_pipelined_requests_and_answers_never_deadlock",
        "tests/conformance/test_runner.py::test_whole_suite_passes_through_the_protocol",
        "tests/conformance/test_validate.py::test_an_answer_longer_than_the_protocol_allows_is_refused",
        "tests/conformance/test_validate.py::test_cli_exit_codes",
        "tests/conformance/test_validate.py::test_mutated_scenarios_never_raise",
        "tests/conformance/test_validate.py::test_the_suite_is_valid",
        "tests/fuzz/test_explore.py::test_a_wrong_amount_at_the_top_of_its_range_is_found_by_edges",
        "tests/fuzz/test_explore.py::test_a_wrong_position_reader_is_found_and_kept_as_a_position",
        "tests/fuzz/test_fuzz.py::test_same_seed_same_games_and_shards_partition_them",
        "tests/fuzz/test_perft.py::test_perft_fixture[lotereya:two thirds of the way th:d5]",
        "tests/test_liveness.py::test_every_game_ends[lotereya]",
        "tests/test_liveness.py::test_every_game_ends[melniki-a-0]",
        "tests/test_liveness.py::test_every_game_ends[melniki-a-1]",
        "tests/test_liveness.py::test_every_game_ends[melniki-a-2]",
        "tests/test_liveness.py::test_every_game_ends[melniki-a-3]",
        "tests/test_liveness.py::test_every_game_ends[melniki-b]",
        "tests/test_liveness.py::test_every_game_ends[michigan]",
        "tests/test_liveness.py::test_every_game_ends[mushka-lenturlu]",
        "tests/test_liveness.py::test_every_game_ends[mushka-mistigri]",
        "tests/test_liveness.py::test_every_game_ends[mushka-pamfil]",
        "tests/test_liveness.py::test_every_game_ends[mushka-shutikha]",
        "tests/test_liveness.py::test_every_game_ends[mushka]",
        "tests/test_liveness.py::test_every_game_ends[svinyi]",
        "tests/test_liveness.py::test_every_game_ends[tsyganka]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[14]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[15]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[16]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[17]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[23]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[25]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[26]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[5]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[7]",
        "tests/test_melniki_a.py::test_position_notation_round_trips_through_a_game[8]",
        "tests/test_mutation.py::test_baseline_mutants_are_still_caught",
        "tests/test_mutation.py::test_committed_equivalents_survive_and_are_not_counted",
        "tests/test_mutation.py::test_known_bad_mutant_is_caught",
        "tests/test_mutation.py::test_mutants_of_our_operators_compile",
        "tests/test_mutation.py::test_tree_is_never_left_mutated",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[michigan]",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[mushka-mistigri]",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[mushka-pamfil]",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[mushka-shutikha]",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[mushka]",
        "tests/test_near_misses.py::test_an_action_one_field_from_a_legal_one_is_refused_unless_listed[tsyganka]",
        "tests/test_stateful.py::test_random_play_keeps_the_invariants",
        "tests/test_views.py::test_a_seat_sees_what_the_rules_show_it_and_nothing_more[melniki-a]",
    }
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid in SLOW or item.nodeid.partition("[")[0] in SLOW:
            item.add_marker(pytest.mark.slow)
