"""The table's action bar (:class:`ActionBar`) and the result panel's input guard
(:class:`ResultGuard`), issue 40 point 2.

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

from collections.abc import Callable

import pygame

from game import i18n, text
from game.rules.base import Action
from game.scenes.table.actions import TableCommands
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import reading_order
from game.scenes.table.view import GameView
from game.table.controller import TableController
from game.table.frame import TableFrame
from game.widgets.common import Button, scaled

#: Seconds the result panel ignores keys and clicks after it opens (the scene's clock).
RESULT_GUARD = 0.8
#: The result panel's keys: next deal (or new match at the match's end).
RESULT_KEYS = (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER)
#: The sort button's two labels (it names the order it switches to).
SORT_KEYS = ("table.sort_suit", "table.sort_rank")


class ActionBar:
    """The table's fixed row of buttons (see the module docstring), its clicks and its
    buttons' own keys; ``commands`` are what the buttons do."""

    def __init__(
        self,
        controller: TableController,
        view: GameView,
        layout: TableLayout,
        commands: TableCommands,
    ) -> None:
        self.controller = controller
        self.view = view
        self.layout = layout
        self.commands = commands
        self.buttons: list[Button] = []

    def handle(self, event: pygame.event.Event) -> bool | None:
        """A click on a button (True), else None: not the bar's."""
        return True if any(button.handle_event(event) for button in self.buttons) else None

    def key(self, key: int) -> bool:
        """A button's own key (Dou Dizhu's bids of 1–3 on the number keys) pressed it."""
        button = next((b for b in self.buttons if b.enabled and key in b.keys), None)
        if button is None:
            return False
        button.on_click()
        return True

    def press_pass(self) -> None:
        """P: where the phase has its own Pass button and no pass action (bidding, doubling:
        no bid, no doubling), that button; else pass."""
        if self.controller.frame().pass_action is None:
            enabled = (b for b in self.buttons if b.key == "table.pass" and b.enabled)
            button = next(enabled, None)
            if button is not None:
                button.on_click()
                return
        self.commands.pass_turn()

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface, self.layout.scale)

    def build(
        self, human: bool, actions: list[Action], *, selected: int, by_suit: bool, lesson: bool
    ) -> None:
        """The bar for the frame now: ``human`` whether the player may act, ``actions`` what
        the ``selected`` cards make, ``by_suit`` the hand's order, ``lesson`` whether the table
        plays a lesson."""
        frame, commands = self.controller.frame(), self.commands
        buttons = self.view.phase_buttons(frame, human)
        if buttons is None:
            buttons = self._play_buttons(frame, human, actions, selected)
        buttons.append(Button("table.hint", commands.hint, enabled=human))
        buttons.append(Button(SORT_KEYS[1 if by_suit else 0], commands.resort))
        ctl = self.controller
        if ctl.undo_enabled and not frame.autoplay and not lesson:
            buttons.append(
                Button("table.undo", commands.undo, style="quiet", enabled=ctl.can_undo())
            )
        last_trick = commands.last_trick
        if last_trick is not None and frame.phase in ("play", "over"):  # greyed till a trick
            buttons.append(
                Button(
                    "table.last_trick",
                    last_trick,
                    style="quiet",
                    enabled=self.view.last_trick(frame) is not None,
                )
            )
        if lesson:  # a lesson can be left at any time (Escape too)
            buttons.append(Button("lesson.leave", commands.leave_lesson, style="quiet"))
        elif commands.house is not None:  # the house rules of this match, read-only (key R)
            buttons.append(Button("house.button", commands.house, style="quiet"))
        self._place(buttons, frame)
        self.buttons = buttons

    def _place(self, buttons: list[Button], frame: TableFrame) -> None:
        """Size the buttons' labels and lay them in one centred row."""
        for button in buttons:
            button.size_px = 24
        layout = self.layout
        u, scale, room = layout.u, layout.scale, layout.size[0]
        natural = [self._bar_width(b, frame) for b in buttons]
        widths = [max(width, u(150)) for width in natural]
        gap = u(16)
        total = sum(widths) + gap * (len(buttons) - 1)
        if total > room - 2 * u(24):  # a narrow window: as wide as the labels need
            widths, gap = natural, u(8)
            total = sum(widths) + gap * (len(buttons) - 1)
        for size in (22, 20, 18, 16, 14, 12):  # still too wide: smaller labels, never below
            if total <= room - 2 * u(12):  # the window's smallest text (Button.px)
                break
            for button in buttons:
                button.size_px = size
            widths = [self._bar_width(b, frame) - scaled(24, scale) for b in buttons]
            total = sum(widths) + gap * (len(buttons) - 1)
        if total > room - 2 * u(12):  # even so: the short labels buttons offer
            for button in buttons:
                button.label = button.short or button.label
            widths = [self._bar_width(b, frame) - scaled(24, scale) for b in buttons]
            total = sum(widths) + gap * (len(buttons) - 1)
        x = room // 2 - total // 2
        rects = layout.rects
        for button, width in reading_order(buttons, widths):
            button.rect = pygame.Rect(x, rects["buttons_y"], width, rects["button_h"])
            x += width + gap

    def _bar_width(self, button: Button, frame: TableFrame) -> int:
        """The width of the widest label ``button`` can take in this phase."""
        labels = [button.text()]
        if button.key in SORT_KEYS:
            labels = [i18n.tr(key) for key in SORT_KEYS]
        elif button.style == "primary" and button.key != "table.declare":
            for count in range(len(frame.hand) + 1):
                key, label = self.view.primary_label(frame, count)
                labels.append(label if label is not None else i18n.tr(key))
        px = button.px(self.layout.scale)
        widest = max(text.size(label, px, bold=True)[0] for label in set(labels))
        return widest + scaled(56, self.layout.scale)

    def _play_buttons(
        self, frame: TableFrame, human: bool, actions: list[Action], selected: int
    ) -> list[Button]:
        """The main action (play, give back, bury), greyed while another seat acts, and Pass
        where the game has passing."""
        key, label = self.view.primary_label(frame, selected)
        primary = self.commands.primary
        enabled = human and bool(actions)
        buttons = [Button(key, primary, style="primary", label=label, enabled=enabled)]
        # The deal's end keeps the play's bar (greyed), so nothing moves as the result comes.
        if frame.phase in ("play", "over") and self.view.has_passing:
            passing = frame.pass_action is not None
            pass_turn = self.commands.pass_turn
            buttons.append(Button("table.pass", pass_turn, enabled=human and passing))
        return buttons


class ResultGuard:
    """The result panel ignores input a moment after it opens, and keys held since (see the
    module docstring); ``clock`` is the table's time."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.held: set[int] = set()
        self.stale: set[int] = set()
        self.opened = -100.0

    def track(self, event: pygame.event.Event) -> None:
        """Which keys are held now (a key held when the result opens is not a new press)."""
        if event.type == pygame.KEYDOWN:
            self.held.add(event.key)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
            self.stale.discard(event.key)

    def open(self) -> None:
        """The result panel opens now: input waits, and held keys are stale until released."""
        self.opened = self.clock()
        self.stale = set(self.held)

    def guarded(self, event: pygame.event.Event) -> bool:
        """Whether the open result panel ignores ``event`` (too soon, or a held key)."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if self.clock() - self.opened < RESULT_GUARD:
            return True
        return event.type == pygame.KEYDOWN and event.key in self.stale
