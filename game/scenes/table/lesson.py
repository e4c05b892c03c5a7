"""The table in a lesson (issue 41): the note panel, the cards it points at, the lesson's
refusals and the way from one part to the next (:class:`TableLesson`, held by the table
scene; inert at a table that plays no lesson).

The lesson itself is data played by :class:`game.table.lesson.LessonRunner`. While a note is
up the table waits (no AI move, no player action); Continue (Enter, Space) reads it, Leave
(Escape) ends the lesson at any time. A lesson played to its end is remembered in the
settings (``lessons_done``) and marked on the game's Table tab.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.rules.base import Action
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import BANNER_Y, reading_order
from game.scenes.table.state import TableState
from game.table.controller import TableController
from game.table.lesson import LessonRunner, Note
from game.widgets.common import BRASS, INK, Button, panel, shadow
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import SettingsKeeper


class TableLesson:
    """A lesson at the table: its ``runner`` (None: no lesson), the note up and its buttons.
    ``leave`` takes the table off the screen."""

    def __init__(
        self,
        app: SettingsKeeper,
        runner: LessonRunner | None,
        controller: TableController,
        state: TableState,
        layout: TableLayout,
        leave: Callable[[], None],
    ) -> None:
        self.app = app
        self.runner = runner
        self.controller = controller
        self.state = state
        self.layout = layout
        self.leave = leave
        self.note: Note | None = None
        self.buttons: list[Button] = []
        self._key: object = None
        if runner is not None:
            runner.state_of = lambda: controller.state

    @property
    def active(self) -> bool:
        """This table plays a lesson."""
        return self.runner is not None

    # --- flow -------------------------------------------------------------------------------
    def holds(self) -> bool:
        """The AI waits: a note is up, or the script has nothing more for this deal."""
        if self.runner is None:
            return False
        state = self.controller.state
        return self.waits() or (self.runner.step(state) is None and not state.is_terminal)

    def waits(self) -> bool:
        """A note is up or still to come at this position: the player cannot act yet."""
        if self.runner is None:
            return False
        return self.note is not None or self.runner.note(self.controller.state) is not None

    def update(self, settled: bool) -> None:
        """Show the note of the position once the table has ``settled`` (nothing in flight)."""
        runner = self.runner
        if runner is None:
            return
        state = self.controller.state
        note = runner.note(state) if settled or self.note is not None else None
        if note != self.note:
            self.note = note
            self.layout.hand.marked = Counter(note.cards()) if note is not None else Counter()
            self._key = None
            self.state.refresh()
        if note is not None and self._key is None:
            self._key = (note, i18n.language(), self.layout.size)
            self._lay_out()

    def _final(self) -> bool:
        """The note up is the lesson's last and no result follows it."""
        runner, state = self.runner, self.controller.state
        if runner is None or not runner.last_part or runner.step(state) is not None:
            return False
        closing = runner.part.closing
        return bool(closing) and self.note == closing[-1] and not state.is_terminal

    def read(self) -> None:
        runner = self.runner
        if runner is None or self.note is None:
            return
        final = self._final()
        runner.read(self.controller.state)
        self.update(True)
        if runner.finished(self.controller.state):
            self._mark_done()
        if final:
            self.leave()

    def _mark_done(self) -> None:
        done = set(self.app.settings.lessons_done.split())
        preset = self.controller.preset
        if preset not in done:
            done.add(preset)
            self.app.set_setting("lessons_done", " ".join(sorted(done)))

    def next_part(self) -> None:
        """After a part's result: the next part's deal, or the end of the lesson."""
        runner = self.runner
        if runner is None:
            return
        if runner.last_part:
            self._mark_done()
            self.leave()
            return
        self.controller.use_deal(runner.next_part())
        self.state.modals.clear()
        self.state.result_at = None
        self.state.refresh()

    def refusal(self, action: Action) -> Words | None:
        """Why the lesson refuses the player's ``action`` (words), or None."""
        if self.runner is None:
            return None
        key = self.runner.refusal(self.controller.state, action)
        return Words(key) if key is not None else None

    def result_buttons(self) -> list[Button]:
        last = self.runner is not None and self.runner.last_part
        key = "lesson.done" if last else "lesson.next"
        return [Button(key, self.next_part, style="primary")]

    def handle(self, event: pygame.event.Event) -> bool | None:
        """A note's buttons and keys (Enter or Space read it, Escape leaves); None: not ours."""
        if self.runner is None:
            return None
        if self.note is not None:
            for button in self.buttons:
                if button.handle_event(event):
                    return True
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.read()
                elif event.key == pygame.K_ESCAPE:
                    self.leave()
                return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        return None

    # --- the note panel ---------------------------------------------------------------------
    def rect(self) -> pygame.Rect:
        """The note's panel: over the player's own last play and the (empty) message line,
        above the buttons and the hand, and below the banner and the other seats' plays and their tags
        (issue 55: it covered "Bomb! Stakes ×2" and a bomb's tag), wider when that leaves it
        room; only a note that fits nowhere else lies over them (it grows upwards)."""
        layout = self.layout
        u = layout.u
        # The message line is empty while a note is up (the table waits): the note may use it.
        bottom = layout.rects["buttons_y"] - u(8)
        widths = (min(layout.size[0] - u(760), u(1040)), min(layout.size[0] - u(520), u(1280)))
        rect = pygame.Rect(0, 0, widths[0], u(260))
        rect.midbottom = (layout.size[0] // 2, bottom)
        if self.note is None:
            return rect
        clear = self._clear_below()
        plates = list(layout.rects["seats"].values())
        for width in widths:
            found = pygame.Rect(0, 0, width, self._height(width))
            found.midbottom = rect.midbottom
            if found.top >= clear and found.collidelist(plates) < 0:
                return found
        rect.height = self._height(rect.width)  # room nowhere: the narrow note, grown upwards
        rect.bottom = bottom
        return rect

    def _clear_below(self) -> int:
        """The lowest edge the note keeps clear of: the banner's band and every other seat's
        play with its tag."""
        layout, state = self.layout, self.state
        u = layout.u
        bottoms = [int(layout.size[1] * BANNER_Y) + text.line_height(layout.tu(30)) // 2 + u(22)]
        for seat, play in state.plays.items():
            if seat == self.controller.human_seat:
                continue
            if play is None:  # nothing laid
                continue
            if isinstance(play, str):  # PASS_MARK
                bottoms.append(layout.play_spot(seat)[1][1] + u(24))
                continue
            combo = state.shown_combo(seat, play)
            bottoms.append(layout.play_box(seat, play, combo).bottom + u(8))
        return max(bottoms)

    def _height(self, width: int) -> int:
        body = self._body(width)
        return body.get_height() + self.layout.tu(20) + self.layout.u(150)

    def _body(self, width: int) -> pygame.Surface:
        assert self.note is not None
        return text.render(
            i18n.tr(self.note.key), self.layout.tu(24), INK, max_width=width - self.layout.u(64)
        )

    def _lay_out(self) -> None:
        u = self.layout.u
        final = self._final()
        buttons = [
            Button("lesson.done" if final else "lesson.continue", self.read, style="primary"),
            Button("lesson.leave", self.leave, style="quiet"),
        ]
        rect = self.rect()
        widths = [max(b.natural_width(self.layout.scale), u(180)) for b in buttons]
        gap = u(20)
        x = rect.centerx - (sum(widths) + gap) // 2
        for button, width in reading_order(buttons, widths):
            button.size_px = 24
            button.rect = pygame.Rect(x, rect.bottom - u(74), width, u(56))
            x += width + gap
        buttons[0].focused = True
        self.buttons = buttons

    def draw(self, surface: pygame.Surface) -> None:
        if self.note is None:
            return
        layout = self.layout
        u = layout.u
        box = self.rect()
        body = self._body(box.width)
        title = text.render(i18n.tr("lesson.title"), layout.tu(20), BRASS, bold=True)
        shadow(surface, box, layout.scale)
        panel(surface, box, layout.scale, alpha=255, border=BRASS)  # nothing shows through
        left, right = box.left + u(32), box.right - u(32)
        y = box.top + u(18)
        rtl = text.is_rtl()
        surface.blit(title, title.get_rect(topright=(right, y)) if rtl else (left, y))
        y += title.get_height() + u(8)
        surface.blit(body, body.get_rect(topright=(right, y)) if rtl else (left, y))
        for button in self.buttons:
            button.draw(surface, layout.scale)
