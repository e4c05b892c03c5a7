"""Dou Dizhu's hooks for the search bot (game/ai/search.py)."""

from __future__ import annotations

from typing import Any

from game.ai.search import SearchHooks


def outcome(result: Any, seat: int) -> float:
    """The seat's net settlement (D5.3), in points."""
    return float(result.settlement[seat])


HOOKS = SearchHooks(outcome=outcome)
