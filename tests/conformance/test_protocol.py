"""Protocol v1: framing, the stripped scenario, answer checks, and the reference adapter."""

from __future__ import annotations

import io
import json

import pytest
from jsonschema import Draft202012Validator

from conformance import adapter, engine, protocol, runner, validate
from reference import games
from reference.core.jsontypes import JSON, JSONObject

SCHEMA = json.loads((validate.SCHEMA_DIR / "protocol.schema.json").read_text(encoding="utf-8"))


def check(definition: str, value: JSON) -> None:
    schema = {**SCHEMA, "$ref": f"#/$defs/{definition}"}
    Draft202012Validator(schema).validate(value)


def _keys(value: JSON) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_the_wire_scenario_carries_no_expectations() -> None:
    for case in runner.iter_cases():
        wire = json.loads(case.wire)
        check("runRequest", {"cmd": "run", "seq": 1, "scenario": wire})
        keys = _keys({k: v for k, v in wire.items() if k != "setup"})
        assert "expect" not in keys
        assert "setup_expect" not in _keys(wire)
        steps = case.scenario["steps"]
        assert isinstance(steps, list)
        for step, sent in zip(steps, wire["steps"], strict=True):
            assert isinstance(step, dict)
            if "act" in step:
                assert sent == {"act": step["act"]}
            else:
                expect = step["expect"]
                assert isinstance(expect, dict)
                assert sent == {"observe": list(expect)}


def test_framing() -> None:
    assert protocol.encode({"a": "ё"}) == '{"a":"ё"}\n'.encode()
    assert protocol.decode(b'{"a":1}\r') == {"a": 1}
    for bad, words in (
        (b"\xff", "not UTF-8"),
        (b"[1]", "one JSON object"),
        (b"{", "not JSON"),
        (b" " * (protocol.MAX_LINE + 1), "1 MiB"),
        (b"[" * 100_000, "nested too deeply"),
    ):
        with pytest.raises(protocol.ProtocolError, match=words):
            protocol.decode(bad)


def test_the_reference_adapter_answers_by_the_schema() -> None:
    lines = [protocol.start_request()]
    cases = list(runner.iter_cases())
    lines += [protocol.run_request_bytes(i + 1, c.wire) for i, c in enumerate(cases)]
    lines += [b"garbage\n", b'{"cmd":"dance"}\n', b'{"cmd":"run","seq":"x"}\n']
    lines += [b'{"cmd":"run","seq":99,"scenario":{"game":"nope","setup":{}}}\n']
    lines += [b'{"cmd":"run","seq":98,"scenario":{"game":"melniki-b","setup":{"players":2}}}\n']
    lines += [b"x" * (protocol.MAX_LINE + 10) + b"\n", protocol.stop_request(), b"never read\n"]
    out = io.BytesIO()
    assert adapter.serve(io.BytesIO(b"".join(lines)), out) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 1 + len(cases) + 6
    start = protocol.check_start(answers[0])
    check("startAnswer", answers[0])
    assert set(start.games) == set(games())
    for i, (case, answer) in enumerate(zip(cases, answers[1:], strict=False)):
        check("runAnswer", answer)
        run = protocol.check_run(answer, i + 1, case.steps)
        assert runner.judge_answer(case, run, strict_codes=True).outcome == runner.PASS
    tail = answers[1 + len(cases) :]
    assert all("error" in a for a in tail[:3])
    assert tail[3] == {"seq": 99, "skipped": "game 'nope' is not implemented"}
    assert "errored" in tail[4]
    assert "1 MiB" in tail[5]["error"]


def test_run_answers_are_checked() -> None:
    steps = (engine.Step({"type": "take", "seat": 0}, ()), engine.Step(None, ("phase",)))
    good: JSONObject = {"seq": 3, "results": [{"rejected": None}, {"observed": {"phase": "x"}}]}
    assert protocol.check_run(good, 3, steps).kind == "results"
    cases: list[tuple[JSONObject, str]] = [
        ({**good, "seq": 4}, "seq"),
        ({**good, "seq": True}, "seq"),
        ({**good, "skipped": "also"}, "exactly one"),
        ({"seq": 3}, "exactly one"),
        ({"seq": 3, "results": [{"accepted": True}]}, "2 steps"),
        ({"seq": 3, "results": [{"accepted": False}, {"observed": {}}]}, "answers an action"),
        ({"seq": 3, "results": [{"accepted": True}, {"observed": []}]}, "observation"),
        ({"seq": 3, "results": [{"accepted": True}, 5]}, "object"),
        ({"seq": 3, "setup_rejected": 5}, "rule id"),
        ({"seq": 3, "errored": None}, "string"),
    ]
    for bad, words in cases:
        with pytest.raises(protocol.ProtocolError, match=words):
            protocol.check_run(bad, 3, steps)


