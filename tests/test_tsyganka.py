"""tsyganka: rules tested by name, the position notation, and setup errors."""

from __future__ import annotations

import pytest

from reference import DeckOrder, FormatError, SetupError, Table
from reference.core.cards import DECK_36, DECK_52, parse_card
from reference.core.jsontypes import JSON
from reference.core.shuffle import shuffle
from reference.games import TSYGANKA as GAME
from reference.games.tsyganka import (
    NO_CARD,
    STAGE_TWO,
    beats,
    draw_covers,
    keeps,
    load_position,
    middle_drawn,
    position,
    stuck,
    void_deal,
)

C = parse_card


def test_players_and_packs() -> None:
    with pytest.raises(SetupError) as e:
        GAME.setup(Table(3, 0, DeckOrder(DECK_36)))
    assert e.value.rule_id == "tsyganka/players"
    assert len(GAME.cards(GAME.setup(Table(4, 0, DeckOrder(DECK_52))))) == 36
    assert len(GAME.cards(GAME.setup(Table(5, 0, DeckOrder(DECK_52))))) == 52


def test_decision_functions() -> None:
    assert keeps(C("QS"), 1) and keeps(C("7H"), 1) and not keeps(C("7D"), 1)
    assert draw_covers(C("7D"), C("9D")) and not draw_covers(C("9D"), C("7D"))
    assert not beats(C("QS"), C("KS"), 0) and not beats(C("JS"), C("QS"), 0)
    assert beats(C("9H"), C("6C"), 3)
    assert stuck((C("QS"), C("9H"), C("TD")), 3) and not stuck((C("9H"), C("TH")), 3)
    # AMB-TSYGANKA-06 c (cover_with=suit): no trump covers; five cards may be stuck
    assert not beats(C("9H"), C("6C"), None) and beats(C("9H"), C("TH"), None)
    assert stuck((C("QS"), C("6S"), C("9H"), C("TD"), C("8C")), None)
    assert not stuck((C("QS"), C("6S"), C("9H"), C("TD"), C("8C")), 3)


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 4 + seed % 13
    options: dict[str, bool | int | str] = {
        "follower_trump": ("keep", "covers", "leader-takes", "bank-only")[seed % 4],
        "must_cover": bool(seed // 2 % 2),
        "cover_with": ("durak", "suit")[seed // 5 % 2],
        "offer_on": ("drawer", "offerer", "offerer-until-take")[seed // 7 % 3],
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_52, seed)), options))
    step = 0
    while GAME.legal_actions(s) and step < 800:
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s


def test_a_position_missing_a_card_is_refused() -> None:
    pos = position(GAME.setup(Table(4, 0, DeckOrder(DECK_36))))
    circle = pos["circle"]
    assert isinstance(circle, list)
    pos["circle"] = circle[1:]
    with pytest.raises(FormatError, match="36-card pack"):
        load_position(pos)


def test_a_circle_beside_a_trump_card_taken_or_in_stage2_is_refused() -> None:
    pos = position(GAME.setup(Table(5, 0, DeckOrder(DECK_52))))
    circle, trump = pos["circle"], pos["middle"]
    assert isinstance(circle, list) and isinstance(trump, str)
    taken = dict(pos, circle=[*circle, trump], middle=None)  # a 52-card circle: trump drawn first
    with pytest.raises(FormatError, match="position/circle"):
        load_position(taken)
    hands: list[JSON] = [[trump], [], [], [], []]
    in_stage2 = dict(taken, phase="stage2", circle=circle, hands=hands)
    with pytest.raises(FormatError, match="position/circle"):
        load_position(in_stage2)


@pytest.mark.parametrize(
    "options",
    [
        {"gypsy_trump": "spades-stay"},
        {"trump_card": "out-of-play", "gypsy_turned": "spades-stay"},
    ],
)
def test_the_gypsy_turned_for_trump_laid_in_the_circle(options: dict[str, str]) -> None:
    """AMB-TSYGANKA-15 e, -11 e: spades stay trump, she is drawn from the circle as any card,
    nothing lies in the middle, and she sticks with a player."""
    qs = C("QS")
    order = tuple(c for c in DECK_36 if c != qs) + (qs,)
    s = GAME.setup(Table(4, 0, DeckOrder(order), dict(options)))
    assert s.trump_card == qs and s.middle == NO_CARD and s.circle[-1] == qs
    assert len(s.circle) == len(DECK_36)
    for step in range(len(DECK_36)):  # stage 1: every card drawn, the gypsy kept
        assert load_position(position(s)) == s and s.middle == NO_CARD
        s = GAME.apply(s, GAME.legal_actions(s)[(step * 7) % len(GAME.legal_actions(s))])
        if s.stage == STAGE_TWO:
            break
    assert s.stage == STAGE_TWO and not s.circle and s.middle == NO_CARD
    assert any(qs in h for h in s.hands)
    assert load_position(position(s)) == s
    with_middle = dict(position(GAME.setup(Table(4, 0, DeckOrder(order), dict(options)))))
    circle = with_middle["circle"]
    assert isinstance(circle, list)
    with_middle.update(circle=circle[:-1], middle="QS")
    with pytest.raises(FormatError, match="spades-stay"):
        load_position(with_middle)


def test_the_gypsy_turned_for_trump_out_of_play() -> None:
    qs = C("QS")
    assert middle_drawn("last", "redeal", qs) and middle_drawn("out-of-play", "in-play", qs)
    assert not middle_drawn("out-of-play", "in-play", C("AC"))
    assert not middle_drawn("out-of-play", "no-loser", qs)
    assert void_deal("out-of-play", "redeal", qs) and not void_deal("last", "redeal", qs)
    assert not void_deal("out-of-play", "redeal", C("AC"))
    order = tuple(c for c in DECK_36 if c != qs) + (qs,)
    void = GAME.setup(Table(4, 0, DeckOrder(order), {"trump_card": "out-of-play"}))
    assert GAME.legal_actions(void) == () and load_position(position(void)) == void
    outcome = GAME.outcome(void)
    assert outcome is not None and outcome.winners == () and outcome.losers == ()
    played = GAME.setup(
        Table(4, 0, DeckOrder(order), {"trump_card": "out-of-play", "gypsy_turned": "no-loser"})
    )
    assert GAME.outcome(played) is None
    stage1 = position(played)
    stage1["options"] = {"trump_card": "out-of-play"}
    with pytest.raises(FormatError, match="void"):
        load_position(stage1)
