"""The base мушка's and mistigri's readings that change play: trumping while holding the suit
(AMB-MUSHKA-60), rule 9 on the ruff (AMB-MUSHKA-61), four and the ace of spades
(AMB-MUSHKA-62), the turned card bought first (AMB-MUSHKA-04/e) and the tie of two мушки of one
suit (AMB-MUSHKAMISTIGRI-04/g)."""

from __future__ import annotations

from reference import DeckOrder, Table
from reference.core.cards import DECK_52, parse_card
from reference.games import mushka

C = parse_card
HEARTS = 1


def cards(*names: str) -> tuple[int, ...]:
    return tuple(C(x) for x in names)


def choices(
    table: tuple[int, ...], hand: tuple[int, ...], **options: bool | int | str
) -> tuple[int, ...]:
    opts = mushka.MushkaOptions.of("mushka", mushka.OPTIONS_BASE, options)
    return mushka.follow_choices(mushka.MUSHKA, opts, HEARTS, table, hand, must_beat=opts.must_beat)


def test_a_player_holding_the_suit_may_beat_it_with_a_trump_under_either() -> None:
    hand = cards("7D", "4H", "2C")
    assert choices(cards("5D"), hand) == cards("7D")
    assert choices(cards("5D"), hand, follow_or_trump="either") == cards("7D", "4H")
    # a trump that would not take the trick is no "бить": only the suit then
    assert choices(cards("5D", "9H"), hand, follow_or_trump="either") == cards("7D")
    # the duty to beat in the suit stands beside the trump
    hand = cards("3D", "KD", "4H")
    assert choices(cards("5D"), hand, follow_or_trump="either") == cards("KD", "4H")
    # the ace of spades of another suit is no trump for it
    assert choices(cards("5D"), cards("7D", "AS"), follow_or_trump="either") == cards("7D")
    # a trump lead is followed in trumps as before
    assert choices(cards("5H"), cards("7H", "2C"), follow_or_trump="either") == cards("7H")


def test_rule_9_binds_the_ruff_under_king_ruff_must() -> None:
    hand = cards("KH", "4H", "2C")
    assert choices(cards("5D"), hand) == cards("KH", "4H")
    assert choices(cards("5D"), hand, king_ruff="must") == cards("KH")
    # even when the king cannot take the trick
    assert choices(cards("5D", "AH"), hand, king_ruff="must") == cards("KH")
    # following a trump lead is not "козырять": the duty to beat decides
    assert choices(cards("5H"), hand, king_ruff="must") == cards("KH")
    assert choices(cards("QH"), cards("KH", "AH"), king_ruff="must") == cards("KH", "AH")
    # trumping instead of following, under follow_or_trump=either, is with the king too
    both = {"king_ruff": "must", "follow_or_trump": "either"}
    assert choices(cards("5D"), cards("7D", "KH", "4H"), **both) == cards("7D", "KH")


def test_four_of_a_suit_and_the_ace_of_spades() -> None:
    assert mushka._ace_flush(cards("AS", "2H", "3H", "4H", "5H")) == cards(
        "AH", "2H", "3H", "4H", "5H"
    )
    assert mushka._ace_flush(cards("AS", "2H", "3H", "4H", "5D")) == ()
    assert mushka._ace_flush(cards("KS", "2H", "3H", "4H", "5H")) == ()


def test_the_turned_card_on_top_of_the_stock_is_bought_first() -> None:
    table = Table(4, 0, DeckOrder(DECK_52), {"trump_card": "top-of-stock"})
    s = mushka.GAME.setup(table)
    default = mushka.GAME.setup(Table(4, 0, DeckOrder(DECK_52)))
    assert s.up == () and s.stock == default.up + default.stock
    assert s.trump_card == default.trump_card and s.trump == default.trump


def test_equal_flushes_of_one_suit_by_the_highest_card() -> None:
    hands = (
        cards("2S", "3S", "4D", "5C", "6D"),
        cards("QH", "8H", "7H", "6H", "4H"),
        cards("KH", "TH", "9H", "2H", "3H"),
        cards("7D", "8D", "9D", "TC", "JC"),
    )
    game = mushka.GAME_MISTIGRI
    s = game.setup(Table(4, 0, DeckOrder(DECK_52)))._replace(hands=hands)
    assert mushka.flush_points(hands[1], mushka.MISTIGRI) == 29
    assert mushka.flush_points(hands[2], mushka.MISTIGRI) == 29
    assert not mushka._higher_cards(s, 2, 1)
    table = Table(4, 0, DeckOrder(DECK_52), {"flush_tie": "high-card"})
    high = game.setup(table)._replace(hands=hands)
    assert mushka._higher_cards(high, 2, 1) and not mushka._higher_cards(high, 1, 2)
