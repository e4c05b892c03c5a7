"""A save per game (issue 45): three matches in progress at once, each resumed at its own state;
the old single save taken over; the title and the Table tab offer Resume and New match, and a
new match over one in progress asks once, naming what would be given up; leaving the table
says the match is saved."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game import i18n, registry, save, storage
from game.ai.random_bot import RandomBot
from game.scenes.confirm import ConfirmDialog
from game.scenes.table import TableScene
from game.scenes.table.view import view_class
from game.table.controller import TableController
from game.table.record import Snapshot

GAMES = ("guandan", "shengji", "runfast")


def saved(game: str) -> Snapshot:
    """The game's saved match (there is one)."""
    data = save.load_autosave(game)
    assert data is not None, game
    return data


@pytest.fixture(autouse=True)
def _clean():
    save.clear_autosave()
    yield
    save.clear_autosave()


def play(scene: TableScene, rng: random.Random, deals: int, actions: int) -> None:
    """The player acts at random (the AI seats too) through ``deals`` whole deals and then
    ``actions`` more of the player's actions; every change is autosaved by the scene."""
    ctl = scene.controller
    done = 0
    for _ in range(200_000):
        if ctl.awaiting_next:
            if ctl.deal_index >= deals:
                break
            ctl.next_deal()
        elif ctl.is_human_turn():
            if ctl.deal_index >= deals and done >= actions:
                return
            ctl.human_apply(rng.choice(ctl.human_options()))
            done += ctl.deal_index >= deals
        ctl.update()
    while not ctl.is_human_turn() or ctl.awaiting_next:  # into the next deal, to a turn
        if ctl.awaiting_next:
            ctl.next_deal()
        ctl.update()
    for _ in range(actions):
        ctl.human_apply(rng.choice(ctl.human_options()))
        while not ctl.is_human_turn() and not ctl.awaiting_next:
            ctl.update()
        if ctl.awaiting_next:
            break


def table(app, game: str, seed: int) -> TableScene:
    controller = TableController(
        game,
        seed=seed,
        think_delay=0.0,
        threaded=False,
        bot_factory=lambda preset, level, s: RandomBot(),
    )
    return TableScene(app, game, controller=controller)


def test_three_matches_in_progress_each_resumed_at_its_own_state(app):
    """Guandan, then Shengji, then Run Fast: all three stay resumable, each where it was."""
    left = {}
    for number, game in enumerate(GAMES):
        scene = table(app, game, seed=40 + number)
        app.stack.push(scene)
        play(scene, random.Random(number), deals=1 + number % 2, actions=2 + number)
        left[game] = scene.controller
        app.stack.pop()
    assert save.saved_games() == list(GAMES)
    for game, old in left.items():
        resumed = TableScene.resume(app, game, threaded=False)
        assert resumed is not None and resumed.preset == game
        new = resumed.controller
        assert (new.seed, new.deal_index) == (old.seed, old.deal_index)
        assert [str(r.action) for r in new.state.log] == [str(r.action) for r in old.state.log]
        for seat in range(new.seats):
            assert new.state.view(seat).hand == old.state.view(seat).hand
        status = save.status(saved(game))
        assert status["deal"] == old.deal_index >= 1
        if registry.get(game).teams and len(registry.get(game).teams) == 2:
            assert status["levels"] == [str(old.match.levels[t]) for t in (0, 1)]
        else:
            totals = old.totals()
            assert totals is not None  # a game without teams keeps running totals
            assert status["totals"] == [int(v) for v in totals]
    # The title shows all three, each in its game's words, with Resume and New match.
    title = app.stack.top
    title.enter()
    words = {card.preset.id: str(card.saved) if card.saved else "" for card in title.cards}
    assert all(words[game] for game in GAMES) and len({words[g] for g in GAMES}) == 3
    assert len(title.resume_buttons) == 6


def test_each_game_words_its_own_state():
    view = {game: view_class(game) for game in GAMES}
    i18n.set_language("en")
    assert view["guandan"].saved_words({"deal": 3, "levels": ["5", "T"], "totals": None}) == (
        "deal 4, your team on 5, opponents on 10"
    )
    assert view["runfast"].saved_words({"deal": 0, "levels": None, "totals": [-12, 5, 7]}) == (
        "deal 1, your running total -12"
    )
    assert view["shengji"].saved_words({"deal": 1, "levels": None, "totals": None}) == "deal 2"


def test_the_old_single_save_is_taken_over_at_first_start(app):
    scene = table(app, "shengji", seed=5)
    play(scene, random.Random(5), deals=0, actions=2)
    data = saved("shengji")
    save.clear_autosave("shengji")
    legacy = save.legacy_path()
    storage.atomic_write_text(legacy, json.dumps(data))
    app.stack.top.enter()  # the title looks for saves
    assert not legacy.exists() and save.load_autosave("shengji") == data
    card = next(c for c in app.stack.top.cards if c.preset.id == "shengji")
    assert card.saved and card.buttons
    # Once the game has a save of its own, an old file found later is set aside, not used.
    storage.atomic_write_text(legacy, json.dumps({**data, "seed": 999}))
    assert save.saved_games() == ["shengji"] and saved("shengji")["seed"] != 999
    assert not legacy.exists() and list(legacy.parent.glob("autosave.json.broken-*"))


