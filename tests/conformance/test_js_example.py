"""The worked JavaScript adapter (conformance/examples/js) against the whole suite."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from conformance import engine, protocol, runner, validate
from reference import games
from reference.core.cards import DECK_36, card_name
from reference.core.jsontypes import JSONObject
from reference.core.shuffle import shuffle
from tests.conformance.helpers import outcomes, run

JS = validate.PACKAGE / "examples" / "js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None, reason="node (Node.js >= 18) is not on PATH: the JavaScript example is not run"
)


#: The observables the example lists in its start answer (melniki.js, OBSERVABLES).
JS_OBSERVABLES = [
    "to_move", "phase", "legal", "outcome", "outcome.winners", "outcome.losers", "outcome.scores",
    "table", "trump", "trump_card", "stock_size", "stock", "trick_winner", "tricks", "discard",
    "hand.<seat>", "pile.<seat>",
]  # fmt: skip


def test_the_example_lists_only_observables_of_melniki_b() -> None:
    defined = games()["melniki-b"].observables
    assert set(JS_OBSERVABLES) <= set(defined)
    # every observable melniki-b had when the example was written
    assert set(defined) - {n for n in defined if n.startswith("view.")} == set(JS_OBSERVABLES)


def observed(scenario: JSONObject) -> list[str]:
    """The observables a scenario asks for."""
    return [n for step in engine.plan(scenario)[1] for n in step.observe]


def uses_non_default_options(scenario: JSONObject) -> bool:
    """Whether a scenario depends on an option value other than the default."""
    game = games()[str(scenario["game"])]
    return any(
        engine.canonical(value) != engine.canonical(game.options[name].default)
        for name, value in runner.effective_options(scenario).items()
    )


@needs_node
def test_js_adapter_passes_every_default_scenario_and_skips_the_rest(tmp_path: Path) -> None:
    assert NODE is not None
    impl = shlex.join([NODE, str(JS / "adapter.js")])
    code, lines, _ = run(tmp_path, impl, strict_codes=True)
    loaded, problems = validate.validate_paths([str(validate.SUITE)])
    assert not problems
    # The example implements melniki-b at its default options, with the observables it lists:
    # the rest is skipped.
    want = {
        str(item.scenario["id"]): "PASS"
        if item.scenario.get("game") == "melniki-b"
        and not uses_non_default_options(item.scenario)
        and all(protocol.observable_listed(JS_OBSERVABLES, n) for n in observed(item.scenario))
        else "SKIP"
        for item in loaded
    }
    assert "SKIP" in want.values()
    assert outcomes(lines) == want
    assert code == runner.EXIT_OK
    header = lines[0]["implementation"]
    assert isinstance(header, dict)
    start = header["start"]
    assert isinstance(start, dict)
    info = start["implementation"]
    assert isinstance(info, dict)
    assert info["name"] == "melniki-js-example"
    declared = start["games"]
    assert isinstance(declared, dict)
    defaults = {n: [spec.default] for n, spec in games()["melniki-b"].options.items()}
    assert declared == {"melniki-b": {"options": defaults, "observables": JS_OBSERVABLES}}


@needs_node
def test_js_shuffle_reproduces_the_documented_shuffle() -> None:
    assert NODE is not None
    seeds = [0, 1, 2, 12345, 2**53 - 1]
    script = (
        "const g = require(process.argv[1]);"
        "const seeds = JSON.parse(process.argv[2]);"
        "console.log(JSON.stringify(seeds.map((s) => g.shuffle(g.PACK, s))));"
    )
    done = subprocess.run(
        [NODE, "-e", script, str(JS / "melniki.js"), json.dumps(seeds)],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    got = json.loads(done.stdout)
    assert got == [[card_name(c) for c in shuffle(DECK_36, s)] for s in seeds]


def test_the_implementers_page_opens_with_the_worked_example() -> None:
    # an implementer reads the example first, then the recipe that generalises it
    page = (Path(__file__).resolve().parents[2] / "docs" / "implementers.rst").read_text("utf-8")
    lines = page.splitlines()
    titles = [
        lines[i - 1]
        for i in range(1, len(lines))
        if lines[i] and set(lines[i]) == {"-"} and len(lines[i]) == len(lines[i - 1])
    ]
    assert titles[:2] == ["A worked example: JavaScript", "Recipe"]
    assert "conformance/examples/js/adapter.js" in page
