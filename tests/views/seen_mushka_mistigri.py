"""What a seat may see in мушка мистигри: as in the base game (:mod:`tests.views.seen_mushka`)."""

from __future__ import annotations

from tests.views.seen_mushka import seen

__all__ = ["seen"]
