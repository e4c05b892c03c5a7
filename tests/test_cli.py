"""The command line in the player's language (issue 29): ``--help`` and the flags' errors
come from the locale; the language is ``--lang`` before ``--help``, else the saved setting,
else the system's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game import i18n
from game.cli import parse_args, words_language


def help_text(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 0
    return str(capsys.readouterr().out)


@pytest.mark.parametrize("lang", ["zh", "fa"])
def test_help_is_written_in_the_language_given_before_it(capsys, lang):
    out = help_text(capsys, ["--lang", lang, "--help"])
    i18n.set_language(lang)
    for key in ("cli.description", "cli.help_autoplay", "cli.help_stats", "cli.metavar_path"):
        assert i18n.tr(key) in out, key
    assert i18n.tr("cli.usage") in out and i18n.tr("cli.options") in out
    i18n.set_language("en")
    assert i18n.tr("cli.help_autoplay") not in out  # no English left in place
    assert "usage:" not in out and "show this help" not in out
    assert i18n.language() == "en"  # parsing leaves the app's language as it was


def test_help_in_english_names_every_flag(capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    out = help_text(capsys, ["--help"])
    assert out.startswith("usage: cardavia")
    for flag in ("--preset", "--lang", "--windowed", "--seed", "--autoplay", "--frames",
                 "--screenshot", "--max-fps", "--stats", "--version"):  # fmt: skip
        assert flag in out
    assert "the AI plays the human seat as well" in out


def test_the_words_follow_lang_then_the_settings_then_the_system(tmp_path, monkeypatch):
    from game import settings

    monkeypatch.setattr(settings, "default_path", lambda: tmp_path / "settings.toml")
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    assert words_language(["--help"]) == "pl"  # no settings yet: the system's language
    (tmp_path / "settings.toml").write_text('version = 1\nlanguage = "hu"\n', encoding="utf-8")
    assert words_language(["--help"]) == "hu"
    assert words_language(["--lang", "tr", "--help"]) == "tr"
    assert words_language(["--lang=id", "-h"]) == "id"
    assert words_language(["--help", "--lang", "tr"]) == "hu"  # after --help it comes too late
    (tmp_path / "settings.toml").write_text("language = [", encoding="utf-8")
    assert words_language(["--help"]) == "pl"  # a broken file is only read, never moved
    assert (tmp_path / "settings.toml").exists()


@pytest.mark.parametrize(
    ("argv", "key"),
    [
        (["--lang", "zh", "--windowed", "big"], "cli.bad_size"),
        (["--lang", "zh", "--windowed", "0x100"], "cli.positive_size"),
        (["--lang", "zh", "--seed", "seven"], "cli.bad_number"),
    ],
)
def test_a_bad_flag_is_told_in_the_language(capsys, argv, key):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    i18n.set_language("zh")
    expected = i18n.tr(key, value=argv[-1])
    i18n.set_language("en")
    assert expected in err and "错误" in err and "argument" not in err, err


def test_an_unknown_language_is_told_with_the_codes(capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    with pytest.raises(SystemExit):
        parse_args(["--lang", "xx"])
    err = capsys.readouterr().err
    assert "no catalog for 'xx'" in err and ", ".join(i18n.LANGUAGES) in err


# --- issue 57: one range for every number, ASCII digits, nothing absurd or empty -------------

SEED = {"low": str(-(2**63 - 1)), "high": str(2**63 - 1)}
REFUSED = [
    (["--seed", str(2**63)], "cli.out_of_range", SEED),  # D2: the first finished deal crashed
    (["--seed", str(-(2**63))], "cli.out_of_range", SEED),
    (["--seed", str(10**30)], "cli.bad_number", {}),
    (["--seed", "٣"], "cli.bad_number", {}),  # Unicode digits, refused by the deal files too
    (["--frames", "١٢"], "cli.bad_number", {}),
    (["--seed", "1_000"], "cli.bad_number", {}),
    (["--frames", "9" * 30], "cli.bad_number", {}),  # never ended
    (["--frames", "10000001"], "cli.out_of_range", {"low": "0", "high": "10000000"}),
    (["--max-fps", "5000"], "cli.out_of_range", {"low": "0", "high": "1000"}),
    (["--windowed", "١٢٨٠x٧٢٠"], "cli.bad_size", {}),
]


@pytest.mark.parametrize(("argv", "key", "params"), REFUSED, ids=lambda v: repr(v)[:30])
def test_absurd_numbers_and_other_digits_are_refused_in_one_line(capsys, argv, key, params):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--lang", "en", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert i18n.tr(key, value=argv[-1][:40], **params) in err and "Traceback" not in err, err
    assert len([line for line in err.splitlines() if "error" in line]) == 1


def test_every_seed_the_command_line_takes_can_be_saved_and_stored():
    """One MAX_SEED for every reader: the largest seeds are taken, and a save and a shared deal
    file of that seed read back (D2: the autosave written with 2**63 was refused by its own
    reader)."""
    from game import save, storage
    from game.table.record import Snapshot

    assert save.MAX_SEED == storage.MAX_SEED == 2**63 - 1
    for seed in (storage.MAX_SEED, -storage.MAX_SEED, 0):
        assert parse_args(["--seed", str(seed)]).seed == seed
        data: Snapshot = {"version": save.VERSION, "preset": "runfast", "seed": seed, "ai_level": "normal",
                "deals": [[]]}  # fmt: skip
        save.write_autosave(data)
        loaded = save.load_autosave("runfast")
        assert loaded is not None and loaded["seed"] == seed
    save.clear_autosave("runfast")


def _game(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-m", "game", "--windowed", "800x600", "--lang", "en", *argv]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)


def test_an_empty_preset_is_refused_not_ignored():
    done = _game("--preset", "", "--frames", "1")
    assert done.returncode == 2, done
    assert "unknown preset ''" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_screenshot_into_a_fifo_is_refused_not_blocked(tmp_path):
    """D4: ``--screenshot`` naming a FIFO blocked for ever in open()."""
    fifo = tmp_path / "shot.png"
    os.mkfifo(fifo)
    try:
        done = _game("--frames", "1", "--screenshot", str(fifo))
    except subprocess.TimeoutExpired:
        pytest.fail("the game hung on the FIFO")
    assert done.returncode == 1
    assert done.stderr.strip() == i18n.tr("cli.screenshot_not_file", path=str(fifo))


@pytest.mark.skipif(not os.path.exists("/proc/version"), reason="no /proc here")
def test_a_screenshot_where_no_file_can_be_written_says_so():
    """D4: ``--screenshot /proc/version`` exited 0 without a word (nothing was saved)."""
    before = open("/proc/version", "rb").read()
    done = _game("--frames", "1", "--screenshot", "/proc/version")
    assert done.returncode == 1
    assert done.stderr.startswith("cardavia: the screenshot could not be saved to /proc/version")
    assert len(done.stderr.strip().splitlines()) == 1
    assert open("/proc/version", "rb").read() == before


def test_a_screenshot_is_still_written_over_an_old_one(tmp_path):
    shot = tmp_path / "shot.png"
    shot.write_bytes(b"old")
    done = _game("--frames", "1", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:4] == b"\x89PNG"
