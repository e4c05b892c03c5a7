"""Bad files (issue 10): settings, autosave and locale files that are truncated, garbage, of the
wrong types or from a newer game never crash the game nor cost the player other data.

Each case is checked twice: at the module (the file is set aside byte for byte, the defaults
or "no save" come back, the right message key is given) and in the real App (it starts, shows
the notice, draws frames, and the other files of the player are untouched).
"""

from __future__ import annotations

import json
import logging
import os
import random
from pathlib import Path

import pygame
import pytest

from game import i18n, save, storage
from game import settings as settings_mod
from game.app import App, parse_args
from game.scenes.title import TitleScene
from game.table.record import Snapshot

GOOD_SETTINGS = 'version = 1\nlanguage = "pl"\ncontrast = 70\nfullscreen = false\n'
GOOD_SAVE: Snapshot = {
    "version": 1,
    "preset": "runfast",
    "seed": 12,
    "ai_level": "normal",
    "deals": [[{"seat": 0, "kind": "play", "cards": "3H", "combo": ["single", "3", 1]}]],
}


def garbage(seed: int, size: int = 700) -> bytes:
    rng = random.Random(seed)
    # 0xFF never occurs in UTF-8, so the garbage is never accidentally valid text.
    return b"\xff" + bytes(rng.randrange(256) for _ in range(size))


BAD_SETTINGS = {
    "truncated": GOOD_SETTINGS.encode()[:-12],
    "truncated_string": b'version = 1\nlanguage = "p',
    "garbage": garbage(1),
    "nul_bytes": b"\x00" * 64,
    "not_toml": b"{ this is json: 1 }",
    "wrong_type_percent": b'contrast = "high"\n',
    "wrong_type_bool_for_int": b"grain = true\n",
    "wrong_type_int_for_bool": b"fullscreen = 1\n",
    "wrong_type_language": b"language = 5\n",
    "wrong_type_table": b"[contrast]\nvalue = 3\n",
    "wrong_type_version": b'version = "1"\n',
    "float_size": b"window_width = 1280.5\n",
    "future_version": b"version = 99\ncontrast = 50\n",
}

BAD_SAVES = {
    "truncated": json.dumps(GOOD_SAVE).encode()[:-20],
    "empty": b"",
    "garbage": garbage(2),
    "utf16": json.dumps(GOOD_SAVE).encode("utf-16"),
    "not_an_object": b"[1, 2, 3]",
    "null": b"null",
    "version_text": json.dumps({**GOOD_SAVE, "version": "1"}).encode(),
    "seed_text": json.dumps({**GOOD_SAVE, "seed": "12"}).encode(),
    "preset_number": json.dumps({**GOOD_SAVE, "preset": 3}).encode(),
    "deals_dict": json.dumps({**GOOD_SAVE, "deals": {"0": []}}).encode(),
    "deal_of_numbers": json.dumps({**GOOD_SAVE, "deals": [[1, 2]]}).encode(),
    "future_version": json.dumps({**GOOD_SAVE, "version": 7}).encode(),
    # Shapes refused when read (issue 33): the title sets them aside before any replay.
    "unknown_preset": json.dumps({**GOOD_SAVE, "preset": "poker"}).encode(),
    "cards_number": json.dumps({**GOOD_SAVE, "deals": [[{"seat": 0, "cards": 5}]]}).encode(),
    "wrong_seat": json.dumps({**GOOD_SAVE, "deals": [[{"seat": "x", "kind": "p"}]]}).encode(),
    "bool_seed": json.dumps({**GOOD_SAVE, "seed": True}).encode(),
    "combo_object": json.dumps(
        {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "combo": {"a": 1}}]]}
    ).encode(),
    "too_many_deals": json.dumps({**GOOD_SAVE, "deals": [[]] * 10_001}).encode(),
    "big_int_seed": b'{"version": 1, "preset": "runfast", "seed": '
    + b"9" * 5000
    + b', "deals": [[]]}',
}

