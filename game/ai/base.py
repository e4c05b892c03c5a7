"""The bot interface (issue 11).

A bot sees only what its seat may know: ``state.view(seat)``, the legal actions and a seeded
``random.Random``. It returns one of the legal actions within its time budget. The app and the
arena never pass it the state itself.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.rules.base import Action

#: Difficulty levels shown to the player; "normal" is the default.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


class Bot(Protocol):
    name: str

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """One action from ``legal`` for the seat whose ``view`` this is."""
        ...
