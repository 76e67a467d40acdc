"""Named state updates: ``s._replace(phase=OVER, turn=-1)`` at the cost of a positional build.

Every game's state is a NamedTuple (and so is the chip :class:`~reference.core.ledger.Ledger`
it may hold), and each step of a game names the fields it changes with ``_replace``.
NamedTuple's own ``_replace`` walks every field of the state through a dict of the changes:
on the larger states (мушка's has 37 fields) that walk is most of the time of a decision.
:func:`named_updates` gives a state class a ``_replace`` of the same meaning (a new state of
the same class, the named fields changed, the others kept; an unknown name a ``ValueError``)
that copies the fields and sets the named ones by their place.

The compiled build (``hatch_build.py``) compiles each ``s._replace(...)`` call of the model
into one new tuple directly; this method serves the interpreted source and any caller
outside the model.
"""

from __future__ import annotations

from types import FunctionType
from typing import Protocol, TypeVar

T = TypeVar("T", bound=tuple[object, ...])


def named_updates(cls: type[T]) -> type[T]:
    """The NamedTuple class ``cls`` with the ``_replace`` of this module."""
    fields = vars(cls).get("_fields")
    if not (isinstance(fields, tuple) and all(isinstance(f, str) for f in fields)):
        raise TypeError(f"{cls.__name__} is not a NamedTuple class")
    replace = _replacer(fields)
    # compiled by mypyc, a function is no descriptor and would not take the state as self:
    # the class keeps NamedTuple's own, which only callers outside the model reach (the
    # model's calls are compiled into one tuple each, see hatch_build.py)
    if isinstance(replace, FunctionType):
        setattr(cls, "_replace", replace)  # noqa: B010 - NamedTuple forbids the name in its body
    return cls


class Replace(Protocol):
    """A ``_replace``: a state with the named fields changed."""

    def __call__(self, state: tuple[object, ...], /, **changes: object) -> tuple[object, ...]: ...


def _replacer(fields: tuple[str, ...]) -> Replace:
    """A ``_replace`` for states whose fields are ``fields``, in order."""
    places = {name: place for place, name in enumerate(fields)}

    def _replace(self: tuple[object, ...], /, **changes: object) -> tuple[object, ...]:
        values = list(self)
        for name, value in changes.items():
            place = places.get(name)
            if place is None:
                unknown = [n for n in changes if n not in places]
                raise ValueError(f"Got unexpected field names: {unknown!r}")
            values[place] = value
        return tuple.__new__(type(self), values)

    return _replace
