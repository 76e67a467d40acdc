"""The fork server: judge each mutant by the scenarios of its module, then confirm survivors
through the real runner.

The parent imports the harness and parses every target module once. For each mutant it forks a
child that plants the fault in its copy of the parse tree, loads the mutated source through the
import hook (:mod:`conformance.mutation.hook`), imports the reference adapter afresh on the
mutant and runs the judging scenarios as the runner would: the adapter's own ``answer`` to the
``start`` and ``run`` request lines, its encoded answer decoded and checked by the unmutated
protocol and runner (``check_start``, ``unsupported``, ``check_run``, ``judge_answer``). Only the
pipe is left out. A mutant is *caught* when a scenario would FAIL or ERROR, when the child
crashes, or when it exceeds the per-mutant time bound (TIMEOUT). Every in-process survivor is
then run through ``python -m conformance run`` with the mutant's adapter
(``python -m conformance.mutation adapter``), the real path; only a survivor there survives.

Which scenarios judge a mutant: a game module's, those of every game the module (or a module
importing it) registers (``mushka.py`` serves four games); a core module's, the whole suite.
"""

from __future__ import annotations

import hashlib
import json
import os
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TextIO

from conformance import protocol, runner
from conformance.mutation import hook, points
from conformance.mutation.points import Module, Mutant
from reference.core.jsontypes import JSON, JSONObject

#: The reviewed equivalent mutants: per line an id, then a one-line reason.
EQUIVALENT = Path(__file__).with_name("equivalent.txt")
#: The caught mutants of the fixed sample that CI re-runs.
BASELINE = Path(__file__).with_name("baseline.txt")
#: Where reports go (git-ignored).
BUILD = hook.ROOT / "build" / "mutation"

CAUGHT, SURVIVED, TIMEOUT, ERROR = "caught", "survived", "timeout", "error"
#: Not counted: the mutated source does not compile, or is the same text.
INCOMPETENT, UNCHANGED = "incompetent", "unchanged"
KILLED = frozenset({CAUGHT, TIMEOUT, ERROR})


@dataclass(slots=True)
class Verdict:
    """What became of one mutant."""

    id: str
    module: str
    line: int
    function: str
    operator: str
    kind: str
    original: str
    mutated: str = ""
    status: str = SURVIVED
    by: str = ""  # the first scenario that caught it, and how
    seconds: float = 0.0
    equivalent: str | None = None  # the reviewed reason, if listed
    protocol: str | None = None  # the runner's verdict on an in-process survivor
    node: int = 0  # where in this run's parse (not reported)
    index: int = 0

    @staticmethod
    def of(m: Mutant, equivalent: str | None) -> Verdict:
        """A mutant not yet judged."""
        return Verdict(
            m.id, m.module, m.line, m.function, m.operator, m.kind, m.original,
            equivalent=equivalent, node=m.node, index=m.index,
        )  # fmt: skip

    def record(self, result: JSONObject) -> None:
        """Take a child's result (status, by, mutated, seconds)."""
        self.status = str(result.get("status", ERROR))
        self.by = str(result.get("by", ""))
        self.mutated = str(result.get("mutated", ""))
        seconds = result.get("seconds", 0.0)
        self.seconds = float(seconds) if isinstance(seconds, (int, float)) else 0.0

    def to_json(self) -> JSONObject:
        out: JSONObject = {}
        for k, v in asdict(self).items():
            if k in ("node", "index"):
                continue
            if isinstance(v, (str, int, float)) or v is None:
                out[k] = v
        return out


#: How many times the time bound a second look at a mutant over it (and the control) is given.
SECOND_LOOK = 6


@dataclass(frozen=True, slots=True)
class Settings:
    """How to judge: the per-mutant time bound, strict rule ids, parallel children."""

    timeout: float = 10.0
    strict_codes: bool = False
    jobs: int = 2
    confirm: bool = True


# --- which scenarios judge which module ---------------------------------------------------


