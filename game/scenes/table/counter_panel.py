"""The card counter beside the play (key C, issue 39): under each rank, how many of its cards
the player has not seen yet (neither in the hand nor played), with the game's own lines below
(the trumps left, the points out); not modal, drawn at the table's end side."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import i18n, text
from game.rules.cards import Card
from game.scenes.table.geometry import TableLayout
from game.scenes.table.pen import TablePen
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table import counter, info
from game.table.frame import TableFrame
from game.widgets.common import BRASS, INK, INK_DIM, dialog


class CardCounter:
    """The card counter of ``seat``'s player (see the module docstring), shown while the
    state's ``show_counter`` is on; ``frame`` is the table's frame now, ``pack`` the game's."""

    def __init__(
        self,
        frame: Callable[[], TableFrame],
        view: GameView,
        state: TableState,
        layout: TableLayout,
        pen: TablePen,
        pack: Sequence[Card],
        seat: int,
    ) -> None:
        self.frame = frame
        self.view = view
        self.state = state
        self.layout = layout
        self.pen = pen
        self.pack = list(pack)
        self.seat = seat

    def rows(self) -> tuple[list[tuple[str, int]], list[str]]:
        """The counter's ``(rank, cards not seen)`` and the game's extra lines."""
        frame, pack = self.frame(), self.pack
        unseen = counter.unseen_cards(pack, frame.hand, frame.log, self.seat, self.view.gives_away)
        return counter.by_rank(unseen, pack), self.view.counter_lines(frame, unseen)

    def draw(self, surface: pygame.Surface) -> None:
        """The card counter (key C), when shown: a grid of ranks with the cards not seen under each, at
        the table's end side below the seat there (mirrored in a right-to-left language)."""
        if not self.state.show_counter:
            return
        layout, draw_text = self.layout, self.pen.text
        u = layout.u
        ranks, lines = self.rows()
        columns = 8
        cell_w, cell_h = u(52), u(54)
        rows = (len(ranks) + columns - 1) // columns
        width = cell_w * columns + u(24)
        height = u(40) + rows * cell_h + len(lines) * u(28) + u(8)
        box = pygame.Rect(0, 0, width, height)
        box.topright = (layout.size[0] - u(36), int(layout.size[1] * 0.45))
        if text.is_rtl():
            box.topleft = (u(36), box.top)
        # Opaque, without a shadow: it stands beside the play (not modal), redrawn in place.
        dialog(surface, box, layout.scale, shade=False)
        title = i18n.tr("counter.title")
        draw_text(surface, title, 20, INK_DIM, (box.centerx, box.top + u(10)), "midtop")
        for index, (rank, number) in enumerate(ranks):
            row, column = divmod(index, columns)
            if text.is_rtl():
                column = columns - 1 - column
            x = box.left + u(12) + column * cell_w + cell_w // 2
            y = box.top + u(40) + row * cell_h
            label = info.rank_label(rank)
            draw_text(surface, label, 20, INK, (x, y), "midtop", bold=True, max_width=cell_w - u(4))
            color = INK_DIM if number == 0 else BRASS
            draw_text(surface, i18n.format_number(number), 22, color, (x, y + u(24)), "midtop")
        for index, line in enumerate(lines):
            y = box.top + u(40) + rows * cell_h + index * u(28)
            draw_text(surface, line, 20, INK, (box.centerx, y), "midtop")
