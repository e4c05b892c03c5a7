"""What a Run Fast deal measures for the player: its net settlement in points (R5), and a
record (issue 54): the springs it made (R5.1: it went out while another hand never played)."""

from __future__ import annotations

from game.games.runfast.rules import RunFastState
from game.registry import Measure

MEASURES = (
    Measure("settlement", "stats.settlement", decimals=2),
    Measure("spring", "fx.records.spring", decimals=0, kept="sum"),
)


def measure(state: RunFastState, seat: int) -> dict[str, float]:
    result = state.result
    assert result is not None  # a finished deal
    found = {"settlement": float(result.settlement[seat])}
    if any(p.reason == "spring" and p.payee == seat for p in result.payments):
        found["spring"] = 1.0
    return found
