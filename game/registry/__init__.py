"""The game registry, on the ground floor: every game is one folder ``game/games/<id>/``, found
here by its dotted name (issues 25, 39, 53).

Each game's folder holds everything of that game (rules, bot, search hooks, hand order, table
view, result measures, title card) and its ``__init__.py`` defines ``SPEC``, a
:class:`~game.registry.spec.GameSpec` naming those parts by dotted path. This module finds the
folders with ``importlib`` (as RLCard's entry points: no import statement names a game, and no
game's view is imported), reads their ``SPEC`` on the first question (cheap: the parts are
imported on first use) and answers every layer that asks about a game by its id, so nothing
else tests a game's name.

    from game import registry
    spec = registry.get("guandan")       # UnknownGameError (a ValueError) names the known ids
    spec.rules.new_match(seed=1)         # the rules module (state protocol of rules-api.md)
    registry.ids()                       # title order (GameSpec.order): guandan, shengji, …

Tests register toy games with :func:`register` (and take them out with :func:`unregister`).
"""

from __future__ import annotations

import importlib
import pkgutil
import threading

from game.registry.spec import GameSpec, Measure, UnknownGameError

__all__ = [
    "GAMES_PACKAGE",
    "GameSpec",
    "Measure",
    "UnknownGameError",
    "all_games",
    "discover",
    "get",
    "ids",
    "register",
    "unregister",
]

#: The package whose sub-packages are the game folders.
GAMES_PACKAGE = "game.games"

_GAMES: dict[str, GameSpec] = {}
#: "new", "finding" (this thread is registering the folders) or "found".
_stage = "new"
_finding = threading.RLock()


def _ensure() -> None:
    """Find the game folders once, on the first question (importing a folder's ``__init__``
    imports this module: finding them at import time would meet half-made folders). Other
    threads wait until they are all found; the finding thread's own calls go through."""
    global _stage
    if _stage == "found":
        return
    with _finding:
        if _stage != "new":
            return
        _stage = "finding"
        try:
            discover()
        finally:
            _stage = "found"


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` (after the games already registered); ValueError if its id is taken."""
    _ensure()
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
    _ensure()
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        raise UnknownGameError(f"unknown game {game_id!r}; expected one of {known}") from None


def ids() -> tuple[str, ...]:
    """The registered game ids in title order."""
    _ensure()
    return tuple(_GAMES)


def all_games() -> list[GameSpec]:
    """Every registered game in title order (the order of registration)."""
    _ensure()
    return list(_GAMES.values())


def discover(paths: list[str] | None = None, package: str | None = None) -> list[GameSpec]:
    """Register the ``SPEC`` of every game folder in ``paths`` (default: the folders of
    :data:`GAMES_PACKAGE`), lowest ``order`` first; returns the specs registered. ``package`` is
    the dotted name the folders import under (default: :data:`GAMES_PACKAGE`)."""
    package = package or GAMES_PACKAGE
    if paths is None:
        paths = list(importlib.import_module(package).__path__)
    found = []
    for info in pkgutil.iter_modules(paths):
        if info.ispkg:
            spec = getattr(importlib.import_module(f"{package}.{info.name}"), "SPEC", None)
            if isinstance(spec, GameSpec) and spec.id not in _GAMES:
                found.append(spec)
    return [register(spec) for spec in sorted(found, key=lambda spec: (spec.order, spec.id))]
