"""Issue 40's "next ten" flaws found by looking at every screen, each held by a test here or
beside the code it touches (tests/test_small_window.py, tests/test_chart.py)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game import settings as settings_mod


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fa", "hu"])
def test_every_zero_to_hundred_slider_shows_its_unit(lang):
    """The Game menu's volumes read "70" beside the look sliders' "50 %": every slider of
    0 to 100 that is not a speed shows a percent, in the language's own way."""
    i18n.set_language(lang)
    specs = settings_mod.placed(settings_mod.BAR) + settings_mod.placed(settings_mod.MENU)
    sliders = [
        spec
        for spec in specs
        if spec.kind is int and not spec.choices and (spec.low, spec.high) == (0, 100)
    ]
    assert {"effects_volume", "music_volume", "contrast"} <= {spec.key for spec in sliders}
    for spec in sliders:
        if spec.key == "animation_speed":
            continue  # shown as a factor (×1)
        shown = spec.shown(70)
        assert shown == i18n.tr("topbar.percent", value=i18n.format_number(70)), spec.key


@pytest.mark.parametrize("lang", ["en", "ar", "hu"])
def test_statistics_charts_keep_room_to_read_at_800x600(lang, tmp_path, monkeypatch):
    """With nine rows in the table (three games at three levels) an 800x600 window squashed
    the charts to a few pixels under their how-to-read lines; those lines give way first."""
    from game import text
    from game.app import App, parse_args
    from game.history import db
    from game.scenes.statistics import StatisticsScene
    from game.widgets import chart
    from tests.test_statistics_screen import fake_rows

    database = db.open_database(tmp_path / "h.sqlite3")
    monkeypatch.setattr(db._main, "database", database)
    database.record_many(fake_rows(60))
    plots: list[pygame.Rect] = []
    real = chart.plot
    monkeypatch.setattr(chart, "plot", lambda surface, area, *a, **k: plots.append(area))
    app = App(parse_args(["--windowed", "800x600"]), settings_path=tmp_path / "s.toml")
    try:
        app.set_language(lang)
        scene = app.stack.push(StatisticsScene(app))
        assert len(scene.lines) == 9
        app.draw(app.screen)
        line = text.line_height(scene.text_px(16))
        assert len(plots) == 3 and all(area.height >= 6 * line for area in plots), plots
    finally:
        monkeypatch.setattr(chart, "plot", real)
        app.stack.clear()
        monkeypatch.setattr(db._main, "database", None)
        database.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_pickers_page_label_has_room_between_its_buttons(lang, tmp_path):
    """ "第 1 页，共 1 页" ran under Newer and Older at 800x600: the buttons stand apart by the
    widest page label, as the history's do."""
    from game import text
    from game.app import App, parse_args
    from game.scenes.file_picker import FilePickerScene

    app = App(parse_args(["--windowed", "800x600"]), settings_path=tmp_path / "s.toml")
    try:
        app.set_language(lang)
        picker = app.stack.push(FilePickerScene(app, lambda path: None, start=tmp_path))
        app.relayout()
        label = i18n.tr("history.page", page=i18n.format_number(1), pages=i18n.format_number(1))
        width = text.size(label, picker.text_px(20))[0]
        left, right = sorted((picker.prev_button.rect, picker.next_button.rect), key=lambda r: r.x)
        assert right.left - left.right >= width, (lang, right.left - left.right, width)
        assert not picker.next_button.rect.colliderect(picker.cancel_button.rect)
        assert not picker.prev_button.rect.colliderect(picker.cancel_button.rect)
    finally:
        app.stack.clear()


@pytest.mark.parametrize(("lang", "won", "lost"), [("en", "+3", "-12"), ("fa", "+۳", "۱۲")])
def test_history_results_are_signed_like_the_tables_totals(lang, won, lost):
    from types import SimpleNamespace

    from game.scenes.history import result_text

    i18n.set_language(lang)
    assert won in result_text(SimpleNamespace(returns=[3.0], human_seat=0, won=True))
    assert lost in result_text(SimpleNamespace(returns=[-12.0], human_seat=0, won=False))
