"""Seats and neighbours.

Seats are numbered from 0 to the left (clockwise) of seat 0, so ``seat + 1``
(mod the number of players) is a player's left-hand neighbour, the one play
passes to.
"""

from __future__ import annotations

from collections.abc import Sequence

Seat = int


def left(seat: Seat, players: int) -> Seat:
    """The left-hand neighbour: the next seat clockwise.

    pre: 1 <= players <= 16
    pre: 0 <= seat < players
    post: 0 <= __return__ < players
    post: (__return__ - seat) % players == 1 % players
    """
    return (seat + 1) % players


def right(seat: Seat, players: int) -> Seat:
    """The right-hand neighbour.

    pre: 1 <= players <= 16
    pre: 0 <= seat < players
    post: left(__return__, players) == seat
    """
    return (seat - 1) % players


def next_holding(seat: Seat, counts: Sequence[int]) -> Seat | None:
    """The first seat to the left of ``seat`` (not ``seat`` itself) whose count is above zero.

    pre: 1 <= len(counts) <= 16
    pre: 0 <= seat < len(counts)
    post: __return__ is None or (__return__ != seat and counts[__return__] > 0)
    """
    n = len(counts)
    for step in range(1, n):
        s = (seat + step) % n
        if counts[s] > 0:
            return s
    return None