#: Saves that read as JSON of the right shape but do not replay: the table refuses them.
UNREPLAYABLE_SAVES = {
    "bad_card": {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": "ZZ"}]]},
    "illegal_play": {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": "2S"}]]},
    "negative_seed": {**GOOD_SAVE, "seed": -5, "deals": [[{"seat": 9, "kind": "pass"}]]},
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    i18n.set_language("en")
    yield tmp_path / "home"
    i18n.set_language("en")


def settings_file(home: Path) -> Path:
    return home / "config" / settings_mod.FILE_NAME


def aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".broken-*"))


def snapshot_files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix != ".log" and "crashes" not in p.parts
    }


def run_app(argv: list[str], frames: int = 8) -> App:
    app = App(parse_args(["--windowed", "800x600", *argv]))
    app.start()
    for _ in range(frames):
        app.tick(1 / 30)
        for event in pygame.event.get():
            app.handle_event(event)
    return app


def close(app: App) -> None:
    app.stack.clear()
    i18n.set_language("en")


# --- settings --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BAD_SETTINGS))
def test_bad_settings_are_set_aside_and_defaults_used(home, case):
    path = settings_file(home)
    storage.atomic_write_bytes(path, BAD_SETTINGS[case])
    loaded, notice = settings_mod.load()
    assert loaded == settings_mod.Settings()
    assert notice == settings_mod.RESET_NOTICE
    assert not path.exists()
    (moved,) = aside(path)
    assert moved.read_bytes() == BAD_SETTINGS[case]  # kept for the player / a bug report
    # Saving afterwards writes a fresh file and leaves the broken one alone.
    assert settings_mod.save(loaded)
    assert settings_mod.load() == (loaded, None)
    assert moved.read_bytes() == BAD_SETTINGS[case]


@pytest.mark.parametrize("case", ["garbage", "future_version", "wrong_type_percent"])
def test_the_app_starts_with_bad_settings_and_says_so(home, case):
    path = settings_file(home)
    storage.atomic_write_bytes(path, BAD_SETTINGS[case])
    storage.atomic_write_text(save.autosave_path("runfast"), json.dumps(GOOD_SAVE))
    autosave_before = save.autosave_path("runfast").read_bytes()
    app = run_app([])
    try:
        assert [t[0] for t in app.notices.shown] == [settings_mod.RESET_NOTICE]
        assert app.settings == settings_mod.Settings()
        assert save.autosave_path("runfast").read_bytes() == autosave_before  # the match is kept
        assert len(aside(path)) == 1
        app.set_setting("contrast", 61)
        app.save_settings()
        assert settings_mod.load()[0].contrast == 61
    finally:
        close(app)


def test_two_bad_settings_files_in_a_row_are_both_kept(home):
    path = settings_file(home)
    for index in range(3):
        storage.atomic_write_bytes(path, garbage(10 + index))
        assert settings_mod.load()[1] == settings_mod.RESET_NOTICE
    kept = aside(path)
    assert sorted(p.read_bytes() for p in kept) == sorted(garbage(10 + i) for i in range(3))


def test_a_failed_write_keeps_the_old_settings_and_leaves_no_temp_file(home, monkeypatch):
    path = settings_file(home)
    storage.atomic_write_text(path, GOOD_SETTINGS)

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    assert settings_mod.save(settings_mod.Settings(contrast=5)) is False
    assert path.read_text() == GOOD_SETTINGS
    assert [p.name for p in path.parent.iterdir()] == [path.name]


# --- autosave --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_bad_saves_are_set_aside_with_a_message(home, case):
    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    path = save.autosave_path("runfast")
    storage.atomic_write_bytes(path, BAD_SAVES[case])
    assert save.load_autosave("runfast") is None
    expected = "table.save_newer" if case == "future_version" else "table.save_unreadable"
    assert (expected, {}) in storage.take_notices()
    assert i18n.tr(expected) != expected  # the message exists in English
    (moved,) = aside(path)
    assert moved.read_bytes() == BAD_SAVES[case]
    assert not save.has_autosave("runfast")
    assert settings_file(home).read_text() == GOOD_SETTINGS  # other data untouched


