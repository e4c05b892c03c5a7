"""Effects that burst from a point: a bomb (a thump at four cards, a blast at eight), the
rocket, fireworks, the last card out, a partner's cheer, the deal's glow and the gloom of a
match lost."""

from __future__ import annotations

import math

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.effect import BRASS, EMBER, GOLD, SKY, WHITE, Effect, Point
from game.widgets.fx.particles import Burst

_UP = (-math.pi * 0.95, -math.pi * 0.05)


def _square(centre: Point, reach: float) -> pygame.Rect:
    """The square of half-side ``reach`` round ``centre``."""
    r = int(math.ceil(reach))
    return pygame.Rect(int(centre[0]) - r, int(centre[1]) - r, 2 * r + 1, 2 * r + 1)


#: Half the angle of the cone a blast's sparks fly in (radians, about 110°).
SPARK_CONE = 1.9


class Bomb(Effect):
    """A bomb lands: a shock ring, dust and a shake as strong as it is big; from strength 1.5
    (a bomb of six) a blast: a flash of light, sparks and a second ring."""

    ADDS_LIGHT = True  # rings and glows, added

    gravity = 260.0
    drag = 1.6

    def setup(self) -> None:
        s = self.strength
        self.length = 0.55 + 0.3 * s
        self.hold = min(1.1, 0.35 + 0.25 * s)
        self.blast = s >= 1.5
        box = self.anchor.box(self.u(60))
        self.centre: Point = (box.centerx, box.centery)
        self.reach = max(box.width, box.height) / 2
        self.shake(4.0 + 5.0 * s, 0.28 + 0.14 * s)
        ground = (box.centerx, box.bottom)
        self.burst(
            ground,
            Burst(
                int(8 + 6 * s),
                (60, 160 + 60 * s),
                (math.pi * 1.05, math.pi * 1.95),
                (0.4, 0.8),
                (8, 16),
                ((196, 184, 160), (150, 140, 120)),
                "dust",
                box.width / 3,
            ),
        )
        if self.blast:
            self.burst(
                self.centre,
                Burst(
                    int(16 * s**1.3),
                    (160, 380 * s),
                    life=(0.35, 0.8),
                    angle=self._inward(),
                    size=(3, 6),
                    colours=(GOLD, EMBER, WHITE),
                    spread=self.reach / 3,
                ),
            )

    def _inward(self) -> tuple[float, float]:
        """The sparks' angles: towards the middle of the table, away from the seat's plate and
        face behind the play (a play near the middle throws them all round)."""
        screen = self.style.screen
        dx, dy = screen.centerx - self.centre[0], screen.centery - self.centre[1]
        if math.hypot(dx, dy) < self.u(120):
            return (0.0, math.tau)
        aim = math.atan2(dy, dx)
        return (aim - SPARK_CONE, aim + SPARK_CONE)

    def flash(self) -> int:
        if not self.blast:
            return 0
        return self.flash_at(min(150.0, 45.0 + 35.0 * (self.strength - 1.5)), 0.0, 0.35)

    def _rings(self) -> list[tuple[float, float]]:
        """Each ring's radius and brightness now."""
        found = []
        for delay, grow in ((0.0, 1.0), (0.12, 1.5)) if self.blast else ((0.0, 1.0),):
            k = self.share(delay, delay + 0.5)
            if 0.0 < k < 1.0:
                radius = self.reach * 0.8 + self.u(150) * self.strength * grow * (1 - (1 - k) ** 3)
                found.append((radius, 1.0 - k))
        return found

    def draw_shapes(self, surface: pygame.Surface) -> None:
        width = self.u(6 + 2 * self.strength)
        for radius, light in self._rings():
            level = sprites.level_of(light)
            if level:
                colour = EMBER if self.blast else BRASS
                sprites.blit_ring(surface, sprites.snap(radius), width, colour, level, self.centre)
        core = 1.0 - self.share(0.0, 0.4)
        if core > 0:
            radius, level = sprites.snap(self.reach * 1.3), sprites.level_of(core)
            image = sprites.glow(radius, GOLD, level)
            if self.anchor.area is not None:  # light round the play: its cards stay readable
                side = sprites.glow_side(radius)  # not the image's: a rehearsal's stands in
                spot = pygame.Rect(0, 0, side, side)
                spot.center = (int(self.centre[0]), int(self.centre[1]))
                x, y, w, h = self.anchor.area.move(-spot.left, -spot.top)
                image = sprites.glow_around(radius, GOLD, level, (x, y, w, h), self.u(48))
            sprites.blit_added(surface, image, self.centre)

    def shapes_area(self) -> pygame.Rect | None:
        # The radii the sprites are drawn at (snapped), not the exact ones.
        core = sprites.snap(self.reach * 1.3) if self.share(0.0, 0.4) < 1.0 else 0
        radius = max([sprites.snap(r) for r, _ in self._rings()] + [core])
        if radius <= 0:
            return None
        return _square(self.centre, radius + self.u(10 + 2 * self.strength) + 2)


