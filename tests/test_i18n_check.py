"""tools/i18n_check.py: the real catalogs pass, and each kind of problem is reported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import i18n_check  # noqa: E402

EN = """
[t]
hello = "Hello"
score = "{player} has {points} points"

[t.cards]
one = "{count} card left for {player}"
other = "{count} cards left for {player}"
"""


def header(lang: str) -> str:
    """The real catalog's ``[language]`` header of ``lang`` (its tables up to the strings)."""
    text = (ROOT / "locale" / f"{lang}.toml").read_text(encoding="utf-8")
    start = text.index("[language]")
    return text[start : text.index("\n[", text.index("[language.plural]")) + 1]


def _write(folder: Path, files: dict[str, str]) -> Path:
    """Catalogs in ``folder``; each gets its language's real header unless it has one."""
    for lang, body in files.items():
        if "[language]" not in body:
            body = header(lang) + body
        (folder / f"{lang}.toml").write_text(body, encoding="utf-8")
    return folder


def _problems(folder: Path, langs: list[str]) -> list[str]:
    return [str(p) for p in i18n_check.check(folder, langs)]


def test_the_real_catalogs_are_complete_and_consistent() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "i18n_check.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "complete and consistent" in result.stdout


def test_a_consistent_pair_passes(tmp_path: Path) -> None:
    fa = """
[t]
hello = "سلام"
score = "{player} {points} امتیاز دارد"

[t.cards]
one = "{count} کارت برای {player} مانده"
other = "{count} کارت برای {player} مانده"
"""
    folder = _write(tmp_path, {"en": EN, "fa": fa})
    assert _problems(folder, ["en", "fa"]) == []


CASES = [
    # what is wrong, the Polish catalog, a fragment every reported line set must contain
    ("missing key", '[t]\nhello="Cześć"\n', "t.score: missing"),
    (
        "empty string",
        '[t]\nhello=""\nscore="{player} ma {points}"\n',
        "t.hello: empty string",
    ),
    (
        "placeholder missing",
        '[t]\nhello="Cześć"\nscore="{player} ma punkty"\n',
        "placeholders missing ['points']",
    ),
    (
        "unknown placeholder",
        '[t]\nhello="Cześć {name}"\nscore="{player} {points}"\n',
        "unknown placeholders ['name']",
    ),
    ("broken braces", '[t]\nhello="Cześć {"\nscore="{player} {points}"\n', "broken braces"),
    ("extra key", '[t]\nhello="Cześć"\nextra="Nadmiar"\n', "t.extra: unknown key"),
    (
        "plural form missing",
        '[t.cards]\none="{count} karta {player}"\nother="{count} karty {player}"\n',
        "t.cards.few: missing plural form",
    ),
    ("not valid TOML", '[t]\nhello="Cześć\n', "not valid TOML"),
    ("box glyph", '[t]\nhello="Cześć ☃"\n', "U+2603"),
]


@pytest.mark.parametrize(("what", "polish", "fragment"), CASES, ids=[c[0] for c in CASES])
def test_each_problem_is_reported(tmp_path: Path, what: str, polish: str, fragment: str) -> None:
    folder = _write(tmp_path, {"en": EN, "pl": polish})
    problems = _problems(folder, ["pl"])
    assert any(fragment in line for line in problems), (what, problems)
    assert all(line.startswith("locale/pl.toml") for line in problems)


def test_plural_forms_a_language_does_not_have_are_extra(tmp_path: Path) -> None:
    zh = '[t.cards]\none = "{count} 张"\nother = "{count} 张牌，{player}"\n'
    problems = _problems(_write(tmp_path, {"en": EN, "zh": zh}), ["zh"])
    assert any("t.cards.one: plural form not used in zh" in line for line in problems)
    assert not any("t.cards.other" in line for line in problems)


def test_arabic_letters_in_persian_are_reported(tmp_path: Path) -> None:
    fa = '[t]\nhello = "سلام علي"\nscore = "{player} {points}"\n'
    problems = _problems(_write(tmp_path, {"en": EN, "fa": fa}), ["fa"])
    assert any("t.hello: Arabic yeh/kaf" in line for line in problems)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ('[t]\nhello = "Cześć"\n', "no [language] table"),
        ('[language]\nname = "Polski"\nscript = "runes"\n[t]\n', "script must be one of"),
        ('[language]\nname = "Polski"\n[language.plural]\none = "i == 1"\n', "cannot read"),
        ('[language]\nname = "Polski"\n[language.plural]\nsome = "i = 1"\n', "no CLDR"),
    ],
)
def test_a_missing_or_broken_language_header_is_reported(tmp_path, body, fragment) -> None:
    (tmp_path / "en.toml").write_text(header("en") + EN, encoding="utf-8")
    (tmp_path / "pl.toml").write_text(body, encoding="utf-8")
    problems = _problems(tmp_path, ["pl"])
    assert any("pl.toml: language:" in line and fragment in line for line in problems), problems


def test_a_missing_catalog_is_reported(tmp_path: Path) -> None:
    problems = _problems(_write(tmp_path, {"en": EN}), ["id"])
    assert problems == ["locale/id.toml: cannot read (No such file or directory)"]


def test_command_line_exit_codes(tmp_path: Path) -> None:
    folder = _write(tmp_path, {"en": EN, "tr": '[t]\nhello = "Merhaba"\n'})
    assert i18n_check.main(["--locale", str(folder), "tr"]) == 1
    assert i18n_check.main(["--locale", str(folder), "en"]) == 0
