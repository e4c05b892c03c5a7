"""Sharing a deal as a small text file (issue 27 item 3): export, import to the same
positions, and a clear message (a locale key) for every kind of bad file."""

from __future__ import annotations

import json

import pygame
import pytest

from game import games, i18n, paths
from game.history import db, replay, share
from tests.test_history_screen import record_deals


@pytest.fixture
def history(tmp_path, monkeypatch):
    database = db.open_database(tmp_path / "h.sqlite3")
    monkeypatch.setattr(db, "_shared", database)
    yield database
    monkeypatch.setattr(db, "_shared", None)
    database.close()


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_an_exported_deal_imports_to_the_same_positions(preset, history):
    record_deals(history, preset, 2)
    row = history.history(0, 1)[0]
    text = share.export_text(history.deal(row.id), history)
    assert text.startswith("Cardavia deal 1\n") and len(text.encode()) < 64 * 1024
    imported, states = share.import_text(text.encode())
    original = replay.load(history, row.id)
    seats = games.get(preset).seats
    assert imported == preset
    assert [tuple(s.view(x) for x in range(seats)) for s in states] == [
        tuple(s.view(x) for x in range(seats)) for s in original.states
    ]


def bad(text: str) -> str:
    with pytest.raises(share.ShareError) as caught:
        share.import_text(text.encode())
    message = i18n.tr(caught.value.key, **caught.value.params)
    assert message != caught.value.key  # a real sentence in the catalog
    return caught.value.key


def test_bad_files_get_clear_messages(history):
    record_deals(history, "runfast", 1)
    good = share.export_text(history.deal(history.history()[0].id), history)
    head, body = good.split("\n", 1)
    data = json.loads(body)
    assert bad("hello") == "share.not_a_deal"
    assert bad("Cardavia deal 9\n{}") == "share.newer"
    assert bad(head + "\n{not json") == "share.broken"
    assert bad(head + "\n[1, 2]") == "share.broken"
    assert bad(head + "\n" + json.dumps(data | {"preset": "poker"})) == "share.unknown_game"
    assert bad(head + "\n" + json.dumps(data | {"seed": "x"})) == "share.broken"
    actions = list(data["actions"])
    actions[3] = {"seat": actions[3]["seat"], "kind": "play", "cards": "RJ RJ RJ", "combo": None}
    assert bad(head + "\n" + json.dumps(data | {"actions": actions})) == "share.bad_action"
    with pytest.raises(share.ShareError) as caught:
        share.import_text(b"x" * (share.MAX_BYTES + 1))
    assert caught.value.key == "share.too_large"


def test_export_from_the_viewer_and_import_by_dropping_the_file(app, history, tmp_path):
    from game.scenes.history import HistoryScene, ReplayScene

    record_deals(history, "shengji", 1)
    scene = app.stack.push(HistoryScene(app))
    scene.open(scene.rows[0])
    viewer = app.stack.top
    viewer.export()
    row = scene.rows[0]
    exported = paths.data_dir() / "shared" / f"shengji-{row.id}.txt"
    assert exported.is_file()
    app.stack.pop()
    scene.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(exported)))
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.deal.row is None
    app.stack.pop()
    junk = tmp_path / "junk.txt"
    junk.write_text("not a deal")
    scene.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(junk)))
    assert scene.notice == i18n.tr("share.not_a_deal") and app.stack.top is scene
    app.tick(1 / 60)
