"""melniki-b: what holds in every reachable state."""

from __future__ import annotations

from reference.games.melniki_b import HAND, OVER, STAGE_ONE, STAGE_TWO, MelnikiState

GAME_ID = "melniki-b"


def check(state: object) -> None:
    """Stage 1: no hand above three, and while the stock lasts every hand is full before a lead.
    Stage 2: empty stock, at most one card on the table; the position to lead is among those
    seen (stalemate=repetition), or fewer takes in a row than the limit (stalemate=no-beat).
    At the end: at most one loser, who is the only one holding cards; or, stuck, two or more
    holders, the losers among them."""
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
        if s.opts.stalemate == "repetition" and not s.table:  # melniki-b/stalemate
            assert (s.turn, tuple(tuple(sorted(h)) for h in s.hands)) in s.seen
        assert s.takes < s.opts.no_beat_limit or s.opts.stalemate == "repetition"
    else:
        assert s.stage == OVER
        if s.opts.both_out == "beater-loses" and not any(s.hands):  # AMB-MELNIKIB-10
            assert len(s.losers) == 1 and not s.stalled
            return
        assert all(s.hands[p] for p in s.losers)
        if s.stalled:  # melniki-b/stalemate: two or more still hold cards
            assert sum(1 for h in s.hands if h) >= 2 and not s.table
        else:
            assert len(s.losers) <= 1
            assert sum(1 for h in s.hands if h) == len(s.losers)
