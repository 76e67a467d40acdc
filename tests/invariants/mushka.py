"""mushka: what holds in every reachable state (shared by the four мушки)."""

from __future__ import annotations

from reference.core.cards import SUIT_OF
from reference.games.mushka import (
    ANNOUNCE,
    DECLARE,
    EXCHANGE,
    GATHER,
    HAND,
    JC,
    MISTIGRI,
    OVER,
    PAMFIL,
    PLAY,
    PLAYING,
    SHUTIKHA,
    TRUMP,
    MushkaState,
    remise_amount,
    trick_points,
)

GAME_ID = "mushka"


def check(state: object) -> None:
    """Tricks per deal equal the cards per hand; the sheet matches the recorded tricks and
    remises; no card is seen twice; every hand in play has the size the tricks leave it."""
    assert isinstance(state, MushkaState)
    s = state
    v = s.variant
    everything = (
        tuple(c for h in s.hands for c in h)
        + s.stock
        + s.up
        + s.aside
        + s.discard
        + s.table
        + tuple(c for p in s.piles for c in p)
    )
    assert len(set(everything)) == len(everything), "a card seen twice"
    assert sum(s.chips) == 0
    playing = [p for p in range(s.players) if s.declared[p] == PLAYING]
    done = sum(s.tricks)
    assert done <= HAND
    assert sum(len(p) for p in s.piles) == done * len(playing)
    if s.phase == ANNOUNCE:
        # AMB-MUSHKAPAMFIL-07/b: under pamfil_ask=each every player who plays is asked
        asked = JC in s.hands[s.turn] or s.opts.pamfil_ask == "each"
        assert v.kind == PAMFIL and asked and s.declared[s.turn] == PLAYING
    if s.phase in (TRUMP, DECLARE, EXCHANGE, ANNOUNCE):
        assert done == 0 and not s.table
        assert all(len(h) == HAND for h in s.hands)
    if s.phase in (PLAY, GATHER):
        for p in playing:
            on_table = 1 if p in s.table_seats else 0
            assert len(s.hands[p]) == HAND - done - on_table
    if s.phase == GATHER:
        assert len(s.table) == len(playing)
    if s.phase == OVER and s.result == "scored":
        assert done == HAND, "tricks per deal equal the cards per hand"
        top_is_trump = v.top >= 0 and SUIT_OF[v.top] == s.trump
        for p in range(s.players):
            if p not in playing or s.forfeit[p]:
                assert (s.sheet_a[p], s.sheet_b[p]) == (0, 0)
                continue
            conditions = (
                v.kind != PAMFIL
                and not (v.kind == SHUTIKHA and s.opts.queen_conditions == "tricks-only")
                # AMB-MUSHKAMISTIGRI-11/b: the king of clubs without the ace's count
                and not (v.kind == MISTIGRI and s.opts.king_conditions == "obligations")
            )
            holds = p == s.holder and conditions
            if v.kind == SHUTIKHA and s.opts.queen_points == "tricks":  # AMB-MUSHKASHUTIKHA-04/b
                assert s.tricks[p] <= s.sheet_a[p] <= 8 * s.tricks[p]
            elif holds and s.top_beaten and s.opts.top_trick == "card":  # AMB-MUSHKA-26/b
                assert s.sheet_a[p] == s.tricks[p] * (2 if top_is_trump else 1)
            else:
                assert s.sheet_a[p] == trick_points(s.tricks[p], holds, top_is_trump)
            ten = conditions and s.top_beaten and (holds or s.opts.remise_ten == "all")
            shielded = v.kind == PAMFIL and p == s.holder
            if s.opts.pamfil_shield_on == "declaring":  # AMB-MUSHKAPAMFIL-06/c
                shielded = shielded and s.pamfil == p
            expected_b = remise_amount(s.tricks[p], ten, shielded)
            revoked = 0 if shielded and s.opts.pamfil_shield == "every" else s.revokes[p]
            assert s.sheet_b[p] == expected_b + revoked * s.opts.revoke_remise
    if s.opts.revoke == "refuse":
        assert not any(s.revokes)
