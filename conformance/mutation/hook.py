"""Loading a mutated module without writing it: an import hook and a purge of its dependents.

A mutant is the source of one module with one fault planted. :func:`load` drops that module and
every module that imports it (directly or not, by the static import graph of ``reference`` and
``conformance``) from ``sys.modules``, and puts a finder first on ``sys.meta_path`` that serves
the mutated source under the module's own name and file. The next import builds the model afresh
on the mutant; files on disk are never touched, so runs are safe in parallel and never leave the
tree mutated.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

#: The repository root (the folder holding ``reference`` and ``conformance``).
ROOT = Path(__file__).resolve().parents[2]
#: The packages whose modules may depend on a mutated module.
PACKAGES = ("reference", "conformance")


def module_name(path: str) -> str:
    """The dotted name of a module file given relative to the root (``reference/core/cards.py``)."""
    parts = list(Path(path).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str) -> set[str]:
    """The modules a file imports (absolute and relative), with each imported name that may be a
    submodule (``from reference.games import gorka`` names ``reference.games.gorka``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            out.add(target)
            out.update(f"{target}.{alias.name}" for alias in node.names)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the packages and the modules of the packages it imports."""
    files: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            files[module_name(str(path.relative_to(root)))] = path
    return {name: _imports(path, name) & files.keys() for name, path in files.items()}


def dependents(name: str, graph: dict[str, set[str]]) -> set[str]:
    """``name`` and every module that imports it, directly or through others."""
    out = {name}
    changed = True
    while changed:
        changed = False
        for module, imported in graph.items():
            if module not in out and imported & out:
                out.add(module)
                changed = True
    return out


class _Loader(importlib.abc.Loader):
    def __init__(self, code: CodeType) -> None:
        self.code = code

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, module.__dict__)


class MutantFinder(importlib.abc.MetaPathFinder):
    """Serves one module's mutated source under its own name (first on ``sys.meta_path``)."""

    def __init__(self, name: str, path: Path, code: CodeType) -> None:
        self.name, self.path, self.code = name, path, code

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        is_package = self.path.name == "__init__.py"
        spec = importlib.util.spec_from_loader(
            fullname, _Loader(self.code), origin=str(self.path), is_package=is_package
        )
        if spec is not None:
            spec.has_location = True
            if is_package:
                spec.submodule_search_locations = [str(self.path.parent)]
        return spec


def load(path: str, source: str, graph: dict[str, set[str]] | None = None) -> MutantFinder:
    """Make the next imports see ``source`` as the module at ``path`` (relative to the root).

    Compiles first (a ``SyntaxError`` propagates), then purges the module and its dependents
    from ``sys.modules`` and installs the finder. Only for a process that runs one mutant (a
    forked child, or the adapter of one mutant).
    """
    full = ROOT / path
    code = compile(source, str(full), "exec", dont_inherit=True)
    name = module_name(path)
    for module in dependents(name, graph if graph is not None else import_graph()):
        sys.modules.pop(module, None)
        # a package kept keeps its submodule as an attribute, which ``from package import
        # submodule`` would hand out instead of importing it afresh
        parent, _, child = module.rpartition(".")
        if parent in sys.modules and getattr(sys.modules[parent], child, None) is not None:
            delattr(sys.modules[parent], child)
    finder = MutantFinder(name, full, code)
    sys.meta_path.insert(0, finder)
    importlib.invalidate_caches()
    return finder
