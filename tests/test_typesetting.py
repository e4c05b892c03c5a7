"""Typesetting per script (issue 55): plural forms for every count in every catalog, each
language's own quotation marks, no spaces between Chinese or Japanese words, CJK line breaking
(no closing punctuation at a line start, no opening one at a line end, no character alone on
a last line) and the locale's digits in every number of Persian and Arabic text."""

from __future__ import annotations

import re
import string

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n, text, typeset, wrapping

LANGS = i18n.LANGUAGES
COUNTS = (0, 1, 2, 5, 11)
#: Placeholders that carry the count of a plural group (the code passes the number as both).
CARRIERS = ("count", "value", "points", "total")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def plural_groups(lang: str) -> dict[str, dict[str, str]]:
    """Every plural group of ``lang``'s catalog: key -> {category: text}."""
    groups: dict[str, dict[str, str]] = {}
    for key, value in i18n.catalog(lang).items():
        base, _, category = key.rpartition(".")
        if category in i18n.ALL_PLURAL_CATEGORIES:
            groups.setdefault(base, {})[category] = value
    return {k: v for k, v in groups.items() if "other" in v}


def test_english_has_the_count_keys_this_issue_made_plural():
    groups = plural_groups("en")
    for key in ("stats.climb", "coach.why.levels", "coach.why.points", "doudizhu.stat_landlord",
                "history.review_value_points", "shengji.said_total"):  # fmt: skip
        assert key in groups, key


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_key_of_every_catalog_reads_right_for_0_1_2_5_11(lang):
    """Each plural group picks the language's CLDR category for 0, 1, 2, 5 and 11, fills
    every placeholder and shows the number in the language's digits."""
    i18n.set_language(lang)
    groups = plural_groups(lang)
    assert set(groups) == set(plural_groups("en")), "every English count key is a group here"
    for key, forms in groups.items():
        names = {n for form in forms.values() for n in re.findall(r"\{(\w+)(?::\w+)?\}", form)}
        for n in COUNTS:
            params = {name: (n if name in CARRIERS else "X") for name in names}
            params["count"] = n
            shown = i18n.tr(key, **params)
            category = i18n.plural_category(n)
            # a name said in a sentence's form ({name:said}) is "X" as it is: it has no key
            form = re.sub(r":[Ss]aid\}", "}", forms.get(category, forms["other"]))
            assert shown == form.format(**{k: i18n.format_number(v) if isinstance(v, int) else v
                                           for k, v in params.items()}), (key, n)  # fmt: skip
            assert "{" not in shown, (key, n, shown)
            if any("{" + c + "}" in form for c in CARRIERS):
                assert i18n.format_number(n) in shown, (key, n, shown)


#: A number placeholder before a counted noun: such a key needs plural forms.
COUNTED = re.compile(
    r"\{(count|value|points|total|done|need|number|target|limit|bonus|chosen|pairs|base)\}\s+"
    r"(levels?|points?|cards?|deals?|match|matches|moves?|tricks?|bombs?|pairs?|try|tries)\b"
)


def test_no_count_in_the_english_catalog_is_left_without_plural_forms():
    """ "1 levels climbed" (issue 55): every number before a counted noun is a plural group."""
    groups = plural_groups("en")
    plain = {
        key: value
        for key, value in i18n.catalog("en").items()
        if key.rpartition(".")[0] not in groups and key not in groups
    }
    found = sorted(key for key, value in plain.items() if COUNTED.search(value))
    assert found == []


# --- quotation marks -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_quotes_with_its_own_marks(lang):
    """zh mixed 「普通」 and “游戏” (issue 55); English wrote straight quotes."""
    own = set(i18n.info(lang).quotes)
    used = {
        (key, mark)
        for key, value in i18n.catalog(lang).items()
        for mark in value
        if mark in typeset.QUOTE_MARKS and mark not in own
    }
    assert used == set()


def test_quote_uses_the_languages_marks():
    assert typeset.quote("Normal", "en") == "“Normal”"
    assert typeset.quote("普通", "ja") == "「普通」"
    assert typeset.quote("عادی", "fa") == "«عادی»"
    assert typeset.quote("Normál", "hu") == "„Normál”"


