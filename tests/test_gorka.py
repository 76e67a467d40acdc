"""gorka: the hand ranking (a total order, wild cards never hurt), the notation, the table."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from reference import DeckOrder, SetupError, Table, games
from reference.core.actions import Pass
from reference.core.cards import ACE, CARD_NAMES, DECK_32, RANK_OF, SUIT_OF, parse_cards
from reference.core.errors import IllegalAction
from reference.core.jsontypes import JSON, JSONObject
from reference.core.options import OptionValue
from reference.core.shuffle import shuffle
from reference.games import GORKA as GAME
from reference.games import gorka
from reference.games.gorka import (
    CHETVERIK,
    KHLYUST,
    NO_WILD,
    NOTHING,
    QUEENS,
    QUEENS_SEVENS,
    THREE_CARDS,
    TRYNKA,
    compare,
    hand_key,
    load_position,
    position,
    shares,
)


def h(text: str) -> tuple[int, ...]:
    return parse_cards(text.split())


def test_categories_and_their_order() -> None:
    assert hand_key(h("AS AH AD AC"), QUEENS) == (CHETVERIK, 14)
    assert hand_key(h("KS KH KD QC"), QUEENS) == (CHETVERIK, 13)
    assert hand_key(h("7H 9H TH JH"), QUEENS)[0] == KHLYUST
    assert hand_key(h("AH KH QS 7H"), QUEENS) == (KHLYUST, 1000 + 11 + 10 + 11 + 7)
    assert hand_key(h("AH KH JH 7H"), QUEENS) == (KHLYUST, 11 + 10 + 10 + 7)
    assert hand_key(h("9S 9H QD 7C"), QUEENS) == (TRYNKA, 9)
    assert hand_key(h("9S TS 7S 8H"), QUEENS) == (THREE_CARDS, 9 + 10 + 7)
    assert hand_key(h("9S TH 7D 8C"), QUEENS) == (NOTHING, 34)
    assert hand_key(h("KS KH KD QC"), NO_WILD) == (TRYNKA, 13)
    # четверик > хлюст > трынка > три карты; a higher трынка beats a lower
    assert compare(h("7S 7H 7D 7C"), h("AH KH QS 7H"), QUEENS) == 1
    assert compare(h("AH KH QS 7H"), h("AS AH AD 8C"), QUEENS) == 1
    assert compare(h("8S 8H 8D 9C"), h("AS KS TS 9H"), QUEENS) == 1
    assert compare(h("AS AH AD 8C"), h("KS KH KD 8D"), QUEENS) == 1
    assert compare(h("AS AH AD 8C"), h("AC AD AH 9C"), QUEENS) == 0


def test_the_sevens_are_wild_only_under_queens_sevens() -> None:
    assert hand_key(h("9S 9H 7D 8C"), QUEENS_SEVENS) == (TRYNKA, 9)
    assert hand_key(h("9S 9H 7D 8C"), QUEENS)[0] == NOTHING
    assert hand_key(h("7S 7H QD QC"), QUEENS_SEVENS) == (CHETVERIK, ACE)
    assert hand_key(h("AH KH 7S 8H"), QUEENS_SEVENS)[1] > 1000  # ace, king and a wild card


def test_a_wild_card_never_makes_a_hand_worse_and_the_order_is_total() -> None:
    rng = random.Random(5)
    wild = parse_cards(["QH"])[0]
    hands = [tuple(rng.sample(DECK_32, 4)) for _ in range(400)]
    for hand in hands:
        for i in range(4):
            better = hand[:i] + (wild,) + hand[i + 1 :]
            assert hand_key(better, QUEENS) >= hand_key(hand, QUEENS)
    for a, b, c in zip(hands, hands[1:], hands[2:], strict=False):
        assert compare(a, b, QUEENS) == -compare(b, a, QUEENS)
        if compare(a, b, QUEENS) >= 0 and compare(b, c, QUEENS) >= 0:
            assert compare(a, c, QUEENS) >= 0


def test_going_up_needs_a_combination_unless_any_hand() -> None:
    nothing, trynka = (NOTHING, 34), (TRYNKA, 9)
    assert gorka.may_go_up(trynka, 0, 6, 20, 1, any_hand=False)
    assert not gorka.may_go_up(nothing, 0, 6, 20, 1, any_hand=False)
    assert gorka.may_go_up(nothing, 0, 6, 20, 1, any_hand=True)
    assert not gorka.may_go_up(trynka, 6, 6, 20, 1, any_hand=True)  # the limit
    assert not gorka.may_go_up(trynka, 0, 6, 4, 5, any_hand=True)  # the chips
    assert gorka.may_go_up(trynka, 0, 6, 5, 5, any_hand=False)  # just the chips


def test_showdown_winners_and_blind_costs() -> None:
    assert gorka.showdown_winners(((TRYNKA, 9), (KHLYUST, 30), (NOTHING, 40))) == (1,)
    assert gorka.showdown_winners(((TRYNKA, 14), (NOTHING, 40), (TRYNKA, 14))) == (0, 2)
    assert [gorka.blind_cost(2, k, False) for k in range(4)] == [2, 3, 4, 5]
    assert [gorka.blind_cost(2, k, True) for k in range(4)] == [2, 4, 8, 16]


def test_shares() -> None:
    assert shares(5, 2) == (3, 2)
    assert shares(7, 3) == (3, 2, 2)


def test_players_two_to_six() -> None:
    for n in range(2, 7):
        GAME.setup(Table(n, 0, DeckOrder(DECK_32)))
    with pytest.raises(SetupError) as e:
        GAME.setup(Table(7, 0, DeckOrder(DECK_32)))
    assert e.value.rule_id == "gorka/players"


@pytest.mark.parametrize("seed", range(30))
def test_position_notation_round_trips_through_a_game(seed: int) -> None:
    n = 2 + seed % 5
    opts = {
        "limit": seed % 4,
        "wild": "none" if seed % 3 else "queens",
        "go_up": "any" if seed % 2 else "combination",
        "overblind": "double" if seed % 5 < 2 else "plus-one",
        "showdown": "last-two" if seed % 7 < 3 else "at-limit",
        "dealer_aside": "out" if seed % 4 == 1 else "kept",
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_32, seed)), opts))
    step = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[(seed + step) % len(legal)])
        step += 1
    assert load_position(position(s)) == s
    assert GAME.outcome(s) is not None and GAME.chips(s) == 20 * n


def test_actions_round_trip() -> None:
    s = GAME.setup(Table(3, 0, DeckOrder(shuffle(DECK_32, 1))))
    while GAME.legal_actions(s):
        for a in GAME.legal_actions(s):
            assert GAME.parse_action(GAME.action_json(a)) == a
        s = GAME.apply(s, GAME.legal_actions(s)[0])


def test_registered_under_its_id() -> None:
    assert games()["gorka"].id == "gorka"


def _key_by_counting(hand: tuple[int, ...], wild: int) -> tuple[int, int]:
    """hand_key by the plain counting of 003:P17-P26 (per rank and per suit, every rank
    tried), kept as an independent statement of the ranking."""
    w = sum(1 for c in hand if gorka.is_wild(c, wild))
    natural = [c for c in hand if not gorka.is_wild(c, wild)]
    by_rank, by_suit = [0] * 15, [0] * 4
    for c in natural:
        by_rank[RANK_OF[c]] += 1
        by_suit[SUIT_OF[c]] += 1
    total = sum(gorka.points(c) for c in natural) + 11 * w
    four = ACE if w == 4 else max((r for r in range(2, 15) if by_rank[r] + w >= 4), default=0)
    if four:
        return gorka.CHETVERIK, four
    if any(by_suit[s] + w >= 4 for s in range(4)):
        ranks = {RANK_OF[c] for c in natural}
        need = 1 + (ACE not in ranks) + (gorka.KING not in ranks)
        return gorka.KHLYUST, total + (gorka.TOP_KHLYUST if w >= need else 0)
    three = max((r for r in range(2, 15) if by_rank[r] + w >= 3), default=0)
    if three:
        return gorka.TRYNKA, three
    best = 0
    for s in range(4):
        if by_suit[s] + w >= 3:
            vals = [11] * w + sorted(gorka.points(c) for c in natural if SUIT_OF[c] == s)[::-1]
            best = max(best, sum(vals[:3]))
    if best:
        return gorka.THREE_CARDS, best
    return gorka.NOTHING, total


@pytest.mark.parametrize("wild", [NO_WILD, QUEENS, QUEENS_SEVENS, gorka.wild_mask((12, 7), 2)])
def test_ranking_agrees_with_plain_counting_on_every_hand(wild: int) -> None:
    for hand in combinations(DECK_32, 4):
        assert gorka.hand_key(hand, wild) == _key_by_counting(hand, wild), hand


def test_the_agreed_number_of_wild_cards_follows_the_texts_suits() -> None:
    """wild_count (AMB-GORKA-05 h): the first suits in the order of 003:P19.S1, hearts first."""
    assert gorka.wild_mask((12,), 1) == 1 << parse_cards(["QH"])[0]
    assert gorka.wild_mask((12,), 2) == sum(1 << c for c in parse_cards(["QH", "QD"]))
    assert gorka.wild_mask((12,), 4) == QUEENS
    one = gorka.GorkaOptions(wild_count=1).wilds
    assert hand_key(h("9S 9H QH 8C"), one) == (TRYNKA, 9)
    assert hand_key(h("9S 9H QS 8C"), one)[0] == NOTHING


@pytest.mark.parametrize("wild", [QUEENS, QUEENS_SEVENS])
def test_one_wild_card_a_combination_on_every_hand(wild: int) -> None:
    """wild_per_hand=one (AMB-GORKA-11 b): the hand counted with each of its wild cards alone
    wild and the rest natural, the best taken; between the hand with no wild card and with all."""
    for hand in combinations(DECK_32, 4):
        got = gorka.one_wild_key(hand, wild)
        mine = [c for c in hand if gorka.is_wild(c, wild)]
        if len(mine) <= 1:
            assert got == hand_key(hand, wild), hand
            continue
        by_one = max(_key_by_counting(hand, 1 << c) for c in mine)
        assert got == by_one, hand
        assert hand_key(hand, NO_WILD) <= got <= hand_key(hand, wild), hand
    assert gorka.one_wild_key(h("QS QH QD AC"), QUEENS) == (TRYNKA, 12)  # not a четверик
    assert gorka.one_wild_key(h("AS AH QD QC"), QUEENS) == (TRYNKA, ACE)


@pytest.mark.parametrize("seed", range(12))
def test_chosen_stakes_and_no_cap_play_out(seed: int) -> None:
    """overblind=chosen, raise_size=chosen, cap=none (AMB-GORKA-02 c, AMB-GORKA-06 c and d):
    blinds and raises of every size from the least to all the player holds; with no cap the
    deal still ends (each raise costs a chip); the actions and the positions round-trip."""
    n = 2 + seed % 5
    opts = {
        "overblind": "chosen",
        "raise_size": "chosen",
        "cap": "none",
        "go_up": "any" if seed % 2 else "combination",
        "starting_chips": 8,
    }
    s = GAME.setup(Table(n, seed % n, DeckOrder(shuffle(DECK_32, seed)), opts))
    rng = random.Random(seed)
    steps = 0
    while legal := GAME.legal_actions(s):
        assert load_position(position(s)) == s
        for a in legal:
            assert GAME.parse_action(GAME.action_json(a)) == a
        stakes = [a for a in legal if isinstance(a, gorka.Blind | gorka.Raise)]
        if stakes:
            chips = s.ledger.balances[s.turn]
            assert [a.amount for a in stakes] == list(range(stakes[0].amount, chips + 1))
            if isinstance(stakes[0], gorka.Raise):
                assert stakes[0].amount == 1 and s.raises >= 0
        s = GAME.apply(s, rng.choice(legal))
        steps += 1
        assert steps < 500
    assert GAME.outcome(s) is not None and GAME.chips(s) == 8 * n


def test_a_stake_must_be_as_its_reading_says() -> None:
    """Under the set stakes a blind or a raise names no amount; under the chosen ones it names
    one from the least to what the player holds (AMB-GORKA-02 c, AMB-GORKA-06 c)."""
    s = GAME.setup(Table(3, 0, DeckOrder(DECK_32)))
    with pytest.raises(IllegalAction):
        GAME.apply(s, gorka.Blind(1, 2))
    chosen = GAME.setup(Table(3, 0, DeckOrder(DECK_32), {"overblind": "chosen"}))
    assert gorka.Blind(1, 19) in GAME.legal_actions(chosen)
    for bad in (gorka.Blind(1), gorka.Blind(1, 1), gorka.Blind(1, 20)):
        with pytest.raises(IllegalAction):
            GAME.apply(chosen, bad)
    after = GAME.apply(chosen, gorka.Blind(1, 5))
    assert GAME.legal_actions(after)[0] == gorka.Blind(2, 6)  # more than the last blind


def test_joining_a_blind_at_its_stake() -> None:
    """dark_join=same (AMB-GORKA-02 i): a later player joins the last blind at its stake or
    over-blinds; one without the chips to over-blind may still join; under overblind=chosen the
    stakes start at the last blind's; under blind_rounds=until-none nobody joins."""
    table: dict[str, OptionValue] = {"dark_join": "same", "starting_chips": 4, "ante": 1}
    s = GAME.apply(GAME.setup(Table(3, 0, DeckOrder(DECK_32), table)), gorka.Blind(1))
    assert s.ledger.balances[1] == 1  # 4 - ante - the first blind of 2
    # seat 2 holds 3 chips: enough to join at 2, and to over-blind at 3
    assert GAME.legal_actions(s) == (gorka.Blind(2, 2), gorka.Blind(2), Pass(2))
    poorer = GAME.setup(Table(3, 0, DeckOrder(DECK_32), {**table, "blind_stake": 3}))
    poorer = GAME.apply(poorer, gorka.Blind(1))
    assert GAME.legal_actions(poorer) == (gorka.Blind(2, 3), Pass(2))
    for bad in (gorka.Blind(2), gorka.Blind(2, 2)):
        with pytest.raises(IllegalAction):
            GAME.apply(poorer, bad)
    joined = GAME.apply(poorer, gorka.Blind(2, 3))
    assert joined.blind == (1, 2) and joined.ledger.balances[:3] == (3, 0, 0)
    chosen = {"dark_join": "same", "overblind": "chosen"}
    s = GAME.apply(GAME.setup(Table(3, 0, DeckOrder(DECK_32), chosen)), gorka.Blind(1, 5))
    assert GAME.legal_actions(s)[0] == gorka.Blind(2, 5)
    rounds = {"dark_join": "same", "blind_rounds": "until-none"}
    s = GAME.apply(GAME.setup(Table(3, 0, DeckOrder(DECK_32), rounds)), gorka.Blind(1))
    assert GAME.legal_actions(s) == (gorka.Blind(2), Pass(2))


