"""Issue 26 (clarity, second part): the status line under autoplay, the layouts per window
size, text sizes, overlaps and the film look kept off dialogs."""

from __future__ import annotations

import pytest

from game import i18n
from game.scenes.table.scene import TableScene
from game.table.controller import TableController
from tests.test_table_scene import DT, _pygame, make_app, random_bots  # noqa: F401


@pytest.mark.parametrize("preset,seed", [("guandan", 3), ("shengji", 4), ("runfast", 5)])
def test_autoplay_status_names_only_the_seat_that_is_thinking(preset, seed):
    """Issue 26: with the AI playing every seat the status line never says "Waiting for
    You…"; it names the seat whose bot is choosing, and is empty while nobody is."""
    now = [0.0]
    app = make_app()
    app.autoplay = True
    app.settings.ai_delay_ms = 50  # a bot is seen choosing for a few frames
    controller = TableController(
        preset,
        seed=seed,
        think_delay=0.05,  # (the scene sets it from the settings)
        threaded=False,
        autoplay=True,
        clock=lambda: now[0],
        bot_factory=random_bots,
    )
    scene = TableScene(app, preset, controller=controller)
    app.stack.push(scene)
    waiting_you = i18n.tr("table.waiting_for", name=scene._seat_name(0))
    said: dict[object, int] = {}
    for _ in range(4000):
        now[0] += DT
        scene.update(DT)
        if scene.notice or scene.dealing():
            continue
        message = scene._message()
        thinking = scene.frame.thinking_seat
        shown = None if message is None else message[0]
        assert shown != waiting_you
        if thinking is None:
            assert shown is None, shown
        elif thinking == 0:
            assert shown == i18n.tr("table.thinking_for_you")
        else:
            assert shown == i18n.tr("table.waiting_for", name=scene._seat_name(thinking))
        said[thinking] = said.get(thinking, 0) + 1
    # Every seat was seen thinking (the player's own under autoplay), and quiet moments too.
    assert set(range(scene.seats)) | {None} <= set(said), said
