"""The mutation points of the model and their stable ids.

The points are those of cosmic-ray's operators (a curated set: the faults an outside
implementation plausibly has), plus two of our own that cosmic-ray lacks: deleting a simple
statement (a forgotten step) and ``in`` against ``not in``. Each operator has a
kind: ``comparison``, ``boolean``, ``constant``, ``arithmetic``, ``index`` (a number inside a
subscript) or ``statement``.

A mutant's id does not depend on where in the file it is, only on what it is::

    reference/games/gorka.py::Gorka.apply::core/ReplaceComparisonOperator_Eq_NotEq::3f2a9c01::0

the module, the enclosing function's qualified name, the operator, a hash of the mutated line's
text (stripped) and the occurrence among the points with the same four. Inserting an unrelated
line elsewhere leaves every id as it was.

Not mutated: docstrings, decorators, annotations, ``if TYPE_CHECKING:`` blocks and lines marked
``# pragma: no mutate``.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, cast

import cosmic_ray.plugins
import parso
from parso.python.tree import Module

__all__ = ["Module", "Mutant", "mutants", "mutate"]
from parso.tree import BaseNode, Leaf, NodeOrLeaf

from conformance.mutation.hook import ROOT

#: The modules mutated by default: the model.
TARGETS = ("reference/games", "reference/core")


class Operator(Protocol):
    """What the driver needs of a mutation operator (cosmic-ray's interface)."""

    def mutation_positions(
        self, node: NodeOrLeaf
    ) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]: ...

    def mutate(self, node: NodeOrLeaf, index: int) -> NodeOrLeaf | None: ...


class DeleteStatement:
    """A simple statement inside a function replaced by ``pass``: a step the implementation
    forgot (an assignment, an update, a call, a ``raise``). Returns, imports, docstrings,
    ``pass`` and ``assert`` are left alone."""

    KEPT = frozenset({"return_stmt", "import_name", "import_from", "pass_stmt", "assert_stmt"})

    def mutation_positions(
        self, node: NodeOrLeaf
    ) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
        if node.type != "simple_stmt" or _function(node) is None:
            return
        assert isinstance(node, BaseNode)
        statements = [c for c in node.children if c.type not in ("newline", "operator")]
        if len(statements) != 1:
            return
        stmt = statements[0]
        if stmt.type in self.KEPT or stmt.type in ("string", "keyword"):
            return
        if stmt.type == "atom" and stmt.children[0].type == "string":
            return
        yield (stmt.start_pos, stmt.end_pos)

    def mutate(self, node: NodeOrLeaf, index: int) -> NodeOrLeaf | None:
        assert isinstance(node, BaseNode)
        new = cast(BaseNode, parse("pass\n").children[0])
        new.get_first_leaf().prefix = node.get_first_leaf().prefix  # type: ignore[no-untyped-call]
        return new


class ReplaceMembership:
    """``in`` becomes ``not in`` (``not_in`` False) or ``not in`` becomes ``in``."""

    def __init__(self, not_in: bool) -> None:
        self.not_in = not_in

    def _ops(self, node: NodeOrLeaf) -> list[int]:
        if node.type != "comparison":
            return []
        assert isinstance(node, BaseNode)
        want = "not in" if self.not_in else "in"
        return [
            i
            for i in range(1, len(node.children), 2)
            if " ".join(node.children[i].get_code().split()) == want
        ]

    def mutation_positions(
        self, node: NodeOrLeaf
    ) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
        assert not self._ops(node) or isinstance(node, BaseNode)
        for i in self._ops(node):
            op = cast(BaseNode, node).children[i]
            yield (op.start_pos, op.end_pos)

    def mutate(self, node: NodeOrLeaf, index: int) -> NodeOrLeaf | None:
        assert isinstance(node, BaseNode)
        i = self._ops(node)[index]
        op = node.children[i]
        if self.not_in:  # the comp_op node ``not in`` gives way to its ``in`` leaf
            assert isinstance(op, BaseNode)
            keep = op.children[-1]
            keep.prefix = op.children[0].prefix
            node.children[i] = keep
            keep.parent = node
        else:
            assert isinstance(op, Leaf)
            op.value = "not in"
        return node


def _cosmic(name: str) -> Callable[[], Operator]:
    """A factory of cosmic-ray's operator ``name``."""

    def make() -> Operator:
        return cast(Operator, cosmic_ray.plugins.get_operator(name)())

    return make


