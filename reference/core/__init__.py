"""Mechanics shared by the games: cards, seats, tricks, covering, ledger, options, the game contract."""
