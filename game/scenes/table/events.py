"""The player's input at the table (the keys are listed in the package docstring): an event
goes to the part that has the focus — a lesson's note, a running ceremony (any key skips it),
the overlay up, the action bar, the hand — and what none of them takes, to the table's keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import text
from game.scenes.table.actions import TableActions
from game.scenes.table.bar import ActionBar
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.hand import PlayerHand
from game.scenes.table.lesson import TableLesson
from game.scenes.table.overlays import Overlays
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.controller import TableController


class TableInput:
    """Routes the player's events to the table's parts (see the module docstring)."""

    def __init__(
        self,
        controller: TableController,
        view: GameView,
        state: TableState,
        hand: PlayerHand,
        actions: TableActions,
        lesson: TableLesson,
        ceremonies: Ceremonies,
        overlays: Overlays,
        bar: ActionBar,
        undo: Callable[[], None],
    ) -> None:
        self.controller = controller
        self.view = view
        self.state = state
        self.hand = hand
        self.actions = actions
        self.lesson = lesson
        self.ceremonies = ceremonies
        self.overlays = overlays
        self.bar = bar
        self.undo = undo

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            return False
        self.overlays.guard.track(event)
        handled = self.lesson.handle(event)
        if handled is not None:
            return handled
        if self.ceremonies.skip(event):
            return True
        handled = self.overlays.handle(event)
        if handled is not None:
            return handled
        if self.bar.handle(event):
            return True
        if self.actions.can_act() and self.hand.widget.handle_event(event):
            self.state.show_focus = False
            self.state.notice = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """The table's own keys (no overlay up)."""
        key = event.key
        state, actions, widget = self.state, self.actions, self.hand.widget
        human = actions.can_act()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            widget.move_focus(-step if text.is_rtl() else step)
            state.show_focus = True
            return True
        if key == pygame.K_SPACE and human:
            widget.toggle_focus()
            state.show_focus = True
            return True
        if human:
            # A bar button's own keys (Dou Dizhu's bids of 1–3 on the number keys).
            own = (b for b in self.bar.buttons if b.enabled and key in b.keys)
            button = next(own, None)
            if button is not None:
                button.on_click()
                return True
        presses: dict[int, Callable[[], None]] = {pygame.K_s: self.hand.resort}
        presses[pygame.K_c] = self.overlays.toggle_counter
        if human:
            presses.update({pygame.K_RETURN: actions.primary, pygame.K_KP_ENTER: actions.primary})
            presses.update({pygame.K_p: self._pass_key, pygame.K_h: actions.hint})
        if self.controller.options:
            presses[pygame.K_r] = self.overlays.house.toggle
        presses[pygame.K_u] = self.undo
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            key = pygame.K_u
        if self.view.has_last_trick:
            presses[pygame.K_l] = self.overlays.toggle_last_trick
        press = presses.get(key)
        if press is None:
            return False
        press()
        return True

    def _pass_key(self) -> None:
        """P: where the phase has its own Pass button and no pass action (bidding, doubling:
        no bid, no doubling), that button; else pass."""
        if self.controller.frame().pass_action is None:
            enabled = (b for b in self.bar.buttons if b.key == "table.pass" and b.enabled)
            button = next(enabled, None)
            if button is not None:
                button.on_click()
                return
        self.actions.pass_turn()
