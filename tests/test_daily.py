"""The deal of the day (issue 59): a seed fixed by the date and the game, the same deal dealt
twice, a played daily deal kept in the history marked with its date (the day's best over
several plays), the title card's entry by click and by key, in three languages, and the
game's match in progress left as it was."""

from __future__ import annotations

import dataclasses
import datetime
import random
import sqlite3
from typing import Any

import pygame
import pytest

from game import i18n, registry, save
from game.ai.random_bot import RandomBot
from game.history import db, replay
from game.history.database import _row_values
from game.history.schema import COLUMNS, migrate
from game.scenes.history import row_marks
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.scenes.title_daily import DailyEntry, best_words, date_words
from game.table.controller import TableController
from game.table.daily import daily_controller, daily_seed, today
from game.table.summary import DealRow
from tests.test_scenes import click, key
from tests.test_table_scene import click as table_click
from tests.test_table_scene import key as table_key
from tests.test_table_scene import make_app, past_guard, play_deal
from tests.typed import known, narrow

DAY = datetime.date(2026, 12, 6)
GAMES = ("guandan", "shengji", "runfast", "doudizhu")


def quick(**options: Any) -> dict[str, Any]:
    """A controller's options for a test: inline random bots, no pacing (keyword arguments of
    several types, as the controller takes them)."""
    return dict(
        think_delay=0.0,
        threaded=False,
        autoplay_pause=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(),
        **options,
    )


def finish(ctl: TableController, rng: random.Random) -> None:
    """Play the deal shown to its end, the player's seat at random when not autoplayed."""
    for _ in range(20_000):
        if ctl.awaiting_next:
            return
        if ctl.is_human_turn():
            ctl.human_apply(rng.choice(ctl.human_options()))
        ctl.update()
    raise AssertionError("the deal did not end")


# --- the seed and the deal -------------------------------------------------------------------


def test_the_seed_is_fixed_by_the_date_and_the_game():
    # SHA-256 of "2026-12-06:guandan", its first 4 bytes mod 2**31 - 1, plus 1.
    assert daily_seed("guandan", DAY) == 1708988506
    assert daily_seed("doudizhu", DAY) == 1309513723
    days = [DAY + datetime.timedelta(days=n) for n in range(-400, 400)]
    seeds = {(game, day): daily_seed(game, day) for game in GAMES for day in days}
    assert len(set(seeds.values())) == len(seeds)  # every game and day its own deal
    assert all(1 <= seed < 2**31 for seed in seeds.values())


@pytest.mark.parametrize("game", GAMES)
def test_the_same_deal_is_dealt_twice_and_another_day_deals_another(game):
    def hands(day: datetime.date) -> list[str]:
        ctl = daily_controller(game, day, **quick())
        assert ctl.daily == day.isoformat() and ctl.deal_index == 0
        return [" ".join(map(str, ctl.state.view(s).hand)) for s in range(ctl.seats)]

    assert hands(DAY) == hands(DAY)
    assert hands(DAY) != hands(DAY + datetime.timedelta(days=1))


# --- played, recorded, replayed --------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_deal_autoplayed_to_its_end_is_kept_marked_with_its_date(game):
    rows: list[DealRow] = []
    ctl = daily_controller(
        game, DAY, autoplay=True, on_deal_end=lambda c, row: rows.append(row), **quick()
    )
    dealt = [ctl.state.view(s).hand for s in range(ctl.seats)]
    finish(ctl, random.Random(1))
    assert ctl.ended and not ctl.match_over  # one deal: nothing follows it
    (row,) = rows
    assert (row.daily, row.seed, row.deal_index, row.autoplay) == ("2026-12-06", ctl.seed, 0, True)
    stored = known(db.record_deal(row))
    back = known(db.guarded(lambda d: d.deal(stored)))
    assert back.daily == "2026-12-06" and back.returns == row.returns
    assert known(db.guarded(lambda d: d.history()))[0].daily == "2026-12-06"
    replayed = db.guarded(lambda d: replay.load(d, stored))  # its replay rebuilds the deal
    assert replayed is not None
    for _ in range(3):  # autoplay waits on the result: it never deals a second deal
        assert ctl.update() == [] and ctl.awaiting_next
    # "Play again": the same deal from its start, as a match of its own.
    key_before = ctl.match_key
    ctl.autoplay = False
    ctl.next_deal()
    assert (ctl.deal_index, ctl.seed, ctl.daily) == (0, daily_seed(game, DAY), "2026-12-06")
    assert ctl.match_key != key_before and not ctl.awaiting_next
    assert [ctl.state.view(s).hand for s in range(ctl.seats)] == dealt


