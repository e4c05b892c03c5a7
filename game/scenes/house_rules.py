"""The house-rules screen (issue 28): opened from a preset's Table tab before a match.

One row per option of the game's ``options_schema()``: its name, a button showing its value
(a click or Enter moves to the next allowed value) and its rule in one line, in the player's
language. "Defaults" puts every option back; each change is remembered for the preset at once
(:mod:`game.house_rules`). A running match is not affected: its options were fixed when it
started (the table's controller records them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import house_rules, i18n, text
from game.scenes.base import PageScene
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    FocusRing,
    blit_text,
    scaled,
)
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class HouseRulesScene(PageScene):
    """The options of one preset, with a value button per option, Defaults and Done."""

    title_key = "house.title"
    sheet_style = SheetStyle(
        max_width=1280, margin=120, top=30, bottom=30, pad=(96, 48), opaque=True
    )

    def __init__(
        self,
        app: Services,
        preset: str,
        values: dict[str, Any],
        *,
        base: dict[str, Any] | None = None,
        on_change: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.preset = preset
        self.values = dict(values)
        self.base = dict(base or {})
        self.on_change = on_change
        self.keys = list(house_rules.schema(preset))
        self.value_buttons = {
            key: Button("", lambda key=key: self.cycle(key), label="", size_px=22)
            for key in self.keys
        }
        self.defaults_button = Button("house.defaults", self.reset, size_px=24)
        self.done_button = Button("house.done", self.go_back, style="primary", size_px=24)
        self.focus = FocusRing()
        self.rows: dict[str, pygame.Rect] = {}
        self._sync_labels()

    # --- behaviour --------------------------------------------------------------------------

    def _sync_labels(self) -> None:
        for key, button in self.value_buttons.items():
            button.label = house_rules.value_label(self.preset, key, self.values[key])

    def _changed(self) -> None:
        self._sync_labels()
        house_rules.save(self.preset, self.values)
        if self.on_change is not None:
            self.on_change(dict(self.values))

    def cycle(self, key: str) -> None:
        self.values[key] = house_rules.next_value(self.preset, key, self.values[key])
        self._changed()

    def reset(self) -> None:
        self.values = house_rules.defaults(self.preset, self.base)
        self._changed()

    def enter(self) -> None:
        buttons = [self.value_buttons[key] for key in self.keys]
        self.focus.set([*buttons, self.defaults_button, self.done_button], 0)

    def buttons(self) -> list[Button]:
        return [*self.value_buttons.values(), self.defaults_button, self.done_button]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return super().handle_event(event) or self.focus.handle_key(event, horizontal=False)

    # --- layout and drawing -----------------------------------------------------------------

    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        inner = self.sheet.inner
        rtl = text.is_rtl()
        y = inner.top + scaled(150, s)
        button_w = scaled(300, s)
        for key in self.keys:
            row = pygame.Rect(inner.left, y, inner.width, scaled(120, s))
            self.rows[key] = row
            button = self.value_buttons[key]
            button.rect = pygame.Rect(0, 0, button_w, scaled(50, s))
            button.rect.top = row.top
            if rtl:
                button.rect.left = row.left
            else:
                button.rect.right = row.right
            y += row.height + scaled(16, s)
        bottom = self.sheet.rect.bottom - scaled(90, s)
        for i, button in enumerate((self.done_button, self.defaults_button)):
            w = max(button.natural_width(s), scaled(200, s))
            button.rect = pygame.Rect(0, bottom, w, scaled(56, s))
            if rtl:
                button.rect.left = inner.left + i * (scaled(220, s) + scaled(20, s))
            else:
                button.rect.right = inner.right - i * (scaled(220, s) + scaled(20, s))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        inner = self.sheet.inner
        title = text.render(
            f"{i18n.tr('house.title')} · {i18n.tr(f'preset.{self.preset}.name')}",
            scaled(40, s),
            BRASS,
            bold=True,
        )
        blit_text(surface, title, pygame.Rect(inner.left, inner.top, inner.width, scaled(56, s)))
        intro = text.render(i18n.tr("house.intro"), scaled(20, s), INK_DIM, max_width=inner.width)
        blit_text(
            surface,
            intro,
            pygame.Rect(inner.left, inner.top + scaled(66, s), inner.width, intro.get_height()),
            valign="top",
        )
        words_w = inner.width - scaled(340, s)
        for key in self.keys:
            row = self.rows[key]
            words = pygame.Rect(row.left, row.top, words_w, row.height)
            if text.is_rtl():
                words.right = row.right
            name = text.render(
                house_rules.name(self.preset, key), scaled(26, s), INK, bold=True,
                max_width=words.width,
            )  # fmt: skip
            blit_text(surface, name, words, valign="top")
            rule = text.render(
                house_rules.line(self.preset, key), scaled(19, s), INK_DIM, max_width=words.width
            )
            below = words.move(0, name.get_height() + scaled(6, s))
            blit_text(surface, rule, below, valign="top")
            self.value_buttons[key].draw(surface, s)
            y = row.bottom + scaled(8, s)
            pygame.draw.line(surface, PANEL_LINE, (row.left, y), (row.right, y), 1)
        self.defaults_button.draw(surface, s)
        self.done_button.draw(surface, s)
