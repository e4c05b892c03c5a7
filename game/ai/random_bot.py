"""A bot that picks uniformly among the legal actions (arena baseline and test opponent)."""

from __future__ import annotations

import random

from game.rules.base import Action


class RandomBot:
    """Uniformly random legal actions from the seeded ``rng``; it never looks at the view."""

    name = "random"

    def choose(self, view: object, legal: list[Action], rng: random.Random) -> Action:
        """One legal action chosen at random."""
        return rng.choice(legal)
