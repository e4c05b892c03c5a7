"""The table's smaller faults of issue 55, each checked where it showed: Dou Dizhu coloured the
opponents' numbers while Run Fast kept them plain, showed no face-down kitty during the bidding
(D2.1) and said only the deal of its match in progress on the Table tab."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n, registry, save
from game.scenes.table import TableScene
from game.scenes.table.view import GOOD, score_colour
from game.table.controller import TableController
from game.widgets.common import DANGER, INK
from tests.fake_app import FakeApp
from tests.test_table_scene import DT


@pytest.fixture(autouse=True)
def _english():
    pygame.init()
    i18n.set_language("en")
    save.clear_autosave()
    yield
    save.clear_autosave()
    i18n.set_language("en")


def scene_at(game: str, seed: int = 3) -> TableScene:
    app = FakeApp()
    controller = TableController(game, seed=seed, think_delay=0.0, threaded=False)
    table = TableScene(app, game, controller=controller)
    app.stack.push(table)
    for _ in range(400):
        table.update(DT)
        if not table.busy():
            break
    return table


def test_one_colour_rule_for_running_totals():
    assert score_colour(5) == GOOD and score_colour(-5) == DANGER and score_colour(0) == INK
    assert score_colour(5, own=False) == INK and score_colour(-5, own=False) == INK


@pytest.mark.parametrize("game", ["runfast", "doudizhu"])
def test_the_opponents_totals_are_plain_in_both_points_games(game):
    table = scene_at(game)
    frame = table.frame
    frame = dataclasses.replace(frame, totals=(6, -12, 6))
    rows = table.view.header_lines(frame)
    colours = {label: colour for label, _value, colour in rows}
    names = [table.view.seat_name(seat) for seat in range(3)]
    own = next(colour for label, colour in colours.items() if names[0] in label)
    others = [colour for label, colour in colours.items() if names[1] in label or names[2] in label]
    assert own == GOOD and others and all(colour == INK for colour in others)


def test_the_kitty_lies_face_down_during_the_bidding():
    """D2.1: three cards lie face down in the middle until the landlord takes them."""
    table = scene_at("doudizhu")
    assert table.frame.seat_view.stage == "bid"
    drawn: list[pygame.Rect] = []
    back = table.view.ctx.card_back
    table.view.ctx.card_back = lambda height: drawn.append(height) or back(height)  # type: ignore[method-assign]
    table.draw(pygame.Surface(table.size))
    assert len(drawn) == 3


def test_a_points_game_says_its_running_total_in_the_menus():
    """Dou Dizhu's Table tab said "deal 1" where Run Fast said "deal 1, your running total"."""
    status = {"deal": 0, "levels": None, "totals": [-12, 6, 6]}
    for game in ("runfast", "doudizhu"):
        words = registry.get(game).table_view().saved_words(status)
        assert words == "deal 1, your running total -12", game
