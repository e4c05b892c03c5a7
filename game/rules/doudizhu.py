"""The public path of the Dou Dizhu engine (rules-api.md): re-exports of
``game.games.doudizhu.rules``."""

from game.games.doudizhu.rules import *  # noqa: F403
from game.games.doudizhu.rules import __all__  # noqa: F401
