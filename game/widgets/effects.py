"""Short whole-table effects: a bomb's flash of light and the table's shake.

Lengths are designed at animation speed 50 % (factor 1) and divided by the animation factor;
at the fastest speed (factor 4 and above) the effect is skipped, as the animations are
meant to be out of the way there.
"""

from __future__ import annotations

import math

import pygame

#: Seconds the flash and the shake last at animation speed 50 %.
IMPACT_TIME = 0.45
#: The animation factor from which effects are skipped (the slider's fastest end).
SKIP_FACTOR = 4.0
#: Largest shake at the 1920×1080 reference, in pixels, and the flash's brightest lift.
SHAKE_PX = 9
FLASH = 70


class Impact:
    """A bomb landing: started at a time, it answers the shake offset and flash strength."""

    def __init__(self) -> None:
        self.start: float | None = None
        self.length = IMPACT_TIME
        self.strength = 1.0

    def trigger(self, now: float, factor: float, strength: float = 1.0) -> bool:
        """Start the effect at ``now`` for the animation ``factor``; False when skipped. A
        bigger bomb lands harder and longer (``strength`` 1 for a bomb of four)."""
        if factor >= SKIP_FACTOR:
            self.start = None
            return False
        self.start = now
        self.strength = max(0.5, strength)
        self.length = IMPACT_TIME * (0.7 + 0.3 * self.strength) / max(0.05, factor)
        return True

    def progress(self, now: float) -> float | None:
        """0 at the start to 1 at the end, None when no effect is running."""
        if self.start is None:
            return None
        t = (now - self.start) / self.length
        if t >= 1.0 or t < 0.0:
            self.start = None if t >= 1.0 else self.start
            return None
        return t

    def apply(self, surface: pygame.Surface, now: float, scale: float) -> None:
        """Shake the finished frame and lighten it, fading as the effect ends."""
        t = self.progress(now)
        if t is None:
            return
        fade = (1.0 - t) ** 2
        amplitude = SHAKE_PX * scale * fade * self.strength
        dx = round(math.sin(t * 38.0) * amplitude)
        dy = round(math.cos(t * 29.0) * amplitude * 0.6)
        if dx or dy:
            surface.scroll(dx, dy)
        lift = round(FLASH * min(1.6, self.strength) * (1.0 - t) ** 3)
        if lift > 0:
            surface.fill((lift, lift, int(lift * 0.8)), special_flags=pygame.BLEND_RGB_ADD)
