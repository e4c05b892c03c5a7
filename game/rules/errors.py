"""Errors raised by the rules engines (rules-api.md)."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules raise."""


class CardNotationError(RulesError):
    """Card notation that cannot be read; the message names the bad token."""


class IllegalActionError(RulesError):
    """An action the rules refuse; the state is left exactly as it was.

    The message names the action, the player and the reason, e.g.
    ``"seat 1 cannot play 'KS KH': it does not beat the pair of 9s"``.
    """
