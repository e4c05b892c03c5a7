"""Issue 40's table half: the leading play ringed the same way in every game, one fixed action
bar per phase, the result panel's own keys and its guard, tributes seen by those who may see
them, and the ceremonies (skipped at the fastest animation speed)."""

from __future__ import annotations

import random
from collections import defaultdict

import pygame
import pytest

from game.rules import guandan
from game.rules.shengji import ShengjiView, trick_winner
from game.scenes.table import drawing, plays
from game.scenes.table.bar import RESULT_GUARD
from game.scenes.table.view import PASS_MARK
from game.widgets import card_backs
from game.widgets import cards as card_art
from game.widgets.ceremony import bomb_weight
from game.widgets.common import BRASS
from tests.test_result_panel import match_end
from tests.test_table_scene import (  # noqa: F401
    DT,
    FirstPlayBot,
    _pygame,
    do_human,
    make_app,
    make_scene,
    step_until,
)

#: Every game at the table (issue 40: the same ring, bar and result keys in all four).
GAMES = [("runfast", 3), ("shengji", 4), ("guandan", 5), ("doudizhu", 7)]


def app_at(speed: int, size=(1280, 720)):
    app = make_app(size)
    app.settings.animation_speed = speed
    return app


def press(scene, code: int, *, up: bool = False) -> None:
    kind = pygame.KEYUP if up else pygame.KEYDOWN
    scene.handle_event(pygame.event.Event(kind, key=code, mod=0, unicode=""))


def human_step(scene, rng: random.Random) -> bool:
    """The player acts (by clicks) when the table waits for it; True when it did."""
    ctl = scene.controller
    if ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
        do_human(scene, rng.choice(ctl.human_options()))
        return True
    return False


# --- point 2: the action bar ---------------------------------------------------------------
#: One action bar as seen: each button's key and rectangle.
Bar = tuple[tuple[str, tuple[int, ...]], ...]


def bar_through_a_deal(scene, seed: int) -> tuple[dict[str, set[Bar]], dict[str, set[str]]]:
    """Per phase of one deal played to its result: each bar seen (keys and rectangles), and
    the keys seen greyed. Asserts each phase kept one bar."""
    rng = random.Random(seed)
    rows: dict[str, set[Bar]] = defaultdict(set)
    greyed: dict[str, set[str]] = defaultdict(set)
    for _ in range(20000):
        scene.update(DT)
        if scene.overlay == "result":
            break
        phase = scene.frame.phase
        rows[phase].add(tuple((b.key, tuple(b.rect)) for b in scene.buttons))
        greyed[phase] |= {b.key for b in scene.buttons if not b.enabled}
        human_step(scene, rng)
    assert scene.overlay == "result"
    assert "play" in rows
    for phase, seen in rows.items():
        assert len(seen) == 1, f"{phase}: the bar changed {len(seen)} times"
    return rows, greyed


@pytest.mark.parametrize("seed", [3, 4, 5])  # deals where the player bids (no early 3)
@pytest.mark.parametrize("bidding", ["points", "rob"])
def test_dou_dizhus_bidding_and_doubling_bars_stay_put(bidding, seed):
    """Issue 40, D2.3, VD1, VD2: the bidding's and the doubling's buttons keep their places
    through their phase (greyed while the others choose), as the play's do."""
    options = {"bidding": bidding, "doubling": True}
    scene = make_scene("doudizhu", seed, app=make_app((1280, 720)), options=options)
    rows, greyed = bar_through_a_deal(scene, seed)
    assert {"bid", "double", "play"} <= set(rows), set(rows)
    assert "table.declare" in greyed["bid"] | greyed["double"]


