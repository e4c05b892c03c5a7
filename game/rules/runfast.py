# The public path of the runfast rules (rules-api.md): the engine lives in its game's folder,
# game/games/runfast/rules/, and this module re-exports its public names and its documentation.
from game.games.runfast import rules as _engine
from game.games.runfast.rules import *  # noqa: F403
from game.games.runfast.rules import __all__  # noqa: F401

__doc__ = _engine.__doc__
