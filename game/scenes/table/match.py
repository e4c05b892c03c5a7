"""The match a table plays: its controller (a ready one, a saved match's, the deal of the day
or a new match), a lesson's scripted controller, the autosave after each change, and the
deal-end service that hands each finished deal to the history's writer (issue 53)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import save
from game.table.controller import TableController
from game.table.daily import daily_controller
from game.table.lesson import LessonRunner
from game.table.record import Snapshot

if TYPE_CHECKING:  # pragma: no cover
    from game.house_rules import HouseRules
    from game.services import DealRecorder, Services
    from game.table.summary import DealRow


def table_controller(
    app: Services,
    preset: str,
    clock: Callable[[], float],
    *,
    controller: TableController | None = None,
    snapshot: Snapshot | None = None,
    threaded: bool = True,
    seed: int | None = None,
    house: HouseRules | None = None,
    daily: datetime.date | None = None,
) -> TableController:
    """The table's controller, driven by the table's ``clock``: a ready one (tests, screenshots,
    lessons), a saved match's, the deal of the day ``daily`` (issue 59), or a new match with the
    house rules ``house`` (variants.md; None: the defaults)."""
    if controller is not None:  # the scene drives its clock and saving
        controller.clock = clock
        controller.on_change = autosave
        controller.on_deal_end = deal_end_service(app.history)
        return controller
    options: dict[str, Any] = dict(  # Any: the controller's keywords, each of its own type
        think_delay=app.settings.ai_delay_ms / 1000.0,
        autoplay=app.autoplay,
        threaded=threaded,
        clock=clock,
        on_change=autosave,
        on_deal_end=deal_end_service(app.history),
        undo=app.settings.undo_allowed(),
    )
    if snapshot is not None:
        return TableController.from_snapshot(snapshot, **options)
    if daily is not None:
        level = app.settings.ai_level
        return daily_controller(preset, daily, options=house, ai_level=level, **options)
    return TableController(
        preset,
        seed=app.seed if seed is None else seed,
        ai_level=app.settings.ai_level,
        options=house,
        **options,
    )


def lesson_controller(
    app: Services, preset: str, runner: LessonRunner, *, threaded: bool = True
) -> TableController:
    """A controller that plays ``runner``'s lesson deal, its AI seats moved by the script."""
    controller = TableController(
        preset,
        seed=1,
        ai_level="normal",
        think_delay=app.settings.ai_delay_ms / 1000.0,
        threaded=threaded,
        bot_factory=runner.bot,
    )
    controller.use_deal(runner.deal())
    return controller


def autosave(controller: TableController) -> None:
    """Keep the match in the autosave after each change (cleared once the match is over)."""
    # A scripted deal cannot be replayed, and neither an unattended --autoplay run nor the
    # deal of the day may overwrite the player's own saved match.
    if controller.scripted or controller.autoplay or controller.daily:
        return
    if controller.match_over:
        save.clear_autosave(controller.preset)
    else:
        save.write_autosave(controller.snapshot())


def deal_end_service(history: DealRecorder) -> Callable[[TableController, DealRow], None]:
    """The controller's deal-end callback: each finished deal's row (marked by the controller:
    autoplay, undo, hints, coached) goes straight to the history's writer, so a finished deal
    never passes through the scene (issue 53)."""

    def record(_controller: TableController, row: DealRow) -> None:
        history.record(row)

    return record
