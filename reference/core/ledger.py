"""A chip ledger: every movement of money between accounts, total conserved."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ledger:
    """Balances of named accounts (seats, a pot, layout cards).

    Money is never created or destroyed by a transfer, so ``total`` is
    constant for the life of a game.
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
        return Ledger(self.accounts, tuple(balances))


def open_ledger(accounts: tuple[str, ...], balances: tuple[int, ...]) -> Ledger:
    """A ledger with opening balances, one per account."""
    if len(accounts) != len(balances) or len(set(accounts)) != len(accounts):
        raise ValueError("a ledger needs one opening balance per account and unique account names")
    return Ledger(accounts, balances)
