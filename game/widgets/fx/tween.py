"""Values that move over time: a :class:`Tween` from a start to an end with an easing curve,
a point between two points, and a number counting up (:class:`CountUp`).

Each is a pure function of the time since it began, so an effect drawn at a time is the same
picture however the frames fell before it (screenshots and tests repeat).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.widgets.fx.easing import ease

Point = tuple[float, float]


@dataclass(frozen=True)
class Tween:
    """``start`` to ``end`` in ``duration`` seconds after ``delay``, along the curve ``easing``."""

    start: float
    end: float
    duration: float
    delay: float = 0.0
    easing: str = "easeOutCubic"

    def progress(self, t: float) -> float:
        """The share of time gone at ``t`` (0 before the delay, 1 at the end)."""
        if self.duration <= 0.0:
            return 1.0 if t >= self.delay else 0.0
        return min(1.0, max(0.0, (t - self.delay) / self.duration))

    def at(self, t: float) -> float:
        return self.start + (self.end - self.start) * ease(self.easing, self.progress(t))

    def done(self, t: float) -> bool:
        return t >= self.delay + self.duration


def lerp(a: float, b: float, k: float) -> float:
    return a + (b - a) * k


def point_between(a: Point, b: Point, k: float, *, arc: float = 0.0) -> Point:
    """The point ``k`` of the way from ``a`` to ``b``; ``arc`` lifts the path into a curve (a
    share of the distance, positive bending to the left of the way)."""
    x, y = lerp(a[0], b[0], k), lerp(a[1], b[1], k)
    if arc:
        dx, dy = b[0] - a[0], b[1] - a[1]
        lift = math.sin(k * math.pi) * arc
        x, y = x + dy * lift, y - dx * lift
    return x, y


@dataclass(frozen=True)
class CountUp:
    """A number shown counting from ``start`` to ``end`` (a result's figures, issue 54):
    whole numbers, reaching ``end`` exactly when ``duration`` is over."""

    start: int
    end: int
    duration: float = 0.8
    delay: float = 0.0
    easing: str = "easeOutCubic"

    def value(self, t: float) -> int:
        tween = Tween(float(self.start), float(self.end), self.duration, self.delay, self.easing)
        if tween.done(t):
            return self.end
        shown = tween.at(t)
        # Toward the start while counting: the last step lands on the end, never past it.
        return int(math.floor(shown)) if self.end >= self.start else int(math.ceil(shown))

    def done(self, t: float) -> bool:
        return t >= self.delay + self.duration
