"""Card backs (the Game menu's choice): a patterned field in a trim frame with a medallion,
drawn from vector shapes at twice the size and cached per (height, name).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.widgets.card_ink import (
    BACK_DARK,
    BACK_RED,
    EDGE,
    GOLD,
    IVORY,
    blank_card,
    card_size,
    pip,
    star,
)

#: The card backs the player can choose (Game menu): name -> (field, pattern, trim).
BACKS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "lattice": (BACK_RED, BACK_DARK, GOLD),  # burgundy lattice, brass medallion
    "navy": ((28, 48, 96), (14, 26, 58), (196, 200, 212)),  # blue, nested diamonds, silver
    "jade": ((24, 92, 70), (10, 54, 40), GOLD),  # green, interlaced rings, gold
}
#: The card back of a new player (settings.card_back chooses; an unknown name draws this one).
DEFAULT_BACK = "lattice"


def back(height: int, name: str) -> pygame.Surface:
    """Card back ``name`` (of BACKS; another name: the default) at ``height`` pixels."""
    return back_of(height, name if name in BACKS else DEFAULT_BACK)


def _back_pattern(
    pattern: pygame.Surface, name: str, ink: tuple[int, int, int], width: int
) -> None:
    w, h = pattern.get_size()
    line = max(1, round(width * 0.012))
    if name == "lattice":
        step = max(4, round(width * 0.11))
        for offset in range(-h, w + h, step):
            pygame.draw.line(pattern, ink, (offset, 0), (offset + h, h), line)
            pygame.draw.line(pattern, ink, (offset + h, 0), (offset, h), line)
    elif name == "navy":
        # Diamonds nested around the centre, like a guilloche.
        cx, cy = w / 2, h / 2
        step = max(3, round(width * 0.06))
        for k in range(1, int(max(w, h) / step) + 2):
            r = k * step
            pygame.draw.polygon(
                pattern,
                ink,
                [(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)],
                line,
            )
    else:
        # Rings interlaced on a grid (old "coin" backs).
        step = max(4, round(width * 0.16))
        radius = round(step * 0.62)
        for y in range(0, h + step, step):
            for x in range(0, w + step, step):
                pygame.draw.circle(pattern, ink, (x, y), radius, line)


@lru_cache(maxsize=16)
def back_of(height: int, name: str) -> pygame.Surface:
    """Card back ``name`` (of BACKS) at ``height`` pixels: a patterned field in a trim frame
    with a medallion."""
    field, ink, trim = BACKS[name]
    width, height = card_size(height)
    image = blank_card(width, height, IVORY, EDGE).copy()
    inset = max(2, round(width * 0.07))
    inner = image.get_rect().inflate(-2 * inset, -2 * inset)
    radius = max(1, round(width * 0.06))
    scale = 2  # drawn at twice the size: thin lines stay smooth
    pattern = pygame.Surface((inner.width * scale, inner.height * scale), pygame.SRCALPHA)
    pygame.draw.rect(pattern, field, pattern.get_rect(), border_radius=radius * scale)
    _back_pattern(pattern, name, ink, width * scale)
    # Keep the pattern inside the rounded corners.
    mask = pygame.Surface(pattern.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius * scale)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    image.blit(pygame.transform.smoothscale(pattern, inner.size), inner)
    pygame.draw.rect(image, trim, inner, max(1, round(width * 0.015)), border_radius=radius)
    medal = max(4, round(width * 0.34))
    centre = image.get_rect().center
    pygame.draw.circle(image, ink, centre, medal // 2 + max(1, round(width * 0.02)))
    pygame.draw.circle(image, trim, centre, medal // 2, max(1, round(width * 0.015)))
    if name == "navy":
        mark = pip("S", round(medal * 0.55), trim)
    elif name == "jade":
        mark = pip("C", round(medal * 0.55), trim)
    else:
        mark = star(round(medal * 0.7), trim)
    image.blit(mark, mark.get_rect(center=centre))
    return image