def game_modules() -> dict[str, str]:
    """Each game id and the module (dotted) of its game object."""
    from reference.games import REGISTRY  # noqa: PLC0415

    out: dict[str, str] = {}
    for gid, game in REGISTRY.items():
        out[gid] = game.module
    return out


def judging_games(path: str, graph: Mapping[str, set[str]], games: Mapping[str, str]) -> set[str]:
    """The games whose scenarios judge a mutant of ``path``: every game if it is core."""
    if not path.startswith("reference/games/"):
        return set(games)
    affected = hook.dependents(hook.module_name(path), dict(graph))
    return {gid for gid, module in games.items() if module in affected}


# --- the equivalent-mutant file and the baseline ----------------------------------------------


def read_equivalents(path: Path = EQUIVALENT) -> dict[str, str]:
    """The reviewed equivalent mutants: id -> reason (``#`` starts a comment line)."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            mid, _, reason = line.partition(" ")
            out[mid] = reason.strip()
    return out


def read_baseline(path: Path = BASELINE) -> tuple[dict[str, str], list[str]]:
    """The baseline's parameters (``# key: value`` header lines) and its caught ids."""
    params: dict[str, str] = {}
    ids: list[str] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep and key.strip() in ("sample", "seed"):
                params[key.strip()] = value.strip()
        elif line:
            ids.append(line)
    return params, ids


# --- choosing mutants ---------------------------------------------------------------------


def sample(mutants: Sequence[Mutant], n: int, seed: int) -> list[Mutant]:
    """``n`` mutants chosen by a seeded hash of their ids: the same ids whatever else changes."""

    def rank(m: Mutant) -> str:
        return hashlib.sha256(f"{seed}:{m.id}".encode()).hexdigest()

    chosen = {m.id for m in sorted(mutants, key=rank)[:n]}
    return [m for m in mutants if m.id in chosen]


# --- the fork server -------------------------------------------------------------------------