def row(**changes) -> DealRow:
    data = DealRow(
        preset="guandan",
        seed=daily_seed("guandan", DAY),
        match_key="guandan:1:a",
        deal_index=0,
        actions=[],
        ai_level="normal",
        ai_levels=["human", "normal", "normal", "normal"],
        human_seat=0,
        returns=[1.0, -1.0, 1.0, -1.0],
        won=True,
        finished_at=1000.0,
        daily="2026-12-06",
    )
    return dataclasses.replace(data, **changes)


def test_the_best_of_two_plays_counts_and_others_do_not():
    """Two plays of the day's deal (-1 then +2 levels): +2 is the day's best; the AI's own
    play (autoplay), another day's and another game's do not count; a normal deal is no
    daily one."""
    assert db.guarded(lambda d: d.daily_best("guandan", "2026-12-06")) is None
    plays: list[tuple[float, dict[str, object]]] = [
        (-1.0, {}),
        (2.0, {}),
        (3.0, {"autoplay": True}),
        (5.0, {"daily": "2026-12-05"}),
        (6.0, {"daily": None}),
        (7.0, {"preset": "shengji"}),
    ]
    for index, (value, changes) in enumerate(plays):
        db.record_deal(row(returns=[value, -value, value, -value], finished_at=1000.0 + index,
                           match_key=f"m{index}", **changes))  # fmt: skip
    assert db.guarded(lambda d: d.daily_best("guandan", "2026-12-06")) == 2.0
    assert db.guarded(lambda d: d.daily_best("guandan", "2026-12-05")) == 5.0
    i18n.set_language("en")
    assert best_words("guandan", 2.0) == "Today's best: +2 levels"
    assert best_words("runfast", -1.0) == "Today's best: -1 point"
    assert best_words("runfast", None) == "Not played yet today"
    marked = [
        r
        for r in known(db.guarded(lambda d: d.history(0, 20)))
        if row_marks(r)[:1] == ["Deal of the day"]
    ]
    assert len(marked) == 5  # every daily row, the normal deal not


def test_an_older_database_is_migrated_and_still_opens(tmp_path):
    """A version 5 file (before the deal of the day) with a deal in it: opened, it gains the
    column (its deal no daily one), and takes a daily deal."""
    path = tmp_path / "h.sqlite3"
    old = sqlite3.connect(path, isolation_level=None)
    migrate(old, target=5)
    columns = [c for c in COLUMNS if c != "daily"]
    values = dict(zip(COLUMNS, _row_values(row(daily=None)), strict=True))
    old.execute(
        f"INSERT INTO deals ({','.join(columns)}) VALUES ({','.join('?' * len(columns))})",
        [values[c] for c in columns],
    )
    old.close()
    database = db.open_database(path)
    assert database.connection.execute("PRAGMA user_version").fetchone()[0] == 6
    (before,) = database.history()
    assert before.daily is None and before.returns == [1.0, -1.0, 1.0, -1.0]
    assert database.daily_best("guandan", "2026-12-06") is None
    database.record(row(finished_at=2000.0, returns=[2.0, -2.0, 2.0, -2.0]))
    assert database.daily_best("guandan", "2026-12-06") == 2.0
    database.close()


