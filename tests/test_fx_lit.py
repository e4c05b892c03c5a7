"""Issue 54: a place that holds only added light (a rocket's streak, rings and sparks) is shown
over the kept graded table under it plus the light graded apart (game/film_light.py), not
drawn and graded anew with the table. The picture must be the whole frame's, within the
passes' rounding, except where the whole frame's grading clamps at white."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game import places, postfx
from game.film_light import Tone, Underlay
from tests.test_moving_frames import LOOKS, _reference, autoplay_table

#: Levels a channel of a lit place may differ from the whole frame's (each sprite's light and
#: the table under it are rounded apart: a level or two each) ...
TOLERANCE = 3
#: ... and, where several sprites' light overlaps (a rocket's streak: each rounded up apart),
#: at most this many in at most SPARSE of the channels.
OVERLAPS = 10
SPARSE = 0.001


def _rocket(scene, index: int) -> None:  # noqa: ANN001 - game.scenes.table.TableScene
    """Dou Dizhu's rocket at full strength, once."""
    from game.widgets.fx import Anchor

    if index == 0:
        x, y = scene.layout.ceremony_centre()
        scene.moments.fx.start("rocket", Anchor((float(x), float(y + 80))), 2.6)


def _fireworks(scene, index: int) -> None:  # noqa: ANN001 - game.scenes.table.TableScene
    """Fireworks over the whole table, again and again (plays land under them)."""
    from game.widgets.fx import Anchor

    if index % 40 == 0:
        table = scene.moments.fx.screen
        scene.moments.fx.start("fireworks", Anchor(table.center, area=table), 2.0)


def _off_by(app) -> tuple[int, int]:  # noqa: ANN001 - game.app.App
    """How many channels of the film area differ from the whole frame's by more than
    :data:`TOLERANCE`, and the largest difference there; not counted: where the whole frame
    is white (it clamps there) and where the light's own toned sprites reach white (its
    light times the look's gain, 255 and up: they clamp there, game/film_light.py)."""
    shown = app.frames.film_area(app.screen)
    size = shown.get_size()
    new = np.frombuffer(pygame.image.tobytes(shown, "RGB"), np.uint8).astype(np.int16)
    old = np.frombuffer(_reference(app), np.uint8).astype(np.int16)
    assert new.size == old.size == size[0] * size[1] * 3
    light = pygame.Surface(app.screen.get_size(), 0, app.screen)
    app.stack.visible()[0].draw_light(light, lambda image: image)
    top = shown.get_abs_offset()[1]
    lit = np.frombuffer(pygame.image.tobytes(light.subsurface((0, top, *size)), "RGB"), np.uint8)
    gain = np.tile(np.array(app.postfx.tone(*LOOKS[0]).gain), size[0] * size[1])
    off = np.abs(new - old)
    off[(old == 255) | (lit * gain >= 255)] = 0
    return int((off > TOLERANCE).sum()), int(off.max())


def _run(  # noqa: ANN001
    app, monkeypatch, frames: int, preset: str, start, *, half_rate: bool = False
) -> tuple[int, int, list[tuple[int, int, int]]]:
    """``start`` effects at ``preset``'s table in autoplay, lit places from the app's width
    (and with ``half_rate`` the camera's 4K half rate: its frames show the held picture and
    are not compared): how many changed parts of the table met the light, the frames that
    drew lit places, and those off the whole frame by more than the tolerances."""
    from game import frames as frame_loop

    monkeypatch.setattr(postfx, "LIT_FROM", app.screen.get_width())
    if half_rate:
        monkeypatch.setattr(frame_loop, "HALF_RATE_WIDTH", app.screen.get_width())
    under_light: list[int] = []

    def changed(old: object, new: object) -> list[pygame.Rect] | None:
        found = frame_loop_changed(old, new)
        lights = app.postfx.under.lights
        top = app.frames.film_area(app.screen).get_abs_offset()[1]
        if found and lights and any(r.move(0, -top).collidelist(lights) >= 0 for r in found):
            under_light.append(1)  # a part of the table changed under the light
        return found

    frame_loop_changed = places.changed_places
    monkeypatch.setattr(frame_loop, "changed_places", changed)
    app.settings.effects, app.settings.reduced_motion = "normal", False
    scene = autoplay_table(app, preset, seed=6, delay_ms=300)
    for _ in range(30):
        app.tick(1 / 30, only_changes=True)
    lit, found, cameras = 0, [], []
    for index in range(frames):
        start(scene, index)
        before = app.frame_kinds.copy()
        app.tick(1 / 30, only_changes=True)
        kind = next(iter(app.frame_kinds - before), "-")
        if kind == "places" and app.postfx.under.lights:
            lit += 1
        if kind == "camera":
            cameras.append(index)
            continue
        count, most = _off_by(app)
        shown = app.frames.film_area(app.screen)
        if most > OVERLAPS or count > SPARSE * 3 * shown.get_width() * shown.get_height():
            found.append((index, count, most))
    assert not half_rate or len(cameras) >= 4, cameras
    return len(under_light), lit, found


