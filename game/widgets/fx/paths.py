"""Effects that travel: a play's trail, a trick gathered to its winner, a tribute's arc,
payments flying as coins and an airplane crossing the table."""

from __future__ import annotations

import math

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.easing import ease
from game.widgets.fx.effect import GOLD, SKY, WHITE, Effect, Point
from game.widgets.fx.particles import Burst
from game.widgets.fx.tween import point_between

#: Seconds of the path a trail shows behind its head.
TAIL = 0.2
#: Stars dropping from a tribute's arc, and the sparkle of coins arriving.
_DROPS = Burst(2, (10, 50), life=(0.3, 0.6), size=(2, 4), colours=(GOLD, WHITE), shape="star")
_ARRIVAL = Burst(10, (40, 160), life=(0.3, 0.6), size=(3, 5), colours=(GOLD, WHITE), shape="star")


def spaced(points: list[Point], gap: float) -> list[int]:
    """The indices of ``points`` at least ``gap`` apart, the first (the brightest, at the
    head) kept first: where a path slows to its end, sparks added one on another would pile
    into a white blob over the cards or a face."""
    kept: list[int] = []
    for index, point in enumerate(points):
        if all(math.dist(point, points[other]) >= gap for other in kept):
            kept.append(index)
    return kept


def _box_of(points: list[Point], reach: int) -> pygame.Rect | None:
    if not points:
        return None
    left = min(x for x, _ in points) - reach
    top = min(y for _, y in points) - reach
    right = max(x for x, _ in points) + reach
    bottom = max(y for _, y in points) + reach
    return pygame.Rect(int(left), int(top), int(right - left) + 1, int(bottom - top) + 1)


class Trail(Effect):
    """Light streaming behind a play as it slides to the table (it follows the card's path,
    ``at`` to ``to`` in ``span`` seconds), and a glint where it lands."""

    def setup(self) -> None:
        self.span = max(0.05, self.anchor.span)
        self.length = self.span + 0.2
        self.to: Point = self.anchor.to if self.anchor.to is not None else self.anchor.at
        self.colour = GOLD if self.strength >= 1.2 else WHITE

    def _on_path(self, t: float) -> Point:
        k = ease("easeOutCubic", t / self.span)
        return point_between(self.anchor.at, self.to, k)

    def _dots(self) -> list[tuple[Point, float]]:
        dots = []
        for i in range(16):
            t = self.t - TAIL * i / 16
            if 0.0 <= t <= self.span:
                dots.append((self._on_path(t), 1.0 - i / 16))
        return dots

    def draw_shapes(self, surface: pygame.Surface) -> None:
        radius = self.u(16 * min(1.6, self.strength))
        dots = self._dots()
        for index in spaced([point for point, _ in dots], radius):
            point, light = dots[index]
            level = sprites.level_of(light)
            if level:
                size = max(1, round(radius * (0.4 + 0.6 * light)))
                self._add(surface, sprites.spark(size, self.colour, level), point)
        glint = self.share(self.span, self.length)
        if 0.0 < glint < 1.0:  # at half light: a full star on the landed cards was a blob
            image = sprites.star(self.u(26), self.colour, sprites.level_of(0.5 * (1.0 - glint)))
            self._add(surface, image, self.to)

    def _add(self, surface: pygame.Surface, image: pygame.Surface, point: Point) -> None:
        """Light round the cards the play lands on (the anchor's ``area``), not on them:
        added light turns a card's face white."""
        if self.anchor.area is not None:
            sprites.blit_added_around(surface, image, point, self.anchor.area)
        else:
            sprites.blit_added(surface, image, point)

    def shapes_area(self) -> pygame.Rect | None:
        points = [point for point, _ in self._dots()]
        if self.t >= self.span:
            points.append(self.to)
        halo = 2 * self.u(16 * min(1.6, self.strength))  # a spark's halo is twice its size
        return _box_of(points, max(halo, self.u(26)) + 2)


