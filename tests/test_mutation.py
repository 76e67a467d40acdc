"""The mutation tool (``python -m conformance.mutation``) and the baseline CI re-runs.

The tool's own checks: a known-bad mutant is caught (in-process and through the real runner),
an equivalent-file entry is honoured, ids survive an unrelated edit, the tree is never left
mutated. Then the baseline: the caught mutants of a fixed sample are re-run, and one that
survives now fails, named (a scenario that judged it was lost or weakened).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.mutation import hook, points
from conformance.mutation import run as mrun
from conformance.mutation.points import Mutant

COVERING = "reference/core/covering.py"
SVINYI = "reference/games/svinyi.py"


@pytest.fixture(scope="module")
def server() -> mrun.Server:
    return mrun.Server([COVERING, SVINYI], mrun.Settings(jobs=2, confirm=False))


def tree_digest() -> str:
    h = hashlib.sha256()
    for folder in ("reference", "conformance"):
        for path in sorted((hook.ROOT / folder).rglob("*.py")):
            h.update(str(path).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def known_bad(server: mrun.Server) -> Mutant:
    """``covers`` with its comparison negated: Durak-style covering then goes wrong."""
    found = [
        m
        for m in server.mutants()
        if m.module == COVERING
        and m.function == "covers"
        and m.operator.startswith("core/ReplaceComparisonOperator_")
    ]
    assert found, "covers has no comparison to mutate"
    return found[0]


def test_known_bad_mutant_is_caught(server: mrun.Server) -> None:
    mutant = known_bad(server)
    outcome = mrun.execute(server, [mutant], {})
    (verdict,) = outcome.verdicts
    assert verdict.status in mrun.KILLED, verdict
    assert verdict.mutated and verdict.mutated != verdict.original


def test_known_bad_mutant_is_caught_through_the_runner(server: mrun.Server, tmp_path: Path) -> None:
    mutant = known_bad(server)
    source = points.mutate(points.parse(server.sources[COVERING]), mutant)
    file = tmp_path / "covering.py"
    file.write_text(source, encoding="utf-8")
    argv = mrun.confirm_command(COVERING, str(file), ["melniki-b"], strict_codes=False)
    done = subprocess.run(argv, cwd=hook.ROOT, capture_output=True, check=False, timeout=300)
    assert done.returncode == 1, done.stdout.decode()[-2000:]
    # and the unmutated source through the same adapter passes
    file.write_text(server.sources[COVERING], encoding="utf-8")
    done = subprocess.run(argv, cwd=hook.ROOT, capture_output=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout.decode()[-2000:]


def test_mutants_of_our_operators_compile(server: mrun.Server) -> None:
    """The operators cosmic-ray lacks give valid code (the first few of each in two modules)."""
    seen: Counter[tuple[str, str]] = Counter()
    for m in server.mutants():
        if m.operator.startswith("koloda/") and seen[m.module, m.operator] < 6:
            seen[m.module, m.operator] += 1
            source = points.mutate(points.parse(server.sources[m.module]), m)
            assert source != server.sources[m.module], m.id
            compile(source, m.module, "exec")


def verdict(name: str, status: str, equivalent: str | None) -> mrun.Verdict:
    m = Mutant(f"{SVINYI}::f::op::{name}::0", SVINYI, "f", "op", "boolean", 1, 0, 0, "x")
    v = mrun.Verdict.of(m, equivalent)
    v.status = status
    return v


class _BusyServer:
    """The fixture's server on a busy machine: every run under the plain bound times out; a run
    with the second look's bound gives what the model does (the mutant survives)."""

    def __init__(self, real: mrun.Server) -> None:
        self.real = real
        self.bounds: list[float | None] = []
        self.settings, self.modules = real.settings, real.modules

    def mutants(self) -> list[Mutant]:
        return self.real.mutants()

    def control(self) -> None:
        pass

    def run_many(
        self, work: list[tuple[Mutant | None, str]], bound: float | None = None
    ) -> Iterator[tuple[int, dict[str, object]]]:
        self.bounds.append(bound)
        for i, _ in enumerate(work):
            if bound is None:
                yield i, {"status": mrun.TIMEOUT, "by": "over 10 s", "seconds": 10.0}
            else:
                yield i, {"status": mrun.SURVIVED, "seconds": 12.0}


