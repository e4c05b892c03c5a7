"""Make a bot by preset and difficulty level (issue 11).

``make_bot(preset, level)``: ``preset`` is a game id of game/games/; levels ``"random"``
(arena and tests only), ``"easy"`` (the game's heuristic with mistakes: its ``noise`` knob at
the game's ``easy_noise``), ``"normal"`` (the heuristic, the default) and ``"hard"`` (the
search bot of game/ai/search.py over the heuristic). The heuristic bots are imported only when first asked
for, so a preset whose bot is missing fails with a clear message and does not stop the others.

Every bot returned carries ``rng`` (a ``random.Random`` seeded with ``seed``) for callers
that do not keep their own, and ``level``.
"""

from __future__ import annotations

import random

from game import registry
from game.ai.base import ALL_LEVELS, Bot, HeuristicClass

#: Hard's thinking time per decision when the caller gives none: the whole decision ends by it
#: (issue 56: no sample starts that would likely end later, one still running is dropped), so
#: 900 ms leaves a tenth of a second of the player's one-second wait (docs/ai-notes.md).
DEFAULT_HARD_BUDGET_MS = 900


def heuristic_class(preset: str) -> HeuristicClass:
    """The heuristic bot class of ``preset`` (imported on first use; game/games/ names it)."""
    return registry.get(preset).heuristic_class()


def make_heuristic(preset: str, *, noise: float = 0.0) -> Bot:
    """The preset's heuristic bot with the given ``noise`` (0 = its best play)."""
    return heuristic_class(preset)(noise=noise)


def make_bot(
    preset: str,
    level: str,
    *,
    seed: int | None = None,
    budget_ms: int | None = None,
    samples: int | None = None,
) -> Bot:
    """A bot for ``preset`` at ``level`` (see the module docstring).

    ``budget_ms`` bounds Hard's thinking time per decision; ``samples`` makes Hard evaluate at
    most that many sampled deals instead, without reading the clock (repeatable runs, the arena
    uses it).
    """
    spec = registry.get(preset)  # UnknownGameError (a ValueError) names the known games
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(ALL_LEVELS)}")
    bot: Bot
    if level == "random":
        from game.ai.random_bot import RandomBot

        bot = RandomBot()
    elif level == "easy":
        bot = make_heuristic(preset, noise=spec.easy_noise)
    elif level == "normal":
        bot = make_heuristic(preset)
    else:
        from game.ai.search import SearchBot

        quick_policy = spec.search_hooks().policy
        bot = SearchBot(
            preset,
            make_heuristic(preset),
            policy=quick_policy() if quick_policy is not None else None,
            budget_ms=budget_ms if budget_ms is not None else DEFAULT_HARD_BUDGET_MS,
            samples=samples,
        )
    for name, value in (("rng", random.Random(seed)), ("level", level)):
        try:
            setattr(bot, name, value)
        except AttributeError:  # a bot class with __slots__: callers pass their own rng
            pass
    return bot
