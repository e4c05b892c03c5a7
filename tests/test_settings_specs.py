"""The setting specs: one table from which the Settings, validation, top bar and Game menu come."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n, text
from game import settings as settings_mod
from game.app import App, parse_args
from game.settings import BAR, MENU, SPECS, SettingSpec
from game.widgets.common import scaled
from game.widgets.topbar_parts import Control


def send(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        app.handle_event(event)
    app.tick(1 / 60)
    for event in pygame.event.get():  # pygame_gui's own events (slider moved …)
        app.handle_event(event)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    send(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def setting(settings: settings_mod.Settings, name: str) -> object:
    """A setting a spec added at run time (the Settings class names only the built-in ones)."""
    return getattr(settings, name)


def control(app: App, name: str) -> Control:
    return next(c for c in app.topbar.controls + app.topbar.menu_controls if c.name == name)


def test_settings_fields_are_the_specs_in_table_order():
    fields = dataclasses.fields(settings_mod.Settings)
    assert [field.name for field in fields] == ["version", *(spec.key for spec in SPECS)]
    kinds = {field.name: field.type for field in fields}
    defaults = settings_mod.Settings()
    for spec in SPECS:
        assert kinds[spec.key] == spec.kind.__name__, f"{spec.key}: its field's type"
        assert type(getattr(defaults, spec.key)) is spec.kind
        assert getattr(defaults, spec.key) == spec.default
        assert spec.clamp(spec.default) == spec.default, f"{spec.key}: default out of range"


@pytest.mark.parametrize("spec", [s for s in SPECS if s.place], ids=lambda s: s.key)
def test_every_shown_setting_is_complete(spec):
    assert spec.place in (BAR, MENU) and spec.label_key
    if spec.kind is int:
        assert spec.low < spec.high and (spec.high - spec.low) % spec.step == 0
    if spec.kind is str:
        assert spec.choices and spec.choice_prefix and spec.place == MENU
    if spec.place == BAR:
        assert spec.kind is int, "the bar holds sliders only"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_shown_setting_has_its_locale_keys(lang):
    catalog = i18n.catalog(lang)
    for spec in SPECS:
        if not spec.place:
            continue
        assert spec.label_key in catalog, (lang, spec.label_key)
        for choice in spec.choices:
            assert f"{spec.choice_prefix}.{choice}" in catalog, (lang, spec.key, choice)


CLAMP_CASES = [
    ("contrast", 250, 100),
    ("grain", -4, 0),
    ("ai_delay_ms", 99999, 3000),
    ("ai_delay_ms", 1200, 1200),
    ("window_width", 10, 800),
    ("window_height", 99999, 8192),  # SDL's sizes stay workable (issue 45)
    ("language", "xx", "en"),
    ("language", "fa", "fa"),
    ("ai_level", "godlike", "normal"),
    ("four_colour", True, True),
]


@pytest.mark.parametrize(("name", "value", "expected"), CLAMP_CASES)
def test_clamp(name, value, expected):
    assert settings_mod.spec(name).clamp(value) == expected


def test_unknown_setting_is_refused_by_name():
    with pytest.raises(KeyError, match="known: language"):
        settings_mod.spec("volume_of_the_moon")


def test_shown_values_use_the_formatter_or_the_number():
    assert settings_mod.spec("ai_delay_ms").shown(1200) == "1.2 s"
    assert settings_mod.spec("animation_speed").shown(75) == "×2"
    assert settings_mod.spec("contrast").shown(55) == "55 %"


# Issue 40: a look slider shows its value as a percent, in the language's own way.
PERCENT_CASES = [("en", 55, "55 %"), ("tr", 5, "%5"), ("zh", 100, "100%"), ("fa", 35, "۳۵٪")]


@pytest.mark.parametrize(("lang", "value", "shown"), PERCENT_CASES)
def test_look_sliders_show_a_percent_in_each_language(lang, value, shown):
    i18n.set_language(lang)
    try:
        for key in ("contrast", "grain", "temperature"):
            assert settings_mod.spec(key).shown(value) == shown
    finally:
        i18n.set_language("en")


def test_each_look_slider_knows_where_it_changes_nothing():
    """The neutral tick: contrast and temperature in the middle, grain at none (issue 40)."""
    neutral = {key: settings_mod.spec(key).neutral for key in ("contrast", "grain", "temperature")}
    assert neutral == {"contrast": 50, "grain": 0, "temperature": 50}
    for key, value in neutral.items():
        assert settings_mod.spec(key).default == value


# --- adding a setting is one entry in the table ---------------------------------------------

FAKES = (
    SettingSpec(
        "felt_shade",
        30,
        low=0,
        high=60,
        step=10,
        label_key="topbar.temperature",  # an existing key stands in for the new setting's own
        formatter=lambda value: f"shade {value}",
        place=MENU,
    ),
    SettingSpec("table_talk", False, label_key="topbar.contrast", place=MENU),
    SettingSpec(
        "opponents",
        "normal",
        choices=("easy", "normal"),
        label_key="topbar.grain",
        choice_prefix="ai.level",
        place=MENU,
    ),
)


def _open_game_menu(tmp_path, name: str) -> App:
    i18n.set_language("en")
    app = App(parse_args(["--windowed", "1280x720"]), settings_path=tmp_path / f"{name}.toml")
    app.start()
    app.tick(1 / 60)
    click(app, control(app, "game").rect.center)
    assert app.topbar.menu == "game"
    return app


def test_a_new_spec_appears_in_the_game_menu_with_its_label_and_the_right_height(
    tmp_path, monkeypatch
):
    built_in = len(settings_mod.placed(MENU))
    plain = _open_game_menu(tmp_path, "plain")
    plain_height = plain.topbar.menu_rect.height
    plain.stack.clear()

    specs = SPECS + FAKES
    monkeypatch.setattr(settings_mod, "SPECS", specs)
    more = dataclasses.make_dataclass(  # the new settings' fields, as a new entry adds them
        "Settings",
        [(f.key, f.kind, dataclasses.field(default=f.default)) for f in FAKES],
        bases=(settings_mod.Settings,),
    )
    monkeypatch.setattr(settings_mod, "Settings", more)
    app = _open_game_menu(tmp_path, "more")
    bar = app.topbar
    s = app.scale

    def rows_height(specs: int) -> int:  # rows of 44 px, 4 px apart, 16 px padding
        rows = specs + 1  # the last row is the film look's reset (issue 55), not a spec
        return rows * scaled(44, s) + scaled(4 * (rows - 1), s) + 2 * scaled(16, s)

    assert plain_height == rows_height(built_in)
    assert bar.menu_rect.height == rows_height(built_in + len(FAKES))

    # Each row is labelled with its own key and shows its own value, not "speed".
    drawn: list[str] = []
    real_render = text.render  # the bar draws through game.text

    def spy(words, *a, **k):
        drawn.append(words)
        return real_render(words, *a, **k)

    monkeypatch.setattr(text, "render", spy)
    app.tick(1 / 60)
    monkeypatch.setattr(text, "render", real_render)
    for label in ("Temperature", "Contrast", "Grain", "shade 30", "×1", "0.7 s"):
        assert drawn.count(label) == 1, (label, drawn)
    for fake in FAKES:
        rows = [c for c in bar.menu_controls if c.spec is fake]
        assert rows and all(bar.menu_rect.contains(c.rect) for c in rows)

    # The controls work like the built-in ones: slider range and step, switch, segments.
    assert bar.sliders["felt_shade"].value_range == (0, 60)
    shade = control(app, "felt_shade").rect
    click(app, (shade.right - 1, shade.centery))
    assert setting(app.settings, "felt_shade") == 60
    pygame.mouse.set_pos(shade.center)
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert setting(app.settings, "felt_shade") == 50  # one step of 10
    click(app, control(app, "table_talk").rect.center)
    assert setting(app.settings, "table_talk") is True
    click(app, control(app, "opponents.easy").rect.center)
    assert setting(app.settings, "opponents") == "easy"

    # Saved and read back through the same table.
    app.save_settings()
    loaded, notice = settings_mod.load(tmp_path / "more.toml")
    assert notice is None
    assert tuple(setting(loaded, n) for n in ("felt_shade", "table_talk", "opponents")) == (
        50,
        True,
        "easy",
    )
    app.stack.clear()
