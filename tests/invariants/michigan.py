"""michigan: what holds in every reachable state."""

from __future__ import annotations

from reference.games.michigan import (
    AUCTION,
    BOODLE,
    CHOOSING,
    OVER,
    PLAYING,
    STAKING,
    MichiganState,
)

GAME_ID = "michigan"


def check(state: object) -> None:
    """No balance is negative and the boodle is the ledger's boodle accounts; a boodle card whose
    twin was played holds nothing; dead hands are never played from (no dead card on the table,
    the next card of a run is live); before play the extra hand is there and the table empty;
    in play every player in the deal holds cards; players sitting out hold none; a run that
    cannot go on waits only under stop_seen=after-passes, and never for a full round of passes."""
    assert isinstance(state, MichiganState)
    s = state
    n = s.players
    ledger = s.ledger
    assert ledger.accounts[n:] == ("AH", "KD", "QS", "JC")
    assert len(ledger.balances) == n + len(BOODLE)
    assert min(ledger.balances) >= 0, "no account goes below zero"
    assert all(not s.hands[p] for p in s.out)
    assert not set(s.dead) & set(s.table), "a dead card was played"
    for c in s.table:
        if c in BOODLE:
            assert ledger.balances[n + BOODLE.index(c)] == 0, (
                "a boodle card keeps chips after its twin is played"
            )
    if s.phase in (STAKING, CHOOSING, AUCTION):
        assert s.extra and not s.table and not s.dead
        staked = sum(ledger.balances[n:])
        assert staked <= 4 * len(s.staked)
    if s.phase == STAKING:
        assert s.turn not in s.staked
    if s.phase == AUCTION:
        assert s.turn != s.dealer and s.turn not in s.done
    if s.phase == PLAYING:
        assert not s.extra
        assert all(s.hands[p] for p in range(n) if p not in s.out)
        if s.last >= 0 and not s.opts.after_passes:
            nxt = s.last + 1
            assert nxt not in s.dead and nxt not in s.table, "a run waits on a dead card"
            assert any(nxt in h for h in s.hands)
        if s.last >= 0:  # the passes said in turn since the run's last card: fewer than all
            assert 0 <= s.passes < n - len(s.out) and 0 <= s.by < n
    if s.phase == OVER:
        assert not s.hands[s.winner]
        assert all(s.hands[p] for p in range(n) if p not in s.out and p != s.winner)
