"""Mechanics shared by the games.

Cards, seats, tricks, covering, ledger, options and the game contract.
"""
