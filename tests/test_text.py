"""Text drawing: bidi run order in Persian, fonts per script, wrapping, alignment, caching."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import fonts, i18n, text, wrapping

pygame.font.init()

SIZE = 28
INK = (10, 10, 10)
# "Player Alice won with 25 points (in round 3)." Logical order: Persian words, the Latin name,
# Persian digits, a bracketed phrase holding an ASCII digit.
SENTENCE = "بازیکن Alice با ۲۵ امتیاز (در دور 3) برنده شد."
# "Bob's turn; he can play 12 cards or pass. ..." long enough to wrap.
PARAGRAPH = (
    "نوبت Bob است؛ او می‌تواند ۱۲ کارت بازی کند یا رد کند. این یک جملهٔ طولانی است که باید "
    "در چند خط شکسته شود و ترتیب راست به چپ را نگه دارد."
)


def _visual(runs: list[text.Run]) -> str:
    """The visual (left-to-right) string a list of runs draws."""
    return "".join(run.text[::-1] if run.rtl else run.text for run in runs)


def _ink_columns(surface: pygame.Surface) -> list[int]:
    """For each column, how many pixels carry ink (alpha above half)."""
    mask = pygame.mask.from_surface(surface, 127)
    w, h = mask.get_size()
    return [sum(mask.get_at((x, y)) for y in range(h)) for x in range(w)]


def _layout(line: str, lang: str) -> list[tuple[int, int, text.Run]]:
    """(x, width, run) of each run of one line, as render draws them."""
    placed, x = [], 0
    for run in text.visual_runs(line, lang):
        width = fonts.load_face(run.kind, SIZE, False, run.rtl).size(run.text)[0]
        placed.append((x, width, run))
        x += width
    return placed


# --- Persian: bidi order, shaping runs, digits ------------------------------------------------


def test_persian_visual_order_puts_the_latin_name_left_of_the_words_before_it() -> None:
    shown = text.visual_order(SENTENCE, "fa")
    # Right to left: the first logical word is at the right end, the full stop at the left.
    assert shown.endswith("نکیزاب")
    assert shown.startswith(".")
    # The name stays readable left to right, and sits left of the word that precedes it.
    assert shown.index("Alice") < shown.index("نکیزاب")
    # Digits keep their left-to-right order (25, not 52), Persian and ASCII alike.
    assert "۲۵" in shown and "۵۲" not in shown
    assert "3" in shown
    # Brackets are mirrored: visually "(3 ... )" reads right to left as "(... 3)".
    assert shown.index("(") < shown.index("3") < shown.index(")")


def test_persian_runs_draw_the_visual_order_and_glyph_blocks_sit_where_bidi_says() -> None:
    runs = text.visual_runs(SENTENCE, "fa")
    assert _visual(runs) == text.visual_order(SENTENCE, "fa")
    kinds = {run.kind for run in runs}
    assert kinds == {"arabic", "latin"}
    placed = _layout(SENTENCE, "fa")
    name = next((x, w) for x, w, run in placed if "Alice" in run.text)
    first_word = next((x, w) for x, w, run in placed if "بازیکن" in run.text)
    number = next((x, w) for x, w, run in placed if "۵۲" in run.text)
    assert name[0] + name[1] <= first_word[0]  # the name's block is left of the first word
    assert number[0] + number[1] <= name[0]  # the later "۲۵ امتیاز" is further left
    # The drawn surface has ink in each of those blocks.
    surface = text.render(SENTENCE, SIZE, INK, lang="fa")
    ink = _ink_columns(surface)
    for x, w in (name, first_word, number):
        assert sum(ink[x : x + w]) > 0
    assert surface.get_width() == sum(w for _, w, _ in placed)


def test_persian_digits_are_drawn_left_to_right() -> None:
    # A run in the Arabic font is shaped right to left from its reversed visual text: the
    # glyphs of "۲۵" must come out as ۲ then ۵ from the left, like drawing them one by one.
    run = next(r for r in text.visual_runs("امتیاز ۲۵", "fa") if "۵" in r.text)
    assert run.rtl
    digits_only = "".join(ch for ch in run.text if ch in "۰۱۲۳۴۵۶۷۸۹")
    assert digits_only == "۵۲"  # logical order reversed; HarfBuzz draws it right to left
    rtl_face = fonts.load_face("arabic", SIZE, False, True)
    ltr_face = fonts.load_face("arabic", SIZE, False, False)
    together = rtl_face.render("۵۲", True, INK)
    two, five = ltr_face.render("۲", True, INK), ltr_face.render("۵", True, INK)
    side_by_side = pygame.Surface(
        (two.get_width() + five.get_width(), two.get_height()), pygame.SRCALPHA
    )
    side_by_side.blit(two, (0, 0))
    side_by_side.blit(five, (two.get_width(), 0))
    assert together.get_size() == side_by_side.get_size()
    assert _ink_columns(together) == _ink_columns(side_by_side)


@pytest.mark.parametrize("value", [68, -28, 1234, -1])
def test_signed_persian_numbers_keep_the_sign_on_the_left(value: int) -> None:
    shown = i18n.format_number(value, signed=True, lang="fa")
    visual = text.visual_order(f"امتیاز {shown}", "fa").replace("\u200e", "")
    sign = "+" if value > 0 else "\u2212"
    digits = shown.replace("\u200e", "")[1:]
    assert sign + digits in visual
    # Without the mark, bidi puts a bare sign after the digits: what format_number avoids.
    assert sign + digits not in text.visual_order(f"امتیاز {sign}{digits}", "fa")


def test_persian_letters_are_shaped() -> None:
    # Joined (shaped) letters are narrower than the same letters drawn isolated one by one.
    face = fonts.load_face("arabic", SIZE, False, True)
    word = "می‌تواند"
    isolated = sum(face.size(ch)[0] for ch in word)
    assert face.size(word)[0] < isolated


def test_zero_width_non_joiner_survives_bidi() -> None:
    shown = text.visual_order("او می‌خواند", "fa")
    assert "\u200c" in shown


def test_persian_wrapping_keeps_logical_order_and_right_alignment() -> None:
    width = 420
    lines = wrapping.wrap(PARAGRAPH, SIZE, width, lang="fa")
    assert len(lines) >= 3
    # Wrapped logically: the lines read in order give back the paragraph.
    assert " ".join(lines) == PARAGRAPH
    surface = text.render(PARAGRAPH, SIZE, INK, max_width=width, lang="fa")
    assert surface.get_width() == width
    # Right-aligned ("start" in a right-to-left language): every line's ink reaches the right
    # edge, and the last (short) line leaves the left side empty.
    pitch = surface.get_height() // len(lines)
    last = surface.subsurface((0, surface.get_height() - pitch, width, pitch))
    ink = _ink_columns(last)
    assert sum(ink[width - 40 :]) > 0
    assert sum(ink[: width // 4]) == 0
    for line in lines:
        assert wrapping.text_width(line, SIZE, False, "fa") <= width


def test_trimmed_persian_line_box_clips_no_ink() -> None:
    # The Arabic font's line box is trimmed (see game/text.py): no catalog string may lose ink,
    # so no drawn line touches the top or bottom row of its surface.
    i18n.reload()
    for key, value in i18n.catalog("fa").items():
        if key.startswith("rules.") or not value.strip():
            continue
        surface = text.render(value, SIZE, INK, lang="fa")
        mask = pygame.mask.from_surface(surface, 20)
        w, h = mask.get_size()
        edges = [mask.get_at((x, y)) for x in range(w) for y in (0, h - 1)]
        assert not any(edges), key


def test_align_start_is_left_in_latin_and_end_is_right() -> None:
    latin = text.render("Play", SIZE, INK, max_width=300, lang="en")
    ink = _ink_columns(latin)
    assert sum(ink[:60]) > 0 and sum(ink[-100:]) == 0
    right = text.render("Play", SIZE, INK, max_width=300, align="end", lang="en")
    ink = _ink_columns(right)
    assert sum(ink[:100]) == 0 and sum(ink[-60:]) > 0
    centre = text.render("Play", SIZE, INK, max_width=300, align="center", lang="en")
    ink = _ink_columns(centre)
    assert sum(ink[:80]) == 0 and sum(ink[-80:]) == 0
    with pytest.raises(ValueError):
        text.render("Play", SIZE, INK, max_width=300, align="middle", lang="en")


# --- fonts per script, no box glyphs -----------------------------------------------------------

MIXED = [
    # lang, text, font kinds expected among the runs
    ("fa", "بازیکن Alice", {"arabic", "latin"}),
    ("zh", "第3轮：Alice 出了 ♠A", {"cjk", "latin"}),
    ("en", "English · 中文 · فارسی", {"latin", "cjk", "arabic"}),
    ("pl", "Gracz Zoë zdobył 25 punktów ♥", {"latin", "cjk"}),
    ("hu", "Győző nyert: 12 pont", {"latin"}),
    ("tr", "Şükrü kazandı ♦♣", {"latin", "cjk"}),
]


@pytest.mark.parametrize(("code", "sample", "kinds"), MIXED)
def test_mixed_scripts_pick_a_font_per_run_and_show_no_box(
    code: str, sample: str, kinds: set[str]
) -> None:
    runs = text.visual_runs(sample, code)
    assert {run.kind for run in runs} == kinds
    for run in runs:
        for ch in run.text:
            assert text.covers(run.kind, ch), (ch, run.kind)
    assert text.uncovered(sample, code) == set()


def test_suits_come_from_the_cjk_subset() -> None:
    for suit in "♠♥♦♣":
        assert not text.covers("latin", suit)
        assert text.covers("cjk", suit)


def test_digits_in_chinese_take_the_chinese_font() -> None:
    runs = text.visual_runs("第3轮", "zh")
    assert [run.kind for run in runs] == ["cjk"]


def test_every_language_name_draws_in_every_language() -> None:
    i18n.reload()
    for ui in i18n.LANGUAGES:
        for code in i18n.LANGUAGES:
            assert text.uncovered(i18n.language_name(code), ui) == set()


# --- wrapping -----------------------------------------------------------------------------------

CJK_BREAKS = [
    # text, a line may not start with these
    ("出牌：对子、三张、顺子。炸弹可以压过任何牌型，天王炸最大。", "，。、：；"),
    ("「掼蛋」是一种四人游戏（两人一队）。", "」）。"),
]


@pytest.mark.parametrize(("sample", "no_start"), CJK_BREAKS)
def test_chinese_wraps_between_characters_but_not_before_closing_punctuation(
    sample: str, no_start: str
) -> None:
    lines = wrapping.wrap(sample, SIZE, 5 * SIZE, lang="zh")
    assert len(lines) > 2
    assert "".join(lines) == sample
    for line in lines[1:]:
        assert line[0] not in no_start
    for line in lines[:-1]:
        assert line[-1] not in "「（"


def test_no_break_space_does_not_break_and_long_words_are_cut() -> None:
    lines = wrapping.wrap("pont: 12\u00a0345 pont", SIZE, 150, lang="hu")
    assert any("12\u00a0345" in line for line in lines)
    long = "Szentségtelenítettetek" * 2
    cut = wrapping.wrap(long, SIZE, 200, lang="hu")
    assert "".join(cut) == long
    assert all(wrapping.text_width(line, SIZE, False, "hu") <= 200 for line in cut)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["بازی", "Alice", "۲۵", "12", "(کارت)", "می‌خواند", "،", "中文", "—"]),
        min_size=1,
        max_size=14,
    ),
    st.sampled_from(["fa", "en", "zh"]),
)
def test_runs_always_reproduce_the_visual_line(words: list[str], code: str) -> None:
    line = " ".join(words)
    runs = text.visual_runs(line, code)
    assert _visual(runs) == text.visual_order(line, code)
    # The same characters, up to mirrored brackets.
    unmirror = str.maketrans(")", "(")
    assert sorted(_visual(runs).translate(unmirror)) == sorted(line.translate(unmirror))
    # Wrapping loses nothing but the spaces it breaks at.
    lines = wrapping.wrap(line, SIZE, 160, lang=code)
    assert "".join("".join(lines).split()) == "".join(line.split())


# --- API, cache ---------------------------------------------------------------------------------


def test_render_is_cached_per_text_size_colour_and_language() -> None:
    text.clear_cache()
    first = text.render("Hint", SIZE, INK, lang="en")
    assert text.render("Hint", SIZE, INK, lang="en") is first
    assert text.render("Hint", SIZE, (200, 0, 0), lang="en") is not first
    assert text.render("Hint", SIZE, INK, lang="fa") is not first
    assert text.render("Hint", SIZE + 1, INK, lang="en") is not first


def test_cache_is_bounded() -> None:
    cache = text._SurfaceCache(max_entries=3, max_bytes=10**9)
    for i in range(5):
        cache.put((i,), pygame.Surface((4, 4)))
    assert len(cache) == 3 and cache.get((0,)) is None and cache.get((4,)) is not None
    small = text._SurfaceCache(max_entries=100, max_bytes=4 * 4 * 4 * 2)
    for i in range(5):
        small.put((i,), pygame.Surface((4, 4)))
    assert len(small) == 2


def test_translucent_colour_and_empty_text() -> None:
    faint = text.render("Pass", SIZE, (255, 255, 255, 100), lang="en")
    alphas = {
        faint.get_at((x, y)).a for x in range(faint.get_width()) for y in range(faint.get_height())
    }
    assert max(alphas) <= 100 and max(alphas) > 0
    empty = text.render("", SIZE, INK, lang="en")
    assert empty.get_height() > 0
    for odd in ("\u200c", "\u200e", " ", "\n\n", "\u0650", "a\n\nb"):
        for code in ("en", "fa", "zh"):
            assert text.render(odd, SIZE, INK, max_width=80, lang=code).get_height() > 0


def test_is_rtl_and_primary_fonts() -> None:
    assert text.is_rtl("fa") and not text.is_rtl("en") and not text.is_rtl("zh")
    assert text.language_kinds("zh")[0] == "cjk"
    assert text.language_kinds("fa")[0] == "arabic"
    assert text.language_kinds("pl")[0] == "latin"
    assert text.line_height(SIZE, "fa") > text.line_height(SIZE, "en")
    assert set(text.font_files()) == {"latin", "arabic", "cjk"}


_FUZZ = "abc ABC őűşğı 0123 ۰۱۲ بازی کارت \u200c\u200d\u200e()«»،؛؟.,:!? 中文牌，。（）♠♥♦♣\n\u0650—-+−%"


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=_FUZZ, max_size=40),
    st.sampled_from(["en", "fa", "zh", "pl"]),
    st.sampled_from([None, 40, 200]),
)
def test_render_never_fails_and_respects_the_width(
    sample: str, code: str, width: int | None
) -> None:
    surface = text.render(sample, 18, INK, max_width=width, lang=code)
    if width is not None:
        assert surface.get_width() == width


def test_korean_breaks_between_words_and_han_anywhere() -> None:
    """Korean puts spaces between words and breaks there; Han and kana may break between any
    two characters (issue 44)."""
    korean = "우리 팀은 세 레벨 올라갑니다"
    points = wrapping._break_points(korean)
    assert points and all(korean[i - 1] == " " for i in points)
    japanese = "パートナーが二位です"
    assert len(wrapping._break_points(japanese)) >= 5
