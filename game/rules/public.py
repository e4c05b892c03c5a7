"""The public paths ``game.rules.<id>`` of the games' rules (rules-api.md, issue 53).

Each engine lives in its game's folder; the module ``game/rules/<id>.py`` keeps the public path
that tests, tools and players' scripts import. It fills itself with the engine's public names
(its ``__all__``) and documentation, found through the registry's dotted ``rules_path``, so
the rules layer never imports a game folder (the registry, below the rules, imports the engine
on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import MutableMapping

from game import registry


def reexport(namespace: MutableMapping[str, object]) -> None:
    """Give the public module whose globals are ``namespace`` (``game.rules.<id>``) the public
    names and the docstring of the rules of the game ``<id>``."""
    game_id = str(namespace["__name__"]).rpartition(".")[2]
    engine = importlib.import_module(registry.get(game_id).rules_path.partition(":")[0])
    names = [str(name) for name in engine.__all__]
    namespace.update({name: getattr(engine, name) for name in names})
    namespace["__all__"] = names
    namespace["__doc__"] = engine.__doc__
