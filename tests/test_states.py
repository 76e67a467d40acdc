"""A state's named update (reference/core/states.py) means what NamedTuple's _replace means."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import DeckOrder, Table, games
from reference.core.ledger import Ledger
from reference.core.states import named_updates
from tests.harness import seat_counts


class Plain(NamedTuple):
    phase: str
    turn: int
    hands: tuple[tuple[int, ...], ...]


@named_updates
class Fast(NamedTuple):
    phase: str
    turn: int
    hands: tuple[tuple[int, ...], ...]


@pytest.mark.parametrize("gid", sorted(games()))
def test_every_games_state_has_the_named_update(gid: str) -> None:
    game = games()[gid]
    n = seat_counts(game, {})[0]
    state = game.setup(Table(n, 0, DeckOrder(game.pack)))
    assert vars(type(state))["_replace"].__qualname__ == "_replacer.<locals>._replace"


def test_the_ledger_has_the_named_update() -> None:
    ledger = Ledger(("0", "pot"), (5, 0))
    assert vars(Ledger)["_replace"].__qualname__ == "_replacer.<locals>._replace"
    assert ledger.transfer("0", "pot", 2) == Ledger(("0", "pot"), (3, 2))


@given(
    st.text(max_size=3),
    st.integers(),
    st.dictionaries(st.sampled_from(Plain._fields), st.integers() | st.text(max_size=2)),
)
def test_a_named_update_gives_what_namedtuples_replace_gives(
    phase: str, turn: int, changes: dict[str, object]
) -> None:
    plain, fast = Plain(phase, turn, ((1,),)), Fast(phase, turn, ((1,),))
    expected = plain._replace(**changes)  # type: ignore[arg-type]
    got = fast._replace(**changes)  # type: ignore[arg-type]
    assert type(got) is Fast
    assert tuple(got) == tuple(expected)
    assert tuple(fast) == (phase, turn, ((1,),))  # the state itself is unchanged


def test_an_unknown_field_is_refused_as_namedtuple_refuses_it() -> None:
    with pytest.raises(ValueError, match="unexpected field names: \\['trun'\\]"):
        Fast("play", 0, ())._replace(trun=1)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unexpected field names: \\['trun'\\]"):
        Plain("play", 0, ())._replace(trun=1)  # type: ignore[call-arg]


def test_only_a_namedtuple_class_takes_it() -> None:
    class NotOne(tuple[int, ...]):
        pass

    with pytest.raises(TypeError, match="NotOne is not a NamedTuple class"):
        named_updates(NotOne)