def test_a_save_in_another_games_file_is_set_aside():
    storage.atomic_write_text(
        save.autosave_path("guandan"),
        json.dumps({"version": 2, "preset": "runfast", "seed": 1, "deals": [[]]}),
    )
    assert save.load_autosave("guandan") is None
    assert ("table.save_unreadable", {}) in storage.take_notices()


def test_new_match_on_the_table_tab_asks_once_naming_what_is_given_up(app):
    from game.scenes.preset import PresetScene

    scene = table(app, "runfast", seed=9)
    play(scene, random.Random(9), deals=1, actions=1)
    words = view_class("runfast").saved_words(save.status(saved("runfast")))
    preset = app.stack.push(PresetScene(app, app.presets["runfast"]))
    app.tick(1 / 60)
    assert preset.saved == words
    assert preset._row_buttons()[:2] == [preset.resume_button, preset.new_button]
    preset.new_button.activate()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog) and words in dialog.detail
    assert "Run Fast" in dialog.question
    app.tick(1 / 60)
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert app.stack.top is preset and save.saved_games() == ["runfast"]  # kept
    preset.new_button.activate()
    app.stack.top.confirm_button.activate()
    new_table = app.stack.top
    assert isinstance(new_table, TableScene) and new_table.controller.deal_index == 0
    after = save.load_autosave("runfast")
    assert after is None or save.status(after)["deal"] == 0
    app.stack.clear()


def test_new_match_on_the_title_without_a_match_in_progress_asks_nothing(app):
    title = app.stack.top
    card = next(c for c in title.cards if c.preset.id == "guandan")
    assert card.buttons == []
    from game.scenes.opening import start_new_match

    start_new_match(app, card.preset)
    assert isinstance(app.stack.top, TableScene)
    app.stack.clear()


def test_leaving_the_table_says_the_match_is_saved(app):
    scene = app.stack.push(table(app, "guandan", seed=3))
    app.tick(1 / 60)
    app.notices.shown.clear()
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert [t[0] for t in app.notices.shown] == ["table.match_saved"]
    assert i18n.tr("table.match_saved") != "table.match_saved"
    assert app.stack.top is not scene


def test_the_result_panel_s_new_match_asks_while_the_match_goes_on(app):
    scene = app.stack.push(table(app, "guandan", seed=4))
    play(scene, random.Random(4), deals=1, actions=0)
    deal = scene.controller.deal_index
    scene.choices.new_match()
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    dialog.keep_button.activate()
    assert scene.controller.deal_index == deal  # nothing given up
    scene.choices.new_match()
    app.stack.top.confirm_button.activate()
    assert scene.controller.deal_index == 0 and app.stack.top is scene
    app.stack.clear()


def test_leaving_a_table_whose_save_fails_claims_nothing(app, monkeypatch):
    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    scene = app.stack.push(table(app, "runfast", seed=6))
    monkeypatch.setattr(storage, "atomic_write_bytes", full)
    play(scene, random.Random(6), deals=0, actions=1)  # its autosave write fails: told once
    app.notices.shown.clear()
    scene.go_back()
    assert "table.match_saved" not in [t[0] for t in app.notices.shown]
    storage.reset_write_notices()


def test_a_match_that_ends_at_the_table_forgets_only_its_own_save(app):
    """A fault the suite did not see (issue 57): the table calling ``clear_autosave()`` with
    no game when its match ended deleted every game's save. Only the finished game's goes."""
    for number, game in enumerate(("shengji", "runfast")):
        scene = table(app, game, seed=60 + number)
        app.stack.push(scene)
        play(scene, random.Random(number), deals=0, actions=3)
        app.stack.pop()
    others = {game: save.load_autosave(game) for game in ("shengji", "runfast")}
    assert all(others.values())
    scene = table(app, "guandan", seed=62)
    app.stack.push(scene)
    ctl = scene.controller
    real_advance = ctl.match.advance

    def last_deal() -> None:  # this deal decides the match (as a double finish at A does)
        real_advance()
        ctl.match.is_over, ctl.match.winner = True, 0

    ctl.match.advance = last_deal
    rng = random.Random(5)
    for _ in range(50_000):
        if ctl.awaiting_next:
            break
        if ctl.is_human_turn():
            ctl.human_apply(rng.choice(ctl.human_options()))
        ctl.update()
    assert ctl.match_over
    assert save.load_autosave("guandan") is None  # the finished match is not offered again
    assert {game: save.load_autosave(game) for game in others} == others
    app.stack.pop()
