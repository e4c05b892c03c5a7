"""The table scene: construction, flow (the controller's events shown on the table) and the
Scene protocol; what it shows and how it answers is done by the parts it holds (see the
package docstring)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, registry, save, storage
from game.history import db as history_db
from game.rules.base import Action
from game.scenes.base import Scene
from game.scenes.table.actions import TableActions, keeps_save
from game.scenes.table.bar import ActionBar
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.coach import TableCoach
from game.scenes.table.context import TableContext, TableNames, TableParts
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.events import TableInput
from game.scenes.table.flights import Flights
from game.scenes.table.geometry import TableLayout
from game.scenes.table.hand import PlayerHand
from game.scenes.table.layout import RESULT_DELAY
from game.scenes.table.lesson import TableLesson
from game.scenes.table.overlays import Overlays
from game.scenes.table.state import TableState
from game.scenes.table.view import PASS_MARK, GameView, view_class
from game.table import info
from game.table.controller import TableController, TableEvent
from game.table.frame import TableFrame
from game.table.lesson import LessonRunner, lesson_for
from game.widgets.hand import HandWidget

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)


class TableScene(Scene):
    """The table of the game ``preset`` (its id in the game registry)."""

    opaque = True
    music = "table"
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
    ) -> None:
        super().__init__(app)
        self.preset = preset
        self.title_key = f"preset.{preset}.name"
        self.board = TableState(anim_factor=lambda: app.anim_factor())
        self.controller = self._controller(controller, snapshot, threaded, seed, options)
        self._build(lesson)
        self._motion_frame: tuple[Any, Any] = (None, None)  # a frame, and it with nobody thinking
        self.player_hand.sync(force=True)
        if snapshot is not None:
            # A resumed deal shows its table as it stands, without the dealing animation.
            self.controller.update(hold=True)
            self._restore_plays()
            self.player_hand.sync(force=True)

    def _controller(
        self,
        controller: TableController | None,
        snapshot: dict[str, Any] | None,
        threaded: bool,
        seed: int | None,
        house: dict[str, Any] | None,
    ) -> TableController:
        """The table's controller: a ready one (tests, screenshots, lessons), a saved match's,
        or a new match with the house rules ``house`` (variants.md; None: the defaults)."""
        app = self.app
        if controller is not None:  # the scene drives its clock and saving
            controller.clock = self._clock
            controller.on_change = self._autosave
            controller.on_deal_end = self._record_deal
            return controller
        options = dict(
            think_delay=app.settings.ai_delay_ms / 1000.0,
            autoplay=app.autoplay,
            threaded=threaded,
            clock=self._clock,
            on_change=self._autosave,
            on_deal_end=self._record_deal,
            undo=app.settings.undo_allowed(),
        )
        if snapshot is not None:
            return TableController.from_snapshot(snapshot, **options)
        return TableController(
            self.preset,
            seed=app.seed if seed is None else seed,
            ai_level=app.settings.ai_level,
            options=house,
            **options,
        )

    def _build(self, runner: LessonRunner | None) -> None:
        """The parts of the table, each given what it needs."""
        app, controller, board = self.app, self.controller, self.board
        spec = registry.get(self.preset)
        names = self.names = TableNames(controller.seats)
        ctx = TableContext(names)
        self.view: GameView = view_class(self.preset)(ctx)
        self.player_hand = PlayerHand(app, self.preset, controller, self.view, board)
        full_hand = -(-len(spec.pack()) // spec.seats)
        self.layout = TableLayout(app, self.hand, controller.seats, full_hand)
        self.lesson = TableLesson(app, runner, controller, board, self.layout, self._leave_lesson)
        self.coach = TableCoach(app, controller, board, self.layout, lesson=runner is not None)
        self.ceremonies = Ceremonies(board, self.layout, self.view)
        self.actions = TableActions(
            app, controller, self.view, board, self.player_hand, self.lesson, self.coach
        )
        self.flights = Flights(app, board, self.layout, self.hand.wild)
        self.drawer = TableDrawer(
            app, controller, self.view, board, self.layout, self.player_hand, self.lesson,
            self.ceremonies, names,
        )  # fmt: skip
        topbar = lambda: app.topbar_height  # noqa: E731 - read live, the bar may change
        drawer = self.drawer
        text = lambda *args, **options: drawer.text(*args, **options)  # noqa: E731 - live
        parts = TableParts(
            frame=self._frame,
            state=board,
            layout=self.layout,
            flights=self.flights,
            text=text,
            act=self.actions.do,
            pass_turn=self.actions.pass_turn,
            topbar_height=topbar,
        )
        ctx.attach(parts)
        self.overlays = Overlays(
            ctx, controller, self.view, board, self.layout, self.drawer, self.actions,
            self.lesson, self.go_back,
        )  # fmt: skip
        self.bar = ActionBar(
            controller, self.view, board, self.layout, self.player_hand, self.actions,
            self.lesson, self.overlays.house, self.overlays.toggle_last_trick, self._undo,
        )  # fmt: skip
        self.input = TableInput(
            controller, self.view, board, self.player_hand, self.actions, self.lesson,
            self.ceremonies, self.overlays, self.bar, self._undo,
        )  # fmt: skip

    @classmethod
    def for_lesson(cls, app: Services, preset: str, *, threaded: bool = True) -> Any:
        """A table that plays ``preset``'s lesson, or None when the game has none."""
        found = lesson_for(preset)
        if found is None:
            return None
        runner = LessonRunner(found)
        controller = TableController(
            preset,
            seed=1,
            ai_level="normal",
            think_delay=app.settings.ai_delay_ms / 1000.0,
            threaded=threaded,
            bot_factory=runner.bot,
        )
        controller.use_deal(runner.deal())
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
    def overlay(self) -> str | None:
        """The overlay up: "chooser" | "result" | "last_trick" | "house", or None."""
        return self.board.overlay

    @overlay.setter
    def overlay(self, value: str | None) -> None:
        self.board.overlay = value

    @property
    def buttons(self) -> list[Any]:
        """The action bar's buttons."""
        return self.bar.buttons

    def controls(self) -> list[tuple[str, pygame.Rect]]:
        """Every control the player can use now, each named and with its rectangle: with an
        overlay up only its buttons ("overlay:Close", the chooser's rows among them; it is
        modal), else the action bar ("action:Play"), the hand ("hand") and the seat plates
        ("plate:1"). For checks of what a window shows (tests/test_small_window.py)."""
        found = [(f"overlay:{b.text()}", b.rect) for b in self.overlays.buttons if b.rect.width]
        if self.overlay is not None:
            return found
        found += [(f"action:{b.text()}", b.rect) for b in self.bar.buttons if b.rect.width]
        if self.hand.rect.width:
            found.append(("hand", self.hand.rect))
        seats = self.layout.rects.get("seats", {})
        found += [(f"plate:{seat}", rect) for seat, rect in sorted(seats.items())]
        return found

    @property
    def state(self) -> Any:
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
        return self.actions.can_act()

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

    def _leave_lesson(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def leave(self) -> None:
        self.coach.reset()

    def _autosave(self, controller: TableController) -> None:
        # A scripted deal cannot be replayed, and an unattended --autoplay run must not
        # overwrite the player's own saved match.
        if controller.scripted or controller.autoplay:
            return
        if controller.match_over:
            save.clear_autosave(controller.preset)
        else:
            save.write_autosave(controller.snapshot())

    def _record_deal(self, controller: TableController, row: Any) -> None:
        # Every finished deal goes to the history database, autoplay ones marked as such and
        # those the coach judged a move of too (issue 41).
        history_db.record_deal(replace(row, coached=True) if self.coach.deal_marked else row)

    def _undo(self) -> None:
        """Take back the player's last action (and the AI's after it)."""
        if not self.controller.undo():
            return
        board = self.board
        self.coach.reset()
        board.queue.clear()
        board.flyers = []
        board.overlay = None
        board.notice = None
        self.player_hand.clear()
        self._restore_plays()
        self.player_hand.sync(force=True)
        board.refresh()
        board.announce("table.undone")

    def _restore_plays(self) -> None:
        """Rebuild the plays in front of the seats and their tags (after a resume or undo)."""
        frame = self.frame
        self.board.plays = self.view.restore_plays(frame)
        self.board.play_kinds = self.view.restore_play_kinds(frame, self.board.plays)

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
        if board.overlay == "result":  # the ladder's move and a match won's confetti
            self.overlays.result.update(dt)
        board.flyers = [f for f in board.flyers if not f.done]
        # The AI waits while the player reads a panel or a top-bar menu (issue 40).
        hold = (
            board.busy()
            or bool(board.queue)
            or board.overlay in ("chooser", "last_trick", "house")
            or self.app.menu_open
            or self.lesson.holds()  # a lesson's note, or its script's end (issue 41)
        )
        board.queue.extend(controller.update(hold=hold))
        # Events are shown one after the other: the deal's animation, then each tribute,
        # return or play flies in turn.
        while board.queue and not board.busy():
            self._on_event(board.queue.popleft())
        settled = not board.queue and not board.busy()
        self.lesson.update(settled)
        self.coach.update()
        # The chime when the person's turn begins and the table is still.
        self.app.audio.on_turn(controller.is_human_turn() and settled)
        self._update_banner(settled)
        ready = not board.flyers and self.lesson.note is None
        if board.result_at is not None and board.time >= board.result_at and ready:
            board.result_at = None
            self.overlays.open_result()
        hint = controller.take_hint()
        if hint is not None:
            self.actions.show_hint(hint)
        frame = self.frame
        if frame.autoplay and board.overlay == "result" and not frame.awaiting_next:
            board.overlay = None
        self.player_hand.sync()
        self._refresh_ui()
        if self.app.autoplay and frame.match_over and self.app.quit_when_done:
            self.app.quit()

    def _update_banner(self, settled: bool) -> None:
        """The game's announcements, and its pinned prompt once the table is still."""
        board, frame = self.board, self.frame
        for sentence in self.view.announcements(frame):
            board.say(sentence)
        pinned = self.view.pinned_banner(frame) if self.can_act() else None
        if pinned is not None and settled:
            board.say(pinned)  # the prompt's pair (issue 40)
        if board.banner is not None and board.time > board.banner[1]:
            board.banner = None

    def _on_event(self, event: TableEvent) -> None:
        """One controller event shown on the table."""
        board = self.board
        outcome = registry.get(self.preset).outcome
        self.app.audio.on_table_event(event, self.controller.human_seat, outcome)
        if event.kind == "deal_start":
            self.coach.reset()
            self.coach.deal_marked = False
            board.plays = {}
            board.kitty_shown = None
            board.hold_until = -100.0
            board.overlay = None
            board.result_at = None
            board.deal_started = board.time
            self.view.reset()
            self.player_hand.sync(force=True)
            self.flights.deal_flyers(self.seats)
            return
        if event.kind == "deal_end":
            board.result_at = board.time + RESULT_DELAY / board.factor()
            self.ceremonies.deal_end(self.frame)
            return
        if event.kind == "match_end" or event.action is None:
            return
        self._on_action(event, event.action, event.seat)

    def _on_action(self, event: TableEvent, action: Action, seat: int | None) -> None:
        board = self.board
        if action.kind == "play":
            if event.lead:
                board.plays = {}
            lead = next(iter(board.plays.values()), None)  # the trick's first play
            cards = tuple(action.cards)
            board.plays.pop(seat, None)  # the plays in the order made: the latest last
            board.plays[seat] = cards
            kind = self.view.play_kind(self.frame, lead, cards, action.combo)
            board.play_kinds[seat] = (cards, kind)
            self.flights.fly_cards(seat, action.cards, seat)
            if info.is_bomb(action.combo):  # flash, shake, burst (skipped at the fastest speed)
                self.ceremonies.bomb(action.combo, len(cards))
        elif action.kind == "pass":
            board.plays.pop(seat, None)
            board.plays[seat] = PASS_MARK
        else:  # what only some games do (tributes, declarations, the kitty)
            self.view.on_action(event)
        if seat == 0 or seat is None:
            self.player_hand.clear()

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
            board.overlay,
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
        self.bar.build(human, actions)
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
        self.bar.draw(surface)
        self.drawer.draw_air(surface)
        self.ceremonies.draw(surface)
        self.ceremonies.impact.apply(surface, self.board.time, self.layout.scale)

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
        the play they land on. None while the whole table moves: the deal is dealt or a bomb's
        shake and flash play."""
        board = self.board
        if board.dealing() or self.ceremonies.moving():
            return None
        if board.overlay == "result" and self.overlays.result.moving:  # ladder, confetti
            return None
        frame = self.frame
        if self._motion_frame[0] is not frame:
            # Which seat thinks shows only in its ring and the message line (moving places
            # below): a bot starting to think is not a new picture.
            still = replace(frame, thinking_seat=None) if frame.thinking_seat is not None else frame
            self._motion_frame = (frame, still)
        hand = (tuple(self.hand.cards), tuple(sorted(self.hand.selected)), self.hand.focus)
        buttons = tuple(
            (b.key, b.label, b.enabled, b.hovered, b.focused)
            for b in (*self.bar.buttons, *self.overlays.buttons)
        )
        key = (
            self._motion_frame[1],
            board.overlay,
            hand,
            board.show_focus and self.can_act(),
            tuple(sorted(board.plays.items())),
            buttons,
            board.kitty_shown,
            board.banner[0] if board.banner is not None else None,
            (board.notice, board.notice_color),
            board.show_counter,
            (self.lesson.note, tuple(b.hovered for b in self.lesson.buttons)),
            self.coach.note,
        )
        return key, self._moving(frame)

    def _moving(self, frame: TableFrame) -> list[pygame.Rect]:
        """The places that move: cards in flight, the plays they land on, a thinking seat."""
        layout = self.layout
        moving = [layout.flyer_rect(f) for f in self.board.flyers if f.t >= f.delay]
        # A play is hidden while its cards fly: its place changes when they land.
        for seat in {f.seat for f in self.board.flyers if f.seat is not None}:
            box = self.drawer.play_box(seat)
            if box is not None:
                moving.append(box)
        seat = frame.thinking_seat  # its ring turns (see the drawer); the message names it
        if seat is not None:
            moving.append(layout.message_area())
            if seat == frame.current_player and not frame.is_terminal:
                moving.append(layout.ring_rect(seat))
        return moving