@pytest.mark.parametrize("preset,seed", GAMES)
def test_the_action_bar_keeps_its_rectangles_across_a_whole_deal(preset, seed):
    """Issue 40 "Done when": every button keeps its place through each phase of a deal,
    greyed when not usable, never removed or moved (the declarations, the bury, the play)."""
    scene = make_scene(preset, seed, app=make_app((1280, 720)))
    rows, greyed = bar_through_a_deal(scene, seed)
    for phase, seen in rows.items():
        assert len(seen) == 1, f"{preset} {phase}: the bar changed {len(seen)} times"
    if "over" in rows:  # the deal's end keeps the play's bar
        assert rows["over"] == rows["play"]
    keys = {key for key, _ in next(iter(rows["play"]))}
    assert {"table.play", "table.hint"} <= keys
    assert "table.play" in greyed["play"]  # greyed while the others play, not removed
    if preset != "shengji":
        assert "table.pass" in keys
    else:
        assert "table.last_trick" in keys and "table.last_trick" in greyed["play"]


def test_a_label_that_changes_does_not_move_its_neighbours():
    """The sort button names the other order; the bar is laid out for its widest label."""
    scene = make_scene("guandan", 5, app=make_app((800, 600)))
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    before = [(b.key, tuple(b.rect)) for b in scene.buttons if not b.key.startswith("table.sort")]
    press(scene, pygame.K_s)
    scene.update(0.0)
    after = [(b.key, tuple(b.rect)) for b in scene.buttons if not b.key.startswith("table.sort")]
    assert before == after


# --- point 2: the result panel's keys and guard --------------------------------------------
@pytest.mark.parametrize("preset,seed", GAMES)
def test_enter_during_play_never_closes_the_result_panel(preset, seed):
    """The player plays by Enter, holds it and keeps pressing it as the deal ends: the panel
    opens and stays; a fresh Enter after the guard is the panel's own Next deal."""
    scene = make_scene(preset, seed, app=make_app((1280, 720)))
    rng = random.Random(seed)
    ctl = scene.controller
    for _ in range(20000):
        scene.update(DT)
        press(scene, pygame.K_RETURN)  # held: the key repeats, never released
        if scene.overlay == "result":
            break
        if ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
            action = rng.choice(ctl.human_options())
            if action.kind == "pass":
                press(scene, pygame.K_p)
            elif action.kind in ("play", "bury", "return"):
                scene.hand.select_cards(action.cards)
                press(scene, pygame.K_RETURN)
                if scene.overlay == "chooser":
                    scene.moves.do(action)
            else:  # a declaration, bid or doubling: its own button
                scene.moves.do(action)
    assert scene.overlay == "result"
    for _ in range(int(3 * RESULT_GUARD / DT)):  # long past the guard, Enter still held
        press(scene, pygame.K_RETURN)
        scene.update(DT)
        assert scene.overlay == "result" and ctl.awaiting_next
    press(scene, pygame.K_RETURN, up=True)
    press(scene, pygame.K_RETURN)  # released and pressed again: the panel's key
    scene.update(0.0)
    assert scene.overlay is None and not ctl.awaiting_next


def test_the_result_panel_ignores_keys_and_clicks_a_moment_after_it_opens():
    scene = make_scene("runfast", 3, app=make_app((1280, 720)))
    rng = random.Random(3)
    for _ in range(20000):
        scene.update(DT)
        if scene.overlay == "result":
            break
        human_step(scene, rng)
    button = next(b for b in scene.overlays.buttons if b.key == "table.next_deal")
    for event in (
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center),
    ):
        assert scene.handle_event(event)  # taken, and nothing happens
        assert scene.overlay == "result"
    scene.update(RESULT_GUARD + DT)
    press(scene, pygame.K_n)
    assert scene.overlay is None