@pytest.mark.parametrize("case", ["garbage", "future_version", "deal_of_numbers"])
def test_the_title_with_a_bad_save_offers_no_resume_and_runs(home, case):
    path = save.autosave_path("runfast")
    storage.atomic_write_bytes(path, BAD_SAVES[case])
    app = run_app([])
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        assert title.resume_buttons == []
        assert len(aside(path)) == 1
        expected = "table.save_newer" if case == "future_version" else "table.save_unreadable"
        assert [t[0] for t in app.notices.shown] == [expected]  # told once, on the title
        title.enter()  # coming back to the title does not tell it again
        assert [t[0] for t in app.notices.shown] == [expected]
        assert app.running
    finally:
        close(app)


@pytest.mark.parametrize("case", sorted(UNREPLAYABLE_SAVES))
def test_a_save_that_does_not_replay_is_set_aside_when_resumed(home, case):
    from game.scenes.opening import open_table

    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    before = settings_file(home).read_bytes()
    path = save.autosave_path("runfast")
    storage.atomic_write_text(path, json.dumps(UNREPLAYABLE_SAVES[case]))
    app = run_app([], frames=2)
    try:
        preset = app.presets["runfast"]
        assert open_table(app, preset, resume=True) is None
        assert "title.resume_failed" in [t[0] for t in app.notices.shown]
        assert not path.exists() and len(aside(path)) == 1
        for _ in range(5):
            app.tick(1 / 30)
        assert app.running and app.stack.top is not None
        assert settings_file(home).read_bytes() == before
    finally:
        close(app)


def test_a_failed_autosave_write_keeps_the_old_save(home, monkeypatch):
    save.write_autosave(GOOD_SAVE)
    before = save.autosave_path("runfast").read_bytes()

    def read_only(*_args, **_kwargs):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(os, "replace", read_only)
    save.write_autosave({**GOOD_SAVE, "seed": 99})  # logged, never raised
    assert save.autosave_path("runfast").read_bytes() == before
    assert [p.name for p in save.autosave_path("runfast").parent.iterdir()] == [
        "autosave-runfast.json"
    ]


def test_a_bad_settings_file_and_a_bad_save_together(home):
    storage.atomic_write_bytes(settings_file(home), BAD_SETTINGS["truncated"])
    storage.atomic_write_bytes(save.autosave_path("runfast"), BAD_SAVES["truncated"])
    app = run_app(["--preset", "guandan"], frames=20)
    try:
        assert type(app.stack.top).__name__ == "TableScene"
        assert (
            len(aside(settings_file(home))) == 1 and len(aside(save.autosave_path("runfast"))) == 1
        )
    finally:
        close(app)


# --- locale ----------------------------------------------------------------------------------


@pytest.fixture
def locale_folder(tmp_path, monkeypatch):
    """A locale folder with the real English catalog and room for a broken one."""
    from game.paths import locale_dir

    folder = tmp_path / "locale"
    folder.mkdir()
    for lang in i18n.LANGUAGES:
        (folder / f"{lang}.toml").write_bytes((locale_dir() / f"{lang}.toml").read_bytes())
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    i18n.reload()
    yield folder
    i18n.set_language("en")
    monkeypatch.undo()
    i18n.reload()


BROKEN_LOCALES = {
    "missing_keys": '[app]\nname = "Cardavia"\n[title]\n',
    "truncated": None,  # the real Hungarian file cut in the middle of a string
    "garbage": garbage(3),
    "missing_file": b"",
    "wrong_types": "[app]\nname = 5\n[table]\npass = [1, 2]\nplay = { a = 1 }\n",
}