@dataclass
class Server:
    """The parent: the harness imported, the suite loaded, each target module parsed once."""

    modules: Sequence[str]
    settings: Settings = field(default_factory=Settings)
    sources: dict[str, str] = field(init=False)
    trees: dict[str, Module] = field(init=False)
    graph: dict[str, set[str]] = field(init=False)
    cases: dict[str, list[runner.Case]] = field(init=False)
    games: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        self.sources = {m: (hook.ROOT / m).read_text(encoding="utf-8") for m in self.modules}
        self.trees = {m: points.parse(src) for m, src in self.sources.items()}
        self.graph = hook.import_graph()
        self.games = game_modules()
        self.cases = defaultdict(list)
        for case in runner.iter_cases():
            self.cases[case.game].append(case)

    def mutants(self) -> list[Mutant]:
        """Every mutation point of the target modules."""
        out: list[Mutant] = []
        for m in self.modules:
            out.extend(points.mutants(m, self.sources[m], self.trees[m]))
        return out

    def judging(self, path: str) -> list[runner.Case]:
        gids = judging_games(path, self.graph, self.games)
        return [c for gid in sorted(gids) for c in self.cases.get(gid, [])]

    # -- in the child --

    def _child(self, mutant: Mutant | None, path: str) -> JSONObject:
        source = self.sources.get(path) or (hook.ROOT / path).read_text(encoding="utf-8")
        mutated = source
        line = ""
        if mutant is not None:
            mutated = points.mutate(self.trees[path], mutant)
            if mutated == source:
                return {"status": UNCHANGED}
            lines = mutated.splitlines()
            line = lines[mutant.line - 1].strip() if mutant.line - 1 < len(lines) else ""
        try:
            hook.load(path, mutated, self.graph)
        except SyntaxError as e:
            return {"status": INCOMPETENT, "by": f"SyntaxError: {e}", "mutated": line}
        try:
            import conformance.adapter as fresh  # noqa: PLC0415 (the mutated model)
        except Exception as e:
            return {"status": ERROR, "by": f"import: {type(e).__name__}: {e}", "mutated": line}
        status, by = judge(fresh, self.judging(path), self.settings.strict_codes)
        return {"status": status, "by": by, "mutated": line}

    def _fork(self, mutant: Mutant | None, path: str) -> tuple[int, int]:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = 0
            try:
                os.close(read)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                sys.setrecursionlimit(4000)
                try:
                    result = self._child(mutant, path)
                except BaseException as e:
                    result = {"status": ERROR, "by": f"{type(e).__name__}: {e}"[:300]}
                data = json.dumps(result).encode("utf-8")
                with os.fdopen(write, "wb") as out:
                    out.write(data)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        return pid, read

    def control(self) -> None:
        """The unmutated model, loaded through the hook, passes every judging scenario (else the
        run would mean nothing): checked for one game module and one core module, with the time
        of a second look (a busy machine is no failure of the model)."""
        for path in ("reference/games/melniki_b.py", "reference/core/cards.py"):
            ((_, result),) = self.run_many([(None, path)], SECOND_LOOK * self.settings.timeout)
            if result.get("status") != SURVIVED:
                raise RuntimeError(f"the unmutated model does not pass through the hook: {result}")

    def run_many(
        self, work: Sequence[tuple[Mutant | None, str]], bound: float | None = None
    ) -> Iterator[tuple[int, JSONObject]]:
        """Run each (mutant, module) in a forked child, ``jobs`` at a time; yields
        (index, result) as they finish. A child over the time bound (``bound``, else the
        settings' timeout) is killed (TIMEOUT)."""
        limit = self.settings.timeout if bound is None else bound
        pending = list(enumerate(work))
        pending.reverse()
        running: dict[int, tuple[int, int, float, bytearray]] = {}  # fd -> index, pid, start
        while pending or running:
            while pending and len(running) < max(1, self.settings.jobs):
                i, (mutant, path) = pending.pop()
                pid, fd = self._fork(mutant, path)
                running[fd] = (i, pid, time.monotonic(), bytearray())
            now = time.monotonic()
            wait = min(t + limit for _, _, t, _ in running.values()) - now
            ready, _, _ = select.select(list(running), [], [], max(0.0, wait))
            for fd in ready:
                i, pid, t0, buf = running[fd]
                chunk = os.read(fd, 1 << 16)
                if chunk:
                    buf.extend(chunk)
                    continue
                os.close(fd)
                del running[fd]
                _, status = os.waitpid(pid, 0)
                result = _decode(buf, status)
                result["seconds"] = round(time.monotonic() - t0, 3)
                yield i, result
            now = time.monotonic()
            for fd, (i, pid, t0, _) in list(running.items()):
                if now - t0 >= limit:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    os.close(fd)
                    del running[fd]
                    yield i, {"status": TIMEOUT, "by": f"over {limit:g} s", "seconds": limit}


def _decode(buf: bytearray, status: int) -> JSONObject:
    try:
        result = json.loads(bytes(buf))
        if isinstance(result, dict):
            return result
    except ValueError:
        pass
    return {"status": ERROR, "by": f"the child died (wait status {status})"}


