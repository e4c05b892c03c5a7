"""The panels over the table (issue 39): :class:`Overlays` shows the one up (the table's
:class:`~game.scenes.table.modals.Modals`), routes input to it first, and draws it over the
table. Each panel owns its buttons and its keys: the meaning chooser (G5.5, ``chooser.py``),
the last trick (Shengji, ``last_trick.py``), the result at the end of each deal
(``result_panel.py``) and the house rules of the match (``house.py``); the card counter
beside the play is not modal (``counter_panel.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.scenes.table.bar import ResultGuard
from game.scenes.table.chooser import Chooser
from game.scenes.table.geometry import TableLayout
from game.scenes.table.house import HouseRulesPanel
from game.scenes.table.last_trick import LastTrick
from game.scenes.table.modals import Overlay
from game.scenes.table.pen import TablePen
from game.scenes.table.result_buttons import ResultButtons
from game.scenes.table.result_panel import ResultPanel
from game.scenes.table.state import TableState
from game.widgets.common import Button


def controls(
    panel: list[Button],
    modal: bool,
    bar: list[Button],
    hand: pygame.Rect,
    seats: dict[int, pygame.Rect],
) -> list[tuple[str, pygame.Rect]]:
    """Every control the player can use at the table, each named and with its rectangle: with
    a ``modal`` panel up only its buttons ("overlay:Close", the chooser's rows among them),
    else the action bar ("action:Play"), the ``hand`` and the seat plates ("plate:1"). For
    checks of what a window shows (tests/test_small_window.py)."""
    found = [(f"overlay:{b.text()}", b.rect) for b in panel if b.rect.width]
    if modal:
        return found
    found += [(f"action:{b.text()}", b.rect) for b in bar if b.rect.width]
    if hand.width:
        found.append(("hand", hand))
    return found + [(f"plate:{seat}", rect) for seat, rect in sorted(seats.items())]


@dataclass(frozen=True)
class Panels:
    """The panels the table opens over itself, one per :class:`Overlay`, and the result's
    buttons (the other panels own theirs)."""

    chooser: Chooser
    last_trick: LastTrick
    house: HouseRulesPanel
    result: ResultPanel
    result_buttons: ResultButtons


class Overlays:
    """The panel up over the table (the state's ``modals``) of the ``panels``, its buttons and
    input (see the module docstring)."""

    def __init__(
        self, panels: Panels, state: TableState, pen: TablePen, layout: TableLayout
    ) -> None:
        self.panels = panels
        self.chooser, self.last_trick = panels.chooser, panels.last_trick
        self.house, self.result = panels.house, panels.result
        self.state = state
        self.modals = state.modals
        self.pen = pen
        self.layout = layout
        self.guard = ResultGuard(lambda: state.time)
        self.buttons: list[Button] = []

    # --- flow -------------------------------------------------------------------------------
    def close(self) -> None:
        """Close the panel up when it closes by the player's hand (not the result)."""
        self.state.close_panel()

    def toggle_last_trick(self) -> None:
        """Close the last trick when it is up, else show it over a bare table once there is
        one."""
        if self.modals.up(Overlay.LAST_TRICK) or self.last_trick.showing():
            self.modals.toggle(Overlay.LAST_TRICK)

    def open_result(self) -> None:
        self.modals.open(Overlay.RESULT)
        self.guard.open()
        self.result.open()
        self.state.refresh()

    def toggle_counter(self) -> None:
        self.state.show_counter = not self.state.show_counter

    def build(self) -> None:
        """The buttons of the overlay up (none when no overlay is)."""
        overlay = self.modals.top
        buttons: list[Button] = []
        if overlay == Overlay.CHOOSER:
            buttons = self.chooser.buttons()
        elif overlay == Overlay.RESULT:
            buttons = self.panels.result_buttons.buttons()
        elif overlay == Overlay.HOUSE:
            buttons = self.house.buttons()
        elif overlay == Overlay.LAST_TRICK:
            buttons = self.last_trick.buttons()
        self.buttons = buttons

    # --- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool | None:
        """The overlay up takes ``event`` (it is modal); None: no overlay is up."""
        overlay = self.modals.top
        if overlay == Overlay.RESULT and self.guard.guarded(event):
            return True  # a moment after it opens, and a key held since, do nothing
        if overlay == Overlay.RESULT and self.result.celebrating:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.result.skip()  # any key or click: straight to the final panel
                return True
        if overlay is None:
            return None
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        # An overlay is modal: clicks elsewhere do nothing (the last trick closes).
        if event.type == pygame.MOUSEBUTTONUP and overlay in (Overlay.LAST_TRICK, Overlay.HOUSE):
            self.close()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _key(self, event: pygame.event.Event) -> bool:
        overlay = self.modals.top
        if overlay == Overlay.HOUSE:
            return self.house.key(event)
        if event.key == pygame.K_ESCAPE:
            if self.modals.closable():
                self.close()
                return True
            return False
        if overlay == Overlay.CHOOSER:
            return self.chooser.key(event)
        if overlay == Overlay.RESULT:
            return self.panels.result_buttons.key(event)
        if overlay == Overlay.LAST_TRICK:
            return self.last_trick.key(event)
        return False

    # --- drawing ----------------------------------------------------------------------------
    def shown(self) -> bool:
        return self.modals.top is not None or self.state.show_counter

    def draw(self, surface: pygame.Surface) -> None:
        """The overlay up and its buttons (over the film look)."""
        overlay, pen = self.modals.top, self.pen
        if overlay == Overlay.RESULT:
            self.result.draw(surface)
        elif overlay == Overlay.CHOOSER:
            pen.dim(surface)
            self.chooser.draw(surface, self.buttons)
        elif overlay == Overlay.LAST_TRICK:
            if self.last_trick.showing():
                pen.dim(surface)
                self.last_trick.draw(surface)
        elif overlay == Overlay.HOUSE:
            pen.dim(surface)
            self.house.draw(surface)
        for button in self.buttons:
            button.draw(surface, self.layout.scale)
