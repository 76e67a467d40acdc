"""A chip ledger: every movement of money between accounts, total conserved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from reference.core.states import named_updates


@named_updates
class Ledger(NamedTuple):
    """Balances of named accounts (seats, a pot, layout cards).

    Money is never created or destroyed by a transfer, so ``total`` is
    constant for the life of a game. (A named tuple: a new ledger is built at every
    movement of chips, and a tuple is the cheapest immutable value to build.)
    """

    accounts: tuple[str, ...]
    balances: tuple[int, ...]

    @property
    def total(self) -> int:
        """The sum of all balances."""
        return sum(self.balances)

    def balance(self, account: str) -> int:
        """The balance of one account."""
        return self.balances[self.accounts.index(account)]

    def transfer(self, source: str, target: str, amount: int) -> Ledger:
        """Move ``amount`` from ``source`` to ``target``.

        pre: len(self.accounts) == len(self.balances) <= 8
        pre: source in self.accounts and target in self.accounts
        pre: amount >= 0
        post: __return__.total == self.total
        post: __return__.accounts == self.accounts
        post: source == target or __return__.balance(target) == self.balance(target) + amount
        """
        if amount < 0:
            raise ValueError(f"a transfer moves a non-negative amount, not {amount}")
        i, j = self.accounts.index(source), self.accounts.index(target)
        balances = list(self.balances)
        balances[i] -= amount
        balances[j] += amount
        return self._replace(balances=tuple(balances))

    def transfers(self, moves: Sequence[tuple[str, str, int]]) -> Ledger:
        """Make each ``(source, target, amount)`` of ``moves``, as :meth:`transfer` would one
        after another, in one new ledger: each account ends changed by what it received less
        what it paid. A negative amount raises ``ValueError`` (and this ledger stays as it was).

        The size bounds below are the analysis's, as for :meth:`transfer`.

        pre: len(self.accounts) == len(self.balances) <= 8 and len(moves) <= 3
        pre: all(s in self.accounts and t in self.accounts and a >= 0 for s, t, a in moves)
        post: __return__.total == self.total
        post: __return__.accounts == self.accounts
        post: all(__return__.balance(x) - self.balance(x) == net(moves, x) for x in self.accounts)
        """
        accounts = self.accounts
        balances = list(self.balances)
        for source, target, amount in moves:
            if amount < 0:
                raise ValueError(f"a transfer moves a non-negative amount, not {amount}")
            balances[accounts.index(source)] -= amount
            balances[accounts.index(target)] += amount
        return self._replace(balances=tuple(balances))

    def transfers_by_place(self, moves: Sequence[tuple[int, int, int]]) -> Ledger:
        """:meth:`transfers`, each account named by its place in ``accounts``: a game that
        keeps its accounts in a fixed order finds them without a search by name. (That it
        moves what :meth:`transfers` moves is a property test of the ledger.)

        pre: len(self.accounts) == len(self.balances) <= 8 and len(moves) <= 3
        pre: all(0 <= s < len(self.accounts) and 0 <= t < len(self.accounts) for s, t, _ in moves)
        pre: all(a >= 0 for _, _, a in moves)
        post: __return__.total == self.total
        post: __return__.accounts == self.accounts
        """
        balances = list(self.balances)
        for source, target, amount in moves:
            if amount < 0:
                raise ValueError(f"a transfer moves a non-negative amount, not {amount}")
            balances[source] -= amount
            balances[target] += amount
        return self._replace(balances=tuple(balances))


def net(moves: Sequence[tuple[str, str, int]], account: str) -> int:
    """What ``account`` receives less what it pays in ``moves``."""
    return sum(a for _, t, a in moves if t == account) - sum(a for s, _, a in moves if s == account)


def open_ledger(accounts: tuple[str, ...], balances: tuple[int, ...]) -> Ledger:
    """A ledger with opening balances, one per account."""
    if len(accounts) != len(balances) or len(set(accounts)) != len(accounts):
        raise ValueError("a ledger needs one opening balance per account and unique account names")
    return Ledger(accounts, balances)