def judge(adapter: ModuleType, cases: Sequence[runner.Case], strict_codes: bool) -> tuple[str, str]:
    """Run cases on a freshly imported adapter module as the runner would, without the pipe:
    (status, the first departure)."""
    answer = adapter.answer
    encode = adapter.protocol.encode

    def exchange(request: bytes) -> JSONObject:
        reply, _ = answer(request.rstrip(b"\n"))
        return protocol.decode(encode(reply).rstrip(b"\n"))

    try:
        declared = protocol.check_start(exchange(protocol.start_request()))
    except protocol.ProtocolError as e:
        return CAUGHT, f"start: {e}"
    for seq, case in enumerate(cases, 1):
        why = runner.unsupported(case, declared)
        if why is not None:
            # the reference declares every value the suite tests and runs every scenario: a
            # mutant that makes one SKIP no longer plays a reading the suite asks for
            return CAUGHT, f"{case.id}: SKIP: {why}"[:300]
        try:
            run = protocol.check_run(
                exchange(protocol.run_request_bytes(seq, case.wire)), seq, case.steps
            )
        except protocol.ProtocolError as e:
            return CAUGHT, f"{case.id}: ERROR: protocol violation: {e}"
        result = runner.judge_answer(case, run, strict_codes)
        if result.outcome in (runner.FAIL, runner.ERROR):
            return CAUGHT, f"{case.id}: {result.outcome}: {result.detail()}"[:300]
    return SURVIVED, ""


# --- through the real runner -----------------------------------------------------------------


def confirm_command(
    path: str, source_file: str, games: Iterable[str], strict_codes: bool
) -> list[str]:
    """``python -m conformance run`` on the judging scenarios, with the mutant's adapter."""
    impl = [sys.executable, "-m", "conformance.mutation", "adapter", path, source_file]
    argv = [sys.executable, "-m", "conformance", "run", "--impl", shlex.join(impl)]
    if strict_codes:
        argv.append("--strict-codes")
    suite = hook.ROOT / "conformance" / "scenarios"
    gids = sorted(games)
    everything = {p.name for p in suite.iterdir() if p.is_dir()}
    if set(gids) != everything:
        argv.extend(str(suite / g) for g in gids)
    return argv


def confirm(server: Server, survivors: Sequence[Verdict], err: TextIO) -> None:
    """Run every in-process survivor through the real runner (``jobs`` at a time); sets
    ``protocol`` to ``survived``, ``caught`` or ``error: ...``; a caught one counts caught."""
    with tempfile.TemporaryDirectory(prefix="koloda-mutants-") as tmp:
        queue = list(survivors)
        running: list[tuple[Verdict, subprocess.Popen[bytes]]] = []
        done = 0
        while queue or running:
            while queue and len(running) < max(1, server.settings.jobs):
                v = queue.pop(0)
                mutant = _mutant_of(v)
                source = points.mutate(points.parse(server.sources[v.module]), mutant)
                file = Path(tmp) / (hashlib.sha1(v.id.encode()).hexdigest() + ".py")
                file.write_text(source, encoding="utf-8")
                gids = judging_games(v.module, server.graph, server.games)
                argv = confirm_command(v.module, str(file), gids, server.settings.strict_codes)
                proc = subprocess.Popen(
                    argv, cwd=hook.ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
                )
                running.append((v, proc))
            v, proc = running.pop(0)
            _, stderr = proc.communicate()
            done += 1
            if proc.returncode == 0:
                v.protocol = SURVIVED
            elif proc.returncode == 1:
                v.protocol = CAUGHT
                v.status = CAUGHT
                v.by = "caught through the protocol only (in-process said survived)"
                print(f"mutation: in-process and protocol disagree on {v.id}", file=err)
            else:
                tail = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
                v.protocol = f"error: exit {proc.returncode}: {tail[0][:200]}"
            if done % 50 == 0:
                print(f"mutation: confirmed {done}/{len(survivors)} survivors", file=err)


def _mutant_of(v: Verdict) -> Mutant:
    return Mutant(
        v.id, v.module, v.function, v.operator, v.kind, v.line, v.node, v.index, v.original
    )


# --- a whole run ------------------------------------------------------------------------------


