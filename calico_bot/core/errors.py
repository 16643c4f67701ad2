"""Errors shared by every game plug-in.

A refused action raises :class:`RuleViolation`. It carries a stable ``code`` (for tests and
translations), keyword ``params`` and a readable English ``message``; services translate the code
for the user's locale and fall back to the message.
"""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """An action the rules do not allow. Raising it must leave the game state untouched."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message names the offending entry."""


def check_version(expected: int | None, actual: int) -> None:
    """Refuse an action made on an older position of the game (``expected`` None: no check)."""
    if expected is not None and expected != actual:
        raise RuleViolation("stale", "That move was made on an older position of the game; "
                            "look at the latest state and try again.", expected=expected, actual=actual)
