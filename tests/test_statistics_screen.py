"""The statistics screen (issue 27 item 2): the player's deals per game and AI level, autoplay
deals left out, charts, reset with confirmation; opening it with 10,000 deals stays fast."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pygame
import pytest

from game.history import db
from game.rules import doudizhu as dz
from game.table.summary import DealRow


def fake_rows(count: int, seed: int = 1) -> list[DealRow]:
    """Deals of all three games at random levels, some autoplay (for the statistics only)."""
    rng = random.Random(seed)
    rows = []
    for index in range(count):
        preset = rng.choice(("guandan", "shengji", "runfast"))
        value = float(rng.choice((-3, -2, -1, 1, 2, 3)))
        seats = 3 if preset == "runfast" else 4
        rows.append(
            DealRow(
                preset=preset,
                seed=index,
                match_key=f"{preset}:{index // 8}",
                deal_index=index % 8,
                actions=[{"seat": 0, "kind": "pass", "cards": "", "combo": None}] * 30,
                ai_level=rng.choice(("easy", "normal", "hard")),
                ai_levels=["human"] * seats,
                human_seat=0,
                returns=[value] + [0.0] * (seats - 1),
                won=value > 0,
                finished_at=1_000_000.0 + index,
                levels_after=None if preset == "runfast" else {"0": "3", "1": "2"},
                measures={
                    "guandan": {"place": float(rng.randint(1, 4))},
                    "shengji": {"points_attack": float(rng.randrange(0, 200, 5))},
                    "runfast": {"settlement": float(int(value))},
                }[preset],
                bombs=rng.randint(0, 2),
                autoplay=index % 10 == 0,
                match_over=index % 8 == 7,
                match_won=value > 0 if index % 8 == 7 else None,
            )
        )
    return rows


def test_statistics_leave_out_autoplay_and_reset_asks_first(app, history):
    from game.scenes.statistics import StatisticsScene

    history.record_many(fake_rows(200))
    scene = app.stack.push(StatisticsScene(app))
    app.tick(1 / 60)
    assert sum(line.deals for line in scene.lines) == 180  # 20 autoplay deals left out
    assert {line.preset for line in scene.lines} == {"guandan", "shengji", "runfast"}
    assert all(chart.deals for chart in scene.charts.values())
    scene.reset_button.activate()
    assert app.stack.top is not scene and scene.lines  # nothing reset before the confirmation
    app.stack.top.keep_button.activate()
    assert app.stack.top is scene and scene.lines
    scene.reset_button.activate()
    app.stack.top.confirm_button.activate()
    assert app.stack.top is scene
    assert scene.lines == [] and history.count() == 200  # the history keeps every deal
    app.tick(1 / 60)


def test_the_title_opens_statistics(app, history):
    from game.scenes.statistics import StatisticsScene

    app.stack.top.stats_button.activate()
    assert isinstance(app.stack.top, StatisticsScene)
    app.tick(1 / 60)


def test_opening_with_10000_deals_draws(app, history):
    """10,000 deals open and draw (their time is tools/bench.py's, not a test's)."""
    from game.scenes.statistics import StatisticsScene

    history.record_many(fake_rows(10_000))
    surface = pygame.Surface(app.size)
    scene = StatisticsScene(app)
    scene.relayout()
    scene.draw(surface)
    assert scene.charts and scene.lines


def brute_force_charts(
    rows: list[DealRow], since: float, matches: int, deals: int
) -> dict[str, Any]:
    """The charts' data counted straight from the recorded rows (autoplay left out)."""
    charts: dict[str, Any] = {}
    mine = [(i, r) for i, r in enumerate(rows, 1) if not r.autoplay and r.finished_at >= since]
    for preset in {r.preset for _, r in mine}:
        own = [(i, r) for i, r in mine if r.preset == preset]
        by_match: dict[str, list[DealRow]] = {}
        for _, row in own:
            by_match.setdefault(row.match_key, []).append(row)
        finished = [
            (
                max(r.finished_at for r in group),
                any(r.match_won for r in group),
                sum(max(0.0, r.returns[0]) for r in group),
            )
            for group in by_match.values()
            if any(r.match_over for r in group)
        ]
        finished.sort()
        last = sorted(own, key=lambda pair: (pair[1].finished_at, pair[0]))[-deals:]
        charts[preset] = db.Chart(
            preset,
            [(won, climb) for _, won, climb in finished[-matches:]],
            [(r.won, r.returns[0]) for _, r in last],
            any(r.levels_after is not None for _, r in own),
        )
    return charts


