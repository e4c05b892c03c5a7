"""The bot interface (issue 11).

A bot sees only what its seat may know: ``state.view(seat)``, the legal actions and a seeded
``random.Random``. It returns one of the legal actions within its time budget. The app and the
arena never pass it the state itself: they call :func:`decide` / :func:`play_bot_turn`, which
build the view, time the bot, check that its answer is legal and fall back safely (and log) when
a bot ever misbehaves.

Usage (app and arena): ``bot = registry.make_bot(preset, level, seed=…)``, then
``turn = decide(state, bot, bot.rng)`` and ``state.apply(turn.action)`` when the table has shown
it (or :func:`play_bot_turn` to do both). Hard thinks for about its budget (0.8 s by default):
the app should call :func:`decide` off the drawing thread; bots only read their arguments.

Choices made where the spec is silent:

- The fallback for a bot that raises or returns an action that is not legal is the first
  legal action that is a pass when passing is legal (it changes the least), otherwise the first
  legal action. The event is logged on the ``game.ai`` logger at WARNING level and reported in
  :class:`BotTurn` (``fallback`` and ``error``) so the arena counts it.
- An action counts as legal when it is in ``legal_actions()`` or, for a play the list holds
  under another concrete card choice, when ``state.actions_for(action.cards)`` holds it.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass

# The bot interface is the registry's (what a game's folder provides), named here as well.
from game.registry.spec import Bot as Bot
from game.registry.spec import HeuristicClass as HeuristicClass
from game.rules.base import Action, DealState

#: Difficulty levels shown to the player; "normal" is the default.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
#: Every level the registry knows; "random" is for the arena and tests only.
ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)

logger = logging.getLogger("game.ai")


@dataclass(frozen=True, slots=True)
class BotTurn:
    """The outcome of one bot decision.

    ``action`` is always legal (the bot's own choice, or the fallback); ``elapsed_ms`` is the
    wall-clock time the bot took; ``fallback`` is True when the bot's answer was replaced, with
    ``error`` saying why (an exception text or ``"illegal action …"``)."""

    seat: int
    action: Action
    elapsed_ms: float
    fallback: bool = False
    error: str | None = None


def is_legal(state: DealState, action: object, legal: list[Action]) -> bool:
    """Whether ``action`` is a legal move in ``state`` (see the module docstring)."""
    if not isinstance(action, Action):
        return False
    if action in legal:
        return True
    actions_for = getattr(state, "actions_for", None)
    if actions_for is None or not action.cards:
        return False
    try:
        return action in actions_for(list(action.cards))
    except Exception:  # noqa: BLE001 - a bad selection is simply not legal
        return False


def fallback_action(legal: list[Action]) -> Action:
    """The safe replacement for a misbehaving bot's answer: a pass when legal, else the first."""
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def decide(state: DealState, bot: Bot, rng: random.Random) -> BotTurn:
    """Let ``bot`` choose for the current player of ``state`` without applying the action.

    The bot receives only ``state.view(seat)``, a copy of the legal actions and ``rng``.
    """
    seat = state.current_player
    if seat is None:
        raise ValueError("the deal is over: nobody is to play")
    legal = list(state.legal_actions())
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    view = state.view(seat)
    start = time.perf_counter()
    error: str | None = None
    action: Action | None
    try:
        action = bot.choose(view, list(legal), rng)
    except Exception as exc:  # noqa: BLE001 - a bot bug must never stop the game
        action = None
        error = f"{type(exc).__name__}: {exc}"
    elapsed_ms = (time.perf_counter() - start) * 1000.0
    if error is None and not is_legal(state, action, legal):
        error = f"illegal action {action!s}"
    if error is not None:
        logger.warning(
            "bot %s at seat %d misbehaved (%s); playing a fallback", bot.name, seat, error
        )
        return BotTurn(seat, fallback_action(legal), elapsed_ms, True, error)
    assert action is not None  # is_legal held
    return BotTurn(seat, action, elapsed_ms)


def play_bot_turn(state: DealState, bot: Bot, rng: random.Random) -> BotTurn:
    """:func:`decide` and apply the (always legal) action to ``state``."""
    turn = decide(state, bot, rng)
    state.apply(turn.action)
    return turn
