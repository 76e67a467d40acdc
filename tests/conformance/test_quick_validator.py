"""The quick schema check (jsonschema-rs) never accepts a scenario the full one (jsonschema)
refuses: a scenario it finds valid skips the full check, so a disagreement would hide an error."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import validate
from reference.core.jsontypes import JSON
from tests.conformance.helpers import json_paths

SCENARIOS = sorted(validate.SUITE.rglob("*.json"))


def load(path: Path) -> JSON:
    value: JSON = json.loads(path.read_text(encoding="utf-8"))
    return value


def full_verdict(value: JSON) -> bool:
    return not any(True for _ in validate._validator().iter_errors(value))


def test_both_find_every_suite_scenario_valid() -> None:
    quick = validate._quick_validator()
    assert SCENARIOS
    for path in SCENARIOS:
        value = load(path)
        assert quick.is_valid(value), path
        assert full_verdict(value), path


#: Values put in place of a member: of every JSON type, near the schema's bounds and patterns.
ODD: list[JSON] = [
    None,
    True,
    0,
    -1,
    99,
    2**70,
    1.5,
    "",
    "AS",
    "10S",
    "AS\n",
    "melniki-b-001\n",
    "000:P1.S1\n",
    "x",
    [],
    [None],
    ["AS", "AS"],
    {},
    {"type": "play"},
]


def edited(value: JSON, at: tuple[str | int, ...], new: JSON, drop: bool) -> JSON:
    """``value`` with the member at ``at`` replaced by ``new`` (or removed, if ``drop``)."""
    if not at:
        return new
    key, rest = at[0], at[1:]
    if isinstance(value, dict) and isinstance(key, str):
        if drop and not rest:
            return {k: v for k, v in value.items() if k != key}
        return {k: edited(v, rest, new, drop) if k == key else v for k, v in value.items()}
    if isinstance(value, list) and isinstance(key, int):
        if drop and not rest:
            return value[:key] + value[key + 1 :]
        return [edited(v, rest, new, drop) if i == key else v for i, v in enumerate(value)]
    return value


def test_known_errors_are_refused_by_both() -> None:
    value = load(SCENARIOS[0])
    edits: list[tuple[tuple[str | int, ...], JSON, bool]] = [
        (("game",), None, True),
        (("id",), "x", False),
        (("setup",), [], False),
    ]
    for at, new, drop in edits:
        bad = edited(value, at, new, drop)
        assert not full_verdict(bad), at
        assert not validate._quick_validator().is_valid(bad), at
        assert list(validate._schema_errors(bad)), at


def test_where_the_quick_check_is_stricter_the_full_one_decides() -> None:
    """Python's ``$`` matches before a final newline, jsonschema-rs's does not: such an id is
    refused by the quick check, accepted by the full one, and so accepted."""
    value = load(SCENARIOS[0])
    assert isinstance(value, dict)
    odd = edited(value, ("id",), f"{value['id']}\n", False)
    assert not validate._quick_validator().is_valid(odd)
    assert full_verdict(odd)
    assert not list(validate._schema_errors(odd))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_scenario_is_refused_by_the_quick_check_if_the_full_one_refuses_it(
    data: st.DataObject,
) -> None:
    value = load(data.draw(st.sampled_from(SCENARIOS), label="scenario"))
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.sampled_from(json_paths(value)), label="at")
        drop = data.draw(st.booleans(), label="drop")
        value = edited(value, at, data.draw(st.sampled_from(ODD), label="new"), drop)
    if not full_verdict(value):
        assert not validate._quick_validator().is_valid(value)
        assert list(validate._schema_errors(value)), "the full check's errors are reported"
