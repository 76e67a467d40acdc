"""lotereya: the two packs, the position notation, the decision functions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.actions import Take
from reference.core.cards import DECK_52, TWO_PACKS_52, card_name, parse_card, parse_cards
from reference.core.game import Dealt
from reference.core.options import OptionValue
from reference.core.shuffle import shuffle
from reference.games import LOTEREYA as GAME
from reference.games.lotereya import (
    Beat,
    Lead,
    beatings,
    contribution,
    dealt_count,
    fines,
    load_position,
    matches,
    out_fines,
    part_beatings,
    position,
    split_packs,
    spread_range,
)

C = parse_card


def test_two_packs_split_by_first_and_second_occurrence() -> None:
    order = shuffle(TWO_PACKS_52, 11)
    bank, deal = split_packs(order)
    assert sorted(bank) == list(DECK_52) and sorted(deal) == list(DECK_52)
    assert split_packs(DECK_52 + DECK_52[::-1]) == (DECK_52, DECK_52[::-1])


@given(st.permutations(TWO_PACKS_52))
def test_two_packs_split_card_by_card(order: list[int]) -> None:
    """AMB-LOTEREYA-02 read card by card: each card of the order goes to the banker's pack the
    first time it comes, to the dealer's the second, each pack keeping the order's order."""
    bank: list[int] = []
    deal: list[int] = []
    for i, c in enumerate(order):
        (deal if c in order[:i] else bank).append(c)
    assert split_packs(order) == (tuple(bank), tuple(deal))


@given(
    st.permutations(TWO_PACKS_52),
    st.lists(st.sampled_from(DECK_52), max_size=2),
    st.integers(min_value=0, max_value=2),
)
def test_a_deck_order_is_two_packs_exactly_when_sorted_it_is(
    order: list[int], more: list[int], fewer: int
) -> None:
    """lotereya/two-packs: setup refuses a deck order just when, sorted, it is not the two packs
    (a card missing, a card three times, a card too many or too few)."""
    deck = tuple(order[fewer:] + more)
    two_packs = sorted(deck) == sorted(TWO_PACKS_52)
    try:
        GAME.setup(Table(4, 0, DeckOrder(deck)))
    except SetupError as e:
        assert not two_packs and e.rule_id == "lotereya/two-packs"
    else:
        assert two_packs


def test_seats_four_to_ten_and_a_deal_of_two_packs() -> None:
    for n in range(4, 11):
        GAME.setup(Table(n, 0, DeckOrder(TWO_PACKS_52)))
    for n in (3, 11):
        with pytest.raises(SetupError) as e:
            GAME.setup(Table(n, 0, DeckOrder(TWO_PACKS_52)))
        assert e.value.rule_id == "lotereya/players"
    with pytest.raises(SetupError) as e:
        GAME.setup(Table(4, 0, DeckOrder(DECK_52)))
    assert e.value.rule_id == "lotereya/two-packs"
    with pytest.raises(SetupError):
        GAME.setup(Table(4, 0, Dealt(((), (), (), ()))))


def test_decision_functions() -> None:
    four = parse_cards(["AS", "KH", "QD", "JC"])
    assert matches(four, parse_cards(["KH", "2C", "JC"])) == (1, 3)
    assert spread_range(8, 4) == (1, 5)
    assert spread_range(2, 4) == (0, 1)
    assert beatings(parse_cards(["3H", "3C"]), parse_cards(["5H", "4C", "2S"]), False) == (
        (C("5H"), C("4C")),
    )
    assert beatings(parse_cards(["3H"]), parse_cards(["2H", "3C"]), False) == ()
    # beat_by=rank (AMB-LOTEREYA-10 b): any higher rank, each led card its own beater
    assert beatings(parse_cards(["3H"]), parse_cards(["2H", "3C", "4S"]), True) == ((C("4S"),),)
    assert beatings(parse_cards(["7S", "7H"]), parse_cards(["9C", "2D"]), True) == ()
    # part_beat (AMB-LOTEREYA-11 b): each card that beats one of two led, alone
    assert part_beatings(parse_cards(["7S", "7H"]), parse_cards(["9S", "2H"]), False) == (
        (C("9S"),),
    )
    assert part_beatings(parse_cards(["7S"]), parse_cards(["9S"]), False) == ()
    assert fines((2, 0, 1), (1, 3, 0), 2, (10, 10, 1)) == (6, 0, 1)
    # unbeaten_fine=everyone (AMB-LOTEREYA-12 d): a seat out of cards pays for his unbeaten ones
    assert out_fines((2, 0, 0), (1, 3, 2), 2, (10, 10, 1)) == (0, 6, 1)


def test_contribution_readings() -> None:
    """AMB-LOTEREYA-04: the stake each round (a), a fee per card that won nothing (b), the
    stake from a player who won nothing, nothing from one who won (c)."""
    assert contribution("each-round", 4, 1, 3, True) == 4
    assert contribution("per-lost-card", 4, 2, 3, False) == 6
    assert contribution("losers", 4, 1, 3, False) == 4
    assert contribution("losers", 4, 1, 2, True) == 0


@pytest.mark.parametrize("threes", [False, True])
def test_a_short_last_round_deals_out_the_pack(threes: bool) -> None:
    """AMB-LOTEREYA-08 b: what is left of the dealer's pack, no more, in the usual order."""
    for left in range(53):
        for m in range(1, 9):
            got = [dealt_count(left, m, i, threes) for i in range(m)]
            assert sum(got) == min(left, 3 * m)
            assert got == sorted(got, reverse=True), "the first from the dealer's left first"
    assert [dealt_count(4, 8, i, False) for i in range(8)] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert [dealt_count(4, 8, i, True) for i in range(8)] == [3, 1, 0, 0, 0, 0, 0, 0]


