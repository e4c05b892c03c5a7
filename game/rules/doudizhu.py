"""Dou Dizhu's rules at their public path (rules-api.md): the engine lives in its game's
folder, ``game/games/doudizhu/rules/``, and this module re-exports its public names."""

from game.games.doudizhu.rules import *  # noqa: F403
from game.games.doudizhu.rules import __all__  # noqa: F401