_COMPARISONS = (
    ("Eq", "NotEq"),
    ("NotEq", "Eq"),
    ("Lt", "LtE"),
    ("LtE", "Lt"),
    ("Gt", "GtE"),
    ("GtE", "Gt"),
    ("Lt", "GtE"),
    ("GtE", "Lt"),
    ("Gt", "LtE"),
    ("LtE", "Gt"),
    ("Is", "IsNot"),
    ("IsNot", "Is"),
)
_ARITHMETIC = (
    ("Add", "Sub"),
    ("Sub", "Add"),
    ("Mul", "Add"),
    ("FloorDiv", "Mul"),
    ("Mod", "FloorDiv"),
)

#: Every operator: name -> (kind, factory). ``constant`` (NumberReplacer) counts as ``index``
#: where the number stands inside a subscript.
OPERATORS: dict[str, tuple[str, Callable[[], Operator]]] = {
    **{
        f"core/ReplaceComparisonOperator_{a}_{b}": (
            "comparison",
            _cosmic(f"core/ReplaceComparisonOperator_{a}_{b}"),
        )
        for a, b in _COMPARISONS
    },
    "koloda/ReplaceIn_NotIn": ("comparison", lambda: ReplaceMembership(False)),
    "koloda/ReplaceNotIn_In": ("comparison", lambda: ReplaceMembership(True)),
    **{
        name: ("boolean", _cosmic(name))
        for name in (
            "core/ReplaceTrueWithFalse",
            "core/ReplaceFalseWithTrue",
            "core/ReplaceAndWithOr",
            "core/ReplaceOrWithAnd",
            "core/AddNot",
            "core/ReplaceUnaryOperator_Delete_Not",
        )
    },
    "core/NumberReplacer": ("constant", _cosmic("core/NumberReplacer")),
    **{
        f"core/ReplaceBinaryOperator_{a}_{b}": (
            "arithmetic",
            _cosmic(f"core/ReplaceBinaryOperator_{a}_{b}"),
        )
        for a, b in _ARITHMETIC
    },
    "core/ReplaceUnaryOperator_USub_UAdd": (
        "arithmetic",
        _cosmic("core/ReplaceUnaryOperator_USub_UAdd"),
    ),
    "koloda/DeleteStatement": ("statement", DeleteStatement),
    "core/ZeroIterationForLoop": ("statement", _cosmic("core/ZeroIterationForLoop")),
    "core/ReplaceBreakWithContinue": (
        "statement",
        _cosmic("core/ReplaceBreakWithContinue"),
    ),
    "core/ReplaceContinueWithBreak": (
        "statement",
        _cosmic("core/ReplaceContinueWithBreak"),
    ),
}


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutation point: where, what, and its stable id."""

    id: str
    module: str  # path relative to the root, e.g. reference/games/gorka.py
    function: str  # enclosing qualified name, "<module>" at module level
    operator: str
    kind: str
    line: int
    node: int  # index of the node in the module's walk order (this parse only)
    index: int  # the operator's position index on that node
    original: str  # the mutated line, stripped


def _function(node: NodeOrLeaf) -> str | None:
    """The qualified name of the function enclosing ``node`` (None at module or class level)."""
    names: list[str] = []
    in_function = False
    parent = node.parent
    while parent is not None:
        if parent.type in ("funcdef", "classdef"):
            assert isinstance(parent, BaseNode)
            names.append(parent.children[1].get_code().strip())
            in_function = in_function or parent.type == "funcdef"
        parent = parent.parent
    return ".".join(reversed(names)) if in_function else None


def _qualname(node: NodeOrLeaf) -> str:
    names: list[str] = []
    parent = node.parent
    while parent is not None:
        if parent.type in ("funcdef", "classdef"):
            assert isinstance(parent, BaseNode)
            names.append(parent.children[1].get_code().strip())
        parent = parent.parent
    return ".".join(reversed(names)) or "<module>"


def _excluded(node: NodeOrLeaf) -> bool:
    """Inside a decorator, an annotation, a docstring or an ``if TYPE_CHECKING:`` block."""
    child: NodeOrLeaf = node
    parent = node.parent
    while parent is not None:
        if parent.type in ("decorator", "decorators"):
            return True
        kids = parent.children if isinstance(parent, BaseNode) else []
        if parent.type == "annassign" and child is kids[1]:
            return True
        if parent.type == "tfpdef" and child is not kids[0]:
            return True
        at = next((j for j, k in enumerate(kids) if k is child), 0)
        if parent.type == "funcdef" and at >= 2 and kids[at - 1].get_code().strip() == "->":
            return True  # the return annotation
        if parent.type == "if_stmt" and "TYPE_CHECKING" in kids[1].get_code():
            return True
        child, parent = parent, parent.parent
    return False


def _in_subscript(node: NodeOrLeaf) -> bool:
    parent = node.parent
    while parent is not None and parent.type in ("factor", "subscript", "arith_expr", "term"):
        parent = parent.parent
    return (
        parent is not None
        and parent.type == "trailer"
        and isinstance(parent, BaseNode)
        and parent.children[0].get_code().strip() == "["
    )


def walk(tree: NodeOrLeaf) -> list[NodeOrLeaf]:
    """Every node of a tree in cosmic-ray's visiting order (pre-order)."""
    out: list[NodeOrLeaf] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, BaseNode):
            stack.extend(reversed(node.children))
    return out


