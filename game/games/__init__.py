"""The game folders: one sub-package per game, ``game/games/<id>/``, each defining its ``SPEC``.
The registry (:mod:`game.registry`, on the ground floor) finds them by their dotted names; no
shared module imports this package."""
