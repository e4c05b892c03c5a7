"""The page of the list screens (game.widgets.sheet): About, House rules, History and
Statistics stand on one Sheet each, inside the window, below the top bar, centred."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.base import PageScene
from game.widgets.common import felt
from game.widgets.sheet import Sheet, SheetStyle


def page_scenes(app):
    from game import house_rules
    from game.scenes.about import AboutScene
    from game.scenes.history import HistoryScene
    from game.scenes.house_rules import HouseRulesScene
    from game.scenes.statistics import StatisticsScene

    return [
        AboutScene(app),
        HouseRulesScene(app, "shengji", house_rules.defaults("shengji", {})),
        HistoryScene(app),
        StatisticsScene(app),
    ]


@pytest.mark.parametrize(
    ("size", "topbar"), [((1024, 600), 30), ((1920, 1080), 56), ((3840, 2160), 112)]
)
def test_a_sheet_stands_centred_below_the_top_bar(size, topbar):
    scale = size[1] / 1080
    style = SheetStyle(max_width=1500, margin=80, top=24, bottom=24, pad=(64, 48), opaque=False)
    sheet = Sheet(style)
    sheet.layout(size, scale, topbar)
    window = pygame.Rect((0, 0), size)
    assert window.contains(sheet.rect) and sheet.rect.contains(sheet.inner)
    assert sheet.rect.top > topbar and sheet.rect.centerx == size[0] // 2
    assert sheet.rect.width <= round(1500 * scale)


def test_every_list_screen_draws_its_sheet_and_content(app):
    for scene in page_scenes(app):
        assert isinstance(scene, PageScene)
        app.stack.push(scene)
        app.tick(1 / 60)
        window = pygame.Rect((0, 0), app.size)
        assert window.contains(scene.sheet.rect)
        assert scene.sheet.rect.top >= app.topbar_height
        # Just inside the page's corner the page is drawn over the felt; just outside, felt.
        bare = felt(app.size, app.settings.felt)
        inside = scene.sheet.rect.inflate(-24, -24).topleft
        outside = scene.sheet.rect.move(-30, 0).midleft
        assert app.screen.get_at(inside) != bare.get_at(inside), type(scene).__name__
        assert app.screen.get_at(outside) == bare.get_at(outside), type(scene).__name__
        app.stack.pop()
