"""The card table's cloth: the chosen felt with a fine twill and a wooden rim, drawn once per
window size and felt colour and kept (the table blits one finished surface per frame)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.widgets import common

#: The rim's wood, from its outer edge to the lip that meets the cloth.
WOOD_DARK = (38, 22, 12)
WOOD = (92, 56, 30)
WOOD_LIGHT = (140, 94, 52)


def table_felt(size: tuple[int, int], name: str) -> pygame.Surface:
    """The table of felt colour ``name`` for a window size (cached per size and colour)."""
    name = name if name in common.FELTS else common.DEFAULT_FELT
    return table_felt_of((int(size[0]), int(size[1])), name)


@lru_cache(maxsize=4)
def table_felt_of(size: tuple[int, int], name: str) -> pygame.Surface:
    """Felt ``name`` at ``size`` with a twill and the rim (see the module docstring)."""
    surface = common.felt_of(size, name).copy()
    scale = min(size[0] / 1920, size[1] / 1080)
    _twill(surface, scale)
    _rim(surface, scale)
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _twill(surface: pygame.Surface, scale: float) -> None:
    """Faint diagonal ribs, as in woven baize: lighter and darker lines a few pixels apart."""
    width, height = surface.get_size()
    step = max(3, round(6 * scale))
    ribs = pygame.Surface((width, height), pygame.SRCALPHA)
    for offset in range(-height, width, step):
        pygame.draw.line(ribs, (255, 255, 255, 7), (offset, height), (offset + height, 0))
        pygame.draw.line(ribs, (0, 0, 0, 9), (offset + 1, height), (offset + 1 + height, 0))
    surface.blit(ribs, (0, 0))


def _rim(surface: pygame.Surface, scale: float) -> None:
    """A wooden rim round the window: dark outer edge, warm wood, a light lip and the lip's
    soft shadow falling on the cloth."""
    width, height = surface.get_size()
    band = max(4, round(22 * scale))
    box = pygame.Rect(0, 0, width, height)
    for i in range(band):
        t = i / max(1, band - 1)
        # Rounded profile: darker at both ends of the band, brightest two thirds in.
        shade = 1.0 - abs(t - 0.66) * 1.2
        colour = tuple(
            round(d + (w - d) * max(0.0, shade)) for d, w in zip(WOOD_DARK, WOOD, strict=True)
        )
        pygame.draw.rect(surface, colour, box.inflate(-2 * i, -2 * i), width=1)
    lip = box.inflate(-2 * band, -2 * band)
    pygame.draw.rect(surface, WOOD_LIGHT, lip.inflate(2, 2), width=max(1, round(2 * scale)))
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    depth = max(3, round(14 * scale))
    for i in range(depth):
        alpha = round(90 * (1 - i / depth) ** 2)
        pygame.draw.rect(shadow, (0, 0, 0, alpha), lip.inflate(-2 * i, -2 * i), width=1)
    surface.blit(shadow, (0, 0))
