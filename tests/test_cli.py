"""The command line in the player's language (issue 29): ``--help`` and the flags' errors
come from the locale; the language is ``--lang`` before ``--help``, else the saved setting,
else the system's."""

from __future__ import annotations

import pytest

from game import i18n
from game.cli import parse_args, words_language


def help_text(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 0
    return capsys.readouterr().out


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