# --- spaces in Chinese and Japanese ---------------------------------------------------------
CJK = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]"
NAMES = r"\{(?:name|payer|payee|giver|receiver|team|side|game)\}"


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "ja"])
def test_chinese_and_japanese_put_no_space_between_words(lang):
    """ "左家 作为地主获胜", "右家 付给 左家" (issue 55): no space between two CJK
    characters, nor between a name and the CJK words beside it (a name is CJK words too)."""
    pattern = re.compile(rf"{CJK} +{CJK}|{NAMES} +{CJK}|{CJK} +{NAMES}")
    found = sorted(k for k, v in i18n.catalog(lang).items() if pattern.search(v))
    assert found == []
    i18n.set_language(lang)
    left, right = i18n.tr("table.seat_left"), i18n.tr("table.seat_right")
    said = i18n.tr("doudizhu.payment", payer=right, payee=left, base="3", factor="2")
    assert f"{right} " not in said and f" {left}" not in said


# --- line breaking ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fonts():
    pygame.init()
    yield


def lines_of(paragraph: str, width: int, lang: str = "zh") -> list[str]:
    return wrapping.wrap(paragraph, 20, width, lang=lang)


HAN = "农民地主对方打出牌炸弹顺子王局分级升"
PUNCT_CLOSE = "，。！？）」』"
PUNCT_OPEN = "（「『"


@settings(max_examples=120, deadline=None)
@given(
    body=st.lists(st.sampled_from(HAN + PUNCT_CLOSE + PUNCT_OPEN + " 2"), min_size=2, max_size=40),
    width=st.integers(min_value=45, max_value=260),
)
def test_cjk_lines_keep_punctuation_with_their_words(fonts, body, width):
    paragraph = "".join(body).strip()
    if not paragraph:
        return
    lines = lines_of(paragraph, width)
    assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
    for number, line in enumerate(lines):
        if number:  # the first line starts the paragraph, whatever it starts with
            assert line[:1] not in typeset.CLOSING, lines
        if number < len(lines) - 1:
            assert line[-1:] not in typeset.OPENING, lines


@pytest.mark.parametrize(
    ("paragraph", "width"),
    [("（ （农", 45), ("农（ （农", 45), ("（（农", 45), ("打（ 「（农民", 60)],
)
def test_opening_marks_and_the_spaces_between_them_go_down_together(fonts, paragraph, width):
    # Hypothesis found "（ （农" cut as "（ " / "（农": a line ending on an opening bracket
    for line in lines_of(paragraph, width)[:-1]:
        assert line.rstrip()[-1:] not in typeset.OPENING


@settings(max_examples=120, deadline=None)
@given(body=st.text(alphabet=HAN, min_size=3, max_size=30), width=st.integers(40, 260))
def test_a_cjk_paragraph_never_ends_on_one_character_alone(fonts, body, width):
    lines = lines_of(body, width)
    if len(lines) > 1 and len(lines[-2]) > 1:
        # unless the line before is one word kept whole ("主牌 / 主"): it has no break to give
        start = len(body) - len(lines[-1]) - len(lines[-2])
        whole = typeset.kept_whole(body, "zh")
        if any(i not in whole for i in range(start + 1, start + len(lines[-2]))):
            assert len(lines[-1]) > 1, lines


@pytest.mark.parametrize("paragraph", ["本方打 2，对方打 2", "你和左家是农民"])
def test_the_widows_of_issue_55_keep_company(fonts, paragraph):
    """ "对方打 / 2" and "农 / 民": at every width where the paragraph takes two lines or more,
    the last line holds more than one character (unless the width holds only one)."""
    for width in range(30, 400, 3):
        lines = lines_of(paragraph, width)
        if len(lines) > 1 and len(lines[-2].replace(" ", "")) > 1:
            assert len(lines[-1].replace(" ", "")) > 1, (width, lines)


def test_keep_company_moves_one_break_down():
    paragraph = "对方打 2"
    assert typeset.keep_company(paragraph, [0, 4], [1, 2, 4]) == [0, 2]
    assert typeset.keep_company(paragraph, [0, 2], [1, 2, 4]) == [0, 2]  # "打 2" is company
    assert typeset.keep_company("农民", [0, 1], [1]) == [0, 1]  # nothing left to give


# --- digits ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "lang,written,shown",
    [
        ("fa", "تیم شما در 2", "تیم شما در ۲"),
        ("fa", "10♠ تا A♠ ×2", "10♠ تا A♠ ×۲"),  # a card keeps its face (issue 40)
        ("ar", "الجولة 12، فريقك على 2", "الجولة ١٢، فريقك على ٢"),
        ("fa", "F11 1280x720 C:/deals/deal-3.txt", "F11 1280x720 C:/deals/deal-3.txt"),
        ("en", "Deal 12", "Deal 12"),
        ("zh", "第 12 局", "第 12 局"),
    ],
)
def test_numbers_of_persian_and_arabic_text_are_in_their_digits(lang, written, shown):
    assert typeset.native_digits(written, lang) == shown


