"""gorka: what holds in every reachable state."""

from __future__ import annotations

from reference.games.gorka import BETTING, BLINDING, HAND, OVER, GorkaState

GAME_ID = "gorka"


def check(state: object) -> None:
    """No balance below zero; the pot is empty once settled; no hands before the deal, four
    each from the dealer's showing on; face-up cards are in the hand, never the blind players'
    or (before he shows) the dealer's; raises never exceed the limit; someone is still in."""
    assert isinstance(state, GorkaState)
    s = state
    n = s.players
    assert min(s.ledger.balances) >= 0
    assert s.raises <= s.opts.limit
    for p in range(n):
        assert set(s.up[p]) <= set(s.hands[p])
        if p in s.blind:
            assert not s.up[p]
    if s.phase == BLINDING:
        assert not any(s.hands)
    if s.phase in (BETTING, OVER):
        assert all(len(h) == HAND for h in s.hands)
        assert len(s.passed) < n
    if s.phase == OVER:
        assert s.ledger.balances[n] == 0 and s.winners
