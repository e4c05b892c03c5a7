"""The AI seats of a table: their bots and random states, and one decision at a time run on a
worker thread (or inline) so that the frame loop never waits for a bot.

The seeds follow the match's: seat ``s`` gets ``seed * 7919 + s`` and its random state
``+ 100 + s``; the hint (and autoplay) uses the Normal bot whatever the opponents' level.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from typing import Any

from game.rules.base import Action

log = logging.getLogger(__name__)

#: A bot factory: (game id, level, seed) -> bot.
BotFactory = Callable[[str, str, int], Any]


class BotJob:
    """One bot decision, computed in a thread or inline."""

    def __init__(
        self, key: tuple[object, ...], call: Callable[[], Action], threaded: bool, now: float
    ) -> None:
        self.key = key
        self.started = now
        self.result: Action | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        if threaded:
            threading.Thread(target=self._run, args=(call,), daemon=True).start()
        else:
            self._run(call)

    def _run(self, call: Callable[[], Action]) -> None:
        try:
            self.result = call()
        except BaseException as error:  # reported on the main thread, never lost
            self.error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def default_bot_factory(preset: str, level: str, seed: int) -> Any:
    """The registry's bot of ``level`` for ``preset`` (the random bot when it is missing)."""
    from game.ai.registry import make_bot

    try:
        return make_bot(preset, level, seed=seed)
    except RuntimeError as error:  # that preset's bot is missing from this build
        log.error("no %s bot for %s (%s); the random bot plays instead", level, preset, error)
        return make_bot(preset, "random", seed=seed)


class BotSeats:
    """The bots of every seat but the player's, their random states, and the hint's bot."""

    def __init__(
        self, preset: str, level: str, seed: int, seats: int, human: int, factory: BotFactory
    ) -> None:
        base = seed * 7919
        self.bots = {
            seat: factory(preset, level, base + seat) for seat in range(seats) if seat != human
        }
        self.rngs = {seat: random.Random(base + 100 + seat) for seat in range(seats)}
        # The hint (and autoplay) uses the Normal bot whatever the opponents' level.
        self.hint_bot = factory(preset, "normal", base + 50)
        self.hint_rng = random.Random(base + 51)

    def all_rngs(self) -> list[random.Random]:
        """Every random state the AI draws from, in a fixed order (undo puts them back)."""
        return [self.rngs[seat] for seat in sorted(self.rngs)] + [self.hint_rng]
