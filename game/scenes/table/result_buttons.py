"""The result panel's buttons and keys (issues 39, 41, 59): a lesson goes on to its next part
or ends, the deal of the day is dealt once more, a match goes on to its next deal or, once it
is over, a new one; and back to the menu. Enter or N (``RESULT_KEYS``) takes the next deal, or
the new match once the match is over."""

from __future__ import annotations

import pygame

from game.scenes.table.actions import TableCommands
from game.scenes.table.bar import RESULT_KEYS
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import reading_order
from game.scenes.table.lesson import TableLesson
from game.scenes.table.result_panel import ResultPanel
from game.table.controller import TableController
from game.widgets.common import Button


class ResultButtons:
    """The buttons under the result ``panel`` of the match ``controller`` plays (see the
    module docstring); ``commands`` are what they do, ``lesson`` gives a lesson's own."""

    def __init__(
        self,
        controller: TableController,
        lesson: TableLesson,
        commands: TableCommands,
        panel: ResultPanel,
        layout: TableLayout,
    ) -> None:
        self.controller = controller
        self.lesson = lesson
        self.commands = commands
        self.panel = panel
        self.layout = layout

    def buttons(self) -> list[Button]:
        """The buttons, laid in a row at the panel's foot in reading order."""
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
        rect = self.panel.rect()
        widths = [max(b.natural_width(scale), u(200)) for b in buttons]
        gap = u(20)
        x = rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        for button, width in reading_order(buttons, widths):
            button.rect = pygame.Rect(x, rect.bottom - u(84), width, u(58))
            x += width + gap
        return buttons

    def key(self, event: pygame.event.Event) -> bool:
        """Enter or N: the next deal, or a new match once the match is over."""
        if event.key not in RESULT_KEYS:
            return False
        if self.controller.frame().match_over and not self.lesson.active:
            self.commands.new_match()
        else:
            self.commands.next_deal()
        return True
