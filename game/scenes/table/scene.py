"""The table scene: the making of its parts in the order they need each other, and the Scene
protocol; the match it plays comes from ``match.py``, and what it shows and how it answers is
done by the parts it holds (see the package docstring)."""

from __future__ import annotations

import datetime
import logging
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
from game.scenes.table.coach import TableCoach
from game.scenes.table.context import TableContext, TableNames, TableParts
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.events import TableInput
from game.scenes.table.flights import Flights
from game.scenes.table.flow import TableFlow
from game.scenes.table.geometry import TableLayout
from game.scenes.table.hand import PlayerHand
from game.scenes.table.lesson import TableLesson
from game.scenes.table.match import lesson_controller, table_controller
from game.scenes.table.menu_choices import MenuChoices
from game.scenes.table.message import MessageLine
from game.scenes.table.modals import Modals, Overlay
from game.scenes.table.moments import TableMoments, motion_of
from game.scenes.table.overlays import Overlays, controls, toggle_last_trick
from game.scenes.table.pen import TablePen
from game.scenes.table.seating import SeatPlates
from game.scenes.table.shown import TableShown
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView, view_class
from game.table.controller import TableController
from game.table.frame import TableFrame
from game.table.lesson import LessonRunner, lesson_for
from game.widgets.common import Button
from game.widgets.hand import HandWidget

if TYPE_CHECKING:  # pragma: no cover
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
        snapshot: dict[str, Any] | None = None,
        controller: TableController | None = None,
        threaded: bool = True,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
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
        seats = SeatPlates(choices, self.view, board, layout, names, self.pen, moments.mood)
        self.drawer = TableDrawer(
            choices, self.view, board, layout, widget, self.ceremonies.draw_lead_marker, seats,
            self.pen,
        )  # fmt: skip
        self.message_line = MessageLine(
            board, self.player_hand, self.view, layout, names, self.lesson.waits
        )
        # What each part of the picture shows (issue 54: a play redraws only its parts).
        self.shown = TableShown(self.drawer, self.view, board, layout, moments, self.ceremonies)
        self.flow: TableFlow = TableFlow(
            controller, self.view, board, self.player_hand, self.flights, self.ceremonies,
            self.coach.reset,
        )  # fmt: skip
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
        overlays = Overlays(ctx, controller, view, self.board, self.drawer, commands, self.lesson)
        self.overlays = overlays
        self.bar: ActionBar = ActionBar(controller, view, self.layout, commands)
        routes = (overlays.guard.track, self.lesson.handle, self.ceremonies.take, overlays.handle)
        self.input = TableInput(routes, self.bar, self.player_hand, self.board, commands)

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
        toggle_last_trick(self.modals, self.view, self.frame)

    def _leave_lesson(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        self.coach.reset()

    def _undo(self) -> None:
        """Take back the player's last action (and the AI's after it)."""
        if self.controller.undo():
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

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole picture: the table, then what lies over it."""
        self.draw_film(surface)
        self.draw_over(surface)

    def draw_film(self, surface: pygame.Surface) -> None:
        """The table and its cards: the part the film look grades (the app grades it before
        :meth:`draw_over`)."""
        if self.layout.fit(surface.get_size()):
            self.board.refresh()
        self.drawer.draw_table(surface, self.frame, self.can_act())
        self.message_line.draw(surface, self.frame)
        self.bar.draw(surface)
        self.drawer.draw_air(surface)
        self.ceremonies.draw(surface)  # the moments' effects, then a ceremony's words
        self.ceremonies.impact.apply(surface, self.board.time, self.layout.scale)

    def camera(self) -> tuple[int, int, int]:
        """The effects' shake and flash, applied to the graded table (issue 54)."""
        return self.moments.camera()

    def over_shown(self) -> bool:
        """Whether a panel lies over the table (the chooser, a result, the last trick, the
        card counter, a lesson's note)."""
        return self.overlays.shown() or self.lesson.note is not None

    def draw_over(self, surface: pygame.Surface) -> None:
        """The panels over the table, drawn after the film look so that they stay as drawn."""
        self.overlays.draw_counter(surface)
        self.coach.draw(surface)
        self.overlays.draw(surface)
        self.lesson.draw(surface)

    def still_key(self) -> object:
        """What the picture shows while nothing on it moves, else None (see :meth:`motion`)."""
        motion = self.motion()
        return motion[0] if motion is not None and not motion[1] else None

    def motion(self) -> tuple[object, list[pygame.Rect]] | None:
        """What the picture shows outside the places that move (the controller's frame, the
        hand and selection, the plays, the buttons, the overlay, the banner) and those
        places: the turning ring of a seat that thinks, the cards in flight and the place of
        the play they land on, a ceremony's burst. None while the whole table moves: the deal
        is dealt or a bomb's shake and flash play."""
        board = self.board
        if board.dealing() or self.ceremonies.moving():
            return None
        if self.modals.up(Overlay.RESULT) and self.overlays.result.moving:  # ladder, confetti
            return None
        frame = self.frame
        over = self.over_shown()  # a panel over the table may show anything of the frame
        buttons = tuple(
            (b.key, b.text(), b.enabled, b.hovered, b.focused) for b in self.overlays.buttons
        )
        shown, moving = self.moments.motion_parts()  # faces, warnings; effects (issue 54)
        key = (
            self.shown.rest(frame, whole=over),  # the parts a play changes: apart (issue 54)
            shown if over else None,
            self.shown.parts(
                frame,
                self.message_line.message(frame),
                self.bar.buttons,
                self.hand,
                board.show_focus and self.can_act(),
            ),
            self.modals.top,
            buttons,
            board.kitty_shown,
            str(board.banner[0]) if board.banner is not None else None,
            (str(board.notice) if board.notice is not None else None, board.notice_color),
            board.show_counter,
            (self.lesson.note, tuple(b.hovered for b in self.lesson.buttons)),
            self.coach.note,
        )
        return key, self.drawer.moving(frame) + moving + self.ceremonies.areas()