@pytest.mark.parametrize("half_rate", [False, True])
def test_lit_places_show_the_whole_frames_picture(app, monkeypatch, half_rate):
    """Every frame of a rocket at the table (the look 70/65/60: contrast, grain's mean, a warm
    tint, the black clamp under the dark felt) is the whole frame drawn and graded anew,
    within TOLERANCE levels, also with the camera at half rate (as at 4K); it fails when the
    light is not graded (about a fifth too dim) or the table's deficit under the black clamp
    is left out (the light too bright there)."""
    _, lit, found = _run(app, monkeypatch, 48, "doudizhu", _rocket, half_rate=half_rate)
    assert lit >= 16, lit  # the rocket was shown over the kept table
    assert not found, f"(frame, channels off, most) {found[:8]}"


def test_the_kept_table_under_the_light_follows_the_table(app, monkeypatch):
    """Plays land under running fireworks (the bots play every 0.3 s): the kept table under
    the light is drawn again where they land, so each frame still equals the whole frame; it
    fails when the places drawn anew are not drawn again under the light."""
    changes, lit, found = _run(app, monkeypatch, 160, "guandan", _fireworks)
    assert lit >= 60, lit
    assert changes, "no part of the table changed under the light"
    assert not found, f"(frame, channels off, most) {found[:8]}"


def test_narrower_tables_and_low_contrast_keep_the_whole_path(app):
    """Below LIT_FROM no place is shown apart; below 50 % contrast (its lift comes after the
    multiply) the look has no tone."""
    narrow = pygame.Surface((postfx.LIT_FROM - 1, 100))
    assert app.postfx.lighting(narrow, LOOKS[0]) is None
    assert app.postfx.lighting(pygame.Surface((postfx.LIT_FROM, 100)), LOOKS[0]) is not None
    assert app.postfx.tone(30, 35, 40) is None
    assert app.postfx.tone(70, 65, 60) is not None


@pytest.mark.parametrize("look", [(70, 65, 60), (50, 65, 60), (50, 0, 50), (80, 0, 30)])
def test_a_tone_adds_light_as_the_grading_does(app, look):
    """Light ``e`` over ``x``: ``G(x) + toned(e) − deficit(x)`` equals ``G(x + e)`` within
    TOLERANCE wherever ``x + e`` stays under white (every level of a grey ramp under a ramp of
    light), for the looks the tone covers."""
    contrast, grain, temperature = look
    fx = app.postfx
    tone = fx.tone(*look)
    assert tone is not None
    size = (256, 64)
    ground = pygame.Surface(size, 0, app.screen)
    light = pygame.Surface(size, 0, app.screen)
    for x in range(256):
        ground.fill((x, max(0, x - 40), min(255, x + 20)), (x, 0, 1, 64))
    for y in range(64):
        light.fill((y * 3, y * 2, y), (0, y, 256, 1))
    whole = ground.copy()
    whole.blit(light, (0, 0), None, pygame.BLEND_RGB_ADD)
    unclamped = np.frombuffer(pygame.image.tobytes(whole, "RGB"), np.uint8) < 255
    fx._grade(whole, contrast, grain, temperature)
    under = Underlay()
    under.ready(ground)
    under._tone = tone
    under._deficit(ground, ground.get_rect(), tone)
    shown = ground.copy()
    fx._grade(shown, contrast, grain, temperature)
    shown.blit(under.toned(light), (0, 0), None, pygame.BLEND_RGB_ADD)
    if tone.sink:
        assert under.deficit is not None
        shown.blit(under.deficit, (0, 0), None, pygame.BLEND_RGB_SUB)
    old = np.frombuffer(pygame.image.tobytes(whole, "RGB"), np.uint8).astype(np.int16)
    new = np.frombuffer(pygame.image.tobytes(shown, "RGB"), np.uint8).astype(np.int16)
    off = np.abs(new - old)
    off[(old == 255) | ~unclamped] = 0
    assert off.max() <= TOLERANCE, (look, int(off.max()))
    assert isinstance(tone, Tone)
