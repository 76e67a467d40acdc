"""The scenario validator: the suite is clean, the schema matches the registry, errors are useful,
and no mutation of a scenario file makes the validator raise."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from conformance import validate
from reference import games
from reference.core.jsontypes import JSON, JSONObject
from tests.conformance.helpers import json_paths

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(validate.SUITE.rglob("*.json"))


def load(name: str) -> JSONObject:
    value = json.loads((validate.SUITE / "melniki-b" / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


def problems_of(scenario: JSONObject, name: str | None = None) -> list[validate.Problem]:
    file = f"{name or scenario.get('id')}.json"
    data = json.dumps(scenario, ensure_ascii=False).encode("utf-8")
    return validate.validate_bytes(file, data)[1]


def test_the_suite_is_valid() -> None:
    loaded, problems = validate.validate_paths([str(validate.SUITE)])
    assert problems == []
    assert len(loaded) == len(FILES) > 0


def test_stored_schema_is_generated_from_the_registry() -> None:
    stored = validate.SCENARIO_SCHEMA.read_text(encoding="utf-8")
    assert stored == validate.schema_text(validate.build_scenario_schema()), (
        "schema/scenario.schema.json is stale: python scripts/write_schema.py"
    )
    Draft202012Validator.check_schema(json.loads(stored))


def test_every_game_has_a_schema_part_with_exactly_its_observables() -> None:
    for gid, game in games().items():
        part = validate.read_game_part(gid)
        observables = part["observables"]
        assert isinstance(observables, dict)
        assert set(observables) == set(game.observables), gid
        assert part["game"] == gid


def test_other_schemas_are_valid_schemas() -> None:
    for name in ("results.schema.json", "protocol.schema.json"):
        schema = json.loads((validate.SCHEMA_DIR / name).read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)


def _one(problems: list[validate.Problem], pointer: str, *words: str) -> None:
    hits = [p for p in problems if p.pointer == pointer]
    assert hits, problems
    assert all(w in hits[0].message for w in words), hits[0]


def test_errors_name_the_pointer_the_fault_and_the_remedy() -> None:
    s = load("melniki-b-020")
    bad = copy.deepcopy(s)
    bad["level"] = "normal"
    _one(problems_of(bad), "/level", "normal", "normative")
    bad = copy.deepcopy(s)
    bad["rules"] = ["melniki-b/must-beet"]
    _one(problems_of(bad), "/rules/0", "not a rule of melniki-b", "melniki-b/must-beat")
    bad = copy.deepcopy(s)
    bad["rulings"] = {"must_beat": "yes"}
    _one(problems_of(bad), "/rulings/must_beat", "yes")
    bad = copy.deepcopy(s)
    bad["rulings"] = {"must_beet": True}
    _one(problems_of(bad), "/rulings", "must_beet", "must_beat")
    bad = copy.deepcopy(s)
    source = bad["source"]
    assert isinstance(source, list) and isinstance(source[0], dict)
    source[0]["quote"] = "Нет такой фразы"
    _one(problems_of(bad), "/source/0/quote", "not verbatim", "reads")
    bad = copy.deepcopy(s)
    setup = bad["setup"]
    assert isinstance(setup, dict)
    setup["options"] = {}
    _one(problems_of(bad), "/rulings/must_beat", "must_beat=true", "setup/options")
    bad = copy.deepcopy(s)
    steps = bad["steps"]
    assert isinstance(steps, list) and isinstance(steps[0], dict)
    steps[0]["act"] = {"type": "play", "seat": 0, "card": "1S"}
    _one(problems_of(bad), "/steps/0/act/card", "1S", "e.g. 'QS'")
    steps[0]["act"] = {"type": "take", "seat": 0, "card": "7H"}
    _one(problems_of(bad), "/steps/0/act", "does not belong")
    bad = copy.deepcopy(s)
    steps = bad["steps"]
    assert isinstance(steps, list)
    steps.append({"expect": {"hand.7": []}})
    _one(problems_of(bad), "/steps/5/expect/hand.7", "not a seat")
    steps[-1] = {"expect": {"score": 3}}
    _one(problems_of(bad), "/steps/5/expect", "score", "to_move")
    bad = copy.deepcopy(s)
    del bad["setup"]
    _one(problems_of(bad), "", "missing field", "setup")
    _one(problems_of(s, "melniki-b-999"), "/id", "name the file melniki-b-020.json")


def test_setup_must_load_on_the_reference() -> None:
    s = load("melniki-b-020")
    setup = s["setup"]
    assert isinstance(setup, dict)
    setup["players"] = 3
    _one(problems_of(s), "/setup", "refuses", "setup_expect")
    refused = load("melniki-b-001")
    refused_setup = refused["setup"]
    assert isinstance(refused_setup, dict)
    refused_setup["players"] = 2
    _one(problems_of(refused), "/setup_expect", "accepts")


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "melniki-b-004.json").write_bytes(
            (validate.SUITE / "melniki-b" / "melniki-b-004.json").read_bytes()
        )
    _, problems = validate.validate_paths([str(tmp_path)])
    assert len(problems) == 1
    assert "also the id of" in problems[0].message


def test_cli_exit_codes(tmp_path: Path) -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "conformance", "validate"],
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    bad = tmp_path / "melniki-b-004.json"
    bad.write_bytes(b"\xff\xfe not utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "validate", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert f"{bad}: (document): not UTF-8" in done.stderr
    assert "Traceback" not in done.stderr


# --- fuzzing: mutated files give problems, never a traceback ---------------------------------

SEEDS = [f.read_bytes() for f in FILES]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
HUGE_VALUES: list[JSON] = [
    10**400,
    -(10**400),
    "x" * 100_000,
    [*range(20_000)],
    {"k" * 5000: 1},
    1e308,
    2**64,
]
HUGE = st.sampled_from(HUGE_VALUES)


def _child(parent: JSON, key: str | int) -> JSON:
    if isinstance(parent, dict):
        return parent[str(key)]
    if isinstance(parent, list):
        return parent[int(key)]
    return None


def _put(parent: JSON, key: str | int, new: JSON | None) -> None:
    """Replace parent[key] by ``new``; delete it when ``new`` is None."""
    if isinstance(parent, dict):
        if new is None:
            del parent[str(key)]
        else:
            parent[str(key)] = new
    elif isinstance(parent, list):
        if new is None:
            del parent[int(key)]
        else:
            parent[int(key)] = new


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    raw = draw(st.sampled_from(SEEDS))
    kind = draw(st.sampled_from(["drop", "retype", "huge", "bytes", "truncate", "nest"]))
    if kind == "bytes":
        data = bytearray(raw)
        for _ in range(draw(st.integers(1, 5))):
            at = draw(st.integers(0, len(data) - 1))
            data[at] = draw(st.integers(0, 255))
        return bytes(data)
    if kind == "truncate":
        return raw[: draw(st.integers(0, len(raw) - 1))]
    value: JSON = json.loads(raw)
    paths = json_paths(value)
    path = draw(st.sampled_from(paths))
    new: JSON = draw(HUGE) if kind == "huge" else draw(JSON_VALUES)
    depth = draw(st.integers(100, 3000))
    if kind == "nest":
        new = "\u0000deep"
    if not path:
        value = new if kind != "drop" else {}
    else:
        parent: JSON = value
        for key in path[:-1]:
            parent = _child(parent, key)
        _put(parent, path[-1], None if kind == "drop" else new)
    text = json.dumps(value, ensure_ascii=False)
    if kind == "nest":
        text = text.replace('"\\u0000deep"', "[" * depth + "0" + "]" * depth)
    return text.encode("utf-8", "surrogatepass")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_scenarios_never_raise(data: bytes) -> None:
    scenario, problems = validate.validate_bytes("melniki-b-fuzz.json", data)
    assert (scenario is None) == bool(problems)
    for p in problems:
        assert isinstance(p.message, str) and p.message
        assert p.pointer == "" or p.pointer.startswith("/")


def test_files_that_are_not_plain_files_or_too_large_are_refused_unread(tmp_path: Path) -> None:
    """A link to a device, a FIFO or a huge file gets a clear problem, never a hang or a crash."""
    import os  # noqa: PLC0415

    (tmp_path / "melniki-b-901.json").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "melniki-b-902.json")
    with (tmp_path / "melniki-b-903.json").open("wb") as f:
        f.truncate(validate.MAX_FILE + 1)
    loaded, problems = validate.validate_paths([str(tmp_path)])
    assert loaded == []
    by_file = {Path(p.file).name: p.message for p in problems}
    assert "a character device" in by_file["melniki-b-901.json"]
    assert "a FIFO" in by_file["melniki-b-902.json"]
    assert f"at most {validate.MAX_FILE} bytes" in by_file["melniki-b-903.json"]


def test_a_deeply_nested_position_is_a_problem_not_a_crash() -> None:
    s = load("melniki-b-010")
    setup = s["setup"]
    assert isinstance(setup, dict)
    setup["position"] = "DEEP"
    text = json.dumps(s, ensure_ascii=False)
    deep = '{"hands":' * 985 + "{}" + "}" * 985
    data = text.replace('"DEEP"', deep).encode("utf-8")
    scenario, problems = validate.validate_bytes("melniki-b-010.json", data)
    assert scenario is None
    assert problems
    assert all(isinstance(p.message, str) for p in problems)


def test_a_setup_that_disagrees_with_its_position_is_refused() -> None:
    s = load("melniki-b-010")
    setup = s["setup"]
    assert isinstance(setup, dict)
    position = setup["position"]
    assert isinstance(position, dict)
    setup["players"] = int(str(position["players"])) + 1
    setup["dealer"] = int(str(position["dealer"])) + 1
    problems = problems_of(s)
    pointers = {p.pointer for p in problems}
    assert {"/setup/players", "/setup/dealer"} <= pointers
    assert all(
        "the position says" in p.message for p in problems if p.pointer.startswith("/setup/")
    )
    # an option the setup names must hold in the position too; one that agrees is fine
    s = load("melniki-b-010")
    setup = s["setup"]
    assert isinstance(setup, dict)
    position = setup["position"]
    assert isinstance(position, dict)
    held = position.get("options")
    assert isinstance(held, dict)
    setup["options"] = {"must_beat": True}
    position["options"] = {**held, "must_beat": True}
    assert not [p for p in problems_of(s) if p.pointer.startswith("/setup/options")]
    position["options"] = {**held, "must_beat": False}
    problems = [p for p in problems_of(s) if p.pointer.startswith("/setup/options")]
    assert [p.pointer for p in problems] == ["/setup/options/must_beat"]


def test_a_float_for_an_integer_and_a_lone_surrogate_are_refused() -> None:
    s = load("melniki-b-018")
    steps = s["steps"]
    assert isinstance(steps, list)
    step = next(x for x in steps if isinstance(x, dict) and "act" in x)
    act = step["act"]
    assert isinstance(act, dict)
    act["seat"] = 1.0
    got = problems_of(s)
    assert any("write the integer 1" in p.message for p in got), got
    t = load("melniki-b-018")
    t["title"] = "bad \ud800 title"
    data = json.dumps(t).encode("utf-8")  # ASCII escapes keep the surrogate
    scenario, found = validate.validate_bytes("melniki-b-018.json", data)
    assert scenario is None
    assert [p.pointer for p in found] == ["/title"]
    assert "lone surrogate" in found[0].message
    # a file of one's own with it is not runnable either (it could not be sent as UTF-8)
    user, errors, _ = validate.check_user_bytes("mine.json", data)
    assert user is None and errors


def test_the_file_name_rule_holds_for_every_suffix() -> None:
    s = load("melniki-b-004")
    data = json.dumps(s).encode("utf-8")
    for name in ("melniki-b-004.txt", "melniki-b-004.JSON"):
        _, problems = validate.validate_bytes(name, data)
        assert [p.pointer for p in problems] == ["/id"], problems


def test_an_answer_longer_than_the_protocol_allows_is_refused() -> None:
    s = load("melniki-b-004")
    s["steps"] = [{"expect": {"legal": [], "hand.0": [], "hand.1": []}}] * 12_000
    s["setup"] = {"players": 2, "dealer": 0, "deal": {"seed": 3}}
    s.pop("setup_expect", None)
    problems = [p for p in problems_of(s) if p.pointer == "/steps"]
    assert problems and "the reference's answer would be" in problems[0].message
