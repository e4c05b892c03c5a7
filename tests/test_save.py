"""The autosave file: written atomically, read back, and set aside when it cannot be used."""

from __future__ import annotations

import json
from typing import cast

import pytest

from game import save, storage
from game.table.record import Snapshot


@pytest.fixture(autouse=True)
def _clean():
    save.clear_autosave()
    yield
    save.clear_autosave()


SNAPSHOT: Snapshot = {
    "preset": "runfast",
    "seed": 12,
    "ai_level": "normal",
    "deals": [[{"seat": 0, "kind": "play", "cards": "3H", "combo": ["single", "3", 1]}]],
}


def broken_files():
    return sorted(save.autosave_path("runfast").parent.glob("autosave-runfast.json.broken-*"))


def test_write_then_load_round_trips():
    save.write_autosave(SNAPSHOT)
    assert save.has_autosave("runfast")
    data = save.load_autosave("runfast")
    assert data is not None
    assert data["version"] == save.VERSION
    stored: dict[str, object] = dict(data)
    assert {k: stored[k] for k in SNAPSHOT} == SNAPSHOT
    assert save.saved_games() == ["runfast"]
    save.clear_autosave()
    assert not save.has_autosave("runfast") and save.load_autosave("runfast") is None


def test_no_temporary_files_are_left_behind():
    for _ in range(3):
        save.write_autosave(SNAPSHOT)
    leftovers = [
        p for p in save.autosave_path("runfast").parent.iterdir() if p.name.endswith(".tmp")
    ]
    assert leftovers == []


@pytest.mark.parametrize(
    "content,problem",
    [
        ('{"version": 1, "preset": "runfast", "seed": 1, "deals": [[', "table.save_unreadable"),
        ("not json at all", "table.save_unreadable"),
        ("[1, 2, 3]", "table.save_unreadable"),
        ('{"version": 1, "preset": "runfast", "seed": 1, "deals": []}', "table.save_unreadable"),
        ('{"preset": "runfast", "seed": 1, "deals": [[]]}', "table.save_unreadable"),
        ('{"version": 99, "preset": "runfast", "seed": 1, "deals": [[]]}', "table.save_newer"),
    ],
)
def test_unusable_saves_are_set_aside_with_a_message(content, problem):
    path = save.autosave_path("runfast")
    path.parent.mkdir(parents=True, exist_ok=True)
    before = len(broken_files())
    path.write_text(content, encoding="utf-8")
    assert save.load_autosave("runfast") is None
    assert (problem, {}) in storage.take_notices()
    assert not path.exists()
    assert len(broken_files()) == before + 1
    assert not save.has_autosave("runfast")


def test_binary_garbage_is_set_aside():
    path = save.autosave_path("runfast")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert save.load_autosave("runfast") is None
    assert ("table.save_unreadable", {}) in storage.take_notices()


def test_a_snapshot_without_deals_clears_the_save():
    save.write_autosave(SNAPSHOT)
    save.write_autosave({**SNAPSHOT, "deals": []})
    assert not save.autosave_path("runfast").exists()


def test_saved_json_is_compact_and_readable():
    save.write_autosave(SNAPSHOT)
    data = json.loads(save.autosave_path("runfast").read_text(encoding="utf-8"))
    assert data["deals"][0][0]["cards"] == "3H"


@pytest.mark.parametrize(
    "deals",
    [
        [[{"seat": 0, "kind": "play", "cards": "ZZ"}]],  # not card notation
        [[{"seat": 5, "kind": "play", "cards": "3H"}]],  # not the seat to act
        [[{"kind": "fly"}]],  # no such action
        [[], []],  # an unfinished deal that is not the last
    ],
)
def test_saves_that_do_not_replay_are_set_aside_by_resume(deals):
    from game.scenes.table import TableScene
    from tests.fake_app import FakeApp

    save.write_autosave({"preset": "runfast", "seed": 4, "deals": deals})
    assert save.has_autosave("runfast")
    app = FakeApp()
    assert TableScene.resume(app, "runfast", threaded=False) is None
    assert ("table.save_unreadable", {}) in storage.take_notices()
    assert not save.autosave_path("runfast").exists()


def test_a_finished_match_that_cannot_be_removed_is_told_once(monkeypatch):
    from pathlib import Path

    from game import storage

    save.write_autosave(SNAPSHOT)
    storage.reset_write_notices()

    def read_only(self, missing_ok=False):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(Path, "unlink", read_only)
    save.clear_autosave()
    save.clear_autosave()
    notices = storage.take_notices()
    assert [key for key, _ in notices] == [save.NOT_SAVED_NOTICE]
    assert notices[0][1]["folder"] == str(save.autosave_path("runfast").parent)
    monkeypatch.undo()
    assert save.autosave_path("runfast").exists()  # still there: the player was told why


