# The public path of the shengji rules (rules-api.md): the engine lives in its game's folder,
# game/games/shengji/rules/, and this module re-exports its public names and its documentation.
from game.games.shengji import rules as _engine
from game.games.shengji.rules import *  # noqa: F403
from game.games.shengji.rules import __all__  # noqa: F401

__doc__ = _engine.__doc__
