"""The player's input at the table (the keys are listed in the package docstring): an event
goes to the part that has the focus — a lesson's note, a running ceremony (any key skips it),
the overlay up, the action bar, the hand — and what none of them takes, to the table's keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import text
from game.scenes.table.actions import TableCommands
from game.scenes.table.bar import ActionBar
from game.scenes.table.hand import PlayerHand
from game.scenes.table.state import TableState

#: A part that may take an event first: True or False when it took it (the answer of
#: ``handle``), None when it leaves it to the next.
Route = Callable[[pygame.event.Event], bool | None]


class TableInput:
    """Routes the player's events to the table's parts (see the module docstring): ``routes``
    in the order they take the focus, then the ``bar``, the ``hand``, the table's keys."""

    def __init__(
        self,
        routes: Sequence[Route],
        bar: ActionBar,
        hand: PlayerHand,
        state: TableState,
        commands: TableCommands,
    ) -> None:
        self.routes = tuple(routes)
        self.bar = bar
        self.hand = hand
        self.state = state
        self.commands = commands

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            return False
        for route in (*self.routes, self.bar.handle):
            handled = route(event)
            if handled is not None:
                return handled
        if self.commands.can_act() and self.hand.widget.handle_event(event):
            self.state.show_focus = False
            self.state.notice = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """The table's own keys (no overlay up)."""
        key = event.key
        state, commands, widget = self.state, self.commands, self.hand.widget
        human = commands.can_act()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            widget.move_focus(-step if text.is_rtl() else step)
            state.show_focus = True
            return True
        if key == pygame.K_SPACE and human:
            widget.toggle_focus()
            state.show_focus = True
            return True
        if human and self.bar.key(key):
            return True
        presses: dict[int, Callable[[], None]] = {pygame.K_s: commands.resort}
        presses[pygame.K_c] = commands.counter
        if human:
            presses.update({pygame.K_RETURN: commands.primary, pygame.K_KP_ENTER: commands.primary})
            presses.update({pygame.K_p: self.bar.press_pass, pygame.K_h: commands.hint})
        if commands.house is not None:
            presses[pygame.K_r] = commands.house
        presses[pygame.K_u] = commands.undo
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            key = pygame.K_u
        if commands.last_trick is not None:
            presses[pygame.K_l] = commands.last_trick
        press = presses.get(key)
        if press is None:
            return False
        press()
        return True
