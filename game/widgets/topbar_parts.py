"""The top bar's parts shared by its modules: its measures, a focusable :class:`Control`, and
:class:`Bar`, what the menu and input modules (topbar_menus, topbar_keys) use of the bar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.paths import assets_dir
from game.widgets.common import Button, min_text, scaled

if TYPE_CHECKING:  # pragma: no cover
    import pygame_gui

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


def mirror(rect: pygame.Rect, width: int) -> pygame.Rect:
    return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)


class Bar(Protocol):
    """What :mod:`game.widgets.topbar_menus` and :mod:`game.widgets.topbar_keys` use of the
    :class:`~game.widgets.topbar.TopBar` (typed here, so those modules need not import it)."""

    app: Services
    manager: pygame_gui.UIManager
    sliders: dict[str, pygame_gui.elements.UIHorizontalSlider]
    controls: list[Control]
    menu: str | None
    menu_controls: list[Control]
    menu_rect: pygame.Rect
    menu_label_w: int
    value_width: int
    focus: int | None
    menu_focus: int
    menu_by_key: bool
    height: int
    sliders_in_menu: bool

    @property
    def scale(self) -> float: ...
    @property
    def rect(self) -> pygame.Rect: ...
    @property
    def has_focus(self) -> bool: ...
    def px(self, value: float) -> int: ...
    # Any: the Button's keywords, passed on
    def new_button(self, key: str, on_click: Callable[[], None], **kwargs: Any) -> Button: ...
    def new_slider(self, control: Control) -> pygame_gui.elements.UIHorizontalSlider: ...
    def slider_h(self) -> int: ...
    def value_w(self, specs: Sequence[SettingSpec] | None = None, px: int = 0) -> int: ...
    def anchor(self, name: str) -> pygame.Rect: ...
    def all_controls(self) -> list[Control]: ...
    def open_menu(self, name: str) -> None: ...
    def close_menu(self) -> None: ...
    def sync_focus(self) -> None: ...
    def sync_values(self) -> None: ...
    def adjust(self, control: Control, direction: int) -> None: ...
    def choose_language(self, code: str) -> None: ...
