"""game/widgets/gui_text.py: pygame_gui labels drawn by game.text follow the language."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n, text, wrapping
from game.widgets.gui_text import TextLabel, apply_theme_fonts, follow_language, theme_font


@pytest.fixture
def manager():
    pygame.display.init()
    pygame.font.init()  # pygame_gui loads its fonts with pygame.font
    pygame.display.set_mode((640, 240))
    previous = i18n.language()
    i18n.set_language("en")
    yield pygame_gui.UIManager((640, 240))
    i18n.set_language(previous)


def _ink_span(surface: pygame.Surface) -> tuple[int, int]:
    rects = pygame.mask.from_surface(surface, 60).get_bounding_rects()
    return min(r.left for r in rects), max(r.right for r in rects)


def test_label_follows_the_language_and_mirrors_its_alignment(manager) -> None:
    label = TextLabel(pygame.Rect(10, 10, 400, 60), manager, key="lang.fa", size_px=24)
    assert label.shown_text() == "فارسی"
    left, _ = _ink_span(label.image)
    assert left < 20  # "start" is the left edge in English
    i18n.set_language("fa")
    _, right = _ink_span(label.image)
    assert right > 380  # … and the right edge in Persian, redrawn at once
    label.kill()
    assert label._language_changed not in [getattr(cb, "__self__", None) for cb in i18n._listeners]


def test_label_over_a_button_keeps_the_mouse_for_the_button_and_dies_with_it(manager) -> None:
    button = pygame_gui.elements.UIButton(pygame.Rect(20, 20, 200, 50), "", manager)
    label = TextLabel.over(button, "lang.zh", size_px=22, align="center")
    assert label.rect == button.rect
    assert not label.can_hover()
    # The mouse over the label hovers the button under it.
    manager.get_mouse_position = lambda: (60, 40)
    manager.update(0.05)
    assert button.hovered and not label.hovered
    assert label.get_starting_height() > button.get_starting_height()
    label.set_text("Alice ۲۵")
    assert label.shown_text() == "Alice ۲۵"
    label.set_key("table.waiting_for", name="Bob")
    assert "Bob" in label.shown_text()
    listeners = len(i18n._listeners)
    button.kill()
    assert not label.alive()
    assert len(i18n._listeners) == listeners - 1


def test_wrapping_label_matches_game_text(manager) -> None:
    words = "بازیکن Alice با ۲۵ امتیاز برنده شد و بازی تا پایان دور ادامه دارد."
    i18n.set_language("fa")
    label = TextLabel(pygame.Rect(0, 0, 300, 200), manager, text=words, wrap=True, size_px=20)
    drawn = text.render(words, 20, label.color, max_width=300)
    assert drawn.get_width() == 300
    assert len(wrapping.wrap(words, 20, 300)) > 1
    assert label.image.get_size() == (300, 200)


@pytest.mark.parametrize(
    ("lang", "kind", "direction"),
    [("fa", "arabic", "rtl"), ("zh", "cjk", "ltr"), ("hu", "latin", "ltr")],
)
def test_theme_fonts_register_our_font_per_language(manager, lang, kind, direction) -> None:
    block = theme_font(lang, 16)
    assert block["regular_path"] == text.font_path(kind)
    assert block["direction"] == direction
    apply_theme_fonts(manager, lang, 16)
    ui_label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 200, 40), "x", manager)
    expected = pygame.DIRECTION_RTL if direction == "rtl" else pygame.DIRECTION_LTR
    assert ui_label.font is not None and ui_label.font.get_direction() == expected


def test_follow_language_switches_pygame_gui_fonts(manager) -> None:
    stop = follow_language(manager, 16)
    try:
        i18n.set_language("fa")
        ui_label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 200, 40), "x", manager)
        assert ui_label.font is not None and ui_label.font.get_direction() == pygame.DIRECTION_RTL
        i18n.set_language("pl")
        ui_label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 200, 40), "x", manager)
        assert ui_label.font is not None and ui_label.font.get_direction() == pygame.DIRECTION_LTR
    finally:
        stop()