@pytest.mark.parametrize("case", sorted(BROKEN_LOCALES))
def test_a_broken_locale_falls_back_to_english_and_logs(locale_folder, case, caplog):
    path = locale_folder / "hu.toml"
    content = BROKEN_LOCALES[case]
    if case == "truncated":
        real = path.read_text(encoding="utf-8")
        content = real[: real.index('"', len(real) // 2) + 3]
    if case == "missing_file":
        path.unlink()
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    caplog.set_level(logging.WARNING, logger="game.i18n")
    i18n.set_language("hu")
    english = i18n.catalog("en")
    for key in ("app.name", "table.pass", "table.play", "title.quit", "crash.message"):
        text = i18n.tr(key, path="/x")
        assert isinstance(text, str) and text
        if case != "truncated" or key not in i18n.catalog("hu"):
            assert text == english[key].replace("{path}", "/x")
    assert any("hu" in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize("case", ["garbage", "wrong_types", "missing_keys"])
def test_the_app_runs_every_screen_with_a_broken_locale(locale_folder, home, case):
    content = BROKEN_LOCALES[case]
    path = locale_folder / "fa.toml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    app = run_app(["--lang", "fa", "--preset", "shengji", "--autoplay"], frames=30)
    try:
        from game.scenes.preset import RULES_TAB, PresetScene

        scene = app.stack.push(PresetScene(app, app.presets["runfast"]))
        scene.set_tab(RULES_TAB)
        app.tick(1 / 30)
        app.set_language("en")
        app.set_language("fa")
        app.tick(1 / 30)
        assert app.running
    finally:
        close(app)


# --- hostile files (issue 33, items 1-6): the real app runs on -----------------------------


def run_main(argv: list[str], monkeypatch) -> tuple[int, list[str]]:
    """``python -m game`` in this process (a short ``--frames`` run): exit code and the keys of
    every notice shown."""
    from game import app as app_mod
    from game import launch

    shown: list[str] = []
    real_toast = app_mod.App.toast

    def toast(self, key, **params):
        shown.append(key)
        real_toast(self, key, **params)

    monkeypatch.setattr(app_mod.App, "toast", toast)
    code = launch.main(["--windowed", "800x600", "--frames", "6", "--max-fps", "0", *argv])
    return code, shown


def run_process(home: Path, timeout: float = 60.0):
    """``python -m game`` as a child process with a memory limit (a file that reads forever
    must fail the test, not the machine)."""
    import os
    import subprocess
    import sys

    def limit_memory():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    env = {**os.environ, "CARDAVIA_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run(
        [sys.executable, "-m", "game", "--windowed", "800x600", "--frames", "6"],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit_memory if sys.platform != "win32" else None,
    )


def nested(depth: int, opener: str = "[", closer: str = "]") -> str:
    return opener * depth + closer * depth


def test_item1_deeply_nested_settings_are_set_aside_and_the_game_starts(home, monkeypatch):
    path = settings_file(home)
    content = f"a = {nested(600)}\n".encode()  # 1.2 KB: RecursionError in tomllib
    storage.atomic_write_bytes(path, content)
    storage.atomic_write_text(save.autosave_path("runfast"), json.dumps(GOOD_SAVE))
    autosave_before = save.autosave_path("runfast").read_bytes()
    code, shown = run_main([], monkeypatch)
    assert code == 0
    assert shown == [settings_mod.RESET_NOTICE]
    (moved,) = aside(path)
    assert moved.read_bytes() == content
    assert save.autosave_path("runfast").read_bytes() == autosave_before
    assert not (home / "data" / "crashes").exists()
    # The next start finds no bad file: no notice, no new file set aside.
    code, shown = run_main([], monkeypatch)
    assert (code, shown, len(aside(path))) == (0, [], 1)


@pytest.mark.parametrize("key", ["contrast", "language"])
def test_deep_values_of_known_settings_are_set_aside(home, key):
    path = settings_file(home)
    storage.atomic_write_bytes(path, f"{key} = {nested(400)}\n".encode())
    assert settings_mod.load() == (settings_mod.Settings(), settings_mod.RESET_NOTICE)
    assert len(aside(path)) == 1


def test_item2_deeply_nested_autosave_is_set_aside_with_one_notice(home, monkeypatch):
    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    path = save.autosave_path("runfast")
    content = nested(5000).encode()
    storage.atomic_write_bytes(path, content)
    code, shown = run_main([], monkeypatch)
    assert code == 0
    assert shown == ["table.save_unreadable"]
    (moved,) = aside(path)
    assert moved.read_bytes() == content
    assert settings_file(home).read_text() == GOOD_SETTINGS
    # A deep object inside a valid-looking save is refused the same way.
    storage.atomic_write_text(
        path, json.dumps({**GOOD_SAVE, "ai_level": None})[:-1] + ', "x": ' + nested(5000) + "}"
    )
    assert save.load_autosave("runfast") is None and len(aside(path)) == 2


def test_item3_a_fifo_autosave_neither_hangs_nor_is_read(home):
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    path = save.autosave_path("runfast")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    result = run_process(home)
    assert result.returncode == 0, result.stderr[-2000:]
    (moved,) = aside(path)
    assert moved.is_fifo()
    assert not path.exists()
    assert settings_file(home).read_text() == GOOD_SETTINGS


def test_item3_a_link_to_dev_zero_is_refused_without_reading(home):
    import os

    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero on this system")
    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    path = save.autosave_path("runfast")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    result = run_process(home)
    assert result.returncode == 0, result.stderr[-2000:]
    (moved,) = aside(path)
    assert moved.is_symlink() and os.readlink(moved) == "/dev/zero"
    assert settings_file(home).read_text() == GOOD_SETTINGS


@pytest.mark.parametrize("kind", ["directory", "dev_null_settings"])
def test_a_folder_or_device_in_place_of_a_file_is_set_aside(home, monkeypatch, kind):
    import os

    if kind == "directory":
        path = save.autosave_path("runfast")
        (path / "inner").mkdir(parents=True)
        expected = ["table.save_unreadable"]
    else:
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null on this system")
        path = settings_file(home)
        path.parent.mkdir(parents=True)
        path.symlink_to("/dev/null")
        expected = [settings_mod.RESET_NOTICE]
    code, shown = run_main([], monkeypatch)
    assert (code, shown) == (0, expected)
    assert len(aside(path)) == 1 and not os.path.lexists(path)


def test_item4_a_huge_autosave_is_refused_at_once_and_the_log_stays_small(home, monkeypatch):
    path = save.autosave_path("runfast")
    huge = {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": "3H " * 6_000_000}]]}
    storage.atomic_write_text(path, json.dumps(huge))
    size = path.stat().st_size
    code, shown = run_main([], monkeypatch)
    assert (code, shown) == (0, ["table.save_unreadable"])
    (moved,) = aside(path)
    assert moved.stat().st_size == size
    logs = list((home / "data").glob("cardavia.log*"))
    assert logs and all(p.stat().st_size < 100_000 for p in logs)


def test_item4_an_oversized_action_under_the_size_cap_is_refused_by_shape(home, monkeypatch):
    path = save.autosave_path("runfast")
    long_cards = {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": "3H " * 300_000}]]}
    storage.atomic_write_text(path, json.dumps(long_cards))
    assert path.stat().st_size < storage.AUTOSAVE_MAX_BYTES
    code, shown = run_main([], monkeypatch)
    assert (code, shown) == (0, ["table.save_unreadable"])
    assert len(aside(path)) == 1
    assert all(p.stat().st_size < 100_000 for p in (home / "data").glob("cardavia.log*"))


def test_item4_one_huge_log_record_cannot_bypass_the_rotation(home):
    from game import crashlog, logfile

    crashlog.setup_logging()
    try:
        logger = logging.getLogger("game.test_huge")
        for _ in range(3):
            logger.warning("bad save: %s", "x" * 5_000_000)
    finally:
        crashlog.shutdown_logging()
    limit = logfile.LOG_MAX_BYTES + 4 * logfile.LOG_RECORD_MAX_CHARS
    logs = sorted((home / "data").glob("cardavia.log*"))
    assert logs and all(p.stat().st_size <= limit for p in logs)
    assert "more characters cut" in logs[0].read_text(encoding="utf-8")


def test_item5_stale_temp_files_are_removed_at_start_and_fresh_ones_kept(home, monkeypatch):
    import os
    import time

    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    storage.atomic_write_text(save.autosave_path("runfast"), json.dumps(GOOD_SAVE))
    kept = snapshot_files(home)
    old = time.time() - 3600
    stale = [
        home / "data" / ".autosave.json.k1l2m3.tmp",
        home / "data" / ".autosave.json.zz9.tmp",
        home / "config" / ".settings.toml.a1b2.tmp",
    ]
    for temp in stale:
        temp.write_bytes(b"{half a save")
        os.utime(temp, (old, old))
    fresh = home / "data" / ".autosave.json.now.tmp"  # perhaps another copy writing right now
    fresh.write_bytes(b"{")
    code, shown = run_main([], monkeypatch)
    assert (code, shown) == (0, [])
    assert not any(temp.exists() for temp in stale)
    assert fresh.exists()
    fresh.unlink()
    assert snapshot_files(home) == kept  # the player's files are untouched


def test_item5_the_folder_is_fsynced_after_the_replace(home, monkeypatch):
    import os
    import stat

    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(handle):
        synced.append("folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "file")
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    save.write_autosave(GOOD_SAVE)
    if os.name == "nt":
        assert synced == ["file"]
    else:
        assert synced == ["file", "folder"]


def test_item6_failed_saves_are_told_once_and_again_after_a_success(home, monkeypatch):
    import errno

    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    save.write_autosave(GOOD_SAVE)
    before = snapshot_files(home)
    app = run_app([], frames=2)
    real_replace = os.replace
    failing = {"on": True}

    def replace(src, dst):
        if failing["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_replace(src, dst)

    def notices() -> list[str]:
        app.tick(1 / 30)
        return [t[0] for t in app.notices.shown]

    monkeypatch.setattr(os, "replace", replace)
    try:
        assert notices() == []
        for value in (61, 62, 63):
            app.set_setting("contrast", value)
            app.save_settings()
            save.write_autosave({**GOOD_SAVE, "seed": value})
        told = ["settings.not_saved", "table.autosave_not_saved"]
        assert notices() == told
        assert i18n.tr("table.autosave_not_saved", folder="/x") != "table.autosave_not_saved"
        assert snapshot_files(home) == before  # the old files are intact, no temp files
        failing["on"] = False
        app.set_setting("contrast", 64)
        app.save_settings()
        save.write_autosave({**GOOD_SAVE, "seed": 64})
        assert notices() == told
        failing["on"] = True
        save.write_autosave({**GOOD_SAVE, "seed": 65})
        assert notices() == [*told, "table.autosave_not_saved"]
        assert app.running
    finally:
        close(app)


def test_item6_a_full_disk_never_prints_logging_tracebacks(home, capfd):
    import errno

    from game import crashlog, logfile

    class FullDisk:
        def write(self, _text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    crashlog.setup_logging()
    handler = logfile._file_handler
    assert isinstance(handler, logfile.QuietRotatingFileHandler)  # the log file's
    try:
        assert handler.stream is not None  # the file is open
        handler.stream.close()
        handler.stream = FullDisk()  # type: ignore[assignment]  # a stream on a full disk
        logging.getLogger("game.test_full").info("an ordinary line")
        logging.getLogger("game.test_full").error("failed", exc_info=ValueError("x"))
        assert handler.dropped == 2
    finally:
        handler.stream = None  # closed: nothing left to flush
        crashlog.shutdown_logging()
    err = capfd.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err


def test_an_unknown_game_in_the_autosave_is_set_aside_with_a_notice(home, monkeypatch):
    path = save.autosave_path("runfast")
    storage.atomic_write_text(path, json.dumps({**GOOD_SAVE, "preset": "poker"}))
    code, shown = run_main([], monkeypatch)
    assert (code, shown) == (0, ["table.save_unreadable"])
    assert len(aside(path)) == 1


def test_the_caps_hold_for_the_reader(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 11)
    assert storage.read_capped(path, 11) == b"x" * 11
    with pytest.raises(storage.BadFileError):
        storage.read_capped(path, 10)
    assert storage.read_capped(tmp_path / "missing", 10) is None