def test_the_charts_equal_a_brute_force_count_over_the_recorded_deals(history):
    rows = fake_rows(3000, seed=4)
    history.record_many(rows)
    assert history.charts(30, 40) == brute_force_charts(rows, 0.0, 30, 40)
    chart = history.charts(30, 40)["guandan"]
    won = 0
    for index, rate in enumerate(chart.win_rates(), 1):  # the line: matches won so far
        won += chart.matches[index - 1][0]
        assert rate == won / index
    assert chart.levels and not history.charts()["runfast"].levels
    running = history.charts()["runfast"].running()
    assert running[-1] == sum(value for _, value in history.charts()["runfast"].deals)
    # after a reset only the deals recorded since count
    history.reset_statistics()
    since = history.stats_since()
    later = [dataclasses.replace(r, finished_at=since + 1 + i) for i, r in enumerate(rows[:500])]
    history.record_many(later)
    assert history.charts(10, 25) == brute_force_charts(rows + later, since, 10, 25)


def test_each_games_measures_are_shown_from_its_folder(app, history):
    """The statistics line of a game lists that game's measures, by its own labels and averaged
    over its deals (issue 39): Guandan's place, Shengji's points, Run Fast's settlement."""
    from game import i18n, registry
    from game.scenes import statistics

    rows = [r for r in fake_rows(300) if not r.autoplay]
    history.record_many(rows)
    scene = statistics.StatisticsScene(app)
    detail = dict(scene._columns())["stats.col_detail"]
    assert {line.preset for line in scene.lines} == {"guandan", "shengji", "runfast"}
    for line in scene.lines:
        mine = [r for r in rows if (r.preset, r.ai_level) == (line.preset, line.ai_level)]
        for measure in registry.get(line.preset).measures():
            values = [r.measures[measure.name] for r in mine if measure.name in r.measures]
            if not values:  # measured by none of these deals: not shown
                assert measure.name not in line.measures
                continue
            mean = sum(values) / len(values)
            assert line.measures[measure.name] == pytest.approx(mean)
            number = round(mean, measure.decimals)
            shown = i18n.tr(
                measure.label, value=statistics._fmt(mean, measure.decimals), count=number
            )
            assert shown in detail(line)


def test_dou_dizhu_deals_measure_the_player_s_own_points_in_each_role(history):
    """A fault the suite did not see (issue 57): every seat recording the landlord's
    settlement as its Dou Dizhu measure (the wrong sign for a peasant). Real deals, the player
    landlord in some and a peasant in others: each role's mean is the player's own net points
    (D5.3), as the engine settled them."""
    from game.ai.random_bot import RandomBot
    from game.table.controller import TableController

    rows: list[DealRow] = []
    truth: list[tuple[bool, float]] = []  # (the player was the landlord, the player's points)

    def ended(ctl: TableController, row: DealRow) -> None:
        result = ctl.state.result
        assert isinstance(result, dz.DoudizhuResult)  # Dou Dizhu's own result
        rows.append(dataclasses.replace(row, autoplay=False))  # the statistics leave autoplay out
        truth.append((result.landlord == row.human_seat, float(result.settlement[row.human_seat])))

    ctl = TableController(
        "doudizhu", seed=21, threaded=False, think_delay=0.0, autoplay=True, autoplay_pause=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(), on_deal_end=ended,
    )  # fmt: skip
    for _ in range(200_000):
        if len(rows) >= 12 and len({landlord for landlord, _ in truth}) == 2:
            break
        ctl.update()
    assert len({landlord for landlord, _ in truth}) == 2, "the player was never in both roles"
    history.record_many(rows)
    (line,) = [line for line in history.statistics() if line.preset == "doudizhu"]
    for name, role in (("points_landlord", True), ("points_peasant", False)):
        points = [value for landlord, value in truth if landlord == role]
        assert line.measures[name] == pytest.approx(sum(points) / len(points)), name


