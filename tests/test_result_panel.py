"""Issue 26: the result and match-end panels: one table row per player with the deal's
values, the level ladder (or Run Fast's running totals) moving on the scene's clock, the
celebration of a match won (skippable, never for a loss), and no text past its cell in any
language at 1280×720 and 1024×600."""

from __future__ import annotations

import random

import pygame
import pytest

from game import i18n, text
from game.games.shengji.counting import seat_points
from game.rules import guandan, shengji
from game.rules.cards import RANKS
from game.table import info
from game.widgets import ladder as ladder_art
from game.widgets.celebration import LENGTH, Celebration
from game.widgets.common import fmt_number
from game.widgets.result_table import table_cells
from tests.test_table_scene import (  # noqa: F401
    DT,
    FirstPlayBot,
    _pygame,
    key,
    make_app,
    make_scene,
    past_guard,
    play_deal,
    step_until,
)

SIZES = [(1280, 720), (1024, 600), (800, 600)]


def finished(preset: str, seed: int, *, size=(1280, 720), speed: int = 50):
    """A table at the result panel of a random deal (random bots, the human by clicks)."""
    app = make_app(size)
    app.settings.animation_speed = speed
    scene = make_scene(preset, seed, app=app)
    play_deal(scene, random.Random(seed))
    assert scene.overlay == "result"
    return scene


def match_end(winner: int, *, speed: int = 50):
    """G1.5: a Guandan deal at A that ends the match, won by team ``winner`` (1-2 finish)."""
    app = make_app((1280, 720))
    app.settings.animation_speed = speed
    scene = make_scene("guandan", 9, app=app, bots=lambda *_: FirstPlayBot())
    ctl = scene.controller
    ctl.match.levels = {winner: "A", 1 - winner: "9"}
    hands = ["3S", "2S 2D", "4S", "KS KD"]
    if winner:  # seat 1 holds the 3 and leads; seat 3 goes out second
        hands = hands[-1:] + hands[:-1]
    deal = guandan.new_deal(hands=hands, level="A", leader=winner, team_levels=ctl.match.levels)
    ctl.use_deal(deal)
    for _ in range(3000):
        scene.update(DT)
        if scene.overlay == "result":
            break
        if ctl.is_human_turn() and not scene.busy():
            scene.moves.do(ctl.human_options()[0])
    assert scene.overlay == "result" and ctl.match_over and ctl.match.winner == winner
    return scene


def cells_by_seat(scene) -> dict[int, tuple[str, ...]]:
    table = scene.view.result_table(scene.frame)
    seats = [row.seat for row in table.rows]
    assert sorted(seats) == list(range(scene.seats)), "one row per seat"
    assert all(len(row.cells) == len(table.columns) for row in table.rows)
    assert [row.seat for row in table.rows if row.own] == [0]  # the player's row is lit
    return {row.seat: row.cells for row in table.rows}


def expected_level(frame, team: int) -> str:
    old, new = frame.levels_before[team], frame.levels_after[team]
    if frame.match_over and frame.match_winner == team:
        return i18n.tr("result.match_won_cell")
    if old == new:
        return info.rank_label(new)
    return i18n.tr("table.level_change", old=info.rank_label(old), new=info.rank_label(new))


