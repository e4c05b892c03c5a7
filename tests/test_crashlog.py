"""Crash reports and the log file (issue 10): written, readable, replayable, never in the way.

Every test points CARDAVIA_HOME at its own folder so the reports and logs it looks at are its
own. A crash is provoked by patching one method of the real game to raise.
"""

from __future__ import annotations

import json
import logging
import random
import threading
from pathlib import Path

import pytest

import game
from game import crashlog, i18n, paths, save, storage
from game.ai.random_bot import RandomBot
from game.table.controller import TableController


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    i18n.set_language("en")
    yield tmp_path / "home"
    crashlog.uninstall()
    crashlog.shutdown_logging()
    i18n.set_language("en")


def random_bots(preset: str, level: str, seed: int) -> RandomBot:
    return RandomBot()


def played_controller(preset: str, seed: int, moves: int) -> TableController:
    """A table whose match has ``moves`` random actions applied (across deals)."""
    ctl = TableController(
        preset, seed=seed, think_delay=0.0, threaded=False, bot_factory=random_bots
    )
    rng = random.Random(seed)
    for _ in range(moves):
        if ctl.state.is_terminal:
            ctl.finished_deals.append(_non_auto(ctl.state))
            ctl.match.advance()
            ctl.state = ctl.match.state
        ctl.state.apply(rng.choice(ctl.state.legal_actions()))
    return ctl


def _non_auto(state):
    from game.table.record import non_auto_actions

    return non_auto_actions(state)


def reports(home: Path) -> list[Path]:
    return sorted((home / "data" / "crashes").glob("crash-*.json"))


@pytest.mark.parametrize(
    "preset,seed,moves", [("guandan", 11, 40), ("shengji", 12, 60), ("runfast", 13, 90)]
)
def test_report_has_traceback_seed_and_log_and_replays_the_deal(home, preset, seed, moves):
    ctl = played_controller(preset, seed, moves)
    try:
        raise RuntimeError("boom at the table")
    except RuntimeError as error:
        path = crashlog.report(error, crashlog.controller_context(ctl))
    assert path is not None and path.parent == paths.data_dir() / "crashes"
    data = crashlog.load_report(path)
    assert data["exception"] == "RuntimeError: boom at the table"
    assert data["game_version"] == game.__version__ and data["version"] == crashlog.VERSION
    assert "Traceback (most recent call last)" in data["traceback"]
    assert "test_report_has_traceback" in data["traceback"]
    context = data["context"]
    assert (context["preset"], context["seed"]) == (preset, seed)
    assert len(context["deal_log"]) == len(ctl.state.log)
    # The replay gives back the same deal: same hands, same history, same player to act.
    match = crashlog.replay_report(path)
    assert match.state.log == ctl.state.log
    assert match.state.current_player == ctl.state.current_player
    for seat in range(ctl.seats):
        assert match.state.view(seat).hand == ctl.state.view(seat).hand


def test_report_without_a_table_and_a_failing_provider(home):
    def failing() -> dict[str, object]:
        raise ZeroDivisionError("a provider that fails")

    crashlog.install(failing)
    path = crashlog.report(ValueError("no table"))
    assert path is not None
    data = crashlog.load_report(path)
    assert data["context"]["context_error"].startswith("ZeroDivisionError")
    with pytest.raises(ValueError, match="no table to replay"):
        crashlog.replay_report(data)


