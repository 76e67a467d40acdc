"""mushka-kopilka: rules tested by name, the partie of four deals, the position notation."""

from __future__ import annotations

import random

import pytest

from reference import Dealt, DeckOrder, FormatError, IllegalAction, SetupError, Table, games
from reference.core.actions import Buy, Pass, Play
from reference.core.cards import DECK_32, parse_card, parse_cards
from reference.core.shuffle import shuffle
from reference.games import MUSHKA_KOPILKA as GAME
from reference.games.kopilka import (
    OPTIONS,
    Discard,
    KopilkaState,
    banned_suit,
    between_players,
    blocked,
    covered_trick,
    deal_hands,
    later_decks,
    load_position,
    position,
    pot_payouts,
    stalled,
    trick_value,
)

C = parse_card


def test_four_players_only() -> None:
    for n in (3, 5):
        with pytest.raises(SetupError) as e:
            GAME.setup(Table(n, 0, DeckOrder(DECK_32)))
        assert e.value.rule_id == "mushka-kopilka/players"


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match=r"unknown option 'trumps'.*winner_lead"):
        GAME.setup(Table(4, 0, DeckOrder(DECK_32), {"trumps": 1}))


def test_deal_one_at_a_time_from_the_dealers_left() -> None:
    hands, stock = deal_hands(2, DECK_32)
    assert hands[3] == DECK_32[0:20:4] and hands[2] == DECK_32[3:20:4]
    assert stock == DECK_32[20:]


def test_later_deals_are_the_first_order_reshuffled_with_seeds_1_2_3() -> None:
    order = shuffle(DECK_32, 99)
    assert later_decks(order) == tuple(shuffle(order, k) for k in (1, 2, 3))
    s = GAME.setup(Table(4, 0, DeckOrder(order)))
    assert s.decks == later_decks(order)


def test_dealt_hands_are_read_as_one_pack() -> None:
    hands = tuple(DECK_32[5 * i : 5 * i + 5] for i in range(4))
    # each hand here is five of one suit or a mix; any is allowed: the exchange runs at once
    s = GAME.setup(Table(4, 0, Dealt(hands, DECK_32[20:]), {"exchange": "keep"}))
    assert s.decks == later_decks(DECK_32)


def test_covered_trick() -> None:
    assert covered_trick(parse_cards(["7D", "QD", "9D"])) == (1, False)
    assert covered_trick(parse_cards(["7D", "AS", "AD"])) == (1, True)
    assert covered_trick(parse_cards(["AS", "KS"])) == (0, False)  # a led ace is no cover
    assert covered_trick(parse_cards(["8S", "KS", "AS"])) == (2, True)


def test_values_and_payouts() -> None:
    values = (1, 4, 3, 2)  # S H D C
    assert trick_value(1, values) == 4 and trick_value(1 + 4, values) == 8
    assert pot_payouts((5, 9, 0, 2), 100, False) == (5, 9, 0, 2)
    assert pot_payouts((16, 12, 0, 2), 14, False) == (14, 0, 0, 0)
    assert pot_payouts((16, 12, 0, 2), 14, True) == (7, 5, 0, 0)
    assert between_players((5, 9, 0, 2)) == (4, 20, -16, -8)


def test_blocked_needs_an_empty_stock_and_no_shared_suit() -> None:
    hands = tuple(parse_cards(h.split()) for h in ("8S", "7H", "7D 8D", "7C 8C"))
    assert blocked(hands, True) and not blocked(hands, False)
    with_ace = tuple(parse_cards(h.split()) for h in ("8H", "7H AS", "7D", "7C"))
    assert not blocked(with_ace, True)


def _play_out(seed: int, options: dict[str, bool | int | str]) -> KopilkaState:
    # A fixed choice rule can pass round and round for ever (every player may pass), so the
    # walk chooses at random, seeded: a partie ends with probability 1.
    rng = random.Random(seed)
    s = GAME.setup(Table(4, seed % 4, DeckOrder(shuffle(DECK_32, seed)), options))
    steps = 0
    while GAME.legal_actions(s):
        assert load_position(position(s)) == s
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, rng.choice(legal))
        steps += 1
        assert steps < 5000
    return s


@pytest.mark.parametrize("seed", range(20))
def test_a_partie_is_four_deals_and_money_is_conserved(seed: int) -> None:
    s = _play_out(seed, {})
    assert len(s.first_out) == 4 and s.deal_no == 4
    assert s.ledger.total == 0 and sorted(GAME.cards(s)) == sorted(DECK_32)
    out = GAME.outcome(s)
    assert out is not None and out.scores == tuple(s.ledger.balances[:4])


@pytest.mark.parametrize("seed", range(10))
def test_every_option_value_plays_to_the_end(seed: int) -> None:
    options: dict[str, bool | int | str] = {
        name: spec.values[seed % len(spec.values)] for name, spec in OPTIONS.items() if spec.values
    }
    s = _play_out(seed, options)
    assert GAME.outcome(s) is not None