# --- the rows --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_guandan_rows_are_the_finish_order_with_cards_left_and_levels(seed):
    """G1.2: the rows run 1st to 4th, each with the cards it still held and its team's level
    before → after."""
    scene = finished("guandan", seed)
    frame, r = scene.frame, scene.frame.result
    table = scene.view.result_table(frame)
    assert [row.seat for row in table.rows] == list(r.finish_order)
    cells = cells_by_seat(scene)
    for place, seat in enumerate(r.finish_order, start=1):
        name, shown_place, left, level = cells[seat]
        assert name == scene.names.seat_name(seat)
        assert shown_place == i18n.tr(f"table.place_{place}")
        assert left == fmt_number(frame.hand_counts[seat])
        assert level == expected_level(frame, seat % 2)
    winners = [cells[seat][3] for seat in range(4) if seat % 2 == r.winning_team]
    assert all("→" in cell for cell in winners)  # the winners went up (1 to 3 levels)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shengji_rows_add_up_to_the_attackers_points(seed):
    """S4.1: each attacker's points are those of the tricks it won and add up to the points
    the attackers took in tricks (every point card in the tricks counted once); a defender's
    points do not count and are not listed."""
    scene = finished("shengji", seed)
    frame, r = scene.frame, scene.frame.result
    cells = cells_by_seat(scene)
    won = seat_points(frame.seat_view.tricks)
    attack = sum(won[seat] for seat in range(4) if seat % 2 == r.attackers)
    assert attack == r.trick_points
    assert sum(won.values()) + r.kitty_points == 200
    for seat in range(4):
        name, side, points, level = cells[seat]
        assert name == scene.names.seat_name(seat)
        role = i18n.tr("result.attackers" if seat % 2 == r.attackers else "result.defenders")
        assert side == (i18n.tr("result.side_dealer", side=role) if seat == r.dealer else role)
        # Only the attackers' points count; a defender's cell says nothing (issue 40).
        assert points == (fmt_number(won[seat]) if seat % 2 == r.attackers else "–")
        assert level == expected_level(frame, seat % 2)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_runfast_rows_hold_cards_left_settlement_and_running_total(seed):
    """R5: cards left, the deal's settlement and the running total; the settlements add to
    zero and the bars move each total from before the deal to after it."""
    scene = finished("runfast", seed)
    frame, r = scene.frame, scene.frame.result
    cells = cells_by_seat(scene)
    assert sum(r.settlement) == 0
    for seat in range(3):
        name, left, net, total = cells[seat]
        assert name == scene.names.seat_name(seat)
        assert left == fmt_number(len(r.cards_left[seat]))
        assert net == scene.names.signed(r.settlement[seat])
        assert total == scene.names.signed(frame.totals[seat])
    track = scene.view.result_track(frame)
    assert isinstance(track, ladder_art.Totals)
    for seat, lane in enumerate(track.lanes):
        assert lane.end - lane.start == r.settlement[seat]
        assert lane.end == frame.totals[seat]


def test_runfast_totals_carry_over_from_the_deal_before():
    scene = finished("runfast", 5)
    first = scene.frame.totals
    scene.choices.next_deal()
    play_deal(scene, random.Random(6))
    lanes = scene.view.result_track(scene.frame).lanes
    assert tuple(lane.start for lane in lanes) == tuple(first)


