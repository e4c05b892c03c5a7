"""The table scene: the making of its parts in the order they need each other, and the Scene
protocol; the match it plays comes from ``match.py``, and what it shows and how it answers is
done by the parts it holds (see the package docstring)."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, registry, save, storage
from game.rules.base import DealState
from game.scenes.base import Scene
from game.scenes.table.actions import (
    MatchChoices,
    TableActions,
    TableCommands,
    TableMoves,
    keeps_save,
)
from game.scenes.table.bar import ActionBar
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.chooser import Chooser
from game.scenes.table.coach import TableCoach
from game.scenes.table.context import TableContext, TableNames, TableParts
from game.scenes.table.counter_panel import CardCounter
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.events import TableInput
from game.scenes.table.flights import Flights
from game.scenes.table.flow import TableFlow
from game.scenes.table.geometry import TableLayout
from game.scenes.table.hand import PlayerHand
from game.scenes.table.house import HouseRulesPanel
from game.scenes.table.last_trick import LastTrick
from game.scenes.table.lesson import TableLesson
from game.scenes.table.match import lesson_controller, table_controller
from game.scenes.table.menu_choices import MenuChoices
from game.scenes.table.message import MessageLine
from game.scenes.table.modals import Modals, Overlay
from game.scenes.table.moments import TableMoments, motion_of
from game.scenes.table.overlays import Overlays, Panels, controls
from game.scenes.table.pen import TablePen
from game.scenes.table.picture import Layers, TablePicture
from game.scenes.table.result_buttons import ResultButtons
from game.scenes.table.result_panel import ResultPanel
from game.scenes.table.seating import SeatPlates
from game.scenes.table.shown import TableShown
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView, view_class
from game.table.controller import TableController
from game.table.frame import TableFrame
from game.table.lesson import LessonRunner, lesson_for
from game.table.record import Snapshot
from game.widgets.common import Button
from game.widgets.hand import HandWidget

if TYPE_CHECKING:  # pragma: no cover
    from game.house_rules import HouseRules
    from game.services import Services

log = logging.getLogger(__name__)


class TableScene(Scene):
    """The table of the game ``preset`` (its id in the game registry)."""

    opaque = True
    music: str | None = "table"
    film = True  # the film look grades the table and its cards, not the bar or menus

    def __init__(
        self,
        app: Services,
        preset: str,
        *,
        snapshot: Snapshot | None = None,
        controller: TableController | None = None,
        threaded: bool = True,
        seed: int | None = None,
        options: HouseRules | None = None,
        lesson: LessonRunner | None = None,
        daily: datetime.date | None = None,
    ) -> None:
        super().__init__(app)
        self.preset = preset
        self.title_key = f"preset.{preset}.name"
        self.board = TableState(anim_factor=lambda: app.anim_factor(), motion=motion_of(app))
        self.modals: Modals = self.board.modals
        self.controller = table_controller(
            app, preset, self._clock, controller=controller, snapshot=snapshot,
            threaded=threaded, seed=seed, house=options, daily=daily,
        )  # fmt: skip
        self._build(lesson)
        self.player_hand.sync(force=True)
        if snapshot is not None:
            # A resumed deal shows its table as it stands, without the dealing animation.
            self.controller.update(hold=True)
            self.flow.restore_plays()
            self.player_hand.sync(force=True)

    def _build(self, runner: LessonRunner | None) -> None:
        """The parts of the table, each given what it needs, in the order they need each
        other: what the View's context reaches is made first, the View next, then the parts
        that ask the View."""
        app, controller, board = self.app, self.controller, self.board
        spec = registry.get(self.preset)
        names = self.names = TableNames(controller.seats)
        widget = HandWidget()
        full_hand = -(-len(spec.pack()) // spec.seats)
        self.layout = layout = TableLayout(app, widget, controller.seats, full_hand)
        self.pen = TablePen(layout)
        self.flights = Flights(app, board, layout)
        self.lesson = TableLesson(app, runner, controller, board, layout, self._leave_lesson)
        self.coach = TableCoach(
            app, controller, self.modals, board, layout, lesson=runner is not None,
            label=lambda action: self.view.action_label(action),  # the view comes next
        )  # fmt: skip
        self.moves = TableMoves(controller, board, widget, self.lesson, self.coach)
        parts = TableParts(
            frame=self._frame,
            state=board,
            layout=layout,
            flights=self.flights,
            text=lambda *args, **options: self.pen.text(*args, **options),  # live (tests spy)
            act=self.moves.do,
            pass_turn=self.moves.pass_turn,
            topbar_height=lambda: app.topbar_height,  # read live, the bar may change
        )
        self.view: GameView = view_class(self.preset)(TableContext(names, parts))
        self.player_hand = PlayerHand(app, controller, self.view, board, widget)
        self.actions = TableActions(controller, self.view, board, self.player_hand, self.moves)
        self.choices = MatchChoices(app, controller, self.view, board, self.lesson)
        bar = lambda: self.bar.buttons  # noqa: E731 - made below, read live
        self.moments = moments = TableMoments(
            board, layout, self.view.moments(), widget, self._frame, bar
        )
        self.ceremonies = Ceremonies(board, layout, self.view, moments)
        choices = MenuChoices(  # read live: the menus may change them mid-match
            felt=lambda: str(app.settings.felt),
            card_back=lambda: str(app.settings.card_back),
            ai_level=lambda: controller.ai_level,
        )
        self.seat_plates = SeatPlates(choices, self.view, board, layout, self.pen, moments.mood)
        self.drawer = TableDrawer(choices, self.view, board, layout, widget, self.pen)
        self.ceremonies.banner_box = self.drawer.banner_box  # a ceremony's words clear it
        self.message_line = MessageLine(
            board, self.player_hand, self.view, layout, names, self.lesson.waits
        )
        self.flow: TableFlow = TableFlow(
            controller, self.view, board, self.player_hand, self.flights, self.ceremonies
        )
        self._parts_over(self.view.ctx)

    def _parts_over(self, ctx: TableContext) -> None:
        """The panels over the table, the action bar and the input, with the commands of
        their buttons and keys."""
        controller, view = self.controller, self.view
        commands = TableCommands(
            can_act=self.moves.can_act,
            act=self.moves.do,
            primary=self.actions.primary,
            pass_turn=self.moves.pass_turn,
            hint=self.actions.hint,
            resort=self.player_hand.resort,
            undo=self._undo,
            counter=self.board.toggle_counter,
            leave_lesson=self.lesson.leave,
            next_deal=self.choices.next_deal,
            new_match=self.choices.new_match,
            menu=self.go_back,
            house=partial(self.modals.toggle, Overlay.HOUSE) if controller.options else None,
            last_trick=self._toggle_last_trick if view.has_last_trick else None,
        )
        board, layout, pen, frame = self.board, self.layout, self.pen, self._frame
        meaning_cards = lambda action: view.meaning_cards(action, frame())  # noqa: E731
        result = ResultPanel(ctx, view)
        panels = Panels(
            Chooser(meaning_cards, board, layout, pen, commands.act, board.close_panel),
            LastTrick(frame, view, layout, self.drawer, board.close_panel),
            HouseRulesPanel(controller, self.modals, layout),
            result,
            ResultButtons(controller, self.lesson, commands, result, layout),
        )
        self.overlays = overlays = Overlays(panels, board, pen, layout)
        pack = registry.get(self.preset).pack()
        self.counter = CardCounter(
            self._frame, view, self.board, self.layout, self.pen, pack, controller.human_seat
        )
        self.bar: ActionBar = ActionBar(controller, view, self.layout, commands)
        routes = (overlays.guard.track, self.lesson.handle, self.ceremonies.take, overlays.handle)
        self.input = TableInput(routes, self.bar, self.player_hand, self.board, commands)
        # What each part of the picture shows (issue 54: a play redraws only its parts).
        shown = TableShown(
            self.seat_plates, view, self.board, self.layout, self.moments, self.ceremonies
        )
        layers = Layers(
            self.drawer, self.seat_plates, self.message_line, self.bar, self.ceremonies, self.moments,
            self.counter, self.coach, overlays, self.lesson, shown,
        )  # fmt: skip
        self.picture = TablePicture(
            layers, self.board, self.layout, self._frame, self.hand, self.moves.can_act
        )

    @classmethod
    def for_lesson(cls, app: Services, preset: str, *, threaded: bool = True) -> TableScene | None:
        """A table that plays ``preset``'s lesson, or None when the game has none."""
        found = lesson_for(preset)
        if found is None:
            return None
        runner = LessonRunner(found)
        controller = lesson_controller(app, preset, runner, threaded=threaded)
        return cls(app, preset, controller=controller, lesson=runner)

    @classmethod
    # Any: the controller's keywords, passed on
    def resume(cls, app: Services, preset: str, **options: Any) -> TableScene | None:
        """``preset``'s autosaved match at its table, or None (see the module docstring)."""
        data = save.load_autosave(preset)
        if data is None:
            return None
        try:
            return cls(app, data["preset"], snapshot=data, **options)
        except Exception as error:  # any save that does not replay is set aside, never fatal
            log.warning("the autosave does not replay: %s", error)
            save.move_aside(preset, str(error))
            return None

    # --- what tools and tests read --------------------------------------------------------
    @property
    def hand(self) -> HandWidget:
        """The player's hand widget."""
        return self.player_hand.widget

    @property
    def overlay(self) -> Overlay | None:
        """The panel up (an :class:`Overlay`, equal to its name: "chooser", "result",
        "last_trick", "house"), or None; :attr:`modals` opens and closes them."""
        return self.modals.top

    @property
    def buttons(self) -> list[Button]:
        """The action bar's buttons."""
        return self.bar.buttons

    def controls(self) -> list[tuple[str, pygame.Rect]]:
        """Every control the player can use now, named, with its rectangle (``controls``)."""
        seats, modal = self.layout.rects.get("seats", {}), self.overlay is not None
        return controls(self.overlays.buttons, modal, self.bar.buttons, self.hand.rect, seats)

    @property
    def state(self) -> DealState:
        """The engine's deal state (for tools and tests; the scene reads :attr:`frame`)."""
        return self.controller.state

    @property
    def frame(self) -> TableFrame:
        """The table as it stands (one immutable snapshot per position, see
        ``game.table.frame``)."""
        return self.controller.frame()

    def _frame(self) -> TableFrame:
        return self.controller.frame()

    @property
    def seats(self) -> int:
        return self.controller.seats

    @property
    def time(self) -> float:
        return self.board.time

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.size

    def _clock(self) -> float:
        return self.board.time

    @property
    def saves(self) -> bool:
        """Whether this table keeps its match in the autosave."""
        return keeps_save(self.controller)

    def can_act(self) -> bool:
        """It is the player's turn and the table is ready for it (not while dealing)."""
        return self.moves.can_act()

    def dealing(self) -> bool:
        """The deal is still being shown: no control acts until every card has arrived."""
        return self.board.dealing()

    def busy(self) -> bool:
        """Animations the AI waits for (dealing, cards in flight)."""
        return self.board.busy()

    # --- leaving, saving and undoing ------------------------------------------------------
    def go_back(self) -> None:
        """Leave the table (Esc, Back, Menu); a match in progress says it is saved (unless
        its save is failing: that notice was shown already)."""
        if self.saves and not storage.failing(save.NOT_SAVED_NOTICE):
            self.app.toast("table.match_saved")
        self.app.stack.pop()

    def _toggle_last_trick(self) -> None:
        self.overlays.toggle_last_trick()

    def _leave_lesson(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        self.coach.reset()

    def _undo(self) -> None:
        """Take back the player's last action (and the AI's after it)."""
        if self.controller.undo():
            self.coach.reset()  # its note was on the move taken back
            self.flow.undone()

    # --- the frame loop -------------------------------------------------------------------
    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        self.layout.arrange(self.app.size)
        self.board.refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle(event)

    def update(self, dt: float) -> None:
        board, controller = self.board, self.controller
        board.time += dt
        # The think delay and undo follow the settings live.
        controller.think_delay = max(0.0, self.app.settings.ai_delay_ms / 1000)
        controller.undo_enabled = self.app.settings.undo_allowed()
        for flyer in board.flyers:
            flyer.t += dt * board.factor()
        self.moments.update(dt)
        if self.modals.up(Overlay.RESULT):  # the ladder's move and a match won's confetti
            self.overlays.result.update(dt)
        board.flyers = [f for f in board.flyers if not f.done]
        # The AI waits while the player reads a panel or a top-bar menu (issue 40).
        hold = (
            board.busy()
            or bool(board.queue)
            or self.modals.holds()
            or self.app.menu_open
            or self.lesson.holds()  # a lesson's note, or its script's end (issue 41)
            or self.coach.holds()  # the verdict on the player's move, briefly (issue 55)
        )
        board.queue.extend(controller.update(hold=hold))
        # Events are shown one after the other: the deal's animation, then each tribute,
        # return or play flies in turn.
        outcome = registry.get(self.preset).outcome
        while board.queue and not board.busy():
            event = board.queue.popleft()
            self.app.audio.on_table_event(event, controller.human_seat, outcome)
            if event.kind == "deal_start":
                self.coach.reset()  # its note was on the deal before
            self.flow.show(event)
        settled = not board.queue and not board.busy()
        self.lesson.update(settled)
        self.coach.update()
        # The chime when the person's turn begins and the table is still.
        self.app.audio.on_turn(controller.is_human_turn() and settled)
        self.flow.banner(settled, self.can_act())
        ready = not board.flyers and self.lesson.note is None
        if board.result_at is not None and board.time >= board.result_at and ready:
            board.result_at = None
            self.overlays.open_result()
        hint = controller.take_hint()
        if hint is not None:
            self.actions.show_hint(hint)
        frame = self.frame
        if frame.autoplay and self.modals.up(Overlay.RESULT) and not frame.awaiting_next:
            self.modals.close(Overlay.RESULT)
        self.player_hand.sync()
        self._refresh_ui()
        if self.app.autoplay and controller.ended and self.app.quit_when_done:
            self.app.quit()

    def _refresh_ui(self) -> None:
        """Build the bar's and the overlay's buttons again when what they show changed."""
        frame, board = self.frame, self.board
        human = self.can_act()
        actions, _refusal = self.player_hand.selection_status() if human else ([], None)
        key = (
            human,
            frame.phase,
            tuple(sorted(self.hand.selected)),
            bool(actions),
            self.modals.top,
            self.player_hand.by_suit,
            frame.position,
            frame.awaiting_next,
            frame.match_over,
            i18n.language(),
            self.layout.size,
            self.controller.undo_enabled,
        )
        if key == board.ui_key:
            return
        board.ui_key = key
        hand = self.player_hand
        self.bar.build(
            human,
            actions,
            selected=len(hand.widget.selected),
            by_suit=hand.by_suit,
            lesson=self.lesson.active,
        )
        self.overlays.build()

    # --- drawing (the picture's) --------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole picture: the table, then what lies over it."""
        self.draw_film(surface)
        self.draw_over(surface)

    def draw_film(self, surface: pygame.Surface) -> None:
        self.picture.draw_film(surface)

    def draw_under(self, surface: pygame.Surface) -> None:
        self.picture.draw_film(surface, "under")

    def draw_light(
        self, surface: pygame.Surface, tone: Callable[[pygame.Surface], pygame.Surface]
    ) -> None:
        self.picture.draw_light(surface, tone)

    def lights(self) -> list[pygame.Rect]:
        return self.picture.lights()

    def camera(self) -> tuple[int, int, int]:
        """The effects' shake and flash, applied to the graded table (issue 54)."""
        return self.moments.camera()

    def over_shown(self) -> bool:
        return self.picture.over_shown()

    def draw_over(self, surface: pygame.Surface) -> None:
        self.picture.draw_over(surface)

    def still_key(self) -> object:
        return self.picture.still_key()

    def motion(self) -> tuple[object, list[pygame.Rect]] | None:
        return self.picture.motion()
