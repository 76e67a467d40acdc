"""melniki-a: what holds in every reachable state."""

from __future__ import annotations

from reference.core.actions import Take
from reference.games.melniki_a import (
    HAND,
    OVER,
    REPEATING,
    STAGE_ONE,
    STAGE_TWO,
    MelnikiAState,
    at_limit,
    position_key,
)

GAME_ID = "melniki-a"


def check(state: object) -> None:
    """Stage 1: at most the card led on the table; while the stock lasts every hand holds at
    least three cards before a lead; piles hold whole tricks (or accepted cards). Stage 2:
    empty stock, the pile below its target. At the end: at most one loser, the only holder;
    or, under stage_two_end=first-out, one winner with no cards and every other player a loser;
    or, after a stall (AMB-MELNIKIA-14), no loser though several hold cards. Under
    stage_two_stall=repetition or repetition-or-row the stage-2 position is among those seen,
    and a stall leaves hands and pile as a position seen before (or, under
    repetition-or-row, every card in play accepted in a row); under the other values nothing
    is seen."""
    assert isinstance(state, MelnikiAState)
    s = state
    n = s.players
    if s.opts.stage_two_stall not in REPEATING:
        assert not s.seen
    if s.stage == STAGE_ONE:
        assert len(s.table) <= 1 and len(s.table_seats) == len(s.table)
        if s.stock and not s.table:  # melniki-a/refill
            assert all(len(h) >= HAND for h in s.hands)
        if s.opts.accepted_card == "hand":
            assert all(len(p) % 2 == 0 for p in s.piles)
        assert 0 <= s.turn < n
        # melniki-a/pass-on: passed over, unless made to accept (AMB-MELNIKIA-07 b)
        if not s.hands[s.turn]:
            assert s.table and s.opts.stage_one_empty == "must-accept"
            assert s.turn == (s.table_seats[0] + 1) % n  # the leader's left-hand neighbour
            assert s.legal and all(isinstance(a, Take) for a in s.legal)
        # melniki-a/stage-one-end: two players hold cards (the card led counts for its leader)
        assert len({p for p in range(n) if s.hands[p]} | set(s.table_seats)) >= 2
    elif s.stage == STAGE_TWO:
        assert not s.stock
        assert 1 <= len(s.table) < s.target or not s.table
        assert sum(1 for h in s.hands if h) >= 2
        assert not any(s.piles)
        if not s.hands[s.turn]:  # AMB-MELNIKIA-20: passed over, unless made to accept (b)
            assert s.table and s.opts.empty_player == "must-accept"
            assert s.legal and all(isinstance(a, Take) for a in s.legal)
        if s.opts.stage_two_stall in REPEATING:  # melniki-a/stage-two-stall
            assert position_key(s.turn, s.hands, s.table, s.target) in s.seen
            # one position for each decision since the last pile laid aside, and the first
            assert len(s.seen) <= s.since_aside + 1
        # melniki-a/stage-two-limit: a live stage 2 is short of the limit
        assert not at_limit(s.opts.stage_two_limit, s.since_aside)
    else:
        assert s.stage == OVER and s.turn == -1
        if s.opts.stage_two_end == "first-out" and len(s.losers) == n - 1:
            # melniki-a/first-out-wins: the winner has laid his last card
            (winner,) = (p for p in range(n) if p not in s.losers)
            assert not s.hands[winner]
            return
        if not s.losers and sum(1 for h in s.hands if h) >= 2:  # melniki-a/stage-two-stall
            if at_limit(s.opts.stage_two_limit, s.since_aside):  # melniki-a/stage-two-limit
                assert s.since_aside == s.opts.stage_two_limit
                return
            assert s.opts.stage_two_stall != "none"
            if s.opts.stage_two_stall not in REPEATING:  # a count of acceptances ended it
                assert s.accepts >= 2
            else:  # the position had been seen before (after a cover and one acceptance, say)
                back = position_key(0, s.hands, s.table, s.target)[1:]
                in_play = sum(map(len, s.hands)) + len(s.table)
                # or, under repetition-or-row, every card in play was accepted in a row
                row = s.opts.stage_two_stall == "repetition-or-row" and s.accepts >= in_play
                assert row or any(key[1:] == back for key in s.seen)
            return
        assert len(s.losers) <= 1
        assert sum(1 for h in s.hands if h) == len(s.losers)
        assert all(s.hands[p] for p in s.losers)


#: Random games run long (about 330 decisions): longer examples, and more under CI; and a
#: position carries the stage-2 positions seen (up to 1,001), which every step round-trips.
STEPS = 1200
CI_EXAMPLES = 450
PARTS = 10
