"""Catalog lookup, plurals, number formatting, English fallback and the language observer."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import i18n, paths

REAL_LOCALE = paths.locale_dir()


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary locale folder; yields a function writing ``<lang>.toml`` into it."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    i18n.reload()
    previous = i18n.language()

    def write(lang: str, body: str) -> None:
        if "[language]" not in body and (REAL_LOCALE / f"{lang}.toml").is_file():
            text = (REAL_LOCALE / f"{lang}.toml").read_text(encoding="utf-8")
            start = text.index("[language]")  # the real header, up to the strings
            body = text[start : text.index("\n[", text.index("[language.plural]")) + 1] + body
        (tmp_path / f"{lang}.toml").write_text(body, encoding="utf-8")
        i18n.reload()

    yield write
    i18n.set_language(previous)
    monkeypatch.undo()  # the real folder again before the languages are read anew
    i18n.reload()


@pytest.fixture
def lang():
    """Switch languages inside a test and restore the current one after it."""
    previous = i18n.language()
    yield i18n.set_language
    i18n.set_language(previous)


# --- plural categories (CLDR cardinal rules, integer and decimal counts) ----------------------

PLURALS = [
    # lang, n, category
    ("en", 0, "other"),
    ("en", 1, "one"),
    ("en", 2, "other"),
    ("en", 1.5, "other"),
    ("en", -1, "one"),
    ("zh", 1, "other"),
    ("zh", 2, "other"),
    ("id", 1, "other"),
    ("hu", 1, "one"),
    ("hu", 5, "other"),
    ("tr", 1, "one"),
    ("tr", 0, "other"),
    ("fa", 0, "one"),
    ("fa", 1, "one"),
    ("fa", 2, "other"),
    ("fa", 0.5, "one"),
    ("fa", 1.5, "other"),
    ("pl", 1, "one"),
    ("pl", 2, "few"),
    ("pl", 4, "few"),
    ("pl", 5, "many"),
    ("pl", 0, "many"),
    ("pl", 11, "many"),
    ("pl", 12, "many"),
    ("pl", 14, "many"),
    ("pl", 21, "many"),
    ("pl", 22, "few"),
    ("pl", 24, "few"),
    ("pl", 25, "many"),
    ("pl", 101, "many"),
    ("pl", 102, "few"),
    ("pl", 112, "many"),
    ("pl", 1.5, "other"),
]


@pytest.mark.parametrize(("code", "n", "category"), PLURALS)
def test_plural_category(code: str, n: float, category: str) -> None:
    assert i18n.plural_category(n, code) == category


@given(st.sampled_from(i18n.LANGUAGES), st.integers(-(10**6), 10**6))
def test_plural_category_is_one_of_the_languages_categories(code: str, n: int) -> None:
    assert i18n.plural_category(n, code) in i18n.PLURAL_CATEGORIES[code]


def test_tr_picks_plural_forms(locale, lang) -> None:
    locale("en", '[t.cards]\none = "{count} card"\nother = "{count} cards"\n')
    locale(
        "pl",
        '[t.cards]\none = "{count} karta"\nfew = "{count} karty"\nmany = "{count} kart"\n'
        'other = "{count} karty"\n',
    )
    locale("zh", '[t.cards]\nother = "{count} 张牌"\n')
    lang("en")
    assert i18n.tr("t.cards", count=1) == "1 card"
    assert i18n.tr_plural("t.cards", 3) == "3 cards"
    lang("pl")
    assert [i18n.tr("t.cards", count=n) for n in (1, 3, 5, 22, 1.5)] == [
        "1 karta",
        "3 karty",
        "5 kart",
        "22 karty",
        "1,5 karty",
    ]
    lang("zh")
    assert i18n.tr("t.cards", count=1) == "1 张牌"
    # Without a count a plural group gives its "other" form.
    assert i18n.tr("t.cards") == "{count} 张牌"
    # A language without the file at all: English forms.
    lang("tr")
    assert i18n.tr("t.cards", count=1) == "1 card"


def test_a_count_already_formatted_still_picks_the_form(locale, lang) -> None:
    locale("en", '[t.cards]\none = "{count} card"\nother = "{count} cards"\n')
    locale("tr", '[t.cards]\none = "{count} kart (bir)"\nother = "{count} kart"\n')
    locale("fa", '[t.cards]\none = "{count} کارت (یک)"\nother = "{count} کارت"\n')
    lang("en")
    assert i18n.tr("t.cards", count=i18n.format_number(1)) == "1 card"
    assert i18n.tr("t.cards", count=i18n.format_number(1000)) == "1,000 cards"
    lang("tr")
    assert i18n.tr("t.cards", count=i18n.format_number(1000)) == "1.000 kart"
    lang("fa")
    assert i18n.tr("t.cards", count=i18n.format_number(1)) == "۱ کارت (یک)"
    assert i18n.tr("t.cards", count=i18n.format_number(12)) == "۱۲ کارت"


def test_plural_missing_category_falls_back_to_other(locale, lang) -> None:
    locale("en", '[t.cards]\none = "{count} card"\nother = "{count} cards"\n')
    locale("pl", '[t.cards]\nother = "{count} kart(y)"\n')
    lang("pl")
    assert i18n.tr("t.cards", count=2) == "2 kart(y)"


# --- numbers -----------------------------------------------------------------------------------

NUMBERS = [
    # lang, value, options, text
    ("en", 0, {}, "0"),
    ("en", 1234, {}, "1,234"),
    ("en", -1234567, {}, "-1,234,567"),
    ("en", 2.5, {}, "2.5"),
    ("en", 3, {"signed": True}, "+3"),
    ("en", 0, {"signed": True}, "0"),
    ("en", 1.0, {}, "1"),
    ("en", 0.25, {"decimals": 1}, "0.2"),
    ("zh", 12000, {}, "12,000"),
    ("hu", 1234, {}, "1234"),
    ("hu", 12345, {}, "12\u00a0345"),
    ("hu", 2.5, {}, "2,5"),
    ("pl", 9999, {}, "9999"),
    ("pl", -10000, {}, "-10\u00a0000"),
    ("tr", 1234, {}, "1.234"),
    ("id", 1234, {}, "1.234"),
    ("id", 0.5, {}, "0,5"),
    ("fa", 25, {}, "۲۵"),
    ("fa", 1234, {}, "۱٬۲۳۴"),
    ("fa", 2.5, {}, "۲٫۵"),
    ("fa", -7, {}, "\u200e\u2212۷"),
    ("fa", 12, {"signed": True}, "\u200e+۱۲"),
    ("fa", 0, {}, "۰"),
]


@pytest.mark.parametrize(("code", "value", "options", "expected"), NUMBERS)
def test_format_number(code: str, value: float, options: dict[str, bool], expected: str) -> None:
    assert i18n.format_number(value, lang=code, **options) == expected


@given(st.integers(-(10**9), 10**9))
def test_persian_numbers_use_only_persian_digits(n: int) -> None:
    shown = i18n.format_number(n, lang="fa")
    assert not any(ch.isascii() and ch.isdigit() for ch in shown)
    back = shown.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    assert int(back.replace("٬", "").replace("\u200e", "").replace("\u2212", "-")) == n


def test_digits_in_labels() -> None:
    assert i18n.digits("Right: 10 of diamonds, level 2", "fa") == "Right: ۱۰ of diamonds, level ۲"
    assert i18n.digits("10", "en") == "10"
    assert i18n.digits("A", "fa") == "A"


def test_tr_formats_numeric_params(locale, lang) -> None:
    locale("en", '[t]\nscore = "{player} has {points} points"\n')
    locale("fa", '[t]\nscore = "{player} {points} امتیاز دارد"\n')
    lang("fa")
    assert i18n.tr("t.score", player="Alice", points=125) == "Alice ۱۲۵ امتیاز دارد"
    lang("en")
    assert i18n.tr("t.score", player="Bob", points=1200) == "Bob has 1,200 points"
    # Strings (card notation, names) are never reformatted; booleans are not numbers.
    assert i18n.tr("t.score", player="10", points=True) == "10 has True points"


# --- fallback ------------------------------------------------------------------------------------


def test_missing_key_falls_back_to_english_and_logs_once(locale, lang, caplog) -> None:
    locale("en", '[t]\nhello = "Hello"\nbye = "Bye"\n')
    locale("hu", '[t]\nhello = "Szia"\n')
    lang("hu")
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.tr("t.hello") == "Szia"
        assert i18n.tr("t.bye") == "Bye"
        assert i18n.tr("t.bye") == "Bye"
    assert sum("t.bye" in record.getMessage() for record in caplog.records) == 1


def test_broken_file_falls_back_to_english_and_logs_once(locale, lang, caplog) -> None:
    locale("en", '[t]\nhello = "Hello"\n')
    locale("tr", '[t]\nhello = "Merhaba\n')  # unterminated string
    lang("tr")
    with caplog.at_level(logging.INFO, logger="game.i18n"):
        assert i18n.tr("t.hello") == "Hello"
        assert i18n.tr("t.hello") == "Hello"
    unreadable = [r for r in caplog.records if "unreadable" in r.getMessage()]
    assert len(unreadable) == 1


def test_missing_file_and_missing_key(locale, lang, caplog) -> None:
    locale("en", '[t]\nhello = "Hello"\n')
    with caplog.at_level(logging.INFO, logger="game.i18n"):
        lang("id")  # no id.toml in the folder: not a language, English is used
        assert i18n.language() == "en" and "id" not in i18n.LANGUAGES
        assert i18n.tr("t.hello") == "Hello"
        assert i18n.tr("t.nowhere") == "t.nowhere"
    assert any("id" in r.getMessage() for r in caplog.records)
    assert any("t.nowhere" in r.getMessage() for r in caplog.records)


def test_bad_placeholders_show_the_text(locale, lang) -> None:
    locale("en", '[t]\nscore = "{player} wins"\n')
    lang("en")
    assert i18n.tr("t.score") == "{player} wins"
    assert i18n.tr("t.score", points=3) == "{player} wins"


# --- language switching --------------------------------------------------------------------------


def test_on_change_notifies_and_unsubscribes(lang) -> None:
    lang("en")
    seen: list[str] = []
    stop = i18n.on_change(seen.append)
    try:
        lang("fa")
        lang("fa")  # no change, no call
        lang("xx")  # unknown → English
    finally:
        stop()
    lang("zh")
    assert seen == ["fa", "en"]


def test_a_failing_listener_does_not_stop_the_others(lang) -> None:
    lang("en")
    seen: list[str] = []

    def broken(_: str) -> None:
        raise RuntimeError("boom")

    stops = [i18n.on_change(broken), i18n.on_change(seen.append)]
    try:
        lang("pl")
    finally:
        for stop in stops:
            stop()
    assert seen == ["pl"]


def test_language_names_are_in_their_own_language() -> None:
    i18n.reload()
    names = {code: i18n.language_name(code) for code in i18n.LANGUAGES}
    assert names == {
        "en": "English",
        "zh": "中文",
        "zh-Hant": "繁體中文",
        "ja": "日本語",
        "ko": "한국어",
        "hu": "Magyar",
        "tr": "Türkçe",
        "es": "Español",
        "pl": "Polski",
        "id": "Bahasa Indonesia",
        "fa": "فارسی",
        "ar": "العربية",
    }
