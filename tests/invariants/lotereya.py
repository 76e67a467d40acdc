"""lotereya: what holds in every reachable state."""

from __future__ import annotations

from reference.games.lotereya import (
    BEATING,
    FOUR,
    LEADING,
    OVER,
    SPREADING,
    THREE,
    TURNING,
    LotereyaState,
    playing,
)

GAME_ID = "lotereya"


def check(state: object) -> None:
    """No balance below zero; the banker and the dealer hold no cards (unless they play,
    officers=play, AMB-LOTEREYA-01 c: then every seat is a player; the dealer alone under
    officers=dealer-plays, e); in stage 1 the four are
    laid, the stakes sit only on cards already staked, every player holds three cards once dealt
    (fewer only in a short last round, AMB-LOTEREYA-08 b) and none before; in stage 2 the packs
    are spent (a full round no longer fits), the pot and the stakes are empty, and only the
    beater faces one or two cards of one rank."""
    assert isinstance(state, LotereyaState)
    s = state
    n = s.players
    bal = s.ledger.balances
    assert min(bal) >= 0
    seats = playing(n, s.dealer, s.banker, s.opts.officers)
    assert len(seats) == n - s.opts.officials
    if s.opts.officers == "dealer-plays":  # AMB-LOTEREYA-01 e: the dealer plays, the banker not
        assert s.dealer in seats and s.banker not in seats
    for p in range(n):
        if p not in seats:
            assert not s.hands[p] and not s.piles[p] and not s.gathered[p]
    if s.phase in (SPREADING, TURNING):
        assert len(s.four) == FOUR and not s.table
        assert not s.opened, "no lead is made in stage 1 (AMB-LOTEREYA-19)"
        if s.phase == SPREADING:
            assert all(bal[n + 1 + i] == 0 for i in range(s.spread, FOUR))
            assert all(not s.hands[p] for p in seats)
        else:
            assert bal[n] == 0, "the whole pot is spread before the deal"
            if any(len(s.hands[p]) != THREE for p in seats):
                # AMB-LOTEREYA-08 b: only a short last round, dealt out to the pack's end
                assert s.opts.last_round == "short" and not s.deal_pack
                assert all(len(s.hands[p]) <= THREE for p in seats)
                assert any(s.hands[p] for p in seats)
        assert not any(s.gathered)
    else:
        assert len(s.bank_pack) < FOUR or len(s.deal_pack) < THREE * len(seats)
        assert sum(bal[n:]) == 0, "no chips on the table in stage 2"
        assert not any(s.piles) and not s.four
    if s.phase == BEATING:
        assert 1 <= len(s.table) <= 2 and len({c % 13 for c in s.table}) == 1
        assert s.turn in seats and s.turn != s.leader
    if s.phase == LEADING:
        assert not s.table and s.hands[s.turn]
        if s.opts.empty_start == "sit-out":  # AMB-LOTEREYA-12 h: some may sit out
            assert sum(1 for p in seats if s.hands[p]) >= 2
        else:
            assert all(s.hands[p] for p in seats)
    if s.phase == OVER:
        assert not s.hands[s.out]