@pytest.mark.parametrize(
    "steps,told",
    [
        ([False, False, False], 1),
        ([False, True, False], 2),
        ([True, True, False, False, True, False], 2),
        ([True, True], 0),
    ],
)
def test_failed_writes_are_told_once_per_run_of_failures(steps, told):
    from game import storage

    storage.reset_write_notices()
    for ok in steps:
        storage.note_write("x.key", ok, "/folder")
    assert storage.take_notices() == [("x.key", {"folder": "/folder"})] * told
    assert storage.take_notices() == []


def test_crash_reports_are_read_through_the_guarded_reader(tmp_path):
    import os

    from game import crashlog, storage

    big = tmp_path / "crash-big.json"
    with open(big, "wb") as handle:
        handle.truncate(storage.CRASH_REPORT_MAX_BYTES + 1)  # sparse: no real disk use
    with pytest.raises(ValueError, match="allowed"):
        crashlog.load_report(big)
    deep = tmp_path / "crash-deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(ValueError, match="RecursionError"):
        crashlog.load_report(deep)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "crash-fifo.json"
        os.mkfifo(fifo)
        with pytest.raises(ValueError, match="not a regular file"):
            crashlog.load_report(fifo)


# --- issue 57 -----------------------------------------------------------------------------------


def _a_saved_match(preset: str = "runfast", seed: int = 77) -> Snapshot:
    """A real snapshot a few actions into a match (random bots)."""
    import random

    from game.ai.random_bot import RandomBot
    from game.table.controller import TableController

    ctl = TableController(
        preset, seed=seed, threaded=False, think_delay=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )  # fmt: skip
    rng = random.Random(seed)
    for _ in range(60):
        if ctl.is_human_turn():
            ctl.human_apply(rng.choice(ctl.human_options()))
        ctl.update()
    return ctl.snapshot()


FALLBACKS = [
    ({"ai_level": "expert"}, "normal", {}),
    ({"ai_level": None}, "normal", {}),
    ({"options": {"zz": 1}}, "normal", {}),
    ({"options": {"attachments": 5, "must_beat": "always"}}, "normal", {"must_beat": "always"}),
    (
        {"ai_level": "hard", "options": {"attachments": True, "zz": [1]}},
        "hard",
        {"attachments": True},
    ),
]


@pytest.mark.parametrize(("change", "level", "kept"), FALLBACKS, ids=lambda v: repr(v)[:40])
def test_an_unknown_level_or_house_rule_falls_back_instead_of_losing_the_match(change, level, kept):
    """D5: such a save was set aside whole; now the level falls back to Normal and each bad
    option to its default, like the settings and house rules do, and the match resumes."""
    from game import house_rules
    from game.scenes.table import TableScene
    from tests.fake_app import FakeApp

    snapshot = _a_saved_match()
    save.write_autosave(cast(Snapshot, {**snapshot, **change}))  # a changed, maybe bad, save
    scene = TableScene.resume(FakeApp(), "runfast", threaded=False)
    assert scene is not None, "the match was set aside"
    assert scene.controller.ai_level == level
    assert scene.controller.options == {**house_rules.defaults("runfast"), **kept}
    again = TableScene.resume(FakeApp(), "runfast", threaded=False)
    assert again is not None
    assert len(scene.controller.state.log) == len(again.controller.state.log)
    assert not list(save.autosave_path("runfast").parent.glob("*.broken-*"))
    save.clear_autosave("runfast")


def test_preset_on_the_command_line_resumes_the_saved_match(tmp_path):
    """D3: ``--preset GAME`` started a new match without asking, and its first action
    replaced the saved match of that game. Now it opens the saved match, as the title card's
    Resume does; a new match over it only through the confirmation."""
    from game.app import App, parse_args
    from game.scenes.table import TableScene

    snapshot = _a_saved_match(seed=77)
    save.write_autosave(snapshot)
    app = App(
        parse_args(["--windowed", "1280x720", "--preset", "runfast"]),
        settings_path=tmp_path / "settings.toml",
    )
    app.start()
    try:
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert table.controller.seed == 77
        assert table.controller.match_key == snapshot["match_key"]
        app.tick(1 / 60)
        saved = save.load_autosave("runfast")
        assert saved is not None and saved["match_key"] == snapshot["match_key"]
    finally:
        app.stack.clear()
        save.clear_autosave("runfast")