def test_one_level_climbed_is_singular(app, history):
    """ "1 levels climbed" (issue 55): the statistics say a count in its plural form."""
    from game import i18n
    from game.scenes import statistics

    rows = [
        dataclasses.replace(r, ai_level="easy", returns=[1.0, -1.0, 1.0, -1.0], autoplay=False)
        for r in fake_rows(40)
        if r.preset == "guandan"
    ]
    history.record_many(rows)
    scene = statistics.StatisticsScene(app)
    detail = dict(scene._columns())["stats.col_detail"]
    line = next(line for line in scene.lines if line.preset == "guandan")
    assert line.climb_per_deal == pytest.approx(1.0)
    assert "1 level climbed" in detail(line) and "1 levels" not in detail(line)
    i18n.set_language("pl")
    assert "awans o 1 poziom" in detail(line)
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh", "ja", "fa"])
def test_the_charts_sentences_are_spaced_as_the_language_spaces_them(app, history, lang):
    """The chart's how-to-read sentences were joined by two spaces, in Chinese and Japanese
    too, which put no space between sentences (issue 55)."""
    from game import i18n, text
    from game.scenes import statistics

    history.record_many(fake_rows(60))
    app.set_language(lang)
    drawn: list[str] = []
    real = text.render

    def spy(value, *args, **kwargs):
        drawn.append(str(value))
        return real(value, *args, **kwargs)

    scene = app.stack.push(statistics.StatisticsScene(app))
    try:
        text.render = spy  # type: ignore[assignment]  # a spy that passes each call on
        scene.draw(app.screen)
        legends = [s for s in drawn if i18n.tr("fx.trend_legend") in s]
    finally:
        text.render = real
        i18n.set_language("en")
    assert legends
    for legend in legends:
        assert "  " not in legend
        assert not any(f"{end} " in legend for end in "。！？）")


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant", "ja", "ko", "hu", "tr"])
def test_the_mean_place_is_no_ordinal_of_a_decimal(lang):
    """Guandan's place per deal is a mean: "第 2.76 名", "2.76 位", "2,76. hely" read as
    the 2.76th place (issue 55); every catalog says it as an average."""
    from game import i18n

    i18n.set_language(lang)
    said = i18n.tr("stats.place", value="2.76")
    i18n.set_language("en")
    assert not re.search(r"第\s*2\.76\s*名|2\.76\s*位|2\.76\s*등|2\.76\.|^place", said), said


def twelve_rows() -> list[DealRow]:
    """Deals of all four games at all three levels: twelve rows in the statistics."""
    rows = fake_rows(300)
    runfast = [r for r in fake_rows(90, seed=3) if r.preset == "runfast"]
    return rows + [
        dataclasses.replace(r, preset="doudizhu", measures={}, match_key=f"d{r.match_key}")
        for r in runfast
    ]


@pytest.mark.parametrize("lang, size", [("ar", "1280x720"), ("fa", "800x600")])
def test_many_rows_leave_the_charts_their_room_and_scroll(history, tmp_path, lang, size):
    """Issue 55: in Arabic at 1280x720 nine rows or more left the charts no room (no plot was
    drawn, their panels ran under the reset button). Each chart is plotted inside the page
    above the reset button, and the rows left out are reached by scrolling."""
    from game import i18n, text
    from game.app import App, parse_args
    from game.scenes import statistics
    from game.widgets import chart as chart_widget

    history.record_many(twelve_rows())
    i18n.set_language(lang)
    app = App(parse_args(["--windowed", size, "--lang", lang]), settings_path=tmp_path / "s")
    app.start()
    scene = app.stack.push(statistics.StatisticsScene(app))
    assert len(scene.lines) == 12
    plots: list[pygame.Rect] = []
    real_plot = chart_widget.plot

    def plot(surface, area, *args, **kwargs):
        plots.append(area.copy())
        return real_plot(surface, area, *args, **kwargs)

    try:
        chart_widget.plot = plot  # a spy that passes each call on
        scene.draw(app.screen)
        assert len(plots) == len(scene.charts) == 4
        for area in plots:
            assert area.height >= 5 * text.line_height(scene.text_px(16))
            assert area.bottom <= scene.reset_button.rect.top
        assert scene.first_row == 0 and scene.rows_shown < 12
        for _ in range(12):
            scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        scene.draw(app.screen)
        assert scene.first_row + scene.rows_shown == 12  # the last row reached
        assert len(plots) == 8 and plots[4:] == plots[:4]  # the charts did not move
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
        assert scene.first_row == 0
    finally:
        chart_widget.plot = real_plot
        app.stack.clear()
        i18n.set_language("en")
