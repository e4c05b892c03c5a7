"""What a table's match leaves behind: the autosave's snapshot (the seed and the player's and
AI's actions, enough to replay the match; :func:`saved_match` replays one), and a finished
deal's row for the history database. :class:`TableSession` is what they read of the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import registry
from game.rules.base import Action, DealResult, DealState, Match
from game.rules.errors import RulesError
from game.rules.options import OptionValue
from game.table.record import (
    ActionData,
    MatchStart,
    Snapshot,
    SnapshotStatus,
    non_auto_actions,
    rebuild_match,
)
from game.table.summary import DealRow, summarize
from game.words import Words


class TableSession(Protocol):
    """The one protocol of a match at the table, as its parts read it (issue 53): the frame's
    presenter (``presenter.py``) and the autosave and history here. ``TableController`` is
    the one that answers it; no part names the controller's class, which imports them."""

    state: DealState
    match: Match
    preset: str
    seed: int
    seats: int
    ai_level: str
    human_seat: int
    deal_index: int
    match_key: str
    options: dict[str, OptionValue]
    awaiting_next: bool
    autoplay: bool
    undo_used: bool
    hints_used: bool
    coached: bool
    finished_deals: list[list[ActionData]]
    first_deal: MatchStart | None
    deal_result: DealResult | None
    levels_before: dict[int, str] | None
    levels_after: dict[int, str] | None
    deal_started_wall: float
    wall_clock: Callable[[], float]
    daily: str | None

    @property
    def hint_pending(self) -> bool: ...

    @property
    def match_over(self) -> bool: ...

    def totals(self) -> list[int] | None: ...

    def levels(self) -> dict[int, str] | None: ...

    def position(self) -> tuple[object, ...]: ...

    def thinking_seat(self) -> int | None: ...

    def human_options(self) -> list[Action]: ...

    def is_human_turn(self) -> bool: ...

    def leading(self) -> bool: ...

    def pass_refusal(self) -> Words | None: ...


def match_levels(match: Match) -> dict[int, str] | None:
    """Each team's level in ``match`` (the team games), else None."""
    levels = getattr(match, "levels", None)
    return dict(levels) if levels is not None else None


def match_totals(match: Match, seats: int) -> list[int] | None:
    """Each seat's running total in ``match`` (the points games), else None."""
    totals = getattr(match, "totals", None)
    if totals is None:
        return None
    if isinstance(totals, dict):
        return [totals.get(seat, 0) for seat in range(seats)]
    return list(totals)


#: Save format of :func:`snapshot`.
SNAPSHOT_VERSION = 2


def snapshot(ctl: TableSession, *, full: bool = False) -> Snapshot:
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
    data: Snapshot = {}
    if fast and not full:
        totals = ctl.totals() or []
        data["start"] = {"deal_index": int(ctl.match.deal_index), "totals": totals}
    elif ctl.first_deal is not None:
        data["start"] = ctl.first_deal.copy()
    levels = ctl.levels()
    status: SnapshotStatus = {"deal": int(ctl.match.deal_index)}
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


@dataclass(frozen=True)
class Resumed:
    """A match a controller takes up where it stands: the match, the actions of its deals
    already finished (what the autosave keeps of them) and where those begin (``start``: a
    session saved from a later deal; None: at deal 0)."""

    match: Any  # the game's own match class, whose fields the controller reads
    finished: list[list[ActionData]] = field(default_factory=list)
    start: MatchStart | None = None


@dataclass(frozen=True)
class SavedMatch:
    """A snapshot's match replayed up to its last deal's start: ``deals`` are the non-auto
    actions of each deal kept (the last one still to replay), ``start`` where they begin."""

    preset: str
    seed: int
    match: Any  # the game's own match class, as in Resumed
    deals: list[list[ActionData]]
    start: MatchStart | None
    ai_level: str
    match_key: str | None


def saved_match(data: Snapshot) -> SavedMatch:
    """The match of :func:`snapshot` data, its earlier deals replayed; ValueError when they do
    not replay (the last deal is replayed by the controller, once it holds the deal's start
    for undo)."""
    try:
        preset = str(data["preset"])
        seed = int(data["seed"])
        deals = [list(deal) for deal in data["deals"]]
        start = data.get("start")
        rules = data.get("options") or None
        if rules is not None and not isinstance(rules, dict):
            raise TypeError("the saved house rules are not a table")
        match = rebuild_match(
            registry.get(preset).rules, seed, deals[:-1] + [[]], start, options=rules
        )
    except (
        KeyError,
        TypeError,
        AttributeError,
        ImportError,
        RulesError,
        registry.UnknownGameError,
    ) as error:
        raise ValueError(f"the saved match does not replay: {error}") from error
    key = data.get("match_key")
    return SavedMatch(
        preset,
        seed,
        match,
        deals,
        start,
        ai_level=str(data.get("ai_level", "normal")),
        match_key=key if isinstance(key, str) and len(key) < 80 else None,
    )


def deal_row(ctl: TableSession) -> DealRow:
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
        coached=ctl.coached,
        autoplay=ctl.autoplay,
        options=dict(ctl.options),
        daily=ctl.daily,
    )
