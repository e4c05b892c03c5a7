"""The top bar over every screen: back, screen name, the look sliders, language, full screen,
and a "Game" panel (AI level, animation speed, AI think delay, four-colour deck).

The sliders on the bar and every row of the Game menu come from the setting specs
(:data:`game.settings.SPECS`, ``place`` BAR or MENU): a bool is a switch, an int a slider with
its range and step, a str one segment per choice; labels and shown values come from the spec.

Sliders are pygame_gui ``UIHorizontalSlider`` elements themed by ``assets/theme.json``; every
label is drawn by :mod:`game.text` (pygame_gui cannot shape Persian or pick CJK fonts), and the
language list shows each language by its own name (``lang.<code>``). In a right-to-left
language the whole bar is mirrored and the sliders run from right to left.

Keyboard: F10 opens the Game menu (the settings) with the focus on its first control, and
closes it again; Esc closes a menu F10 opened and gives the keys back to the screen. Tab /
Shift+Tab or the arrow keys move between controls; Up from a menu's first row goes to the
bar itself (its sliders, language, full screen); Left/Right (or Up/Down) change a focused
slider by 5 %; Enter opens the focused menu or presses the button; Esc closes a menu opened
from the bar, then leaves the bar.
The mouse wheel over a slider changes it too.

This module lays the bar out and draws it; the menus are built and drawn by
:mod:`game.widgets.topbar_menus`, input is read by :mod:`game.widgets.topbar_keys`, and the
measures and :class:`~game.widgets.topbar_parts.Control` are in :mod:`game.widgets.topbar_parts`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n, text
from game import settings as settings_mod
from game.widgets import marks, topbar_keys, topbar_menus
from game.widgets.common import (
    BAR,
    BRASS,
    INK,
    INK_DIM,
    Button,
    blit_text,
    min_text,
    scaled,
    set_text_floor,
)
from game.widgets.topbar_parts import (
    Control,
    bar_height,
    control_height,
    mirror,
    theme_path,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services
    from game.settings import SettingSpec


#: A pygame_gui element's states that change its look (a slider's knob: hover, hold, focus).
_GUI_FLAGS = ("hovered", "held", "is_focused", "is_selected")


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
        self.menu_label_w = 0
        self.value_width = 0
        self.focus: int | None = None
        self.menu_focus = 0
        #: Whether the open menu was opened by F10 (then Esc leaves the bar at once).
        self.menu_by_key = False
        self.height = 0
        self._band: pygame.Surface | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_state: tuple[object, ...] = ()
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

    def px(self, value: float) -> int:
        """A reference text size in pixels, never below the window's smallest text."""
        return max(self.min_text, scaled(value, self.scale))

    # Any: the Button's keywords, passed on
    def new_button(self, key: str, on_click: Callable[[], None], **kwargs: Any) -> Button:
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
            ("game", self.new_button("topbar.game", lambda: self.toggle_menu("game"), size_px=19)),
            (
                "fullscreen",
                self.new_button("topbar.fullscreen", self.app.toggle_fullscreen, size_px=19),
            ),
            (
                "language",
                self.new_button(
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
            self._back = self.new_button("topbar.back", self._go_back, style="quiet", size_px=19)
            back_w = self._back.natural_width(s) + gap
        x = self._place_bar_sliders(x, x - pad - back_w - scaled(260, s), placed)
        self._title_rect = pygame.Rect(pad + back_w, 0, max(0, x - pad - back_w), self.height)
        if self._back is not None:
            self._back.rect = pygame.Rect(pad, top, back_w - gap, button_h)
            placed.append(Control("back", self._back.rect, button=self._back))
        placed.reverse()  # left-to-right order for keyboard focus
        if text.is_rtl():
            for control in placed:
                control.rect = mirror(control.rect, width)
                if control.value_rect is not None:
                    control.value_rect = mirror(control.value_rect, width)
                if control.button is not None:
                    control.button.rect = control.rect
            self._labels = [(label, mirror(rect, width)) for label, rect in self._labels]
            self._title_rect = mirror(self._title_rect, width)
        self.controls = placed
        for control in placed:
            if control.setting is not None:
                self.sliders[control.name] = self.new_slider(control)
        if self.focus is not None:
            self.focus = min(self.focus, len(self.controls) - 1)
        self.sync_focus()
        if self.menu is not None:
            self.open_menu(self.menu)

    def _place_bar_sliders(self, x: int, room: int, placed: list[Control]) -> int:
        """The BAR settings as label-then-slider pairs ending at ``x``, right to left, shrunk to
        fit ``room``; appends their controls to ``placed`` and returns the new left edge. When
        they do not fit with their labels at the smallest text size, they go to the Game menu."""
        s = self.scale
        gap = scaled(14, s)
        specs = settings_mod.placed(settings_mod.BAR)
        labels = [text.render(i18n.tr(spec.label_key), self.px(19), INK_DIM) for spec in specs]
        count = max(1, len(specs))
        value_w = self.value_w(specs, self.px(17))
        label_total = sum(label.get_width() for label in labels) + count * (
            gap + scaled(18, s) + value_w
        )
        # A slider narrower than five letters of the smallest text is too fiddly to use.
        least = max(scaled(70, s), 5 * self.min_text)
        self.sliders_in_menu = room - label_total < count * least
        if self.sliders_in_menu:
            return x
        slider_w = max(least, min(scaled(170, s), (room - label_total) // count))
        slider_h = self.slider_h()
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

    def new_slider(self, control: Control) -> pygame_gui.elements.UIHorizontalSlider:
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
        self.menu_by_key = False
        if self.menu == name:
            self.close_menu()
        else:
            self.open_menu(name)

    def close_menu(self) -> None:
        for control in self.menu_controls:
            slider = self.sliders.pop(control.name, None)
            if slider is not None:
                slider.kill()
        self.menu = None
        self.menu_controls = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)

    def anchor(self, name: str) -> pygame.Rect:
        for control in self.controls:
            if control.name == name:
                return control.rect
        return pygame.Rect(self.app.size[0] - 1, 0, 1, self.height)

    def open_menu(self, name: str) -> None:
        """Open menu ``name`` ("game" or "language"): see :mod:`game.widgets.topbar_menus`."""
        topbar_menus.build_menu(self, name)

    def slider_h(self) -> int:
        return max(scaled(22, self.scale), self.min_text)

    def value_w(self, specs: Sequence[SettingSpec] | None = None, px: int = 0) -> int:
        """The width kept beside a slider for its value: the widest value of ``specs`` (every
        slider when None) at ``px`` over every step, not its ends only ("0,1 mp" is wider than
        "0 mp" and "3 mp": the value ran into its slider)."""
        if specs is None:
            specs = settings_mod.placed(settings_mod.BAR) + settings_mod.placed(settings_mod.MENU)
        px = px or self.px(19)
        shown = {
            spec.shown(value)
            for spec in specs
            if spec.kind is int and not spec.choices
            for value in (*range(spec.low, spec.high, max(1, spec.step)), spec.high)
        }
        widest = max((text.size(value, px)[0] for value in shown), default=0)
        least = scaled(64, self.scale) if px == self.px(19) else 0
        return max(least, widest)

    # --- behaviour --------------------------------------------------------------------------

    def choose_language(self, code: str) -> None:
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

    def all_controls(self) -> list[Control]:
        return self.menu_controls if self.menu is not None else self.controls

    def sync_focus(self) -> None:
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

    def adjust(self, control: Control, direction: int) -> None:
        assert control.setting is not None
        value = getattr(self.app.settings, control.setting) + direction * control.step
        self.app.set_setting(control.setting, max(control.low, min(control.high, value)))
        self.sync_values()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the bar used the event (the scene then does not see it); see
        :mod:`game.widgets.topbar_keys`."""
        return topbar_keys.handle_event(self, event)

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    # --- drawing ----------------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        """What the bar's own image shows: the title, the menu, the switch, each button's
        hover and focus."""
        scene = self.app.stack.top
        title = i18n.tr(scene.title_key if scene is not None else "app.name")
        return (
            title,
            self.menu,
            self.app.fullscreen,
            tuple((c.button.hovered, c.button.focused) for c in self.controls if c.button),
        )

    def still_key(self) -> object:
        """Everything the bar's picture shows that input changes (issue 54: the frame is drawn
        again only when this or the table's key changes): its image's state, the keyboard's
        focus, and each slider as pygame_gui draws it (hovered, held, its knob's place)."""
        gui = tuple(
            (
                tuple(sprite.rect),
                id(sprite.image),
                sprite.visible,
                *(getattr(sprite, flag, None) for flag in _GUI_FLAGS),
            )
            for sprite in self.manager.get_sprite_group().sprites()
        )
        return (self._state(), self.focus, self.menu_focus, gui)

    def draw(self, surface: pygame.Surface) -> None:
        # The bar's own drawing changes only with hover, focus, menus and switches: keep it
        # as one image and redraw that when its state changes.
        state = self._state()
        title = str(state[0])
        if self._chrome is None or self._chrome_state != state:
            self._chrome_state = state
            self._chrome = self._draw_chrome(title)
        surface.blit(self._chrome, (0, 0))
        s = self.scale
        if self.menu is not None:
            topbar_menus.draw_menu(self, surface)
        self.manager.draw_ui(surface)
        shown = self.controls + (self.menu_controls if self.menu == "game" else [])
        marks.slider_marks(surface, shown, self.app.settings, s, self.px(17))
        # Focus rings around sliders (pygame_gui draws none of its own).
        for i, control in enumerate(self.all_controls()):
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
        image = text.render(title, self.px(22), INK, bold=True)
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

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the bar or its open menu."""
        return self.rect.collidepoint(pos) or (
            self.menu is not None and self.menu_rect.collidepoint(pos)
        )