def test_start_answers_are_checked() -> None:
    good = adapter.start_answer()
    assert protocol.check_start(good).raw == good
    bad_answers: list[JSONObject] = [
        {**good, "protocol": 2},
        {**good, "implementation": {"name": "x"}},
        {**good, "games": []},
        {**good, "games": {"melniki-b": {"options": {"must_beat": "yes"}}}},
        {**good, "games": {"melniki-b": {"options": {"stake": {"minimum": "1"}}}}},
        {"error": "no"},
    ]
    for bad in bad_answers:
        with pytest.raises(protocol.ProtocolError):
            protocol.check_start(bad)
    ranged = protocol.check_start({**good, "games": {"g": {"options": {"stake": {"minimum": 1}}}}})
    assert ranged.games["g"]["stake"].allows(5)
    assert not ranged.games["g"]["stake"].allows(0)
    assert not ranged.games["g"]["stake"].allows(True)


def _answers(*requests: bytes) -> list[JSONObject]:
    out = io.BytesIO()
    assert adapter.serve(io.BytesIO(b"".join(requests)), out) == 0
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_the_adapter_refuses_a_boolean_protocol_and_seq_not_positive() -> None:
    scenario = b'"scenario":{"game":"melniki-b","setup":{"players":2,"deal":{"seed":1}},"steps":[]}'
    got = _answers(
        b'{"cmd":"start","protocol":true}\n',
        b'{"cmd":"run","seq":0,' + scenario + b"}\n",
        b'{"cmd":"run","seq":-7,' + scenario + b"}\n",
        b'{"cmd":"run","seq":true,' + scenario + b"}\n",
        b'{"cmd":"count","seq":0,"game":"gorka","setup":{},"depth":1}\n',
        b'{"cmd":"run","seq":1,' + scenario + b"}\n",
    )
    assert "unsupported protocol True" in str(got[0]["error"])
    assert all("seq must be a positive integer" in str(a["error"]) for a in got[1:5])
    assert got[5]["seq"] == 1 and "results" in got[5]


def test_the_adapter_never_writes_a_line_over_the_limit() -> None:
    """An answer that would exceed 1 MiB is replaced by an error saying so."""
    steps = ",".join(['{"observe":["legal","hand.0","hand.1","table","trump"]}'] * 6000)
    request = (
        b'{"cmd":"run","seq":5,"scenario":{"game":"melniki-b","setup":{"players":2,"dealer":0,'
        b'"deal":{"seed":3}},"steps":[' + steps.encode() + b"]}}\n"
    )
    assert len(request) < protocol.MAX_LINE
    out = io.BytesIO()
    adapter.serve(io.BytesIO(request), out)
    line = out.getvalue()
    assert len(line) <= protocol.MAX_LINE + 1
    answer = json.loads(line)
    assert answer["seq"] == 5
    assert "longer than 1 MiB" in str(answer["errored"])


def test_a_count_too_large_to_finish_is_refused_not_run_for_minutes() -> None:
    setup: JSONObject = {"players": 4, "dealer": 0, "deal": {"seed": 1}}
    with pytest.raises(engine.ScenarioError, match="positions to visit"):
        engine.count("michigan", setup, 12, limit=10_000)
    assert engine.count("michigan", setup, 1) > 0


@pytest.mark.parametrize("bad", [["hand.0", 3], [None], [["hand.0"]], ["hand.0", {"a": 1}], [True]])
def test_an_observe_step_names_observables_by_strings_only(bad: list[JSON]) -> None:
    wire: JSONObject = {"steps": [{"observe": ["phase"]}, {"observe": bad}]}
    with pytest.raises(protocol.ProtocolError, match=r"steps/1/observe must be an array of names"):
        protocol.wire_steps(wire)


def test_an_observe_step_keeps_its_names_in_order() -> None:
    wire: JSONObject = {"steps": [{"observe": ["phase", "hand.1", "hand.0"]}, {"observe": []}]}
    steps = protocol.wire_steps(wire)
    assert [s.observe for s in steps] == [("phase", "hand.1", "hand.0"), ()]
    assert all(s.act is None for s in steps)
