"""Options: the rulings of the register and the amounts agreed at the table.

Each option has a closed set of values (or an integer range) and a default.
An unknown option or value is a :class:`SetupError` naming what is valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reference.core.errors import SetupError

OptionValue = bool | int | str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    ``values`` lists the allowed values; for an agreed amount it is empty and
    ``minimum``/``maximum`` bound an integer. ``ruling`` names the register
    entry whose readings the values select (None for an agreed amount).
    """

    name: str
    default: OptionValue
    doc: str
    values: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    ruling: str | None = None

    def allows(self, value: OptionValue) -> bool:
        """Whether ``value`` is a value of this option."""
        if self.values:
            return any(type(value) is type(v) and value == v for v in self.values)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        lo_ok = self.minimum is None or value >= self.minimum
        hi_ok = self.maximum is None or value <= self.maximum
        return lo_ok and hi_ok

    def describe_values(self) -> str:
        """The allowed values, for error messages and listings."""
        if self.values:
            return ", ".join(_show(v) for v in self.values)
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        return f"an integer in [{lo}..{hi}]"


def _show(v: OptionValue) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return repr(v) if isinstance(v, str) else str(v)


def resolve(
    game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, OptionValue]
) -> dict[str, OptionValue]:
    """Every option of a game with its value: the given one, else the default."""
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise SetupError(f"{game}: unknown option {name!r}; the options are: {known}")
        if not spec.allows(value):
            raise SetupError(
                f"{game}: option {name}={_show(value)} is not allowed; "
                f"values: {spec.describe_values()}"
            )
    return {name: given.get(name, spec.default) for name, spec in specs.items()}
