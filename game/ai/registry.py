"""Make a bot by preset and difficulty level (issue 11).

``make_bot(preset, level)``: presets ``"guandan"``, ``"shengji"``, ``"runfast"``; levels
``"random"`` (arena and tests only), ``"easy"`` (the preset's heuristic with mistakes: its
``noise`` knob), ``"normal"`` (the heuristic, the default) and ``"hard"`` (the search bot of
game/ai/search.py over the heuristic). The heuristic bots are imported only when first asked
for, so a preset whose bot is missing fails with a clear message and does not stop the others.

Every bot returned carries ``rng`` (a ``random.Random`` seeded with ``seed``) for callers
that do not keep their own, and ``level``.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from game.ai.base import ALL_LEVELS, Bot

PRESETS: tuple[str, ...] = ("guandan", "shengji", "runfast")

#: Module and class of each preset's heuristic bot.
_HEURISTICS: dict[str, tuple[str, str]] = {
    "guandan": ("game.ai.guandan_bot", "GuandanBot"),
    "shengji": ("game.ai.shengji_bot", "ShengjiBot"),
    "runfast": ("game.ai.runfast_bot", "RunFastBot"),
}

#: The ``noise`` given to the heuristic at Easy: a weaker but still sensible opponent (Guandan's
#: heuristic shrugs off small noise, so it gets more; measured with tools/arena.py, Normal vs
#: Easy: see the report of the AI-strength work).
EASY_NOISE = 0.35
EASY_NOISE_BY_PRESET: dict[str, float] = {"guandan": 0.5, "shengji": 0.35, "runfast": 0.35}
#: Hard's thinking time per decision when the caller gives none.
DEFAULT_HARD_BUDGET_MS = 1000


def heuristic_class(preset: str) -> type:
    """The heuristic bot class of ``preset`` (imported on first use)."""
    if preset not in _HEURISTICS:
        raise ValueError(f"unknown preset {preset!r}; expected one of {', '.join(PRESETS)}")
    module_name, class_name = _HEURISTICS[preset]
    try:
        module = importlib.import_module(module_name)
        return getattr(module, class_name)
    except (ImportError, AttributeError) as exc:
        raise RuntimeError(f"the {preset} heuristic bot is not available: {exc}") from exc


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
) -> Any:
    """A bot for ``preset`` at ``level`` (see the module docstring).

    ``budget_ms`` bounds Hard's thinking time per decision; ``samples`` makes Hard evaluate at
    most that many sampled deals instead, without reading the clock (repeatable runs, the arena
    uses it).
    """
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}; expected one of {', '.join(PRESETS)}")
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(ALL_LEVELS)}")
    bot: Any
    if level == "random":
        from game.ai.random_bot import RandomBot

        bot = RandomBot()
    elif level == "easy":
        bot = make_heuristic(preset, noise=EASY_NOISE_BY_PRESET.get(preset, EASY_NOISE))
    elif level == "normal":
        bot = make_heuristic(preset)
    else:
        from game.ai.search import SearchBot

        policy: Any = None
        if preset == "guandan":
            policy = heuristic_class(preset)(noise=0.0, fast=True)
        bot = SearchBot(
            preset,
            make_heuristic(preset),
            policy=policy,
            budget_ms=budget_ms if budget_ms is not None else DEFAULT_HARD_BUDGET_MS,
            samples=samples,
        )
    for name, value in (("rng", random.Random(seed)), ("level", level)):
        try:
            setattr(bot, name, value)
        except AttributeError:  # a bot class with __slots__: callers pass their own rng
            pass
    return bot