def test_text_draws_persian_numbers_in_persian_digits(fonts):
    """The title's "تیم شما در2" (issue 55): a Latin digit put into Persian text is drawn in
    Persian digits, the same picture as the Persian digit itself."""
    drawn = text.render("تیم شما در 2", 24, (255, 255, 255), lang="fa")
    native = text.render("تیم شما در ۲", 24, (255, 255, 255), lang="fa")
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(native, "RGBA")


def test_no_digit_of_a_catalog_in_fa_or_ar_is_latin_outside_a_technical_token():
    for lang in ("fa", "ar"):
        for key, value in i18n.catalog(lang).items():
            for token in value.split():
                if re.search(r"[A-Za-z/\\_@{}]", token):
                    continue
                assert not any(ch in string.digits for ch in token), (lang, key, token)


def test_an_arabic_total_does_not_stand_alone_on_its_line(fonts):
    """The title card's "… مجموعك المتراكم / ٠" at 800×600 (issue 55, found in the
    screenshots): a number never stands alone on a paragraph's last line."""
    line = "مباراة جارية: الجولة ١، مجموعك المتراكم ٠"
    for width in range(60, 400, 4):
        lines = wrapping.wrap(line, 14, width, lang="ar")
        if len(lines) > 1 and len(lines[-2].split()) > 1:
            assert len(lines[-1].replace(" ", "")) > 1, (width, lines)


def test_turkish_meanings_take_no_suffix_after_a_rank():
    """Turkish "10'e kadar Kent" (issue 55, found in the screenshots): a suffix after a rank
    must follow the number's vowels (10'a, 9'a, 8'e …), so a meaning puts the rank last."""
    i18n.set_language("tr")
    for key in ("table.meaning", "table.meaning_chain"):
        for count in (1, 2):
            shown = i18n.tr(key, combo="Kent", rank="10", count=count)
            assert shown.rstrip().endswith("10"), shown
    assert not any("}'" in v for k, v in i18n.catalog("tr").items() if "{rank}" in v)


#: Lines the screens broke inside a word (1280×720): the word, and the line it sat in.
WORDS_KEPT = [
    ("ja", "チーム", "進行中の試合：第 1 局、あなたのチーム 2、相手チーム 2", "あなたのチー"),
    ("ja", "累計", "進行中の試合：第 1 局、あなたの累計 0", "あなたの累"),
    ("ja", "農民", "3人・あなたと AI 2人・地主1人対農民2人", "地主1人対農"),
    ("ja", "勝負", "3人・あなたと独立した AI 2人・局を重ねて累計で勝負", "累計で勝"),
]


@pytest.mark.parametrize("lang, word, paragraph, first", WORDS_KEPT)
def test_japanese_lines_break_between_phrases(fonts, lang, word, paragraph, first):
    """At the width where a line ended inside a word ("あなたのチー / ム 2"), the line breaks
    before the word instead, in no more lines than a break at any character gives."""
    width = text.size(paragraph[: paragraph.index(first) + len(first)], 20, lang=lang)[0]
    lines = lines_of(paragraph, width, lang)
    assert any(word in line for line in lines), lines
    assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
    anywhere = typeset.phrase_bounds
    try:
        typeset.phrase_bounds = lambda paragraph, lang: None  # type: ignore[assignment]  # no phrase model: a stand-in
        assert len(lines) <= len(lines_of(paragraph, width, lang))
    finally:
        typeset.phrase_bounds = anywhere


def test_a_language_with_spaces_has_no_phrase_model():
    assert typeset.phrase_bounds("Match in progress: deal 1", "en") is None
    assert typeset.phrase_bounds("진행 중인 경기", "ko") is None
    assert typeset.phrase_bounds("比赛进行中：第 1 局", "zh") is None  # set by characters
    assert typeset.phrase_bounds("あなたのチーム", "ja") == frozenset({4})


