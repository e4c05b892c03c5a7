"""Issue 40's "next ten" flaws found by looking at every screen, each held by a test here or
beside the code it touches (tests/test_small_window.py, tests/test_chart.py)."""

from __future__ import annotations

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
