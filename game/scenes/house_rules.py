"""The house-rules screen (issue 28): opened from a preset's Table tab before a match.

One row per option of the game's ``options_schema()``: its name, a button showing its value
(a click or Enter moves to the next allowed value) and its rule in one line, in the player's
language. "Defaults" puts every option back; each change is remembered for the preset at once
(:mod:`game.house_rules`).

Options never change in the middle of a match: while a match of this preset is in progress
(``match`` given: its autosave's options), the screen shows that match's options read-only with
the reason in one line, and offers "End this match" (pressed twice: the match in progress is
lost, its finished deals stay in the history) after which the remembered options can be chosen.
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
        match: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.preset = preset
        #: Whether a match in progress fixes the options (they are then its options).
        self.locked = match is not None
        self.remembered = dict(values)
        self.values = dict(match if match is not None else values)
        self.base = dict(base or {})
        self.on_change = on_change
        self.keys = list(house_rules.schema(preset))
        self.value_buttons = {
            key: Button("", lambda key=key: self.cycle(key), label="", size_px=22)
            for key in self.keys
        }
        self.defaults_button = Button("house.defaults", self.reset, size_px=24)
        self.done_button = Button("house.done", self.go_back, style="primary", size_px=24)
        self.end_button = Button("house.end_match", self.end_match, size_px=24)
        self.focus = FocusRing()
        self.rows: dict[str, pygame.Rect] = {}
        self._sync_labels()

    # --- behaviour --------------------------------------------------------------------------

    def _sync_labels(self) -> None:
        for key, button in self.value_buttons.items():
            button.label = house_rules.value_label(self.preset, key, self.values[key])
            button.enabled = not self.locked
        self.defaults_button.enabled = not self.locked

    def end_match(self) -> None:
        """The first press asks again (the match would be lost); the second ends the match
        in progress and unlocks the remembered options."""
        if not self.locked:
            return
        if self.end_button.key != "house.end_match_confirm":
            self.end_button.key = "house.end_match_confirm"
            self.end_button.style = "primary"
            return
        house_rules.end_match(self.preset)
        self.locked = False
        self.values = dict(self.remembered)
        self._sync_labels()
        if self.on_change is not None:
            self.on_change(dict(self.values))
        self.relayout()
        self.enter()

    def _changed(self) -> None:
        self._sync_labels()
        house_rules.save(self.preset, self.values)
        if self.on_change is not None:
            self.on_change(dict(self.values))

    def cycle(self, key: str) -> None:
        if self.locked:
            return
        self.values[key] = house_rules.next_value(self.preset, key, self.values[key])
        self._changed()

    def reset(self) -> None:
        if self.locked:
            return
        self.values = house_rules.defaults(self.preset, self.base)
        self._changed()

    def enter(self) -> None:
        self.focus.set(self.buttons(), 0)

    def buttons(self) -> list[Button]:
        if self.locked:  # the values are shown, not offered
            return [self.end_button, self.done_button]
        return [*self.value_buttons.values(), self.defaults_button, self.done_button]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return super().handle_event(event) or self.focus.handle_key(event, horizontal=False)

    # --- layout and drawing -----------------------------------------------------------------

    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        inner = self.sheet.inner
        rtl = text.is_rtl()
        y = inner.top + scaled(196 if self.locked else 150, s)  # room for the lock line
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
        lower = (self.done_button, self.end_button if self.locked else self.defaults_button)
        for i, button in enumerate(lower):
            w = max(button.natural_width(s), scaled(200, s))
            button.rect = pygame.Rect(0, bottom, w, scaled(56, s))
            if rtl:
                button.rect.left = inner.left + i * (lower[0].rect.width + scaled(20, s))
            else:
                button.rect.right = inner.right - i * (lower[0].rect.width + scaled(20, s))

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
        if self.locked:  # why nothing can be changed, in one line below the intro
            reason = text.render(i18n.tr("house.locked"), scaled(22, s), BRASS, bold=True)
            below = inner.top + scaled(66, s) + intro.get_height() + scaled(8, s)
            blit_text(surface, reason, pygame.Rect(inner.left, below, inner.width, scaled(30, s)))
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
        for button in self.buttons():
            if button not in self.value_buttons.values():
                button.draw(surface, s)
