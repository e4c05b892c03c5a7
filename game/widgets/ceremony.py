"""A moment of ceremony over the table (issue 40 point 10): a bomb, a four-joker bomb, a team's
level-up, a double finish. A burst of brass rays and a ring grows from the middle of the table
while the moment's words spring in and fade; its size and length follow its ``weight`` (a bomb
of 4 is 1, bigger bombs more, a four-joker bomb the most).

Drawn by our own code, driven by the scene's clock, skipped at the fastest animation speed
(``SKIP_FACTOR``, as the bomb's flash) and ended at once by :meth:`Ceremony.skip` (any key or
click at the table).
"""

from __future__ import annotations

import math

import pygame

from game.widgets.anim import ease_out_back, ease_out_cubic
from game.widgets.effects import SKIP_FACTOR

#: Seconds a ceremony of weight 1 lasts at animation speed 50 %, and what a unit of weight adds.
BASE_TIME = 0.9
WEIGHT_TIME = 0.45
#: Rays of the burst, and its radius at weight 1 in reference pixels.
RAYS = 16
RADIUS = 260


def bomb_weight(kind: str | None, count: int) -> float:
    """How heavy a bomb lands: 1 for a bomb of four, more per card, a straight flush between
    five and six, a four-joker bomb (the rocket) the heaviest."""
    if kind == "joker_bomb":
        return 2.6
    if kind == "straight_flush":
        return 1.5
    return min(2.2, 1.0 + 0.3 * max(0, count - 4))


class Ceremony:
    """One ceremony at a time (a new one replaces the running one)."""

    def __init__(self) -> None:
        self.start: float | None = None
        self.length = BASE_TIME
        self.weight = 1.0
        self.words: pygame.Surface | None = None
        self.colour: tuple[int, int, int] = (224, 184, 96)

    def trigger(
        self,
        now: float,
        factor: float,
        words: pygame.Surface | None,
        *,
        weight: float = 1.0,
        colour: tuple[int, int, int] = (224, 184, 96),
    ) -> bool:
        """Start at ``now`` for the animation ``factor``; False (nothing shown) when skipped."""
        if factor >= SKIP_FACTOR:
            self.start = None
            return False
        self.start = now
        self.weight = weight
        self.length = (BASE_TIME + WEIGHT_TIME * (weight - 1.0)) / max(0.05, factor)
        self.words = words
        self.colour = colour
        return True

    def skip(self) -> None:
        self.start = None

    def active(self, now: float) -> bool:
        return self.progress(now) is not None

    def end(self) -> float | None:
        """When the running ceremony ends (the scene's clock), or None."""
        return None if self.start is None else self.start + self.length

    def progress(self, now: float) -> float | None:
        """0 at the start to 1 at the end, None when none is running."""
        if self.start is None:
            return None
        t = (now - self.start) / self.length
        if t >= 1.0:
            self.start = None
            return None
        return max(0.0, t)

    def _radius(self, scale: float, reach: float | None) -> float:
        """The burst's widest radius."""
        radius = RADIUS * scale * (0.7 + 0.3 * self.weight)
        return radius if reach is None else min(radius, max(20.0, reach))

    def area(
        self, now: float, scale: float, centre: tuple[int, int], reach: float | None = None
    ) -> pygame.Rect | None:
        """All that :meth:`draw` may cover while this ceremony runs (the burst at its widest,
        the words at their biggest: a moving place, issue 54); None when none runs."""
        if self.progress(now) is None:
            return None
        size = int(2 * self._radius(scale, reach)) + 6
        rect = pygame.Rect(0, 0, size, size)
        rect.center = centre
        if self.words is not None:  # they spring in to at most 1.06 times their size
            w, h = self.words.get_size()
            words = pygame.Rect(0, 0, int(w * 1.1) + 4, int(h * 1.1) + 4)
            words.center = centre
            rect.union_ip(words)
        return rect

    def draw(
        self,
        surface: pygame.Surface,
        now: float,
        scale: float,
        centre: tuple[int, int],
        reach: float | None = None,
        *,
        fit: float = 1.0,
        burst: bool = True,
        words: bool = True,
    ) -> None:
        """The burst round ``centre``, never wider than ``reach`` pixels from it, and the
        words over it at ``fit`` of their size; ``burst`` or ``words`` False leaves that part
        out (a table draws its banner between them)."""
        t = self.progress(now)
        if t is None:
            return
        fade = 1.0 - ease_out_cubic(max(0.0, (t - 0.55) / 0.45))  # the last part fades away
        if burst:
            self._burst(surface, t, fade, scale, centre, reach)
        if words and self.words is not None:
            grow = (0.4 + 0.6 * ease_out_back(min(1.0, t / 0.3))) * fit
            w, h = self.words.get_size()
            image = pygame.transform.smoothscale(
                self.words, (max(1, int(w * grow)), max(1, int(h * grow)))
            )
            image.set_alpha(int(255 * fade))
            surface.blit(image, image.get_rect(center=centre))

    def _burst(
        self,
        surface: pygame.Surface,
        t: float,
        fade: float,
        scale: float,
        centre: tuple[int, int],
        reach: float | None,
    ) -> None:
        """The burst's rays and ring at progress ``t``."""
        radius = self._radius(scale, reach) * (0.35 + 0.65 * ease_out_cubic(t))
        size = int(2 * radius) + 4
        burst = pygame.Surface((size, size), pygame.SRCALPHA)
        mid = size / 2
        turn = t * 0.6 + 0.1 * self.weight
        alpha = int(110 * fade * min(1.0, 0.6 + 0.2 * self.weight))
        r, g, b = self.colour
        for i in range(RAYS):
            angle = turn + i * math.tau / RAYS
            width = math.tau / RAYS * 0.28
            inner = radius * 0.18
            points = [
                (mid + math.cos(angle - width) * inner, mid + math.sin(angle - width) * inner),
                (mid + math.cos(angle) * radius, mid + math.sin(angle) * radius),
                (mid + math.cos(angle + width) * inner, mid + math.sin(angle + width) * inner),
            ]
            pygame.draw.polygon(burst, (r, g, b, alpha), points)
        ring = max(2, int(6 * scale * self.weight * (1.0 - t)))
        pygame.draw.circle(burst, (r, g, b, int(200 * fade)), (mid, mid), radius * 0.92, ring)
        surface.blit(burst, burst.get_rect(center=centre))
