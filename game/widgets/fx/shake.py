"""The table's camera shake: a jolt that dies away, its path a sum of waves whose phases come
from the effect's seeded random state (the same shake for the same seed)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Shake:
    """A shake of ``amplitude`` pixels at its start, over ``length`` seconds, dying away."""

    amplitude: float
    length: float
    phases: tuple[float, float, float, float]

    @classmethod
    def of(cls, amplitude: float, length: float, rng: random.Random) -> Shake:
        a, b, c, d = (rng.uniform(0.0, math.tau) for _ in range(4))
        return cls(amplitude, length, (a, b, c, d))

    def strength(self, t: float) -> float:
        """The amplitude at ``t`` (it falls as the square of the time left)."""
        if t < 0.0 or t >= self.length or self.length <= 0.0:
            return 0.0
        return self.amplitude * (1.0 - t / self.length) ** 2

    def offset(self, t: float) -> tuple[float, float]:
        """Where the camera stands at ``t``, in pixels from rest."""
        a = self.strength(t)
        if a <= 0.0:
            return 0.0, 0.0
        p = self.phases
        x = 0.7 * math.sin(t * 47.0 + p[0]) + 0.3 * math.sin(t * 83.0 + p[1])
        y = 0.7 * math.sin(t * 41.0 + p[2]) + 0.3 * math.sin(t * 71.0 + p[3])
        return a * x, a * y * 0.7
