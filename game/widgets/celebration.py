"""A match won: confetti thrown up from the bottom corners and the headline springing in
(issue 26). Drawn by our own code, seeded, and driven by the scene's clock (``update(dt)``),
so a test steps it without sleeping; :meth:`Celebration.skip` ends it at once (any key or
click on the result panel).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.widgets.anim import ease_out_back
from game.widgets.common import BRASS, INK

#: Seconds the confetti flies, the headline's spring, and the pieces thrown.
LENGTH = 3.6
HEADLINE_TIME = 0.8
PIECES = 140
#: Confetti colours: brass, ivory, the jade and red of the felt and cards, a deep blue.
COLOURS = (BRASS, INK, (92, 184, 140), (206, 72, 70), (84, 128, 210), (236, 204, 120))
GRAVITY = 900.0  # reference pixels per second², at the 1920×1080 reference


@dataclass(slots=True)
class Piece:
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    spin: float
    size: float
    colour: tuple[int, int, int]
    delay: float


class Celebration:
    """Confetti over a window of ``size`` at ``scale`` (see the module docstring)."""

    def __init__(self, size: tuple[int, int], scale: float, seed: int = 0) -> None:
        self.size = size
        self.scale = scale
        self.t = 0.0
        rng = random.Random(seed)
        w, h = size
        self.pieces: list[Piece] = []
        for i in range(PIECES):
            side = i % 2  # alternate corners: left throws right, right throws left
            x = w * (0.06 if side == 0 else 0.94)
            speed = rng.uniform(900, 1500) * scale
            angle = math.radians(rng.uniform(58, 82))
            direction = 1 if side == 0 else -1
            self.pieces.append(
                Piece(
                    x=x + rng.uniform(-30, 30) * scale,
                    y=h + 10 * scale,
                    vx=direction * speed * math.cos(angle),
                    vy=-speed * math.sin(angle),
                    angle=rng.uniform(0, math.tau),
                    spin=rng.uniform(-9, 9),
                    size=rng.uniform(9, 16) * scale,
                    colour=rng.choice(COLOURS),
                    delay=rng.uniform(0.0, 0.9),
                )
            )

    @property
    def done(self) -> bool:
        return self.t >= LENGTH

    def update(self, dt: float) -> None:
        self.t = min(LENGTH, self.t + max(0.0, dt))

    def skip(self) -> None:
        self.t = LENGTH

    def headline_scale(self) -> float:
        """The headline's size against its final size: it springs in, overshoots, settles."""
        k = min(1.0, self.t / HEADLINE_TIME)
        return 0.35 + 0.65 * ease_out_back(k)

    def _where(self, piece: Piece) -> tuple[float, float, float] | None:
        t = self.t - piece.delay
        if t <= 0:
            return None
        drag = 1.0 - min(0.6, t * 0.18)  # the air slows them a little as they fall
        x = piece.x + piece.vx * t * drag
        y = piece.y + piece.vy * t + 0.5 * GRAVITY * self.scale * t * t
        return x, y, piece.angle + piece.spin * t

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        fade = min(1.0, (LENGTH - self.t) / 0.6)  # the last pieces fade out, none pops away
        w, h = self.size
        for piece in self.pieces:
            where = self._where(piece)
            if where is None:
                continue
            x, y, angle = where
            if not (-20 < x < w + 20 and -40 < y < h + 40):
                continue
            # A flat paper rectangle turning in the air: its width follows the turn.
            half_w = piece.size * 0.5 * abs(math.cos(angle * 0.7)) + 1
            half_h = piece.size * 0.3
            c, s = math.cos(angle), math.sin(angle)
            corners = [
                (x + dx * c - dy * s, y + dx * s + dy * c)
                for dx, dy in (
                    (-half_w, -half_h),
                    (half_w, -half_h),
                    (half_w, half_h),
                    (-half_w, half_h),
                )
            ]
            colour = tuple(int(v * fade + 20 * (1 - fade)) for v in piece.colour)
            pygame.draw.polygon(surface, colour, corners)
