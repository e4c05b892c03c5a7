"""The history list and the replay viewer (issue 27 item 3): newest first, paged, a recorded
deal replayed with every hand, stepped by action and by trick, jumped and played at a speed."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ai.random_bot import RandomBot
from game.table.controller import TableController


def record_deals(database, preset: str, count: int) -> None:
    ctl = TableController(
        preset,
        seed=4,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
        on_deal_end=lambda c, row: database.record(row),
    )
    while database.count() < count:
        ctl.update()


def key(scene, name: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=name, mod=0, unicode=""))


def test_the_title_opens_the_history_and_a_replay(app, history):
    from game.scenes.history import HistoryScene, ReplayScene

    record_deals(history, "runfast", 12)
    app.stack.top.history_button.activate()
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    app.tick(1 / 60)
    assert len(scene.rows) == 10 and scene.pages == 2
    assert scene.rows[0].finished_at >= scene.rows[-1].finished_at  # newest first
    scene.older()
    assert len(scene.rows) == 2
    scene.newer()
    scene.open(scene.rows[0])
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    app.tick(1 / 60)
    last = len(viewer.deal.states) - 1
    key(viewer, pygame.K_RIGHT)
    assert viewer.position == 1
    key(viewer, pygame.K_END)
    assert viewer.position == last and viewer.deal.states[last].is_terminal
    key(viewer, pygame.K_HOME)
    key(viewer, pygame.K_DOWN)
    assert viewer.position == viewer.deal.next_round(0) > 0
    key(viewer, pygame.K_UP)
    assert viewer.position == 0
    viewer.cycle_speed()
    viewer.cycle_speed()  # four actions a second
    key(viewer, pygame.K_SPACE)
    viewer.update(1.0)
    assert viewer.playing and viewer.position == 1
    for _ in range(last + 2):
        viewer.update(1.0)
    assert not viewer.playing and viewer.position == last
    app.tick(1 / 60)


def test_a_deal_whose_match_is_gone_says_so(app, history):
    from game.scenes.history import HistoryScene

    record_deals(history, "guandan", 2)
    with history._lock, history.connection:
        history.connection.execute("DELETE FROM deals WHERE deal_index = 0")
    scene = app.stack.push(HistoryScene(app))
    scene.open(scene.rows[0])
    assert scene.notice and app.stack.top is scene
    app.tick(1 / 60)


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_the_replay_lays_the_plays_the_live_table_showed(preset, history):
    """At every position of a deal played out at the real table scene, the plays the replay
    lays in front of the seats (and their tags) are those the live table showed."""
    from game.history import replay
    from game.scenes.replay import ReplayScene
    from game.scenes.table import TableScene
    from tests.fake_app import FakeApp

    app = FakeApp(autoplay=True)
    controller = TableController(
        preset,
        seed=12,
        think_delay=0.0,
        threaded=False,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    table = TableScene(app, preset, controller=controller)
    app.stack.push(table)
    shown: dict[int, tuple[dict[int, Any], dict[int, Any]]] = {}
    for _ in range(20000):
        table.update(0.1)
        if not table.board.queue and not controller.awaiting_next:
            position = sum(1 for r in controller.state.log if not r.auto)
            tags = {seat: table.board.play_kinds.get(seat) for seat in table.board.plays}
            shown[position] = (dict(table.board.plays), tags)
        if controller.awaiting_next:
            break
    assert controller.awaiting_next and history.count() == 1
    deal = replay.load(history, history.history(0, 1)[0].id)
    viewer = ReplayScene(app, deal)
    assert len(shown) > len(deal.states) // 2
    for position, (plays, tags) in shown.items():
        laid, kinds = viewer.table_plays(position)
        assert laid == plays, f"position {position}"
        frame = viewer.frame(position)
        for seat, cards in laid.items():
            if cards != replay.PASS and tags[seat] is not None:
                assert tags[seat] == (cards, viewer._tag(frame, cards, kinds[seat]))