@pytest.mark.parametrize(
    "written, said",
    [
        ("오른쪽이(가) 이길 수 있습니다", "오른쪽이 이길 수 있습니다"),  # 쪽: a final consonant
        ("파트너이(가) 이길 수 있습니다", "파트너가 이길 수 있습니다"),  # 너: none
        ("왼쪽은(는)", "왼쪽은"),
        ("상대을(를)", "상대를"),
        ("파트너과(와)", "파트너와"),
        ("왼쪽으로(로) 파트너으로(로) 서울으로(로)", "왼쪽으로 파트너로 서울로"),  # ㄹ takes 로
        ("7을(를) 2을(를) 3이(가) A은(는)", "7을 2를 3이 A는"),  # 칠, 이, 삼, 에이
        ("10♠ 10♥을(를)", "10♠ 10♥을(를)"),  # a suit has no reading: both kept
    ],
)
def test_korean_particles_agree_with_the_word_before_them(written, said):
    """The failed throw said "오른쪽이(가) … 을(를)": a Korean reader expects the particle the
    word takes, as the table knows the seat's name when it says the sentence (issue 55)."""
    assert typeset.korean_particles(written, "ko") == said
    assert typeset.korean_particles(written, "en") == written


def test_the_table_draws_korean_particles_chosen(fonts):
    i18n.set_language("ko")
    line = i18n.tr("throw.failed", leader="왼쪽", revealer="오른쪽", cards="K♠")
    assert "(가)" in line  # the catalog writes both; the drawing picks one
    drawn = text.render(line, 20, (255, 255, 255), lang="ko")
    chosen = text.render(line.replace("이(가)", "이"), 20, (255, 255, 255))  # K♠을(를): kept
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(chosen, "RGBA")


@pytest.mark.parametrize(
    "lang, paragraph, cut",
    [
        # The Shengji result panel at 800×600: "… i awansuje o 1 / poziom."
        ("pl", "Twoja drużyna obroniła się: zostaje przy rozdaniu i awansuje o 1 poziom.", "o 1"),
        ("pl", "Atakujący zdobyli w lewach 55 punktów.", "w"),
        ("pl", "Atakujący zdobyli w lewach 55 punktów.", "55"),
        ("en", "The attackers took 55 points in tricks.", "55"),
        ("fa", "مهاجمان در دست‌ها ۵۵ امتیاز گرفتند.", "۵۵"),
    ],
)
def test_a_number_keeps_its_word_and_polish_no_one_letter_word_ends_a_line(
    fonts, lang, paragraph, cut
):
    """A line that ended on a number ("o 1 / poziom") or, in Polish, on a one-letter word
    ("w / lewach"): the number or the word goes down with the word after it (issue 55)."""
    width = text.size(paragraph[: paragraph.index(cut) + len(cut)], 20, lang=lang)[0]
    lines = lines_of(paragraph, width, lang)
    assert len(lines) > 1
    for line in lines[:-1]:
        last = line.split()[-1]
        assert not last.isdigit(), lines
        if lang == "pl":
            assert len(last) > 1, lines


