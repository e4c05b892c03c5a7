"""The shared effects layer (issue 54): easing, tweens and count-ups, particles, every kind
of effect, and the player that honours speed, reduced motion and skipping."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.widgets.fx import KINDS, MAX_HOLD, Anchor, CountUp, EffectPlayer, Motion, Tween
from game.widgets.fx.easing import EASINGS, ease
from game.widgets.fx.particles import Burst, Particles

SIZE = (480, 270)
STRENGTHS = (0.5, 1.0, 2.0, 3.0)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def anchor(dx: int = 0, dy: int = 0) -> Anchor:
    """The anchor every kind is tried at (moved by ``dx``, ``dy``)."""
    card = pygame.Surface((30, 42))
    card.fill((240, 236, 226))
    return Anchor(
        (240.0 + dx, 150.0 + dy),
        to=(420.0 + dx, 40.0 + dy),
        area=pygame.Rect(200 + dx, 130 + dy, 80, 42),
        points=((205.0 + dx, 150.0 + dy), (225.0 + dx, 150.0 + dy), (245.0 + dx, 150.0 + dy)),
        images=(
            (card, pygame.Rect(60 + dx, 100 + dy, 30, 42)),
            (card, pygame.Rect(380 + dx, 100 + dy, 30, 42)),
        ),
        steps=2,
        span=0.3,
    )


def player(
    speed: str = "normal",
    reduced: bool = False,
    seed: int = 5,
    scale: float = 0.5,
    screen: pygame.Rect | None = None,
) -> EffectPlayer:
    made = EffectPlayer(lambda: Motion(speed, reduced), seed=seed)
    made.place(scale, screen or pygame.Rect((0, 0), SIZE))
    return made


def run(fx: EffectPlayer, frames: int, dt: float = 1 / 60) -> list[bytes]:
    """Each frame's picture: the effects over a plain felt, lit and shaken."""
    pictures = []
    for _ in range(frames):
        fx.update(dt)
        surface = pygame.Surface(SIZE)
        surface.fill((20, 70, 50))
        fx.draw(surface)
        fx.apply_camera(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    return pictures


# --- easing, tweens, count-ups ---------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_curve_starts_at_0_and_ends_at_1(name):
    assert ease(name, 0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(name, 1.0) == pytest.approx(1.0, abs=1e-9)
    assert ease(name, -3.0) == ease(name, 0.0) and ease(name, 9.0) == ease(name, 1.0)


def test_an_unknown_curve_names_the_known_ones():
    with pytest.raises(KeyError, match="easeOutBack"):
        ease("easeSideways", 0.5)


def test_a_tween_waits_for_its_delay_and_lands_on_its_end():
    tween = Tween(10.0, 30.0, 0.5, delay=0.2, easing="easeOutBack")
    assert tween.at(0.0) == 10.0 and tween.at(0.2) == 10.0
    assert tween.at(0.7) == pytest.approx(30.0) and tween.done(0.7) and not tween.done(0.69)
    assert max(tween.at(0.2 + k / 100) for k in range(51)) > 30.0  # the back curve overshoots


@given(
    start=st.integers(-500, 500),
    end=st.integers(-500, 500),
    times=st.lists(st.floats(0.0, 2.0), min_size=1, max_size=30),
)
def test_a_count_up_moves_one_way_and_never_passes_its_end(start, end, times):
    count = CountUp(start, end, duration=0.8, delay=0.1)
    shown = [count.value(t) for t in sorted(times)]
    low, high = min(start, end), max(start, end)
    assert all(low <= value <= high for value in shown)
    assert shown == (sorted(shown) if end >= start else sorted(shown, reverse=True))
    assert count.value(0.9) == end and count.value(0.0) == start


# --- particles ----------------------------------------------------------------------------------
def test_particles_move_the_same_whatever_the_frame_rate():
    import random

    def cloud(steps: list[float]) -> list[tuple[float, float]]:
        made = Particles(random.Random(3), gravity=200.0, drag=1.0)
        made.burst((100.0, 100.0), Burst(30, life=(2.0, 3.0)))
        for dt in steps:
            made.update(dt)
        return [(p.x, p.y) for p in made.items]

    assert cloud([1 / 30] * 30) == cloud([1 / 60] * 60) == cloud([1 / 120] * 120)


# --- the kinds and the player ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_repeats_frame_for_frame_for_its_seed(name):
    first, second = player(seed=9), player(seed=9)
    for fx in (first, second):
        fx.start(name, anchor(), 2.0, variant="wings")
    assert run(first, 40) == run(second, 40)
    other = player(seed=10)
    other.start(name, anchor(), 2.0, variant="wings")
    assert len(run(other, 40)) == 40  # another seed runs too (it may throw differently)


@pytest.mark.parametrize("name", sorted(KINDS))
@pytest.mark.parametrize("strength", STRENGTHS)
def test_reduced_motion_leaves_no_shake_no_flash_no_particles(name, strength):
    fx = player(reduced=True)
    fx.start(name, anchor(), strength)
    for _ in range(120):
        fx.update(1 / 60)
        assert fx.offset() == (0, 0) and fx.flash() == 0 and not fx.whole()
        assert all(not effect.particles.items for effect in fx.effects)
        assert all(effect.shaking is None for effect in fx.effects)


def test_reduced_motion_is_what_takes_away_the_shake_and_flash():
    """The same big bomb without reduced motion shakes and flashes (the test above can fail)."""
    fx = player()
    fx.start("bomb", anchor(), 2.0)
    seen = []
    for _ in range(20):
        fx.update(1 / 60)
        seen.append((fx.offset(), fx.flash()))
    assert any(offset != (0, 0) for offset, _ in seen) and any(light for _, light in seen)
    assert any(effect.particles.items for effect in fx.effects)


@pytest.mark.parametrize("name", ["bomb", *sorted(set(KINDS) - {"bomb"})])
def test_the_camera_moves_30_times_a_second(name):
    """Issue 54: a shake's place and a flash's light change at most once per 1/30 s, so at
    60 fps every other frame holds the camera (and draws only its moving places)."""
    fx = player()
    fx.start(name, anchor(), 2.0)
    cameras = []
    for _ in range(120):  # 60 fps for 2 s, from the effect's start
        fx.update(1 / 60)
        cameras.append((fx.offset(), fx.flash()))
    changes = [i for i in range(1, 120) if cameras[i] != cameras[i - 1]]
    if changes:  # about every other frame (a shake starting between steps shows at once)
        assert len(changes) <= (changes[-1] - changes[0]) // 2 + 3, changes
    if name == "bomb":  # it does move (else this would prove nothing)
        assert len(changes) >= 8, changes


@pytest.mark.parametrize("name", sorted(KINDS))
@pytest.mark.parametrize("strength", STRENGTHS)
def test_no_effect_holds_the_table_longer_than_the_limit(name, strength):
    normal, fast = player(), player("fast")
    held = normal.start(name, anchor(), strength)
    assert 0.0 <= held <= MAX_HOLD
    assert fast.start(name, anchor(), strength) == pytest.approx(held / 2)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_ends_and_stays_on_the_screen(name):
    fx = player()
    fx.start(name, anchor(), 3.0, variant="wings")
    screen = pygame.Rect((0, 0), SIZE)
    for _ in range(60 * 4):
        fx.update(1 / 60)
        assert all(screen.contains(rect) for rect in fx.areas())
        if not fx.active:
            break
    assert not fx.active, f"{name} still runs after 4 s"


def test_off_starts_nothing_and_fast_ends_sooner():
    off = player("off")
    assert off.start("rocket", anchor(), 3.0) == 0.0 and not off.active
    normal, fast = player(), player("fast")
    for fx in (normal, fast):
        fx.start("fireworks", anchor(), 2.0)
    frames = {}
    for label, fx in (("normal", normal), ("fast", fast)):
        count = 0
        while fx.active:
            fx.update(1 / 60)
            count += 1
        frames[label] = count
    assert frames["fast"] < frames["normal"] * 0.6


def test_skip_ends_every_effect_at_once():
    fx = player()
    fx.start("bomb", anchor(), 2.0)
    fx.start("coins", anchor(), 3.0)
    fx.update(1 / 60)
    assert fx.skip() and not fx.active and fx.offset() == (0, 0) and fx.flash() == 0
    assert not fx.skip()


def test_the_effects_of_a_deal_repeat_after_a_reseed():
    fx = player(seed=1)
    fx.start("fireworks", anchor(), 2.0)
    before = run(fx, 30)
    fx.skip()
    fx.reseed(1)
    fx.start("fireworks", anchor(), 2.0)
    assert run(fx, 30) == before


def test_an_unknown_kind_names_the_known_ones():
    with pytest.raises(KeyError, match="rocket"):
        player().start("confetti-cannon", anchor())


@pytest.mark.parametrize("scale", [0.5, 2 / 3])
@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_draws_only_inside_the_place_it_reports(name, scale):
    """A frame is drawn again only in the places effects report (issue 30's moving places),
    also while the camera shakes or flashes (the camera is no place): each effect's pixels
    must lie inside its ``area()``, frame after frame. The table lies in the middle of a
    canvas three times its size, so what reaches past the table is seen too."""
    width, height = SIZE
    fx = player(scale=scale, screen=pygame.Rect(width, height, width, height))
    fx.start(name, anchor(width, height), 2.5, variant="wings")
    for index in range(150):
        fx.update(1 / 60)
        for effect in fx.effects:
            surface = pygame.Surface((3 * width, 3 * height))
            effect.draw(surface)
            mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
            mask.invert()
            drawn = mask.get_bounding_rects()
            area = effect.area()
            if drawn:
                assert area is not None, (name, index)
                outside = [r for r in drawn if not area.inflate(2, 2).contains(r)]
                assert not outside, (name, index, outside, area)


def test_a_charts_trend_is_smoothed_over_five_and_streaks_count_wins_in_a_row():
    from game.widgets.chart import smoothed, streaks

    assert smoothed([10, 0, 0, 0, 0, 0]) == [10, 5, 10 / 3, 2.5, 2, 0]
    assert smoothed([]) == []
    assert streaks([True, True, False, True, True, True, False, True]) == (1, 3)
    assert streaks([False, True, True]) == (2, 2) and streaks([]) == (0, 0)


@pytest.mark.parametrize(
    ("radius", "width"),
    [(3, 1), (12, 6), (40, 5), (72, 6), (74, 5), (97, 10), (260, 20), (333, 1), (741, 20)],
)
def test_a_ring_added_without_its_hollow_equals_the_whole_square_added(radius, width):
    """A big ring is added in four pieces round its black middle, a bigger one in the pieces
    round its arc kept apart (issue 54): the picture is the same as the whole square added,
    and the middle left out is black."""
    from game.widgets.fx import sprites

    image = sprites.ring(radius, width, (255, 206, 110), 6)
    half = sprites.hollow(radius, width)
    middle = image.get_width() // 2
    inside = pygame.Rect(middle - half, middle - half, 2 * half, 2 * half)
    if half:
        middle_part = image.subsurface(inside)
        black = pygame.mask.from_threshold(middle_part, (0, 0, 0), (1, 1, 1, 255))
        assert black.count() == inside.width * inside.height
    side = image.get_width() + 40
    ground = pygame.Surface((side, side))
    for y in range(0, side, 7):  # a background that is not flat
        pygame.draw.line(ground, (30 + y % 90, 80, 50 + y % 60), (0, y), (side, y), 3)
    whole, pieces = ground.copy(), ground.copy()
    centre = (side / 2 + 3, side / 2 - 5)
    sprites.blit_added(whole, image, centre)
    sprites.blit_ring(pieces, radius, width, (255, 206, 110), 6, centre)
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(pieces, "RGB")
    if image.get_width() >= sprites.BIG_RING:  # no pixel of the arc is added twice
        arc = [pygame.Rect(at, p.get_size()) for p, at in sprites.ring_pieces(radius, width,
               (255, 206, 110), 6)]  # fmt: skip
        assert all(a.collidelist(arc[i + 1 :]) < 0 for i, a in enumerate(arc))
