"""melniki-b: what holds in every reachable state."""

from __future__ import annotations

from reference.games.melniki_b import HAND, OVER, STAGE_ONE, STAGE_TWO, MelnikiState

GAME_ID = "melniki-b"


def check(state: object) -> None:
    """Stage 1: no hand above three, and while the stock lasts every hand is full before a lead.
    Stage 2: empty stock, at most one card on the table. At the end: at most one loser, who
    is the only one holding cards."""
    assert isinstance(state, MelnikiState)
    s = state
    if s.stage == STAGE_ONE:
        assert all(len(h) <= HAND for h in s.hands)
        assert sum(s.tricks) * 2 <= sum(len(p) for p in s.piles)
        assert len(s.table) == len(s.table_seats) < s.need
        if s.stock and not s.table:  # melniki-b/refill: full hands before each lead
            assert all(len(h) == HAND for h in s.hands)
    elif s.stage == STAGE_TWO:
        assert not s.stock and len(s.table) <= 1
        assert sum(1 for h in s.hands if h) >= 1
    else:
        assert s.stage == OVER
        assert len(s.losers) <= 1
        assert all(s.hands[p] for p in s.losers)
        assert sum(1 for h in s.hands if h) == len(s.losers)
