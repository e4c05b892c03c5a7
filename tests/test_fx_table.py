"""The moments at the table (issue 54): each game's events start the effects its folder
declares, reduced motion leaves no shake or flash, any key or click skips, "off" plays every
game's deal as before with no effect and the same actions, and the effects repeat for a seed.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.random_bot import RandomBot
from game.rules import guandan
from game.scenes.table import TableScene
from game.table.controller import TableController
from game.widgets.fx import MAX_HOLD
from tests.test_table_scene import (  # noqa: F401
    FirstPlayBot,
    _pygame,
    make_app,
    make_scene,
    step_until,
)

GAMES = [("guandan", 5), ("shengji", 4), ("runfast", 3), ("doudizhu", 7)]
STEP = 1 / 30


def app_with(effects: str, reduced: bool = False):
    app = make_app()
    app.settings.animation_speed = 50
    app.settings.effects = effects
    app.settings.reduced_motion = reduced
    return app


def recorder(scene: TableScene) -> list[tuple[str, list[str]]]:
    """Each moment the table shows, with the effects it started itself (a partner's cheer it
    sets off is a moment of its own)."""
    seen: list[tuple[str, list[str]]] = []
    moments, player = scene.moments, scene.moments.fx
    show, start = moments.show, player.start
    started: list[tuple[int, str]] = []
    depth = [0]

    def record_start(name, anchor, strength=1.0, *, variant=""):
        started.append((depth[0], name))
        return start(name, anchor, strength, variant=variant)

    def record_show(moment, scene_info, frame=None):
        depth[0] += 1
        mark = len(started)
        show(moment, scene_info, frame)
        own = [name for level, name in started[mark:] if level == depth[0]]
        depth[0] -= 1
        seen.append((moment.name, own))

    # spies that pass each call on
    player.start = record_start  # type: ignore[method-assign]  # a recording stand-in
    moments.show = record_show  # type: ignore[method-assign]  # a recording stand-in
    return seen


def play_out(scene: TableScene, limit: int = 6000) -> list[tuple[int | None, str, tuple[str, ...]]]:
    """Step the deal to its end, the player playing the first legal action; the log."""
    rng = random.Random(2)
    for _ in range(limit):
        scene.update(STEP)
        ctl = scene.controller
        if ctl.awaiting_next or ctl.match_over:
            break
        if ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
            scene.moves.do(rng.choice(ctl.human_options()))
    for _ in range(120):  # the deal's end is shown
        scene.update(STEP)
    return [(r.seat, r.action.kind, tuple(map(str, r.action.cards))) for r in scene.frame.log]


def bomb_scene(app):
    """The player leads a bomb of four 7s (G5.2)."""
    scene = make_scene("guandan", 9, app=app, bots=lambda *_: FirstPlayBot())
    deal = guandan.new_deal(
        hands=["7S 7H 7D 7C 3S", "4S 4D", "5S 5D", "KS KD"], level="2", leader=0
    )
    scene.controller.use_deal(deal)
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    bomb = next(a for a in scene.controller.human_options() if len(a.cards) == 4)
    scene.moves.do(bomb)
    scene.update(0.0)
    return scene


@pytest.mark.parametrize(("preset", "seed"), GAMES)
def test_each_games_events_start_the_effects_its_folder_declares(preset, seed):
    scene = make_scene(preset, seed, app=app_with("normal"))
    seen = recorder(scene)
    play_out(scene)
    rules = scene.moments.rules
    names = [name for name, _ in seen]
    assert {"deal", "play"} <= set(names), names
    for name, started in seen:
        declared = [cue.effect for cue in rules.cues.get(name, ())]
        assert set(started) <= set(declared), (name, started, declared)
        assert bool(started) == bool(declared), (name, started, declared)  # none dropped


def test_a_bomb_at_the_table_thumps_with_its_declared_strength():
    scene = bomb_scene(app_with("normal"))
    bombs = [e for e in scene.moments.fx.effects if type(e).__name__ == "Bomb"]
    assert [round(e.strength, 2) for e in bombs] == [1.0]  # four cards: a thump (G5.2)
    assert scene.busy() and scene.board.hold_until - scene.time <= MAX_HOLD + 1e-9
    shaken = []
    for _ in range(20):
        scene.update(1 / 60)
        shaken.append(scene.camera())
    assert any(camera[:2] != (0, 0) for camera in shaken)


def test_reduced_motion_leaves_no_shake_no_flash_and_no_particles():
    scene = bomb_scene(app_with("normal", reduced=True))
    assert scene.moments.fx.active
    for _ in range(90):
        scene.update(1 / 60)
        assert scene.camera() == (0, 0, 0)
        assert all(not e.particles.items for e in scene.moments.fx.effects)
    assert scene.ceremonies.impact.start is None


@pytest.mark.parametrize("event", ["key", "click"])
def test_any_key_or_click_skips_every_effect(event):
    scene = bomb_scene(app_with("normal"))
    assert scene.moments.fx.active and scene.busy()
    if event == "key":
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    else:
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 500)))
    assert not scene.moments.fx.active and scene.camera() == (0, 0, 0)
    assert scene.board.hold_until <= scene.time


@pytest.mark.parametrize(("preset", "seed"), GAMES)
def test_off_plays_a_whole_deal_with_no_effect_and_the_same_actions(preset, seed):
    """At "off" nothing starts, the hand has no feel and the camera rests; the actions are
    the same as with effects on (they only change how long the table shows things)."""
    logs = {}
    for effects in ("off", "normal"):
        scene = make_scene(preset, seed, app=app_with(effects))
        seen = recorder(scene)
        camera: list[tuple[int, int, int]] = []
        original = scene.update

        def update(dt, scene=scene, original=original, camera=camera):
            original(dt)
            camera.append(scene.camera())

        scene.update = update  # type: ignore[method-assign]  # a spy that passes each step on
        logs[effects] = play_out(scene)
        if effects == "off":
            assert seen == [] and not scene.moments.fx.active and scene.hand.feel is None
            assert set(camera) == {(0, 0, 0)}
        else:
            assert seen
    assert logs["off"] == logs["normal"] and logs["off"]


def test_the_effects_repeat_for_a_seed():
    pictures = []
    for _ in range(2):
        app = app_with("normal")
        controller = TableController(
            "doudizhu", seed=11, think_delay=0.0, threaded=False, autoplay=True,
            bot_factory=lambda *_: RandomBot(),
        )  # fmt: skip
        scene = TableScene(app, "doudizhu", controller=controller)
        app.stack.push(scene)
        shots = []
        for index in range(400):
            scene.update(STEP)
            if index % 25 == 0:
                surface = pygame.Surface(scene.size)
                scene.draw_film(surface)
                shots.append((scene.camera(), pygame.image.tobytes(surface, "RGB")))
        pictures.append(shots)
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("preset", ["guandan", "doudizhu"])
def test_frames_drawn_in_moving_places_with_effects_equal_the_whole_frame(app, preset):
    """Issue 30's check with the effects on: trails, gathers, faces, a pulse, the camera's
    shake and flash are drawn again only where they move, and the picture equals the whole
    frame drawn and graded anew."""
    from tests.test_moving_frames import _reference, autoplay_table

    app.settings.effects, app.settings.reduced_motion = "normal", False
    scene = autoplay_table(app, preset, seed=6, delay_ms=300)
    started = {"bomb": False}
    mismatched = []
    for index in range(240):
        if index == 120:  # a blast with its shake and flash, mid-deal
            scene.moments.fx.start("bomb", _anchor(scene), 2.0)
            started["bomb"] = True
        app.tick(1 / 30, only_changes=True)
        shown = pygame.image.tobytes(app.frames.film_area(app.screen), "RGB")
        if shown != _reference(app):
            mismatched.append(index)
    assert not mismatched, f"frames {mismatched[:10]} differ from the whole redraw"
    assert app.frame_kinds["places"] > 20, app.frame_kinds


def _anchor(scene: TableScene):
    from game.widgets.fx import Anchor

    x, y = scene.layout.ceremony_centre()
    return Anchor((float(x), float(y)), area=pygame.Rect(x - 60, y - 40, 120, 80))


@pytest.mark.parametrize("lang", ["en", "fa", "ar", "zh"])
def test_a_results_figures_count_up_in_the_languages_digits(lang):
    from game import i18n
    from game.widgets.result_table import countable, counted

    def number_of(cell: str) -> int:
        found = countable(cell)
        assert found is not None, cell
        return found[0]

    i18n.set_language(lang)
    try:
        for number, signed in ((12, True), (-6, True), (1250, False), (0, False)):
            cell = i18n.format_number(number, signed=signed)
            assert number_of(cell) == number
            assert counted(cell, 1.0) == cell
            assert counted(cell, 0.0) == i18n.format_number(0)
            halfway = number_of(counted(cell, 0.5))
            assert min(0, number) <= halfway <= max(0, number)
        assert countable(i18n.tr("result.match_won_cell")) is None
        assert counted("2 → 5", 0.3) == "2 → 5"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("effects", ["off", "normal"])
def test_the_result_panel_counts_up_only_with_effects_on(effects):
    scene = make_scene("runfast", 3, app=app_with(effects))
    play_out(scene)
    step_until(scene, lambda: scene.overlay == "result")
    panel = scene.overlays.result
    panel.open()  # as it opens
    if effects == "off":
        assert panel.counted == 1.0
        return
    assert panel.counted < 1.0 and panel.moving
    surface = pygame.Surface(scene.size)
    panel.draw(surface)  # drawn while counting
    for _ in range(60):
        scene.update(1 / 60)
    assert panel.counted == 1.0


@pytest.mark.parametrize("step", [1 / 30, 1 / 60])
def test_a_camera_step_at_4k_leaves_the_places_for_the_next_frame(app, monkeypatch, step):
    """From HALF_RATE_WIDTH up (issue 54), a frame where the camera moves shows only the kept
    finished frame through it, never two frames running; the next frame draws the places
    left and equals the whole frame drawn anew, pixel for pixel."""
    from game import frames
    from game.postfx import REST
    from tests.test_moving_frames import _reference, autoplay_table

    monkeypatch.setattr(frames, "HALF_RATE_WIDTH", app.screen.get_width())
    app.settings.effects, app.settings.reduced_motion = "normal", False
    scene = autoplay_table(app, "guandan", seed=6, delay_ms=300)
    kinds, mismatched = [], []
    for index in range(200):
        if index in (100, 150):  # a blast with its shake and flash, mid-deal
            scene.moments.fx.start("bomb", _anchor(scene), 2.0)
        shown = app.frames.film_area(app.screen)
        at_rest = shown if app.postfx.camera == REST else app.postfx.lens.finished
        rest = None if at_rest is None else pygame.image.tobytes(at_rest, "RGB")
        before = app.frame_kinds.copy()
        app.tick(step, only_changes=True)
        kind = next(iter(app.frame_kinds - before), "-")
        kinds.append(kind)
        if kind != "camera":
            if pygame.image.tobytes(shown, "RGB") != _reference(app):
                mismatched.append(index)
            continue
        held = app.postfx.lens.finished
        assert held is not None and pygame.image.tobytes(held, "RGB") == rest  # no place
        through = held.copy()
        dx, dy, light = scene.camera()
        through.scroll(dx, dy)
        through.fill((light, light, int(light * 0.85)), special_flags=pygame.BLEND_RGB_ADD)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(through, "RGB")
    assert not mismatched, f"frames {mismatched[:10]} differ from the whole redraw"
    assert kinds.count("camera") >= 4, kinds
    assert ("camera", "camera") not in zip(kinds, kinds[1:], strict=False)
