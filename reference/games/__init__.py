"""The games of the corpus, by id."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from reference.core.game import AnyGame, Erased
from reference.games import (
    gorka,
    kopilka,
    lenturlu,
    lotereya,
    melniki_a,
    melniki_b,
    michigan,
    mushka,
    svinyi,
    tsyganka,
)

REGISTRY: Final[Mapping[str, AnyGame]] = MappingProxyType(
    {
        g.id: g
        for g in (
            Erased(melniki_a.GAME),
            Erased(melniki_b.GAME),
            Erased(tsyganka.GAME),
            Erased(svinyi.GAME),
            Erased(michigan.GAME),
            Erased(lotereya.GAME),
            Erased(gorka.GAME),
            Erased(mushka.GAME),
            Erased(mushka.GAME_MISTIGRI),
            Erased(mushka.GAME_PAMFIL),
            Erased(mushka.GAME_SHUTIKHA),
            Erased(lenturlu.GAME),
            Erased(kopilka.GAME),
        )
    }
)
