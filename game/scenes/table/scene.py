"""The table scene: construction, flow and the player's actions (see the package
docstring)."""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import games, i18n, save, storage
from game.history import db as history_db
from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.base import Scene
from game.scenes.table.bar import TableBar
from game.scenes.table.ceremony import TableCeremony
from game.scenes.table.coach import TableCoach
from game.scenes.table.context import TableContext
from game.scenes.table.drawing import TableDrawing
from game.scenes.table.events import TableInput
from game.scenes.table.hand import TableHand
from game.scenes.table.house import TableHouseRules
from game.scenes.table.layout import (
    BANNER_TIME,
    DEAL_TIME,
    RESULT_DELAY,
    Flyer,
    TableLayout,
    arrangement,
)
from game.scenes.table.lesson import TableLesson
from game.scenes.table.overlays import TableOverlays
from game.scenes.table.plays import TablePlays
from game.scenes.table.view import PASS_MARK, view_class
from game.table import info
from game.table.controller import TableController, TableEvent
from game.table.frame import TableFrame
from game.widgets.common import BRASS, DANGER, Button, scaled
from game.widgets.hand import HandWidget

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)


class TableScene(
    TableLayout,
    TableDrawing,
    TablePlays,
    TableHand,
    TableInput,
    TableOverlays,
    TableHouseRules,
    TableBar,
    TableCeremony,
    TableLesson,
    TableCoach,
    Scene,
):
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
        lesson: Any = None,
    ) -> None:
        super().__init__(app)
        house = options  # the house rules of a new match (variants.md); None: the defaults
        self.preset = preset
        self.title_key = f"preset.{preset}.name"
        self.time = 0.0
        self._motion_frame: tuple[Any, Any] = (None, None)  # a frame, and it with nobody thinking
        options = dict(
            think_delay=app.settings.ai_delay_ms / 1000.0,
            autoplay=app.autoplay,
            threaded=threaded,
            clock=lambda: self.time,
            on_change=self._autosave,
            on_deal_end=self._record_deal,
            undo=self._undo_allowed(),
        )
        if controller is not None:
            self.controller = self._adopt(controller)
        elif snapshot is not None:
            self.controller = TableController.from_snapshot(snapshot, **options)
        else:
            self.controller = TableController(
                preset,
                seed=app.seed if seed is None else seed,
                ai_level=app.settings.ai_level,
                options=house,
                **options,
            )
        self.view = view_class(preset)(TableContext(self))
        self.hand = HandWidget()
        self.hand.wild = self._is_wild
        self.by_suit = self._remembered_order()
        self.plays: dict[int, Any] = {}
        self._init_art()
        self.flyers: list[Flyer] = []
        self._queue: deque[TableEvent] = deque()
        self.deal_started = -100.0
        self.hold_until = -100.0  # the table pauses (no AI move, no next event) until then
        self.kitty_shown: tuple[Card, ...] | None = None  # the revealed kitty in the centre
        self.banner: tuple[str, float] | None = None
        self.notice: str | None = None
        self.notice_color: Any = DANGER
        self.overlay: str | None = None  # "chooser" | "result" | "last_trick"
        self.chooser: list[Action] = []
        self._chooser_rows: list[tuple[Any, ...]] = []  # key, badge, button, action, cards
        self.result_at: float | None = None
        self.show_focus = False
        self.buttons: list[Button] = []
        self.overlay_buttons: list[Button] = []
        self._ui_key: Any = None
        self._selection_cache: tuple[Any, list[Action], str | None] | None = None
        self._rects: dict[str, Any] = {}
        self.size = (1920, 1080)
        self.arrangement = arrangement(self.size)
        self.scale = self.arrangement.scale
        self._order_args: dict[str, Any] | None = None
        self._init_lesson(lesson)
        self._init_coach()
        self._sync_hand(force=True)
        if snapshot is not None:
            # A resumed deal shows its table as it stands, without the dealing animation.
            self.controller.update(hold=True)
            self._restore_plays()
            self._sync_hand(force=True)

    def _adopt(self, controller: TableController) -> TableController:
        """A ready controller (tests, screenshots, lessons): the scene drives its clock and
        saving."""
        controller.clock = lambda: self.time
        controller.on_change = self._autosave
        controller.on_deal_end = self._record_deal
        return controller

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

    @property
    def saves(self) -> bool:
        """Whether this table keeps its match in the autosave (not a scripted deal, not an
        unattended --autoplay run, not a finished match)."""
        ctl = self.controller
        return not (ctl.scripted or ctl.autoplay or ctl.match_over)

    def go_back(self) -> None:
        """Leave the table (Esc, Back, Menu); a match in progress says it is saved (unless
        its save is failing: that notice was shown already)."""
        if self.saves and not storage.failing(save.NOT_SAVED_NOTICE):
            self.app.toast("table.match_saved")
        self.app.stack.pop()

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
        history_db.record_deal(replace(row, coached=True) if self.coached_deal else row)

    def _undo_allowed(self) -> bool:
        return self.app.settings.undo_allowed()

    def _undo(self) -> None:
        """Take back the player's last action (and the AI's after it)."""
        if not self.controller.undo():
            return
        self.coach_reset()
        self._queue.clear()
        self.flyers = []
        self.overlay = None
        self.notice = None
        self.hand.clear()
        self._restore_plays()
        self._sync_hand(force=True)
        self._ui_key = None
        self._announce("table.undone")

    @property
    def state(self) -> Any:
        """The engine's deal state (for tools and tests; the scene reads :attr:`frame`)."""
        return self.controller.state

    @property
    def frame(self) -> TableFrame:
        """The table as it stands (one immutable snapshot per position, see
        ``game.table.frame``)."""
        return self.controller.frame()

    @property
    def seats(self) -> int:
        return self.controller.seats

    def _u(self, value: float) -> int:
        return scaled(value, self.scale)

    def _is_wild(self, card: Card) -> bool:
        return self.view.is_wild(card, self.frame)

    def _anim_factor(self) -> float:
        return max(0.05, self.app.anim_factor())

    def _seat_name(self, seat: int) -> str:
        if seat == 0:
            return i18n.tr("table.seat_you")
        if self.seats == 4 and seat == 2:
            return i18n.tr("table.seat_partner")
        if self.seats == 2:  # the one opponent sits across the table
            return i18n.tr("table.seat_across")
        if seat == 1:
            return i18n.tr("table.seat_right")
        return i18n.tr("table.seat_left")

    def _team_name(self, team: int) -> str:
        return i18n.tr("table.team_us" if team == 0 else "table.team_them")

    def dealing(self) -> bool:
        """The deal is still being shown: no control acts until every card has arrived."""
        return self.time - self.deal_started < self._deal_time()

    def can_act(self) -> bool:
        """It is the player's turn and the table is ready for it (not while dealing)."""
        return self.frame.human_turn and not self.dealing() and not self.lesson_waits()

    def busy(self) -> bool:
        """Animations the AI waits for (dealing, cards in flight)."""
        return bool(self.flyers) or self.dealing() or self.time < self.hold_until

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
        if self.dealing() or getattr(getattr(self, "impact", None), "start", None) is not None:
            return None
        if self.ceremony.active(self.time):  # its burst grows over the whole middle
            return None
        if self.overlay == "result" and self.result_panel.moving:  # the ladder, the confetti
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
            for b in (*self.buttons, *self.overlay_buttons)
        )
        plays = tuple(sorted(self.plays.items()))
        key = (
            self._motion_frame[1],
            self.overlay,
            hand,
            self.show_focus and self.can_act(),
            plays,
            buttons,
            self.kitty_shown,
            self.banner[0] if self.banner is not None else None,
            (self.notice, self.notice_color),
            getattr(self, "show_counter", False),
            (self.lesson_note, tuple(b.hovered for b in self.lesson_buttons)),
            self.coach_note,
        )
        moving = [self._flyer_rect(f) for f in self.flyers if f.t >= f.delay]
        # A play is hidden while its cards fly: its place changes when they land.
        for seat in {f.seat for f in self.flyers if f.seat is not None}:
            box = self._play_box(seat)
            if box is not None:
                moving.append(box)
        seat = frame.thinking_seat  # its ring turns (see _draw_seat); the message names it
        if seat is not None:
            moving.append(self._message_area())
            if seat == frame.current_player and not frame.is_terminal:
                moving.append(self._ring_rect(seat))
        return key, moving

    def _pause(self, seconds: float) -> None:
        """Keep the table still for ``seconds`` (designed at animation speed 50 %)."""
        self.hold_until = max(self.hold_until, self.time + seconds / self._anim_factor())

    def _deal_time(self) -> float:
        return DEAL_TIME / self._anim_factor()

    def _sound(self, event: TableEvent) -> None:
        """What the event sounds like (game.audio's table), as the table shows it."""
        outcome = games.get(self.preset).outcome
        self.app.audio.on_table_event(event, self.controller.human_seat, outcome)

    def enter(self) -> None:
        self.relayout()

    def update(self, dt: float) -> None:
        self.time += dt
        # The think delay and undo follow the settings live.
        self.controller.think_delay = max(0.0, self.app.settings.ai_delay_ms / 1000)
        self.controller.undo_enabled = self._undo_allowed()
        for flyer in self.flyers:
            flyer.t += dt * self._anim_factor()
        if self.overlay == "result":  # the ladder's move and a match won's confetti
            self.result_panel.update(dt)
        self.flyers = [f for f in self.flyers if not f.done]
        # The AI waits while the player reads a panel or a top-bar menu (issue 40).
        hold = (
            self.busy()
            or bool(self._queue)
            or self.overlay in ("chooser", "last_trick", "house")
            or self.app.menu_open
            or self.lesson_holds()  # a lesson's note, or its script's end (issue 41)
        )
        self._queue.extend(self.controller.update(hold=hold))
        # Events are shown one after the other: the deal's animation, then each tribute,
        # return or play flies in turn.
        while self._queue and not self.busy():
            self._on_event(self._queue.popleft())
        self._lesson_update(not self._queue and not self.busy())
        self.coach_update()
        # The chime when the person's turn begins and the table is still.
        self.app.audio.on_turn(
            self.controller.is_human_turn() and not self._queue and not self.busy()
        )
        for sentence in self.view.announcements(self.frame):
            self.banner = (sentence, self.time + BANNER_TIME)
        pinned = self.view.pinned_banner(self.frame) if self.can_act() else None
        if pinned is not None and not self._queue and not self.busy():
            self.banner = (pinned, self.time + BANNER_TIME)  # the prompt's pair (issue 40)
        if self.banner is not None and self.time > self.banner[1]:
            self.banner = None
        ready = not self.flyers and self.lesson_note is None
        if self.result_at is not None and self.time >= self.result_at and ready:
            self.result_at = None
            self._open_result()
        hint = self.controller.take_hint()
        if hint is not None:
            self._show_hint(hint)
        frame = self.frame
        if frame.autoplay and self.overlay == "result" and not frame.awaiting_next:
            self.overlay = None
        self._sync_hand()
        self._refresh_ui()
        if self.app.autoplay and frame.match_over and self.app.quit_when_done:
            self.app.quit()

    def _on_event(self, event: TableEvent) -> None:
        self._sound(event)
        if event.kind == "deal_start":
            self.coach_reset()
            self.coached_deal = False
            self.plays = {}
            self.kitty_shown = None
            self.hold_until = -100.0
            self.overlay = None
            self.result_at = None
            self.deal_started = self.time
            self.view.reset()
            self._sync_hand(force=True)
            self._deal_flyers()
            return
        if event.kind == "deal_end":
            self.result_at = self.time + RESULT_DELAY / self._anim_factor()
            self._deal_ceremony()
            return
        if event.kind == "match_end":
            return
        action = event.action
        seat = event.seat
        if action is None:
            return
        if action.kind == "play":
            if event.lead:
                self.plays = {}
            lead = next(iter(self.plays.values()), None)  # the trick's first play
            cards = tuple(action.cards)
            self.plays.pop(seat, None)  # the plays in the order made: the latest last
            self.plays[seat] = cards
            kind = self.view.play_kind(self.frame, lead, cards, action.combo)
            self.play_kinds[seat] = (cards, kind)
            self._fly_cards(seat, action.cards, seat)
            if info.is_bomb(action.combo):  # flash, shake, burst (skipped at the fastest speed)
                self._bomb_ceremony(action.combo, len(cards))
        elif action.kind == "pass":
            self.plays.pop(seat, None)
            self.plays[seat] = PASS_MARK
        else:  # what only some games do (tributes, declarations, the kitty)
            self.view.on_action(event)
        if seat == 0 or seat is None:
            self.hand.clear()
            self._selection_cache = None

    def _announce(self, key: str, **params: Any) -> None:
        self.banner = (i18n.tr(key, **params), self.time + BANNER_TIME)

    def _restore_plays(self) -> None:
        """Rebuild the plays in front of the seats and their tags (after a resume or undo)."""
        frame = self.frame
        self.plays = self.view.restore_plays(frame)
        self.play_kinds = self.view.restore_play_kinds(frame, self.plays)

    # --- hand ---------------------------------------------------------------------------
    def _selection_status(self) -> tuple[list[Action], str | None]:
        key = (tuple(sorted(self.hand.selected)), self.controller.position())
        if self._selection_cache is None or self._selection_cache[0] != key:
            cards = self.hand.selection()
            actions = self.controller.selection_actions(cards)
            refusal = self.controller.selection_refusal(cards) if cards else None
            self._selection_cache = (key, actions, refusal)
        return self._selection_cache[1], self._selection_cache[2]

    def _phase(self) -> str:
        return self.frame.phase

    def _primary(self) -> None:
        """Play / confirm the return card / confirm the bury."""
        if not self.can_act():
            return
        actions, refusal = self._selection_status()
        if not actions:
            if refusal:
                self.notice, self.notice_color = refusal, DANGER
            return
        meanings = self.controller.distinct_meanings(actions)
        if len(meanings) > 1:
            self.chooser = meanings
            self.overlay = "chooser"
            self._ui_key = None
            return
        self._do(meanings[0])

    def _do(self, action: Action) -> None:
        before = self.coach_before()
        problem = self.lesson_refusal(action) or self.controller.human_apply(action)
        if problem is None:
            self.coach_moved(before)
        self.overlay = None if self.overlay == "chooser" else self.overlay
        self.chooser = []
        self.notice, self.notice_color = problem, DANGER
        self.hand.clear()
        self._selection_cache = None
        self._ui_key = None

    def _pass(self) -> None:
        frame = self.frame
        if not self.can_act():
            return
        if frame.pass_action is None:
            # bidding or doubling: P is the phase's own Pass button (no bid, no doubling)
            button = next((b for b in self.buttons if b.key == "table.pass" and b.enabled), None)
            if button is not None:
                button.on_click()
                return
        refusal = self.lesson_refusal(Action("pass")) if self.lesson is not None else None
        if refusal is not None:
            self.notice, self.notice_color = refusal, DANGER
        elif frame.pass_action is not None:
            self._do(frame.pass_action)
        else:
            self.notice, self.notice_color = frame.pass_refusal, DANGER

    def _hint(self) -> None:
        if not self.can_act():
            return
        self.controller.request_hint()
        hint = self.controller.take_hint()
        if hint is not None:
            self._show_hint(hint)

    def _show_hint(self, hint: Action) -> None:
        """Select the hinted cards; a pass, a declaration or an action without cards (a bid, a
        doubling) is said in the message line."""
        self._selection_cache = None
        self.notice_color = BRASS
        if hint.kind == "pass":
            self.hand.clear()
            self.notice = self.view.hint_pass_text(self.frame)
        elif hint.kind == "declare" or not hint.cards:
            self.hand.clear()
            self.notice = i18n.tr("table.hint_is", action=self.view.action_label(hint))
        else:
            self.hand.select_cards(hint.cards)
            self.notice = None

    def _toggle_last_trick(self) -> None:
        if self.overlay == "last_trick":
            self.overlay = None
        elif self.view.last_trick(self.frame) is not None:
            self.overlay = "last_trick"
        self._ui_key = None

    def _refresh_ui(self) -> None:
        frame = self.frame
        human = self.can_act()
        actions, refusal = self._selection_status() if human else ([], None)
        key = (
            human,
            frame.phase,
            tuple(sorted(self.hand.selected)),
            bool(actions),
            self.overlay,
            self.by_suit,
            frame.position,
            frame.awaiting_next,
            frame.match_over,
            i18n.language(),
            self.size,
            self.controller.undo_enabled,
        )
        if key == self._ui_key:
            return
        self._ui_key = key
        self._build_buttons(human, actions)
        self._build_overlay_buttons()
