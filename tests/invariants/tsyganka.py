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
    was void: then nothing was drawn). Under gypsy_trump or gypsy_turned turn-again the gypsy
    is never the trump card; under spades-stay, turned for trump, she never lies in the middle."""
    assert isinstance(state, TsygankaState)
    s = state
    trump = s.trump_card // 13
    assert GYPSY not in s.discard
    again = (s.opts.gypsy_trump if s.opts.trump_card == "last" else s.opts.gypsy_turned) == (
        "turn-again"
    )
    assert not (again and s.trump_card == GYPSY)  # AMB-TSYGANKA-11 d, AMB-TSYGANKA-15 c
    laid_in = (s.opts.gypsy_trump if s.opts.trump_card == "last" else s.opts.gypsy_turned) == (
        "spades-stay"
    )
    # AMB-TSYGANKA-11 e, AMB-TSYGANKA-15 e: the gypsy turned is laid in the circle, never left
    # in the middle
    assert not (laid_in and s.trump_card == GYPSY and s.middle != NO_CARD)
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
        # turned for trump and out of play, or the void deal under trump_card=last with
        # gypsy_trump=redeal (AMB-TSYGANKA-15 b): she sticks with nobody
        if s.middle == GYPSY:
            void_last = s.opts.trump_card == "last" and s.opts.gypsy_trump == "redeal"
            assert (s.opts.trump_card == "out-of-play" or void_last) and s.loser == -1
            if s.opts.gypsy_turned == "redeal" or void_last:  # the void deal: over as dealt
                assert not any(s.piles) and not any(s.hands) and not s.discard
        else:
            assert 0 <= s.loser < s.players
            assert GYPSY in s.hands[s.loser]
        rest = [c for h in s.hands for c in h]
        lone = sum(1 for h in s.hands if h) == 1
        # AMB-TSYGANKA-06 c: under cover_with=suit no trump covers another suit
        cover = None if s.opts.cover_with == "suit" else trump
        assert lone or not any(beats(x, y, cover) for x in rest for y in rest)


#: Random games run long (about 220 decisions): longer examples, and more under CI.
STEPS = 900
CI_EXAMPLES = 200
PARTS = 2
