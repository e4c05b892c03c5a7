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

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import house_rules, i18n, text
from game.house_rules import HouseRules
from game.rules.options import OptionValue
from game.scenes.base import PageScene
from game.widgets import marks
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    INK_FAINT,
    PANEL_LINE,
    Button,
    FocusRing,
    blit_text,
    scaled,
)
from game.widgets.sheet import SheetStyle
from game.words import Words

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
        values: HouseRules,
        *,
        base: Mapping[str, object] | None = None,
        on_change: Callable[[HouseRules], None] | None = None,
        match: HouseRules | None = None,
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
            key: Button("", partial(self.cycle, key), label="", size_px=22) for key in self.keys
        }
        self.defaults_button = Button("house.defaults", self.reset, size_px=24)
        self.done_button = Button("house.done", self.go_back, style="primary", size_px=24)
        self.end_button = Button("house.end_match", self.end_match, size_px=24)
        self.focus = FocusRing()
        self.rows: dict[str, pygame.Rect] = {}
        self._control_w = 0
        #: Whether each rule spans the row below its name and value (a short window, issue 58).
        self._stacked = False
        self._gap = 0
        self._sync_labels()

    # --- behaviour --------------------------------------------------------------------------

    def _sync_labels(self) -> None:
        for key, button in self.value_buttons.items():
            value = self.values[key]  # said in the language of each frame (issue 55)
            button.label = Words.later(self._value_words(key, value))
            button.enabled = not self.locked
        self.defaults_button.enabled = not self.locked

    def _value_words(self, key: str, value: OptionValue) -> Callable[[], str]:
        """What says ``key``'s ``value`` in the language of the moment."""
        return lambda: house_rules.value_label(self.preset, key, value)

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

    def _is_switch(self, key: str) -> bool:
        return isinstance(self.values[key], bool)

    def _words_width(self) -> int:
        return self.sheet.inner.width - self._control_w - scaled(40, self.app.scale)

    def _row_texts(self, key: str) -> tuple[pygame.Surface, pygame.Surface]:
        """The option's name and rule, wrapped to the words column (stacked: the rule spans
        the whole row, below the name and the value)."""
        width = self._words_width()
        name = text.render(
            house_rules.name(self.preset, key), self.text_px(26), INK, bold=True, max_width=width
        )
        rule_w = self.sheet.inner.width if self._stacked else width
        rule = text.render(
            house_rules.line(self.preset, key), self.text_px(19), INK_DIM, max_width=rule_w
        )
        return name, rule

    def _rule_top(self, key: str, name: pygame.Surface) -> int:
        """Where the option's rule begins: below its name, or (stacked) below the value too."""
        s = self.app.scale
        above = name.get_height()
        if self._stacked:
            above = max(above, self.value_buttons[key].rect.height)
        return self.rows[key].top + above + scaled(6, s)

    def _head_texts(self) -> list[pygame.Surface]:
        """The title, the intro and (locked) the reason, top to bottom."""
        inner = self.sheet.inner
        title = text.render(
            i18n.join((i18n.tr("house.title"), i18n.tr(f"preset.{self.preset}.name"))),
            self.text_px(40),
            BRASS,
            bold=True,
            max_width=inner.width,
        )
        intro = text.render(
            i18n.tr("house.intro"), self.text_px(20), INK_DIM, max_width=inner.width
        )
        heads = [title, intro]
        if self.locked:
            heads.append(
                text.render(
                    i18n.tr("house.locked"), self.text_px(22), BRASS, bold=True,
                    max_width=inner.width,
                )
            )  # fmt: skip
        return heads

    def relayout(self) -> None:
        """Rows as tall as their words, the buttons right below them, and the page only as tall
        as its content (issue 40: no half-empty panel). When the rows would run past the
        window, each rule spans its row below the name, then the rows close up."""
        super().relayout()
        s = self.app.scale
        inner = self.sheet.inner
        labels = [
            Button("", lambda: None, label=house_rules.value_label(self.preset, key, value))
            for key in self.keys
            for value in house_rules.schema(self.preset)[key]["allowed"]
        ]
        self._control_w = min(
            inner.width // 2,
            max([scaled(240, s), *(b.natural_width(s) for b in labels)]) + scaled(24, s),
        )
        button_h = max(scaled(56, s), self.text_px(24) + scaled(20, s))
        pad_y = self.sheet.rect.bottom - inner.bottom
        for stacked, gap in ((False, 36), (True, 36), (True, 20), (True, 12)):
            self._stacked, self._gap = stacked, scaled(gap, s)
            bottom = self._place_rows() + scaled(4, s)
            if bottom + button_h + pad_y <= self.sheet.rect.bottom:
                break
        self._place_lower(bottom, button_h)
        # The page ends below the buttons (never past the window's own bottom margin).
        needed = bottom + button_h + pad_y - self.sheet.rect.top
        if needed < self.sheet.rect.height:
            self.sheet.rect.height = needed
            self.sheet.inner.height = needed - 2 * pad_y

    def _place_rows(self) -> int:
        """Lay out the option rows below the head; the y where the lower buttons go."""
        s = self.app.scale
        inner = self.sheet.inner
        control_h = max(scaled(50, s), self.text_px(22) + scaled(16, s))
        y = inner.top + sum(h.get_height() + scaled(14, s) for h in self._head_texts())
        y += scaled(16, s)
        for key in self.keys:
            name, rule = self._row_texts(key)
            if self._stacked:
                words_h = max(name.get_height(), control_h) + scaled(6, s) + rule.get_height()
            else:
                words_h = name.get_height() + scaled(6, s) + rule.get_height()
            row = pygame.Rect(inner.left, y, inner.width, max(words_h, control_h))
            self.rows[key] = row
            button = self.value_buttons[key]
            button.rect = pygame.Rect(0, row.top, self._control_w, control_h)
            if text.is_rtl():
                button.rect.left = row.left
            else:
                button.rect.right = row.right
            y = row.bottom + self._gap
        return y

    def _place_lower(self, bottom: int, button_h: int) -> None:
        """Done and Defaults (locked: End this match) side by side at the reading end."""
        s = self.app.scale
        inner = self.sheet.inner
        lower = (self.done_button, self.end_button if self.locked else self.defaults_button)
        x_end = inner.right
        for button in lower:
            w = max(button.natural_width(s), scaled(200, s))
            button.rect = pygame.Rect(x_end - w, bottom, w, button_h)
            x_end = button.rect.left - scaled(20, s)
            if text.is_rtl():
                button.rect = pygame.Rect(
                    inner.left + inner.right - button.rect.right, bottom, w, button_h
                )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        inner = self.sheet.inner
        y = inner.top
        for image in self._head_texts():
            blit_text(
                surface, image, pygame.Rect(inner.left, y, inner.width, image.get_height()),
                valign="top",
            )  # fmt: skip
            y += image.get_height() + scaled(14, s)
        for key in self.keys:
            row = self.rows[key]
            words = pygame.Rect(row.left, row.top, self._words_width(), row.height)
            if text.is_rtl():
                words.right = row.right
            name, rule = self._row_texts(key)
            blit_text(surface, name, words, valign="top")
            below = pygame.Rect(
                words.left, self._rule_top(key, name), words.width, rule.get_height()
            )
            if self._stacked:
                below.left, below.width = row.left, row.width
            blit_text(surface, rule, below, valign="top")
            self._draw_value(surface, key)
            y = row.bottom + self._gap // 2
            pygame.draw.line(surface, PANEL_LINE, (row.left, y), (row.right, y), 1)
        for button in self.buttons():
            if button not in self.value_buttons.values():
                button.draw(surface, s)

    def _draw_value(self, surface: pygame.Surface, key: str) -> None:
        """A switch with its word for an on/off option, else the value's button."""
        button = self.value_buttons[key]
        s = self.app.scale
        if not self._is_switch(key):
            button.draw(surface, s)
            return
        rect = button.rect
        on = bool(self.values[key])
        if button.focused and button.enabled:
            pygame.draw.rect(
                surface, INK, rect.inflate(scaled(10, s), scaled(10, s)), scaled(2, s),
                border_radius=rect.height // 2 + scaled(5, s),
            )  # fmt: skip
        h = max(18, round(rect.height * 0.8))
        body = pygame.Rect(0, rect.centery - h // 2, round(h * 1.9), h)
        rtl = text.is_rtl()
        if rtl:
            body.right = rect.right - scaled(6, s)
        else:
            body.left = rect.left + scaled(6, s)
        marks.switch(surface, body, on, s)
        if button.hovered and button.enabled:
            pygame.draw.rect(surface, BRASS, body, scaled(2, s), border_radius=h // 2)
        colour = (BRASS if on else INK_DIM) if button.enabled else INK_FAINT
        word = text.render(button.text(), self.text_px(22), colour, bold=True)
        room = pygame.Rect(body.right + scaled(14, s), rect.top, rect.width, rect.height)
        if rtl:
            room = pygame.Rect(
                rect.left, rect.top, body.left - scaled(14, s) - rect.left, rect.height
            )
        blit_text(surface, word, room)
