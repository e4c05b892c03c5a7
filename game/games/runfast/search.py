"""Run Fast's hooks for the search bot (game/ai/search.py)."""

from __future__ import annotations

from game.ai.search import SearchHooks
from game.games.runfast.rules import RunFastResult


def outcome(result: RunFastResult, seat: int) -> float:
    """The seat's net settlement (R5), in points."""
    return float(result.settlement[seat])


HOOKS = SearchHooks(outcome=outcome)
