"""The games of the corpus, by id.

Each game module declares its rules (:class:`~reference.core.kernel.Rules`); here each becomes
its :class:`~reference.core.kernel.Kernel`. The мушка module makes its four games itself, one
for each variant its text gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from reference.core.game import AnyGame, Erased
from reference.core.kernel import Kernel
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

MELNIKI_A: Final = Kernel.of(melniki_a)
MELNIKI_B: Final = Kernel.of(melniki_b)
TSYGANKA: Final = Kernel.of(tsyganka)
SVINYI: Final = Kernel.of(svinyi)
MICHIGAN: Final = Kernel.of(michigan)
LOTEREYA: Final = Kernel.of(lotereya)
GORKA: Final = Kernel.of(gorka)
MUSHKA: Final = mushka.GAME
MUSHKA_MISTIGRI: Final = mushka.GAME_MISTIGRI
MUSHKA_PAMFIL: Final = mushka.GAME_PAMFIL
MUSHKA_SHUTIKHA: Final = mushka.GAME_SHUTIKHA
MUSHKA_LENTURLU: Final = Kernel.of(lenturlu)
MUSHKA_KOPILKA: Final = Kernel.of(kopilka)

REGISTRY: Final[Mapping[str, AnyGame]] = MappingProxyType(
    {
        g.id: g
        for g in (
            Erased(MELNIKI_A),
            Erased(MELNIKI_B),
            Erased(TSYGANKA),
            Erased(SVINYI),
            Erased(MICHIGAN),
            Erased(LOTEREYA),
            Erased(GORKA),
            Erased(MUSHKA),
            Erased(MUSHKA_MISTIGRI),
            Erased(MUSHKA_PAMFIL),
            Erased(MUSHKA_SHUTIKHA),
            Erased(MUSHKA_LENTURLU),
            Erased(MUSHKA_KOPILKA),
        )
    }
)
