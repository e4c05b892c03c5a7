"""Bad files (issue 10): settings, autosave and locale files that are truncated, garbage, of the
wrong types or from a newer game never crash the game nor cost the player other data.

Each case is checked twice: at the module (the file is set aside byte for byte, the defaults
or "no save" come back, the right message key is given) and in the real App (it starts, shows
the notice, draws frames, and the other files of the player are untouched).
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pygame
import pytest

from game import i18n, save, storage
from game import settings as settings_mod
from game.app import App, parse_args

GOOD_SETTINGS = 'version = 1\nlanguage = "pl"\ncontrast = 70\nfullscreen = false\n'
GOOD_SAVE = {
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
}

#: Saves that read as JSON of the right shape but do not replay: the table refuses them.
UNREPLAYABLE_SAVES = {
    "unknown_preset": {**GOOD_SAVE, "preset": "poker"},
    "bad_card": {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": "ZZ"}]]},
    "cards_number": {**GOOD_SAVE, "deals": [[{"seat": 0, "kind": "play", "cards": 5}]]},
    "wrong_seat": {**GOOD_SAVE, "deals": [[{"seat": "x", "kind": "play", "cards": "3H"}]]},
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
    storage.atomic_write_text(save.autosave_path(), json.dumps(GOOD_SAVE))
    autosave_before = save.autosave_path().read_bytes()
    app = run_app([])
    try:
        assert [t[0] for t in app._toasts] == [settings_mod.RESET_NOTICE]
        assert app.settings == settings_mod.Settings()
        assert save.autosave_path().read_bytes() == autosave_before  # the match is kept
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

    monkeypatch.setattr(storage.os, "replace", full_disk)
    assert settings_mod.save(settings_mod.Settings(contrast=5)) is False
    assert path.read_text() == GOOD_SETTINGS
    assert [p.name for p in path.parent.iterdir()] == [path.name]


# --- autosave --------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_bad_saves_are_set_aside_with_a_message(home, case):
    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    path = save.autosave_path()
    storage.atomic_write_bytes(path, BAD_SAVES[case])
    assert save.load_autosave() is None
    expected = "table.save_newer" if case == "future_version" else "table.save_unreadable"
    assert save.last_problem == expected
    assert i18n.tr(expected) != expected  # the message exists in English
    (moved,) = aside(path)
    assert moved.read_bytes() == BAD_SAVES[case]
    assert not save.has_autosave()
    assert settings_file(home).read_text() == GOOD_SETTINGS  # other data untouched


@pytest.mark.parametrize("case", ["garbage", "future_version", "deal_of_numbers"])
def test_the_title_with_a_bad_save_offers_no_resume_and_runs(home, case):
    path = save.autosave_path()
    storage.atomic_write_bytes(path, BAD_SAVES[case])
    app = run_app([])
    try:
        title = app.stack.top
        assert title.resume_id is None
        assert len(aside(path)) == 1
        expected = "table.save_newer" if case == "future_version" else "table.save_unreadable"
        assert [t[0] for t in app._toasts] == [expected]  # told once, on the title
        title.enter()  # coming back to the title does not tell it again
        assert [t[0] for t in app._toasts] == [expected]
        assert app.running
    finally:
        close(app)


@pytest.mark.parametrize("case", sorted(UNREPLAYABLE_SAVES))
def test_a_save_that_does_not_replay_is_set_aside_when_resumed(home, case):
    from game.scenes.preset import open_table

    storage.atomic_write_text(settings_file(home), GOOD_SETTINGS)
    before = settings_file(home).read_bytes()
    path = save.autosave_path()
    storage.atomic_write_text(path, json.dumps(UNREPLAYABLE_SAVES[case]))
    app = run_app([], frames=2)
    try:
        preset = app.presets["runfast"]
        assert open_table(app, preset, resume=True) is None
        assert "title.resume_failed" in [t[0] for t in app._toasts]
        assert not path.exists() and len(aside(path)) == 1
        for _ in range(5):
            app.tick(1 / 30)
        assert app.running and app.stack.top is not None
        assert settings_file(home).read_bytes() == before
    finally:
        close(app)


def test_a_failed_autosave_write_keeps_the_old_save(home, monkeypatch):
    save.write_autosave(GOOD_SAVE)
    before = save.autosave_path().read_bytes()

    def read_only(*_args, **_kwargs):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(storage.os, "replace", read_only)
    save.write_autosave({**GOOD_SAVE, "seed": 99})  # logged, never raised
    assert save.autosave_path().read_bytes() == before
    assert [p.name for p in save.autosave_path().parent.iterdir()] == ["autosave.json"]


def test_a_bad_settings_file_and_a_bad_save_together(home):
    storage.atomic_write_bytes(settings_file(home), BAD_SETTINGS["truncated"])
    storage.atomic_write_bytes(save.autosave_path(), BAD_SAVES["truncated"])
    app = run_app(["--preset", "guandan"], frames=20)
    try:
        assert type(app.stack.top).__name__ == "TableScene"
        assert len(aside(settings_file(home))) == 1 and len(aside(save.autosave_path())) == 1
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
    for key in ("app.name", "table.pass", "table.play", "title.choose", "crash.message"):
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
