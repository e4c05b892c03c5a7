"""Dou Dizhu's hooks for the search bot (game/ai/search.py)."""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import Bot
from game.ai.search import SearchBot, SearchHooks
from game.games.doudizhu.reads import fits, passed_below
from game.games.doudizhu.rules.combos import counts_of

#: Draws a reading search makes at most for one sample that agrees with the landlord's passes.
READ_DRAWS = 8


def outcome(result: Any, seat: int) -> float:
    """The seat's net settlement (D5.3), in points."""
    return float(result.settlement[seat])


def policy() -> Bot:
    """The rollout policy: Normal without its own end-game search (a search inside every
    rollout would cost far more than it tells)."""
    from game.games.doudizhu.bot import DoudizhuBot

    return DoudizhuBot(endgame=False)


HOOKS = SearchHooks(outcome=outcome, policy=policy)


class ReadingSearch(SearchBot):
    """The search of a peasant whose sampled deals agree with what the landlord's passes
    showed (reads.py: no single, pair or trio above one it let stand): the first of
    ``READ_DRAWS`` draws that does, else the last. The landlord's own search samples as is."""

    def draw(self, view: Any, rng: random.Random, hidden: Any = None) -> Any:
        sample = super().draw(view, rng, hidden)
        landlord = view.landlord
        if landlord is None or landlord == view.seat:
            return sample
        short = passed_below(view, landlord)
        for _ in range(READ_DRAWS - 1):
            if not short or fits(counts_of(sample.hand(landlord)), short):
                break
            sample = super().draw(view, rng, hidden)
        return sample
