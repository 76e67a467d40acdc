"""Errors the model raises."""

from __future__ import annotations


class IllegalAction(Exception):  # noqa: N818 - the name the design contract gives it
    """An action the rules forbid. The state it was tried on is unchanged.

    ``rule_id`` names the rule broken (``melniki-b/follow-suit``); ``message``
    says why, for a person.
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message


class SetupError(ValueError):
    """A table the game cannot be set up from: wrong seat count, bad deal, unknown option.

    ``rule_id`` names the rule that refuses it, where one does (``melniki-b/players``).
    """

    def __init__(self, message: str, rule_id: str | None = None) -> None:
        super().__init__(message if rule_id is None else f"{rule_id}: {message}")
        self.rule_id = rule_id


class FormatError(ValueError):
    """JSON that is not an action, deal or position of the game; says what and where."""
