"""The package as a user installs it: metadata, the licence in the wheel and the sdist, the
``koloda`` console script, and the example adapter found from an installed wheel.

The builds run offline: the wheel with ``pip wheel --no-deps --no-build-isolation`` and the
sdist through hatchling's own build hook, so hatchling must be installed (it is in the
``test`` extra); without it these two tests skip, saying so.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from conformance import console

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MIT_FIRST = "MIT License"


def _hatchling() -> None:
    try:
        import hatchling  # noqa: F401, PLC0415
    except ImportError:
        pytest.skip("hatchling is not installed (pip install -e .[test]): cannot build offline")


def test_the_metadata_is_ready_for_publishing() -> None:
    project = PYPROJECT["project"]
    assert project["name"] == "koloda"
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert project["scripts"] == {"koloda": "conformance.console:main"}
    assert "License :: OSI Approved :: MIT License" not in project["classifiers"], (
        "PEP 639: the licence is the SPDX expression, not a classifier"
    )
    assert "Typing :: Typed" in project["classifiers"] and project["keywords"]
    assert "urls" not in project, "no invented hosts: add urls when the project is published"
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith(MIT_FIRST) and "Copyright (c) the koloda authors" in licence
    assert "LICENSE" in PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _hatchling()
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
        + [str(ROOT), "-w", str(out)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (found,) = out.glob("koloda-*.whl")
    return found


def test_the_wheel_holds_the_licence_the_script_and_the_example(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        assert z.read(f"{info}/licenses/LICENSE").decode().startswith(MIT_FIRST)
        metadata = z.read(f"{info}/METADATA").decode()
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert "koloda = conformance.console:main" in entry_points
    for part in (
        "conformance/examples/js/adapter.js",
        "conformance/examples/js/package.json",
        "conformance/frozen/suite-1.0.0.jsonl",
        "conformance/frozen/suite-2.0.0.jsonl",
        "conformance/report.py",
        "conformance/schema/results.schema.json",
        "conformance/sources/translations.json",
        "reference/py.typed",
    ):
        assert part in names, part
    assert not any(n.startswith(("tests/", "scripts/", "docs/")) for n in names)


def test_the_sdist_holds_the_licence(tmp_path: Path) -> None:
    _hatchling()
    code = "import sys; from hatchling.build import build_sdist; print(build_sdist(sys.argv[1]))"
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    sdist = tmp_path / done.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as t:
        names = t.getnames()
        top = names[0].split("/")[0]
        licence = t.extractfile(f"{top}/LICENSE")
        assert licence is not None and licence.read().decode().startswith(MIT_FIRST)
    assert f"{top}/scripts/write_schema.py" in names
    assert not any("/docs/_build/" in n or "node_modules" in n for n in names)


def test_an_installed_wheel_tells_where_the_example_is(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
        + ["--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "example", "--path"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    path = Path(done.stdout.strip())
    assert path == target / "conformance" / "examples" / "js"
    assert (path / "adapter.js").is_file()
    script = target / "bin" / "koloda"
    assert script.is_file()
    shown = subprocess.run(
        [str(script), "--help"], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert "python -m conformance" in shown.stdout and "python -m reference" in shown.stdout


def _koloda(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = console.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_koloda_dispatches_to_both_command_lines() -> None:
    code, text, _ = _koloda("--help")
    assert code == 0
    for name in (*console.CONFORMANCE, *console.REFERENCE):
        assert f"  {name} " in text
    code, text, _ = _koloda()
    assert code == 2 and "usage: koloda" in text
    code, text, _ = _koloda("example", "--path")
    assert code == 0 and text.strip().endswith("examples/js")
    code, _, err = _koloda("validate", "--write-schema")
    assert code == 2 and "scripts/write_schema.py" in err
    code, _, err = _koloda("deal")
    assert code == 2 and "unknown command 'deal'" in err


def test_koloda_reaches_the_reference_command_line() -> None:
    from reference import games  # noqa: PLC0415

    done = subprocess.run(
        [sys.executable, "-m", "conformance.console", "games"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert all(g in done.stdout for g in games())
