"""The table's overlays: the meaning chooser (G5.5), the last trick (Shengji) and the result
panel at the end of each deal, with their buttons (a part of :class:`TableScene`)."""

from __future__ import annotations

from typing import Any

import pygame

from game import games, i18n, save, text
from game.scenes.confirm import ask_new_match
from game.scenes.table.context import TableContext
from game.scenes.table.result_panel import ResultPanel
from game.table import counter, info
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, Button, dialog


def _rendered_width(value: str, size_px: int) -> int:
    return text.size(value, size_px, bold=True)[0]


class TableOverlays:
    """The modal panels over the table (see the package docstring)."""

    @property
    def result_panel(self) -> ResultPanel:
        """The result overlay's panel (made on first use, kept for the scene's life)."""
        panel = self.__dict__.get("_result_panel")
        if panel is None:
            panel = self.__dict__["_result_panel"] = ResultPanel(TableContext(self), self.view)
        return panel

    def _build_overlay_buttons(self) -> None:
        u = self._u
        w, h = self.size
        buttons: list[Button] = []
        if self.overlay == "chooser":
            buttons = self._chooser_buttons()
        elif self.overlay == "result":
            ctl = self.controller
            if self.lesson is not None:  # a lesson goes on to its next part or ends
                buttons = self.lesson_result_buttons()
            elif not ctl.match_over:
                buttons.append(Button("table.next_deal", self._next_deal, style="primary"))
            if self.lesson is None:
                buttons.append(
                    Button(
                        "table.new_match",
                        self._new_match,
                        style="primary" if ctl.match_over else "secondary",
                    )
                )
                buttons.append(Button("table.menu", self._menu))
            rect = self._result_rect()
            widths = [max(b.natural_width(self.scale), u(200)) for b in buttons]
            gap = u(20)
            x = rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
            for button, width in self._reading_order(buttons, widths):
                button.rect = pygame.Rect(x, rect.bottom - u(84), width, u(58))
                x += width + gap
        elif self.overlay == "house":
            buttons = self._house_buttons()
        elif self.overlay == "last_trick":
            buttons.append(Button("table.close", self._close_overlay, style="primary"))
            rect = self._last_trick_rect()
            buttons[0].rect = pygame.Rect(rect.centerx - u(100), rect.bottom - u(76), u(200), u(56))
        self.overlay_buttons = buttons

    def _chooser_buttons(self) -> list[Button]:
        """One row per meaning (G5.5): its key (1–9), its button, and the cards as that
        meaning lays them out; Cancel below. Rows read from the right in a right-to-left
        language."""
        u = self._u
        w, h = self.size
        buttons = [
            Button(
                "table.meaning",
                lambda a=action: self._do(a),
                style="primary",
                label=info.combo_label(action.combo),
            )
            for action in self.chooser
        ]
        cancel = Button("table.cancel", self._close_overlay)
        title = text.render(i18n.tr("guandan.choose_meaning"), u(26), INK, bold=True)
        width = max(max(b.natural_width(self.scale) for b in [*buttons, cancel]), u(300))
        cards_w = max((self._meaning_width(a) for a in self.chooser), default=0)
        row_w = max(u(48) + u(16) + width + u(24) + cards_w, title.get_width() + u(20))
        left = w // 2 - row_w // 2
        step = u(84)
        top = h // 2 - ((len(buttons) + 1) * step) // 2 + u(30)
        rtl = text.is_rtl()
        self._chooser_rows = []
        for i, (button, action) in enumerate(zip(buttons, self.chooser, strict=True)):
            y = top + i * step
            badge = pygame.Rect(left, y + u(6), u(48), u(48))
            button.rect = pygame.Rect(badge.right + u(16), y + u(2), width, u(56))
            cards = pygame.Rect(button.rect.right + u(24), y - u(4), cards_w, u(68))
            if rtl:  # mirror the row inside its width: key on the right, cards on the left
                for rect in (badge, button.rect, cards):
                    rect.x = 2 * left + row_w - rect.right
            self._chooser_rows.append((i + 1, badge, button, action, cards))
        cancel.rect = pygame.Rect(w // 2 - width // 2, top + len(buttons) * step, width, u(56))
        return [*buttons, cancel]

    def _meaning_width(self, action: Any) -> int:
        count = len(self.view.meaning_cards(action, self.frame))
        card_w = card_art.card_size(self._u(68))[0]
        return card_w + int(card_w * 0.62) * max(0, count - 1)

    def _close_overlay(self) -> None:
        if self.overlay in ("chooser", "last_trick", "house"):
            self.overlay = None
            self.chooser = []
            self._ui_key = None

    def _open_result(self) -> None:
        self.overlay = "result"
        self._guard_result()
        self.result_panel.open()
        self._ui_key = None

    def _next_deal(self) -> None:
        if self.lesson is not None:
            self._lesson_next_part()
            return
        self.controller.next_deal()
        self.overlay = None
        self._ui_key = None

    def _new_match(self) -> None:
        """A new match; over a match still in progress, asked once first (issue 45)."""
        if not self.saves:
            self._start_new_match()
            return
        words = self.view.saved_words(save.status(self.controller.snapshot()))
        ask_new_match(self.app, self.preset, words, self._start_new_match)

    def _start_new_match(self) -> None:
        # A changed AI level applies from the next match.
        self.controller.ai_level = self.app.settings.ai_level
        self.controller.new_match()
        self.overlay = None
        self._ui_key = None

    def _menu(self) -> None:
        self.go_back()

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        u = self._u
        if not self.overlay_buttons:
            return
        rects = [b.rect for b in self.overlay_buttons]
        rects += [row[1] for row in self._chooser_rows] + [row[4] for row in self._chooser_rows]
        box = rects[0].unionall(rects).inflate(u(60), u(40))
        box.top -= u(60)  # room for the title above the first meaning
        box.height += u(60)
        title_w = _rendered_width(i18n.tr("guandan.choose_meaning"), u(26))
        if box.width < title_w + u(48):
            box.inflate_ip(title_w + u(48) - box.width, 0)
        dialog(surface, box, self.scale)
        self._text(
            surface,
            i18n.tr("guandan.choose_meaning"),
            26,
            INK,
            (box.centerx, box.top + u(18)),
            "midtop",
            bold=True,
        )
        height = u(68)
        card_w = card_art.card_size(height)[0]
        for number, badge, _button, action, area in self._chooser_rows:
            # The key that picks this meaning (1–9), in the language's digits.
            pygame.draw.ellipse(surface, (40, 30, 14), badge)
            pygame.draw.ellipse(surface, BRASS, badge, width=max(2, u(3)))
            self._text(
                surface, i18n.format_number(number), 26, BRASS, badge.center, "center", bold=True
            )
            x = area.left
            for card in self.view.meaning_cards(action, self.frame):
                image = card_art.face(
                    card, height, self.hand.four_colour, False, False, self._is_wild(card)
                )
                surface.blit(image, (x, area.top))
                x += int(card_w * 0.62)

    def _last_trick_rect(self) -> pygame.Rect:
        u = self._u
        return pygame.Rect(0, 0, u(900), u(520)).move(
            self.size[0] // 2 - u(450), self.size[1] // 2 - u(300)
        )

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        trick = self.view.last_trick(self.frame)
        if trick is None:
            return
        self._dim(surface)
        u = self._u
        box = self._last_trick_rect()
        dialog(surface, box, self.scale)
        self._text(
            surface,
            i18n.tr(
                "shengji.last_trick_title",
                name=self._seat_name(trick.winner),
                count=trick.points,
            ),
            26,
            INK,
            (box.centerx, box.top + u(20)),
            "midtop",
            bold=True,
            max_width=box.width - u(40),
        )
        y = box.top + u(76)
        height = u(78)
        card_w = card_art.card_size(height)[0]
        step = int(card_w * 0.6)
        for seat, cards in trick.plays:
            self._text(
                surface,
                self._seat_name(seat),
                22,
                BRASS if seat == trick.winner else INK_DIM,
                (box.left + u(30), y + height // 2),
                "midleft",
                bold=True,
                max_width=u(210),
                within=box,
            )
            cards = list(cards)
            x = box.left + u(260)
            if text.is_rtl():  # names on the right, each play just left of its name
                x = box.right - u(260) - card_w - step * (len(cards) - 1)
            for card in cards:
                surface.blit(
                    card_art.face(
                        card, height, self.hand.four_colour, False, False, self._is_wild(card)
                    ),
                    (x, y),
                )
                x += step
            y += height + u(12)

    def _result_rect(self) -> pygame.Rect:
        """The result panel, as tall as its content (never taller than the table), the full
        width of the table."""
        return self.result_panel.rect()

    def _draw_result(self, surface: pygame.Surface) -> None:
        self.result_panel.draw(surface)

    def _result_content(self) -> tuple[str, list[tuple[Any, ...]], Any]:
        """The result panel's title, sentences and (label, cards), from the game's view."""
        return self.view.result_content(self.frame)

    # --- card counter ------------------------------------------------------------------------
    def _toggle_counter(self) -> None:
        self.show_counter = not getattr(self, "show_counter", False)

    def counter_rows(self) -> tuple[list[tuple[str, int]], list[str]]:
        """The counter's ``(rank, cards not seen)`` and the game's extra lines."""
        frame = self.frame
        pack = games.get(self.preset).pack()
        unseen = counter.unseen_cards(
            pack, frame.hand, frame.log, self.controller.human_seat, self.view.gives_away
        )
        return counter.by_rank(unseen, pack), self.view.counter_lines(frame, unseen)

    def _draw_counter(self, surface: pygame.Surface) -> None:
        """The card counter (key C): a grid of ranks with the cards not seen under each, at
        the table's end side below the seat there (mirrored in a right-to-left language)."""
        u = self._u
        ranks, lines = self.counter_rows()
        columns = 8
        cell_w, cell_h = u(52), u(54)
        rows = (len(ranks) + columns - 1) // columns
        width = cell_w * columns + u(24)
        height = u(40) + rows * cell_h + len(lines) * u(28) + u(8)
        box = pygame.Rect(0, 0, width, height)
        box.topright = (self.size[0] - u(36), int(self.size[1] * 0.45))
        if text.is_rtl():
            box.topleft = (u(36), box.top)
        # Opaque, without a shadow: it stands beside the play (not modal), redrawn in place.
        dialog(surface, box, self.scale, shade=False)
        title = i18n.tr("counter.title")
        self._text(surface, title, 20, INK_DIM, (box.centerx, box.top + u(10)), "midtop")
        for index, (rank, number) in enumerate(ranks):
            row, column = divmod(index, columns)
            if text.is_rtl():
                column = columns - 1 - column
            x = box.left + u(12) + column * cell_w + cell_w // 2
            y = box.top + u(40) + row * cell_h
            label = info.rank_label(rank)
            self._text(
                surface, label, 20, INK, (x, y), "midtop", bold=True, max_width=cell_w - u(4)
            )
            color = INK_DIM if number == 0 else BRASS
            self._text(surface, i18n.format_number(number), 22, color, (x, y + u(24)), "midtop")
        for index, line in enumerate(lines):
            y = box.top + u(40) + rows * cell_h + index * u(28)
            self._text(surface, line, 20, INK, (box.centerx, y), "midtop")
