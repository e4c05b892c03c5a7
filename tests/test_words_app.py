"""The app shell's smaller faults of issue 55: the film look had no way back to neutral, and
"Match saved" was drawn over the open language list."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import settings as settings_mod
from tests.test_app import click, send


def test_the_game_menu_puts_the_film_look_back_to_neutral(app):
    app.set_setting("contrast", 80)
    app.set_setting("grain", 35)
    app.set_setting("temperature", 10)
    app.topbar.toggle_menu("game")
    app.tick(1 / 60)
    reset = next(c for c in app.topbar.menu_controls if c.name == "film_reset")
    assert app.topbar.menu_rect.contains(reset.rect)
    click(app, reset.rect.center)
    neutral = {
        spec.key: spec.neutral if spec.neutral is not None else spec.default
        for spec in settings_mod.placed(settings_mod.BAR)
    }
    assert {key: getattr(app.settings, key) for key in neutral} == neutral
    assert neutral == {"contrast": 50, "grain": 0, "temperature": 50}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "hu", "fa"])
def test_the_reset_row_fits_the_game_menu(app, size, lang):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    send(app, pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.set_language(lang)
    app.topbar.toggle_menu("game")
    rect = app.topbar.menu_rect
    assert rect.bottom <= app.size[1] and rect.left >= 0 and rect.right <= app.size[0]
    reset = next(c for c in app.topbar.menu_controls if c.name == "film_reset")
    assert rect.contains(reset.rect)


def test_a_notice_lies_under_the_open_language_list(app, monkeypatch):
    """A notice is drawn before the top bar and its menus, so an open menu covers it."""
    order: list[str] = []
    draw_notices, draw_bar = app.draw_notices, app.topbar.draw

    def notices(surface: pygame.Surface) -> None:
        order.append("notices")
        draw_notices(surface)

    def bar(surface: pygame.Surface) -> None:
        order.append("bar")
        draw_bar(surface)

    monkeypatch.setattr(app, "draw_notices", notices)
    monkeypatch.setattr(app.topbar, "draw", bar)
    app.toast("table.match_saved")
    app.topbar.toggle_menu("language")
    app.frames.draw_whole()
    assert order[-2:] == ["notices", "bar"]
    pygame.event.clear()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "zh", "fa"])
def test_the_table_tabs_fan_keeps_inside_its_panel(app, size, lang, monkeypatch):
    """Dou Dizhu's six showcase cards stood 12 px over the Table tab's border, then, moved
    in, over the first characters of its words (zh "比赛进行中", issue 55). The fan is
    measured where it is drawn (the scene's call of draw_fan), not where the scene says."""
    from game.scenes import preset as preset_scene
    from game.widgets import title_art
    from game.widgets.common import scaled
    from game.widgets.title_art import fan_rect

    fans: list[tuple[Any, ...]] = []
    real = title_art.draw_fan  # the scene calls it by its own name, patched below

    def drawn(surface, cards, wild, centre, height, four_colour, *, spread=9.0):
        fans.append((cards, centre, height, spread))
        return real(surface, cards, wild, centre, height, four_colour, spread=spread)

    monkeypatch.setattr(preset_scene, "draw_fan", drawn)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    send(app, pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.set_language(lang)
    for preset in app.presets.values():
        scene = app.stack.push(preset_scene.PresetScene(app, preset, preset_scene.TABLE_TAB))
        fans.clear()
        app.tick(1 / 60)
        cards, centre, height, spread = fans[-1]
        cover = fan_rect(cards, centre, height, spread=spread)
        assert scene._card_rect.contains(cover), (preset.id, cover, scene._card_rect)
        words_left = scene._card_rect.left + scaled(560, app.scale)
        words = pygame.Rect(words_left, scene._card_rect.top, scene._words_width(), 1)
        if lang in ("fa", "ar"):
            words.right = scene._card_rect.right - scaled(560, app.scale)
        assert cover.right <= words.left or cover.left >= words.right, (preset.id, cover, words)
        assert height >= scaled(230, app.scale) * 3 // 4  # still a showcase
        app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "hu", "id", "fa", "ar"])
def test_every_value_of_a_slider_fits_the_room_kept_for_it(app, lang):
    """The room beside a slider was measured at its two ends only: "0,1 mp" (hu) is wider
    than "0 mp" and "3 mp", so the value ran into its slider in the Game menu (issue 55)."""
    from game import text

    app.set_language(lang)
    bar = app.topbar
    for px in (bar.px(19), bar.px(17)):
        room = bar.value_w(None, px)
        for spec in settings_mod.placed(settings_mod.BAR) + settings_mod.placed(settings_mod.MENU):
            if spec.kind is int and not spec.choices:
                for value in range(spec.low, spec.high + 1, max(1, spec.step)):
                    shown = spec.shown(value)
                    assert text.size(shown, px)[0] <= room, (spec.key, shown, room)
