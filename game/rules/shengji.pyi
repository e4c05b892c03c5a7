# The types of the public path game.rules.shengji (rules-api.md), read by type checkers
# only: at run time game/rules/shengji.py fills itself with the same names from the game's
# folder (game/rules/public.py), so the rules floor imports no game folder.
from game.games.shengji.rules import *  # noqa: F403 - the engine's __all__, as at run time
from game.games.shengji.rules import __all__ as __all__
