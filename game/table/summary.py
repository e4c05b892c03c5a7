"""One finished deal as the row the history database stores (no pygame, no database): made by
the table controller when a deal ends, stored by :mod:`game.history.db`.

Everything is read through the state protocol (``result.returns()``, the log) and the game's
own measures (``GameSpec.measure``: a place, points, a settlement, by name).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field

from game import registry
from game.rules.base import DealState, Match
from game.rules.options import OptionValue
from game.table.record import ActionData, non_auto_actions


@dataclass(frozen=True, slots=True)
class DealRow:
    """One finished deal (a row of the ``deals`` table; ``id`` is set once stored)."""

    preset: str
    seed: int
    match_key: str
    deal_index: int
    actions: list[ActionData]
    ai_level: str
    ai_levels: list[str]
    human_seat: int
    returns: list[float]
    won: bool
    finished_at: float = field(default_factory=time.time)
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: Team levels by team index written as text (JSON keys), as stored.
    levels_before: dict[str, str] | None = None
    levels_after: dict[str, str] | None = None
    totals_after: list[int] | None = None
    #: The game's measures of the deal for the player (game.table.measures), by name.
    measures: dict[str, float] = field(default_factory=dict)
    bombs: int = 0
    duration_s: float = 0.0
    undo_used: bool = False
    hints_used: bool = False
    coached: bool = False
    autoplay: bool = False
    match_over: bool = False
    match_won: bool | None = None
    #: The date (ISO) of the deal of the day this deal was (game.table.daily), or None.
    daily: str | None = None
    id: int | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _plain(mapping: Mapping[int, str] | None) -> dict[str, str] | None:
    if mapping is None:
        return None
    return {str(key): value for key, value in dict(mapping).items()}


def human_won(spec: registry.GameSpec, returns: list[float], seat: int) -> bool:
    """A deal is won when it is worth something to the seat (its team climbed, or it gained
    points); a draw of zero counts as not won."""
    return bool(returns) and returns[seat] > 0


def summarize(
    state: DealState,
    *,
    preset: str,
    seed: int,
    match_key: str,
    deal_index: int,
    ai_level: str,
    human_seat: int = 0,
    match: Match | None = None,
    levels_before: Mapping[int, str] | None = None,
    levels_after: Mapping[int, str] | None = None,
    totals_after: list[int] | None = None,
    duration_s: float = 0.0,
    undo_used: bool = False,
    hints_used: bool = False,
    coached: bool = False,
    autoplay: bool = False,
    options: Mapping[str, OptionValue] | None = None,
    finished_at: float | None = None,
    daily: str | None = None,
) -> DealRow:
    """The row of the finished deal ``state`` (``state.is_terminal``)."""
    spec = registry.get(preset)
    result = state.result
    returns = [float(value) for value in result.returns()] if result is not None else []
    bombs = sum(
        1
        for record in state.log
        if record.seat == human_seat
        and not record.auto
        and record.action.combo is not None
        and record.action.combo.is_bomb
    )
    over = bool(match is not None and match.is_over)
    winner = match.winner if match is not None and over else None
    return DealRow(
        preset=preset,
        seed=int(seed),
        match_key=match_key,
        deal_index=int(deal_index),
        actions=non_auto_actions(state),
        ai_level=ai_level,
        ai_levels=["human" if seat == human_seat else ai_level for seat in range(spec.seats)],
        human_seat=human_seat,
        returns=returns,
        won=human_won(spec, returns, human_seat),
        finished_at=time.time() if finished_at is None else finished_at,
        options=dict(options or {}),
        levels_before=_plain(levels_before),
        levels_after=_plain(levels_after),
        totals_after=list(totals_after) if totals_after is not None else None,
        measures=spec.measure(state, human_seat) if result is not None else {},
        bombs=bombs,
        duration_s=float(duration_s),
        undo_used=bool(undo_used),
        hints_used=bool(hints_used),
        coached=bool(coached),
        autoplay=bool(autoplay),
        match_over=over,
        match_won=(winner == spec.team_of(human_seat)) if over and winner is not None else None,
        daily=daily,
    )


def dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
