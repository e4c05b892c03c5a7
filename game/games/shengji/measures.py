"""What a Shengji deal measures for the player: the attackers' points in tricks, as an attacker
or as a defender (S5.3)."""

from __future__ import annotations

from game.games.shengji.rules import ShengjiState
from game.registry import Measure

MEASURES = (
    Measure("points_attack", "stats.attack"),
    Measure("points_defend", "stats.defend"),
)


def measure(state: ShengjiState, seat: int) -> dict[str, float]:
    result = state.result
    assert result is not None  # a finished deal
    attackers = result.attackers
    if seat % 2 == attackers % 2:  # the seat's team attacked (teams 0+2 and 1+3)
        return {"points_attack": float(result.attacker_points)}
    return {"points_defend": float(result.defender_points)}