def test_a_wild_card_at_its_own_value() -> None:
    """wild_value=own (AMB-GORKA-05 ae): where points decide a wild card counts as the card it
    is, by points or under strength=high-card by rank; the top хлюст keeps its place."""
    own = gorka.GorkaOptions(wild_value="own")
    assert gorka.table_key(h("QS 9H 8H 7H"), own) == (KHLYUST, 34)
    assert gorka.table_key(h("QC 8D 7D AS"), own) == (THREE_CARDS, 25)
    assert gorka.table_key(h("AH KH QS 7H"), own) == (KHLYUST, 1000 + 11 + 10 + 10 + 7)
    assert gorka.table_key(h("AS AH AD QC"), own) == (CHETVERIK, 14)  # a rank: unchanged
    high = gorka.GorkaOptions(wild_value="own", strength="high-card")
    ace = gorka.GorkaOptions(strength="high-card")
    assert gorka.table_key(h("QS 9H 8H 7H"), high) < gorka.table_key(h("KD 9D 8D 7D"), high)
    assert gorka.table_key(h("QS 9H 8H 7H"), ace) > gorka.table_key(h("KD 9D 8D 7D"), ace)
    sevens = gorka.GorkaOptions(wild_value="own", wild="queens-sevens", numerals="zero")
    assert gorka.table_key(h("7S 9H 8H TH"), sevens) == (KHLYUST, 0)


