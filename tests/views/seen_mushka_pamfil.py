"""What a seat may see in мушка Памфил: as in the base game (:mod:`tests.views.seen_mushka`).

The declaration of Памфил names a seat, not a card the position could put elsewhere: the jack
of clubs is not counted seen by it.
"""

from __future__ import annotations

from tests.views.seen_mushka import seen

__all__ = ["seen"]
