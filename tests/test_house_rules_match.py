"""House rules fixed for a match (issue 28, variants.md API: "the state keeps the options it was
made with"): while a match of a preset is in progress, its House rules screen shows that match's
options read-only with the reason, the Full rules show the match's options (not the remembered
ones), and the table lists the options in force for its match (key R, or its button)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import house_rules, i18n, save
from game.ai.random_bot import RandomBot
from game.scenes.house_rules import HouseRulesScene
from game.scenes.table import TableScene
from game.table.controller import TableController
from tests.test_scenes import click, key

POWER = {"kitty_multiplier": "power"}
WARNED = {"must_beat": "warned_only"}


@pytest.fixture(autouse=True)
def own_files(monkeypatch, tmp_path):
    monkeypatch.setattr(house_rules, "FILE_NAME", f"house_rules_{tmp_path.name}.toml")
    save.clear_autosave()
    yield
    save.clear_autosave()


def leave_a_match(preset: str, options: dict[str, Any], actions: int = 6) -> TableController:
    """A match of ``preset`` under ``options`` left after a few actions (its autosave)."""
    ctl = TableController(
        preset, seed=11, threaded=False, think_delay=0.0, options=options,
        bot_factory=lambda *_: RandomBot(),
    )  # fmt: skip
    for _ in range(actions):
        if ctl.is_human_turn():
            ctl.human_apply(ctl.legal()[0])
        ctl.update()
    save.write_autosave(ctl.snapshot())
    return ctl


def open_preset(app, preset: str):
    app.stack.push(_preset_scene(app, preset))
    app.tick(1 / 60)
    return app.stack.top


def _preset_scene(app, preset: str):
    from game.scenes.preset import PresetScene

    return PresetScene(app, app.presets[preset])


def rules_texts(preset_scene) -> list[str]:
    preset_scene.set_tab("rules")
    return [block.text for block in preset_scene.rules.blocks]


def test_match_options_come_from_this_presets_autosave_only() -> None:
    assert house_rules.match_options("runfast") is None
    leave_a_match("runfast", WARNED)
    assert house_rules.match_options("runfast") == {**house_rules.defaults("runfast"), **WARNED}
    assert house_rules.match_options("shengji") is None  # another game's match locks nothing
    data = save.load_autosave("runfast")
    assert data is not None
    del data["options"]  # a save from before house rules replays with the defaults
    save.write_autosave(data)
    assert house_rules.match_options("runfast") == house_rules.defaults("runfast")


def test_locked_screen_shows_the_matchs_options_read_only(app) -> None:
    house_rules.save("runfast", {})  # remembered: the defaults
    leave_a_match("runfast", WARNED)
    preset = open_preset(app, "runfast")
    click(app, preset.house_button.rect.center)
    screen = app.stack.top
    assert isinstance(screen, HouseRulesScene) and screen.locked
    assert screen.values["must_beat"] == "warned_only"  # the match's, not the remembered
    assert screen.value_buttons["must_beat"].text() == "Only when warned"
    assert not any(b.enabled for b in screen.value_buttons.values())
    assert not screen.defaults_button.enabled
    click(app, screen.value_buttons["must_beat"].rect.center)
    key(app, pygame.K_RETURN)  # the focused End button only asks; nothing changes
    screen.cycle("must_beat")
    screen.reset()
    assert screen.values["must_beat"] == "warned_only"
    assert house_rules.load("runfast")["must_beat"] == "always"
    assert i18n.tr("house.locked") == "Locked until this match ends"
    drawn = pygame.Surface(app.size)
    screen.draw(drawn)  # the reason line and the disabled values draw without error
    # Ending the match (pressed twice) unlocks the remembered options; the match is gone.
    assert screen.end_button.key == "house.end_match_confirm"
    click(app, screen.end_button.rect.center)
    assert not screen.locked and save.load_autosave("runfast") is None
    assert screen.values == house_rules.load("runfast")
    click(app, screen.value_buttons["must_beat"].rect.center)
    assert house_rules.load("runfast")["must_beat"] == "warned_only"
    screen.go_back()
    app.tick(1 / 60)
    assert preset.match is None and preset.rules.values == house_rules.load("runfast")


def test_unlocked_without_a_match_of_that_preset(app) -> None:
    leave_a_match("shengji", POWER)
    preset = open_preset(app, "runfast")
    click(app, preset.house_button.rect.center)
    assert not app.stack.top.locked
    assert all(b.enabled for b in app.stack.top.value_buttons.values())


def test_full_rules_follow_the_match_in_progress(app) -> None:
    house_rules.save("shengji", {"kitty_multiplier": "linear"})
    leave_a_match("shengji", POWER)
    preset = open_preset(app, "shengji")
    texts = rules_texts(preset)
    multiplier = next(t for t in texts if t.startswith("Kitty multiplier"))
    assert multiplier.endswith("At this table: Doubling.")  # the match's, remembered: linear
    assert "House rules: Kitty multiplier: Doubling" in house_rules.summary(
        "shengji", preset.rules.values
    )
    # Resumed, the table plays by and lists the same options.
    table = TableScene.resume(app, "shengji", threaded=False)
    assert table is not None
    assert table.controller.options["kitty_multiplier"] == "power"
    assert ("Kitty multiplier", "Doubling") in [row[:2] for row in table.overlays.house.rows()]
    # Once the match is over (its autosave cleared) the remembered options show again.
    save.clear_autosave()
    preset.enter()
    texts = rules_texts(preset)
    multiplier = next(t for t in texts if t.startswith("Kitty multiplier"))
    assert multiplier.endswith("At this table: Twice the cards.")


def test_table_lists_the_options_in_force_read_only(app) -> None:
    house_rules.save("runfast", {})  # remembered defaults differ from the match's
    leave_a_match("runfast", {**WARNED, "attachments": True})
    table = TableScene.resume(app, "runfast", threaded=False)
    assert table is not None
    app.stack.push(table)
    app.tick(1 / 60)
    rows = {name: value for name, value, _rule in table.overlays.house.rows()}
    assert rows == {
        "Triple with two and airplanes": "On",
        "First play with the 3 of hearts": "On",
        "Must beat": "Only when warned",
    }
    assert any(b.key == "house.button" for b in table.buttons)
    key(app, pygame.K_r)
    assert table.overlay == "house"
    assert [b.key for b in table.overlays.buttons] == ["table.close"]
    drawn = pygame.Surface(app.size)
    table.draw(drawn)
    key(app, pygame.K_r)
    assert table.overlay is None
    button = next(b for b in table.buttons if b.key == "house.button")
    click(app, button.rect.center)
    assert table.overlay == "house"
    key(app, pygame.K_ESCAPE)
    assert table.overlay is None and app.stack.top is table
