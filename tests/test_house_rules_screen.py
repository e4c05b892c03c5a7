"""The house-rules screen and its file (issue 28): options per preset from the game's schema,
a value button per option, Defaults, remembered per preset, the Table tab's summary, the Full
rules section with the values at this table, and Start passing them to the table."""

from __future__ import annotations

import pygame
import pytest

from game import house_rules, save
from game.scenes.base import Scene
from game.scenes.house_rules import HouseRulesScene
from tests.test_scenes import click, key  # noqa: E402


@pytest.fixture(autouse=True)
def own_file(monkeypatch, tmp_path):
    monkeypatch.setattr(house_rules, "FILE_NAME", f"house_rules_{tmp_path.name}.toml")
    save.clear_autosave()  # another test's match in progress would lock the screen


def test_file_keeps_each_preset_and_refuses_bad_values(tmp_path) -> None:
    path = tmp_path / "house.toml"
    assert house_rules.load("runfast", path=path)["must_beat"] == "always"
    assert house_rules.save("runfast", {"must_beat": "warned_only", "attachments": 3}, path)
    assert house_rules.save("guandan", {"a_level_tries": 3}, path)
    assert house_rules.load("runfast", path=path)["must_beat"] == "warned_only"
    assert house_rules.load("runfast", path=path)["attachments"] is False  # bad value dropped
    assert house_rules.load("guandan", path=path)["a_level_tries"] == 3
    path.write_text('[runfast]\nmust_beat = "never"\nnope = 1\n', encoding="utf-8")
    assert house_rules.load("runfast", path=path) == house_rules.defaults("runfast")
    path.write_text("not toml [", encoding="utf-8")
    assert house_rules.load("shengji", path=path) == house_rules.defaults("shengji")
    assert not path.exists()  # the unreadable file was set aside


def test_rules_markup_names_every_option_and_its_value_here() -> None:
    markup = house_rules.rules_markup("runfast", {"must_beat": "warned_only"})
    assert markup.startswith("# House rules at this table")
    assert "Must beat: Always: whoever can beat" in markup
    assert "At this table: Only when warned." in markup
    assert "First play with the 3 of hearts" in markup and "At this table: On." in markup
    assert house_rules.summary("runfast", house_rules.defaults("runfast")) == (
        "House rules: as in the full rules"
    )
    assert house_rules.summary("shengji", {"kitty_multiplier": "power"}) == (
        "House rules: Kitty multiplier: Doubling"
    )


def open_preset(app, rights: int = 0):
    for _ in range(rights):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    return app.stack.top


def test_screen_changes_remembers_resets_and_starts_with_them(app, monkeypatch) -> None:
    import game.scenes.table as table_module

    opened: list[tuple[str, object]] = []

    class FakeTable(Scene):
        def __init__(self, app, preset, options=None):
            super().__init__(app)
            opened.append((preset, options))

    monkeypatch.setattr(table_module, "TableScene", FakeTable)
    preset = open_preset(app, 2)  # Run Fast
    assert preset.preset.id == "runfast"
    click(app, preset.house_button.rect.center)
    screen = app.stack.top
    assert isinstance(screen, HouseRulesScene) and screen.keys == list(
        house_rules.schema("runfast")
    )
    assert screen.value_buttons["must_beat"].text() == "Always"
    click(app, screen.value_buttons["must_beat"].rect.center)
    assert screen.value_buttons["must_beat"].text() == "Only when warned"
    assert house_rules.load("runfast")["must_beat"] == "warned_only"  # remembered at once
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is preset and preset.house["must_beat"] == "warned_only"
    preset.set_tab("rules")
    texts = [block.text for block in preset.rules.blocks]
    assert any("House rules at this table" in t for t in texts)
    assert any("At this table: Only when warned." in t for t in texts)
    preset.set_tab("table")
    click(app, preset.start_button.rect.center)
    assert opened == [("runfast", {**house_rules.defaults("runfast"), "must_beat": "warned_only"})]
    key(app, pygame.K_ESCAPE)
    click(app, preset.house_button.rect.center)
    screen = app.stack.top
    click(app, screen.defaults_button.rect.center)
    assert screen.values == house_rules.defaults("runfast")
    assert house_rules.load("runfast") == house_rules.defaults("runfast")
    screen.go_back()
    assert preset.house == house_rules.defaults("runfast")


def test_a_real_table_plays_by_the_remembered_rules(app) -> None:
    house_rules.save("shengji", {"kitty_multiplier": "power"})
    preset = open_preset(app, 1)
    assert preset.preset.id == "shengji"
    click(app, preset.start_button.rect.center)
    table = app.stack.top
    assert table.controller.state.options["kitty_multiplier"] == "power"
    assert table.controller.snapshot()["options"]["kitty_multiplier"] == "power"
