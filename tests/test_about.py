"""The About screen (issue 29): reachable from the title by mouse and keyboard, shows the
version and the third-party licences of THIRD_PARTY_NOTICES, in every language."""

from __future__ import annotations

import pygame
import pytest

from game import __version__, i18n
from game.scenes.about import AboutScene, third_party_parts
from game.scenes.title import TitleScene


def key(app, code: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.tick(1 / 60)


def click(app, pos: tuple[int, int]) -> None:
    for event in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ):
        app.handle_event(event)
    app.tick(1 / 60)


def test_the_notices_name_every_bundled_part_and_its_licence():
    parts = dict(third_party_parts())
    assert parts["pygame-ce"] == "LGPL-2.1-or-later"
    assert parts["python-bidi"] == "LGPL-3.0-or-later"
    assert parts["pygame_gui"] == "MIT" and parts["platformdirs"] == "MIT"
    assert parts["SDL 2, SDL_image, SDL_mixer, SDL_ttf"] == "Zlib"
    assert {"Noto Sans, Noto Sans Arabic", "Noto Sans CJK SC"} <= {
        name for name, licence in parts.items() if licence == "OFL-1.1"
    }


def test_about_opens_from_the_title_by_mouse_and_esc_returns(app):
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(app, title.about_button.rect.center)
    about = app.stack.top
    assert isinstance(about, AboutScene)
    app.tick(1 / 60)
    shown = [block.text for block in about.view.blocks]
    assert i18n.tr("about.version", version=__version__) in shown
    assert "pygame-ce · LGPL-2.1-or-later" in shown
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_about_opens_from_the_title_by_keyboard(app):
    title = app.stack.top
    # Tab walks the preset cards, then Resume when there is one, then About.
    for _ in range(len(title._entries()) - 1):
        key(app, pygame.K_TAB)
    assert title.about_button.focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, AboutScene)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_about_lays_out_and_scrolls_in_every_language(app, lang):
    app.set_language(lang)
    app.stack.top.open_about()
    about = app.stack.top
    app.tick(1 / 60)
    view = about.view
    assert view.blocks[0].text == i18n.tr("about.title")
    # The page is longer than a 1280x720 window: End scrolls to its bottom and nothing spills.
    assert view.max_offset > 0
    key(app, pygame.K_END)
    assert view.offset == view.max_offset
    for block in view.blocks:
        assert block.image.get_width() <= view.text_width