def test_actions_round_trip() -> None:
    for a in (Lead(1, (C("3H"), C("3C"))), Beat(2, (C("5H"),)), Take(3)):
        assert GAME.parse_action(GAME.action_json(a)) == a


@pytest.mark.parametrize("seed", range(20))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 4 + seed % 7
    opts = {"unmatched": "carry", "contribution": "per-lost-card"} if seed % 2 else {}
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(TWO_PACKS_52, seed)), opts))
    step = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed * 5 + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s
    assert GAME.outcome(s) is not None
    assert GAME.chips(s) == 50 * n


def test_a_position_with_a_card_missing_is_refused() -> None:
    pos = position(GAME.setup(Table(4, 0, DeckOrder(TWO_PACKS_52))))
    bank = pos["bank_pack"]
    assert isinstance(bank, list)
    pos["bank_pack"] = bank[1:]
    with pytest.raises(FormatError, match="two 52-card packs"):
        load_position(pos)


def test_a_position_with_a_twin_in_the_bankers_pack_is_refused() -> None:
    pos = position(GAME.setup(Table(4, 0, DeckOrder(TWO_PACKS_52))))
    bank, deal = pos["bank_pack"], pos["deal_pack"]
    assert isinstance(bank, list) and isinstance(deal, list)
    i = deal.index(bank[0])
    j = (i + 1) % len(deal)
    bank[0], deal[j] = deal[j], bank[0]  # two full packs still, each with a twin
    with pytest.raises(FormatError, match=r"banker's pack .* twice"):
        load_position(pos)


@pytest.mark.parametrize("seed", range(6))
def test_a_position_with_a_twin_among_the_players_cards_is_refused(seed: int) -> None:
    """The players' cards come from the dealer's pack alone: a hand holding a card whose twin
    is also on the players' side is refused, though the two packs are still whole."""
    s = GAME.setup(Table(4 + seed, 0, DeckOrder(shuffle(TWO_PACKS_52, seed))))
    step = 0
    while not (s.discard and any(s.hands)):
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed + step) % len(legal)])
        step += 1
    load_position(position(s))  # the position reached in play is accepted
    p = next(q for q, h in enumerate(s.hands) if h)
    twin = next(c for c in s.discard if s.discard.count(c) == 1 and c not in s.hands[p])
    pos = position(s)
    hands, discard = pos["hands"], pos["discard"]
    assert isinstance(hands, list) and isinstance(discard, list)
    hand = hands[p]
    assert isinstance(hand, list)
    k = discard.index(card_name(twin))
    hand[0], discard[k] = discard[k], hand[0]
    with pytest.raises(FormatError, match=rf"players' cards .* hold {card_name(twin)} twice"):
        load_position(pos)


def test_registered_under_its_id() -> None:
    assert games()["lotereya"].id == "lotereya"


@pytest.mark.parametrize("seed", range(16))
def test_a_beat_is_accepted_exactly_when_it_is_one_of_the_legal_actions(seed: int) -> None:
    """lotereya/must-beat (AMB-LOTEREYA-10, -11): ``apply`` takes a beat, in either order of
    its cards, just when ``legal_actions`` lists it; every other beat is refused by that rule,
    and a card named twice is not held twice (core/not-held)."""
    n = 4 + seed % 7
    opts: dict[str, OptionValue] = {
        "beat_by": "rank" if seed % 2 else "suit",
        "part_beat": seed % 4 >= 2,
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(TWO_PACKS_52, seed)), opts))
    step = beats = 0
    while legal := GAME.legal_actions(s):
        if isinstance(legal[0], (Beat, Take)):
            seat = legal[0].seat
            hand = s.hands[seat]
            tries = [(c,) for c in hand] + [(c, d) for c in hand for d in hand]
            for cards in tries:
                twice = len(set(cards)) != len(cards)
                expected = not twice and Beat(seat, tuple(sorted(cards))) in legal
                try:
                    GAME.apply(s, Beat(seat, cards))
                except IllegalAction as e:
                    assert not expected, (cards, e)
                    assert e.rule_id == ("core/not-held" if twice else "lotereya/must-beat")
                else:
                    assert expected, cards
                    beats += 1
        s = GAME.apply(s, legal[(seed * 7 + step) % len(legal)])
        step += 1
    assert beats > 0
