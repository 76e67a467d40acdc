"""mushka-lenturlu: what holds in every reachable state."""

from __future__ import annotations

from reference.core.actions import Pass
from reference.core.cards import DECK_52
from reference.games.lenturlu import (
    LAYOUT_NAMES,
    MAX_BUYS,
    OVER,
    PLAYING,
    LenturluState,
    initial_layout,
    is_stuck,
    legal_actions,
    stalled,
)

GAME_ID = "mushka-lenturlu"


def check(state: object) -> None:
    """Money: the ledger's accounts are the seats, the five layout cards and the pool; the pool
    is empty after the deal; purses, layout and pool add up to what the players brought.
    The layout holds what the text says: during play each layout card holds its share of the
    stakes (14:6:8:10:12), except, under restore_by=winner-excluded, a card whose money was
    taken and is pending restoration (it then holds nothing and the pending sum is its share);
    once the game is over the winner has taken the whole layout. Cards: every card of the pack
    is in exactly one place (hands, stock, table, piles); the laid mask is the table and piles.
    Play: a sequence being built can go on; at most two cards bought in a turn; passes in a
    row fewer than the players under all_pass=last-leads (a whole round closes the sequence),
    at most one round otherwise, and after a whole round under stall_end=must-buy nobody may
    pass while the stock lasts; under way=first-out every player holds cards until the end."""
    assert isinstance(state, LenturluState)
    s = state
    n = s.players
    ledger = s.ledger
    assert ledger.accounts == tuple(str(p) for p in range(n)) + LAYOUT_NAMES + ("pool",)
    assert ledger.balances[-1] == 0, "the pool is laid out at the deal"
    assert ledger.total == n * s.opts.purse
    layout = ledger.balances[n : n + 5]
    assert min(layout) >= 0 and min(s.pending) >= 0
    want = initial_layout(s.opts, n)
    if s.phase == PLAYING:
        for i in range(5):
            if s.pending[i]:
                assert not s.opts.taker_excluded
                assert layout[i] == 0 and s.pending[i] == want[i]
            else:
                assert layout[i] == want[i], "a layout card does not hold its stake"
    else:
        assert s.phase == OVER
        assert s.pending == (0,) * 5, "the sums taken are restored at the end"
        if s.opts.takes_layout:
            assert layout == (0,) * 5, "the winner takes the whole layout"
        else:  # AMB-MUSHKALENTURLU-13 (first_out_pay=no-layout): the layout stays whole
            assert layout == want, "the layout stays on the table, each card with its stake"
        assert 0 <= s.winner < n and s.turn == -1
    places = [c for h in s.hands for c in h] + list(s.stock) + list(s.table)
    places += [c for p in s.piles for c in p]
    assert sorted(places) == list(DECK_52), "every card in exactly one place"
    mask = 0
    for c in s.table + tuple(c for p in s.piles for c in p):
        mask |= 1 << c
    assert mask == s.laid
    assert all(list(h) == sorted(h) for h in s.hands)
    assert 0 <= s.bought <= MAX_BUYS
    assert 0 <= s.passes <= (n - 1 if s.opts.last_leads else n)
    if s.phase == PLAYING:
        assert 0 <= s.turn < n
        if s.last >= 0:
            assert s.table and s.table[-1] == s.last
            assert not is_stuck(s.last, s.laid, s.opts.any_suit)
            if s.stock and stalled(s.passes, n, s.opts.last_leads, s.opts.must_buy):
                assert not any(isinstance(a, Pass) for a in legal_actions(s)), "a stall: he buys"
        if s.opts.first_out:
            assert all(s.hands), "under way=first-out a player out of cards has won"