#: The rocket's sparks as it climbs, and the crackle after its burst.
_SPARKS = Burst(5, (20, 90), (math.pi * 0.3, math.pi * 0.7), (0.25, 0.45), (2, 4), (GOLD, EMBER))
_CRACKLE = Burst(14, (60, 200), size=(2, 4), life=(0.3, 0.6), colours=(WHITE, GOLD), shape="star")


class Rocket(Effect):
    """The rocket (a four-joker bomb): a streak of light climbs from the play, bursts into
    red and gold stars with a flash and a heavy shake, and crackles."""

    ADDS_LIGHT = True  # rings and glows, added

    gravity = 180.0
    drag = 1.2
    length = 1.6
    hold = 1.2
    CLIMB = 0.4

    def setup(self) -> None:
        box = self.anchor.box(self.u(60))
        self.start: Point = (box.centerx, box.centery)
        screen = self.style.screen
        self.top: Point = (
            screen.centerx + (box.centerx - screen.centerx) * 0.3,
            screen.top + screen.height * 0.4,
        )
        for i in range(8):
            self.burst_at(i * self.CLIMB / 8, self._head(i / 8), _SPARKS)
        self.at(self.CLIMB, self._explode)
        rng = self.rng
        for when in (0.62, 0.78, 0.9):
            spot = (
                self.top[0] + rng.uniform(-1, 1) * self.u(220),
                self.top[1] + rng.uniform(-0.5, 1) * self.u(120),
            )
            self.burst_at(when, spot, _CRACKLE)

    def _head(self, k: float) -> Point:
        eased = 1.0 - (1.0 - k) ** 2
        return (
            self.start[0] + (self.top[0] - self.start[0]) * eased,
            self.start[1] + (self.top[1] - self.start[1]) * eased,
        )

    def _explode(self) -> None:
        s = self.strength
        self.shake(10.0 + 4.0 * s, 0.6)
        self.burst(
            self.top,
            Burst(
                int(60 * min(2.0, s)),
                (200, 520),
                life=(0.6, 1.1),
                size=(3, 7),
                colours=((255, 90, 70), GOLD, WHITE),
            ),
        )
        self.burst(
            self.top,
            Burst(24, (80, 260), life=(0.6, 1.0), size=(5, 9), colours=(GOLD,), shape="star"),
        )

    def flash(self) -> int:
        return self.flash_at(110.0, self.CLIMB, 0.4)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        if self.t < self.CLIMB:
            k = self.t / self.CLIMB
            for i in range(6):  # the streak: the head and a fading tail
                point = self._head(max(0.0, k - i * 0.04))
                level = sprites.level_of(1.0 - i / 6)
                sprites.blit_added(surface, sprites.glow(self.u(14 - i), WHITE, level), point)
        ring = self.share(self.CLIMB, self.CLIMB + 0.55)
        if 0.0 < ring < 1.0:
            radius = sprites.snap(self.u(40) + self.u(330) * (1 - (1 - ring) ** 3))
            level = sprites.level_of(1.0 - ring)
            sprites.blit_ring(surface, radius, self.u(10), GOLD, level, self.top)
            core = sprites.glow(self.u(160), (255, 150, 90), sprites.level_of((1.0 - ring) ** 2))
            sprites.blit_added(surface, core, self.top)

    def shapes_area(self) -> pygame.Rect | None:
        if self.t < self.CLIMB:  # the streak from the play to its head
            head = self._head(self.t / self.CLIMB)
            box = _square(self.start, self.u(16)).union(_square(head, self.u(16)))
            return box
        ring = self.share(self.CLIMB, self.CLIMB + 0.55)
        if ring >= 1.0:
            return None
        radius = max(self.u(160), self.u(40) + self.u(330) * (1 - (1 - ring) ** 3))
        return _square(self.top, sprites.snap(radius) + self.u(12))


#: Each firework's colours.
_FIREWORKS = ((GOLD, WHITE), ((255, 110, 120), GOLD), (SKY, WHITE), ((150, 240, 170), WHITE))


