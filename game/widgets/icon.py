"""The app icon: a brass spade on a disc of felt, drawn from the table's own colours and pip.

One drawing at any size: the window icon (game.app) and the executable's icon files
(tools/make_icon.py writes assets/icons/ from it) are the same picture.
"""

from __future__ import annotations

import pygame

from game.widgets import cards as card_art
from game.widgets.common import BRASS, BRASS_DARK, FELT_CENTRE, FELT_EDGE

#: Drawn this many times larger, then smoothly scaled down (antialiased edges).
_SUPER = 4


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return red, green, blue


def draw_icon(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, on a transparent background."""
    size = max(16, int(size))
    big = size * _SUPER
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big // 2, big // 2)
    radius = big // 2 - max(1, big // 64)
    # Felt lit from the middle: concentric rings from the edge colour to the centre colour.
    steps = 24
    for step in range(steps):
        t = step / (steps - 1)
        pygame.draw.circle(
            surface, _mix(FELT_EDGE, FELT_CENTRE, t), centre, round(radius * (1 - 0.45 * t))
        )
    ring = max(2, round(big * 0.045))
    pygame.draw.circle(surface, BRASS_DARK, centre, radius, ring)
    pygame.draw.circle(surface, BRASS, centre, radius - ring // 3, max(1, ring // 2))
    spade = card_art.pip("S", round(big * 0.58), BRASS)
    surface.blit(spade, spade.get_rect(center=(centre[0], centre[1] + big // 60)))
    return pygame.transform.smoothscale(surface, (size, size))
