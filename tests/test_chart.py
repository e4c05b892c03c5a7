"""The statistics charts (issue 40): axes with units, sensible bar widths for one point or a
hundred, plural forms right, and no "matches won" before a match is finished."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.history.db import StatLine
from game.scenes.statistics import _matches_won
from game.widgets import chart

BAR = (200, 10, 10)


@pytest.fixture(autouse=True)
def _english():
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


NICE_TOPS = [(0, 1), (0.4, 1), (1, 1), (1.5, 2), (3, 5), (7, 10), (12, 20), (323, 500)]


@pytest.mark.parametrize(("value", "top"), NICE_TOPS)
def test_scales_end_at_a_round_number(value, top):
    assert chart.nice_top(value) == top


def test_count_axes_mark_their_ends_and_a_whole_middle():
    levels = chart.count_axis(7, "levels")
    assert [v for v, _ in levels.ticks] == [0, 5, 10] and levels.unit == "levels"
    points = chart.count_axis(323, "points", signed=True)
    assert [label for _, label in points.ticks] == ["-500", "0", "+500"]
    assert [v for v, _ in chart.count_axis(0.5, "").ticks] == [0, 1]  # no "0.5 levels"


def _bar_columns(surface: pygame.Surface) -> list[int]:
    """The x of every column holding a bar pixel."""
    width, height = surface.get_size()
    return [
        x for x in range(width) if any(surface.get_at((x, y))[:3] == BAR for y in range(height))
    ]


@pytest.mark.parametrize("count", [1, 2, 7, 100])
def test_bars_are_never_giant_and_always_inside(count):
    surface = pygame.Surface((600, 300))
    area = pygame.Rect(20, 10, 560, 280)
    chart.plot(
        surface,
        area,
        1.0,
        14,
        bars=[(1.0 + i % 3, BAR) for i in range(count)],
        axis=chart.count_axis(3, "levels"),
        x_title="matches, oldest first",
    )
    columns = _bar_columns(surface)
    assert columns and area.left <= columns[0] and columns[-1] < area.right
    # A single point is a bar of at most MAX_BAR pixels, not the whole width.
    assert len(columns) <= count * chart.MAX_BAR
    assert len(columns) >= count  # a hundred points still show a hundred bars


def test_axes_write_their_labels_and_unit():
    """Something is drawn left of the first bar (the value axis with its labels) and below
    the plot (the bar numbers and the axis title)."""
    surface = pygame.Surface((600, 300))
    chart.plot(
        surface,
        surface.get_rect(),
        1.0,
        14,
        bars=[(2.0, BAR)],
        axis=chart.count_axis(2, "levels"),
        x_title="matches, oldest first",
        line=[0.5],
        line_axis=chart.share_axis("stats.percent"),
    )
    first = _bar_columns(surface)[0]
    left = surface.subsurface((0, 0, 40, 300))
    assert any(left.get_at((x, y))[:3] != (0, 0, 0) for x in range(40) for y in range(300))
    below = surface.subsurface((0, 260, 600, 40))
    assert any(below.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, 600, 2) for y in range(40))
    assert first > 40


# Chart titles in the right plural form in every language (never "1 deals").
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5, 22, 40])
def test_chart_titles_take_the_plural_of_their_count(lang, count):
    i18n.set_language(lang)
    for key in ("stats.chart_matches", "stats.chart_score"):
        words = i18n.tr(key, game="G", count=count, rate="50", total="+3")
        assert "{" not in words and "G" in words, (lang, key, words)


PLURAL_CASES = [
    ("en", "stats.chart_score", 1, "over the last deal,"),
    ("en", "stats.chart_score", 3, "over the last 3 deals,"),
    ("en", "stats.chart_matches", 1, "the last match,"),
    ("pl", "stats.chart_matches", 3, "ostatnie 3 mecze"),
    ("pl", "stats.chart_matches", 5, "ostatnie 5 meczów"),
]


@pytest.mark.parametrize(("lang", "key", "count", "part"), PLURAL_CASES)
def test_chart_title_plural_forms(lang, key, count, part):
    i18n.set_language(lang)
    assert part in i18n.tr(key, game="G", count=count, rate="50", total="+3")


def _line(matches: int, over: int, won: int) -> StatLine:
    return StatLine(
        preset="guandan",
        ai_level="normal",
        deals=5,
        deals_won=2,
        matches=matches,
        matches_won=won,
        climb_per_deal=1.0,
        bombs=0,
        undo_deals=0,
        matches_over=over,
    )


def test_matches_won_counts_finished_matches_only():
    assert _matches_won(_line(matches=1, over=0, won=0)) == "–"  # a match still in progress
    assert _matches_won(_line(matches=3, over=2, won=1)) == "1 / 2"


FIRST = (10, 200, 10)


@pytest.mark.parametrize(("lang", "five"), [("en", "5"), ("fa", "۵"), ("ar", "٥")])
def test_right_to_left_charts_run_from_the_right_with_the_locales_digits(lang, five):
    """Issue 40: in Persian and Arabic the oldest bar stands at the right, the value axis with
    its labels at the right edge, and the labels are written in the language's digits."""
    i18n.set_language(lang)
    surface = pygame.Surface((600, 300))
    area = surface.get_rect()
    axis = chart.count_axis(7, "levels")
    assert axis.ticks[1][1] == five
    chart.plot(
        surface,
        area,
        1.0,
        14,
        bars=[(3.0, FIRST)] + [(2.0, BAR)] * 5,
        axis=axis,
        x_title="matches",
    )
    first = [x for x in range(600) if any(surface.get_at((x, y))[:3] == FIRST for y in range(300))]
    rest = _bar_columns(surface)
    assert first and rest
    rtl = lang != "en"
    assert (min(first) > max(rest)) if rtl else (max(first) < min(rest))
    # the value axis's labels: ink between the outermost bar and the start side's edge
    outer = max(first) if rtl else min(first)
    side = range(outer + 20, 600) if rtl else range(0, outer - 20)
    assert any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in side for y in range(20, 280))


@pytest.mark.parametrize(("lang", "separator"), [("en", " · "), ("fa", "، "), ("ar", "، ")])
def test_lists_take_a_separator_that_does_not_read_as_a_digit(lang, separator):
    """Issue 40: beside the Arabic-Indic zero ("٠", "۰") a middle dot read as one more dot;
    Persian and Arabic lists take the Arabic comma."""
    i18n.set_language(lang)
    joined = i18n.join([i18n.format_number(0), i18n.format_number(66.8)])
    assert joined == i18n.format_number(0) + separator + i18n.format_number(66.8)
    assert ("·" in joined) == (lang == "en")


@pytest.mark.parametrize("lang", ["en", "hu", "fa"])
def test_a_narrow_chart_keeps_its_axis_title_inside(lang):
    """Issue 40: four charts side by side at 800x600 ran their axis titles into each other;
    the title wraps to the chart's width."""
    i18n.set_language(lang)
    surface = pygame.Surface((600, 300))
    area = pygame.Rect(200, 20, 160, 260)
    chart.plot(
        surface,
        area,
        0.42,
        12,
        bars=[(1.0, BAR)] * 30,
        axis=chart.count_axis(20, "levels"),
        x_title="matches, oldest first, then the newest on the far end of the axis",
        line=[0.5] * 30,
        line_axis=chart.share_axis("stats.percent"),
    )
    outside = [
        (x, y)
        for x in range(600)
        for y in range(0, 300, 2)
        if not area.collidepoint(x, y) and surface.get_at((x, y))[:3] != (0, 0, 0)
    ]
    assert not outside, outside[:5]
