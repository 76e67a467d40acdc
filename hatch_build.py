"""The opt-in compiled build of the model: ``KOLODA_COMPILE=1 pip wheel .`` (or ``pip install .``).

Without ``KOLODA_COMPILE=1`` this hook does nothing, and the wheel is the pure-Python package,
the default install. With it, the wheel also holds ``reference/core`` and ``reference/games``
compiled by mypyc from the same source: a C extension per module beside its ``.py`` (Python
imports the extension first) and mypyc's shared library at the wheel's root. The build needs a
C compiler and the Python headers; mypy (whose mypyc compiles) and setuptools (which drives the
compiler) come into the isolated build environment by :meth:`CompiledBuild.dependencies`.

The shells (``reference/cli``, ``reference/openspiel.py``), ``conformance`` and the package's
``__init__`` stay interpreted. An editable install is never compiled: the hook refuses it.
``nox -s compiled`` builds this wheel, runs the suite against it and compares it with the
interpreted source (``scripts/differential.py``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, cast

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

if TYPE_CHECKING:  # mypy and mypyc are in the build environment only for the compiled build
    from collections.abc import Sequence

    from mypy.nodes import CallExpr, RefExpr
    from mypyc.ir.ops import Value
    from mypyc.irbuild.builder import IRBuilder
    from setuptools import Extension

#: The environment variable that asks for the compiled build ("1").
ENV = "KOLODA_COMPILE"
#: What mypyc compiles: the model (its imports stay inside it; the shells import it).
COMPILED = ("reference/core", "reference/games")
#: The model's functions that make a dataclass field (reference/core/kernel.py).
FIELD_SPECIFIERS = ("reference.core.kernel.option", "reference.core.kernel.reading")
#: The C helper of the compiled ``_replace`` (:func:`namedtuple_replace`), given to the C
#: compiler with every file mypyc writes (``-include``): a new tuple of the class of ``like``,
#: its ``size`` items still to be set, allocated as ``tuple.__new__`` allocates one of a
#: tuple's subclass (the class's ``tp_alloc``; the items start empty, which the collector
#: allows).
STATE_HEADER = """\
#ifndef KOLODA_STATE_H
#define KOLODA_STATE_H
#include <Python.h>
static inline PyObject *Koloda_NewStateLike(PyObject *like, Py_ssize_t size) {
    PyTypeObject *type = Py_TYPE(like);
    return type->tp_alloc(type, size);
}
#endif
"""
#: What the compiled build needs besides hatchling: mypy carries mypyc; setuptools drives the C
#: compiler (the version of mypy is the one the type check runs, so both read the source alike).
BUILD_REQUIRES = ("mypy==2.4.1", "setuptools>=70")


def wanted() -> bool:
    """Whether the compiled build is asked for."""
    value = os.environ.get(ENV, "")
    if value not in ("", "0", "1"):
        raise ValueError(f"{ENV}={value!r}: say 1 for the compiled build, 0 or nothing for none")
    return value == "1"


class CompiledBuild(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the model with mypyc into the wheel when ``KOLODA_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(BUILD_REQUIRES) if wanted() else []

    def initialize(self, version: str, build_data: dict[str, object]) -> None:
        if self.target_name != "wheel" or not wanted():
            return
        if version == "editable":
            raise RuntimeError(
                f"{ENV}=1 compiles a wheel, not an editable install: use `pip install .` "
                "(or `pip wheel .`) without -e"
            )
        self._work = Path(tempfile.mkdtemp(prefix="koloda-mypyc-"))
        force_include = cast(dict[str, str], build_data["force_include"])
        for so in compile_model(Path(self.root), self._work):
            force_include[str(so)] = so.relative_to(self._work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, object], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def compile_model(root: Path, work: Path) -> list[Path]:
    """Compiles a copy of the model under ``work`` (mypyc, then the C compiler)
    and returns the extension files it made, the shared library first."""
    shutil.copytree(
        root / "reference",
        work / "reference",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"),
    )
    compile_in(work, COMPILED, "koloda-model")
    made = sorted(p for p in work.rglob("*.so") if "build" not in p.relative_to(work).parts)
    if not any(p.parent == work for p in made) or len(made) < 2:
        raise RuntimeError(f"mypyc made no extension under {work}: {made}")
    return sorted(made, key=lambda p: (p.parent != work, p.as_posix()))


def compile_in(work: Path, paths: Sequence[str], name: str) -> None:
    """Compiles ``paths`` (modules or packages, relative to ``work``) as the compiled build
    does, each extension made in place beside its source: mypyc taught what the model means
    (:func:`teach_mypyc`), then the C compiler given :data:`STATE_HEADER`."""
    # these are in the build environment only when the compiled build is asked for
    from mypyc.build import mypycify  # noqa: PLC0415
    from setuptools import Distribution  # noqa: PLC0415

    teach_mypyc()
    here = Path.cwd()
    os.chdir(work)
    try:
        extensions = mypycify(list(paths), opt_level="3")
        include_state_header(extensions, work)
        dist = Distribution({"name": name, "ext_modules": extensions})
        build_ext = dist.get_command_obj("build_ext")
        build_ext.inplace = True
        build_ext.parallel = os.cpu_count() or 1
        dist.run_command("build_ext")
    finally:
        os.chdir(here)


def teach_mypyc() -> None:
    """Tells mypyc (for this process) what the model's source means where mypyc alone would
    compile it more slowly or not at all: the options' field specifiers, and the states'
    ``_replace`` (:func:`namedtuple_replace`)."""
    from mypyc.ir.rtypes import object_rprimitive, tuple_rprimitive  # noqa: PLC0415
    from mypyc.irbuild.specialize import (  # noqa: PLC0415
        specialize_function,
        translate_dataclasses_field_call,
    )

    # option() and reading() return the dataclasses.Field of an options field, typed as the
    # field's value so that mypy checks the options' types: mypyc is told they are field
    # specifiers like dataclasses.field, whose result it must not check against that type
    for name in FIELD_SPECIFIERS:
        specialize_function(name)(translate_dataclasses_field_call)
    # a state's _replace(...) is built as one tuple of its class (see namedtuple_replace)
    for receiver in (tuple_rprimitive, object_rprimitive):
        specialize_function("_replace", receiver)(namedtuple_replace)


def include_state_header(extensions: Sequence[Extension], work: Path) -> None:
    """Writes :data:`STATE_HEADER` under ``work`` and has the C compiler include it in every
    file of ``extensions`` (``-include``: gcc and clang)."""
    header = work / "koloda_state.h"
    header.write_text(STATE_HEADER, encoding="utf-8")
    for extension in extensions:
        extension.extra_compile_args.extend(["-include", str(header)])


def namedtuple_replace(builder: IRBuilder, expr: CallExpr, callee: RefExpr) -> Value | None:
    """``s._replace(f=x, g=y)`` on a NamedTuple (the model's states) compiled as what it means:
    ``tuple.__new__(type(s), (s[0], ..., x, ..., y, ..., s[n-1]))``, with ``s`` and then the
    new values evaluated in the source's order, as Python does; the new state is allocated
    once, as ``tuple.__new__`` would allocate it (``Koloda_NewStateLike``, :data:`STATE_HEADER`),
    and its items set. NamedTuple's own ``_replace`` is Python (a dict of the changes, a map
    over every field): about 700 ns on a state of 17 fields. None (the plain method call) for
    any other ``_replace``: not a NamedTuple, positional or starred arguments, a name twice or
    no such field."""
    from mypy.nodes import ARG_NAMED, MemberExpr  # noqa: PLC0415
    from mypy.types import Instance, TupleType, get_proper_type  # noqa: PLC0415
    from mypyc.ir.ops import ERR_MAGIC, Integer  # noqa: PLC0415
    from mypyc.ir.rtypes import (  # noqa: PLC0415
        c_pyssize_t_rprimitive,
        object_rprimitive,
        tuple_rprimitive,
    )
    from mypyc.primitives.registry import custom_op  # noqa: PLC0415
    from mypyc.primitives.tuple_ops import (  # noqa: PLC0415
        new_tuple_set_item_op,
        tuple_get_item_unsafe_op,
    )

    if not isinstance(callee, MemberExpr) or not expr.args:
        return None
    if any(kind != ARG_NAMED for kind in expr.arg_kinds):
        return None
    typ = get_proper_type(builder.types.get(callee.expr))
    if isinstance(typ, TupleType):
        info = typ.partial_fallback.type
    elif isinstance(typ, Instance):
        info = typ.type
    else:
        return None
    fields = next(
        (list(base.metadata["namedtuple"]["fields"]) for base in info.mro
         if "namedtuple" in base.metadata),
        None,
    )  # fmt: skip
    names = [name for name in expr.arg_names if name is not None]
    if fields is None or len(set(names)) != len(expr.args) or not set(names) <= set(fields):
        return None
    line = expr.line
    state = builder.accept(callee.expr)
    given = {name: builder.accept(arg) for name, arg in zip(names, expr.args, strict=True)}
    whole = builder.coerce(state, tuple_rprimitive, line)
    items = [
        builder.coerce(given[name], object_rprimitive, line)
        if name in given
        else builder.call_c(
            tuple_get_item_unsafe_op, [whole, Integer(i, c_pyssize_t_rprimitive)], line
        )
        for i, name in enumerate(fields)
    ]
    new_state_like = custom_op(
        arg_types=[object_rprimitive, c_pyssize_t_rprimitive],
        return_type=tuple_rprimitive,
        c_function_name="Koloda_NewStateLike",
        error_kind=ERR_MAGIC,
    )
    size = Integer(len(fields), c_pyssize_t_rprimitive)
    like = builder.coerce(state, object_rprimitive, line)
    new = builder.call_c(new_state_like, [like, size], line)
    for i, item in enumerate(items):  # each item given to the new state (the op takes it)
        builder.call_c(new_tuple_set_item_op, [new, Integer(i, c_pyssize_t_rprimitive), item], line)
    return new
