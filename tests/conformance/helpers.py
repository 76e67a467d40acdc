"""Shared helpers for the conformance harness tests."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

from jsonschema import Draft202012Validator

from conformance import runner, validate
from reference.core.jsontypes import JSON, JSONObject

HERE = Path(__file__).resolve().parent
FAKE = HERE / "fake_adapter.py"
RESULTS_SCHEMA = validate.SCHEMA_DIR / "results.schema.json"


def fake(mode: str, target: str = "") -> str:
    """The --impl command of the fake adapter in ``mode``."""
    return shlex.join([sys.executable, str(FAKE), mode, *([target] if target else [])])


def run(
    tmp_path: Path,
    impl: str | None,
    ids: tuple[str, ...] = (),
    timeout: float = 5.0,
    *,
    start_timeout: float = 10.0,
    strict_codes: bool = False,
    expect: str | None = None,
    jobs: int = 1,
    junit: str | None = None,
) -> tuple[int, list[JSONObject], str]:
    """Run the runner in this process; the exit status, the results lines, stdout+stderr."""
    out, err = io.StringIO(), io.StringIO()
    results = tmp_path / "results.jsonl"
    options = runner.Options(
        impl=impl,
        filters=runner.Filters(ids=ids),
        timeout=timeout,
        start_timeout=start_timeout,
        json_path=str(results),
        strict_codes=strict_codes,
        expect=expect,
        jobs=jobs,
        junit_path=junit,
    )
    code = runner.main(options, out=out, err=err)
    lines = [json.loads(x) for x in results.read_text(encoding="utf-8").splitlines()]
    check_results(lines)
    return code, lines, out.getvalue() + err.getvalue()


def check_results(lines: list[JSONObject]) -> None:
    """A complete results file: header, scenario lines, summary; each line meets the schema."""
    validator = Draft202012Validator(json.loads(RESULTS_SCHEMA.read_text(encoding="utf-8")))
    for line in lines:
        validator.validate(line)
    assert lines[0]["type"] == "header"
    assert lines[-1]["type"] == "summary"
    assert all(x["type"] == "scenario" for x in lines[1:-1])


def outcomes(lines: list[JSONObject]) -> dict[str, str]:
    """Scenario id -> outcome."""
    return {str(x["id"]): str(x["outcome"]) for x in lines if x["type"] == "scenario"}


def json_paths(value: JSON, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every member and item of a JSON value, by its path (the value itself first: ``()``)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += json_paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += json_paths(v, (*prefix, i))
    return out