def test_a_mutant_over_the_time_bound_gets_a_second_look(server: mrun.Server) -> None:
    """A mutant slowed past the bound by a busy machine is judged again with six times the time,
    and only then by its result: the clock catches only a mutant that runs on and on."""
    busy = _BusyServer(server)
    mutant = known_bad(server)
    outcome = mrun.execute(busy, [mutant], {})  # type: ignore[arg-type]
    (verdict,) = outcome.verdicts
    assert busy.bounds == [None, mrun.SECOND_LOOK * server.settings.timeout]
    assert verdict.status == mrun.SURVIVED and verdict.seconds == 12.0


def test_equivalent_entry_is_honoured(tmp_path: Path) -> None:
    listed = f"{SVINYI}::f::op::aaaaaaaa::0"
    file = tmp_path / "equivalent.txt"
    file.write_text(f"# reviewed\n{listed}  no observable change\n", encoding="utf-8")
    equivalents = mrun.read_equivalents(file)
    assert equivalents == {listed: "no observable change"}
    vs = [
        verdict("aaaaaaaa", mrun.SURVIVED, equivalents.get(listed)),
        verdict("bbbbbbbb", mrun.CAUGHT, equivalents.get(f"{SVINYI}::f::op::bbbbbbbb::0")),
        verdict("cccccccc", mrun.SURVIVED, equivalents.get(f"{SVINYI}::f::op::cccccccc::0")),
    ]
    outcome = mrun.Outcome(vs, [], 0.0, mrun.Settings())
    rows = {row[0]: row for row in outcome.table()}
    # caught 1, survived 1, equivalent 1: the score counts the non-equivalent mutants only
    assert rows[SVINYI][1:] == (1, 1, 1, 0, "50.0%")
    assert [v.id for v in outcome.survivors()] == [f"{SVINYI}::f::op::cccccccc::0"]


def test_only_entries_of_judged_modules_can_be_stale(server: mrun.Server) -> None:
    """An entry of a module outside ``--module`` is not reported as matching no mutant."""
    mutant = known_bad(server)
    gone = f"{SVINYI}::f::op::00000000::0"
    elsewhere = "reference/games/gorka.py::f::op::00000000::0"
    outcome = mrun.execute(server, [mutant], {gone: "gone", elsewhere: "not judged"})
    assert outcome.stale_equivalents == [gone]


#: The reviewed equivalent mutants are judged in parts of at most this many, each a test of its
#: own (all of them in one test took nine minutes on two busy cores): a surviving mutant runs
#: every scenario that judges its module, so a part's time grows with its size.
EQUIVALENTS_PER_PART = 40


