"""A language is its catalog (issue 44): a new ``locale/<code>.toml`` with a ``[language]``
header is listed, formats numbers and chooses plurals as its header says, and draws a table,
with nothing else added."""

from __future__ import annotations

import re
import shutil

import pygame
import pytest

from game import i18n
from game.language import Language, LanguageError, language_from
from game.paths import locale_dir

THROWAWAY_HEADER = """[language]
name = "Pseudo"
english = "Pseudo-English (a test language)"
order = 5
direction = "ltr"
script = "latin"
digits = "arab"
decimal = "٫"
group = "٬"
group_from = 1000

[language.plural]
one = "i = 1 and v = 0"
"""


@pytest.fixture
def throwaway(tmp_path, monkeypatch):
    """The real catalogs plus ``xx.toml``: English strings under a header of its own."""
    folder = tmp_path / "locale"
    shutil.copytree(locale_dir(), folder)
    english = (folder / "en.toml").read_text(encoding="utf-8")
    strings = english[english.index("\n[", english.index("[language.plural]")) + 1 :]
    (folder / "xx.toml").write_text(THROWAWAY_HEADER + "\n" + strings, encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    i18n.reload()
    yield folder
    i18n.set_language("en")
    monkeypatch.undo()
    i18n.reload()


def test_a_new_catalog_is_a_new_language(throwaway, app):
    from game.scenes.table import TableScene
    from game.table.controller import TableController

    assert i18n.LANGUAGES[0] == "xx" and i18n.language_name("xx") == "Pseudo"
    app.set_language("xx")
    assert i18n.language() == "xx"
    assert i18n.format_number(-1234.5) == "-١٬٢٣٤٫٥" and i18n.digits("10") == "١٠"
    assert i18n.tr("table.cards_left", count=1) == i18n.tr("table.cards_left", count=1)
    controller = TableController(
        "runfast", seed=4, think_delay=0.0, threaded=False, autoplay=True, autoplay_pause=0.0
    )
    app.stack.push(TableScene(app, "runfast", controller=controller))
    for _ in range(90):
        app.tick(1 / 30)
    frame = app.screen if hasattr(app, "screen") else pygame.display.get_surface()
    assert (
        frame is not None and len({tuple(frame.get_at((x, 500))) for x in range(0, 1280, 40)}) > 3
    )
    assert len(controller.state.log) > 0


@pytest.mark.parametrize(
    ("rules", "n", "category"),
    [
        # Arabic's six forms (CLDR), as an ar catalog would write them.
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 0, "zero"),
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 2, "two"),
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 103, "few"),
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 111, "many"),
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 100, "other"),
        ({"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10",
          "many": "n % 100 = 11..99"}, 3.5, "other"),
        ({"one": "i = 1 and v = 0"}, 1.0, "one"),
        ({"one": "i = 1 and v = 0"}, 1.5, "other"),
        ({"one": "i = 0 or n = 1"}, 0.5, "one"),
        ({"one": "n % 10 = 1 and n % 100 != 11"}, 21, "one"),
        ({"one": "n % 10 = 1 and n % 100 != 11"}, 11, "other"),
        ({"one": "i = 1,3..5"}, 4, "one"),
    ],
)  # fmt: skip
def test_cldr_plural_rules_from_the_header(rules, n, category):
    language = Language(code="t", name="T", plural=rules)
    assert language.plural_category(n) == category


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"name": "X", "direction": "down"},
        {"name": "X", "digits": "roman"},
        {"name": "X", "order": "first"},
        {"name": "X", "colour": "red"},
        {"name": "X", "plural": {"one": "n == 1"}},
        {"name": "X", "plural": {"several": "n = 2"}},
        {"name": "X", "words": "农民 地主"},  # a list of words, not one string
        {"name": "X", "words": ["农民", ""]},
    ],
)
def test_a_bad_header_is_refused_with_its_reason(data):
    with pytest.raises(LanguageError, match=re.escape("xx")):
        language_from("xx", data, "xx.toml")


def test_the_real_catalogs_describe_themselves():
    names = {code: i18n.info(code) for code in i18n.LANGUAGES}
    assert list(names) == [
        "en", "zh", "zh-Hant", "ja", "ko", "hu", "tr", "es", "pl", "id", "fa", "ar",
    ]  # fmt: skip
    assert names["ar"].rtl and names["ar"].categories == (
        "zero",
        "one",
        "two",
        "few",
        "many",
        "other",
    )
    assert names["ja"].font == "CardaviaCJKjp-Regular.otf" and names["ar"].digits == "arab"
    assert names["fa"].rtl and names["fa"].script == "arabic" and names["zh"].script == "cjk"
    assert names["pl"].categories == ("one", "few", "many", "other")
    assert names["zh"].categories == ("other",)


def test_a_cjk_language_draws_with_its_own_glyph_shapes(monkeypatch):
    """A CJK header's ``font`` picks its own subset for Han text, with the Simplified Chinese
    subset as the fallback (issue 44)."""
    from game import runs, text

    jp = Language(code="ja", name="日本語", script="cjk", font="CardaviaCJKjp-Regular.otf")
    monkeypatch.setitem(i18n._INFO, "ja-test", jp)
    kind = text.script_of("ja-test")
    assert kind == "cjk:CardaviaCJKjp-Regular.otf"
    assert str(text.font_path(kind)).endswith("CardaviaCJKjp-Regular.otf")
    assert text.language_kinds("ja-test")[0] == kind and "cjk" in text.language_kinds("ja-test")
    assert set(runs._font_kinds("直す", "ja-test")) == {kind}
    assert runs._font_kinds("直", "zh") == ["cjk"]
    assert text.uncovered("日本語のひらがな、カタカナ", "ja-test") == set()
