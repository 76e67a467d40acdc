"""gorka: what holds in every reachable state."""

from __future__ import annotations

from reference.games.gorka import BETTING, BLINDING, HAND, OVER, GorkaState

GAME_ID = "gorka"


def check(state: object) -> None:
    """No balance below zero; the pot is empty once settled; no hands before the deal, four
    each from the dealer's showing on (the dealer two under dealer_aside=out); face-up cards
    are in the hand, never the blind players' or (before he shows) the dealer's; raises never
    exceed the limit (with no cap, cap=none, each costs at least raise_amount of the chips in
    play); someone is still in."""
    assert isinstance(state, GorkaState)
    s = state
    n = s.players
    assert min(s.ledger.balances) >= 0
    if s.opts.capped:
        assert s.raises <= s.opts.limit
    else:  # AMB-GORKA-06 d: no cap, but every raise is paid for
        assert s.raises * s.opts.raise_amount <= s.ledger.total
    for p in range(n):
        assert set(s.up[p]) <= set(s.hands[p])
        if p in s.blind:
            assert not s.up[p]
    if s.phase == BLINDING:
        assert not any(s.hands)
    if s.phase in (BETTING, OVER):
        for p in range(n):
            if p == s.dealer and s.opts.aside_out:  # AMB-GORKA-04 b: the two he showed
                assert len(s.hands[p]) == 2 and s.up[p] == s.hands[p]
            else:
                assert len(s.hands[p]) == HAND
        assert len(s.passed) < n
    if s.phase == OVER:
        assert s.ledger.balances[n] == 0 and s.winners