# --- the ladder's move -------------------------------------------------------------------------
def test_the_ladder_walks_to_the_new_level_and_stops():
    """The marker walks from the level before the deal to the one after, eased, in about
    0.6–1 s at the designed speed, driven by the scene's dt; then it stays."""
    scene = finished("guandan", 2)
    frame = scene.frame
    track = scene.view.result_track(frame)
    assert isinstance(track, ladder_art.Ladder) and len(track.stops) == len(RANKS)
    for team, lane in enumerate(track.lanes):
        assert lane.start == RANKS.index(frame.levels_before[team])
        assert lane.end == RANKS.index(frame.levels_after[team])
    moving = [lane for lane in track.lanes if lane.end != lane.start]
    assert moving, "a Guandan deal always moves the winners up"
    panel = scene.overlays.result
    assert panel.motion.progress == 0.0
    # The walk's length in steps of the scene's own dt: no clock is read (deterministic).
    seen, steps = [], 0
    while not panel.motion.done:
        scene.update(DT / 4)
        steps += 1
        seen.append(panel.motion.progress)
        assert steps * DT / 4 < 3, "the move never ends"
    assert 0.6 <= steps * DT / 4 <= 1.3  # the designed duration, in the scene's time
    assert seen == sorted(seen) and seen[-1] == 1.0  # it only moves forward, to the end
    assert 0.0 < seen[len(seen) // 2] < 1.0  # and is seen on its way
    for lane in moving:
        assert ladder_art.marker_position(lane, panel.motion.progress) == lane.end
    scene.update(1.0)
    assert panel.motion.progress == 1.0  # it stops there
    scene.draw(pygame.Surface(scene.size))


def test_the_ladder_move_is_skipped_at_the_fastest_speed():
    scene = finished("shengji", 3, speed=100)
    assert scene.overlays.result.motion.done and scene.overlays.result.motion.progress == 1.0


def test_a_match_won_walks_past_a_to_the_star():
    scene = match_end(0)
    lanes = scene.view.result_track(scene.frame).lanes
    assert lanes[0].start == RANKS.index("A") and lanes[0].end == len(RANKS)  # the goal
    assert lanes[1].start == lanes[1].end == RANKS.index("9")


# --- the celebration ------------------------------------------------------------------------
def test_a_match_won_celebrates_and_any_key_skips_to_the_final_panel():
    scene = match_end(0)
    panel = scene.overlays.result
    assert panel.celebrating
    assert i18n.tr("result.skip_hint") in panel.strings()  # the panel says how to skip
    surface = pygame.Surface(scene.size)
    scene.update(0.5)
    scene.draw(surface)
    assert panel.celebration.headline_scale() > 0.9  # the headline has sprung in
    past_guard(scene)
    key(scene, pygame.K_SPACE)
    assert not panel.celebrating and panel.motion.done
    assert scene.overlay == "result" and scene.controller.match_over  # the panel stays
    scene.draw(surface)


def test_a_click_skips_the_celebration_without_pressing_a_button():
    scene = match_end(0)
    button = next(b for b in scene.overlays.buttons if b.key == "table.new_match")
    past_guard(scene)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, button=1, pos=button.rect.center))
    assert not scene.overlays.result.celebrating and scene.controller.match_over


def test_the_celebration_ends_by_itself():
    scene = match_end(0)
    for _ in range(int(LENGTH / DT) + 2):
        scene.update(DT)
    assert not scene.overlays.result.celebrating


def test_a_match_lost_gets_a_calm_panel():
    scene = match_end(1)
    assert scene.frame.match_winner == 1
    assert not scene.overlays.result.celebrating
    assert scene.view.result_content(scene.frame)[0] == i18n.tr("table.match_lost")


@pytest.mark.parametrize("preset,seed", [("guandan", 4), ("shengji", 4), ("runfast", 4)])
def test_no_celebration_for_a_deal_that_does_not_end_the_match(preset, seed):
    scene = finished(preset, seed)
    assert not scene.frame.match_over and not scene.overlays.result.celebrating


def test_the_celebration_is_the_same_for_the_same_seed():
    a, b = Celebration((1280, 720), 0.67, seed=3), Celebration((1280, 720), 0.67, seed=3)
    first, second = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    for step in (0.3, 0.6, 1.1):
        a.update(step)
        b.update(step)
        a.draw(first)
        b.draw(second)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")
    blank = pygame.image.tobytes(pygame.Surface((1280, 720)), "RGB")
    assert pygame.image.tobytes(first, "RGB") != blank  # the confetti is drawn


# --- the match-end words ------------------------------------------------------------------------
def test_the_match_end_never_says_up_n_levels_beside_a_to_a():
    """Issue 26 point 6: at the end the ladder stops at A; no "A → A" in the table and no
    "up N levels" sentence: the cell and the headline say the match is won."""
    scene = match_end(0)
    title, sentences, _ = scene.view.result_content(scene.frame)
    assert title == i18n.tr("table.match_won")
    cells = cells_by_seat(scene)
    arrow = i18n.tr("table.level_change", old="A", new="A")
    assert all(arrow not in cell for row in cells.values() for cell in row)
    assert cells[0][3] == cells[2][3] == i18n.tr("result.match_won_cell")
    up = i18n.tr("guandan.promotion", team=i18n.tr("table.team_us"), count=1).split(":")[0]
    assert not any(str(row[0]).startswith(up + ":") for row in sentences)


