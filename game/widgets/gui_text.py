"""Text on pygame_gui elements in every language (pygame_gui cannot do bidi or font fallback).

pygame_gui shapes a string with one font in one direction: a Persian label holding a Latin
name or a number comes out in the wrong order, and its bundled CJK fonts are left out of our
executable. So Cardavia never lets pygame_gui draw words. Two tools here:

``TextLabel`` (use this)
    A pygame_gui element (a ``UIImage`` that never takes the mouse) whose picture is drawn by
    :mod:`game.text`: per-script fonts, Arabic shaping, bidi order, wrapping, and ``start``
    alignment that turns right in Persian. It re-renders itself when the language changes
    (``i18n.on_change``), so a screen does not have to rebuild it::

        play = UIButton(rect, "", manager)              # a button without its own text
        label = TextLabel.over(play, "table.play", size_px=22, color=INK, align="center")
        ...
        label.set_key("table.pass")                     # or set_text(...) for a ready string
        label.kill()                                    # also unsubscribes (play.kill() too)

    ``TextLabel(rect, manager, key=..., params=..., text=...)`` places one freely (wrapping
    with ``wrap=True``). Numbers in ``params`` are formatted for the language by ``i18n.tr``.

``apply_theme_fonts(manager, lang)`` (safety net)
    Registers our font for ``lang`` (Noto Sans, Noto Sans Arabic shaped right to left, or the
    CJK subset) as pygame_gui's default font, so that any text pygame_gui does draw (a tooltip,
    a text box) shows no box glyphs; ``follow_language(manager)`` keeps it in step with the
    language. It cannot fix the order of mixed-direction text: use ``TextLabel`` for words.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.gui_type_hints import Coordinate
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.core.layered_gui_group import GUISprite
from pygame_gui.elements import UIImage

from game import i18n, text

Color = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color


class TextLabel(UIImage):
    """A pygame_gui element that shows a string drawn by :mod:`game.text` inside its rect.

    Give ``key`` (and ``params``) to follow the language, or ``text`` for a string that is
    already translated (it is still redrawn on a language change: direction and alignment).
    The text is centred vertically; horizontally it follows ``align`` (``start`` is the right
    edge in a right-to-left language). With ``wrap`` it wraps to the rect's width.
    """

    def __init__(
        self,
        relative_rect: pygame.Rect | tuple[int, int, int, int],
        manager: pygame_gui.core.interfaces.IUIManagerInterface | None = None,
        *,
        key: str | None = None,
        params: dict[str, object] | None = None,
        text: str | None = None,
        size_px: int = 20,
        color: Color = (238, 230, 212),
        bold: bool = False,
        align: str = "start",
        wrap: bool = False,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        starting_height: int = 1,
    ) -> None:
        self._key = key
        self._params = dict(params or {})
        self._text = text
        self.size_px = size_px
        self.color = color
        self.bold = bold
        self.align = align
        self.wrap = wrap
        rect = pygame.Rect(relative_rect)
        super().__init__(
            rect,
            self._picture(rect.size),
            manager,
            container=container,
            parent_element=parent_element,
            starting_height=starting_height,
        )
        self._unsubscribe: Callable[[], None] | None = i18n.on_change(self._language_changed)

    @classmethod
    # Any: the element's kill is replaced below (mypy refuses a method assignment), and the
    # options are the constructor's keywords, passed on
    def over(cls, element: Any, key: str | None = None, **options: Any) -> TextLabel:
        """A label covering ``element`` (e.g. a ``UIButton`` made with empty text), one layer
        above it, that dies with it."""
        label = cls(
            element.get_relative_rect(),
            element.ui_manager,
            key=key,
            container=element.ui_container,
            parent_element=element,
            starting_height=element.get_starting_height() + 1,
            **options,
        )
        original_kill = element.kill

        def kill_both() -> None:
            label.kill()
            original_kill()

        element.kill = kill_both
        return label

    # --- content --------------------------------------------------------------------------

    def shown_text(self) -> str:
        """The string shown now (translated when the label follows a key)."""
        if self._key is not None:
            return i18n.tr(self._key, **self._params)
        return self._text or ""

    def set_key(self, key: str, **params: object) -> None:
        """Show catalog entry ``key`` with ``params`` (and follow language changes)."""
        self._key, self._params, self._text = key, params, None
        self.refresh()

    def set_text(self, value: str) -> None:
        """Show a ready string."""
        self._key, self._params, self._text = None, {}, value
        self.refresh()

    def refresh(self) -> None:
        """Draw the picture again (language, text, size or colour changed)."""
        self.set_image(self._picture(self.rect.size))

    def set_dimensions(self, dimensions: Coordinate, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        # pygame_gui's sprite methods are unannotated: called through the class that defines
        # them, mypy's untyped_calls_exclude (pyproject.toml) names them; the same for kill
        alive = GUISprite.alive(self)
        if alive and getattr(self, "_unsubscribe", None) is not None:
            self.refresh()

    def _picture(self, size: tuple[int, int]) -> pygame.Surface:
        width, height = max(1, size[0]), max(1, size[1])
        picture = pygame.Surface((width, height), pygame.SRCALPHA)
        words = self.shown_text()
        if not words:
            return picture
        image = text.render(
            words,
            self.size_px,
            self.color,
            bold=self.bold,
            max_width=width if self.wrap else None,
            align=self.align,
        )
        if self.wrap:
            x = 0
        else:
            rtl = text.is_rtl()
            free = width - image.get_width()
            right = {"start": rtl, "end": not rtl, "left": False, "right": True}.get(self.align)
            x = free // 2 if self.align == "center" or right is None else (free if right else 0)
        y = (height - image.get_height()) // 2
        picture.blit(image, (x, y))
        return picture

    # --- pygame_gui hooks -------------------------------------------------------------------

    def can_hover(self) -> bool:
        return False

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        # Never "under the mouse": pygame_gui would otherwise let the label block the hover
        # and clicks of the button under it.
        return False

    def _language_changed(self, _lang: str) -> None:
        if GUISprite.alive(self):
            self.refresh()

    def kill(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        UIImage.kill(self)  # super().kill(), through pygame_gui's class (see set_dimensions)


# --------------------------------------------------------------------------------------------
# Theme fonts


def theme_font(lang: str | None = None, size_px: int = 14) -> dict[str, str]:
    """A pygame_gui theme ``font`` block with our primary font for ``lang``."""
    lang = lang or i18n.language()
    kind = text.script_of(lang)
    path = text.font_path(kind) or text.font_path("latin") or ""
    block = {
        "name": "cardavia_" + kind.replace(":", "_").replace(".", "_").replace("-", "_"),
        "size": str(size_px),
        "regular_path": path,
        "bold_path": path,
    }
    if kind == "arabic":
        block.update(script="Arab", direction="rtl")
    elif kind.startswith("cjk"):
        block.update(script="Hani", direction="ltr")
    else:
        block.update(script="Latn", direction="ltr")
    return block


#: pygame_gui element types that draw text (their sub-elements inherit through these ids).
GUI_TEXT_ELEMENTS: tuple[str, ...] = (
    "button",
    "label",
    "text_box",
    "text_entry_line",
    "text_entry_box",
    "tool_tip",
    "drop_down_menu",
    "selection_list",
    "window",
    "status_bar",
)


def apply_theme_fonts(
    manager: pygame_gui.UIManager, lang: str | None = None, size_px: int = 14
) -> None:
    """Make ``lang``'s font the font of every pygame_gui text element, and rebuild them.

    pygame_gui's own locale fonts are not used (``set_locale`` would load bundled CJK fonts
    that the executable leaves out).
    """
    theme = manager.get_theme()
    block = theme_font(lang, size_px)
    for element in GUI_TEXT_ELEMENTS:
        # as JSON text, the form pygame_gui's theme interface declares (it parses it to this dict)
        theme.update_single_element_theming(element, json.dumps({"font": block}))
    manager.rebuild_all_from_changed_theme_data()


def follow_language(manager: pygame_gui.UIManager, size_px: int = 14) -> Callable[[], None]:
    """Apply :func:`apply_theme_fonts` now and after every language change; returns the
    function that stops it (call it when the manager goes away)."""
    apply_theme_fonts(manager, i18n.language(), size_px)
    return i18n.on_change(lambda lang: apply_theme_fonts(manager, lang, size_px))
