"""The meaning chooser over the table (G5.5, issue 39): when the selected cards make more than
one play, a row per meaning, picked by its key (1–9) or its button, with the cards as that
meaning lays them out, and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import i18n, text
from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.geometry import TableLayout
from game.scenes.table.pen import TablePen
from game.scenes.table.state import TableState
from game.table import info
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, Button, dialog


class Chooser:
    """The meaning chooser: one row per meaning of the selected cards (key 1–9), Cancel;
    ``meaning_cards`` lays out the cards of one meaning on the table now (the game's view)."""

    def __init__(
        self,
        meaning_cards: Callable[[Action], list[Card]],
        state: TableState,
        layout: TableLayout,
        pen: TablePen,
        choose: Callable[[Action], None],
        close: Callable[[], None],
    ) -> None:
        self.meaning_cards = meaning_cards
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

    def _meaning_width(self, action: Action) -> int:
        count = len(self.meaning_cards(action))
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
        four, wild = layout.hand.four_colour, layout.hand.wild
        for number, badge, _button, action, area in self.rows:
            # The key that picks this meaning (1–9), in the language's digits.
            pygame.draw.ellipse(surface, (40, 30, 14), badge)
            pygame.draw.ellipse(surface, BRASS, badge, width=max(2, u(3)))
            label = i18n.format_number(number)
            draw_text(surface, label, 26, BRASS, badge.center, "center", bold=True)
            x = area.left
            for card in self.meaning_cards(action):
                image = card_art.face(card, height, four, False, False, wild(card))
                surface.blit(image, (x, area.top))
                x += int(card_w * 0.62)
