"""Particles: sparks, stars, dust, confetti and coins thrown from a point, moved by a fixed
step (so a run is the same for the same seed whatever the frame rate) and drawn as kept
sprites (:mod:`game.widgets.fx.sprites`), many in one ``fblits`` call."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.widgets.fx import sprites

#: The physics step in seconds: frames of any length are cut into these.
STEP = 1.0 / 120.0
Range = tuple[float, float]
Colour = sprites.Colour


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    size: int
    colour: Colour
    shape: str
    age: float = 0.0
    spin: float = 0.0


@dataclass(frozen=True)
class Burst:
    """How a burst throws its particles: ``speed`` in pixels a second, ``angle`` in radians
    (0 to the right, −π/2 straight up), ``life`` in seconds, ``size`` in pixels (the
    sprite's radius), ``spread`` the random offset of their start."""

    count: int
    speed: Range = (80.0, 240.0)
    angle: Range = (0.0, math.tau)
    life: Range = (0.5, 0.9)
    size: Range = (3.0, 6.0)
    colours: tuple[Colour, ...] = ((255, 214, 120),)
    shape: str = "spark"
    spread: float = 0.0
    spin: Range = (0.0, 0.0)


@dataclass
class Particles:
    """A cloud of particles with ``gravity`` (pixels a second squared, down) and ``drag`` (the
    share of speed lost per second)."""

    rng: random.Random
    gravity: float = 0.0
    drag: float = 0.0
    items: list[Particle] = field(default_factory=list)
    _left: float = 0.0
    #: What :meth:`area` found, until the particles move or more are thrown (it is asked
    #: several times a frame: the frame's places, then each place drawn).
    _area: tuple[pygame.Rect | None] | None = field(default=None, compare=False, repr=False)

    def burst(self, at: tuple[float, float], how: Burst, scale: float = 1.0) -> None:
        """Throw ``how.count`` particles from ``at`` (sizes and speeds times ``scale``)."""
        self._area = None
        rng = self.rng
        for _ in range(how.count):
            angle = rng.uniform(*how.angle)
            speed = rng.uniform(*how.speed) * scale
            self.items.append(
                Particle(
                    at[0] + rng.uniform(-how.spread, how.spread) * scale,
                    at[1] + rng.uniform(-how.spread, how.spread) * scale,
                    math.cos(angle) * speed,
                    math.sin(angle) * speed,
                    rng.uniform(*how.life),
                    max(1, round(rng.uniform(*how.size) * scale)),
                    how.colours[rng.randrange(len(how.colours))],
                    how.shape,
                    spin=rng.uniform(*how.spin),
                )
            )

    def update(self, dt: float) -> None:
        """Move on by ``dt`` seconds, in fixed steps."""
        self._left += dt
        while self._left >= STEP:
            self._left -= STEP
            self._step(STEP)
            self._area = None

    def _step(self, dt: float) -> None:
        keep = 1.0 - min(1.0, self.drag * dt)
        fall = self.gravity * dt
        alive = []
        for p in self.items:
            p.age += dt
            if p.age >= p.life:
                continue
            p.vx *= keep
            p.vy = p.vy * keep + fall
            p.x += p.vx * dt
            p.y += p.vy * dt
            alive.append(p)
        self.items = alive

    @property
    def alive(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface) -> None:
        """Every particle as its sprite, faded by its age; light added, the rest blended."""
        added: list[tuple[pygame.Surface, tuple[int, int]]] = []
        blended: list[tuple[pygame.Surface, tuple[int, int]]] = []
        clip = surface.get_clip()
        left, top, right, bottom = clip.left, clip.top, clip.right, clip.bottom
        for p in self.items:
            reach = 2 * p.size + 2  # a spark's halo is twice its size
            if (
                p.x + reach < left
                or p.x - reach > right
                or p.y + reach < top
                or p.y - reach > bottom
            ):
                continue  # outside the place drawn again
            share = 1.0 - p.age / p.life
            level = sprites.level_of(min(1.0, share * 1.6))
            if level == 0:
                continue
            turn = int(p.age * p.spin) if p.spin else 0
            image = sprites.sprite(p.shape, p.size, p.colour, level, turn)
            half_w, half_h = image.get_width() // 2, image.get_height() // 2
            spot = (int(p.x) - half_w, int(p.y) - half_h)
            (added if p.shape in sprites.ADDED else blended).append((image, spot))
        if blended:
            surface.fblits(blended)
        if added:
            if sprites.toning_now():
                added = [(sprites.toned(image), spot) for image, spot in added]
            surface.fblits(added, pygame.BLEND_RGB_ADD)

    def added_only(self) -> bool:
        """Whether every particle is light added to the picture (none blended)."""
        return all(p.shape in sprites.ADDED for p in self.items)

    def take(self) -> list[Particle]:
        """Every particle, taken away (a rehearsal's twin notes them and moves none)."""
        taken, self.items, self._area = self.items, [], None
        return taken

    def area(self) -> pygame.Rect | None:
        """What the particles cover now (None when there are none)."""
        if self._area is None:
            self._area = (self._cover(),)
        found = self._area[0]
        return None if found is None else found.copy()

    def _cover(self) -> pygame.Rect | None:
        if not self.items:
            return None
        reach = max(p.size for p in self.items) * 2 + 4
        left = min(p.x for p in self.items) - reach
        top = min(p.y for p in self.items) - reach
        right = max(p.x for p in self.items) + reach
        bottom = max(p.y for p in self.items) + reach
        return pygame.Rect(int(left), int(top), int(right - left) + 1, int(bottom - top) + 1)
