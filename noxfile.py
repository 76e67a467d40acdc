"""Every check of the project: ``pip install nox && nox`` runs the default set.

Sessions: lint, typecheck, tests, crosshair, trace, docs (default); quick, bench,
mutation, browser, openspiel and compiled are run on request (``nox -s quick`` is the loop
while working: lint, mypy and the tests not marked slow; ``nox -s bench``; CI runs ``nox -s
browser``, ``nox -s openspiel`` and ``nox -s compiled``, and the tests re-run the mutation
baseline sample).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

nox.options.sessions = ["lint", "typecheck", "tests", "crosshair", "trace", "docs"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

PYTHON = "3.11"
TYPED = ["reference", "conformance", "scripts", "tests", "noxfile.py", "hatch_build.py"]


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff (lint and format) and the import-linter layer contracts."""
    session.install("-e", ".[lint]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the packages, scripts and tests."""
    session.install("-e", ".[typecheck]")
    session.run("mypy", *TYPED)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """pytest, on every core (pytest-xdist; a long test is stolen by an idle worker);
    Hypothesis uses the koloda-ci profile when CI is set."""
    session.install("-e", ".[test]")
    args = session.posargs or [
        "--ignore=tests/browser",
        "--durations=15",
        "--numprocesses=auto",
        "--dist=worksteal",
    ]
    session.run("pytest", *args, env={"CI": os.environ.get("CI", "")})


@nox.session(python=PYTHON)
def quick(session: nox.Session) -> None:
    """The loop while working: lint, mypy --strict and the tests not marked slow (the slow ones
    are listed in tests/conftest.py, from measured times), on every core."""
    session.install("-e", ".[lint,typecheck,test]")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")
    session.run("mypy", *TYPED)
    args = session.posargs or ["--ignore=tests/browser", "--durations=10", "--numprocesses=auto"]
    session.run("pytest", "-m", "not slow", *args, env={"CI": ""})


@nox.session(python=PYTHON)
def crosshair(session: nox.Session) -> None:
    """CrossHair proves the PEP 316 contracts of the decision functions: one process per core,
    1,200 s of checking in all (about 600 s of wall time on two cores)."""
    session.install("-e", ".[crosshair]")
    session.run("python", "scripts/crosshair_check.py", *session.posargs)


@nox.session(python=PYTHON)
def trace(session: nox.Session) -> None:
    """The traceability check and the sentence index."""
    session.install("-e", ".")
    session.run("python", "scripts/corpus_index.py", "--check")
    session.run("python", "scripts/trace.py")


#: The docs build: the site in docs/_build/html holds only what is published; Sphinx's pickled
#: doctrees (tens of MB) go beside it, in docs/_build/doctrees.
SPHINX = (
    "sphinx-build",
    "-W",
    "--keep-going",
    "-b",
    "html",
    "-d",
    "docs/_build/doctrees",
    "docs",
    "docs/_build/html",
)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """The Sphinx site, warnings as errors."""
    session.install("-e", ".[docs]")
    session.run(*SPHINX)


@nox.session(python=PYTHON)
def browser(session: nox.Session) -> None:
    """The built docs in headless Chromium (Debian's chromium; never a downloaded browser)."""
    session.install("-e", ".[docs,browser]")
    session.run(*SPHINX)
    session.run("pytest", "tests/browser", *session.posargs, env={"KOLODA_REQUIRE_BROWSER": "1"})


@nox.session(python=PYTHON)
def openspiel(session: nox.Session) -> None:
    """Every game through OpenSpiel (reference/openspiel.py): its random simulation test, the
    lockstep with the model and the MCTS example (required here: no skip)."""
    session.install("-e", ".[openspiel,test]")
    session.run(
        "pytest", "tests/openspiel", *session.posargs, env={"KOLODA_REQUIRE_OPENSPIEL": "1"}
    )


#: Python that fails unless it imports the model compiled (mypyc's extension modules).
COMPILED_CHECK = "import reference; b = reference.build(); assert b == 'compiled', b; print(b)"


@nox.session(python=PYTHON)
def compiled(session: nox.Session) -> None:
    """The model compiled by mypyc from the same source (hatch_build.py, KOLODA_COMPILE=1; a C
    compiler is needed). Builds the wheel and installs it; then, outside the source tree so that
    the wheel is what Python imports: the whole suite through the protocol against the compiled
    adapter, the differential test against the interpreted source (scripts/differential.py) and
    the bench of both builds, each paired with OpenSpiel's C++ hearts (short: 3 pairs of 0.5 s;
    ``python scripts/bench.py --builds`` in this session's environment for longer runs)."""
    root = Path(__file__).resolve().parent
    tmp = Path(session.create_tmp())
    wheels = tmp / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    session.run(
        "python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(wheels), str(root),
        env={"KOLODA_COMPILE": "1"},
    )  # fmt: skip
    (wheel,) = wheels.glob("koloda-*.whl")
    session.install(f"{wheel}[bench]")
    session.install("--force-reinstall", "--no-deps", str(wheel))
    session.chdir(tmp)
    session.run("python", "-c", COMPILED_CHECK)
    session.run("python", "-m", "conformance", "run")
    session.run(
        "python", str(root / "scripts/differential.py"), "--require-compiled",
        "--source", str(root),
    )  # fmt: skip
    session.run(
        "python", str(root / "scripts/bench.py"), "--builds", "--require-compiled",
        "--source", str(root), "--seconds", "0.5", "--repeats", "3", *session.posargs,
    )  # fmt: skip


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Random-playout throughput per game (not part of the default set)."""
    session.install("-e", ".[bench]")
    session.run("python", "scripts/bench.py", *session.posargs)


@nox.session(python=PYTHON)
def mutation(session: nox.Session) -> None:
    """Mutation testing of reference/games and reference/core judged by the conformance suite
    (not in the default set): ``nox -s mutation -- --sample 200 --seed 1`` or ``-- --module
    reference/games/gorka.py``; the report goes to build/mutation/."""
    session.install("-e", ".[mutation]")
    session.run(
        "python", "-m", "conformance.mutation", "run", *(session.posargs or ["--jobs", "2"])
    )
