"""mushka-kopilka: what holds in every reachable state."""

from __future__ import annotations

from reference.core.cards import SUIT_OF
from reference.games.kopilka import AS, DEALS, OVER, PLAY, PLAYERS, POT, KopilkaState

GAME_ID = "mushka-kopilka"
#: A partie is about 160 decisions under random play: longer examples so that the CI run
#: plays at least 500 of them to the end.
STEPS = 1000
CI_EXAMPLES = 300
PARTS = 3


def check(state: object) -> None:
    """Money: the ledger balances sum to zero (purses counted from zero) and the box never
    goes below zero. Cards: a trick in progress holds the lead and cards of its suit (or the
    ace of spades), fewer than four turns taken; in play every hand holds a card (a deal ends
    when one is shed). The deal count, the first-out list and the packs to come agree; each
    counted trick took at least two cards; a settled partie has emptied the box unless
    nobody went out in the fourth deal. Under stall_end=blocked fewer than four leads in a
    row have been passed by all with nothing bought (the fourth ends the deal)."""
    assert isinstance(state, KopilkaState)
    s = state
    assert s.ledger.total == 0
    assert s.ledger.balance(POT) >= 0
    assert 1 <= s.deal_no <= DEALS
    assert len(s.decks) == DEALS - s.deal_no
    assert len(s.table) + len(s.passed) < PLAYERS
    assert 0 <= s.idle <= (PLAYERS - 1 if s.opts.stall_end == "blocked" else PLAYERS)
    if s.table:
        led = SUIT_OF[s.table[0]]
        assert all(SUIT_OF[c] == led or c == AS for c in s.table[1:])
        assert len(set(s.table_seats + s.passed)) == len(s.table) + len(s.passed)
    assert len(s.won) >= 2 * sum(s.tricks)
    assert sum(len(r) for r in s.record) >= sum(s.tricks)
    if s.phase == PLAY:
        assert all(s.hands[p] or p in s.table_seats for p in range(PLAYERS))
        assert not s.pending
    if s.phase == OVER:
        assert len(s.first_out) == DEALS
        assert s.first_out[-1] < 0 or s.ledger.balance(POT) == 0
    else:
        assert len(s.first_out) == s.deal_no - 1
        assert 0 <= s.turn < PLAYERS