# --- point 1: the leading play -------------------------------------------------------------
@pytest.mark.parametrize("preset,seed", GAMES)
def test_the_leading_play_is_ringed_in_every_game(preset, seed, monkeypatch):
    """The play that leads the round (the latest play of cards: G4, R4) or the trick (its
    winner so far, S4.5) is ringed, and only it."""
    rings: list[int] = []
    real = plays.draw_play

    def spy(surface, spot, play, **kw):
        rings.append(kw["ringed"])
        real(surface, spot, play, **kw)

    monkeypatch.setattr(drawing, "draw_play", spy)
    scene = make_scene(preset, seed, app=make_app((1280, 720)))
    rng = random.Random(seed)
    surface = pygame.Surface(scene.size)
    checked = 0
    for _ in range(20000):
        scene.update(DT)
        if scene.overlay == "result":
            break
        human_step(scene, rng)
        if not scene.board.plays or scene.frame.phase != "play":
            continue
        leader = scene.view.leading_seat(scene.frame, scene.board.plays)
        cards = [(s, p) for s, p in scene.board.plays.items() if p is not None and p != PASS_MARK]
        if preset == "shengji":
            view = scene.frame.seat_view
            assert isinstance(view, ShengjiView)  # Shengji's own view
            trump = view.trump
            assert trump is not None  # the play phase has its trump
            expected = cards[trick_winner([p for _, p in cards], trump)][0]
        else:
            expected = cards[-1][0]  # each play beats the one before it
        assert leader == expected
        rings.clear()
        scene.draw(surface)
        flying = any(f.seat == leader for f in scene.board.flyers)
        assert rings.count(True) == (0 if flying else 1)  # one play ringed, in every game
        checked += 1
    assert checked > 10


# --- point 3: tribute and return -----------------------------------------------------------
def tribute_scene(previous_finish, seed: int = 0):
    """A Guandan deal after ``previous_finish`` at the table (speed 50 %, no ceremony hurry)."""
    scene = make_scene("guandan", 12, app=app_at(50))
    for s in range(seed, seed + 60):
        deal = guandan.new_deal(seed=s, level="5", previous_finish=previous_finish)
        if not any(e.kind == "anti_tribute" for e in deal.tributes):
            break
    scene.controller.use_deal(deal)
    return scene


def test_the_tribute_card_is_visible_to_its_receiver():
    """G3.1: the last of a 1-3 finish pays the player; the card flies face up into its place
    in the player's hand, rests there, and is tagged there with its giver."""
    scene = tribute_scene((0, 1, 2, 3))
    step_until(scene, lambda: any(f.hold for f in scene.board.flyers))
    tribute = next(e for e in scene.frame.seat_view.tributes if e.kind == "tribute")
    assert tribute.receiver == 0 and tribute.card is not None
    flyer = next(f for f in scene.board.flyers if f.hold)
    height = flyer.image.get_height()
    face = card_art.face(tribute.card, height, scene.hand.four_colour, False, False, False)
    assert flyer.image is face  # face up, not a back
    index = scene.hand.cards.index(tribute.card)
    assert flyer.end == scene.hand.positions()[index].center
    step_until(scene, lambda: not scene.board.flyers)
    assert scene.hand.new[tribute.card] == 1
    scene.draw(pygame.Surface(scene.size))
    assert scene.hand.new_tag is not None  # "From Left" over the card


def test_another_pairs_return_flies_face_down_and_the_banner_matches_the_prompt():
    """G3.5: a return between two other seats is a back to the player; while the player
    chooses its own return, the banner names the seat the prompt names."""
    scene = tribute_scene((0, 2, 1, 3))  # a double tribute: the player returns a card too
    ctl = scene.controller
    seen_backs = 0
    for _ in range(5000):
        scene.update(DT)
        for flyer in scene.board.flyers:
            if flyer.hold and flyer.image is card_backs.back(flyer.image.get_height(), "lattice"):
                seen_backs += 1
        if ctl.is_human_turn() and not scene.busy():
            break
    assert scene.frame.phase == "return"
    payer = next(e.giver for e in scene.frame.seat_view.tributes if e.receiver == 0)
    name = scene.names.seat_name(payer)
    assert name in scene.board.banner[0]
    assert name in scene.message_line.message(scene.frame)[0]
    for event in scene.frame.seat_view.tributes:
        if event.kind == "return" and 0 not in (event.giver, event.receiver):
            assert seen_backs  # the other pair's return flew as a back


