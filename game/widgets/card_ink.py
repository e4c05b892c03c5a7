"""What every card picture is drawn with (issue 53: out of :mod:`game.widgets.cards`): a card's
size and colours, the suit shapes as polygons and circles (no font glyph), the brass star
of a wild card, and the blank rounded card, each drawn supersampled and cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

#: Width / height of a card (bridge-size proportions, slim enough for a 27-card fan).
RATIO = 0.69
IVORY = (250, 247, 238)
EDGE = (170, 160, 140)
RED = (196, 30, 44)
BLACK = (28, 28, 34)
#: The four-colour deck, told apart with every common colour-vision deficiency (no red with
#: green): black spades, red hearts, blue diamonds, amber clubs. tests/test_cards_draw.py checks
#: the distances between them as seen with protanopia, deuteranopia and tritanopia.
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": (30, 112, 200), "C": (196, 122, 8)}
GOLD = (214, 168, 64)
SILVER = (150, 156, 166)
SELECT = (236, 186, 70)
BACK_RED = (120, 22, 34)
BACK_DARK = (70, 10, 20)

#: How many times larger curved shapes are drawn before they are smoothed down.
SUPERSAMPLE = 4


def card_size(height: int) -> tuple[int, int]:
    """Pixel size of a card ``height`` pixels tall."""
    height = max(8, int(height))
    return max(6, round(height * RATIO)), height


def suit_colour(suit: str | None, four_colour: bool = False) -> tuple[int, int, int]:
    """Ink of a suit (jokers: None → black)."""
    if four_colour:
        return FOUR_COLOURS.get(suit or "S", BLACK)
    return RED if suit in ("H", "D") else BLACK


# --- suit shapes (unit square, y down) -----------------------------------------------------


def _draw_suit_shape(surface: pygame.Surface, suit: str, colour: tuple[int, int, int]) -> None:
    size = surface.get_width()

    def p(x: float, y: float) -> tuple[int, int]:
        return round(x * size), round(y * size)

    def r(v: float) -> int:
        return round(v * size)

    if suit == "H":
        pygame.draw.circle(surface, colour, p(0.285, 0.33), r(0.235))
        pygame.draw.circle(surface, colour, p(0.715, 0.33), r(0.235))
        pygame.draw.polygon(
            surface, colour, [p(0.07, 0.43), p(0.5, 0.93), p(0.93, 0.43), p(0.5, 0.3)]
        )
    elif suit == "D":
        pygame.draw.polygon(
            surface,
            colour,
            [
                p(0.5, 0.02),
                p(0.68, 0.26),
                p(0.86, 0.5),
                p(0.68, 0.74),
                p(0.5, 0.98),
                p(0.32, 0.74),
                p(0.14, 0.5),
                p(0.32, 0.26),
            ],
        )
    elif suit == "S":
        pygame.draw.circle(surface, colour, p(0.29, 0.58), r(0.215))
        pygame.draw.circle(surface, colour, p(0.71, 0.58), r(0.215))
        pygame.draw.polygon(
            surface, colour, [p(0.09, 0.5), p(0.5, 0.04), p(0.91, 0.5), p(0.5, 0.7)]
        )
        pygame.draw.polygon(surface, colour, [p(0.5, 0.6), p(0.33, 0.97), p(0.67, 0.97)])
    elif suit == "C":
        pygame.draw.circle(surface, colour, p(0.5, 0.27), r(0.2))
        pygame.draw.circle(surface, colour, p(0.285, 0.6), r(0.2))
        pygame.draw.circle(surface, colour, p(0.715, 0.6), r(0.2))
        pygame.draw.circle(surface, colour, p(0.5, 0.52), r(0.13))
        pygame.draw.polygon(surface, colour, [p(0.5, 0.5), p(0.33, 0.97), p(0.67, 0.97)])
    else:
        raise ValueError(f"no suit {suit!r}")


def _star_points(
    cx: float, cy: float, outer: float, inner: float, points: int = 5
) -> list[tuple[float, float]]:
    result = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        result.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return result


@lru_cache(maxsize=256)
def pip(suit: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit symbol ``size`` pixels square, antialiased by supersampling."""
    size = max(2, int(size))
    big = pygame.Surface((size * SUPERSAMPLE, size * SUPERSAMPLE), pygame.SRCALPHA)
    _draw_suit_shape(big, suit, colour)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=64)
def star(
    size: int, colour: tuple[int, int, int], rim: tuple[int, int, int] | None = None
) -> pygame.Surface:
    """A five-pointed star ``size`` pixels square (joker index, wild marker)."""
    size = max(2, int(size))
    s = size * SUPERSAMPLE
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    if rim is not None:
        pygame.draw.polygon(big, rim, _star_points(s / 2, s / 2 + s * 0.03, s * 0.5, s * 0.22))
        pygame.draw.polygon(big, colour, _star_points(s / 2, s / 2 + s * 0.03, s * 0.38, s * 0.16))
    else:
        pygame.draw.polygon(big, colour, _star_points(s / 2, s / 2 + s * 0.03, s * 0.5, s * 0.2))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=32)
def blank_card(
    width: int, height: int, fill: tuple[int, int, int], edge: tuple[int, int, int]
) -> pygame.Surface:
    """A rounded card shape with an antialiased edge."""
    big = pygame.Surface((width * 2, height * 2), pygame.SRCALPHA)
    radius = max(2, round(width * 0.16))
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=radius)
    border = max(1, round(width * 0.012)) * 2
    pygame.draw.rect(
        big, fill, big.get_rect().inflate(-border, -border), border_radius=radius - border // 2
    )
    return pygame.transform.smoothscale(big, (width, height))
