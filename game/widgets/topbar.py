"""The top bar over every screen: back, screen name, the look sliders, language, full screen,
and a "Game" panel (AI level, animation speed, AI think delay, four-colour deck).

The sliders on the bar and every row of the Game menu come from the setting specs
(:data:`game.settings.SPECS`, ``place`` BAR or MENU): a bool is a switch, an int a slider with
its range and step, a str one segment per choice; labels and shown values come from the spec.

Sliders are pygame_gui ``UIHorizontalSlider`` elements themed by ``assets/theme.json``; every
label is drawn by :mod:`game.text` (pygame_gui cannot shape Persian or pick CJK fonts), and the
language list shows each language by its own name (``lang.<code>``). In a right-to-left
language the whole bar is mirrored and the sliders run from right to left.

Keyboard: F10 puts the keyboard focus on the bar (and takes it away again); Tab / Shift+Tab or
the arrow keys move between controls; Left/Right (or Up/Down) change a focused slider by 5 %;
Enter opens the focused menu or presses the button; Esc closes a menu, then leaves the bar.
The mouse wheel over a slider changes it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import i18n, text
from game import settings as settings_mod
from game.paths import assets_dir
from game.widgets import marks
from game.widgets.common import (
    BAR,
    BRASS,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    blit_text,
    min_text,
    panel,
    scaled,
    set_text_floor,
    shadow,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services
    from game.settings import SettingSpec

#: Height of the bar at the 1920×1080 reference.
HEIGHT = 56


def control_height(size: tuple[int, int], scale: float) -> int:
    """A button's or menu row's height: 36 reference pixels, or room for the window's
    smallest text (issue 26: 12 px below 1280×720, 14 px from there up)."""
    return max(scaled(36, scale), round(min_text(size) * 1.75))


def bar_height(size: tuple[int, int], scale: float) -> int:
    """The bar's height for a window of ``size``: 56 reference pixels, or more in a small
    window so its buttons keep the smallest text size."""
    return max(scaled(HEIGHT, scale), control_height(size, scale) + 8)


@dataclass
class Control:
    """One focusable thing on the bar or in a menu: a button or a slider.

    ``spec`` is the setting it shows; ``setting`` is its key when the control is a slider, and
    ``choice`` the value a segment stands for.
    """

    name: str
    rect: pygame.Rect
    button: Button | None = None
    spec: SettingSpec | None = None
    setting: str | None = None
    choice: str | None = None
    label_key: str = ""
    #: Where a bar slider's value is written (a menu slider's goes beside it).
    value_rect: pygame.Rect | None = None

    @property
    def low(self) -> int:
        return self.spec.low if self.spec is not None else 0

    @property
    def high(self) -> int:
        return self.spec.high if self.spec is not None else 0

    @property
    def step(self) -> int:
        return self.spec.step if self.spec is not None else 1


def theme_path() -> str:
    return str(assets_dir() / "theme.json")


class TopBar:
    """Owns the bar's widgets; the app calls ``handle_event``, ``update`` and ``draw``."""

    def __init__(self, app: Services) -> None:
        self.app = app
        self.manager = pygame_gui.UIManager(app.size, theme_path())
        self.sliders: dict[str, pygame_gui.elements.UIHorizontalSlider] = {}
        self.controls: list[Control] = []
        self.menu: str | None = None
        self.menu_controls: list[Control] = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self._menu_label_w = 0
        self._value_width = 0
        self.focus: int | None = None
        self.menu_focus = 0
        self.height = 0
        self._band: pygame.Surface | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_state: tuple = ()
        self._labels: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._title_rect = pygame.Rect(0, 0, 0, 0)
        self._back: Button | None = None
        #: Whether the look sliders sit in the Game menu (the bar is too narrow for them).
        self.sliders_in_menu = False
        self.relayout()

    # --- layout -----------------------------------------------------------------------------

    @property
    def scale(self) -> float:
        return self.app.scale

    @property
    def min_text(self) -> int:
        """The smallest text size in pixels for the window (see :func:`min_text`)."""
        return min_text(self.app.size)

    def _px(self, value: float) -> int:
        """A reference text size in pixels, never below the window's smallest text."""
        return max(self.min_text, scaled(value, self.scale))

    def _button(self, key: str, on_click, **kwargs) -> Button:  # noqa: ANN001
        button = Button(key, on_click, **kwargs)
        button.min_px = self.min_text
        return button

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.app.size[0], self.height)

    def relayout(self) -> None:
        """Rebuild every control for the current window size, scale and language."""
        set_text_floor(self.min_text)  # every button of the window, before anyone lays out
        width, _ = self.app.size
        s = self.scale
        self.manager.set_window_resolution(self.app.size)
        self.height = bar_height(self.app.size, s)
        band = pygame.Surface((width, self.height), pygame.SRCALPHA)
        band.fill((*BAR, 228))
        pygame.draw.line(band, (*BRASS, 150), (0, self.height - 1), (width, self.height - 1))
        self._band = band
        self._chrome = None
        for slider in self.sliders.values():
            slider.kill()
        self.sliders.clear()
        self.controls = []
        self._labels = []
        pad, gap = scaled(19, s), scaled(14, s)
        button_h = control_height(self.app.size, s)
        top = (self.height - button_h) // 2

        # Right group, placed from the right edge inwards in left-to-right coordinates.
        x = width - pad
        right_buttons = [
            ("game", self._button("topbar.game", lambda: self.toggle_menu("game"), size_px=19)),
            (
                "fullscreen",
                self._button("topbar.fullscreen", self.app.toggle_fullscreen, size_px=19),
            ),
            (
                "language",
                self._button(
                    "topbar.language",
                    lambda: self.toggle_menu("language"),
                    label=i18n.tr(f"lang.{i18n.language()}"),
                    size_px=19,
                ),
            ),
        ]
        placed: list[Control] = []
        for name, button in right_buttons:
            button.end_space = 40 if name == "fullscreen" else 22
            w = button.natural_width(s) + (scaled(30, s) if name != "fullscreen" else scaled(44, s))
            button.rect = pygame.Rect(x - w, top, w, button_h)
            x -= w + gap
            placed.append(Control(name, button.rect, button=button))
        x -= gap
        # Look sliders: label then slider, shrunk when the window is narrow.
        back_w = 0
        self._back = None
        scene = self.app.stack.top
        if scene is not None and scene.can_go_back:
            self._back = self._button("topbar.back", self._go_back, style="quiet", size_px=19)
            back_w = self._back.natural_width(s) + gap
        x = self._place_bar_sliders(x, x - pad - back_w - scaled(260, s), placed)
        self._title_rect = pygame.Rect(pad + back_w, 0, max(0, x - pad - back_w), self.height)
        if self._back is not None:
            self._back.rect = pygame.Rect(pad, top, back_w - gap, button_h)
            placed.append(Control("back", self._back.rect, button=self._back))
        placed.reverse()  # left-to-right order for keyboard focus
        if text.is_rtl():
            for control in placed:
                control.rect = _mirror(control.rect, width)
                if control.value_rect is not None:
                    control.value_rect = _mirror(control.value_rect, width)
                if control.button is not None:
                    control.button.rect = control.rect
            self._labels = [(label, _mirror(rect, width)) for label, rect in self._labels]
            self._title_rect = _mirror(self._title_rect, width)
        self.controls = placed
        for control in placed:
            if control.setting is not None:
                self.sliders[control.name] = self._slider(control)
        if self.focus is not None:
            self.focus = min(self.focus, len(self.controls) - 1)
        self._sync_focus()
        if self.menu is not None:
            self._build_menu(self.menu)

    def _place_bar_sliders(self, x: int, room: int, placed: list[Control]) -> int:
        """The BAR settings as label-then-slider pairs ending at ``x``, right to left, shrunk to
        fit ``room``; appends their controls to ``placed`` and returns the new left edge. When
        they do not fit with their labels at the smallest text size, they go to the Game menu."""
        s = self.scale
        gap = scaled(14, s)
        specs = settings_mod.placed(settings_mod.BAR)
        labels = [text.render(i18n.tr(spec.label_key), self._px(19), INK_DIM) for spec in specs]
        count = max(1, len(specs))
        value_w = self._value_w(specs, self._px(17))
        label_total = sum(label.get_width() for label in labels) + count * (
            gap + scaled(18, s) + value_w
        )
        # A slider narrower than five letters of the smallest text is too fiddly to use.
        least = max(scaled(70, s), 5 * self.min_text)
        self.sliders_in_menu = room - label_total < count * least
        if self.sliders_in_menu:
            return x
        slider_w = max(least, min(scaled(170, s), (room - label_total) // count))
        slider_h = self._slider_h()
        for spec, label in reversed(list(zip(specs, labels, strict=True))):
            # Issue 40: label, slider, then its value (so a change is read, not guessed).
            value_rect = pygame.Rect(x - value_w, 0, value_w, self.height)
            rect = pygame.Rect(
                value_rect.left - scaled(8, s) - slider_w,
                (self.height - slider_h) // 2,
                slider_w,
                slider_h,
            )
            label_rect = pygame.Rect(
                rect.left - scaled(10, s) - label.get_width(), 0, label.get_width(), self.height
            )
            x = label_rect.left - gap
            placed.append(
                Control(
                    spec.key,
                    rect,
                    spec=spec,
                    setting=spec.key,
                    label_key=spec.label_key,
                    value_rect=value_rect,
                )
            )
            self._labels.append((label, label_rect))
        return x

    def _slider(self, control: Control) -> pygame_gui.elements.UIHorizontalSlider:
        value = getattr(self.app.settings, control.setting or "")
        value_range = (control.high, control.low) if text.is_rtl() else (control.low, control.high)
        return pygame_gui.elements.UIHorizontalSlider(
            control.rect,
            value,
            value_range,
            self.manager,
            click_increment=control.step,
        )

    # --- menus ------------------------------------------------------------------------------

    def toggle_menu(self, name: str) -> None:
        if self.menu == name:
            self.close_menu()
        else:
            self._build_menu(name)

    def close_menu(self) -> None:
        for control in self.menu_controls:
            slider = self.sliders.pop(control.name, None)
            if slider is not None:
                slider.kill()
        self.menu = None
        self.menu_controls = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)

    def _anchor(self, name: str) -> pygame.Rect:
        for control in self.controls:
            if control.name == name:
                return control.rect
        return pygame.Rect(self.app.size[0] - 1, 0, 1, self.height)

    def _build_menu(self, name: str) -> None:
        self.close_menu()
        self.menu = name
        s = self.scale
        rtl = text.is_rtl()
        pad = max(scaled(16, s), 10)  # never touching the border
        row_h = max(scaled(44, s), control_height(self.app.size, s) + 4)
        anchor = self._anchor(name)
        controls: list[Control] = []
        if name == "language":
            buttons = [
                self._button(
                    f"lang.{code}",
                    lambda code=code: self._choose_language(code),
                    label=i18n.tr(f"lang.{code}"),
                    style="quiet",
                    size_px=22,
                )
                for code in i18n.LANGUAGES
            ]
            menu_w = max(b.natural_width(s) for b in buttons) + 2 * pad
            rect = pygame.Rect(
                0, self.height + scaled(6, s), menu_w, len(buttons) * row_h + 2 * pad
            )
            rect.right = anchor.right
            if rtl:
                rect.left = anchor.left
            for i, button in enumerate(buttons):
                button.rect = pygame.Rect(
                    rect.left + pad // 2, rect.top + pad + i * row_h, menu_w - pad, row_h
                )
                controls.append(Control(button.key, button.rect, button=button))
            self.menu_focus = list(i18n.LANGUAGES).index(i18n.language())
        else:
            rect, controls = self._game_menu(anchor)
            self.menu_focus = 0
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
        self.menu_rect = rect
        self.menu_controls = controls
        for control in controls:
            if control.setting is not None:
                self.sliders[control.name] = self._slider(control)
        self._sync_focus()

    def _game_menu(self, anchor: pygame.Rect) -> tuple[pygame.Rect, list[Control]]:
        """The Game menu: one row per MENU setting spec, label column then its control."""
        s = self.scale
        width, _ = self.app.size
        pad = max(scaled(16, s), 10)  # never touching the border
        row_h = max(scaled(44, s), control_height(self.app.size, s) + 4)
        specs = settings_mod.placed(settings_mod.MENU)
        if self.sliders_in_menu:
            specs = settings_mod.placed(settings_mod.BAR) + specs
        # Columns sized by their words, so long translations never overlap.
        label_w = max(
            (text.render(i18n.tr(spec.label_key), self._px(19), INK_DIM).get_width())
            for spec in specs
        )
        self._menu_label_w = label_w
        self._value_width = self._value_w()
        segments = {
            spec.key: [
                self._button(
                    f"{spec.choice_prefix}.{choice}",
                    lambda key=spec.key, choice=choice: self.app.set_setting(key, choice),
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
        menu_w = pad + label_w + pad + field_w + pad
        rows = len(specs)
        menu_h = rows * row_h + 2 * pad + scaled(4 * (rows - 1), s)
        rect = pygame.Rect(0, self.height + scaled(6, s), menu_w, menu_h)
        rect.right = min(width - scaled(8, s), anchor.right)
        if text.is_rtl():
            rect.left = max(scaled(8, s), anchor.left)
        left = rect.left + pad + label_w + pad
        y = rect.top + pad
        controls: list[Control] = []
        for spec in specs:
            row = pygame.Rect(left, y, field_w, row_h)
            controls += self._menu_row(spec, row, segments.get(spec.key, []))
            y += row_h + scaled(4, s)
        return rect, controls

    def _menu_row(
        self, spec: SettingSpec, row: pygame.Rect, buttons: list[Button]
    ) -> list[Control]:
        """The controls of one Game menu row in ``row`` (its control column): one segment per
        choice (``buttons``), a switch for a bool, else a slider."""
        s = self.scale
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
            toggle = self._button(
                spec.label_key,
                lambda key=spec.key: self.app.set_setting(key, not getattr(self.app.settings, key)),
                style="secondary",
                size_px=19,
            )
            toggle.rect = inset.copy()
            toggle.rect.width = scaled(96, s)
            return [
                Control(spec.key, toggle.rect, button=toggle, spec=spec, label_key=spec.label_key)
            ]
        slider_rect = pygame.Rect(
            row.left,
            row.top + (row.height - self._slider_h()) // 2,
            row.width - self._value_width - scaled(18, s),
            self._slider_h(),
        )
        return [
            Control(spec.key, slider_rect, spec=spec, setting=spec.key, label_key=spec.label_key)
        ]

    def _slider_h(self) -> int:
        return max(scaled(22, self.scale), self.min_text)

    def _value_w(self, specs: tuple[SettingSpec, ...] | None = None, px: int = 0) -> int:
        """The width kept beside a slider for its value: the widest shown value of ``specs``
        (every slider when None) at ``px``."""
        if specs is None:
            specs = settings_mod.placed(settings_mod.BAR) + settings_mod.placed(settings_mod.MENU)
        px = px or self._px(19)
        shown = [
            spec.shown(value)
            for spec in specs
            if spec.kind is int and not spec.choices
            for value in (spec.low, spec.high)
        ]
        widest = max((text.size(value, px)[0] for value in shown), default=0)
        least = scaled(64, self.scale) if px == self._px(19) else 0
        return max(least, widest)

    # --- behaviour --------------------------------------------------------------------------

    def _choose_language(self, code: str) -> None:
        """Pick a language from the menu: the menu closes and everything lays out anew."""
        self.close_menu()
        self.app.set_language(code)

    def _go_back(self) -> None:
        scene = self.app.stack.top
        if scene is not None:
            scene.go_back()

    def sync_values(self) -> None:
        """Move the sliders to the current settings (after a keyboard change or a load)."""
        for name, slider in self.sliders.items():
            value = getattr(self.app.settings, name)
            if slider.get_current_value() != value:
                slider.set_current_value(value)

    def _all_controls(self) -> list[Control]:
        return self.menu_controls if self.menu is not None else self.controls

    def _sync_focus(self) -> None:
        for i, control in enumerate(self.controls):
            if control.button is not None:
                control.button.focused = self.menu is None and self.focus == i
        for i, control in enumerate(self.menu_controls):
            if control.button is not None:
                control.button.focused = (
                    self.menu is not None and self.focus is not None and self.menu_focus == i
                )

    @property
    def has_focus(self) -> bool:
        return self.focus is not None or self.menu is not None

    def _adjust(self, control: Control, direction: int) -> None:
        assert control.setting is not None
        value = getattr(self.app.settings, control.setting) + direction * control.step
        self.app.set_setting(control.setting, max(control.low, min(control.high, value)))
        self.sync_values()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the bar used the event (the scene then does not see it)."""
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for name, slider in self.sliders.items():
                if event.ui_element is slider:
                    self.app.set_setting(name, int(round(slider.get_current_value())))
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        if event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            for control in self._all_controls() + self.controls:
                if control.setting is not None and control.rect.inflate(8, 16).collidepoint(mouse):
                    direction = 1 if event.y > 0 else -1
                    self._adjust(control, direction)  # up is more, in any direction of writing
                    return True
            return self.menu is not None and self.menu_rect.collidepoint(mouse)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._jump_slider(event.pos):
                return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = self.manager.process_events(event)
            for control in self.controls + self.menu_controls:
                if control.button is not None and control.button.handle_event(event):
                    return True
            if event.type == pygame.MOUSEMOTION:
                return False
            inside = self.rect.collidepoint(event.pos) or (
                self.menu is not None and self.menu_rect.collidepoint(event.pos)
            )
            if self.menu is not None and not inside and event.type == pygame.MOUSEBUTTONDOWN:
                # A click outside an open menu closes it and is not passed on.
                self.close_menu()
                return True
            return used or inside
        self.manager.process_events(event)
        return False

    def _jump_slider(self, pos: tuple[int, int]) -> bool:
        """A click on a slider's track (not its knob) sets the value under the pointer."""
        for control in self._all_controls() + self.controls:
            slider = self.sliders.get(control.name)
            if slider is None or control.setting is None or not control.rect.collidepoint(pos):
                continue
            if slider.sliding_button is not None and slider.sliding_button.rect.collidepoint(pos):
                return False
            fraction = (pos[0] - control.rect.left) / max(1, control.rect.width)
            if text.is_rtl():
                fraction = 1.0 - fraction
            value = control.low + fraction * (control.high - control.low)
            value = round(value / control.step) * control.step
            self.app.set_setting(control.setting, max(control.low, min(control.high, int(value))))
            self.sync_values()
            return True
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_F10:
            if self.has_focus:
                self.close_menu()
                self.focus = None
            else:
                self.focus = next(
                    (i for i, c in enumerate(self.controls) if c.setting is not None), 0
                )
            self._sync_focus()
            return True
        if not self.has_focus:
            return False
        rtl = text.is_rtl()
        forward = pygame.K_LEFT if rtl else pygame.K_RIGHT
        backward = pygame.K_RIGHT if rtl else pygame.K_LEFT
        controls = self._all_controls()
        in_menu = self.menu is not None
        index = self.menu_focus if in_menu else (self.focus or 0)
        if not controls:
            return True
        index = min(index, len(controls) - 1)
        current = controls[index]
        move = 0
        if key == pygame.K_ESCAPE:
            if in_menu:
                self.close_menu()
            else:
                self.focus = None
            self._sync_focus()
            return True
        if key == pygame.K_TAB:
            move = -1 if event.mod & pygame.KMOD_SHIFT else 1
        elif (
            current.setting is not None
            and key in (forward, backward, pygame.K_UP, pygame.K_DOWN)
            and not (in_menu and key in (pygame.K_UP, pygame.K_DOWN))
        ):
            self._adjust(current, 1 if key in (forward, pygame.K_UP) else -1)
            return True
        elif key in (forward, pygame.K_DOWN if in_menu else None):
            move = 1
        elif key in (backward, pygame.K_UP if in_menu else None):
            move = -1
        elif key == pygame.K_DOWN and current.name in ("language", "game"):
            self._build_menu(current.name)
            return True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if current.button is not None:
                current.button.activate()
            return True
        if move:
            index = (index + move) % len(controls)
            if in_menu:
                self.menu_focus = index
            else:
                self.focus = index
            self._sync_focus()
        return True

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # The bar's own drawing changes only with hover, focus, menus and switches: keep it
        # as one image and redraw that when its state changes.
        scene = self.app.stack.top
        title = i18n.tr(scene.title_key if scene is not None else "app.name")
        state = (
            title,
            self.menu,
            self.app.fullscreen,
            tuple((c.button.hovered, c.button.focused) for c in self.controls if c.button),
        )
        if self._chrome is None or self._chrome_state != state:
            self._chrome_state = state
            self._chrome = self._draw_chrome(title)
        surface.blit(self._chrome, (0, 0))
        s = self.scale
        if self.menu is not None:
            self._draw_menu(surface)
        self.manager.draw_ui(surface)
        shown = self.controls + (self.menu_controls if self.menu == "game" else [])
        marks.slider_marks(surface, shown, self.app.settings, s, self._px(17))
        # Focus rings around sliders (pygame_gui draws none of its own).
        for i, control in enumerate(self._all_controls()):
            focused = (self.menu_focus == i) if self.menu is not None else (self.focus == i)
            if control.setting is not None and focused and self.focus is not None:
                pygame.draw.rect(
                    surface,
                    INK,
                    control.rect.inflate(scaled(10, s), scaled(10, s)),
                    scaled(2, s),
                    border_radius=scaled(8, s),
                )

    def _draw_chrome(self, title: str) -> pygame.Surface:
        s = self.scale
        chrome = pygame.Surface((self.app.size[0], self.height), pygame.SRCALPHA)
        if self._band is not None:
            chrome.blit(self._band, (0, 0))
        if self._back is not None:
            self._back.draw(chrome, s)
            marks.chevron(chrome, self._back.rect, s)
        image = text.render(title, self._px(22), INK, bold=True)
        if image.get_width() <= self._title_rect.width:
            blit_text(chrome, image, self._title_rect)
        for label, rect in self._labels:
            blit_text(chrome, label, rect)
        for control in self.controls:
            if control.button is not None:
                control.button.draw(chrome, s)
                if control.name in ("language", "game"):
                    marks.caret(chrome, control.rect, s, open_=self.menu == control.name)
                if control.name == "fullscreen":
                    marks.switch_at_end(chrome, control.rect, s, self.app.fullscreen)
        return chrome.convert_alpha() if pygame.display.get_surface() is not None else chrome

    def _draw_menu(self, surface: pygame.Surface) -> None:
        s = self.scale
        # Opaque with a shadow (issue 40): nothing of the table shows through a menu.
        shadow(surface, self.menu_rect, s, radius=14)
        panel(surface, self.menu_rect, s, alpha=255, radius=14)
        if self.menu == "language":
            for control in self.menu_controls:
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
        for control in self.menu_controls:
            if control.label_key and control.label_key not in drawn_labels:
                drawn_labels.add(control.label_key)
                label = text.render(i18n.tr(control.label_key), self._px(19), INK_DIM)
                row = pygame.Rect(
                    self.menu_rect.left + pad,
                    control.rect.top,
                    self._menu_label_w,
                    control.rect.height,
                )
                if rtl:
                    row = pygame.Rect(
                        self.menu_rect.right - pad - row.width, row.top, row.width, row.height
                    )
                blit_text(surface, label, row)
            value = getattr(self.app.settings, control.spec.key) if control.spec else None
            if control.button is not None:
                if control.choice is not None:
                    chosen = control.choice == value
                    if chosen:
                        pygame.draw.rect(
                            surface, (*BRASS,), control.rect, border_radius=control.rect.height // 2
                        )
                    control.button.style = "quiet" if chosen else "secondary"
                    control.button.draw(surface, s)
                    if chosen:
                        image = text.render(
                            control.button.text(), self._px(19), (34, 26, 12), bold=True
                        )
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
                image = text.render(control.spec.shown(value), self._px(19), INK)
                spot = pygame.Rect(
                    control.rect.right + scaled(12, s),
                    control.rect.top,
                    self._value_width,
                    control.rect.height,
                )
                if rtl:
                    spot = pygame.Rect(
                        control.rect.left - scaled(12, s) - self._value_width,
                        control.rect.top,
                        self._value_width,
                        control.rect.height,
                    )
                blit_text(surface, image, spot)

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the bar or its open menu."""
        return self.rect.collidepoint(pos) or (
            self.menu is not None and self.menu_rect.collidepoint(pos)
        )


def _mirror(rect: pygame.Rect, width: int) -> pygame.Rect:
    return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)