@dataclass
class Outcome:
    """A finished run: every verdict, and what was left over."""

    verdicts: list[Verdict]
    stale_equivalents: list[str]
    seconds: float
    settings: Settings

    def table(self) -> list[tuple[str, int, int, int, int, str]]:
        """Per module: caught, survived, equivalent, not counted, score (caught/non-equivalent);
        then the total row."""
        rows: list[tuple[str, int, int, int, int, str]] = []
        by_module: dict[str, list[Verdict]] = defaultdict(list)
        for v in self.verdicts:
            by_module[v.module].append(v)
        for module in [*sorted(by_module), "total"]:
            vs = self.verdicts if module == "total" else by_module[module]
            c = Counter(_bucket(v) for v in vs)
            counted = c["caught"] + c["survived"]
            score = f"{100 * c['caught'] / counted:.1f}%" if counted else "-"
            rows.append((module, c["caught"], c["survived"], c["equivalent"], c["other"], score))
        return rows

    def survivors(self) -> list[Verdict]:
        return [v for v in self.verdicts if _bucket(v) == "survived"]

    def to_json(self) -> JSONObject:
        rows: list[JSON] = [
            {
                "module": m,
                "caught": c,
                "survived": s,
                "equivalent": e,
                "not_counted": o,
                "score": sc,
            }
            for m, c, s, e, o, sc in self.table()
        ]
        return {
            "seconds": round(self.seconds, 1),
            "timeout": self.settings.timeout,
            "strict_codes": self.settings.strict_codes,
            "jobs": self.settings.jobs,
            "confirmed_through_protocol": self.settings.confirm,
            "table": rows,
            "stale_equivalents": list(self.stale_equivalents),
            "mutants": [v.to_json() for v in self.verdicts],
        }


def _bucket(v: Verdict) -> str:
    if v.equivalent is not None and v.status not in KILLED:
        return "equivalent"
    if v.status in KILLED:
        return "caught"
    if v.status == SURVIVED:
        return "survived"
    return "other"


def execute(
    server: Server,
    chosen: Sequence[Mutant],
    equivalents: Mapping[str, str],
    err: TextIO = sys.stderr,
) -> Outcome:
    """Judge the chosen mutants in-process, then confirm survivors through the runner."""
    t0 = time.monotonic()
    server.control()
    verdicts = [Verdict.of(m, equivalents.get(m.id)) for m in chosen]
    for done, (i, result) in enumerate(server.run_many([(m, m.module) for m in chosen]), 1):
        verdicts[i].record(result)
        if done % 250 == 0:
            print(f"mutation: {done}/{len(chosen)} mutants judged", file=err)
    # a mutant over the time bound is judged again with more time: only one that runs on and
    # on is caught by the clock, not one that a busy machine slowed down
    slow = [i for i, v in enumerate(verdicts) if v.status == TIMEOUT]
    again = server.run_many(
        [(chosen[i], chosen[i].module) for i in slow], SECOND_LOOK * server.settings.timeout
    )
    for j, result in again:
        verdicts[slow[j]].record(result)
    survivors = [v for v in verdicts if v.status == SURVIVED and v.equivalent is None]
    if server.settings.confirm and survivors:
        print(f"mutation: confirming {len(survivors)} survivors through the runner", file=err)
        confirm(server, survivors, err)
    for v in verdicts:
        if v.equivalent is not None and v.status in KILLED:
            print(f"mutation: {v.id} is listed as equivalent but was caught ({v.by})", file=err)
    present = {m.id for m in server.mutants()}
    targets = set(server.modules)  # an entry of a module not under judgement is not stale
    stale = sorted(
        mid for mid in equivalents if mid.split("::", 1)[0] in targets and mid not in present
    )
    return Outcome(verdicts, stale, time.monotonic() - t0, server.settings)