def test_shengji_match_end_says_past_a_not_up_n_levels():
    """S1.3: the deal that takes a team beyond A says so, not "goes up 3 levels"."""

    app = make_app()
    app.settings.animation_speed = 50  # the confetti is skipped at the fastest speed
    for seed in range(30):
        scene = make_scene("shengji", 40 + seed, app=app)
        ctl = scene.controller
        ctl.match.levels = {0: "A", 1: "A"}
        ctl.use_deal(shengji.new_deal(seed=seed, level="A", dealer=0))
        play_deal(scene, random.Random(seed))
        if ctl.match_over:
            break
    assert ctl.match_over
    who = "us" if ctl.match.winner == 0 else "them"
    said = [row[0] for row in scene.view.result_content(scene.frame)[1]]
    assert i18n.tr(f"shengji.said_beyond_a_{who}") in said
    r = scene.frame.result
    assert isinstance(r, shengji.DealResult)
    kinds = ("defended", "broke")
    assert not any(
        i18n.tr(f"shengji.said_{kind}_{who}", count=r.levels_gained) in said for kind in kinds
    )
    assert scene.overlays.result.celebrating == (ctl.match.winner == 0)


# --- no text past its cell -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def panels():
    pygame.init()
    i18n.set_language("en")
    scenes = [finished("guandan", 7), finished("shengji", 7), finished("runfast", 7)]
    scenes.append(match_end(0))
    yield scenes
    i18n.set_language("en")


def _resize(scene, size) -> None:
    scene.layout.arrange(size)  # the table's arrangement for that window (scale, smallest text)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_result_text_overflows_its_cell(panels, lang, size):
    """Every table cell, the headline, each sentence and the ladder's labels fit where they
    are drawn, measured with the rendered widths, in every language at 1280×720, 1024×600
    and the smallest window (800×600, the 4:3 arrangement); no text is below the
    arrangement's smallest size."""
    i18n.set_language(lang)
    rtl = text.is_rtl()
    for scene in panels:
        _resize(scene, size)
        panel = scene.overlays.result
        parts = panel.layout()
        box = parts["box"]
        assert box.width <= size[0] and box.bottom <= size[1]
        table = parts["table"]
        look = panel.look()
        assert look.min_text == scene.layout.arrangement.min_text > 0
        for cell in table_cells(
            table, parts["table_rect"].width, scene.layout.scale, rtl, look.min_text
        ):
            assert cell.text_width() <= cell.rect.width, (lang, size, cell.value)
            assert cell.size_px >= look.min_text, (lang, size, cell.value)
        headline = text.size(parts["title"], scene.layout.tu(56), bold=True)[0]
        assert headline <= box.width - scene.layout.u(60), (lang, size, parts["title"])
        for image, value in parts["lines"]:
            used = image.get_width() + (value.get_width() + scene.layout.u(24) if value else 0)
            assert used <= parts["said_rect"].width, (lang, size)
        assert parts["said_rect"].bottom <= box.bottom - scene.layout.u(84)  # clear of the buttons
        hint = text.size(i18n.tr("result.skip_hint"), scene.layout.tu(20))[0]
        assert hint <= box.width, (lang, size)
        track = parts["track"]
        label_w = ladder_art.label_width(track, parts["track_rect"].width, look)
        for lane in track.lanes:
            width = text.size(lane.label, look.px(ladder_art.LABEL_PX), bold=True)[0]
            assert width <= label_w, (lang, size, lane.label)
        if isinstance(track, ladder_art.Ladder):  # each rank's label within its stop
            step = ladder_art.stop_step(track, parts["track_rect"].width, look)
            for stop in track.stops:
                width = text.size(stop, look.px(ladder_art.STOP_PX), bold=True)[0]
                assert width <= step, (lang, size, stop)
        scene.draw(pygame.Surface(size))


def test_the_app_redraws_the_panel_while_it_moves():
    """The app skips drawing a still frame: the scene reports no still key while the ladder
    moves or the confetti flies, and a still one once they are done."""
    scene = match_end(0)
    assert scene.still_key() is None
    scene.overlays.result.skip()
    scene.update(0.0)
    assert scene.still_key() is not None
