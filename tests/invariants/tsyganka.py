"""tsyganka: what holds in every reachable state."""

from __future__ import annotations

from reference.games.tsyganka import (
    GYPSY,
    NO_CARD,
    OVER,
    STAGE_ONE,
    STAGE_TWO,
    TsygankaState,
    beats,
)

GAME_ID = "tsyganka"


def check(state: object) -> None:
    """Stage 1: no hands; piles hold every card drawn; the lead is never a trump or the gypsy.
    Stage 2: empty circle, the trump card taken (or, under trump_card=out-of-play, still in the
    middle); the gypsy is never discarded; at least two hold cards. At the end: one loser,
    holding the gypsy (none if she was turned for trump and stayed out of play, or if the deal
    was void: then nothing was drawn)."""
    assert isinstance(state, TsygankaState)
    s = state
    trump = s.trump_card // 13
    assert GYPSY not in s.discard
    assert len(s.discard) % 2 == 0
    if s.stage == STAGE_ONE:
        assert not any(s.hands) and s.up == NO_CARD
        assert s.lead == NO_CARD or (s.lead != GYPSY and s.lead // 13 != trump)
    elif s.stage == STAGE_TWO:
        assert not s.circle and s.lead == NO_CARD and not any(s.piles)
        assert s.middle == NO_CARD or (
            s.opts.trump_card == "out-of-play" and s.middle == s.trump_card
        )
        assert sum(1 for h in s.hands if h) >= 2 or s.up != NO_CARD
        assert s.turn != s.offerer
    else:
        assert s.stage == OVER and s.turn == -1
        if s.middle == GYPSY:  # turned for trump and out of play: she sticks with nobody
            assert s.opts.trump_card == "out-of-play" and s.loser == -1
            if s.opts.gypsy_turned == "redeal":  # the void deal: over as dealt
                assert not any(s.piles) and not any(s.hands) and not s.discard
        else:
            assert 0 <= s.loser < s.players
            assert GYPSY in s.hands[s.loser]
        rest = [c for h in s.hands for c in h]
        lone = sum(1 for h in s.hands if h) == 1
        assert lone or not any(beats(x, y, trump) for x in rest for y in rest)


#: Random games run long (about 220 decisions): longer examples, and more under CI.
STEPS = 900
CI_EXAMPLES = 200