# --- the title card ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh", "fa"])
def test_the_entry_opens_the_days_deal_by_click_and_by_key_and_keeps_the_match(app, lang):
    save.clear_autosave()
    app.set_language(lang)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    card = title.cards[0]
    click(app, card.daily.button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.preset == card.preset.id
    assert table.controller.daily == today().isoformat()
    assert table.controller.seed == daily_seed(card.preset.id, today())
    assert not table.saves and save.saved_games() == []  # the daily deal is never autosaved
    app.stack.pop()
    assert app.stack.top is title
    title._set_focus(1)  # the second card, as the arrow keys leave it
    key(app, pygame.K_DOWN)  # the second card's deal of the day
    assert title.cards[1].daily.button.focused
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.preset == title.cards[1].preset.id
    assert table.controller.daily == today().isoformat()
    app.stack.pop()
    app.set_language("en")


@pytest.mark.parametrize("by_key", [False, True])
def test_the_result_panel_plays_the_same_deal_again_by_click_and_by_key(by_key):
    """A daily deal's result offers Play it again and Menu (no next deal, no new match):
    Enter or the button deals the same deal from its start; the history gets the deal."""
    app = make_app((1280, 720))
    controller = daily_controller("runfast", DAY, **quick())
    scene = TableScene(app, "runfast", controller=controller)
    app.stack.push(scene)
    dealt = controller.state.view(0).hand
    play_deal(scene, random.Random(5))
    assert [b.key for b in scene.overlays.buttons] == ["daily.again", "table.menu"]
    (row,) = app.history.rows
    assert row.daily == "2026-12-06" and not row.autoplay
    past_guard(scene)
    if by_key:
        table_key(scene, pygame.K_RETURN)
    else:
        again = scene.overlays.buttons[0]
        table_click(scene, again.rect.center)
    assert scene.overlay is None and not controller.awaiting_next
    assert controller.deal_index == 0 and controller.state.view(0).hand == dealt  # not acted yet
    assert controller.seed == daily_seed("runfast", DAY) and save.saved_games() == []


def test_the_match_in_progress_resumes_after_a_daily_deal_and_the_title_shows_the_best(app):
    """A Run Fast match left in progress, then the day's deal played to its end at its own
    table: the match resumes where it was, and the card shows the day's best."""
    save.clear_autosave()
    game, rng = "runfast", random.Random(3)
    normal = TableController(game, seed=77, **quick())
    scene = TableScene(app, game, controller=normal)
    app.stack.push(scene)
    while not normal.is_human_turn():
        normal.update()
    for _ in range(3):
        normal.human_apply(rng.choice(normal.human_options()))
        while not normal.is_human_turn() and not normal.awaiting_next:
            normal.update()
    saved = save.load_autosave(game)
    assert saved is not None
    app.stack.pop()
    daily = TableScene(app, game, controller=daily_controller(game, today(), **quick()))
    app.stack.push(daily)
    finish(daily.controller, rng)  # recorded through the app's history writer
    assert daily.controller.awaiting_next and app.history.settle(5.0)
    played = daily.controller.deal_row().returns[0]
    app.stack.pop()
    assert save.load_autosave(game) == saved
    resumed = TableScene.resume(app, game, threaded=False)
    assert resumed is not None and resumed.controller.seed == 77
    assert [str(r.action) for r in resumed.controller.state.log] == [
        str(r.action) for r in normal.state.log
    ]
    title = app.stack.top
    title.enter()
    card = next(c for c in title.cards if c.preset.id == game)
    assert card.daily.best == played
    assert card.daily.button.rect.collidepoint(card.daily.button.rect.center)


def test_the_entry_says_the_date_in_the_language_shown(app):
    entry = DailyEntry(narrow(TitleScene, app.stack.top).cards[0].preset, app)
    entry.day = DAY
    words = {}
    for lang in ("en", "zh", "fa", "pl"):
        app.set_language(lang)
        words[lang] = entry.button.text()
        assert date_words(DAY) in words[lang]
    assert words["en"] == "Deal of the day · December 6"
    assert words["zh"] == "每日一局 · 12月6日"
    assert words["fa"] == "دست روز · ۶ دسامبر"
    assert words["pl"] == "Rozdanie dnia · 6 grudnia"
    app.set_language("en")
    assert entry.button.text() == words["en"]  # the same button, said again
    for game in GAMES:
        assert registry.get(game).outcome_unit in ("levels", "points")


def test_a_daily_deal_waiting_to_be_written_keeps_its_date():
    """A deal the database could not take yet waits in the pending file as JSON: its date
    comes back; a date that is not text makes the row unusable, never a crash."""
    from game.history import pending

    data = row().as_dict()
    assert pending.row_from(data) == row()
    assert pending.row_from({**data, "daily": 20261206}) is None
    assert known(pending.row_from({**data, "daily": None})).daily is None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa", "id"])
def test_the_entry_holds_its_words_on_every_card(lang, size, tmp_path):
    """The button's words fit inside it and it inside its card; a card too narrow for the
    date on the button says "Deal of the day" and the date under it (issue 59: at 800x600
    the English label ran over the next card)."""
    from game.app import App, parse_args

    i18n.set_language(lang)
    app = App(parse_args(["--windowed", f"{size[0]}x{size[1]}"]), settings_path=tmp_path / "s")
    try:
        app.start()
        app.tick(1 / 60)
        for card in narrow(TitleScene, app.stack.top).cards:
            button = card.daily.button
            assert card.rect.contains(button.rect) and card.rect.contains(card.daily.line)
            assert button.natural_width(app.scale) <= button.rect.width
            if card.daily.compact:
                assert button.text() == i18n.tr("daily.entry_short")
                assert card.daily.words() == date_words(today())
        if (lang, size) == ("en", (800, 600)):  # the English date does not fit there
            assert all(card.daily.compact for card in narrow(TitleScene, app.stack.top).cards)
    finally:
        app.stack.clear()
        i18n.set_language("en")