# --- point 10: ceremonies ------------------------------------------------------------------
def test_bombs_weigh_by_size_and_four_jokers_the_most():
    weights = [bomb_weight("bomb", n) for n in range(4, 9)]
    assert weights == sorted(weights) and weights[0] == 1.0
    assert bomb_weight("joker_bomb", 4) > max(weights)


def bomb_scene(speed: int):
    """The player leads a bomb of four 7s (G2) at the given animation speed."""
    scene = make_scene("guandan", 9, app=app_at(speed), bots=lambda *_: FirstPlayBot())
    deal = guandan.new_deal(
        hands=["7S 7H 7D 7C 3S", "4S 4D", "5S 5D", "KS KD"], level="2", leader=0
    )
    scene.controller.use_deal(deal)
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    bomb = next(a for a in scene.controller.human_options() if len(a.cards) == 4)
    scene.moves.do(bomb)
    step_until(scene, lambda: 0 in scene.board.plays, limit=200)
    return scene


def test_a_bomb_has_its_ceremony_and_a_key_skips_it():
    scene = bomb_scene(50)
    assert (
        scene.ceremonies.ceremony.active(scene.time) and scene.ceremonies.impact.start is not None
    )
    assert scene.busy() and scene.motion() is None  # the table waits, the whole frame moves
    scene.draw(pygame.Surface(scene.size))
    press(scene, pygame.K_SPACE)
    assert not scene.ceremonies.ceremony.active(scene.time) and scene.board.hold_until <= scene.time


def test_no_ceremony_at_the_fastest_speed():
    scene = bomb_scene(100)
    assert (
        not scene.ceremonies.ceremony.active(scene.time) and scene.ceremonies.impact.start is None
    )


@pytest.mark.parametrize("speed,shown", [(50, True), (100, False)])
def test_a_double_finish_has_its_ceremony_before_the_result(speed, shown):
    """G1.2: the player and its partner go out first and second (双下)."""
    scene = make_scene("guandan", 9, app=app_at(speed), bots=lambda *_: FirstPlayBot())
    deal = guandan.new_deal(hands=["3S", "2S 2D", "4S", "KS KD"], level="9", leader=0)
    scene.controller.use_deal(deal)
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    scene.moves.do(scene.controller.human_options()[0])
    step_until(scene, lambda: scene.controller.awaiting_next)
    result = scene.frame.result
    assert isinstance(result, guandan.DealResult)  # Guandan's own result
    order = result.finish_order
    assert order[0] % 2 == order[1] % 2 == 0
    step_until(scene, lambda: scene.board.result_at is not None)  # the deal's end is shown
    assert scene.ceremonies.ceremony.active(scene.time) == shown
    if shown:
        assert scene.overlay != "result"  # the result waits for the moment
    step_until(scene, lambda: scene.overlay == "result")


@pytest.mark.parametrize("speed,confetti", [(50, True), (100, False)])
def test_a_match_won_has_no_confetti_at_the_fastest_speed(speed, confetti):
    scene = match_end(0, speed=speed)
    assert scene.overlays.result.celebrating == confetti


def test_the_next_leader_is_pointed_at_while_the_table_is_clear():
    """Between rounds the middle of the table shows a brass pointer, gone once a play lies."""
    scene = make_scene("guandan", 9, app=app_at(50), bots=lambda *_: FirstPlayBot())
    deal = guandan.new_deal(hands=["3S 4S", "5S 5D", "6S", "KS KD"], level="9", leader=0)
    scene.controller.use_deal(deal)
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    surface = pygame.Surface(scene.size)
    centre = scene.layout.ceremony_centre()
    assert not scene.board.plays
    scene.draw(surface)
    assert tuple(surface.get_at(centre))[:3] == BRASS
    scene.moves.do(next(a for a in scene.controller.human_options() if a.kind == "play"))
    step_until(scene, lambda: 0 in scene.board.plays and not scene.busy(), limit=400)
    scene.draw(surface)
    assert tuple(surface.get_at(centre))[:3] != BRASS