def parse(source: str) -> Module:
    """The parso tree of a module's source (the tree cosmic-ray's operators work on)."""
    return cast(Module, parso.parse(source))  # type: ignore[no-untyped-call]


def mutants(
    path: str, source: str, tree: Module | None = None, operators: Sequence[str] = ()
) -> list[Mutant]:
    """Every mutation point of one module (``path`` relative to the root), in walk order."""
    tree = tree if tree is not None else parse(source)
    lines = source.splitlines()
    chosen = operators or tuple(OPERATORS)
    ops = [(name, OPERATORS[name][0], OPERATORS[name][1]()) for name in chosen]
    raw: list[tuple[str, str, str, str, int, int, int, str]] = []
    for i, node in enumerate(walk(tree)):
        excluded: bool | None = None
        for name, kind, op in ops:
            for index, (start, _end) in enumerate(op.mutation_positions(node)):
                if excluded is None:
                    excluded = _excluded(node)
                if excluded:
                    break
                text = lines[start[0] - 1] if start[0] - 1 < len(lines) else ""
                if "pragma: no mutate" in text:
                    continue
                k = "index" if kind == "constant" and _in_subscript(node) else kind
                raw.append(
                    (_qualname(node), name, k, text.strip(), start[0], i, index, text.strip())
                )
    seen: Counter[tuple[str, str, str]] = Counter()
    out: list[Mutant] = []
    for function, name, kind, text, line, node_i, index, original in raw:
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
        key = (function, name, digest)
        occurrence = seen[key]
        seen[key] += 1
        mid = f"{path}::{function}::{name}::{digest}::{occurrence}"
        out.append(Mutant(mid, path, function, name, kind, line, node_i, index, original))
    return out


def mutate(tree: Module, mutant: Mutant) -> str:
    """The mutated source of ``mutant``'s module. Changes ``tree`` in place: call it on a tree
    of this process alone (a forked child's copy) or on a fresh parse."""
    nodes = walk(tree)
    node = nodes[mutant.node]
    op = OPERATORS[mutant.operator][1]()
    new = op.mutate(node, mutant.index)
    if new is not node:
        parent = node.parent
        assert parent is not None
        kids = parent.children
        at = next(j for j, k in enumerate(kids) if k is node)
        if new is None:
            del kids[at]
        else:
            kids[at] = new
            new.parent = parent
    return cast(str, tree.get_code())  # type: ignore[no-untyped-call]


def module_files(targets: Sequence[str] = TARGETS, root: Path = ROOT) -> list[str]:
    """The module files (relative to the root) under the given folders or files."""
    out: list[str] = []
    for target in targets:
        full = root / target
        files = [full] if full.is_file() else sorted(full.rglob("*.py"))
        out.extend(str(f.relative_to(root)) for f in files)
    return out


def mutated_line(source: str, mutant: Mutant) -> str:
    """The mutated text of the mutant's line (stripped), from a fresh parse."""
    code = mutate(parse(source), mutant)
    lines = code.splitlines()
    return lines[mutant.line - 1].strip() if mutant.line - 1 < len(lines) else ""
