"""What a Guandan deal measures for the player: the place it went out in (G1.2), and its
records (issue 54): the biggest bomb it played (G5.6) and its team's double finish, 双下
(first and second out, G1.2)."""

from __future__ import annotations

from game.games.guandan.rules import State
from game.registry import Measure
from game.table.measures import biggest_bomb, finish_place

MEASURES = (
    Measure("place", "stats.place", decimals=2),
    Measure("bomb_cards", "fx.records.bomb", decimals=0, kept="most"),
    Measure("double_finish", "fx.records.double", decimals=0, kept="sum"),
)


def measure(state: State, seat: int) -> dict[str, float]:
    found: dict[str, float] = {}
    place = finish_place(state, seat)
    if place is not None:
        found["place"] = float(place)
    bomb = biggest_bomb(state, seat)
    if bomb is not None:
        found["bomb_cards"] = float(bomb)
    order = state.result.finish_order if state.result is not None else state.finish_order
    if len(order) >= 2 and order[0] % 2 == order[1] % 2 == seat % 2:
        found["double_finish"] = 1.0
    return found
