"""Every reader total (issue 45): the log file (never blocking, regular files only, no link
followed out of the data folder, write errors silent), the command line (sizes SDL accepts, a
negative --frames refused, a --screenshot that cannot be written told in one line), the
settings file's issue cases, and the review worker's JSON job (no pickle)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import crashlog, i18n, logfile
from game import settings as settings_mod
from game.cli import MAX_WINDOW_SIDE, parse_args

ROOT = Path(__file__).resolve().parent.parent
POSIX = hasattr(os, "mkfifo") and not sys.platform.startswith("win")


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "data"
    folder.mkdir(parents=True)
    yield folder
    crashlog.shutdown_logging()


def run_game(args: list[str], home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDAVIA_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- the log ----------------------------------------------------------------------------------


@pytest.mark.skipif(not POSIX, reason="FIFOs and links to /dev/full are POSIX")
def test_a_fifo_log_neither_hangs_nor_is_written(data_home):
    os.mkfifo(data_home / crashlog.LOG_NAME)
    assert crashlog.setup_logging() == data_home / crashlog.LOG_NAME  # at once, no hang
    logging.getLogger("test").warning("written to a fresh file")
    crashlog.shutdown_logging()
    assert (data_home / crashlog.LOG_NAME).is_file()
    assert list(data_home.glob("cardavia.log.broken-*"))  # the FIFO itself, set aside


@pytest.mark.skipif(not POSIX, reason="FIFOs and links to /dev/full are POSIX")
def test_links_out_of_the_data_folder_are_not_followed(data_home, tmp_path):
    outside = tmp_path / "elsewhere.log"
    os.symlink(outside, data_home / crashlog.LOG_NAME)
    crashlog.setup_logging()
    logging.getLogger("test").warning("stays in the data folder")
    crashlog.shutdown_logging()
    assert not outside.exists()
    assert not (data_home / crashlog.LOG_NAME).is_symlink()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_log_that_cannot_be_written_is_silent(data_home, capfd):
    """A link to /dev/full is refused; a log stream whose writes fail stays quiet, even when
    it is flushed and closed at exit."""
    os.symlink("/dev/full", data_home / crashlog.LOG_NAME)
    crashlog.setup_logging()
    crashlog.shutdown_logging()
    handler = logfile.QuietRotatingFileHandler(str(data_home / "other.log"))
    assert handler.stream is not None
    handler.stream.close()
    handler.stream = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    handler.emit(logging.makeLogRecord({"msg": "x" * 10_000}))
    handler.flush()
    handler.close()
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.skipif(not POSIX, reason="needs /dev/full and links")
def test_the_game_with_its_log_on_dev_full_quits_cleanly(tmp_path):
    folder = tmp_path / "home" / "data"
    folder.mkdir(parents=True)
    os.symlink("/dev/full", folder / crashlog.LOG_NAME)
    done = run_game(["--windowed", "800x600", "--frames", "3"], tmp_path / "home")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_open_log_stream_refuses_what_is_not_a_regular_file(tmp_path):
    with pytest.raises(OSError):
        logfile.open_log_stream(str(tmp_path))  # a folder


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "key"),
    [
        (["--windowed", "99999999999999999999x600"], "cli.too_large_size"),
        (["--windowed", "16384x16384"], "cli.too_large_size"),
        (["--frames", "-5"], "cli.not_negative"),
        (["--max-fps", "-1"], "cli.not_negative"),
        (["--screenshot", ""], "cli.empty_path"),
    ],
)
def test_the_issue_s_command_lines_are_refused_with_one_line(capsys, argv, key):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--lang", "en", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    i18n.set_language("en")
    words = i18n.tr(key, value=argv[-1], limit=str(MAX_WINDOW_SIDE))
    assert words in err and "Traceback" not in err


def test_the_toml_writer_ships_with_the_game():
    """tomli-w is a dependency the launcher checks, the executable bundles (imported by
    game.settings, never excluded) and whose licence it carries."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_exe

    from game.__main__ import DEPENDENCIES

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"tomli-w>=' in pyproject and DEPENDENCIES["tomli_w"] == "tomli-w"
    assert "tomli_w" not in build_exe.EXCLUDES and "tomli-w" in build_exe.LICENSED
    assert "tomli-w" in (ROOT / "THIRD_PARTY_NOTICES").read_text(encoding="utf-8")


def test_the_largest_window_accepted_is_the_settings_limit():
    assert MAX_WINDOW_SIDE == settings_mod.MAX_WINDOW_SIDE
    assert parse_args(["--windowed", f"{MAX_WINDOW_SIDE}x600"]).windowed == (MAX_WINDOW_SIDE, 600)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("target", ["/dev/full", "{home}/a-folder"])
def test_a_screenshot_that_cannot_be_written_is_one_clear_line(tmp_path, target):
    (tmp_path / "home" / "a-folder").mkdir(parents=True)
    path = target.format(home=tmp_path / "home")
    args = ["--windowed", "800x600", "--frames", "2", "--screenshot", path, "--lang", "en"]
    done = run_game(args, tmp_path / "home")
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if "screenshot" in line]
    assert len(lines) == 1 and path in lines[0] and "Traceback" not in done.stderr


# --- the review worker ------------------------------------------------------------------------


def test_the_review_worker_reads_json_not_pickle(tmp_path):
    """A pickle on the worker's stdin is refused (exit 1, nothing run); a JSON job works."""
    import pickle

    from game.history import db, replay, review, review_worker
    from game.table.controller import TableController
    from game.table.summary import DealRow

    database = db.open_database(tmp_path / "h.sqlite3")

    def keep(_ctl: TableController, row: DealRow) -> None:
        database.record(row)

    ctl = TableController(
        "runfast", seed=2, threaded=False, think_delay=0.0, autoplay=True, autoplay_pause=0.0,
        on_deal_end=keep,
    )  # fmt: skip
    while database.count() < 1:
        ctl.update()
    deal = replay.load(database, 1)
    plies = review.decisions(deal, 0)[:1]
    job = review_worker.job_data(deal, plies, samples=2)
    json.dumps(job)  # plain data
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = review_worker.worker_command()
    refused = subprocess.run(
        command, input=pickle.dumps(job), capture_output=True, cwd=ROOT, env=env, timeout=120
    )
    assert refused.returncode == 1 and refused.stdout == b""
    answered = subprocess.run(
        command, input=json.dumps(job).encode(), capture_output=True, cwd=ROOT, env=env,
        timeout=300,
    )  # fmt: skip
    assert answered.returncode == 0
    (line,) = answered.stdout.decode().splitlines()
    ply, data = json.loads(line)
    assert ply == plies[0] and review.Verdict.from_data(ply, data) == review.judge(
        "runfast", ply, deal.states[ply], review.played_action(deal, ply),
        review.seed_of(deal, ply), samples=2,
    )  # fmt: skip
    database.close()
