"""The divergences a fuzz campaign finds, grouped: one broken rule shows up in many games.

Divergences are grouped by their game, the first observable that differs (``hand.2`` counts as
``hand.<seat>``; an action accepted or refused against the reference counts as such) and the
rule the reference cites for it: the rule of the reference's first refusal among the
mismatches (none when the reference refuses nothing there). Each group is said with its count
and one example; the results file keeps every divergence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TextIO

from conformance import engine
from reference.core.jsontypes import JSON, JSONObject

#: Other game seeds shown after a group's example.
SEEDS_SHOWN: Final = 8
#: The longest expected or observed value shown in an example.
VALUE_SHOWN: Final = 120
_SEAT: Final = re.compile(r"\.[0-9]+$")


@dataclass(slots=True)
class Group:
    """Divergences alike: their count, the first as the example, the seeds of the others."""

    example: JSONObject
    count: int = 0
    seeds: list[str] = field(default_factory=list)


def _refused(value: JSON) -> str | None:
    """The rule id of a refusal (``{"rejected": RULE}``), or None."""
    rule = value.get("rejected") if isinstance(value, dict) else None
    return rule if isinstance(rule, str) else None


def key(item: Mapping[str, JSON]) -> tuple[str, str, str]:
    """The group of a divergence: its game, the first observable that differs, and the rule
    the reference cites (``-`` when it cites none)."""
    game = str(item.get("game"))
    if item.get("outcome") != "FAIL":
        message = str(item.get("message") or item.get("outcome"))
        return game, str(item.get("outcome")), message.splitlines()[0][:VALUE_SHOWN]
    if "count" in item:
        return game, "count", "-"
    failures = item.get("failures")
    first = failures[0] if isinstance(failures, list) and failures else None
    if not isinstance(first, dict):
        return game, "?", "-"
    note = str(first.get("note"))
    observable = _SEAT.sub(".<seat>", note)
    rule = _refused(first.get("expected"))
    if rule is None and isinstance(failures, list):
        # the reference's refusal at a later step of the same divergence
        rule = next(
            (r for f in failures if isinstance(f, dict) if (r := _refused(f.get("expected")))), None
        )
    return game, observable, rule or "-"


def _short(value: JSON) -> str:
    text = engine.canonical(value)
    return text if len(text) <= VALUE_SHOWN else text[: VALUE_SHOWN - 1] + "…"


def example(item: Mapping[str, JSON]) -> str:
    """One divergence in a line: its game seed, kind and players, where and how it differs."""
    where = (
        f"game seed {item.get('seed')} (index {item.get('index')}, {item.get('kind')}, "
        f"{item.get('players')} players)"
    )
    failures = item.get("failures")
    first = failures[0] if isinstance(failures, list) and failures else None
    if isinstance(first, dict):
        step = "setup" if first.get("step") is None else f"step {first.get('step')}"
        where += (
            f": {step}: {first.get('note')}: expected {_short(first.get('expected'))}, "
            f"observed {_short(first.get('observed'))}"
        )
    elif "count" in item:
        where += f": count {engine.canonical(item['count'])}"
    elif item.get("message"):
        where += f": {str(item['message']).splitlines()[0]}"
    file = item.get("file")
    return where + (f" -> {file}" if isinstance(file, str) and file else "")


def add(groups: dict[tuple[str, str, str], Group], item: JSONObject) -> None:
    """Count a divergence (or an error) in its group."""
    group = groups.setdefault(key(item), Group(item))
    group.count += 1
    if group.count > 1:
        group.seeds.append(str(item.get("seed")))


def write(groups: Mapping[tuple[str, str, str], Group], out: TextIO) -> None:
    """The groups, the largest first: count, game, observable, rule, and one example."""
    if not groups:
        return
    total = sum(g.count for g in groups.values())
    out.write(
        f"{total} divergence(s) and error(s) in {len(groups)} group(s), by the first "
        "observable that differs and the rule the reference cites:\n"
    )
    ordered: Sequence[tuple[tuple[str, str, str], Group]] = sorted(
        groups.items(), key=lambda kv: (-kv[1].count, kv[0])
    )
    for (game, observable, rule), group in ordered:
        cited = "no rule cited by the reference" if rule == "-" else f"rule {rule}"
        out.write(f"{group.count:>6}  {game}  {observable}  {cited}\n")
        out.write(f"        e.g. {example(group.example)}\n")
        if group.seeds:
            shown = " ".join(group.seeds[:SEEDS_SHOWN])
            more = len(group.seeds) - SEEDS_SHOWN
            tail = f" and {more} more" if more > 0 else ""
            out.write(f"        other game seeds: {shown}{tail}\n")