@pytest.mark.parametrize(
    "lang, paragraph, width_of",
    [
        ("en", "Guandan: last 30 matches, 67 % won", "Guandan: last 30 matches, 67 %"),
        ("hu", "Guandan: az utolsó 30 meccs, 67 % nyert", "Guandan: az utolsó 30 meccs, 67 %"),
        (
            "ko",
            "진행 중인 경기: 1번째 판, 우리 팀 2, 상대 팀",
            "진행 중인 경기: 1번째 판, 우리 팀 2, 상대",
        ),
    ],
)
def test_no_paragraph_ends_on_one_word_when_two_fit(fonts, lang, paragraph, width_of):
    """The statistics' chart title ended on "won" alone under a full line (issue 55): the
    word before it goes down too when both fit the line."""
    width = text.size(width_of, 20, lang=lang)[0] + 2
    lines = lines_of(paragraph, width, lang)
    assert len(lines) == 2
    assert len(lines[-1].split()) >= 2, lines
    assert all(text.size(line, 20, lang=lang)[0] <= width for line in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_a_percentage_is_written_alike_in_every_sentence_of_a_catalog(lang):
    """Hungarian wrote "26%" in the statistics' table and "67 % megnyerve" above the chart on
    the same screen (Polish and Indonesian too): every sentence that puts a sign beside a rate
    writes it as the catalog's own percent does (issue 55)."""
    catalog = i18n.catalog(lang)
    own = catalog["stats.percent"].replace("{value}", "{rate}")
    for key, value in catalog.items():
        if "{rate}" in value and re.search(r"\{rate\}\s*[%٪]|[%٪]\s*\{rate\}", value):
            assert own in value, (key, value, own)


#: Words the lines cut at some widths (issue 55, found by wrapping every Chinese and Japanese
#: catalog text at 14 and 20 px from 120 to 900 px wide): the word, the paragraph it is in.
WORDS_WHOLE = [
    (
        "zh",
        "农民",
        "右家就是地主。三张底牌 6♣ Q♦ Q♣ 亮给所有人看，然后归地主。你和左家是农民，是一伙的。",
    ),
    (
        "zh",
        "炸弹",
        "地主用四个 6 炸了队友的三带一，不让它出完。炸弹能管住任何牌，只怕更大的炸弹和王炸。",
    ),
    ("zh", "倍数", "每出一个炸弹，这局的倍数就翻一番：现在是 ×2。"),
    ("zh", "胜率", "升级（拖拉机）：最近 13 场比赛，胜率 54%"),  # a chart's title
    (
        "zh-Hant",
        "炸彈",
        "地主用四張 6 炸了隊友的三帶一，不讓它出完。炸彈能壓任何牌，只怕更大的炸彈和王炸。",
    ),
    ("zh-Hant", "拖拉機", "升級（拖拉機）：四人兩隊，兩副牌，從 2 打到 A。"),
    (
        "ja",
        "ジョーカー",
        "2はジョーカーのすぐ下、A より上のランクになります。手札の2♥はワイルドカードです。",
    ),
    ("ja", "スート", "ストレート：スートを問わず、ちょうど5枚の連続したカード（例：6 7 8 9 10）。"),
    (
        "ja",
        "爆弾",
        "地主が6を4枚の爆弾で味方のスリーカードを止めました。爆弾はどの組も止められます。",
    ),
    ("ja", "地主", "右隣が3を入札したので、あなたの番が来る前に入札は終わり、右隣が地主です。"),
    (
        "ja",
        "左の人",
        "底札の3枚は全員に公開され、地主の手に入ります。あなたと左の人は農民で、同じチームです。",
    ),
]


def cut_inside(lines: list[str], word: str) -> bool:
    """Whether two adjacent lines split ``word`` between them."""
    return any(
        a.endswith(word[:i]) and b.startswith(word[i:])
        for a, b in zip(lines, lines[1:], strict=False)
        for i in range(1, len(word))
    )


@pytest.mark.parametrize("lang, word, paragraph", WORDS_WHOLE)
def test_no_line_breaks_inside_a_word(fonts, lang, word, paragraph):
    """ "农 / 民", "スー / ト", "ジョー / カー" (issue 55): at every width that holds the word
    and a character beside it, the paragraph's lines break before or after the word."""
    for px in (14, 20):
        least = text.size(word + "。", px, lang=lang)[0]
        for width in range(least, text.size(paragraph, px, lang=lang)[0], 5):
            lines = wrapping.wrap(paragraph, px, width, lang=lang)
            assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
            assert not cut_inside(lines, word), (px, width, lines)


def test_a_word_wider_than_the_line_is_still_cut():
    lines = wrapping.wrap("ワイルドカード", 20, 70, lang="ja")
    assert len(lines) > 1 and "".join(lines) == "ワイルドカード"


KATAKANA = re.compile("[\u30a1-\u30fa\u30fc-\u30ff]{2,}")


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "ja"])
def test_no_catalog_text_is_cut_inside_a_word(fonts, lang):
    """Every text of the catalog (its placeholders filled), wrapped as a lesson note, a
    result panel or a rules page wraps it, breaks inside none of the language's words nor
    inside a katakana word, wherever the word fits in a line."""
    words = list(i18n.info(lang).words)
    assert len(words) > 50
    for key, value in i18n.catalog(lang).items():
        paragraph = re.sub(r"\{\w+\}", "2", value)
        found = words + (KATAKANA.findall(paragraph) if lang == "ja" else [])
        for width in (170, 260, 430):
            lines = wrapping.wrap(paragraph, 20, width, lang=lang)
            for word in found:
                if text.size(word + "」。", 20, lang=lang)[0] <= width:
                    assert not cut_inside(lines, word), (key, word, lines)


@pytest.mark.parametrize(
    "lang, paragraph",
    [
        ("ar", "مباراة جارية: الجولة ١، فريقك على ٢ والخصمان على ٢"),
        ("fa", "مسابقه در جریان: دست ۱، تیم شما در ۲، حریفان در ۲"),
        ("en", "Match in progress: deal 1, your team on 2, the opponents on 2"),
    ],
)
def test_no_line_starts_with_a_number(fonts, lang, paragraph):
    """The title's Guandan card read "فريقك على / ٢" ("your team at / 2", issue 55): a
    number keeps the word before it on its line, as it keeps the word it counts."""
    for width in range(text.size("فريقك على ٢ والخصمان", 14, lang=lang)[0], 400, 4):
        lines = wrapping.wrap(paragraph, 14, width, lang=lang)
        assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
        assert not any(line[:1].isdigit() for line in lines[1:]), (width, lines)
