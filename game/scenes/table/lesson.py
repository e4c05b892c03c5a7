"""The table in a lesson (issue 41): the note panel, the cards it points at, the lesson's
refusals and the way from one part to the next (a mixin of ``TableScene``).

The lesson itself is data played by :class:`game.table.lesson.LessonRunner`. While a note is
up the table waits (no AI move, no player action); Continue (Enter, Space) reads it, Leave
(Escape) ends the lesson at any time. A lesson played to its end is remembered in the
settings (``lessons_done``) and marked on the game's Table tab.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, text
from game.table.controller import TableController
from game.table.lesson import LessonRunner, Note, lesson_for
from game.widgets.common import BRASS, INK, Button, panel, shadow

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class TableLesson:
    """What a lesson adds to the table scene; inert when ``self.lesson`` is None."""

    lesson: LessonRunner | None
    lesson_note: Note | None
    lesson_buttons: list[Button]

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
        return cls(app, preset, controller=controller, lesson=runner)  # type: ignore[call-arg]

    def _init_lesson(self, runner: LessonRunner | None) -> None:
        self.lesson = runner
        self.lesson_note = None
        self.lesson_buttons = []
        self._lesson_key: Any = None
        if runner is not None:
            runner.state_of = lambda: self.controller.state

    # --- flow -------------------------------------------------------------------------------
    def lesson_holds(self) -> bool:
        """The AI waits: a note is up, or the script has nothing more for this deal."""
        if self.lesson is None:
            return False
        state = self.controller.state
        return self.lesson_waits() or (self.lesson.step(state) is None and not state.is_terminal)

    def lesson_waits(self) -> bool:
        """A note is up or still to come at this position: the player cannot act yet."""
        if self.lesson is None:
            return False
        return self.lesson_note is not None or self.lesson.note(self.controller.state) is not None

    def _lesson_update(self, settled: bool) -> None:
        """Show the note of the position once the table has ``settled`` (nothing in flight)."""
        runner = self.lesson
        if runner is None:
            return
        state = self.controller.state
        note = runner.note(state) if settled or self.lesson_note is not None else None
        if note != self.lesson_note:
            self.lesson_note = note
            self.hand.marked = Counter(note.cards()) if note is not None else Counter()
            self._lesson_key = None
            self._ui_key = None
        if note is not None and self._lesson_key is None:
            self._lesson_key = (note, i18n.language(), self.size)
            self._layout_lesson()

    def _lesson_final(self) -> bool:
        """The note up is the lesson's last and no result follows it."""
        runner, state = self.lesson, self.controller.state
        if runner is None or not runner.last_part or runner.step(state) is not None:
            return False
        closing = runner.part.closing
        return bool(closing) and self.lesson_note == closing[-1] and not state.is_terminal

    def _lesson_read(self) -> None:
        runner = self.lesson
        if runner is None or self.lesson_note is None:
            return
        final = self._lesson_final()
        runner.read(self.controller.state)
        self._lesson_update(True)
        if runner.finished(self.controller.state):
            self._lesson_mark_done()
        if final:
            self._lesson_leave()

    def _lesson_mark_done(self) -> None:
        done = set(self.app.settings.lessons_done.split())
        if self.preset not in done:
            done.add(self.preset)
            self.app.set_setting("lessons_done", " ".join(sorted(done)))

    def _lesson_leave(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def _lesson_next_part(self) -> None:
        """After a part's result: the next part's deal, or the end of the lesson."""
        runner = self.lesson
        if runner is None:
            return
        if runner.last_part:
            self._lesson_mark_done()
            self._lesson_leave()
            return
        self.controller.use_deal(runner.next_part())
        self.overlay = None
        self.result_at = None
        self._ui_key = None

    def lesson_refusal(self, action: Any) -> str | None:
        """Why the lesson refuses the player's ``action`` (localized), or None."""
        if self.lesson is None:
            return None
        key = self.lesson.refusal(self.controller.state, action)
        return i18n.tr(key) if key is not None else None

    def lesson_result_buttons(self) -> list[Button]:
        last = self.lesson is not None and self.lesson.last_part
        key = "lesson.done" if last else "lesson.next"
        return [Button(key, self._lesson_next_part, style="primary")]

    def lesson_handle(self, event: pygame.event.Event) -> bool | None:
        """A note's buttons and keys (Enter or Space read it, Escape leaves); None: not ours."""
        if self.lesson is None:
            return None
        if self.lesson_note is not None:
            for button in self.lesson_buttons:
                if button.handle_event(event):
                    return True
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self._lesson_read()
                elif event.key == pygame.K_ESCAPE:
                    self._lesson_leave()
                return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._lesson_leave()
            return True
        return None

    # --- the note panel ---------------------------------------------------------------------
    def _lesson_rect(self) -> pygame.Rect:
        """The note's panel: over the player's own last play, below the other seats' plays,
        above the message line, the buttons and the hand (it grows upwards for a long note)."""
        u = self._u
        width = min(self.size[0] - u(760), u(1040))
        height = self._lesson_height(width) if self.lesson_note is not None else u(260)
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (self.size[0] // 2, self._rects["message_top"] - u(2))
        return rect

    def _lesson_height(self, width: int) -> int:
        u = self._u
        body = self._lesson_body(width)
        return body.get_height() + self._tu(20) + u(150)

    def _lesson_body(self, width: int) -> pygame.Surface:
        assert self.lesson_note is not None
        return text.render(
            i18n.tr(self.lesson_note.key), self._tu(24), INK, max_width=width - self._u(64)
        )

    def _layout_lesson(self) -> None:
        u = self._u
        final = self._lesson_final()
        buttons = [
            Button(
                "lesson.done" if final else "lesson.continue", self._lesson_read, style="primary"
            ),
            Button("lesson.leave", self._lesson_leave, style="quiet"),
        ]
        rect = self._lesson_rect()
        widths = [max(b.natural_width(self.scale), u(180)) for b in buttons]
        gap = u(20)
        x = rect.centerx - (sum(widths) + gap) // 2
        for button, width in self._reading_order(buttons, widths):
            button.size_px = 24
            button.rect = pygame.Rect(x, rect.bottom - u(74), width, u(56))
            x += width + gap
        buttons[0].focused = True
        self.lesson_buttons = buttons

    def draw_lesson(self, surface: pygame.Surface) -> None:
        note = self.lesson_note
        if note is None:
            return
        u = self._u
        box = self._lesson_rect()
        body = self._lesson_body(box.width)
        title = text.render(i18n.tr("lesson.title"), self._tu(20), BRASS, bold=True)
        shadow(surface, box, self.scale)
        panel(surface, box, self.scale, alpha=235, border=BRASS)
        left, right = box.left + u(32), box.right - u(32)
        y = box.top + u(18)
        rtl = text.is_rtl()
        surface.blit(title, title.get_rect(topright=(right, y)) if rtl else (left, y))
        y += title.get_height() + u(8)
        surface.blit(body, body.get_rect(topright=(right, y)) if rtl else (left, y))
        for button in self.lesson_buttons:
            button.draw(surface, self.scale)
