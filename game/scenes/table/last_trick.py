"""The last trick over the table (Shengji, issue 40): the previous finished trick, a row per
play with the player's name, its winner in brass, at the size of the table's own plays; key L
or Enter closes it, as does a click elsewhere."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import text
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.geometry import TableLayout
from game.scenes.table.view import GameView
from game.table.frame import TableFrame
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, Button, dialog


class LastTrick:
    """The previous finished trick (Shengji), with Close; ``frame`` is the table's frame now."""

    def __init__(
        self,
        frame: Callable[[], TableFrame],
        view: GameView,
        layout: TableLayout,
        drawer: TableDrawer,
        close: Callable[[], None],
    ) -> None:
        self.frame = frame
        self.view = view
        self.layout = layout
        self.drawer = drawer
        self.close = close

    def showing(self) -> bool:
        """Whether there is a finished trick to show."""
        return self.view.last_trick(self.frame()) is not None

    def card_height(self) -> int:
        """The trick's cards as large as the table's own plays (issue 40: they were tiny)."""
        u, layout = self.layout.u, self.layout
        trick = self.view.last_trick(self.frame())
        rows = len(trick.plays) if trick is not None else 4
        room = (layout.size[1] - u(20) - u(172)) // max(1, rows) - u(12)
        return max(u(60), min(int(layout.rects["play_h"]), room))

    def names_width(self) -> int:
        """The column of the players' names (the widest, at most ``u(210)``) and a gap."""
        u = self.layout.u
        px = self.layout.tu(22)
        widest = max(
            (
                text.size(self.view.seat_name(seat), px, bold=True)[0]
                for seat in range(len(self.layout.rects["seats"]))
            ),
            default=u(100),
        )
        return min(u(210), widest) + u(40)

    def rect(self) -> pygame.Rect:
        """The panel sized to its trick (a row per play under the title, Close below),
        centred on the table; grown over any play on the table it would cut, so nothing
        peeks out from under its edge."""
        u, size = self.layout.u, self.layout.size
        trick = self.view.last_trick(self.frame())
        plays = list(trick.plays) if trick is not None else []
        height = self.card_height()
        card_w = card_art.card_size(height)[0]
        step = int(card_w * 0.6)
        widest = max((card_w + step * (len(cards) - 1) for _, cards in plays), default=card_w)
        width = min(size[0] - u(20), max(u(520), self.names_width() + widest + u(60)))
        tall = u(76) + len(plays) * (height + u(12)) + u(96)
        box = pygame.Rect(0, 0, width, min(size[1] - u(20), tall))
        box.center = (size[0] // 2, size[1] // 2 - u(40))
        box.top = max(box.top, u(10))
        window = pygame.Rect((0, 0), size).inflate(-u(10), -u(10))
        for seat in range(len(self.layout.rects["seats"])):
            play = self.drawer.play_box(seat)
            if play is not None and box.colliderect(play) and not box.contains(play):
                grown = box.union(play)
                if window.contains(grown):
                    box = grown
        return box

    def buttons(self) -> list[Button]:
        u = self.layout.u
        close = Button("table.close", self.close, style="primary")
        rect = self.rect()
        close.rect = pygame.Rect(rect.centerx - u(100), rect.bottom - u(76), u(200), u(56))
        return [close]

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_l, pygame.K_RETURN):
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        trick = self.view.last_trick(self.frame())
        if trick is None:
            return
        layout, draw_text, name = self.layout, self.drawer.pen.text, self.view.seat_name
        u = layout.u
        box = self.rect()
        dialog(surface, box, layout.scale)
        title = self.view.last_trick_title(trick)
        where = (box.centerx, box.top + u(20))
        draw_text(surface, title, 26, INK, where, "midtop", bold=True, max_width=box.width - u(40))
        y = box.top + u(76)
        height = self.card_height()
        card_w = card_art.card_size(height)[0]
        step = int(card_w * 0.6)
        names = self.names_width()
        four, wild = layout.hand.four_colour, layout.hand.wild
        for seat, cards in trick.plays:
            colour = BRASS if seat == trick.winner else INK_DIM
            where = (box.left + u(30), y + height // 2)
            draw_text(
                surface, name(seat), 22, colour, where, "midleft", bold=True, max_width=u(210),
                within=box,
            )  # fmt: skip
            cards = list(cards)
            x = box.left + u(30) + names
            if text.is_rtl():  # names on the right, each play just left of its name
                x = box.right - u(30) - names - card_w - step * (len(cards) - 1)
            for card in cards:
                surface.blit(card_art.face(card, height, four, False, False, wild(card)), (x, y))
                x += step
            y += height + u(12)
