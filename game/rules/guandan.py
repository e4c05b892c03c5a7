# The public path of the guandan rules (rules-api.md): the engine lives in its game's folder,
# game/games/guandan/rules/, and this module re-exports its public names and its documentation.
from game.games.guandan import rules as _engine
from game.games.guandan.rules import *  # noqa: F403
from game.games.guandan.rules import __all__  # noqa: F401

__doc__ = _engine.__doc__
