"""The games of the corpus, by id."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from reference.core.game import AnyGame, Erased
from reference.games import melniki_b

REGISTRY: Final[Mapping[str, AnyGame]] = MappingProxyType(
    {g.id: g for g in (Erased(melniki_b.GAME),)}
)
