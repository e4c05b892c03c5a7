"""What the blunder suites share (issue 56): a position in card notation where the right action
is clear to a good player, and the choice Normal and Hard make there.

Each game's suite (tests/test_ai_blunders_<game>.py) builds its positions with the game's own
``new_deal(hands=...)`` and scripted plays, and lists for each the actions a good player takes
(in notation, ``pass`` for a pass); a bot that takes any other action there blunders.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.registry import make_bot
from game.rules.cards import format_cards

#: Hard's sampled deals per decision in the suites (fixed, so a run repeats without the clock).
HARD_SAMPLES = 8
LEVELS = ("normal", "hard")


@dataclass(frozen=True)
class Blunder:
    """A position (``build`` makes it, the seat to act decides), the actions a good player
    takes there, and why the others are mistakes (with the rule ids that make it so)."""

    name: str
    build: Callable[[], Any]
    good: tuple[str, ...]
    why: str


def notation(action: Any) -> str:
    """An action as the suites write it: its cards in notation, or its kind (``pass``)."""
    return format_cards(action.cards) if action.cards else str(action.kind)


def same(text: str, action: Any) -> bool:
    """Whether ``action`` plays exactly the cards of ``text`` (``pass``: a pass)."""
    if text == "pass":
        return bool(action.kind == "pass")
    return sorted(notation(action).split()) == sorted(text.split())


def choice(game: str, level: str, state: Any, seed: int = 0) -> Any:
    """The action the ``level`` bot of ``game`` takes in ``state`` (Hard on HARD_SAMPLES
    sampled deals), from the acting seat's view only."""
    bot = make_bot(game, level, seed=seed, samples=HARD_SAMPLES)
    seat = state.current_player
    return bot.choose(state.view(seat), state.legal_actions(), random.Random(seed))


def play(state: Any, text: str) -> None:
    """Apply the current seat's play of the cards ``text`` (its first legal meaning), or a pass."""
    if text == "pass":
        state.apply(next(a for a in state.legal_actions() if a.kind == "pass"))
        return
    actions = state.actions_for(text)
    assert actions, f"seat {state.current_player} cannot play {text}"
    state.apply(actions[0])


def check(game: str, level: str, case: Blunder) -> None:
    """The suites' assertion: the bot's action in the position is one of the good ones."""
    state = case.build()
    for text in case.good:  # a good action the position does not allow is a broken case
        assert text == "pass" or state.actions_for(text), (case.name, text)
    action = choice(game, level, state)
    assert any(same(text, action) for text in case.good), (
        f"{level} plays {notation(action)} in {case.name}: {case.why}"
    )
