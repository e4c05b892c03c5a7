"""Errors raised by the rules engines (rules-api.md)."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules raise."""


class CardNotationError(RulesError):
    """Card notation that cannot be read; the message names the bad token."""


class BadArgumentError(RulesError):
    """A wrong type or value given to a rules function (a seat out of range, hands that break
    the pack, something that is not an action); the message names the argument and the value."""


class IllegalActionError(RulesError):
    """An action the rules refuse; the state is left exactly as it was.

    The message (English) names the action, the player and the reason, e.g.
    ``"seat 1 cannot play 'KS KH': it does not beat the pair of 9s"``. ``reason`` is a stable
    short code (``"does_not_beat"``, ``"must_follow_suit"`` …) that the app turns into a
    localized sentence with the locale key ``reason.<code>``, filling ``{placeholders}`` from
    ``details`` (plain values: card notation strings, rank characters, numbers). Each engine
    lists its codes in its module docstring.
    """

    def __init__(self, message: str, *, reason: str = "illegal", **details: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details
