"""What a Dou Dizhu deal measures for the player: its net points as the landlord or as a
peasant (D5.3), so the statistics tell the two roles apart."""

from __future__ import annotations

from typing import Any

from game.registry import Measure

MEASURES = (
    Measure("points_landlord", "doudizhu.stat_landlord", decimals=2),
    Measure("points_peasant", "doudizhu.stat_peasant", decimals=2),
)


def measure(state: Any, seat: int) -> dict[str, float]:
    result = state.result
    role = "points_landlord" if seat == result.landlord else "points_peasant"
    return {role: float(result.settlement[seat])}
