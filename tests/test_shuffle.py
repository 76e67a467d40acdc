"""The seeded shuffle is reproducible: SplitMix64 and Fisher–Yates as documented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.core.cards import DECK_32, DECK_36, DECK_52, card_name
from reference.core.shuffle import GOLDEN, MASK64, _one_by_one, below, shuffle, splitmix64

VECTORS = json.loads(
    (Path(__file__).parent.parent / "conformance" / "shuffle_vectors.json").read_text()
)
PACKS = {32: DECK_32, 36: DECK_36, 52: DECK_52}


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # The first two outputs of SplitMix64 seeded with 0, as published with the algorithm.
    state, first = splitmix64(0)
    _, second = splitmix64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)
    assert [hex(first), hex(second)] == VECTORS["splitmix64_seed0_outputs"]


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: f"{v['pack']}-{v['seed']}")
def test_shuffle_reproduces_the_published_vectors(vector: dict[str, object]) -> None:
    seed, pack = vector["seed"], vector["pack"]
    assert isinstance(seed, int) and isinstance(pack, int)
    assert [card_name(c) for c in shuffle(PACKS[pack], seed)] == vector["deck"]


def test_shuffle_is_a_permutation_and_pure() -> None:
    deck = DECK_52
    for seed in range(50):
        out = shuffle(deck, seed)
        assert sorted(out) == sorted(deck)
        assert shuffle(deck, seed) == out
    assert shuffle(deck, 1) != shuffle(deck, 2)


def test_below_is_in_range_and_rejects_bad_bounds() -> None:
    state = 7
    for n in (1, 2, 3, 36, 52, 2**63 + 5):
        state, x = below(state, n)
        assert 0 <= x < n
    with pytest.raises(ValueError):
        below(0, 0)


def test_seed_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        shuffle(DECK_36, -1)
    with pytest.raises(ValueError, match="seed"):
        shuffle(DECK_36, MASK64 + 1)


def _by_the_steps(deck: tuple[int, ...], seed: int) -> tuple[int, ...]:
    """Fisher–Yates spelled out with :func:`below`, as the module docstring describes it."""
    cards, state = list(deck), seed
    for i in range(len(cards) - 1, 0, -1):
        state, j = below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


@given(st.integers(0, 2**64 - 1), st.sampled_from([0, 1, 2, 32, 36, 52, 104, 127, 128, 200]))
def test_the_written_out_loop_is_the_documented_steps(seed: int, size: int) -> None:
    deck = tuple(range(size))
    assert shuffle(deck, seed) == _by_the_steps(deck, seed)
    assert _one_by_one(list(deck), seed) == _by_the_steps(deck, seed)


@given(st.integers(0, 2**64 - 1), st.integers(0, 130))
def test_the_draws_made_side_by_side_are_the_documented_steps(seed: int, size: int) -> None:
    # Every deck size either side of the largest computed in lanes (127 cards).
    deck = tuple(range(size))
    assert shuffle(deck, seed) == _by_the_steps(deck, seed)


#: Seeds whose first draw for a 52-card pack sits at the redraw bound 2**64 - (2**64 mod 52)
#: = 2**64 - 16: the first is the lowest value redrawn, the second (2**64 - 20) is kept. The
#: michigan-900 and michigan-901 scenarios deal from them.
REDRAWN, KEPT = 9221024062816390653, 5977129990079584137


def test_the_redraw_bound_is_met_exactly_by_the_seeds_of_the_suite() -> None:
    assert splitmix64(REDRAWN)[1] == 2**64 - 16
    assert splitmix64(KEPT)[1] == 2**64 - 20
    state, _ = splitmix64(REDRAWN)
    assert below(REDRAWN, 52) == (splitmix64(state)[0], splitmix64(state)[1] % 52)
    assert below(KEPT, 52) == (splitmix64(KEPT)[0], (2**64 - 20) % 52)
    for seed in (REDRAWN, KEPT):
        assert shuffle(DECK_52, seed) == _by_the_steps(DECK_52, seed)


def test_a_draw_near_the_bound_in_any_lane_is_made_one_by_one() -> None:
    # REDRAWN's first output is 2**64 - 16. As the k-th draw of a larger deck the same output
    # comes from the seed REDRAWN - k * GOLDEN; for every deck size and every place in it
    # the shuffle must still redraw it, exactly as the documented steps do.
    for size in (3, 33, 52, 104, 127):
        for k in (0, 1, size // 2, size - 2):
            seed = (REDRAWN - k * GOLDEN) & MASK64
            deck = tuple(range(size))
            assert shuffle(deck, seed) == _by_the_steps(deck, seed), (size, k)
