"""Sprites made before they are due (issue 54, game/widgets/fx/rehearsal.py): an effect's twin
runs ahead of it and its sprites are made within a budget a frame, the same sprites the effect
draws and no others; the pictures are unchanged; reduced motion and "off" make nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.widgets.fx import Anchor, Effect, EffectPlayer, Motion, sprites
from game.widgets.fx import rehearsal as rehearsal_module
from game.widgets.fx.kept import Kept, noting
from game.widgets.fx.particles import Burst, Particles
from game.widgets.fx.rehearsal import Rehearsal, Stage, rehearse

SCREEN = pygame.Rect(0, 0, 960, 540)
#: The kinds tried, at strengths that throw, ring, shake and flash.
TRIED = (("rocket", 2.2), ("bomb", 2.0), ("fireworks", 2.0), ("sparkle", 1.0), ("glow", 1.0))


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def _kept() -> list[Kept[..., object]]:
    return [value for value in vars(sprites).values() if isinstance(value, Kept)]


@pytest.fixture(autouse=True)
def cold() -> Iterator[None]:
    """Every sprite cache empty before and after (each test counts what it makes)."""
    for cache in _kept():
        cache.cache_clear()
    yield
    for cache in _kept():
        cache.cache_clear()


def _made() -> dict[str, int]:
    return {cache.name: cache.cache_info().currsize for cache in _kept()}


def _player(speed: str = "normal", reduced: bool = False) -> EffectPlayer:
    fx = EffectPlayer(lambda: Motion(speed, reduced), seed=7)
    fx.place(0.5, SCREEN)
    return fx


def _anchor() -> Anchor:
    return Anchor((480.0, 400.0), to=(480.0, 60.0), area=pygame.Rect(440, 380, 80, 42))


def _frames(
    fx: EffectPlayer, name: str, strength: float, *, budget: float | None
) -> tuple[list[bytes], list[dict[str, int]]]:
    """Start ``name`` and draw it frame by frame on a felt: each frame's picture and the
    sprites kept after it (``budget``: each frame's rehearsal budget, None the game's)."""
    fx.start(name, _anchor(), strength)
    pictures, made = [], []
    surface = pygame.Surface(SCREEN.size)
    for _ in range(200):
        if not fx.active:
            break
        fx.update(1 / 60)
        if budget is not None:  # the frame's rehearsal again, with the test's budget
            fx.rehearsals = rehearse(fx.rehearsals, Stage(SCREEN), budget)
        surface.fill((20, 70, 50))
        fx.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
        made.append(_made())
    return pictures, made


@pytest.mark.parametrize(("name", "strength"), TRIED)
def test_the_twin_makes_the_effects_sprites_before_their_frames(name: str, strength: float) -> None:
    """With budget enough, every sprite the effect draws is made before its first frame
    (no frame then makes one), and the sprites made are those the effect makes alone."""
    pictures, made = _frames(_player(), name, strength, budget=10.0)
    assert made and all(after == made[0] for after in made), "a frame made a new sprite"
    for cache in _kept():
        cache.cache_clear()
    alone, made_alone = _frames(_player(), name, strength, budget=0.0)
    assert pictures == alone  # the same pictures, frame for frame
    assert made[-1] == made_alone[-1]  # the same sprites: none made that is not drawn


def test_the_games_budget_gets_there_too() -> None:
    """At the game's budget the rocket's sprites are made by the rehearsal, a few a frame,
    and still none that the rocket does not draw."""
    _, made = _frames(_player(), "rocket", 2.2, budget=None)
    for cache in _kept():
        cache.cache_clear()
    _, made_alone = _frames(_player(), "rocket", 2.2, budget=0.0)
    assert made[-1] == made_alone[-1]


@pytest.mark.parametrize(("speed", "reduced"), [("normal", True), ("off", False)])
def test_reduced_motion_and_off_rehearse_nothing(speed: str, reduced: bool) -> None:
    fx = _player(speed, reduced)
    for name, strength in TRIED:
        fx.start(name, _anchor(), strength)
    assert fx.rehearsals == []
    fx.update(1 / 60)
    assert sum(_made().values()) == 0


def test_a_frames_rehearsal_stops_at_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each step of a rehearsal (one sprite, or one frame of the twin) is begun only while
    the frame's budget lasts: a clock that moves 1 ms a look allows three in 3.5 ms."""
    fx = _player()
    fx.start("rocket", _anchor(), 2.2)
    pair = fx.rehearsals[0]
    steps: list[float] = []
    advance = Rehearsal.advance

    def counted(self: Rehearsal, effect: Effect, stage: Stage) -> None:
        steps.append(self.twin.t)
        advance(self, effect, stage)

    monkeypatch.setattr(Rehearsal, "advance", counted)
    ticks = iter(range(1000))
    left = rehearse([pair], Stage(SCREEN), 0.0035, clock=lambda: next(ticks) / 1000.0)
    assert len(steps) == 3 and left == [pair]