class Fireworks(Effect):
    """Fireworks over the ``area`` (the table): two bursts and two more per unit of
    strength (a spring, a double finish, a match won)."""

    ADDS_LIGHT = True  # rings and glows, added

    gravity = 140.0
    drag = 1.4
    length = 1.6
    hold = 1.0

    def setup(self) -> None:
        area = self.anchor.box(self.u(300))
        count = max(2, min(8, round(2 + 2 * self.strength)))
        rng = self.rng
        self.rings: list[tuple[float, Point, tuple[int, int, int]]] = []
        for i in range(count):
            when = i * 0.9 / count
            # Over the open felt: clear of the seats' plates round the edge, above the message.
            spot = (
                area.left + area.width * rng.uniform(0.3, 0.7),
                area.top + area.height * rng.uniform(0.22, 0.5),
            )
            colours = _FIREWORKS[rng.randrange(len(_FIREWORKS))]
            self.rings.append((when, spot, colours[0]))
            self.burst_at(
                when, spot, Burst(56, (160, 440), life=(0.6, 1.1), size=(4, 7), colours=colours)
            )
            self.burst_at(
                when,
                spot,
                Burst(12, (60, 200), life=(0.5, 0.9), size=(6, 10), colours=colours, shape="star"),
            )

    def flash(self) -> int:
        return max((self.flash_at(22.0, when, 0.2) for when, _, _ in self.rings), default=0)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        for when, spot, colour in self.rings:
            k = self.share(when, when + 0.45)
            if 0.0 < k < 1.0:
                radius = sprites.snap(self.u(30) + self.u(170) * (1 - (1 - k) ** 2))
                level = sprites.level_of(1.0 - k)
                sprites.blit_ring(surface, radius, self.u(6), colour, level, spot)
                # Half light at most: over a plate or cards a full core was a white blob.
                core = sprites.glow(self.u(90), colour, sprites.level_of(0.5 * (1.0 - k) ** 2))
                sprites.blit_added(surface, core, spot)

    def shapes_area(self) -> pygame.Rect | None:
        boxes = []
        for when, spot, _ in self.rings:
            k = self.share(when, when + 0.45)
            if 0.0 < k < 1.0:
                radius = sprites.snap(self.u(30) + self.u(170) * (1 - (1 - k) ** 2))
                boxes.append(_square(spot, max(radius, self.u(90)) + self.u(8)))
        return boxes[0].unionall(boxes[1:]) if boxes else None


class Sparkle(Effect):
    """A ring of light and a star burst at a seat: the last card out (strength 1) or a
    partner's cheer (a few stars rising, under 1)."""

    ADDS_LIGHT = True  # rings and glows, added

    gravity = -60.0
    drag = 1.0

    def setup(self) -> None:
        s = self.strength
        self.length = 0.7 + 0.3 * s
        self.hold = 0.4 if s >= 1.0 else 0.0
        self.colour = GOLD if s >= 1.0 else (255, 180, 200)
        count = int(6 + 10 * s)
        speed = (40.0, 120.0 + 120.0 * s)
        self.burst(
            self.anchor.at,
            Burst(
                count,
                speed,
                _UP if s < 1.0 else (0.0, math.tau),
                (0.5, 0.9),
                (4, 7),
                (self.colour, WHITE),
                "star",
                6,
            ),
        )

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share(0.0, 0.6)
        if k < 1.0:
            radius = self._radius(k)
            level = sprites.level_of(1.0 - k)
            sprites.blit_ring(surface, radius, self.u(5), self.colour, level, self.anchor.at)
            if not self.anchor.face:  # at a portrait the ring alone: the face stays clear
                glow = sprites.glow(self.u(50), self.colour, sprites.level_of((1.0 - k) * 0.6))
                sprites.blit_added(surface, glow, self.anchor.at)

    def _radius(self, k: float) -> int:
        """The ring's radius at ``k`` of its growth: from round the portrait, if any."""
        start = max(self.u(30), self.anchor.face + self.u(6))
        return sprites.snap(start + self.u(60) * self.strength * k)

    def shapes_area(self) -> pygame.Rect | None:
        k = self.share(0.0, 0.6)
        if k >= 1.0:
            return None
        return _square(self.anchor.at, max(self._radius(k) + self.u(6), self.u(50)) + 2)


class Glow(Effect):
    """A soft light that swells and fades at a point: the pack as the deal begins."""

    ADDS_LIGHT = True  # rings and glows, added

    length = 0.8

    def setup(self) -> None:
        self.burst(
            self.anchor.at,
            Burst(
                10,
                (60, 180),
                life=(0.4, 0.7),
                size=(2, 4),
                colours=(GOLD, WHITE),
                shape="star",
                spread=20,
            ),
        )

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = self.share()
        light = math.sin(k * math.pi) * 0.7 * min(1.5, self.strength)
        level = sprites.level_of(light)
        if level:
            sprites.blit_added(surface, sprites.glow(self.u(120), BRASS, level), self.anchor.at)

    def shapes_area(self) -> pygame.Rect | None:
        return _square(self.anchor.at, self.u(120) + 2) if self.t < self.length else None


#: Grey ash drifting down over a match lost.
_ASH = Burst(
    4, (10, 40), (math.pi * 0.3, math.pi * 0.7), (1.0, 1.3), (5, 9), ((120, 124, 136),), "dust", 120
)


class Gloom(Effect):
    """A match lost: the table dims to a cold blue and back while grey ash drifts down."""

    gravity = 30.0
    length = 1.4
    hold = 0.8

    def setup(self) -> None:
        area = self.style.screen
        for i in range(6):
            spot = (area.left + area.width * (i + 0.5) / 6, area.top + area.height * 0.1)
            self.burst_at(i * 0.08, spot, _ASH)

    def draw_shapes(self, surface: pygame.Surface) -> None:
        k = math.sin(self.share() * math.pi) * min(1.0, 0.6 + 0.2 * self.strength)
        if k > 0.02:
            surface.fill(
                (int(255 - 80 * k), int(255 - 70 * k), int(255 - 40 * k)),
                special_flags=pygame.BLEND_RGB_MULT,
            )

    def shapes_area(self) -> pygame.Rect | None:
        return self.style.screen.copy()
