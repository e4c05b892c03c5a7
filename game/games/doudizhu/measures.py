"""What a Dou Dizhu deal measures for the player: its net points as the landlord or as a
peasant (D5.3), so the statistics tell the two roles apart, and a record (issue 54): the
springs its side made, a landlord's spring or the peasants' anti-spring (D5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.registry import Measure

if TYPE_CHECKING:  # pragma: no cover
    from game.games.doudizhu.rules.deal import DoudizhuState

MEASURES = (
    Measure("points_landlord", "doudizhu.stat_landlord", decimals=2),
    Measure("points_peasant", "doudizhu.stat_peasant", decimals=2),
    Measure("spring", "fx.records.spring", decimals=0, kept="sum"),
)


def measure(state: DoudizhuState, seat: int) -> dict[str, float]:
    result = state.result
    assert result is not None  # measured once the deal is over
    landlord = seat == result.landlord
    found = {"points_landlord" if landlord else "points_peasant": float(result.settlement[seat])}
    if result.spring == ("spring" if landlord else "anti_spring"):
        found["spring"] = 1.0
    return found
