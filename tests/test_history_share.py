"""Sharing a deal as a small text file (issue 27 item 3): export, import to the same
positions, and a clear message (a locale key) for every kind of bad file."""

from __future__ import annotations

import json
from typing import cast

import pygame
import pytest

from game import i18n, paths, registry
from game.history import replay, share
from tests.test_history_screen import record_deals


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_an_exported_deal_imports_to_the_same_positions(preset, history):
    record_deals(history, preset, 2)
    row = history.history(0, 1)[0]
    text = share.export_text(history.deal(row.id), history)
    assert text.startswith("Cardavia deal 1\n") and len(text.encode()) < 64 * 1024
    imported, states = share.import_text(text.encode())
    original = replay.load(history, row.id)
    seats = registry.get(preset).seats
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


def test_the_file_picker_opens_a_deal_and_refuses_a_bad_file(app, history, tmp_path):
    from game.scenes.file_picker import FilePickerScene, list_folder
    from game.scenes.history import HistoryScene, ReplayScene

    record_deals(history, "runfast", 1)
    scene = app.stack.push(HistoryScene(app))
    scene.open(scene.rows[0])
    app.stack.top.export()
    app.stack.pop()
    exported = paths.data_dir() / "shared" / f"runfast-{scene.rows[0].id}.txt"
    folder = tmp_path / "deals"
    (folder / "Sub").mkdir(parents=True)
    (folder / "b-deal.txt").write_bytes(exported.read_bytes())
    (folder / "a-junk.TXT").write_text("not a deal")
    (folder / "picture.png").write_bytes(b"\x89PNG")
    (folder / ".hidden.txt").write_text("x")
    # folders first, then .txt files by name; other files and hidden ones left out
    assert [(kind, p.name) for kind, p in list_folder(folder)] == [
        ("dir", "Sub"),
        ("file", "a-junk.TXT"),
        ("file", "b-deal.txt"),
    ]
    scene.file_button.activate()
    picker = app.stack.top
    assert isinstance(picker, FilePickerScene) and picker.folder == exported.parent
    assert ("file", exported) in picker.entries  # it opens where Export writes
    picker.open_folder(folder)
    app.tick(1 / 60)
    picker.choose("dir", folder / "Sub")
    assert picker.folder == folder / "Sub" and picker.entries == []
    picker.go_up()
    assert picker.folder == folder
    assert not picker.open_folder(folder / "missing") and picker.folder == folder
    assert picker.problem == i18n.tr("share.picker_unreadable")
    app.tick(1 / 60)
    picker.choose("file", folder / "a-junk.TXT")  # a bad file: the history says why
    assert app.stack.top is scene and scene.notice == i18n.tr("share.not_a_deal")
    scene.open_picker()
    app.stack.top.open_folder(folder)
    app.tick(1 / 60)  # the rows are laid out as they are drawn
    rect = next(r for r, _, p in app.stack.top.rows if p.name == "b-deal.txt")
    app.stack.top.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.deal.preset == "runfast"
    app.tick(1 / 60)


def _deal_file(seed: int, deal_index: int = 0) -> bytes:
    """The shared file of a Run Fast deal played from ``seed`` at ``deal_index`` (random bots;
    a Run Fast session starts a deal by its number, so no database is needed)."""
    from game.ai.random_bot import RandomBot
    from game.games.runfast.rules.match import RunFastMatch
    from game.history.database import Database
    from game.table.controller import TableController
    from game.table.session import Resumed

    rows = []
    match = registry.get("runfast").rules.new_match(seed=seed)
    assert isinstance(match, RunFastMatch)  # the game's own session, read through the protocol
    match.fast_forward(deal_index, [0, 0, 0])
    ctl = TableController(
        "runfast", seed=seed, threaded=False, think_delay=0.0, autoplay=True,
        resumed=Resumed(match),
        bot_factory=lambda p, level, s: RandomBot(), on_deal_end=lambda c, r: rows.append(r),
    )  # fmt: skip
    while not rows:
        ctl.update()
    # a session: the database is not read, so none is given (None stands in for it)
    return share.export_text(rows[0], cast(Database, None)).encode()


@pytest.mark.parametrize(("seed", "deal_index"), [(2**63, 0), (-(10**30), 0), (5, 2**64)])
def test_a_deal_file_number_beyond_64_bits_is_refused(seed, deal_index):
    """One MAX_SEED for every reader (issue 57): a shared deal whose seed or deal number the
    history could never store was imported (and its replay's deal could not be kept); now it
    is refused with the file's own message."""
    raw = _deal_file(seed, deal_index)
    with pytest.raises(share.ShareError) as refused:
        share.import_text(raw)
    assert refused.value.key == "share.broken"
    assert share.import_text(_deal_file(2**63 - 1))[0] == "runfast"  # the largest is taken
