"""Issue 26: the top bar, its menus and the meaning chooser keep every text at the window's
smallest size (14 px at 1280×720 and up, 12 px below) in all seven languages, and fit."""

from __future__ import annotations

import inspect

import pygame
import pytest

from game import i18n, text
from game.widgets.topbar import TopBar
from tests.test_table_scene import _pygame, make_app, make_scene, step_until  # noqa: F401

SIZES = [((1920, 1080), 14), ((1280, 720), 14), ((1024, 600), 12), ((800, 600), 12)]


def _sizes_drawn(monkeypatch, draw) -> list[int]:
    """The pixel sizes of every non-blank text ``draw()`` renders (card faces left out: their
    index is card art)."""
    sizes: list[int] = []
    real = text.render

    def render(value, size_px, *args, **kwargs):
        caller = inspect.stack()[1].filename
        if str(value).strip() and not caller.endswith(("cards.py", "figures.py")):
            sizes.append(size_px)
        return real(value, size_px, *args, **kwargs)

    monkeypatch.setattr(text, "render", render)
    try:
        draw()
    finally:
        monkeypatch.undo()
    return sizes


@pytest.mark.parametrize("size,smallest", SIZES)
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_top_bar_and_its_menus_keep_the_smallest_text_and_fit(
    lang, size, smallest, monkeypatch
):
    i18n.set_language(lang)
    try:
        app = make_app(size)
        make_scene("guandan", 1, app=app)  # a scene one can go back from: the Back button too
        bar = TopBar(app)
        window = pygame.Rect(0, 0, *size)
        surface = pygame.Surface(size)
        assert bar.height == app.topbar_height
        for menu in (None, "game", "language"):
            if menu is not None:
                bar.toggle_menu(menu)
                assert window.contains(bar.menu_rect), (menu, bar.menu_rect)
            bar._chrome = None
            sizes = _sizes_drawn(monkeypatch, lambda: bar.draw(surface))
            assert sizes and min(sizes) >= smallest, (menu, sorted(sizes)[:5])
            controls = bar.controls if menu is None else bar.menu_controls
            for control in controls:
                area = bar.rect if menu is None else bar.menu_rect
                assert area.contains(control.rect), (menu, control.name, control.rect)
            for a, b in zip(controls, controls[1:], strict=False):
                assert not a.rect.colliderect(b.rect), (menu, a.name, b.name)
            if menu is not None:
                bar.close_menu()
        labels = [rect for _image, rect in bar._labels]
        for rect in labels:  # slider labels on the bar clear every control
            assert bar.rect.contains(rect)
            assert all(not rect.colliderect(c.rect) for c in bar.controls), rect
        # The look sliders are somewhere: on the bar, or in the Game menu when it is narrow.
        bar.toggle_menu("game")
        names = {c.name for c in bar.controls + bar.menu_controls}
        assert {"contrast", "grain", "temperature"} <= names
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size,smallest", SIZES)
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_meaning_chooser_keeps_the_smallest_text_and_fits(lang, size, smallest, monkeypatch):
    from game.rules import guandan
    from game.rules.cards import parse_cards

    i18n.set_language(lang)
    try:
        scene = make_scene("guandan", 1, app=make_app(size))
        deal = guandan.new_deal(
            hands=["6S 7D 8C 9H 2H 3S", "4S 4D", "5S 5D", "KS KD"], level="2", leader=0
        )
        scene.controller.use_deal(deal)
        step_until(scene, lambda: scene.can_act())
        scene.hand.select_cards(parse_cards("6S 7D 8C 9H 2H"))
        scene.actions.primary()
        scene.update(0.0)
        assert scene.overlay == "chooser"
        sizes = _sizes_drawn(monkeypatch, lambda: scene.draw_over(pygame.Surface(size)))
        assert sizes and min(sizes) >= smallest, sorted(sizes)[:5]
        window = pygame.Rect(0, 0, *size)
        for _number, badge, button, _action, cards in scene.overlays.chooser.rows:
            for rect in (badge, button.rect, cards):
                assert window.contains(rect), rect
    finally:
        i18n.set_language("en")