def test_wild_cards_alone_count_as_themselves() -> None:
    """wild_alone=own (AMB-GORKA-05 af): a hand of wild cards only is the hand its cards make;
    a hand with a natural card is as under the default."""
    own = gorka.GorkaOptions(wild_alone="own")
    assert gorka.table_key(h("QS QH QD QC"), own) == (CHETVERIK, 12)
    assert gorka.table_key(h("QS QH QD QC"), gorka.DEFAULT_OPTIONS) == (CHETVERIK, 14)
    assert gorka.table_key(h("QS QH QD AC"), own) == (CHETVERIK, 14)
    mixed = gorka.GorkaOptions(wild_alone="own", wild="queens-sevens")
    assert gorka.table_key(h("QH QD 7H 7D"), mixed) == (NOTHING, 34)


def test_no_pass_with_a_combination_while_one_may_go_up() -> None:
    """pass_with=no-combination (AMB-GORKA-06 j): a player holding a combination passes only
    when he may not go up (here at the limit); one without passes as ever."""
    hands = [["AS", "AH", "AD", "7C"], ["7S", "8S", "9D", "TD"], ["KC", "QD", "AC", "9C"]]
    used = {c for hand in hands for c in hand}
    stock: list[JSON] = [CARD_NAMES[c] for c in DECK_32 if CARD_NAMES[c] not in used]
    pos: JSONObject = {
        "game": "gorka", "players": 3, "dealer": 2, "phase": "bet", "to_move": 0,
        "options": {"pass_with": "no-combination", "limit": 1},
        "chips": [19, 19, 19], "pot": 3, "stock": stock,
        "hands": [list[JSON](hand) for hand in hands],
        "up": [["AD", "7C"], ["9D", "TD"], ["AC", "9C"]],
    }  # fmt: skip
    s = load_position(pos)
    assert GAME.legal_actions(s) == (gorka.Raise(0),)
    s = GAME.apply(s, gorka.Raise(0))
    assert Pass(1) in GAME.legal_actions(s)  # no combination
    s = GAME.apply(s, Pass(1))
    assert Pass(2) in GAME.legal_actions(s)  # the limit is reached
