"""The table's action bar and the result panel's input guard (a part of :class:`TableScene`,
issue 40 point 2).

One fixed bar per phase: the phase's buttons (Play, Pass; a bury or a return; Shengji's
declarations), then Hint, the sort, Undo, Last trick and House rules are always there in the
same places, greyed when not usable, never removed or re-centred. Each button is as wide as
the widest label it can take in the phase ("Bury 3/8", "Sort by rank"), so a label that
changes never moves its neighbours.

The result panel has its own keys (N, or a fresh Enter) and ignores every key and click for
``RESULT_GUARD`` seconds after it opens; a key already held when it opened (Enter pressed to
play the deal's last card) counts only once it has been released.
"""

from __future__ import annotations

import pygame

from game import i18n, text
from game.rules.base import Action
from game.scenes.table.house import house_button
from game.table.frame import TableFrame
from game.widgets.common import Button, scaled

#: Seconds the result panel ignores keys and clicks after it opens (the scene's clock).
RESULT_GUARD = 0.8
#: The result panel's keys: next deal (or new match at the match's end).
RESULT_KEYS = (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER)
#: The sort button's two labels (it names the order it switches to).
SORT_KEYS = ("table.sort_suit", "table.sort_rank")


class TableBar:
    """The action bar and the result panel's guard (see the module docstring)."""

    # --- the bar -----------------------------------------------------------------------------
    def _build_buttons(self, human: bool, actions: list[Action]) -> None:
        frame = self.frame
        buttons = self.view.phase_buttons(frame, human)
        if buttons is None:
            buttons = self._play_buttons(frame, human, actions)
        buttons.append(Button("table.hint", self._hint, enabled=human))
        buttons.append(Button(SORT_KEYS[1 if self.by_suit else 0], self._resort))
        if self.controller.undo_enabled and not frame.autoplay and self.lesson is None:
            buttons.append(
                Button("table.undo", self._undo, style="quiet", enabled=self.controller.can_undo())
            )
        if self.view.has_last_trick and frame.phase in ("play", "over"):  # greyed till a trick
            buttons.append(
                Button(
                    "table.last_trick",
                    self._toggle_last_trick,
                    style="quiet",
                    enabled=self.view.last_trick(frame) is not None,
                )
            )
        if self.lesson is not None:  # a lesson can be left at any time (Escape too)
            buttons.append(Button("lesson.leave", self._lesson_leave, style="quiet"))
        elif self.controller.options:  # the house rules of this match, read-only (key R)
            buttons.append(house_button(self))
        for button in buttons:
            button.size_px = 24
        u = self._u
        natural = [self._bar_width(b, frame) for b in buttons]
        widths = [max(width, u(150)) for width in natural]
        gap = u(16)
        total = sum(widths) + gap * (len(buttons) - 1)
        if total > self.size[0] - 2 * u(24):  # a narrow window: as wide as the labels need
            widths, gap = natural, u(8)
            total = sum(widths) + gap * (len(buttons) - 1)
        for size in (22, 20, 18, 16, 14, 12):  # still too wide: smaller labels, never below
            if total <= self.size[0] - 2 * u(12):  # the window's smallest text (Button.px)
                break
            for button in buttons:
                button.size_px = size
            widths = [self._bar_width(b, frame) - scaled(24, self.scale) for b in buttons]
            total = sum(widths) + gap * (len(buttons) - 1)
        if total > self.size[0] - 2 * u(12):  # even so: the short labels buttons offer
            for button in buttons:
                button.label = button.short or button.label
            widths = [self._bar_width(b, frame) - scaled(24, self.scale) for b in buttons]
            total = sum(widths) + gap * (len(buttons) - 1)
        x = self.size[0] // 2 - total // 2
        for button, width in self._reading_order(buttons, widths):
            button.rect = pygame.Rect(x, self._rects["buttons_y"], width, self._rects["button_h"])
            x += width + gap
        self.buttons = buttons

    def _bar_width(self, button: Button, frame: TableFrame) -> int:
        """The width of the widest label ``button`` can take in this phase."""
        labels = [button.text()]
        if button.key in SORT_KEYS:
            labels = [i18n.tr(key) for key in SORT_KEYS]
        elif button.style == "primary" and button.key != "table.declare":
            for count in range(len(frame.hand) + 1):
                key, label = self.view.primary_label(frame, count)
                labels.append(label if label is not None else i18n.tr(key))
        px = button.px(self.scale)
        widest = max(text.size(label, px, bold=True)[0] for label in set(labels))
        return widest + scaled(56, self.scale)

    def _play_buttons(self, frame: TableFrame, human: bool, actions: list[Action]) -> list[Button]:
        """The main action (play, give back, bury), greyed while another seat acts, and Pass
        where the game has passing."""
        key, label = self.view.primary_label(frame, len(self.hand.selected))
        buttons = [
            Button(
                key, self._primary, style="primary", label=label, enabled=human and bool(actions)
            )
        ]
        # The deal's end keeps the play's bar (greyed), so nothing moves as the result comes.
        if frame.phase in ("play", "over") and self.view.has_passing:
            buttons.append(
                Button("table.pass", self._pass, enabled=human and frame.pass_action is not None)
            )
        return buttons

    @staticmethod
    def _reading_order(buttons: list[Button], widths: list[int]) -> list[tuple[Button, int]]:
        """Buttons with their widths from left to right on screen: the first (main) action
        comes first in reading order, so on the right in a right-to-left language."""
        pairs = list(zip(buttons, widths, strict=True))
        return pairs[::-1] if text.is_rtl() else pairs

    # --- the result panel's guard ----------------------------------------------------------
    def _track_keys(self, event: pygame.event.Event) -> None:
        """Which keys are held now (a key held when the result opens is not a new press)."""
        held: set[int] = self.__dict__.setdefault("_held", set())
        if event.type == pygame.KEYDOWN:
            held.add(event.key)
        elif event.type == pygame.KEYUP:
            held.discard(event.key)
            self.__dict__.setdefault("_stale", set()).discard(event.key)

    def _guard_result(self) -> None:
        """The result panel opens now: input waits, and held keys are stale until released."""
        self.result_opened = self.time
        self._stale = set(self.__dict__.get("_held", ()))

    def result_guarded(self, event: pygame.event.Event) -> bool:
        """Whether the open result panel ignores ``event`` (too soon, or a held key)."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if self.time - getattr(self, "result_opened", -100.0) < RESULT_GUARD:
            return True
        return event.type == pygame.KEYDOWN and event.key in self.__dict__.get("_stale", ())
