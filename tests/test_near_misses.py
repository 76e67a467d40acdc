"""An action one field away from a legal one is refused unless it is listed.

``apply`` must accept exactly what ``legal_actions`` lists. The stateful test tries random
illegal actions; this one tries, at every position of seeded random games of every game,
under the defaults and under each non-default reading, the actions nearest to each legal
one (:mod:`conformance.nearmiss`, the near misses ``koloda fuzz`` sends): each field
replaced by every card of the pack (a card), by the list with one card replaced or dropped
(a list of cards), by the value plus or minus one or two and by every seat (an integer), by
its negation (a flag) and by every value the field takes in another listed action, and the
kind replaced by every other kind. Each such action the game can parse must be refused with
:class:`IllegalAction` unless ``legal_actions`` lists it.

A check inside ``apply`` that differs from the one ``legal_actions`` makes (a card of the
right rank but not the one bound to the move, a store's top compared with the card below)
shows up here as an action accepted that is not listed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from conformance import nearmiss
from reference import DeckOrder, FormatError, IllegalAction, SetupError, Table, games, shuffle
from reference.core.game import AnyGame
from reference.core.options import OptionValue
from tests.harness import seat_counts

GAMES = 2
STEPS = 100


def readings(game: AnyGame) -> Iterator[dict[str, OptionValue]]:
    """The defaults, then each listed non-default value of each option alone."""
    yield {}
    for name, spec in sorted(game.options.items()):
        for value in spec.values:
            if value != spec.default:
                yield {name: value}


@pytest.mark.parametrize("game_id", sorted(games()))
def test_an_action_one_field_from_a_legal_one_is_refused_unless_listed(game_id: str) -> None:
    game = games()[game_id]
    cards = nearmiss.card_names(game.pack)
    kinds = game.kinds
    tried = 0
    for options in readings(game):
        rng = random.Random(f"{game_id} {sorted(options.items())}")
        for _ in range(GAMES):
            n = rng.choice(seat_counts(game, options))  # the seat counts this reading allows
            deal = DeckOrder(shuffle(game.pack, rng.getrandbits(64)))
            try:
                s = game.setup(Table(n, rng.randrange(n), deal, options))
            except SetupError:
                continue  # a seat count this reading does not allow
            for _ in range(STEPS):
                legal = game.legal_actions(s)
                if not legal:
                    break
                listed = [game.action_json(a) for a in legal]
                checked: set[str] = set()
                for obj in nearmiss.every(listed, cards, range(n), kinds):
                    try:
                        a = game.parse_action(obj)
                    except FormatError:
                        continue  # not an action of this game
                    written = game.action_json(a)
                    if written in listed or repr(written) in checked:
                        continue
                    checked.add(repr(written))
                    tried += 1
                    try:
                        game.apply(s, a)
                    except IllegalAction:
                        continue
                    pytest.fail(
                        f"{game_id} {options or 'defaults'}: {written} is accepted but "
                        f"legal_actions lists only {listed}"
                    )
                s = game.apply(s, legal[rng.randrange(len(legal))])
    assert tried, "no near miss was tried: the test tries nothing"
