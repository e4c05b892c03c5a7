"""The house rules of the match at the table (issue 28): key R or the House rules button opens
a read-only panel listing each option in force for this match (its name, value and rule in one
line, from the locale), with the reason they cannot change (:class:`HouseRulesPanel`, one of the table's overlays).

The values are the controller's: the options the match began with (a resumed match's recorded
ones), never the preset's remembered choice.
"""

from __future__ import annotations

import pygame

from game import house_rules, i18n, text
from game.scenes.table.geometry import TableLayout
from game.scenes.table.modals import Modals, Overlay
from game.table.controller import TableController
from game.widgets.common import BRASS, INK, INK_DIM, Button, blit_text, dialog

#: Width of the value column (reference pixels).
VALUE_W = 300
#: One option's pictures: its name, its rule and its value.
Parts = tuple[pygame.Surface, pygame.Surface, pygame.Surface]


class HouseRulesPanel:
    """The options panel over the table, its Close button and its keys (R, Escape)."""

    def __init__(self, controller: TableController, modals: Modals, layout: TableLayout) -> None:
        self.controller = controller
        self.modals = modals
        self.layout = layout
        self._cache: tuple[object, list[Parts], int] | None = None

    def toggle(self) -> None:
        """Open the panel over a bare table, or close it."""
        self.modals.toggle(Overlay.HOUSE)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_r, pygame.K_ESCAPE):
            self.toggle()
            return True
        return False

    def rows(self) -> list[tuple[str, str, str]]:
        """``(name, value, rule)`` of each option in force for this match, in schema order."""
        preset, values = self.controller.preset, self.controller.options
        return [
            (
                house_rules.name(preset, key),
                house_rules.value_label(preset, key, values.get(key, option["default"])),
                house_rules.line(preset, key),
            )
            for key, option in house_rules.schema(preset).items()
        ]

    def _width(self) -> int:
        layout = self.layout
        return min(layout.size[0] - layout.u(80), layout.u(1240))

    def _parts(self) -> tuple[list[Parts], int]:
        """Each option's rendered name, rule and value, and the panel's height; rendered
        once per language, size and options."""
        key = (i18n.language(), self.layout.size, tuple(self.controller.options.items()))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1], self._cache[2]
        u = self.layout.u
        words_w = self._width() - u(80) - u(VALUE_W) - u(24)
        parts = []
        height = u(122)
        for name, value, rule in self.rows():
            heading = text.render(name, u(24), INK, bold=True, max_width=int(words_w))
            line = text.render(rule, u(18), INK_DIM, max_width=int(words_w))
            shown = text.render(value, u(24), BRASS, bold=True)
            parts.append((heading, line, shown))
            height += heading.get_height() + u(4) + line.get_height() + u(22)
        height += u(48) + u(100)  # the margins and the Close button
        self._cache = (key, parts, height)
        return parts, height

    def rect(self) -> pygame.Rect:
        layout = self.layout
        _parts, height = self._parts()
        rect = pygame.Rect(0, 0, self._width(), min(height, layout.size[1] - layout.u(40)))
        rect.center = (layout.size[0] // 2, layout.size[1] // 2)
        return rect

    def buttons(self) -> list[Button]:
        u = self.layout.u
        close = Button("table.close", self.toggle, style="primary")
        rect = self.rect()
        width = max(close.natural_width(self.layout.scale), u(200))
        close.rect = pygame.Rect(rect.centerx - width // 2, rect.bottom - u(80), width, u(56))
        return [close]

    def draw(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        box = self.rect()
        dialog(surface, box, self.layout.scale)
        inner = box.inflate(-u(80), -u(48))
        title = text.render(i18n.tr("house.match_title"), u(34), BRASS, bold=True)
        blit_text(surface, title, pygame.Rect(inner.left, inner.top, inner.width, u(48)))
        reason = text.render(i18n.tr("house.locked"), u(21), INK_DIM)
        blit_text(surface, reason, pygame.Rect(inner.left, inner.top + u(56), inner.width, u(30)))
        y = inner.top + u(122)
        for heading, line, shown in self._parts()[0]:
            words = pygame.Rect(inner.left, y, inner.width - u(VALUE_W) - u(24), 0)
            value_box = pygame.Rect(inner.right - u(VALUE_W), y, u(VALUE_W), u(36))
            if text.is_rtl():  # names and rules from the right, the values at the left
                words.right = inner.right
                value_box.left = inner.left
            blit_text(surface, heading, words, valign="top")
            blit_text(surface, line, words.move(0, heading.get_height() + u(4)), valign="top")
            blit_text(surface, shown, value_box, align="end", valign="top")
            y += heading.get_height() + u(4) + line.get_height() + u(22)
