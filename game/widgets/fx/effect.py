"""One effect on the table and what it is given: where (:class:`Anchor`), how strong, the
look's scale and whether motion is reduced (:class:`Style`), and a seeded random state.

An :class:`Effect` is a picture at a time: :meth:`Effect.update` moves its clock (and its
particles, in fixed steps), :meth:`Effect.draw` draws it, :meth:`Effect.area` says what it
covers (the moving place the frame draws again; None: nothing), and it may shake
the camera and flash the picture. Each kind (:mod:`game.widgets.fx.kinds`) sets its length,
how long the table waits for it (``hold``) and stages what it throws at given times.

Under reduced motion an effect throws no particles, never shakes and never flashes: what
remains is its light and its shapes, which do not move the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.particles import Burst, Particle, Particles
from game.widgets.fx.shake import Shake

Point = tuple[float, float]
Colour = tuple[int, int, int]

#: Steps a second of the camera (a shake's place, a flash's fading light; issue 54): it holds
#: every other frame at 60 fps, and such a frame draws only its moving places, not the whole
#: picture moved and lit.
CAMERA_STEPS = 30

#: Warm light, the table's brass, a cool white and the red of danger, the effects' palette.
GOLD: Colour = (255, 206, 110)
BRASS: Colour = (224, 184, 96)
WHITE: Colour = (236, 240, 255)
EMBER: Colour = (255, 132, 60)
DANGER: Colour = (240, 92, 72)
JADE: Colour = (120, 230, 180)
SKY: Colour = (120, 190, 255)


@dataclass(frozen=True)
class Anchor:
    """Where an effect happens: ``at`` its point, ``to`` where it goes (a payment, a trade),
    ``area`` the box it lights (a play's cards, the table), ``points`` places along it (the
    pairs of a tractor), ``images`` pictures it carries with their boxes (a trick gathered)
    ``steps`` a count it shows (the rungs of a level-up), ``span`` the seconds a path from
    ``at`` to ``to`` takes (a card's flight, which a trail follows) and ``face`` the radius of
    the portrait the effect ends on (``to``, else ``at``; 0: none), which its light rings
    instead of covering."""

    at: Point
    to: Point | None = None
    area: pygame.Rect | None = None
    points: tuple[Point, ...] = ()
    images: tuple[tuple[pygame.Surface, pygame.Rect], ...] = ()
    steps: int = 0
    span: float = 0.0
    face: int = 0

    def box(self, reach: int) -> pygame.Rect:
        """The ``area``, else a square of ``reach`` round ``at``."""
        if self.area is not None:
            return self.area.copy()
        return pygame.Rect(int(self.at[0]) - reach, int(self.at[1]) - reach, 2 * reach, 2 * reach)


@dataclass(frozen=True)
class Style:
    """The look's ``scale`` (1 at 1920×1080), the ``screen`` the table fills, ``reduced``
    motion (no particles, shake or flash) and the effect's ``variant`` (as a game names it:
    an airplane "wings")."""

    scale: float
    screen: pygame.Rect
    reduced: bool = False
    variant: str = ""


@dataclass(order=True)
class _Stage:
    at: float
    order: int
    run: Callable[[], None] = field(compare=False)


class Effect:
    """The base of every kind (see the module docstring). ``strength`` 1 is an ordinary
    moment of its kind; more is bigger (a bomb of eight is 2)."""

    #: Seconds it lasts, and the seconds the table waits for it (at normal speed).
    length = 1.0
    hold = 0.0
    gravity = 0.0
    drag = 0.0
    #: Whether the kind's shapes are only added light (its particles are asked apart).
    ADDS_LIGHT = False

    def __init__(self, anchor: Anchor, strength: float, style: Style, rng: random.Random) -> None:
        self.anchor = anchor
        self.strength = max(0.1, strength)
        self.style = style
        self.rng = rng
        self.t = 0.0
        self.particles = Particles(rng, gravity=self.gravity * style.scale, drag=self.drag)
        self.shaking: Shake | None = None
        self._stages: list[_Stage] = []
        self.setup()
        self._run_stages()

    # --- what a kind sets up ----------------------------------------------------------------
    def setup(self) -> None:
        """Stage the effect (bursts at times, its shake); the kinds override it."""

    def at(self, when: float, run: Callable[[], None]) -> None:
        """Run ``run`` once the effect's clock reaches ``when``."""
        self._stages.append(_Stage(when, len(self._stages), run))
        self._stages.sort()

    def burst_at(self, when: float, point: Point, how: Burst) -> None:
        """Throw particles from ``point`` once the clock reaches ``when``."""
        self.at(when, partial(self.burst, point, how))

    def burst(self, point: Point, how: Burst) -> None:
        """Throw particles, unless motion is reduced."""
        if not self.style.reduced:
            self.particles.burst(point, how, self.style.scale)

    def shake(self, amplitude: float, length: float) -> None:
        """Shake the camera ``amplitude`` reference pixels, unless motion is reduced."""
        if not self.style.reduced:
            self.shaking = Shake.of(amplitude * self.style.scale, length, self.rng)

    def u(self, value: float) -> int:
        """A length at the look's scale."""
        return max(1, round(value * self.style.scale))

    def face_light(
        self, surface: pygame.Surface, point: Point, radius: int, colour: Colour, light: float
    ) -> None:
        """A glow of ``radius`` at ``point`` (0–1 ``light``); at a portrait (the anchor's
        ``face``) a ring of light round it instead, so the face is never washed out."""
        level = sprites.level_of(light)
        if not level:
            return
        if self.anchor.face:
            ring = self.anchor.face + self.u(6)
            sprites.blit_ring(surface, ring, self.u(5), colour, level, point)
        else:
            sprites.blit_added(surface, sprites.glow(radius, colour, level), point)

    def face_reach(self, radius: int) -> int:
        """How far :meth:`face_light` of ``radius`` reaches from its point."""
        ring = self.anchor.face + self.u(6) + self.u(5) + 1 if self.anchor.face else 0
        return max(radius, ring) + 2

    # --- the clock and the picture ----------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self._run_stages()
        self.particles.update(dt)

    def rehearse(self, dt: float) -> list[Particle]:
        """The clock moved on by ``dt`` with no particle moved (a rehearsal's twin,
        game/widgets/fx/rehearsal.py, draws only the shapes); the particles thrown since."""
        self.t += dt
        self._run_stages()
        return self.particles.take()

    def _run_stages(self) -> None:
        while self._stages and self._stages[0].at <= self.t:
            self._stages.pop(0).run()

    def share(self, start: float = 0.0, end: float | None = None) -> float:
        """How far the effect is between ``start`` and ``end`` seconds (0 to 1)."""
        stop = self.length if end is None else end
        if stop <= start:
            return 1.0 if self.t >= start else 0.0
        return min(1.0, max(0.0, (self.t - start) / (stop - start)))

    @property
    def done(self) -> bool:
        return self.t >= self.length and not self.particles.alive and not self._stages

    def light_only(self) -> bool:
        """Whether all it draws now is light added to the picture (``BLEND_RGB_ADD``): the
        frame may then show it over a kept graded table (game/film_light.py)."""
        return self.ADDS_LIGHT and self.particles.added_only()

    def draw(self, surface: pygame.Surface) -> None:
        """The effect's own shapes, then its particles."""
        self.draw_shapes(surface)
        self.particles.draw(surface)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        """What the kind draws besides its particles."""

    def shapes_area(self) -> pygame.Rect | None:
        """What :meth:`draw_shapes` covers now (None: nothing)."""
        return None

    def area(self) -> pygame.Rect | None:
        """What the effect covers now (shapes and particles). A shake or a flash is not a
        place: the camera moves and lights the graded picture (``EffectPlayer.offset``,
        ``flash``; game/postfx.py), so the table is not drawn again for it."""
        found = [r for r in (self.shapes_area(), self.particles.area()) if r is not None]
        if not found:
            return None
        return found[0].unionall(found[1:])

    def offset(self) -> Point:
        """The camera's shake now."""
        if self.shaking is None:
            return 0.0, 0.0
        return self.shaking.offset(_stepped(self.t))

    def flash(self) -> int:
        """How much light the whole picture gains now (0–255; 0 under reduced motion)."""
        return 0

    def flash_at(self, peak: float, start: float, length: float) -> int:
        """A flash of ``peak`` light from ``start`` fading over ``length`` seconds (none under
        reduced motion)."""
        t = _stepped(self.t)
        if self.style.reduced or t < start or t >= start + length:
            return 0
        return int(peak * (1.0 - (t - start) / length) ** 2)

    def whole(self) -> bool:
        """Whether the effect moves the whole table now (it shakes or flashes)."""
        shaking = self.shaking is not None and self.shaking.strength(self.t) > 0.0
        return shaking or self.flash() > 0


def _stepped(t: float) -> float:
    """``t`` (seconds) down to the camera's last step (:data:`CAMERA_STEPS`)."""
    return int(t * CAMERA_STEPS + 1e-6) / CAMERA_STEPS  # not a step late by rounding
