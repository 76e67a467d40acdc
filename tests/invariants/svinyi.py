"""svinyi: what holds in every reachable state."""

from __future__ import annotations

from itertools import pairwise

from reference.core.cards import ACE, KING, RANK_OF
from reference.games.svinyi import (
    NO_CARD,
    SvinyiState,
    fits_store,
    fits_store_lower,
    pack_of,
    pig_ranks,
    sheds,
)

GAME_ID = "svinyi"


def check(state: object) -> None:
    """The pig is a run upward from a two or six (the pack's lowest under pig_base=lowest),
    below the king; set-aside pigs end with kings; no ace on a pig; under unplaced=hand every
    store is built downward above its first card (000:P27.S1; any lower card under
    store_step=any-lower) and under own-store nobody keeps cards; at the end the winners are
    defined (none, a drawn round, only when the stock ran out under stock_out=no-winner), and
    a single winner by shedding has only aces in his store and kept cards."""
    assert isinstance(state, SvinyiState)
    s = state
    if s.pig:
        lowest = min(RANK_OF[c] for c in pack_of(s.opts, s.players))
        assert RANK_OF[s.pig[0]] in pig_ranks(s.opts.pig_base, lowest)
        ranks = [RANK_OF[c] for c in s.pig]
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
        assert ranks[-1] < KING
    assert all(RANK_OF[c] != ACE for c in s.pig + s.done)
    assert sum(1 for c in s.done if RANK_OF[c] == KING) * 8 <= len(s.done) or not s.done
    assert len(s.stores) == s.players
    if s.opts.unplaced == "hand":
        fits = fits_store_lower if s.opts.store_step == "any-lower" else fits_store
        for store in s.stores:
            assert all(fits(hi, lo) for lo, hi in pairwise(store))
    else:
        assert not any(s.held)
    if s.turn >= 0:
        assert not s.winners
    else:
        assert s.hand == NO_CARD
        # the winner is defined at the end (none when the stock ran out under no-winner)
        assert s.winners or (s.opts.stock_out == "no-winner" and not s.stock)
        if s.stock:
            w = s.winners[0]
            assert len(s.winners) == 1 and sheds(s.stores[w]) and sheds(s.held[w])
