"""Post-processing: contrast and temperature 50 % and grain 0 % are the unprocessed frame pixel
for pixel; other values change it."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.grained import PATTERNS
from game.postfx import PostFX


@pytest.fixture(scope="module")
def frame() -> pygame.Surface:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    surface = pygame.Surface((640, 360))
    rng = random.Random(3)
    surface.fill((30, 90, 60))
    # A spread of colours and a full grey ramp, so every effect has something to change.
    for x in range(256):
        pygame.draw.line(surface, (x, x, x), (x, 0), (x, 40))
    for _ in range(200):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pygame.draw.circle(
            surface, colour, (rng.randrange(640), rng.randrange(40, 360)), rng.randrange(4, 30)
        )
    return surface


def processed(
    frame: pygame.Surface, contrast: int, grain: int, temperature: int, steps: int = 1
) -> pygame.Surface:
    fx = PostFX(seed=1)
    out = frame.copy()
    for _ in range(steps):
        fx.update(0.05)
    fx.apply(out, contrast, grain, temperature)
    return out


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def banded(picture: pygame.Surface, look, fx: PostFX, camera=(0, 0, 0)) -> pygame.Surface:
    """``picture`` graded whole, each band of ``fx``'s with the grain pattern it shows, the
    finished frame then moved by ``camera`` (the strips uncovered at rest) and lit."""
    out = picture.copy()
    for band, pattern in zip(fx._band_rects(out), fx._bands, strict=True):
        whole, ref = picture.copy(), PostFX(seed=4)
        assert pattern is not None  # every band of a kept frame shows a pattern
        ref._pattern = pattern
        ref.apply(whole, *look)
        out.blit(whole, band, band)
    return shaken(out, camera)


def shaken(finished: pygame.Surface, camera: tuple[int, int, int]) -> pygame.Surface:
    """A finished frame shaken and lit as issue 54's camera shows it: shifted (the strips it
    uncovers keep the picture at rest) and a warm white light added over all of it."""
    dx, dy, light = camera
    out = finished.copy()
    out.scroll(dx, dy)
    out.fill((light, light, int(light * 0.85)), special_flags=pygame.BLEND_RGB_ADD)
    return out


def test_neutral_is_the_unprocessed_frame_exactly(frame):
    assert same(processed(frame, 50, 0, 50), frame)


NEUTRAL = {"contrast": 50, "grain": 0, "temperature": 50}


@pytest.mark.parametrize("value", [0, 1, 10, 25, 49, 50, 51, 75, 100])
@pytest.mark.parametrize("effect", ["contrast", "grain", "temperature"])
def test_every_other_value_changes_the_frame(frame, effect, value):
    if value == NEUTRAL[effect]:
        return
    values = {**NEUTRAL, effect: value}
    out = processed(frame, values["contrast"], values["grain"], values["temperature"])
    assert not same(out, frame)


def test_contrast_spreads_and_flattens_the_grey_ramp(frame):
    def ramp(surface: pygame.Surface) -> tuple[int, int]:
        return surface.get_at((40, 20)).r, surface.get_at((215, 20)).r

    dark, light = ramp(frame)
    hi_dark, hi_light = ramp(processed(frame, 100, 0, 50))
    lo_dark, lo_light = ramp(processed(frame, 0, 0, 50))
    assert hi_light - hi_dark > light - dark > lo_light - lo_dark
    # Highlights saturate to white instead of turning grey when contrast goes up.
    assert processed(frame, 100, 0, 50).get_at((255, 20)).r == 255


def test_temperature_warms_and_cools(frame):
    spot = (128, 20)  # mid grey
    warm = processed(frame, 50, 0, 100).get_at(spot)
    cool = processed(frame, 50, 0, 0).get_at(spot)
    assert warm.r > warm.b
    assert cool.b > cool.r


def test_grain_moves_and_keeps_the_mean(frame):
    fx = PostFX(seed=5)
    grey = pygame.Surface((512, 256))
    grey.fill((128, 128, 128))
    first = grey.copy()
    fx.update(0.05)
    fx.apply(first, 50, 100, 50)
    second = grey.copy()
    fx.update(0.05)
    fx.apply(second, 50, 100, 50)
    assert not same(first, second), "grain must be animated, not a static pattern"
    data = pygame.image.tobytes(first, "RGB")[::3]
    mean = sum(data) / len(data)
    assert abs(mean - 128) < 4
    assert max(data) - min(data) > 40


def test_fine_and_coarse_grain_differ(frame):
    assert not same(processed(frame, 50, 20, 50), processed(frame, 50, 80, 50))


def _spread(grain: int) -> float:
    """The standard deviation the grain adds to a flat grey frame."""
    fx = PostFX(seed=5)
    grey = pygame.Surface((256, 256))
    grey.fill((128, 128, 128))
    fx.update(0.05)
    fx.apply(grey, 50, grain, 50)
    data = pygame.image.tobytes(grey, "RGB")[::3]
    mean = sum(data) / len(data)
    return math.sqrt(sum((v - mean) ** 2 for v in data) / len(data))


def test_grain_grows_from_none_at_0_to_strongest_at_100():
    """Issue 40: grain is a monotonic scale, none at 0 %, strongest at 100 %."""
    spreads = [_spread(grain) for grain in (0, 10, 30, 50, 70, 100)]
    assert spreads[0] == 0
    assert all(a < b for a, b in zip(spreads[:3], spreads[1:4], strict=True)), spreads
    # Coarse grain (above 50 %) clumps, so its per-pixel spread is lower than its look; it
    # still grows with the value.
    assert spreads[4] < spreads[5], spreads


def test_works_on_odd_sizes_and_scales():
    fx = PostFX(seed=2)
    for size, scale in (((97, 31), 1.0), ((1000, 700), 2.0), ((3, 3), 0.5)):
        fx.set_scale(scale)
        surface = pygame.Surface(size)
        surface.fill((100, 100, 100))
        fx.apply(surface, 80, 80, 20)
        assert surface.get_size() == size


@pytest.mark.parametrize("look", [(70, 65, 60), (30, 20, 80), (50, 90, 50), (80, 0, 50)])
def test_regrain_of_a_kept_frame_is_the_full_grade_with_the_new_grain(frame, look):
    """A still frame graded once (keep) and only regrained afterwards is, pixel for pixel, the
    frame graded in full with the grain pattern of that moment (issue 30)."""
    kept_fx = PostFX(seed=4)
    shown = frame.copy()
    kept_fx.apply(shown, *look, keep=True)
    assert kept_fx.regrain(shown, *look) is False  # same grain pattern: nothing to do
    full_fx = PostFX(seed=4)
    for step in range(3):
        kept_fx.update(0.05)
        full_fx.update(0.05)
        fresh = frame.copy()
        full_fx.apply(fresh, *look)
        # A new pattern reaches the picture one band a frame (issue 54), the top one first;
        # no grain (0 %): the kept frame is already right and stays as it is.
        bands = kept_fx._band_rects(shown)
        for band in bands if look[1] else []:
            assert kept_fx.regrain(shown, *look) is True
            top = shown.subsurface(band)
            assert same(top, fresh.subsurface(band)), (step, band)
        assert kept_fx.regrain(shown, *look) is False
        assert same(shown, fresh), step


def test_regrain_needs_a_kept_frame_of_the_same_look_and_size(frame):
    fx = PostFX(seed=4)
    out = frame.copy()
    assert fx.regrain(out, 70, 65, 60) is None  # nothing kept yet
    fx.apply(out, 70, 65, 60)
    assert fx.regrain(out, 70, 65, 60) is None  # graded without keep
    fx.apply(out, 70, 65, 60, keep=True)
    assert fx.regrain(out, 71, 65, 60) is None  # another look
    assert fx.regrain(pygame.Surface((64, 64)), 70, 65, 60) is None  # another size
    fx.set_scale(2.0)
    assert fx.regrain(out, 70, 65, 60) is None  # the grain's size changed


@pytest.mark.parametrize("look", [(70, 65, 60), (30, 20, 80), (50, 90, 50), (80, 0, 50)])
def test_regrade_of_changed_places_is_the_full_grade_of_the_new_picture(frame, look):
    """Issue 30: places of a kept frame drawn anew and graded there only (overlapping, at
    the edges, with and without a new grain pattern) equal the whole new picture graded."""
    places_fx, full_fx = PostFX(seed=4), PostFX(seed=4)
    shown = frame.copy()
    places_fx.apply(shown, *look, keep=True)
    picture = frame.copy()
    rng = random.Random(9)
    for step in range(6):
        rects = [
            pygame.Rect(rng.randrange(600), rng.randrange(330), rng.randrange(1, 80), 30)
            for _ in range(3)
        ] + [pygame.Rect(0, 350, 640, 10)]
        for rect in rects:  # the new picture differs from the kept one in those places
            picture.fill((rng.randrange(256), rng.randrange(256), 40), rect.inflate(-4, -4))
        if step % 2:  # a new grain pattern every other frame
            places_fx.update(0.05)
            full_fx.update(0.05)
        changed = places_fx.regrade(shown, picture, rects, *look)
        # A new pattern reaches the top band with it, the bottom one the frame after.
        bands = places_fx._band_rects(shown)
        refreshed = [] if not look[1] or step == 0 else [bands[step % 2 == 0]]
        assert changed == refreshed + rects, step
        assert same(shown, banded(picture, look, places_fx)), step
        if step % 2 == 0 or not look[1]:  # every band caught up: the whole new picture
            whole = picture.copy()
            full_fx.apply(whole, *look)
            assert same(shown, whole), step
    assert PostFX(seed=4).regrade(shown, picture, rects, *look) is None  # nothing kept


def test_places_across_the_band_a_new_pattern_reaches_equal_the_whole_new_picture(frame):
    """Issue 54: places across both band edges, changed every frame while a new grain
    pattern reaches one band a frame, equal the new picture graded with each band's pattern
    (the random places of the test above seldom cross an edge)."""
    look = (70, 65, 60)
    places_fx = PostFX(seed=4)
    shown = frame.copy()
    places_fx.apply(shown, *look, keep=True)
    picture = frame.copy()
    rects = [pygame.Rect(100, 150, 200, 60), pygame.Rect(400, 0, 90, 360)]
    for step in range(5):
        for index, rect in enumerate(rects):
            picture.fill((40 * step + 30 * index, 200 - 30 * step, 90), rect)
        places_fx.update(0.05)  # a new grain pattern every frame
        places_fx.regrade(shown, picture, rects, *look)
        assert same(shown, banded(picture, look, places_fx)), step


@pytest.mark.parametrize("look", [(70, 65, 60), (50, 0, 50), (30, 20, 80)])
def test_the_cameras_shake_and_light_on_kept_places_equal_the_whole_frame_shaken(
    frame, look: tuple[int, int, int]
):
    """Issue 54: a shaking, flashing table (places drawn anew into the finished frame at rest,
    which is shown shifted and lit) equals the whole new picture graded, grained band by band
    and then moved by the same camera, frame for frame, and back at rest."""
    places_fx = PostFX(seed=4)
    shown = frame.copy()
    places_fx.apply(shown, *look, keep=True)
    picture = frame.copy()
    rng = random.Random(3)
    cameras = [(6, -3, 40), (-7, 2, 25), (0, 5, 0), (3, 0, 10), (0, 0, 0), (0, 0, 0)]
    for step, camera in enumerate(cameras):
        rect = pygame.Rect(rng.randrange(500), rng.randrange(300), 60, 30)
        picture.fill((rng.randrange(256), 90, 40), rect)
        if step % 2:
            places_fx.update(0.05)
        changed = places_fx.regrade(shown, picture, [rect], *look, camera)
        moved = camera != (0, 0, 0) or cameras[step - 1] != (0, 0, 0)
        if moved:
            assert changed == [shown.get_rect()], step
            assert same(shown, banded(picture, look, places_fx, camera)), step
        else:  # at rest with a new pattern: its top band first (issue 54)
            top = places_fx._band_rects(shown)[0]
            assert changed == ([top, rect] if look[1] and step % 2 else [rect]), step
            assert same(shown, banded(picture, look, places_fx)), step


@pytest.mark.parametrize("look", [(70, 65, 60), (50, 0, 50)])
@pytest.mark.parametrize("camera", [(0, 0, 60), (5, -3, 30), (-4, 0, 0)])
def test_places_under_a_camera_that_holds_equal_the_whole_frame_moved(
    frame, look: tuple[int, int, int], camera: tuple[int, int, int]
):
    """Issue 54: while the camera holds (a flash's light steps at 30 Hz), a frame shows only
    the places drawn anew, shifted and lit, and a new grain pattern one band a frame, as at
    rest; it equals the whole new picture graded and moved by that camera, band by band."""
    fx = PostFX(seed=4)
    shown = frame.copy()
    fx.apply(shown, *look, keep=True)
    picture = frame.copy()
    fx.regrade(shown, picture, [], *look, camera)  # the camera moves: the whole frame anew
    rects = [pygame.Rect(0, 100, 70, 200), pygame.Rect(600, 330, 40, 30)]  # at the edges too
    rng = random.Random(5)
    for step in range(5):
        rects.append(pygame.Rect(rng.randrange(560), rng.randrange(300), 80, 60))
        for rect in rects[-3:]:
            picture.fill((rng.randrange(256), 60 + 30 * step, 90), rect)
        if step % 2:
            fx.update(0.05)
        changed = fx.regrade(shown, picture, rects[-3:], *look, camera)
        assert changed is not None and shown.get_rect() not in changed, step
        assert same(shown, banded(picture, look, fx, camera)), step
        assert fx.regrain(shown, *look, camera) in (True, False)
        assert same(shown, banded(picture, look, fx, camera)), step


def test_a_still_frame_follows_the_camera_and_comes_back_to_rest(frame):
    fx, full = PostFX(seed=4), PostFX(seed=4)
    shown = frame.copy()
    fx.apply(shown, 70, 65, 60, keep=True)
    for camera in ((4, 4, 30), (-4, 2, 0), (0, 0, 0)):
        assert fx.regrain(shown, 70, 65, 60, camera) is True
        whole = frame.copy()
        full.apply(whole, 70, 65, 60, camera=camera)
        assert same(shown, whole), camera
    assert fx.regrain(shown, 70, 65, 60) is False  # at rest, the same grain: nothing to do


@pytest.mark.parametrize("light", [1, 25, 40, 200])
@pytest.mark.parametrize("grain", [20, 65, 90])
def test_the_shake_and_flash_move_and_light_the_finished_frame(frame, light, grain):
    """Issue 54: the camera shifts and lights the finished frame (graded and grained): the
    grain moves with the picture and the flash is not graded."""
    whole, apart = PostFX(seed=4), PostFX(seed=4)
    shown, finished = frame.copy(), frame.copy()
    whole.apply(shown, 70, grain, 60, camera=(3, -2, light))
    apart.apply(finished, 70, grain, 60)
    assert same(shown, shaken(finished, (3, -2, light)))


def test_the_grain_cycles_a_few_patterns_made_once_per_seed():
    """Issue 54: the grain draws from a set of patterns made once per seed, never the same
    twice running, and the same sequence for the same seed."""

    def shown(seed: int) -> list[tuple[int, int, int]]:
        fx = PostFX(seed=seed)
        patterns = []
        for _ in range(60):
            fx.update(1 / 24)
            patterns.append(fx._pattern)
        return patterns

    sequence = shown(4)
    assert sequence == shown(4) and sequence != shown(5)
    assert len(set(sequence)) == PATTERNS
    assert all(a != b for a, b in zip(sequence, sequence[1:], strict=False))


@pytest.mark.parametrize("look", [(70, 65, 60), (30, 20, 80)])
def test_idle_frames_from_the_grained_copies_equal_the_uncached_path(
    frame, look: tuple[int, int, int], monkeypatch
):
    """Issue 54: a still picture's new grain comes from its grained copy of the pattern once
    that pattern has reached each band; every frame equals the picture graded whole with each
    band's pattern (the uncached path), also after the picture changed in a place, after the
    camera moved and came back to rest, and after it was drawn whole anew (the same picture:
    the copies stay; another: they go), and the copies are used (no grain drawn for them).
    The picture is drawn whole twice first: copies are made for a picture that stayed still."""
    fx = PostFX(seed=4)
    shown = frame.copy()
    for _ in range(2):
        shown.blit(frame, (0, 0))
        fx.apply(shown, *look, keep=True)
    picture = frame.copy()
    drawn: list[pygame.Rect] = []
    show_part = fx._show_part

    def counted(frame: pygame.Surface, grain: int, part: pygame.Rect, pattern=None) -> None:
        drawn.append(part)
        show_part(frame, grain, part, pattern)

    monkeypatch.setattr(fx, "_show_part", counted)
    rect = pygame.Rect(200, 100, 80, 60)
    for step in range(70):
        if step == 30:  # the picture changes in a place: the copies no longer hold it
            picture.fill((200, 30, 90), rect)
            fx.regrade(shown, picture, [rect], *look)
        if step == 40:  # a shake held over new patterns (its grain held), then back to rest
            shake = (3, 2, 20)
            assert fx.regrain(shown, *look, shake) is True  # the whole picture anew
            for _ in range(PATTERNS):
                fx.update(1 / 24)
                for _ in fx._band_rects(shown):  # a moved camera holds the grain
                    assert fx.regrain(shown, *look, shake) is False
                    assert same(shown, banded(picture, look, fx, shake)), step
            assert fx.regrain(shown, *look) is True
        if step in (50, 55):  # drawn whole anew: the same picture, then a changed one
            if step == 55:
                picture.fill((20, 200, 90), rect.move(100, 50))
            shown.blit(picture, (0, 0))
            fx.apply(shown, *look, keep=True)
        fx.update(1 / 24)
        drawn.clear()
        for _ in fx._band_rects(shown):
            assert fx.regrain(shown, *look) is True
            assert same(shown, banded(picture, look, fx)), step
        if step in (20, 29, 40, 50, 54, 69):  # every pattern shown since the picture changed
            assert drawn == [], step
        if step in (0, 30, 55):  # the first pattern after a change is grained anew
            assert len(drawn) == 2, step


def test_grained_copies_are_made_only_for_a_picture_still_through_a_whole_redraw(frame):
    """Issue 54: a picture kept once (a moment's tail, a pause between plays) is grained
    directly, its bands as the uncached path shows them, and makes no copy; drawn whole anew
    and found the same, it makes them; made once, they serve the next picture at once."""
    look = (70, 65, 60)
    fx = PostFX(seed=4)
    shown = frame.copy()
    fx.apply(shown, *look, keep=True)
    for _ in range(8):
        fx.update(1 / 24)
        for _ in fx._band_rects(shown):
            assert fx.regrain(shown, *look) is True
            assert same(shown, banded(frame, look, fx))
    assert fx._grained._copies == {}  # fails when a picture kept once makes copies
    shown.blit(frame, (0, 0))
    fx.apply(shown, *look, keep=True)  # the same picture: it stayed still
    for _ in range(40):
        fx.update(1 / 24)
        for _ in fx._band_rects(shown):
            assert fx.regrain(shown, *look) is True
            assert same(shown, banded(frame, look, fx))
    made = dict(fx._grained._copies)
    assert len(made) == PATTERNS
    other = frame.copy()
    other.fill((200, 30, 90), pygame.Rect(200, 100, 80, 60))
    shown.blit(other, (0, 0))
    fx.apply(shown, *look, keep=True)  # another picture, kept once: the copies made serve it
    fx.update(1 / 24)
    for _ in fx._band_rects(shown):
        assert fx.regrain(shown, *look) is True
        assert same(shown, banded(other, look, fx))
    assert fx._grained.holds(fx._pattern, 0) and fx._grained._copies == made


def test_a_4k_picture_keeps_no_grained_copies():
    """Issue 54: the grained copies are bounded (about 48 MB at 1920×1080): a 3840×2080
    picture keeps none and is grained as before."""
    big = pygame.Surface((3840, 2080))
    fx = PostFX(seed=4)
    fx.apply(big, 70, 65, 60, keep=True)
    fx.update(1 / 24)
    assert fx.regrain(big, 70, 65, 60) is True
    assert fx._grained.copy(big, fx._pattern) is None
    small = pygame.Surface((1920, 1040))
    fx._grained.settle()  # a still picture (the copies are made for one)
    assert fx._grained.copy(small, fx._pattern) is not None


@pytest.mark.parametrize(
    "look", [(70, 65, 60), (30, 20, 80), (50, 90, 50), (80, 0, 50), (50, 0, 50)]
)
def test_places_graded_where_they_were_drawn_equal_the_places_graded_in_the_kept_frame(
    frame, look: tuple[int, int, int]
):
    """Issue 54: a canvas drawn anew each frame may be graded where it lies (``spare``, a
    pass fewer over the places that overlap no other): the frames shown equal those of the
    kept frame's grading, overlapping places too."""
    spared, copied = PostFX(seed=4), PostFX(seed=4)
    shown, expected = frame.copy(), frame.copy()
    spared.apply(shown, *look, keep=True)
    copied.apply(expected, *look, keep=True)
    picture = frame.copy()
    rng = random.Random(11)
    for step in range(6):
        rects = [pygame.Rect(rng.randrange(560), rng.randrange(300), 80, 60) for _ in range(2)]
        rects += [pygame.Rect(0, 200, 100, 40), pygame.Rect(50, 220, 100, 40)]  # overlapping
        for rect in rects:
            picture.fill((rng.randrange(256), 40 * step, 200), rect.inflate(-6, -6))
        camera = (2, -1, 30) if step == 3 else (0, 0, 0)
        for fx in (spared, copied):
            fx.update(0.03)
        copied.regrade(expected, picture, rects, *look, camera)
        spared.regrade(shown, picture.copy(), rects, *look, camera, spare=True)
        assert same(shown, expected), step


def test_a_wide_picture_takes_new_grain_a_quarter_at_a_time_in_turn():
    """From 2560 wide (issue 54) a new grain pattern reaches a kept still picture in four
    bands taken in turn: while new patterns keep coming no band shows an old one more than
    three frames running, and each frame equals the picture graded whole with each band's own
    pattern. A narrower picture keeps its two bands."""
    picture = pygame.Surface((2560, 48))
    for x in range(0, 2560, 3):
        pygame.draw.line(picture, (x % 256, 90, (x // 7) % 256), (x, 0), (x, 48))
    look = (70, 65, 60)
    fx, shown = PostFX(seed=4), picture.copy()  # the seed of banded's noise
    fx.apply(shown, *look, keep=True)
    assert len(fx._bands) == 4
    stale = [0] * 4  # frames running each band has shown another pattern than the current
    longest = 0
    for index in range(1, 61):
        fx.update(1 / 60)
        fx.regrain(shown, *look)
        for band in range(4):
            stale[band] = stale[band] + 1 if fx._bands[band] != fx._pattern else 0
        longest = max(longest, *stale)
        assert same(shown, banded(picture, look, fx)), index
    assert longest <= 3, longest
    narrow = picture.subsurface((0, 0, 2559, 48)).copy()
    fx.apply(narrow, *look, keep=True)
    assert len(fx._bands) == 2


def test_the_finished_frame_a_shake_needs_is_made_with_the_kept_picture(frame):
    """Issue 54: a shake's first step made the finished frame (2–10 ms at 1080, 18 at 4K, in
    the middle of a moment); it is made when a picture is first kept, once per size, and the
    shake only copies into it. The picture shown through the camera is unchanged."""
    fx = PostFX(seed=1)
    out = frame.copy()
    fx.apply(out, 70, 65, 60, keep=True)
    made = fx.lens.finished
    assert made is not None and made.get_size() == out.get_size()
    fx.apply(out, 70, 65, 60, keep=True)
    assert fx.lens.finished is made  # the same size: not made again
    assert fx.regrain(out, 70, 65, 60, camera=(6, -4, 40)) is True
    assert fx.lens.finished is made  # the shake's first step copied into it
    plain = PostFX(seed=1)
    expected = frame.copy()
    plain.apply(expected, 70, 65, 60, keep=True)
    plain.apply(expected, 70, 65, 60, keep=True)
    plain.lens.finished = None  # as before: made at the shake's first step
    plain.regrain(expected, 70, 65, 60, camera=(6, -4, 40))
    assert pygame.image.tobytes(out, "RGB") == pygame.image.tobytes(expected, "RGB")
    bigger = pygame.transform.scale(frame, (800, 450))
    fx.apply(bigger, 70, 65, 60, keep=True)
    assert fx.lens.finished is not made and fx.lens.finished.get_size() == (800, 450)
