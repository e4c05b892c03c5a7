"""The film look's grading in numbers (issue 54): a look's contrast multiply and temperature
tint, the subtract a contrast above 50 makes, and the fills that apply them. One place for
PostFX's grading passes (game/postfx.py) and the same grading as a tone for added light
(game/film_light.py)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

#: How far contrast goes at 0 % (k = 1 − this) and at 100 % (k = 1 + this).
CONTRAST_LOW = 0.35
CONTRAST_HIGH = 0.5

#: Channel factors (red, green, blue).
Tint = tuple[float, float, float]


def factors(contrast: int, temperature: int) -> tuple[Tint, float]:
    """A look's temperature tint and contrast multiply ``k`` (1 at 50 %)."""
    tint = _tint((temperature - 50) / 50.0) if temperature != 50 else (1.0, 1.0, 1.0)
    slope = CONTRAST_LOW if contrast < 50 else CONTRAST_HIGH
    return tint, 1.0 + slope * (contrast - 50) / 50.0


def sink(k: float, mean: int) -> int:
    """What a contrast above 50 subtracts before its multiply ``k`` (the grain's mean in it)."""
    return min(255, round((128 * (k - 1.0) + mean) / k))


def _tint(amount: float) -> Tint:
    """Channel factors for a temperature shift: warmer above 0 (amber), cooler below (blue)."""
    if amount > 0:  # keep red, lower blue most
        return (1.0, 1.0 - 0.07 * amount, 1.0 - 0.24 * amount)
    a = -amount  # keep blue, lower red most
    return (1.0 - 0.22 * a, 1.0 - 0.06 * a, 1.0)


def levels(factors: Iterable[float]) -> tuple[int, int, int]:
    """Factors as a fill's colour (0–255 each, 255 for 1)."""
    r, g, b = (max(0, min(255, round(255 * f))) for f in factors)
    return (r, g, b)


def add_signed(frame: pygame.Surface, amounts: list[int], rect: pygame.Rect | None = None) -> None:
    """Add per-channel amounts that may be negative (one ADD and/or one SUB fill)."""
    up = tuple(max(0, min(255, a)) for a in amounts)
    down = tuple(max(0, min(255, -a)) for a in amounts)
    if any(up):
        frame.fill(up, rect, pygame.BLEND_RGB_ADD)
    if any(down):
        frame.fill(down, rect, pygame.BLEND_RGB_SUB)
