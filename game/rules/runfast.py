"""The public path of Run Fast's rules (rules-api.md): the engine's public names and
documentation, from its game's folder (see :mod:`game.rules.public`)."""

from game.rules.public import reexport

reexport(globals())
