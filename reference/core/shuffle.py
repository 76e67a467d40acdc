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

from collections.abc import Sequence
from typing import Final, TypeVar

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


def shuffle(deck: Sequence[T], seed: int) -> tuple[T, ...]:
    """The deck shuffled by the documented SplitMix64 Fisher–Yates from ``seed``.

    The same steps as :func:`below` over :func:`splitmix64`, written out in one loop (the
    games shuffle once per deal, and the calls cost more than the arithmetic)."""
    if not 0 <= seed <= MASK64:
        raise ValueError(f"a seed is an integer from 0 to 2**64-1, not {seed}")
    cards = list(deck)
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