def test_refusals_leave_the_state_unchanged() -> None:
    s = GAME.setup(Table(4, 0, DeckOrder(shuffle(DECK_32, 3)), {"exchange": "keep"}))
    before = position(s)
    for bad in (Buy(s.turn), Pass(s.turn), Discard(s.turn, s.hands[s.turn][0])):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.rule_id == "core/wrong-action"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, Play((s.turn + 1) % 4, C("7S")))
    assert e.value.rule_id == "core/out-of-turn"
    assert position(s) == before


def test_a_position_missing_a_card_names_the_card() -> None:
    pos = position(GAME.setup(Table(4, 0, DeckOrder(DECK_32), {"exchange": "keep"})))
    pos["won"] = []
    hands = pos["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    hands[0] = hands[0][1:]
    with pytest.raises(FormatError, match="missing"):
        load_position(pos)


def test_registered_under_its_id() -> None:
    assert games()["mushka-kopilka"].id == "mushka-kopilka"


def _pass_whenever_possible(options: dict[str, str], seed: int) -> int | None:
    """Decisions until the partie is settled when every player passes whenever he may (a
    buy only when nothing else is legal); None if not in 5000."""
    s = GAME.setup(Table(4, 0, DeckOrder(shuffle(DECK_32, seed)), options))
    for k in range(5000):
        legal = GAME.legal_actions(s)
        if not legal:
            return k
        passes = [a for a in legal if isinstance(a, Pass)]
        s = GAME.apply(s, passes[0] if passes else legal[0])
    return None


@pytest.mark.parametrize("seed", range(12))
def test_players_who_always_pass_still_end_the_partie(seed: int) -> None:
    """Passing is always allowed to a void player (and, fined, to a holder): stall_end=blocked
    (AMB-MUSHKAKOPILKA-15) ends a deal after four leads passed by all with nothing bought. The
    literal reading (stall_end=none) lets the players go round for ever."""
    for pass_with_suit in ("fined", "found-out", "refused"):
        assert _pass_whenever_possible({"pass_with_suit": pass_with_suit}, seed) is not None
    assert _pass_whenever_possible({"stall_end": "none"}, seed) is None


def test_found_out_fines_are_owed_unseen_and_paid_when_the_deal_ends() -> None:
    """AMB-MUSHKAKOPILKA-02 (found-out): the money of the partie is that of pass_with_suit=fined;
    only when the fine is paid differs, and the position carries what is owed."""
    owed_at_all = False
    for seed in range(6):
        finals = []
        for value in ("fined", "found-out"):
            s = GAME.setup(
                Table(4, 0, DeckOrder(shuffle(DECK_32, seed)), {"pass_with_suit": value})
            )
            owed_seen = False
            while GAME.legal_actions(s):
                passes = [a for a in GAME.legal_actions(s) if isinstance(a, Pass)]
                s = GAME.apply(s, passes[0] if passes else GAME.legal_actions(s)[0])
                owed_seen = owed_seen or any(s.owed)
                assert load_position(position(s)) == s
            assert not (owed_seen and value == "fined")
            owed_at_all = owed_at_all or owed_seen
            assert not any(s.owed)
            finals.append(s.ledger)
        assert finals[0] == finals[1]
    assert owed_at_all
    pos = position(GAME.setup(Table(4, 0, DeckOrder(DECK_32))))
    pos["owed"] = [0, 2, 0, 0]
    with pytest.raises(FormatError, match="owed"):
        load_position(pos)


def test_stalled_and_banned_suit() -> None:
    assert stalled(4, True) and not stalled(3, True) and not stalled(4, False)
    assert banned_suit(1, C("AS"), False) == 1 and banned_suit(1, C("AS"), True) == 0
    assert banned_suit(2, C("KD"), True) == 2


def test_two_cards_bought_survive_the_position() -> None:
    """AMB-MUSHKAKOPILKA-03 (buy=two): the count of cards bought this turn is carried as
    ``buys`` once it passes one, and a third buy is not offered."""
    s = GAME.setup(Table(4, 0, DeckOrder(shuffle(DECK_32, 0)), {"buy": "two"}))
    seen = False
    for _ in range(2000):
        legal = GAME.legal_actions(s)
        if not legal:
            break
        buys = [a for a in legal if isinstance(a, Buy)]
        assert not (buys and s.bought >= 2)
        s = GAME.apply(s, buys[0] if buys else legal[0])
        seen = seen or s.bought == 2
        assert load_position(position(s)) == s
        assert ("buys" in position(s)) == (s.bought > 1)
    assert seen
    pos = position(GAME.setup(Table(4, 0, DeckOrder(DECK_32))))
    for bad in ({"buys": 1, "bought": True}, {"buys": 2, "bought": False}):
        with pytest.raises(FormatError, match="buys"):
            load_position({**pos, **bad})
