"""What a Guandan deal measures for the player: the place it went out in (G1.2)."""

from __future__ import annotations

from game.games.guandan.rules import State
from game.registry import Measure
from game.table.measures import finish_place

MEASURES = (Measure("place", "stats.place", decimals=2),)


def measure(state: State, seat: int) -> dict[str, float]:
    place = finish_place(state, seat)
    return {} if place is None else {"place": float(place)}
