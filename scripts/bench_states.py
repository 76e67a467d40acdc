"""What a state's representation costs, interpreted and compiled by mypyc.

The model's states are NamedTuples, updated by name (``s._replace(...)``, see
:mod:`reference.core.states`). This measures four ways to hold a state of 16 fields, each
step building the next state from the last: two fields changed, the fourteen others carried.

* ``namedtuple``: a NamedTuple, the next one built by its constructor;
* ``named-update``: the same, the next one built as the model builds its states,
  ``s._replace(a=..., b=...)`` (:func:`reference.core.states.named_updates` interpreted;
  compiled, the build's own ``_replace``, ``hatch_build.namedtuple_replace``);
* ``frozen-dataclass``: ``@dataclass(frozen=True)``;
* ``final-class``: a plain class whose ``__init__`` sets ``Final`` attributes (mypyc
  compiles it as a native class whose attributes are read-only; interpreted, nothing stops
  an assignment, so it is not frozen there).

It writes that module (:func:`module_source`) to a temporary folder, times it there as
Python, compiles it with mypyc (a C compiler is needed; a few seconds) and times it again,
each in a process of its own; each figure is the best of ``--repeats`` runs, in nanoseconds a step,
with whether that build's states refuse an assignment to a field (``frozen``).

    python scripts/bench_states.py [--steps N] [--repeats R]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = "abcdefghijklmnop"
#: Each kind: the class of its states, and how a step builds the next state (``{nxt}``: the
#: last state's fields, two of them changed).
KINDS = {
    "namedtuple": ("Tup", "Tup({nxt})"),
    "named-update": ("Tup", "s._replace(a=s.a + 1, b=s.b + s.c)"),
    "frozen-dataclass": ("Frozen", "Frozen({nxt})"),
    "final-class": ("Native", "Native({nxt})"),
}

CLASSES = """\
from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from reference.core.states import named_updates


@named_updates
class Tup(NamedTuple):
{typed}


@dataclass(frozen=True)
class Frozen:
{typed}


class Native:
    def __init__(self, {params}) -> None:
{sets}
"""

LOOP = """

def {name}(n: int) -> int:
    s = {cls}({zeros})
    for _ in range(n):
        s = {build}
    return s.a + s.p


def {name}_frozen() -> bool:
    # whether a state of this kind refuses an assignment to a field
    try:
        setattr({cls}({zeros}), "a", 1)
    except AttributeError:
        return True
    return False
"""


def module_source() -> str:
    """The measured module: the three state classes, and for each kind its loop and whether
    its states refuse an assignment."""
    zeros = ", ".join("0" for _ in FIELDS)
    # the next state: a and b changed, the others carried
    nxt = ", ".join(["s.a + 1", "s.b + s.c"] + [f"s.{f}" for f in FIELDS[2:]])
    source = CLASSES.format(
        typed="\n".join(f"    {f}: int" for f in FIELDS),
        params=", ".join(f"{f}: int" for f in FIELDS),
        sets="\n".join(f"        self.{f}: Final = {f}" for f in FIELDS),
    )
    for kind, (cls, build) in KINDS.items():
        name = kind.replace("-", "_")
        source += LOOP.format(name=name, cls=cls, zeros=zeros, build=build.format(nxt=nxt))
    return source


TIMER = """\
import sys, time
import states_bench
steps, repeats = int(sys.argv[1]), int(sys.argv[2])
for kind in sys.argv[3:]:
    name = kind.replace("-", "_")
    run = getattr(states_bench, name)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run(steps)
        best = min(best, time.perf_counter() - start)
    print(kind, round(best / steps * 1e9), getattr(states_bench, name + "_frozen")())
"""


def timed(folder: Path, steps: int, repeats: int) -> dict[str, tuple[int, bool]]:
    """Nanoseconds a step of each kind, and whether its states refuse an assignment to a
    field, the module imported from ``folder``."""
    done = subprocess.run(
        [sys.executable, "-c", TIMER, str(steps), str(repeats), *KINDS],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    rows = (line.split() for line in done.stdout.splitlines())
    return {kind: (int(ns), refuses == "True") for kind, ns, refuses in rows}


def compile_in(folder: Path) -> None:
    """mypyc, then the C compiler, on ``states_bench.py`` in ``folder``, in place, as the
    compiled build compiles the model (``hatch_build.py``)."""
    build = (
        "import sys\n"
        "from pathlib import Path\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import hatch_build\n"
        "hatch_build.compile_in(Path.cwd(), ['states_bench.py'], 'states-bench')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", build], cwd=folder, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not list(folder.glob("states_bench*.so")):
        raise SystemExit(f"mypyc did not compile the module:\n{done.stdout[-2000:]}{done.stderr}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "states_bench.py").write_text(module_source(), encoding="utf-8")
        interpreted = timed(folder, args.steps, args.repeats)
        compile_in(folder)
        compiled = timed(folder, args.steps, args.repeats)
    print(f"{'state':<18} {'interpreted ns':>15} {'frozen':>7} {'compiled ns':>12} {'frozen':>7}")
    for kind in KINDS:
        (ins, ifrozen), (cns, cfrozen) = interpreted[kind], compiled[kind]
        print(f"{kind:<18} {ins:>15} {ifrozen!s:>7} {cns:>12} {cfrozen!s:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
