"""Frozen yardstick bots (issues 31, 42, 53, 56): each a game's Normal as it was on a day, kept
unchanged so that tools/arena.py (``--b normal-v1``), the training tools and the tests can
measure how far today's Normal has come. They are tools, not game code: the shipped package
never imports them, and they are no game level.

Layout: ``tools/yardsticks/<game>/<name>.py`` is the yardstick named by the arena with ``-`` for
``_`` (``guandan/normal_v2.py`` is Guandan's ``normal-v2``), and its ``YARDSTICK`` is the bot's
class, made with no arguments. Modules and packages whose names start with ``_`` hold what a
yardstick needs besides (a copied planner, its weights) and are no yardstick themselves.

A yardstick imports the live rules (``game.games.<game>.rules``) and the shared search
(``game.ai.search``); everything of its own bot is a copy, so changing today's bot never
changes a yardstick. Import this package with ``tools/`` on ``sys.path`` (the tools and the
tests that use the arena do).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from pathlib import Path
from typing import Protocol

from game.ai.base import Bot

_HERE = Path(__file__).resolve().parent


class Yardstick(Bot, Protocol):
    """A frozen bot: its own random state, which the arena seeds per deal and seat."""

    rng: random.Random


def names(game: str) -> tuple[str, ...]:
    """The yardsticks of ``game`` by arena name, sorted (none for a game without a folder)."""
    folder = _HERE / game
    if not (folder / "__init__.py").is_file():
        return ()
    found = (
        info.name.replace("_", "-")
        for info in pkgutil.iter_modules([str(folder)])
        if not info.ispkg and not info.name.startswith("_")
    )
    return tuple(sorted(found))


def catalogue(game_ids: list[str] | tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Arena name -> the games (of ``game_ids``, in that order) that have a yardstick so named."""
    found: dict[str, tuple[str, ...]] = {}
    for game in game_ids:
        for name in names(game):
            found[name] = (*found.get(name, ()), game)
    return found


def make(game: str, name: str) -> Yardstick:
    """A new yardstick bot; KeyError when ``game`` has none named ``name``."""
    if name not in names(game):
        raise KeyError(f"{game} has no yardstick {name!r}")
    module = importlib.import_module(f"{__name__}.{game}.{name.replace('-', '_')}")
    bot: Yardstick = module.YARDSTICK()
    return bot
