"""The public path of the rules' errors (rules-api.md). They live on the ground floor, in
:mod:`game.protocol.errors`, below the game registry."""

from game.protocol.errors import (
    BadArgumentError,
    CardNotationError,
    IllegalActionError,
    RulesError,
)

__all__ = [
    "BadArgumentError",
    "CardNotationError",
    "IllegalActionError",
    "RulesError",
]
