"""The table's overlays (issue 39): the meaning chooser (G5.5), the last trick (Shengji), the
result panel at the end of each deal, the house rules of the match, and the card counter
beside the play. Each panel owns its buttons and its keys; :class:`Overlays` shows the one
up (the table's :class:`~game.scenes.table.modals.Modals`), routes input to it first, and
draws it over the table.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import i18n, registry, text
from game.rules.base import Action
from game.scenes.table.actions import TableCommands
from game.scenes.table.bar import RESULT_KEYS, ResultGuard
from game.scenes.table.context import TableContext, TableNames
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.geometry import TableLayout
from game.scenes.table.house import HouseRulesPanel
from game.scenes.table.layout import reading_order
from game.scenes.table.lesson import TableLesson
from game.scenes.table.modals import Modals, Overlay
from game.scenes.table.pen import TablePen
from game.scenes.table.result_panel import ResultPanel
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table import counter, info
from game.table.controller import TableController
from game.table.frame import TableFrame
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, Button, dialog


def toggle_last_trick(modals: Modals, view: GameView, frame: TableFrame) -> None:
    """Close the last trick when it is up, else show it over a bare table once there is one."""
    if modals.up(Overlay.LAST_TRICK) or view.last_trick(frame) is not None:
        modals.toggle(Overlay.LAST_TRICK)


class Chooser:
    """The meaning chooser: one row per meaning of the selected cards (key 1–9), Cancel;
    ``frame`` is the table's frame now (the controller's)."""

    def __init__(
        self,
        frame: Callable[[], TableFrame],
        view: GameView,
        state: TableState,
        layout: TableLayout,
        pen: TablePen,
        choose: Callable[[Action], None],
        close: Callable[[], None],
    ) -> None:
        self.frame = frame
        self.view = view
        self.state = state
        self.layout = layout
        self.pen = pen
        self.choose = choose
        self.close = close
        self.rows: list[tuple[Any, ...]] = []  # key, badge, button, action, cards

    def buttons(self) -> list[Button]:
        """One row per meaning (G5.5): its key (1–9), its button, and the cards as that
        meaning lays them out; Cancel below. Rows read from the right in a right-to-left
        language."""
        layout = self.layout
        u, scale = layout.u, layout.scale
        w, h = layout.size
        chooser = self.state.chooser
        buttons = [
            Button(
                "table.meaning",
                partial(self.choose, action),
                style="primary",
                label=info.combo_label(action.combo),
            )
            for action in chooser
        ]
        cancel = Button("table.cancel", self.close)
        title = text.render(i18n.tr("table.choose_meaning"), u(26), INK, bold=True)
        width = max(max(b.natural_width(scale) for b in [*buttons, cancel]), u(300))
        cards_w = max((self._meaning_width(a) for a in chooser), default=0)
        row_w = max(u(48) + u(16) + width + u(24) + cards_w, title.get_width() + u(20))
        left = w // 2 - row_w // 2
        step = u(84)
        top = h // 2 - ((len(buttons) + 1) * step) // 2 + u(30)
        rtl = text.is_rtl()
        self.rows = []
        for i, (button, action) in enumerate(zip(buttons, chooser, strict=True)):
            y = top + i * step
            badge = pygame.Rect(left, y + u(6), u(48), u(48))
            button.rect = pygame.Rect(badge.right + u(16), y + u(2), width, u(56))
            cards = pygame.Rect(button.rect.right + u(24), y - u(4), cards_w, u(68))
            if rtl:  # mirror the row inside its width: key on the right, cards on the left
                for rect in (badge, button.rect, cards):
                    rect.x = 2 * left + row_w - rect.right
            self.rows.append((i + 1, badge, button, action, cards))
        cancel.rect = pygame.Rect(w // 2 - width // 2, top + len(buttons) * step, width, u(56))
        return [*buttons, cancel]

    def _meaning_width(self, action: Any) -> int:
        count = len(self.view.meaning_cards(action, self.frame()))
        card_w = card_art.card_size(self.layout.u(68))[0]
        return card_w + int(card_w * 0.62) * max(0, count - 1)

    def key(self, event: pygame.event.Event) -> bool:
        number = event.key - pygame.K_1
        if 0 <= number < len(self.state.chooser):
            self.choose(self.state.chooser[number])
            return True
        return False

    def draw(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        if not buttons:
            return
        layout, draw_text = self.layout, self.pen.text
        u = layout.u
        rects = [b.rect for b in buttons]
        rects += [row[1] for row in self.rows] + [row[4] for row in self.rows]
        box = rects[0].unionall(rects).inflate(u(60), u(40))
        box.top -= u(60)  # room for the title above the first meaning
        box.height += u(60)
        title = i18n.tr("table.choose_meaning")
        title_w = text.size(title, u(26), bold=True)[0]
        if box.width < title_w + u(48):
            box.inflate_ip(title_w + u(48) - box.width, 0)
        dialog(surface, box, layout.scale)
        draw_text(surface, title, 26, INK, (box.centerx, box.top + u(18)), "midtop", bold=True)
        height = u(68)
        card_w = card_art.card_size(height)[0]
        four, wild, frame = layout.hand.four_colour, layout.hand.wild, self.frame()
        for number, badge, _button, action, area in self.rows:
            # The key that picks this meaning (1–9), in the language's digits.
            pygame.draw.ellipse(surface, (40, 30, 14), badge)
            pygame.draw.ellipse(surface, BRASS, badge, width=max(2, u(3)))
            label = i18n.format_number(number)
            draw_text(surface, label, 26, BRASS, badge.center, "center", bold=True)
            x = area.left
            for card in self.view.meaning_cards(action, frame):
                image = card_art.face(card, height, four, False, False, wild(card))
                surface.blit(image, (x, area.top))
                x += int(card_w * 0.62)


class LastTrick:
    """The previous finished trick (Shengji), with Close; ``frame`` is the table's frame now."""

    def __init__(
        self,
        frame: Callable[[], TableFrame],
        view: GameView,
        layout: TableLayout,
        drawer: TableDrawer,
        names: TableNames,
        close: Callable[[], None],
    ) -> None:
        self.frame = frame
        self.view = view
        self.layout = layout
        self.drawer = drawer
        self.names = names
        self.close = close

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
                text.size(self.names.seat_name(seat), px, bold=True)[0]
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
        layout, draw_text, name = self.layout, self.drawer.pen.text, self.names.seat_name
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
    """The panel up over the table (the state's ``modals``), its buttons and input, and the
    card counter (see the module docstring); ``commands`` are what its buttons do."""

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
        self.chooser = Chooser(frame, view, state, layout, pen, commands.act, self.close)
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

    def counter_rows(self) -> tuple[list[tuple[str, int]], list[str]]:
        """The counter's ``(rank, cards not seen)`` and the game's extra lines."""
        frame = self.controller.frame()
        pack = registry.get(self.controller.preset).pack()
        unseen = counter.unseen_cards(
            pack, frame.hand, frame.log, self.controller.human_seat, self.view.gives_away
        )
        return counter.by_rank(unseen, pack), self.view.counter_lines(frame, unseen)

    def draw_counter(self, surface: pygame.Surface) -> None:
        """The card counter (key C), when shown: a grid of ranks with the cards not seen under each, at
        the table's end side below the seat there (mirrored in a right-to-left language)."""
        if not self.state.show_counter:
            return
        layout, draw_text = self.layout, self.drawer.pen.text
        u = layout.u
        ranks, lines = self.counter_rows()
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
