"""mushka: what holds in every reachable state (shared by the four мушки)."""

from __future__ import annotations

from reference.core.cards import SUIT_OF
from reference.games.mushka import (
    ANNOUNCE,
    AS,
    DECLARE,
    EXCHANGE,
    GATHER,
    HAND,
    JC,
    KS,
    MISTIGRI,
    OVER,
    PAMFIL,
    PLAY,
    PLAYING,
    QS,
    SHUTIKHA,
    TRUMP,
    MushkaState,
    remise_amount,
    trick_points,
)

GAME_ID = "mushka"


def _held_by(s: MushkaState, card: int) -> int:
    return dict(s.held).get(card, -1)


def _beaten(s: MushkaState, card: int, seat: int) -> bool:
    """Whether ``card``, which ``seat`` held, was taken in a trick another seat won."""
    return any(card in pile for p, pile in enumerate(s.piles) if p != seat)


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
        # AMB-MUSHKAPAMFIL-01/e, /f: the ace of spades beside Памфил
        ace_keeps = v.kind == PAMFIL and s.opts.ace_of_spades != "ordinary"
        top = AS if ace_keeps or s.opts.queen_conditions == "ace" else v.top
        top_is_trump = top >= 0 and SUIT_OF[top] == s.trump
        # the seats under the conditions, each with whether his card was beaten
        bound = [(s.holder, s.top_beaten)]
        if ace_keeps:
            bound = [(_held_by(s, AS), s.top_beaten)]
        both = v.kind == SHUTIKHA and s.opts.queen_conditions == "both"
        if both:  # AMB-MUSHKASHUTIKHA-03/d: the ace's holder beside the queen's
            ace = _held_by(s, AS)
            bound.append((ace, _beaten(s, AS, ace)))
            assert s.top_beaten == _beaten(s, QS, s.holder)
        for p in range(s.players):
            if p not in playing or s.forfeit[p]:
                assert (s.sheet_a[p], s.sheet_b[p]) == (0, 0)
                continue
            conditions = (
                (v.kind != PAMFIL or ace_keeps)
                and not (v.kind == SHUTIKHA and s.opts.queen_conditions == "tricks-only")
                # AMB-MUSHKAMISTIGRI-11/b: the king of clubs without the ace's count
                and not (v.kind == MISTIGRI and s.opts.king_conditions == "obligations")
            )
            mine = [beaten for seat, beaten in bound if seat == p and conditions]
            holds = bool(mine)
            beaten_here = any(mine)
            any_beaten = conditions and any(beaten for _, beaten in bound)
            if v.kind == SHUTIKHA and s.opts.queen_points == "tricks":  # AMB-MUSHKASHUTIKHA-04/b
                assert s.tricks[p] <= s.sheet_a[p] <= 8 * s.tricks[p]
            elif v.kind == SHUTIKHA and s.opts.queen_points == "holder":  # /04/c
                firsts = [8] * (_held_by(s, QS) == p) + [5] * (_held_by(s, KS) == p)
                firsts = firsts[: s.tricks[p]]
                assert s.sheet_a[p] == sum(firsts) + s.tricks[p] - len(firsts)
            elif holds and beaten_here and s.opts.top_trick == "card":  # AMB-MUSHKA-26/b
                assert s.sheet_a[p] == s.tricks[p] * (2 if top_is_trump else 1)
            else:
                assert s.sheet_a[p] == trick_points(s.tricks[p], holds, top_is_trump)
            ten = beaten_here or (any_beaten and s.opts.remise_ten == "all")
            shielded = v.kind == PAMFIL and p == s.holder
            if s.opts.pamfil_shield_on == "declaring":  # AMB-MUSHKAPAMFIL-06/c
                shielded = shielded and s.pamfil == p
            expected_b = remise_amount(s.tricks[p], ten, shielded)
            revoked = 0 if shielded and s.opts.pamfil_shield == "every" else s.revokes[p]
            assert s.sheet_b[p] == expected_b + revoked * s.opts.revoke_remise
    if s.opts.revoke == "refuse":
        assert not any(s.revokes)
