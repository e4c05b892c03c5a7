"""The game registry: every game is one folder ``game/games/<id>/``, found here (issues 25, 39).

Each game's folder holds everything of that game (rules, bot, search hooks, hand order, table
view, result measures, title card) and its ``__init__.py`` defines ``SPEC``, a
:class:`~game.games.spec.GameSpec` naming those parts by dotted path. This module finds the
folders, reads their ``SPEC`` (cheap: the parts are imported on first use) and answers every
layer that asks about a game by its id, so nothing else tests a game's name.

    from game import games
    spec = games.get("guandan")          # UnknownGameError (a ValueError) names the known ids
    spec.rules.new_match(seed=1)         # the rules module (state protocol of rules-api.md)
    [g.id for g in games.all_games()]    # title order (GameSpec.order): guandan, shengji, runfast

Tests register toy games with :func:`register` (and take them out with :func:`unregister`).
"""

from __future__ import annotations

import importlib
import pkgutil

from game.games.spec import GameSpec, UnknownGameError

__all__ = [
    "GameSpec",
    "UnknownGameError",
    "all_games",
    "discover",
    "get",
    "ids",
    "register",
    "unregister",
]

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` (after the games already registered); ValueError if its id is taken."""
    if spec.id in _GAMES:
        raise ValueError(f"a game with id {spec.id!r} is already registered")
    if sorted(seat for team in spec.teams for seat in team) != list(range(spec.seats)):
        raise ValueError(f"{spec.id}: teams {spec.teams} must share out seats 0..{spec.seats - 1}")
    _GAMES[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game registered by a test (no error when it is not there)."""
    _GAMES.pop(game_id, None)


def get(game_id: str) -> GameSpec:
    """The game ``game_id``; :class:`UnknownGameError` names the known ids."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        raise UnknownGameError(f"unknown game {game_id!r}; expected one of {known}") from None


def ids() -> tuple[str, ...]:
    """The registered game ids in title order."""
    return tuple(_GAMES)


def all_games() -> list[GameSpec]:
    """Every registered game in title order (the order of registration)."""
    return list(_GAMES.values())


def discover(paths: list[str] | None = None, package: str | None = None) -> list[GameSpec]:
    """Register the ``SPEC`` of every game folder in ``paths`` (default: this package's
    folder), lowest ``order`` first; returns the specs registered. ``package`` is the dotted
    name the folders import under (default: this package)."""
    package = package or __name__
    found = []
    for info in pkgutil.iter_modules(__path__ if paths is None else paths):
        if info.ispkg:
            spec = getattr(importlib.import_module(f"{package}.{info.name}"), "SPEC", None)
            if isinstance(spec, GameSpec) and spec.id not in _GAMES:
                found.append(spec)
    return [register(spec) for spec in sorted(found, key=lambda spec: (spec.order, spec.id))]


discover()
