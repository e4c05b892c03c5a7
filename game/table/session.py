"""What a table's match leaves behind: the autosave's snapshot (the seed and the player's and
AI's actions, enough to replay the match) and a finished deal's row for the history database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.rules.base import DealState
from game.table.record import non_auto_actions
from game.table.summary import DealRow, summarize


class TableController(Protocol):
    """What saving reads of a table controller."""

    state: DealState
    match: Any
    preset: str
    seed: int
    ai_level: str
    human_seat: int
    deal_index: int
    match_key: str
    options: dict[str, Any]
    awaiting_next: bool
    autoplay: bool
    undo_used: bool
    hints_used: bool
    finished_deals: list[list[dict[str, Any]]]
    first_deal: dict[str, Any] | None
    levels_before: dict[int, str] | None
    levels_after: dict[int, str] | None
    deal_started_wall: float
    wall_clock: Callable[[], float]

    def totals(self) -> list[int] | None: ...

    def levels(self) -> dict[int, str] | None: ...


#: Save format of :func:`snapshot`.
SNAPSHOT_VERSION = 2


def snapshot(ctl: TableController, *, full: bool = False) -> dict[str, Any]:
    """What the autosave stores: the seed and the non-auto actions of every deal.

    At a deal's end the match has already advanced, so the stored deals end with the
    new (still untouched) deal; a finished match has nothing left to resume.
    """
    current = ctl.state if not ctl.awaiting_next else ctl.match.state
    # A session whose deals depend only on the seed and their index (Run Fast): the save
    # holds the running totals and the current deal, not every finished deal (those are
    # in the history database), so resuming costs one deal's replay. ``full`` (crash
    # reports) keeps the finished deals of this run too.
    fast = callable(getattr(ctl.match, "fast_forward", None))
    deals = [] if fast and not full else list(ctl.finished_deals)
    if not ctl.awaiting_next or not ctl.match.is_over:
        deals.append(non_auto_actions(current))
    data: dict[str, Any] = {}
    if fast and not full:
        totals = ctl.totals() or []
        data["start"] = {"deal_index": int(ctl.match.deal_index), "totals": totals}
    elif ctl.first_deal is not None:
        data["start"] = dict(ctl.first_deal)
    levels = ctl.levels()
    status: dict[str, Any] = {"deal": int(ctl.match.deal_index)}
    if levels is not None:  # the menus show them without replaying the match
        status["levels"] = [str(levels.get(team)) for team in range(len(levels))]
    if ctl.totals() is not None:
        status["totals"] = [int(value) for value in ctl.totals() or []]
    return data | {
        "status": status,
        "version": SNAPSHOT_VERSION,
        "preset": ctl.preset,
        "seed": ctl.seed,
        "ai_level": ctl.ai_level,
        "deals": deals,
        "options": dict(ctl.options),
        "match_key": ctl.match_key,
        "undo_used": ctl.undo_used,
        "hints_used": ctl.hints_used,
    }


def deal_row(ctl: TableController) -> DealRow:
    """The finished deal (after its end, before :meth:`next_deal`) as the database's row."""
    return summarize(
        ctl.state,
        preset=ctl.preset,
        seed=ctl.seed,
        match_key=ctl.match_key,
        deal_index=ctl.deal_index,
        ai_level=ctl.ai_level,
        human_seat=ctl.human_seat,
        match=ctl.match,
        levels_before=ctl.levels_before,
        levels_after=ctl.levels_after,
        totals_after=ctl.totals(),
        duration_s=ctl.wall_clock() - ctl.deal_started_wall,
        undo_used=ctl.undo_used,
        hints_used=ctl.hints_used,
        autoplay=ctl.autoplay,
        options=dict(ctl.options),
    )