def test_noting_makes_nothing_and_stands_in() -> None:
    """While noting, a sprite not kept is noted and a stand-in returned; made later, it is
    the sprite itself."""
    with noting() as noted:
        image = sprites.glow(40, (255, 200, 100), 8)
        pieces = sprites.ring_pieces(200, 6, (255, 200, 100), 8)
    assert image.get_size() == (1, 1) and pieces == ()
    assert sum(_made().values()) == 0 and len(noted) == 2
    for make in noted.values():
        make()
    assert sprites.glow(40, (255, 200, 100), 8).get_size() == (81, 81)
    assert _made()["glow"] == 1 and _made()["ring_pieces"] == 1


def test_a_table_4k_wide_rehearses_nothing() -> None:
    """From REHEARSED_BELOW wide nothing is rehearsed (a big sprite there takes longer to make
    than a frame's budget); just below it, the effect is."""
    for width, rehearsed in ((rehearsal_module.REHEARSED_BELOW, False), (2559, True)):
        fx = EffectPlayer(lambda: Motion("normal", False), seed=7)
        fx.place(width / 1920, pygame.Rect(0, 0, width, width * 9 // 16))
        fx.start("rocket", _anchor(), 2.2)
        assert bool(fx.rehearsals) is rehearsed


def test_the_particles_area_is_kept_until_they_move() -> None:
    """The particles' area is worked out once a frame (it is asked for several times), and
    anew as soon as they move or more are thrown: always what they cover now."""
    cloud = Particles(random.Random(4), gravity=90.0)
    cloud.burst((100.0, 100.0), Burst(12, size=(2.0, 5.0)))
    first = cloud.area()
    assert first is not None and first == cloud.area()
    first.width = 0  # a caller's copy: the kept one is not changed
    assert cloud.area() != first
    for _ in range(30):
        cloud.update(1 / 60)
        assert cloud.area() == _cover(cloud)
    cloud.burst((400.0, 300.0), Burst(3))
    assert cloud.area() == _cover(cloud)
    cloud.take()
    assert cloud.area() is None


def _cover(cloud: Particles) -> pygame.Rect | None:
    """The area worked out from scratch."""
    return cloud._cover()


def test_the_rehearsal_gets_one_budget_a_60th_of_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 54: the app updates 120 times a second; the running effects' rehearsal gets its
    frame's budget once a 60th of a second (twice it had up to 9 ms of one 1080 frame)."""
    from game.widgets.fx import player as player_module

    fx = _player()
    fx.start("rocket", _anchor(), 2.2)
    calls: list[int] = []

    def counted(pairs, stage, budget=None, clock=None):  # noqa: ANN001, ANN202
        calls.append(len(pairs))
        return pairs

    monkeypatch.setattr(player_module, "rehearse", counted)
    for _ in range(12):  # a tenth of a second in the app's steps
        fx.update(1 / 120)
    assert len(calls) == 6  # fails when each step rehearses
    for _ in range(3):  # a 60th of a second or more at once: one budget each call
        fx.update(1 / 30)
    assert len(calls) == 9
