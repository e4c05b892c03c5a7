"""The AI seats of a table: their bots and random states, and one decision at a time run on a
worker thread (or inline) so that the frame loop never waits for a bot.

The seeds follow the match's: seat ``s`` gets ``seed * 7919 + s`` and its random state
``+ 100 + s``; the hint (and autoplay) uses the Normal bot whatever the opponents' level.

Choices where the spec is silent:
- The engine's state is never shared with a thinking thread: the bot gets a view taken from a
  clone, the legal list is computed on the main thread, and a result that arrives for a turn
  that has already moved on is dropped (the controller keys each job by its position).
- A bot that raises, returns nothing, or returns an action that is not legal (:func:`is_legal`)
  or not an action at all is replaced, for that turn only, by the first legal action (logged
  by the controller): the table must never get stuck.
- When the registry has no bot for a preset (a build without it), the random bot plays that
  seat and the error is logged (:func:`default_bot_factory`), so the table still runs.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable

from game.registry.spec import Bot
from game.rules import validate
from game.rules.base import Action, DealState, DealView
from game.rules.errors import RulesError

log = logging.getLogger(__name__)

#: A bot factory: (game id, level, seed) -> bot.
BotFactory = Callable[[str, str, int], Bot]


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


def is_legal(state: DealState, legal: list[Action], action: object) -> bool:
    """Whether a bot's answer ``action`` is legal in ``state`` (whose legal actions are
    ``legal``). ``legal_actions()`` may list one representative card choice per meaning
    (Shengji follows and buries), so ``actions_for`` decides for card actions it does not
    list; a malformed answer (not an action) is never legal."""
    try:
        action = validate.action(action, object)
    except RulesError:
        return False
    if action in legal:
        return True
    if not action.cards:
        return False
    try:
        options = state.actions_for(list(action.cards))
    except RulesError:
        return False
    return any(
        a.kind == action.kind and (action.combo is None or a.combo == action.combo) for a in options
    )


def default_bot_factory(preset: str, level: str, seed: int) -> Bot:
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

    def turn(
        self,
        seat: int,
        key: tuple[object, ...],
        view: DealView,
        legal: list[Action],
        threaded: bool,
        now: float,
    ) -> BotJob:
        """``seat``'s decision at the position ``key`` (the player's seat under autoplay: the
        hint's bot), from its own random state."""
        bot = self.hint_bot if seat not in self.bots else self.bots[seat]
        rng = random.Random(self.rngs[seat].random())
        return BotJob(key, lambda: bot.choose(view, legal, rng), threaded, now)

    def hint(
        self,
        key: tuple[object, ...],
        view: DealView,
        legal: list[Action],
        threaded: bool,
        now: float,
    ) -> BotJob:
        """The hint's bot's move for the player at the position ``key``."""
        rng = random.Random(self.hint_rng.random())
        return BotJob(key, lambda: self.hint_bot.choose(view, legal, rng), threaded, now)

    def all_rngs(self) -> list[random.Random]:
        """Every random state the AI draws from, in a fixed order (undo puts them back)."""
        return [self.rngs[seat] for seat in sorted(self.rngs)] + [self.hint_rng]
