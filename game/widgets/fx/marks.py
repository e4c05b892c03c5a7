"""Effects that light what lies on the table: a straight flush swept by light, a tractor's
pairs linked, a level-up climbing its ladder, the kitty turned over, and the pulse round a
seat with one or two cards left."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.easing import ease
from game.widgets.fx.effect import BRASS, DANGER, GOLD, JADE, WHITE, Effect, Point
from game.widgets.fx.particles import Burst


@lru_cache(maxsize=16)
def _band(width: int, height: int) -> pygame.Surface:
    """A slanted band of golden light, strongest in its middle: blended by its alpha, so it
    shows on white cards as on the felt."""
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    half = width / 2
    for x in range(width):
        light = max(0.0, 1.0 - abs(x - half) / half) ** 1.5
        pygame.draw.line(image, (255, 214, 110, int(190 * light)), (x, 0), (x, height))
    return pygame.transform.rotate(image, -18)


_TWINKLE = Burst(3, (10, 60), life=(0.3, 0.5), size=(4, 7), colours=(WHITE, GOLD), shape="star")
_RUNG = Burst(8, (60, 160), life=(0.3, 0.5), size=(3, 5), colours=(GOLD, WHITE))
_TOP = Burst(20, (80, 260), life=(0.5, 0.8), size=(4, 7), colours=(GOLD,), shape="star")


class Sweep(Effect):
    """A straight flush: a band of light sweeps across its cards and stars twinkle on them."""

    length = 0.9
    hold = 0.6

    def setup(self) -> None:
        self.box = self.anchor.box(self.u(80))
        rng = self.rng
        for i in range(6):
            spot = (
                self.box.left + self.box.width * rng.random(),
                self.box.top + self.box.height * rng.random(),
            )
            self.burst_at(0.1 + i * 0.08, spot, _TWINKLE)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share(0.0, 0.6)
        if k >= 1.0:
            return
        band = _band(max(2, self.u(110)), self.box.height + self.u(40))
        x = (
            self.box.left
            - band.get_width()
            + (self.box.width + 2 * band.get_width()) * ease("easeInOutSine", k)
        )
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(self.u(8), self.u(8)).clip(clip))
        surface.blit(band, band.get_rect(midleft=(int(x), self.box.centery)))
        surface.set_clip(clip)

    def shapes_area(self) -> pygame.Rect | None:
        return self.box.inflate(self.u(60), self.u(60))


class Chain(Effect):
    """A tractor: a line of jade light runs along under its pairs (``points``: the cards'
    centres), a bead lighting under each as it is reached, then fades."""

    length = 0.8
    hold = 0.4

    def setup(self) -> None:
        points = list(self.anchor.points) or [self.anchor.at]
        below = (
            self.anchor.area.bottom if self.anchor.area is not None else points[0][1]
        ) + self.u(14)
        self.points: list[Point] = [(x, below) for x, _ in points]
        self.links = max(1, len(points) - 1)

    def _reached(self) -> float:
        return ease("easeOutQuad", self.share(0.0, 0.45)) * self.links

    def draw_shapes(self, surface: pygame.Surface) -> None:
        fade = 1.0 - self.share(0.5, self.length)
        level = sprites.level_of(fade)
        if not level:
            return
        reached = self._reached()
        colour = tuple(int(c * fade) for c in JADE)
        width = max(2, self.u(5))
        for i, point in enumerate(self.points):
            if i < len(self.points) - 1 and i < reached:
                a, b = point, self.points[i + 1]
                k = min(1.0, reached - i)
                pygame.draw.line(surface, colour, a, (a[0] + (b[0] - a[0]) * k, a[1]), width)
        for i, point in enumerate(self.points):
            if i <= reached:
                sprites.blit_added(surface, sprites.glow(self.u(20), JADE, level), point)
                pygame.draw.circle(surface, colour, point, self.u(7))

    def shapes_area(self) -> pygame.Rect | None:
        reach = self.u(24)
        xs = [x for x, _ in self.points]
        y = self.points[0][1]
        return pygame.Rect(
            int(min(xs)) - reach, int(y) - reach, int(max(xs) - min(xs)) + 2 * reach, 2 * reach
        )


class Ladder(Effect):
    """A level-up: a ladder rises at the point, a brass marker climbs its ``steps`` rungs (the
    levels gained) with a spark at each, and a star bursts at the top. Given the table's free
    middle (the anchor's ``area``) it fills that height, up to twice its plain size, and stays
    inside it: a moment that reads, over no plate."""

    length = 1.5
    hold = 1.2
    STEP = 0.22

    def setup(self) -> None:
        self.steps = max(1, min(6, self.anchor.steps or round(self.strength)))
        self.rung = float(self.u(58))
        x, y = self.anchor.at
        box = self.anchor.area
        if box is not None:
            # From the base to the marker's glow over the top rung: steps + 1.6 rungs.
            self.rung = max(4.0, min(float(self.u(116)), box.height / (self.steps + 1.6)))
            x, y = float(box.centerx), float(box.centery)
        k = self.rung / 58.0  # the parts keep their proportions to the rung
        self.half = max(2, round(44 * k))
        self.width = max(2, round(7 * k))
        self.marker = max(2, round(16 * k))
        self.light = max(2, round(48 * k))
        self.base: Point = (x, y + self.rung * (self.steps + 1) / 2)
        if box is not None:
            self.base = (x, min(box.bottom - 0.5 * self.rung, self.base[1]))
        for i in range(1, self.steps + 1):
            self.burst_at(0.2 + i * self.STEP, self._rung(i), _RUNG)
        top = 0.2 + self.steps * self.STEP + 0.1
        self.burst_at(top, self._rung(self.steps), _TOP)

    def _rung(self, i: float) -> Point:
        return self.base[0], self.base[1] - i * self.rung

    def draw_shapes(self, surface: pygame.Surface) -> None:
        fade = 1.0 - self.share(self.length - 0.3, self.length)
        if fade <= 0:
            return
        grow = ease("easeOutCubic", self.share(0.0, 0.2))
        half = self.half
        top = self._rung(self.steps + 0.6)
        height = (self.base[1] - top[1]) * grow
        colour = tuple(int(c * fade) for c in BRASS)
        width = self.width
        x, y0 = self.base
        for side in (-half, half):
            pygame.draw.line(surface, colour, (x + side, y0), (x + side, y0 - height), width)
        for i in range(1, self.steps + 1):
            rung_y = self._rung(i)[1]
            if y0 - rung_y <= height:
                pygame.draw.line(surface, colour, (x - half, rung_y), (x + half, rung_y), width)
        climbed = min(float(self.steps), max(0.0, (self.t - 0.2) / self.STEP))
        whole = math.floor(climbed)
        hop = ease("easeOutBack", climbed - whole)
        marker = self._rung(whole + hop if whole < self.steps else self.steps)
        level = sprites.level_of(0.55 * fade)  # a warm light, not a blob over the cards
        if level:
            sprites.blit_added(surface, sprites.glow(self.light, GOLD, level), marker)
        pygame.draw.circle(surface, tuple(int(c * fade) for c in GOLD), marker, self.marker)

    def shapes_area(self) -> pygame.Rect | None:
        if self.t >= self.length:
            return None
        # The rails reach 0.6 of a rung over the top rung; the marker overshoots a rung by
        # a tenth at most (easeOutBack), its glow round it.
        rails = (self.steps + 0.6) * self.rung + self.width
        light = (self.steps + 0.2) * self.rung + self.light
        top = int(self.base[1] - max(rails, light)) - 2
        reach = max(self.half + self.width, self.light) + 2
        bottom = int(self.base[1]) + max(self.width, self.light) + 2
        return pygame.Rect(int(self.base[0]) - reach, top, 2 * reach, bottom - top)


class Reveal(Effect):
    """The kitty turned over: light swells round its cards (``area``) with a rim of light
    that reads on white cards, a line of light runs down them as they turn, and stars
    spring from its corners."""

    length = 0.9
    hold = 0.5

    def setup(self) -> None:
        self.box = self.anchor.box(self.u(120))
        for corner in (
            self.box.topleft,
            self.box.topright,
            self.box.bottomleft,
            self.box.bottomright,
        ):
            self.burst(
                corner,
                Burst(
                    6, (40, 160), life=(0.4, 0.8), size=(4, 7), colours=(WHITE, GOLD), shape="star"
                ),
            )

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share()
        light = math.sin(k * math.pi)
        level = sprites.level_of(light * 0.8)
        if level:
            radius = sprites.snap(max(self.box.width, self.box.height) * 0.95)
            sprites.blit_added(surface, sprites.glow(radius, BRASS, level), self.box.center)
            # The rim: the glow alone hid behind the cards it lights (issue 54's screenshots).
            rim = _outline(self.box.size, self.u(10), self.u(18), min(sprites.LEVELS, 2 * level))
            sprites.blit_added(surface, rim, self.box.center)
        line = self.share(0.05, 0.5)
        if 0.0 < line < 1.0:
            y = self.box.top + self.box.height * ease("easeInOutSine", line)
            band = pygame.Surface((self.box.width, max(2, self.u(10))), pygame.SRCALPHA)
            band.fill((255, 214, 110, int(200 * (1.0 - line))))
            surface.blit(band, band.get_rect(midleft=(self.box.left, int(y))))

    def shapes_area(self) -> pygame.Rect | None:
        reach = max(self.box.width, self.box.height)
        disc = pygame.Rect(0, 0, 2 * reach, 2 * reach)  # the glow's round reach
        disc.center = self.box.center
        return self.box.inflate(reach, reach).union(disc)


def warning_pulse(
    surface: pygame.Surface, centre: Point, radius: int, time: float, cards: int, *, still: bool
) -> pygame.Rect:
    """The pulse round a seat with ``cards`` (1 or 2) left: a red ring beating faster for one
    card; ``still`` (reduced motion) keeps it steady. Returns what it covers."""
    period = 0.6 if cards <= 1 else 1.0
    beat = 1.0 if still else 0.5 + 0.5 * math.sin(time * math.tau / period)
    width = max(2, radius // 10)
    grow = 0 if still else round(radius * 0.12 * beat)
    image = sprites.ring(radius + grow, width, DANGER, max(2, sprites.level_of(0.35 + 0.65 * beat)))
    return sprites.blit_added(surface, image, centre)


@lru_cache(maxsize=32)
def _outline(size: tuple[int, int], radius: int, reach: int, level: int) -> pygame.Surface:
    """A soft rounded outline of light round a box of ``size`` (added)."""
    width, height = size
    image = pygame.Surface((width + 2 * reach, height + 2 * reach))
    for i in range(reach, 0, -1):
        light = (1.0 - i / (reach + 1)) ** 2 * level / sprites.LEVELS
        box = pygame.Rect(reach - i, reach - i, width + 2 * i, height + 2 * i)
        colour = (int(BRASS[0] * light), int(BRASS[1] * light), int(BRASS[2] * light))
        pygame.draw.rect(image, colour, box, 2, border_radius=radius + i)
    return image


def button_glow(
    surface: pygame.Surface, rect: pygame.Rect, time: float, reach: int, *, still: bool
) -> pygame.Rect:
    """A soft brass glow breathing round ``rect`` (a button ready to play); ``still``
    (reduced motion) keeps it steady. Returns what it covers."""
    beat = 0.6 if still else 0.35 + 0.65 * (0.5 + 0.5 * math.sin(time * math.tau / 1.4))
    image = _outline(rect.size, rect.height // 2, reach, max(1, sprites.level_of(beat)))
    return sprites.blit_added(surface, image, rect.center)
