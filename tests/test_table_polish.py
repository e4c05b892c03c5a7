"""Issue 40's table-scene points: the last trick's panel sized to its cards, opaque over the
plays; (more below per point)."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.test_table_scene import (  # noqa: F401 - the autouse fixture sets up pygame and English
    DT,
    _pygame,
    do_human,
    make_app,
    make_scene,
)


def act_until(scene, done, seed: int = 1, limit: int = 20000) -> None:
    """Run the table (the player acting at random by clicks) until ``done()``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done():
            return
        scene.update(DT)
        ctl = scene.controller
        if ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
            do_human(scene, rng.choice(ctl.human_options()))
    raise AssertionError("the table did not get there")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_the_last_trick_panel_is_sized_to_its_cards_and_covers_what_it_overlaps(size):
    # Issue 40: tiny cards in a large empty panel, the partner's play peeking out above it.
    scene = make_scene("shengji", 4, app=make_app(size))
    act_until(scene, lambda: scene.view.last_trick(scene.frame) is not None)
    scene.overlays.toggle_last_trick()
    scene.draw(pygame.Surface(size))
    panel = scene.overlays.last_trick
    box = panel.rect()
    assert pygame.Rect((0, 0), size).contains(box)
    assert panel.card_height() >= scene.layout.u(78)
    for seat in range(4):
        play = scene.drawer.play_box(seat)
        if play is not None:
            assert box.contains(play) or not box.colliderect(play), seat
    trick = scene.view.last_trick(scene.frame)
    assert trick is not None  # the panel is open on a trick
    rows = len(trick.plays) * (panel.card_height() + scene.layout.u(12))
    assert rows >= box.height // 2  # the cards fill the panel, not a corner of it


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_the_levels_behind_the_result_are_those_after_the_deal(preset):
    # Issue 40: the header still said 2 while the result said 2 → 5.
    from game.scenes.table.team_view import TeamView
    from game.table import info

    scene = make_scene(preset, 5)
    act_until(scene, lambda: scene.overlay == "result", seed=2)
    frame, view = scene.frame, scene.view
    assert isinstance(view, TeamView)  # the levelled games' own view
    lines = view.level_lines(frame)[1:]
    assert [value for _, value, _ in lines] == [
        info.rank_label(frame.levels_after[team]) for team in (0, 1)
    ]
    assert view.shown_levels(frame) == frame.levels_after


@pytest.mark.parametrize("preset", ["guandan", "runfast"])
def test_the_result_sentences_fill_the_side_under_the_ladder(preset):
    # Issue 40: the result panel's right half stood empty under the ladder.
    scene = make_scene(preset, 5)
    act_until(scene, lambda: scene.overlay == "result", seed=2)
    parts = scene.overlays.result.layout()
    said, track, table = parts["said_rect"], parts["track_rect"], parts["table_rect"]
    assert parts["lines"] and said.top >= track.bottom and said.left == track.left
    assert not said.colliderect(table) and parts["box"].contains(said)


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "hu", "zh"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("preset", ["doudizhu", "guandan", "shengji", "runfast"])
def test_the_header_panel_holds_its_rows_clear_of_the_seats(preset, size, lang):
    # Issue 40: Dou Dizhu's stakes panel cut its last row and ran into a seat at 800×600.
    from game import i18n

    i18n.set_language(lang)
    try:
        scene = make_scene(preset, 3, app=make_app(size))
        scene.draw(pygame.Surface(size))
        box = scene.drawer.header_box
        assert box is not None
        for seat, plate in scene.layout.rects["seats"].items():
            assert not box.colliderect(plate), (seat, box, plate)
        rows = len(scene.view.header_lines(scene.frame))
        assert box.height >= rows * scene.layout.arrangement.min_text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["hu", "fa", "en", "zh"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_the_dealer_tag_sits_inside_its_plate_clear_of_the_name_and_chip(size, lang):
    # Issue 40: "Osztó" straddled the plate's top border and the turn outline.
    from game import i18n

    i18n.set_language(lang)
    try:
        scene = make_scene("shengji", 4, app=make_app(size))
        act_until(scene, lambda: scene.view.dealer(scene.frame) is not None)
        scene.draw(pygame.Surface(size))
        dealer, key = scene.view.dealer(scene.frame), scene.view.dealer_key
        assert dealer is not None and key is not None  # Shengji names its dealer
        plate = scene.layout.rects["seats"][dealer]
        tag = scene.seat_plates._dealer_tag(plate, key)
        rows = scene.seat_plates.plate_rows[dealer]
        assert plate.contains(tag)
        assert not tag.colliderect(rows.name)
        assert rows.chip is None or not tag.colliderect(rows.chip)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_run_fasts_payments_of_the_player_read_as_gains_and_losses(seed):
    # R5 (issue 40): the player's own payments signed and green or red, the others' plain.
    from game.rules import runfast as rf
    from game.scenes.table.view import GOOD
    from game.widgets.common import DANGER

    scene = make_scene("runfast", seed)
    act_until(scene, lambda: scene.overlay == "result", seed=seed)
    result = scene.frame.result
    assert isinstance(result, rf.RunFastResult)  # Run Fast's own result
    payments = result.payments
    _, rows, _ = scene.view.result_content(scene.frame)
    assert len(rows) == len(payments) > 0
    for payment, (_, value, colour) in zip(payments, rows, strict=True):
        if payment.payer == 0:
            assert colour == DANGER and value.startswith(("-", "−"))
        elif payment.payee == 0:
            assert colour == GOOD and value.startswith("+")
        else:
            assert value[0].isdigit()


@pytest.mark.parametrize("lang", ["fa", "ar"])
def test_a_level_change_reads_right_to_left_with_latin_ranks(lang):
    # Issue 40: ranks are Latin now; a right-to-left mark keeps "2 → 5" reading from the right
    # (without it the line of Latin digits and an arrow is laid out left to right: "5 ← 2").
    from game import i18n
    from game.table import info

    i18n.set_language(lang)
    try:
        said = i18n.tr("table.level_change", old=info.rank_label("2"), new=info.rank_label("5"))
        assert said.startswith("\u200f") and said.index("2") < said.index("5")
    finally:
        i18n.set_language("en")