class Gather(Effect):
    """The cards of a finished trick or round sweep to its winner (``to``), shrinking, with a
    faint streak behind each."""

    length = 0.45
    hold = 0.25

    def setup(self) -> None:
        self.to: Point = self.anchor.to if self.anchor.to is not None else self.anchor.at
        self.moves = [(image, rect) for image, rect in self.anchor.images]

    def _shown(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each picture and where it is drawn now (the curve backs away a little first)."""
        k = self.share()
        if k >= 1.0:
            return []
        eased = ease("easeInBack", k)
        size = 1.0 - 0.6 * k
        found = []
        for image, rect in self.moves:
            x, y = point_between((rect.centerx, rect.centery), self.to, eased)
            box = pygame.Rect(0, 0, max(1, int(rect.width * size)), max(1, int(rect.height * size)))
            box.center = (int(x), int(y))
            found.append((image, box))
        return found

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share()
        for image, box in self._shown():
            picture = pygame.transform.scale(image, box.size)
            if k > 0.7:
                picture.set_alpha(int(255 * (1.0 - k) / 0.3))
            surface.blit(picture, box)
        if k < 1.0:
            self.face_light(surface, self.to, self.u(40), GOLD, math.sin(k * math.pi) * 0.7)

    def shapes_area(self) -> pygame.Rect | None:
        reach = max(self.u(48), self.face_reach(self.u(40)))
        target = pygame.Rect(int(self.to[0]) - reach, int(self.to[1]) - reach, 2 * reach, 2 * reach)
        boxes = [box for _, box in self._shown()]
        return target.unionall(boxes) if boxes else target


class Trade(Effect):
    """A tribute or its return: a glittering arc from the giver (``at``) to the receiver
    (``to``) over ``span`` seconds, with stars dropping from it."""

    gravity = 90.0

    def setup(self) -> None:
        self.span = max(0.2, self.anchor.span)
        self.length = self.span + 0.3
        self.to: Point = self.anchor.to if self.anchor.to is not None else self.anchor.at
        for i in range(10):
            self.burst_at(i * self.span / 10, self._on_arc(i / 10), _DROPS)

    def _on_arc(self, k: float) -> Point:
        return point_between(self.anchor.at, self.to, ease("easeInOutSine", k), arc=0.18)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share(0.0, self.span)
        fade = 1.0 - self.share(self.span, self.length)
        points = [self._on_arc(max(0.0, k - i * 0.02)) for i in range(14)]
        for i in spaced(points, self.u(14)):
            level = sprites.level_of((1.0 - i / 14) * fade)
            if level:
                image = sprites.spark(self.u(14 - 0.7 * i), GOLD, level)
                sprites.blit_added(surface, image, points[i])

    def shapes_area(self) -> pygame.Rect | None:
        points = [self._on_arc(i / 16) for i in range(17)]
        return _box_of(points, 2 * self.u(14) + 2)


class Coins(Effect):
    """A payment: coins fly from the payer (``at``) to the payee (``to``) in arcs, more for
    a bigger amount (``strength`` counts them), with a sparkle as they arrive. Under reduced
    motion a glow marks the payee instead."""

    length = 1.1
    hold = 0.8
    FLIGHT = 0.55

    def setup(self) -> None:
        self.to: Point = self.anchor.to if self.anchor.to is not None else self.anchor.at
        count = 0 if self.style.reduced else max(3, min(14, round(3 * self.strength)))
        rng = self.rng
        self.coins = [(i * 0.045, rng.uniform(-0.25, 0.25), rng.randrange(8)) for i in range(count)]
        self.burst_at(self.FLIGHT, self.to, _ARRIVAL)

    def _coin(self, delay: float, arc: float) -> tuple[Point, float]:
        k = self.share(delay, delay + self.FLIGHT)
        return point_between(self.anchor.at, self.to, ease("easeInOutQuad", k), arc=arc), k

    def draw_shapes(self, surface: pygame.Surface) -> None:
        size = self.u(22)
        for delay, arc, turn in self.coins:
            (x, y), k = self._coin(delay, arc)
            if 0.0 < k < 1.0:
                image = sprites.coin(size, turn + int(self.t * 24))
                surface.blit(image, image.get_rect(center=(int(x), int(y))))
        if not self.coins:
            light = math.sin(self.share() * math.pi) * 0.8
            self.face_light(surface, self.to, self.u(60), GOLD, light)

    def shapes_area(self) -> pygame.Rect | None:
        points = [self.anchor.at, self.to]
        points += [self._coin(delay, arc)[0] for delay, arc, _ in self.coins]
        return _box_of(points, max(self.u(70), self.face_reach(self.u(60))))


class Airplane(Effect):
    """An airplane (飞机) crosses the table over the play, trailing vapour; with wings (the
    variant "wings": attached cards) it is bigger and trails from both wing tips."""

    length = 1.0
    hold = 0.7

    def setup(self) -> None:
        box = self.anchor.box(self.u(80))
        screen = self.style.screen
        self.wings = self.style.variant == "wings"
        rightward = box.centerx <= screen.centerx
        y = box.top - self.u(30)
        margin = self.u(200)
        start_x, end_x = (screen.left - margin, screen.right + margin)
        if not rightward:
            start_x, end_x = end_x, start_x
        self.start: Point = (start_x, y + self.u(60))
        self.end: Point = (end_x, y - self.u(60))
        self.size = self.u(70 * (1.25 if self.wings else 1.0) * min(1.6, 0.8 + 0.2 * self.strength))
        self.heading = math.atan2(self.end[1] - self.start[1], self.end[0] - self.start[0])

    def _at(self, t: float) -> Point:
        return point_between(self.start, self.end, ease("easeInOutSine", t / self.length))

    def _plane(self) -> list[Point]:
        """The plane's outline at its place now, nose forward."""
        x, y = self._at(self.t)
        s = self.size
        span = 0.75 if self.wings else 0.5
        shape = [
            (0.55, 0.0),
            (0.2, -0.07),
            (0.05, -span),
            (-0.12, -span),
            (-0.05, -0.08),
            (-0.4, -0.06),
            (-0.5, -0.28),
            (-0.58, -0.28),
            (-0.52, 0.0),
            (-0.58, 0.28),
            (-0.5, 0.28),
            (-0.4, 0.06),
            (-0.05, 0.08),
            (-0.12, span),
            (0.05, span),
            (0.2, 0.07),
        ]
        c, d = math.cos(self.heading), math.sin(self.heading)
        return [(x + (px * c - py * d) * s, y + (px * d + py * c) * s) for px, py in shape]

    def _tips(self, t: float) -> list[Point]:
        x, y = self._at(t)
        c, d = math.cos(self.heading), math.sin(self.heading)
        offsets = (-0.7, 0.7) if self.wings else (0.0,)
        back = -0.5 * self.size
        return [
            (x + back * c - o * self.size * d, y + back * d + o * self.size * c) for o in offsets
        ]

    def draw_shapes(self, surface: pygame.Surface) -> None:
        if self.t >= self.length:
            return
        if not self.style.reduced:
            for i in range(1, 24):
                t = self.t - i * 0.015
                if t < 0:
                    break
                level = sprites.level_of(0.8 * (1.0 - i / 24))
                for tip in self._tips(t):
                    sprites.blit_added(surface, sprites.glow(self.u(12), SKY, level), tip)
        outline = self._plane()
        pygame.draw.polygon(surface, (236, 232, 220), outline)
        pygame.draw.polygon(surface, (60, 70, 90), outline, max(1, self.u(2)))

    def shapes_area(self) -> pygame.Rect | None:
        points = self._plane() + [
            tip for i in range(24) for tip in self._tips(max(0.0, self.t - i * 0.015))
        ]
        return _box_of(points, self.u(14))
