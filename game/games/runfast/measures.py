"""What a Run Fast deal measures for the player: its net settlement in points (R5)."""

from __future__ import annotations

from typing import Any

from game.table.measures import Measure

MEASURES = (Measure("settlement", "stats.settlement", decimals=2),)


def measure(state: Any, seat: int) -> dict[str, float]:
    return {"settlement": float(state.result.settlement[seat])}
