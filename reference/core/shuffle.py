"""The one source of randomness: a seeded, reproducible shuffle.

Any implementation can reproduce a shuffled deck from its seed:

1. **PRNG: SplitMix64.** The state is an unsigned 64-bit integer, first the
   seed (``0 <= seed < 2**64``). Each draw adds ``0x9E3779B97F4A7C15`` to the
   state (mod ``2**64``) and returns ``z`` computed from the new state as::

       z = state
       z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9  mod 2**64
       z = (z ^ (z >> 27)) * 0x94D049BB133111EB  mod 2**64
       z =  z ^ (z >> 31)

2. **Bounded draw without bias.** ``below(n)`` for ``n >= 1`` draws ``x``
   until ``x < 2**64 - (2**64 mod n)`` and returns ``x mod n``.

3. **Fisher–Yates.** For ``i`` from ``len(deck) - 1`` down to ``1``:
   ``j = below(i + 1)``, then swap ``deck[i]`` and ``deck[j]``.

The deck shuffled is the game's pack in canonical order (suits S H D C, ranks
low to high), and the result is read top card first. Test vectors are in
``tests/test_shuffle.py`` and in the docs.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Final, NamedTuple, TypeVar

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(new_state, output)``, both below ``2**64``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """An unbiased draw in ``range(n)``: ``(new_state, value)``."""
    if n < 1:
        raise ValueError("below(n) needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = splitmix64(state)
        if x < limit:
            return state, x % n


#: ``2**64 - (2**64 mod n)`` for ``n`` below 128: where :func:`below` starts to redraw.
_LIMITS: Final = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(128))

#: The most draws :func:`shuffle` computes side by side: a deck of up to 127 cards, whose
#: every bound ``n`` is below 128.
_MOST_LANES: Final = 126


class _Lanes(NamedTuple):
    """Constants for computing ``m`` SplitMix64 draws at once, draw ``k`` (from 0) in bits
    ``128 k`` to ``128 k + 63`` of one integer, with 64 bits of room above each."""

    ones: int  #: 1 in every lane
    steps: int  #: ``(k + 1) * GOLDEN`` in lane ``k``: the state of draw ``k`` less the seed
    low: int  #: ``2**64 - 1`` in every lane: reduces each lane mod ``2**64``
    near: int  #: 128 in every lane: a lane's draw plus this reaches bit 64 from ``2**64 - 128``
    carry: int  #: bit 64 of every lane
    words: struct.Struct  #: the lanes' bytes read as ``2 m`` little-endian 64-bit words


def _lanes(m: int) -> _Lanes:
    ones = int.from_bytes((1).to_bytes(16, "little") * m, "little")
    ramp = int.from_bytes(b"".join((k + 1).to_bytes(16, "little") for k in range(m)), "little")
    low = int.from_bytes(((1 << 64) - 1).to_bytes(16, "little") * m, "little")
    return _Lanes(ones, ramp * GOLDEN, low, ones << 7, ones << 64, struct.Struct(f"<{2 * m}Q"))


#: :class:`_Lanes` for ``m`` draws, from 1 to :data:`_MOST_LANES` (index 0 is unused).
_LANE_TABLE: Final = tuple(_lanes(max(m, 1)) for m in range(_MOST_LANES + 1))


def shuffle(deck: Sequence[T], seed: int) -> tuple[T, ...]:
    """The deck shuffled by the documented SplitMix64 Fisher–Yates from ``seed``.

    A shuffle of ``len(deck)`` cards makes ``m = len(deck) - 1`` draws unless one is
    redrawn. The states of those draws are ``seed + (k + 1) * GOLDEN`` for ``k`` from 0, so
    for a deck of up to 127 cards all ``m`` outputs are computed at once, each in a 128-bit
    lane of one integer (Python's integer arithmetic does the lanes' work in C). A bound ``n``
    below 128 redraws only an output of ``2**64 - 128`` or more; if any output is that large,
    or the deck is larger, the draws are made one by one (:func:`_one_by_one`). Both give what
    :func:`below` over :func:`splitmix64` gives, step for step (tests/test_shuffle.py)."""
    if not 0 <= seed <= MASK64:
        raise ValueError(f"a seed is an integer from 0 to 2**64-1, not {seed}")
    cards = list(deck)
    m = len(cards) - 1
    if not 0 < m <= _MOST_LANES:
        return _one_by_one(cards, seed)
    ones, steps, low, near, carry, words = _LANE_TABLE[m]
    z = (seed * ones + steps) & low
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    z = (z ^ (z >> 31)) & low
    if (z + near) & carry:
        return _one_by_one(cards, seed)
    i = m
    for x in words.unpack(z.to_bytes(16 * m, "little"))[::2]:
        j = x % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
    return tuple(cards)


def _one_by_one(cards: list[T], seed: int) -> tuple[T, ...]:
    """Fisher–Yates over ``cards`` in place, the steps of :func:`below` over
    :func:`splitmix64` written out in one loop (the calls cost more than the arithmetic)."""
    state = seed
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < 128 else (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