def equivalent_parts() -> list[tuple[str, str, list[str]]]:
    """The committed equivalent entries, module by module, dealt round into parts: (module,
    the part's name, its ids)."""
    by_module: dict[str, list[str]] = {}
    for mid in mrun.read_equivalents():
        by_module.setdefault(mid.split("::", 1)[0], []).append(mid)
    parts: list[tuple[str, str, list[str]]] = []
    for module, ids in sorted(by_module.items()):
        count = -(-len(ids) // EQUIVALENTS_PER_PART)
        for k in range(count):
            parts.append((module, f"{module}:{k + 1}/{count}", ids[k::count]))
    return parts


@pytest.mark.parametrize(
    ("module", "ids"),
    [pytest.param(module, ids, id=name) for module, name, ids in equivalent_parts()],
)
def test_committed_equivalents_survive_and_are_not_counted(module: str, ids: list[str]) -> None:
    """Every reviewed entry names a mutant that exists and that the suite does not catch."""
    equivalents = mrun.read_equivalents()
    server = mrun.Server([module], mrun.Settings(jobs=2, confirm=False))
    by_id = {m.id: m for m in server.mutants()}
    stale = sorted(set(ids) - set(by_id))
    assert not stale, f"equivalent.txt entries that match no mutant: {stale}"
    chosen = [by_id[mid] for mid in ids]
    outcome = mrun.execute(server, chosen, {mid: equivalents[mid] for mid in ids})
    caught = [v.id for v in outcome.verdicts if v.status in mrun.KILLED]
    assert not caught, f"listed as equivalent but caught: {caught}"
    assert all(row[2] == 0 for row in outcome.table())


def test_the_equivalent_parts_hold_every_entry_once() -> None:
    held = [mid for _, _, ids in equivalent_parts() for mid in ids]
    assert sorted(held) == sorted(mrun.read_equivalents())
    assert all(0 < len(ids) <= EQUIVALENTS_PER_PART for _, _, ids in equivalent_parts())


def test_ids_are_stable_when_an_unrelated_line_is_inserted() -> None:
    source = (hook.ROOT / SVINYI).read_text(encoding="utf-8")
    before = points.mutants(SVINYI, source)
    lines = source.splitlines(keepends=True)
    # a new module constant, and a new statement at the top of the first function body
    first_def = next(i for i, line in enumerate(lines) if line.startswith("def "))
    lines.insert(first_def, "UNRELATED_LIMIT = 7\n\n\n")
    edited = "".join(lines)
    after = points.mutants(SVINYI, edited)
    old, new = {m.id: m for m in before}, {m.id: m for m in after}
    assert set(old) <= set(new)
    assert len(new) > len(old)  # the inserted line has mutants of its own
    moved = [mid for mid in old if new[mid].line != old[mid].line]
    assert moved, "the insertion moved later lines, and their ids stayed"
    for mid, m in old.items():
        assert new[mid].original == m.original


def test_ids_are_unique(server: mrun.Server) -> None:
    ids = [m.id for m in server.mutants()]
    assert len(ids) == len(set(ids))


def test_tree_is_never_left_mutated(server: mrun.Server) -> None:
    digest = tree_digest()
    modules_before = {
        name: module for name, module in sys.modules.items() if name.startswith("reference")
    }
    chosen = mrun.sample([m for m in server.mutants() if m.module == SVINYI], 8, seed=3)
    settings = mrun.Settings(jobs=2, confirm=True)
    confirming = mrun.Server([SVINYI], settings)
    outcome = mrun.execute(confirming, chosen, {})
    assert len(outcome.verdicts) == 8
    assert tree_digest() == digest
    for name, module in modules_before.items():
        assert sys.modules.get(name) is module, f"{name} was replaced in the parent"
    assert not any(isinstance(f, hook.MutantFinder) for f in sys.meta_path)


# --- the baseline --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def baseline() -> Iterator[mrun.BaselineCheck]:
    server = mrun.Server(mrun.baseline_modules(), mrun.Settings(jobs=2, confirm=False))
    yield mrun.check_baseline(server)


def test_baseline_mutants_are_still_caught(baseline: mrun.BaselineCheck) -> None:
    assert baseline.run > 0, "the baseline matches no mutant: " + mrun.REFRESH
    lost = "\n".join(line for line in baseline.report() if line.startswith("LOST"))
    assert not baseline.lost, f"caught before, surviving now:\n{lost}"


def test_baseline_ids_still_exist(baseline: mrun.BaselineCheck) -> None:
    """Ids gone because the code changed are reported (a skip with the refresh command)."""
    if baseline.gone:
        pytest.skip("\n".join(line for line in baseline.report() if not line.startswith("LOST")))
