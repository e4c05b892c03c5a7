"""The top bar's menus: the language list and the Game menu (one row per MENU setting spec,
plus the look sliders when the bar is too narrow for them), built under their buttons and
drawn opaque over everything (issue 40). In a right-to-left language the rows are mirrored."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, text
from game import settings as settings_mod
from game.widgets import marks
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    blit_text,
    panel,
    scaled,
    shadow,
)
from game.widgets.topbar_parts import Bar, Control, control_height

if TYPE_CHECKING:  # pragma: no cover
    from game.settings import SettingSpec


#: The Game menu's last row: the film look's label and its reset button.
LOOK_LABEL = "topbar.film_look"
LOOK_RESET = "topbar.film_reset"


def build_menu(bar: Bar, name: str) -> None:
    """Open menu ``name`` ("game" or "language") under its button: its controls, panel and focus."""
    bar.close_menu()
    bar.menu = name
    s = bar.scale
    rtl = text.is_rtl()
    pad = max(scaled(16, s), 10)  # never touching the border
    row_h = max(scaled(44, s), control_height(bar.app.size, s) + 4)
    anchor = bar.anchor(name)
    controls: list[Control] = []
    if name == "language":
        buttons = [
            bar.new_button(
                f"lang.{code}",
                partial(bar.choose_language, code),
                label=i18n.tr(f"lang.{code}"),
                style="quiet",
                size_px=22,
            )
            for code in i18n.LANGUAGES
        ]
        menu_w = max(b.natural_width(s) for b in buttons) + 2 * pad
        rect = pygame.Rect(0, bar.height + scaled(6, s), menu_w, len(buttons) * row_h + 2 * pad)
        rect.right = anchor.right
        if rtl:
            rect.left = anchor.left
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(
                rect.left + pad // 2, rect.top + pad + i * row_h, menu_w - pad, row_h
            )
            controls.append(Control(button.key, button.rect, button=button))
        bar.menu_focus = list(i18n.LANGUAGES).index(i18n.language())
    else:
        rect, controls = game_menu(bar, anchor)
        bar.menu_focus = 0
        if rtl:
            # Mirror the rows inside the panel.
            for control in controls:
                control.rect = pygame.Rect(
                    rect.left + rect.right - control.rect.right,
                    control.rect.top,
                    control.rect.width,
                    control.rect.height,
                )
                if control.button is not None:
                    control.button.rect = control.rect
    bar.menu_rect = rect
    bar.menu_controls = controls
    for control in controls:
        if control.setting is not None:
            bar.sliders[control.name] = bar.new_slider(control)
    bar.sync_focus()


def game_menu(bar: Bar, anchor: pygame.Rect) -> tuple[pygame.Rect, list[Control]]:
    """The Game menu: one row per MENU setting spec, label column then its control."""
    s = bar.scale
    width, _ = bar.app.size
    pad = max(scaled(16, s), 10)  # never touching the border
    row_h = max(scaled(44, s), control_height(bar.app.size, s) + 4)
    specs = settings_mod.placed(settings_mod.MENU)
    if bar.sliders_in_menu:
        specs = settings_mod.placed(settings_mod.BAR) + specs
    # Columns sized by their words, so long translations never overlap.
    label_keys = [spec.label_key for spec in specs] + [LOOK_LABEL]
    label_w = max(text.render(i18n.tr(key), bar.px(19), INK_DIM).get_width() for key in label_keys)
    bar.menu_label_w = label_w
    bar.value_width = bar.value_w()
    segments = {
        spec.key: [
            bar.new_button(
                f"{spec.choice_prefix}.{choice}",
                partial(bar.app.set_setting, spec.key, choice),
                style="secondary",
                size_px=19,
            )
            for choice in spec.choices
        ]
        for spec in specs
        if spec.choices
    }
    field_w = scaled(320, s)
    for buttons in segments.values():
        seg_w = max(max(b.natural_width(s) for b in buttons), scaled(100, s))
        field_w = max(field_w, len(buttons) * seg_w)
    reset = bar.new_button(LOOK_RESET, lambda: reset_look(bar), style="secondary", size_px=19)
    field_w = max(field_w, reset.natural_width(s))
    menu_w = pad + label_w + pad + field_w + pad
    rows = len(specs) + 1  # and the film look's reset
    menu_h = rows * row_h + 2 * pad + scaled(4 * (rows - 1), s)
    rect = pygame.Rect(0, bar.height + scaled(6, s), menu_w, menu_h)
    rect.right = min(width - scaled(8, s), anchor.right)
    if text.is_rtl():
        rect.left = max(scaled(8, s), anchor.left)
    left = rect.left + pad + label_w + pad
    y = rect.top + pad
    controls: list[Control] = []
    for spec in specs:
        row = pygame.Rect(left, y, field_w, row_h)
        controls += menu_row(bar, spec, row, segments.get(spec.key, []))
        y += row_h + scaled(4, s)
    reset.rect = pygame.Rect(left, y + scaled(4, s), reset.natural_width(s), row_h - scaled(8, s))
    controls.append(Control("film_reset", reset.rect, button=reset, label_key=LOOK_LABEL))
    return rect, controls


def reset_look(bar: Bar) -> None:
    """The film look back where it leaves the picture as it is (issue 55: it had no reset):
    each bar slider at its neutral place (its default when it has none)."""
    for spec in settings_mod.placed(settings_mod.BAR):
        bar.app.set_setting(spec.key, spec.neutral if spec.neutral is not None else spec.default)
    bar.sync_values()


def menu_row(bar: Bar, spec: SettingSpec, row: pygame.Rect, buttons: list[Button]) -> list[Control]:
    """The controls of one Game menu row in ``row`` (its control column): one segment per
    choice (``buttons``), a switch for a bool, else a slider."""
    s = bar.scale
    inset = pygame.Rect(row.left, row.top + scaled(4, s), 0, row.height - scaled(8, s))
    if buttons:
        seg_w = row.width // len(buttons)
        controls = []
        for i, (choice, button) in enumerate(zip(spec.choices, buttons, strict=True)):
            button.rect = inset.move(i * seg_w, 0)
            button.rect.width = seg_w - scaled(6, s)
            controls.append(
                Control(
                    f"{spec.key}.{choice}",
                    button.rect,
                    button=button,
                    spec=spec,
                    choice=choice,
                    label_key=spec.label_key,
                )
            )
        return controls
    if spec.kind is bool:
        toggle = bar.new_button(
            spec.label_key,
            lambda: bar.app.set_setting(spec.key, not getattr(bar.app.settings, spec.key)),
            style="secondary",
            size_px=19,
        )
        toggle.rect = inset.copy()
        toggle.rect.width = scaled(96, s)
        return [Control(spec.key, toggle.rect, button=toggle, spec=spec, label_key=spec.label_key)]
    slider_rect = pygame.Rect(
        row.left,
        row.top + (row.height - bar.slider_h()) // 2,
        row.width - bar.value_width - scaled(18, s),
        bar.slider_h(),
    )
    return [Control(spec.key, slider_rect, spec=spec, setting=spec.key, label_key=spec.label_key)]


def draw_menu(bar: Bar, surface: pygame.Surface) -> None:
    s = bar.scale
    # Opaque with a shadow (issue 40): nothing of the table shows through a menu.
    shadow(surface, bar.menu_rect, s, radius=14)
    panel(surface, bar.menu_rect, s, alpha=255, radius=14)
    if bar.menu == "language":
        for control in bar.menu_controls:
            assert control.button is not None
            control.button.draw(surface, s)
            if control.name == f"lang.{i18n.language()}":
                mark = control.rect.inflate(-scaled(8, s), -scaled(30, s))
                dot_x = mark.right if text.is_rtl() else mark.left
                pygame.draw.circle(surface, BRASS, (dot_x, control.rect.centery), scaled(4, s))
        return
    pad = max(scaled(16, s), 10)  # never touching the border
    rtl = text.is_rtl()
    drawn_labels: set[str] = set()
    for control in bar.menu_controls:
        if control.label_key and control.label_key not in drawn_labels:
            drawn_labels.add(control.label_key)
            label = text.render(i18n.tr(control.label_key), bar.px(19), INK_DIM)
            row = pygame.Rect(
                bar.menu_rect.left + pad,
                control.rect.top,
                bar.menu_label_w,
                control.rect.height,
            )
            if rtl:
                row = pygame.Rect(
                    bar.menu_rect.right - pad - row.width, row.top, row.width, row.height
                )
            blit_text(surface, label, row)
        # a setting read by its key: its type is the spec's (int, bool or a choice)
        value: Any = getattr(bar.app.settings, control.spec.key) if control.spec else None
        if control.button is not None and control.spec is None:  # an action (the reset)
            control.button.draw(surface, s)
        elif control.button is not None:
            if control.choice is not None:
                chosen = control.choice == value
                if chosen:
                    pygame.draw.rect(
                        surface, (*BRASS,), control.rect, border_radius=control.rect.height // 2
                    )
                control.button.style = "quiet" if chosen else "secondary"
                control.button.draw(surface, s)
                if chosen:
                    image = text.render(control.button.text(), bar.px(19), (34, 26, 12), bold=True)
                    blit_text(surface, image, control.rect, align="center")
            else:
                # A bool setting: a switch, no label inside.
                pygame.draw.rect(
                    surface,
                    BRASS if control.button.focused else PANEL_LINE,
                    control.rect,
                    scaled(2, s),
                    border_radius=control.rect.height // 2,
                )
                marks.switch_at_end(
                    surface, control.rect.inflate(-scaled(10, s), 0), s, bool(value)
                )
        if control.setting is not None and control.spec is not None:
            image = text.render(control.spec.shown(value), bar.px(19), INK)
            spot = pygame.Rect(
                control.rect.right + scaled(12, s),
                control.rect.top,
                bar.value_width,
                control.rect.height,
            )
            if rtl:
                spot = pygame.Rect(
                    control.rect.left - scaled(12, s) - bar.value_width,
                    control.rect.top,
                    bar.value_width,
                    control.rect.height,
                )
            blit_text(surface, image, spot)
