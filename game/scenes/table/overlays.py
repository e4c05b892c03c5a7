"""The panels over the table (issue 39): :class:`Overlays` shows the one up (the table's
:class:`~game.scenes.table.modals.Modals`), routes input to it first, and draws it over the
table. Each panel owns its buttons and its keys: the meaning chooser (G5.5, ``chooser.py``),
the last trick (Shengji, ``last_trick.py``), the result at the end of each deal
(``result_panel.py``) and the house rules of the match (``house.py``); the card counter
beside the play is not modal (``counter_panel.py``).
"""

from __future__ import annotations

import pygame

from game.scenes.table.actions import TableCommands
from game.scenes.table.bar import RESULT_KEYS, ResultGuard
from game.scenes.table.chooser import Chooser
from game.scenes.table.context import TableContext
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.house import HouseRulesPanel
from game.scenes.table.last_trick import LastTrick, toggle_last_trick
from game.scenes.table.layout import reading_order
from game.scenes.table.lesson import TableLesson
from game.scenes.table.modals import Overlay
from game.scenes.table.result_panel import ResultPanel
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.controller import TableController
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


class Overlays:
    """The panel up over the table (the state's ``modals``), its buttons and input (see the
    module docstring); ``commands`` are what its buttons do."""

    def __init__(
        self,
        ctx: TableContext,
        controller: TableController,
        view: GameView,
        state: TableState,
        drawer: TableDrawer,
        commands: TableCommands,
        lesson: TableLesson,
    ) -> None:
        self.controller = controller
        self.view = view
        self.state = state
        self.modals = state.modals
        self.layout = layout = drawer.layout
        self.drawer = drawer
        self.commands = commands
        self.lesson = lesson
        pen = drawer.pen
        frame = controller.frame
        meaning_cards = lambda action: view.meaning_cards(action, frame())  # noqa: E731
        self.chooser = Chooser(meaning_cards, state, layout, pen, commands.act, self.close)
        self.last_trick = LastTrick(frame, view, layout, drawer, ctx.names, self.close)
        self.house = HouseRulesPanel(controller, self.modals, layout)
        self.result = ResultPanel(ctx, view)
        self.guard = ResultGuard(lambda: state.time)
        self.buttons: list[Button] = []

    # --- flow -------------------------------------------------------------------------------
    def close(self) -> None:
        """Close the panel up when it closes by the player's hand (not the result)."""
        modals = self.modals
        if modals.closable():
            self.state.chooser = []
            modals.close_top()

    def toggle_last_trick(self) -> None:
        toggle_last_trick(self.modals, self.view, self.controller.frame())

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
            buttons = self._result_buttons()
        elif overlay == Overlay.HOUSE:
            buttons = self.house.buttons()
        elif overlay == Overlay.LAST_TRICK:
            buttons = self.last_trick.buttons()
        self.buttons = buttons

    def _result_buttons(self) -> list[Button]:
        u, scale = self.layout.u, self.layout.scale
        over = self.controller.match_over
        buttons: list[Button] = []
        if self.lesson.active:  # a lesson goes on to its next part or ends
            buttons = self.lesson.result_buttons()
        elif self.controller.daily:  # the deal of the day: once more, or back (issue 59)
            buttons.append(Button("daily.again", self.commands.next_deal, style="primary"))
            buttons.append(Button("table.menu", self.commands.menu))
        else:
            commands = self.commands
            if not over:
                buttons.append(Button("table.next_deal", commands.next_deal, style="primary"))
            style = "primary" if over else "secondary"
            buttons.append(Button("table.new_match", commands.new_match, style=style))
            buttons.append(Button("table.menu", commands.menu))
        rect = self.result.rect()
        widths = [max(b.natural_width(scale), u(200)) for b in buttons]
        gap = u(20)
        x = rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for button, width in reading_order(buttons, widths):
            button.rect = pygame.Rect(x, rect.bottom - u(84), width, u(58))
            x += width + gap
        return buttons

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
        if overlay == Overlay.RESULT and event.key in RESULT_KEYS:
            if self.controller.frame().match_over and not self.lesson.active:
                self.commands.new_match()
            else:
                self.commands.next_deal()
            return True
        if overlay == Overlay.LAST_TRICK:
            return self.last_trick.key(event)
        return False

    # --- drawing ----------------------------------------------------------------------------
    def shown(self) -> bool:
        return self.modals.top is not None or self.state.show_counter

    def draw(self, surface: pygame.Surface) -> None:
        """The overlay up and its buttons (over the film look)."""
        overlay, pen = self.modals.top, self.drawer.pen
        if overlay == Overlay.RESULT:
            self.result.draw(surface)
        elif overlay == Overlay.CHOOSER:
            pen.dim(surface)
            self.chooser.draw(surface, self.buttons)
        elif overlay == Overlay.LAST_TRICK:
            if self.view.last_trick(self.controller.frame()) is not None:
                pen.dim(surface)
                self.last_trick.draw(surface)
        elif overlay == Overlay.HOUSE:
            pen.dim(surface)
            self.house.draw(surface)
        for button in self.buttons:
            button.draw(surface, self.layout.scale)
