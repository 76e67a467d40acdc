"""The reference adapter with one rule of melniki-b changed, for the fuzzer's tests.

``python wrong_adapter.py MODE`` patches :mod:`reference.games.melniki_b` and then
serves protocol v1 exactly like ``python -m conformance adapter``:

* ``trick-winner``: a trump never takes a trick (the highest card of the suit led does);
* ``follow-suit``: a player holding the suit led may lay a trump instead;
* ``covering``: in the second stage a trump does not beat a card of another suit;
* ``count``: the answer to ``count`` is one too many (the games themselves are right);
* ``spaced``: every answer right, but written with spaces, ASCII escapes and sorted members
  (not byte for byte the reference's lines);
* ``ok``: nothing changed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from conformance import adapter, engine, protocol
from reference.core import covering, tricks
from reference.core.cards import SUIT_OF, Card, RankOrder, Suit
from reference.core.jsontypes import JSON
from reference.games import melniki_b

MODES = ("ok", "trick-winner", "follow-suit", "covering", "count", "spaced")


def trick_winner_no_trumps(cards: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    return tricks.trick_winner(cards, None, order)


def playable_trump_anytime(
    hand: Sequence[Card], led: Suit | None, trump: Suit | None, must_trump: bool
) -> tuple[Card, ...]:
    allowed = tricks.playable(hand, led, trump, must_trump)
    extra = tuple(c for c in hand if SUIT_OF[c] == trump and c not in allowed)
    return allowed + extra


def covers_without_trumps(
    attack: Card, defence: Card, trump: Suit | None, order: RankOrder
) -> bool:
    return covering.covers(attack, defence, None, order)


def covering_cards_without_trumps(
    attack: Card, hand: Sequence[Card], trump: Suit | None, order: RankOrder
) -> tuple[Card, ...]:
    return tuple(c for c in hand if covers_without_trumps(attack, c, trump, order))


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
    assert mode in MODES, mode
    if mode == "trick-winner":
        setattr(melniki_b, "trick_winner", trick_winner_no_trumps)  # noqa: B010
    elif mode == "follow-suit":
        setattr(melniki_b, "playable", playable_trump_anytime)  # noqa: B010
    elif mode == "covering":
        setattr(melniki_b, "covers", covers_without_trumps)  # noqa: B010
        setattr(melniki_b, "covering_cards", covering_cards_without_trumps)  # noqa: B010
    elif mode == "count":
        right = engine.count

        def one_too_many(game_id: str, setup: Mapping[str, JSON], depth: int) -> int:
            return right(game_id, setup, depth) + 1

        setattr(engine, "count", one_too_many)  # noqa: B010
    elif mode == "spaced":

        def spaced(message: Mapping[str, JSON]) -> bytes:
            return (json.dumps(message, sort_keys=True) + "\n").encode("ascii")

        setattr(protocol, "encode", spaced)  # noqa: B010
    return adapter.main()


if __name__ == "__main__":
    sys.exit(main())
