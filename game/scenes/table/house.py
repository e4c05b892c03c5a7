"""The house rules of the match at the table (issue 28): key R or the House rules button opens
a read-only panel listing each option in force for this match (its name, value and rule in one
line, from the locale), with the reason they cannot change (a part of :class:`TableScene`).

The values are the controller's: the options the match began with (a resumed match's recorded
ones), never the preset's remembered choice.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import house_rules, i18n, text
from game.widgets.common import BRASS, INK, INK_DIM, Button, blit_text, dialog

OVERLAY = "house"
#: Width of the value column (reference pixels).
VALUE_W = 300


class TableHouseRules:
    """The options panel over the table (see the module docstring)."""

    def _toggle_house(self) -> None:
        if self.overlay == OVERLAY:
            self.overlay = None
        elif self.overlay is None:
            self.overlay = OVERLAY
        self._ui_key = None

    def house_rows(self) -> list[tuple[str, str, str]]:
        """``(name, value, rule)`` of each option in force for this match, in schema order."""
        preset, values = self.preset, self.controller.options
        return [
            (
                house_rules.name(preset, key),
                house_rules.value_label(preset, key, values.get(key, option["default"])),
                house_rules.line(preset, key),
            )
            for key, option in house_rules.schema(preset).items()
        ]

    def _house_width(self) -> int:
        return min(self.size[0] - self._u(80), self._u(1240))

    def _house_parts(self) -> tuple[list[tuple[pygame.Surface, ...]], int]:
        """Each option's rendered name, rule and value, and the panel's height; rendered
        once per language, size and options."""
        key = (i18n.language(), self.size, tuple(self.controller.options.items()))
        cached = getattr(self, "_house_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        u = self._u
        words_w = self._house_width() - u(80) - u(VALUE_W) - u(24)
        parts = []
        height = u(122)
        for name, value, rule in self.house_rows():
            heading = text.render(name, u(24), INK, bold=True, max_width=int(words_w))
            line = text.render(rule, u(18), INK_DIM, max_width=int(words_w))
            shown = text.render(value, u(24), BRASS, bold=True)
            parts.append((heading, line, shown))
            height += heading.get_height() + u(4) + line.get_height() + u(22)
        height += u(48) + u(100)  # the margins and the Close button
        self._house_cache = (key, parts, height)
        return parts, height

    def _house_rect(self) -> pygame.Rect:
        u = self._u
        _parts, height = self._house_parts()
        rect = pygame.Rect(0, 0, self._house_width(), min(height, self.size[1] - u(40)))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    def _house_buttons(self) -> list[Button]:
        u = self._u
        close = Button("table.close", self._toggle_house, style="primary")
        rect = self._house_rect()
        width = max(close.natural_width(self.scale), u(200))
        close.rect = pygame.Rect(rect.centerx - width // 2, rect.bottom - u(80), width, u(56))
        return [close]

    def _draw_house(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        u = self._u
        box = self._house_rect()
        dialog(surface, box, self.scale)
        inner = box.inflate(-u(80), -u(48))
        title = text.render(i18n.tr("house.match_title"), u(34), BRASS, bold=True)
        blit_text(surface, title, pygame.Rect(inner.left, inner.top, inner.width, u(48)))
        reason = text.render(i18n.tr("house.locked"), u(21), INK_DIM)
        blit_text(surface, reason, pygame.Rect(inner.left, inner.top + u(56), inner.width, u(30)))
        y = inner.top + u(122)
        for heading, line, shown in self._house_parts()[0]:
            words = pygame.Rect(inner.left, y, inner.width - u(VALUE_W) - u(24), 0)
            value_box = pygame.Rect(inner.right - u(VALUE_W), y, u(VALUE_W), u(36))
            if text.is_rtl():  # names and rules from the right, the values at the left
                words.right = inner.right
                value_box.left = inner.left
            blit_text(surface, heading, words, valign="top")
            blit_text(surface, line, words.move(0, heading.get_height() + u(4)), valign="top")
            blit_text(surface, shown, value_box, align="end", valign="top")
            y += heading.get_height() + u(4) + line.get_height() + u(22)


def house_button(scene: Any) -> Button:
    """The quiet button of the table's row that opens the panel."""
    return Button("house.button", scene._toggle_house, style="quiet")
