"""The autosave file: written atomically, read back, and set aside when it cannot be used."""

from __future__ import annotations

import json

import pytest

from game import save


@pytest.fixture(autouse=True)
def _clean():
    save.clear_autosave()
    yield
    save.clear_autosave()


SNAPSHOT = {
    "preset": "runfast",
    "seed": 12,
    "ai_level": "normal",
    "deals": [[{"seat": 0, "kind": "play", "cards": "3H", "combo": ["single", "3", 1]}]],
}


def broken_files():
    return sorted(save.autosave_path().parent.glob("autosave.json.broken-*"))


def test_write_then_load_round_trips():
    save.write_autosave(SNAPSHOT)
    assert save.has_autosave()
    data = save.load_autosave()
    assert data["version"] == save.VERSION
    assert {k: data[k] for k in SNAPSHOT} == SNAPSHOT
    assert save.saved_preset() == "runfast"
    save.clear_autosave()
    assert not save.has_autosave() and save.load_autosave() is None


def test_no_temporary_files_are_left_behind():
    for _ in range(3):
        save.write_autosave(SNAPSHOT)
    leftovers = [p for p in save.autosave_path().parent.iterdir() if p.name.endswith(".tmp")]
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
    path = save.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    before = len(broken_files())
    path.write_text(content, encoding="utf-8")
    assert save.load_autosave() is None
    assert save.last_problem == problem
    assert not path.exists()
    assert len(broken_files()) == before + 1
    assert not save.has_autosave()


def test_binary_garbage_is_set_aside():
    path = save.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert save.load_autosave() is None
    assert save.last_problem == "table.save_unreadable"


def test_a_snapshot_without_deals_clears_the_save():
    save.write_autosave(SNAPSHOT)
    save.write_autosave({**SNAPSHOT, "deals": []})
    assert not save.autosave_path().exists()


def test_saved_json_is_compact_and_readable():
    save.write_autosave(SNAPSHOT)
    data = json.loads(save.autosave_path().read_text(encoding="utf-8"))
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
    from types import SimpleNamespace

    from game.scenes.table import TableScene

    save.write_autosave({"preset": "runfast", "seed": 4, "deals": deals})
    assert save.has_autosave()
    app = SimpleNamespace(settings=None, autoplay=False, seed=None)
    assert TableScene.resume(app, threaded=False) is None
    assert save.last_problem == "table.save_unreadable"
    assert not save.autosave_path().exists()
