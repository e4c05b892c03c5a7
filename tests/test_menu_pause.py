"""Issue 40: the table's AI waits while the player reads a top-bar menu or a panel over the
table; it goes on when the menu closes."""

from __future__ import annotations

import pytest

from game.ai.random_bot import RandomBot
from game.scenes.table import TableScene
from game.scenes.table.modals import Overlay
from game.table.controller import TableController


def _table(app, preset: str) -> TableScene:  # noqa: ANN001 - game.app.App
    controller = TableController(
        preset,
        seed=4,
        think_delay=0.0,
        threaded=False,
        autoplay=True,  # every seat is the AI's: the table moves on by itself
        bot_factory=lambda *_: RandomBot(),
    )
    app.settings.ai_delay_ms = 0
    app.autoplay = True
    scene = TableScene(app, preset, controller=controller)
    app.stack.push(scene)
    for _ in range(90):  # past the deal's animation
        app.tick(1 / 30)
    return scene


def _moves(scene: TableScene) -> int:
    return len(scene.controller.state.log)


@pytest.mark.parametrize("preset", ["guandan", "runfast"])
def test_the_ai_waits_while_a_menu_is_open(app, preset):
    scene = _table(app, preset)
    for menu in ("game", "language"):
        app.topbar.toggle_menu(menu)
        before = _moves(scene)
        for _ in range(120):
            app.tick(1 / 30)
        assert _moves(scene) == before, menu
        app.topbar.close_menu()
    before = _moves(scene)
    for _ in range(120):
        app.tick(1 / 30)
    assert _moves(scene) > before  # the menu closed: play goes on


def test_the_ai_waits_while_the_house_rules_panel_is_open(app):
    scene = _table(app, "runfast")
    scene.modals.open(Overlay.HOUSE)
    before = _moves(scene)
    for _ in range(120):
        app.tick(1 / 30)
    assert _moves(scene) == before
    scene.modals.clear()
    for _ in range(120):
        app.tick(1 / 30)
    assert _moves(scene) > before