def _cell(text: str) -> str:
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def write_report(outcome: Outcome, folder: Path = BUILD) -> tuple[Path, Path]:
    """``report.json`` and ``report.md`` (the table, then every survivor by module)."""
    folder.mkdir(parents=True, exist_ok=True)
    json_path, md_path = folder / "report.json", folder / "report.md"
    json_path.write_text(
        json.dumps(outcome.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    s = outcome.settings
    lines = [
        "# Mutation testing of the reference, judged by the conformance suite",
        "",
        f"{len(outcome.verdicts)} mutants in {outcome.seconds:.0f} s with {s.jobs} jobs; "
        f"time bound {s.timeout:g} s a mutant; strict rule ids: {s.strict_codes}; "
        f"survivors confirmed through the runner: {s.confirm}.",
        "Score: caught / (caught + survived); equivalent mutants (reviewed, "
        "`conformance/mutation/equivalent.txt`) and mutants that do not compile are not counted.",
        "",
        "| module | caught | survived | equivalent | not counted | score |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines += [f"| {m} | {c} | {sv} | {e} | {o} | {sc} |" for m, c, sv, e, o, sc in outcome.table()]
    by_module: dict[str, list[Verdict]] = defaultdict(list)
    for v in outcome.survivors():
        by_module[v.module].append(v)
    for module in sorted(by_module):
        lines += ["", f"## Survivors in {module}", ""]
        lines += ["| line | function | kind | original | mutated | id |", "| ---: |" + " --- |" * 5]
        for v in sorted(by_module[module], key=lambda v: (v.line, v.id)):
            lines.append(
                f"| {v.line} | {v.function} | {v.kind} | {_cell(v.original)} | "
                f"{_cell(v.mutated)} | {_cell(v.id)} |"
            )
    if outcome.stale_equivalents:
        lines += ["", "## Equivalent-file entries that match no mutant", ""]
        lines += [f"- {_cell(mid)}" for mid in outcome.stale_equivalents]
    md_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return json_path, md_path


def print_table(outcome: Outcome, out: TextIO) -> None:
    """The per-module table on a terminal."""
    rows = outcome.table()
    width = max(len(r[0]) for r in rows)
    head = ("module", "caught", "survived", "equiv", "other", "score")
    print(f"{head[0]:<{width}} " + " ".join(f"{h:>8}" for h in head[1:]), file=out)
    for m, c, sv, e, o, sc in rows:
        print(f"{m:<{width}} {c:>8} {sv:>8} {e:>8} {o:>8} {sc:>8}", file=out)


# --- the baseline CI re-runs -----------------------------------------------------------------

REFRESH = "python -m conformance.mutation baseline --write"


@dataclass
class BaselineCheck:
    """The baseline sample re-run: the mutants lost (now surviving) and the ids gone."""

    lost: list[Verdict]
    gone: list[str]
    run: int

    def report(self) -> list[str]:
        out = [f"mutation baseline: {self.run} caught mutants re-run, {len(self.lost)} lost"]
        out += [
            f"LOST {v.id} (line {v.line}: {v.original!r} -> {v.mutated!r}): caught before, "
            "survives now: a scenario that judged it was removed or weakened"
            for v in self.lost
        ]
        if self.gone:
            out.append(
                f"mutation baseline: {len(self.gone)} ids match no mutant now (the code changed; "
                f"not a failure); refresh with: {REFRESH}"
            )
            out += [f"  gone: {mid}" for mid in self.gone]
        return out


def baseline_modules(path: Path = BASELINE) -> list[str]:
    """The modules the baseline's ids name that still exist (only these need parsing)."""
    _, ids = read_baseline(path)
    named = sorted({mid.split("::", 1)[0] for mid in ids})
    return [m for m in named if (hook.ROOT / m).is_file()]


def check_baseline(server: Server, path: Path = BASELINE) -> BaselineCheck:
    """Re-run the baseline's caught mutants that still exist; those that survive are lost.
    ``server`` needs the modules of :func:`baseline_modules`."""
    _, ids = read_baseline(path)
    by_id = {m.id: m for m in server.mutants()}
    chosen = [by_id[mid] for mid in ids if mid in by_id]
    gone = [mid for mid in ids if mid not in by_id]
    outcome = execute(server, chosen, {}, sys.stderr)
    lost = [v for v in outcome.verdicts if v.status not in KILLED]
    return BaselineCheck(lost, gone, len(chosen))