def test_unwritable_data_folder_never_raises(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CARDAVIA_HOME", str(blocker))
    assert crashlog.setup_logging() is None
    assert crashlog.report(RuntimeError("x"), {"a": 1}) is None
    message = crashlog.crash_message(None)
    assert message == i18n.tr("crash.message_no_report", log=str(crashlog.log_path()))
    crashlog.tell_player(None)  # prints; no display under the dummy driver


def test_old_reports_are_pruned(home):
    for index in range(crashlog.KEEP_REPORTS + 5):
        assert crashlog.report(RuntimeError(f"crash {index}"), {}) is not None
    kept = reports(home)
    assert len(kept) == crashlog.KEEP_REPORTS
    assert crashlog.load_report(kept[-1])["exception"].endswith(
        f"crash {crashlog.KEEP_REPORTS + 4}"
    )


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_exception_in_a_thread_is_reported(home):
    crashlog.install(lambda: {"where": "thread test"})

    def fail() -> None:
        raise KeyError("thinking bot")

    worker = threading.Thread(target=fail, name="bot-thread")
    worker.start()
    worker.join()
    crashlog.uninstall()
    (path,) = reports(home)
    data = crashlog.load_report(path)
    assert data["thread"] == "bot-thread" and data["context"] == {"where": "thread test"}
    assert "KeyError" in data["exception"]


def test_log_file_gets_warnings_and_info(home):
    path = crashlog.setup_logging()
    assert path == paths.data_dir() / crashlog.LOG_NAME
    logging.getLogger("game.test").warning("a warning for the file")
    logging.getLogger("game.test").info("some information")
    crashlog.setup_logging()  # again: the old handler is replaced, lines are not doubled
    logging.getLogger("game.test").warning("after the second set-up")
    crashlog.shutdown_logging()
    text = path.read_text(encoding="utf-8")
    assert "a warning for the file" in text and "some information" in text
    assert text.count("after the second set-up") == 1


def _crash_run(monkeypatch, target, method: str, after: int, argv: list[str], when=None) -> int:
    """Run ``game.launch.main(argv)`` with ``target.method`` raising from its ``after``-th call on,
    at the first call where ``when(self)`` holds if it is given."""
    from game.launch import main

    original = getattr(target, method)
    calls = {"n": 0}

    def failing(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] >= after and (when is None or when(self)):
            raise RuntimeError("injected failure")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(target, method, failing)
    return main(argv)


def test_a_crash_at_the_table_writes_a_replayable_report_and_exits_non_zero(
    home, monkeypatch, capsys
):
    argv = ["--windowed", "640x360", "--preset", "runfast", "--seed", "7", "--autoplay"]
    argv += ["--max-fps", "0", "--frames", "4000"]
    fast = "version = 1\nai_delay_ms = 0\nanimation_speed = 100\n"
    storage.atomic_write_text(home / "config" / "settings.toml", fast)
    # the crash comes after the sixth play, not after a number of frames: frames take real
    # time, so on a busy machine the match could end (and the game quit) before a frame count
    code = _crash_run(
        monkeypatch, TableController, "update", 1, argv, when=lambda table: len(table.state.log) > 5
    )
    assert code == crashlog.EXIT_CODE
    (path,) = reports(home)
    err = capsys.readouterr().err
    assert i18n.tr("crash.message", path=str(path)) in err
    data = crashlog.load_report(path)
    context = data["context"]
    assert context["scene"] == "TableScene" and context["preset"] == "runfast"
    assert context["seed"] == 7 and "injected failure" in data["traceback"]
    assert context["deal_log"], "the crash came after some plays"
    match = crashlog.replay_report(data)
    assert [str(r.action) for r in match.state.log] == [
        line.split(": ", 1)[1].removesuffix(" (auto)") for line in context["deal_log"]
    ]
    log_text = (home / "data" / crashlog.LOG_NAME).read_text(encoding="utf-8")
    assert str(path) in log_text and "injected failure" in log_text


def test_a_crash_keeps_the_players_files(home, monkeypatch):
    from game.scenes.title import TitleScene

    settings_file = home / "config" / "settings.toml"
    storage.atomic_write_text(settings_file, 'version = 1\nlanguage = "hu"\ncontrast = 61\n')
    saved = json.dumps(
        {"version": 1, "preset": "guandan", "seed": 5, "ai_level": "normal", "deals": [[]]}
    )
    storage.atomic_write_text(save.autosave_path("guandan"), saved)
    before = (settings_file.read_bytes(), save.autosave_path("guandan").read_bytes())
    code = _crash_run(
        monkeypatch, TitleScene, "draw", 3, ["--windowed", "800x600", "--max-fps", "0"]
    )
    assert code == crashlog.EXIT_CODE
    assert (settings_file.read_bytes(), save.autosave_path("guandan").read_bytes()) == before
    (path,) = reports(home)
    assert crashlog.load_report(path)["context"]["scene"] == "TitleScene"
    assert sorted(p.name for p in (home / "config").iterdir()) == ["settings.toml"]


def test_a_normal_quit_writes_no_report(home):
    from game.launch import main

    assert main(["--windowed", "640x360", "--frames", "5", "--max-fps", "0"]) == 0
    assert reports(home) == []
