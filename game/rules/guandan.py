"""Guandan's rules at their public path (rules-api.md): the engine lives in its game's
folder, ``game/games/guandan/rules/``, and this module re-exports its public names."""

from game.games.guandan.rules import *  # noqa: F403
from game.games.guandan.rules import __all__  # noqa: F401
