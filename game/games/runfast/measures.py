"""What a Run Fast deal measures for the player: its net settlement in points (R5)."""

from __future__ import annotations

from game.games.runfast.rules import RunFastState
from game.registry import Measure

MEASURES = (Measure("settlement", "stats.settlement", decimals=2),)


def measure(state: RunFastState, seat: int) -> dict[str, float]:
    result = state.result
    assert result is not None  # a finished deal
    return {"settlement": float(result.settlement[seat])}
