"""Court figures (J, Q, K of each suit) and the two jokers, drawn with pygame.draw.

As on a real double-headed card, a figure is a half-length portrait in the top half of the
picture frame, and the bottom half is the same portrait turned by 180°. Each suit gives its
figures their own traits (hair, the side they look to, what they hold, the colour of the robe's
panel), so all twelve courts differ; kings wear crowns and beards, queens a tiara and long hair
and hold a flower, jacks a cap with a feather. The Red Joker is a jester in red and gold before
a sun; the Black Joker a jester in black and silver before a crescent moon.

:func:`portrait` draws one card's picture at any size; callers supersample and cache it
(:mod:`game.widgets.cards`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]

GOLD: Colour = (214, 168, 64)
GOLD_DARK: Colour = (150, 108, 30)
SKIN: Colour = (247, 214, 182)
SKIN_SHADE: Colour = (222, 176, 140)
WHITE: Colour = (252, 250, 244)
STEEL: Colour = (186, 192, 202)
WOOD: Colour = (120, 78, 40)
LEAF: Colour = (46, 120, 62)
INK: Colour = (30, 28, 34)
LIP: Colour = (190, 70, 70)
#: Figures are drawn this much larger than their coordinates (from the top; the robe's hem
#: passes under the line between the halves).
ZOOM = 1.12


@dataclass(frozen=True)
class Traits:
    """What a suit's courts look like."""

    hair: Colour
    panel: Colour  # the robe's front panel and the jack's cap
    look: int  # -1 looks to the left, 1 to the right
    king_holds: str
    jack_holds: str


TRAITS: dict[str, Traits] = {
    "S": Traits((70, 62, 58), (52, 84, 150), -1, "sword", "halberd"),
    "H": Traits((140, 84, 40), (214, 168, 64), 1, "sword", "leaf"),
    "D": Traits((206, 164, 90), (52, 120, 80), -1, "axe", "halberd"),
    "C": Traits((40, 32, 30), (176, 64, 52), 1, "orb", "leaf"),
}


class _Pen:
    """Coordinates of the half-portrait: x from the centre and y from the top, both in units of
    the half's height (y = 1 is the line between the two halves)."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.surface = surface
        self.rect = rect
        self.unit = rect.height

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (
            round(self.rect.centerx + x * self.unit * ZOOM),
            round(self.rect.top + (0.02 + y * ZOOM) * self.unit),
        )

    def r(self, value: float) -> int:
        return max(1, round(value * self.unit * ZOOM))

    def poly(self, colour: Colour, points: list[tuple[float, float]], width: int = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(x, y) for x, y in points], width)

    def circle(self, colour: Colour, x: float, y: float, radius: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, colour, self.p(x, y), self.r(radius), self.r(width) if width else 0
        )

    def ellipse(
        self, colour: Colour, x: float, y: float, rx: float, ry: float, width: float = 0
    ) -> None:
        box = pygame.Rect(0, 0, self.r(2 * rx), self.r(2 * ry))
        box.center = self.p(x, y)
        pygame.draw.ellipse(self.surface, colour, box, self.r(width) if width else 0)

    def line(
        self, colour: Colour, a: tuple[float, float], b: tuple[float, float], w: float
    ) -> None:
        pygame.draw.line(self.surface, colour, self.p(*a), self.p(*b), self.r(w))


# --- pieces ------------------------------------------------------------------------------------


def _robe(pen: _Pen, robe: Colour, panel: Colour, collar: str) -> None:
    pen.poly(
        robe,
        [
            (-0.5, 1.0),
            (-0.46, 0.76),
            (-0.26, 0.63),
            (0, 0.66),
            (0.26, 0.63),
            (0.46, 0.76),
            (0.5, 1.0),
        ],
    )
    pen.poly(panel, [(-0.12, 0.66), (0.12, 0.66), (0.17, 1.0), (-0.17, 1.0)])
    for i in range(3):  # a row of gold studs down the panel
        pen.circle(GOLD, 0, 0.74 + i * 0.09, 0.025)
    pen.line(GOLD, (-0.12, 0.66), (-0.17, 1.0), 0.02)
    pen.line(GOLD, (0.12, 0.66), (0.17, 1.0), 0.02)
    pen.poly(SKIN_SHADE, [(-0.06, 0.5), (0.06, 0.5), (0.07, 0.66), (-0.07, 0.66)])  # neck
    if collar == "ermine":  # white fur over the shoulders, black tails
        pen.poly(
            WHITE,
            [
                (-0.4, 0.72),
                (-0.26, 0.62),
                (0, 0.65),
                (0.26, 0.62),
                (0.4, 0.72),
                (0.26, 0.69),
                (0, 0.72),
                (-0.26, 0.69),
            ],
        )
        for x in (-0.3, -0.15, 0.15, 0.3):
            pen.poly(INK, [(x - 0.012, 0.655), (x + 0.012, 0.655), (x, 0.69)])
    elif collar == "lace":  # a scalloped lace collar
        for i in range(-3, 4):
            pen.circle(WHITE, i * 0.07, 0.66 + abs(i) * 0.012, 0.04)
    else:  # a plain gold collar
        pen.poly(GOLD, [(-0.36, 0.64), (0, 0.7), (0.36, 0.64), (0, 0.76)])


def _face(pen: _Pen, look: int, *, cheeks: bool) -> None:
    pen.ellipse(SKIN, 0, 0.37, 0.15, 0.18)
    gaze = 0.02 * look
    for side in (-1, 1):
        pen.ellipse(WHITE, side * 0.058 + gaze / 2, 0.35, 0.032, 0.018)
        pen.circle(INK, side * 0.058 + gaze, 0.35, 0.014)
        pen.line(INK, (side * 0.09, 0.315), (side * 0.03, 0.31), 0.012)  # brow
    pen.line(SKIN_SHADE, (0.01 * look, 0.36), (0.03 * look, 0.43), 0.014)  # nose
    pen.ellipse(LIP, 0.01 * look, 0.475, 0.03, 0.012)
    if cheeks:
        for side in (-1, 1):
            pen.circle((240, 170, 160), side * 0.085, 0.42, 0.025)


def _crown(pen: _Pen, jewel: Colour, tall: float) -> None:
    top = 0.22 - tall
    pen.poly(
        GOLD,
        [
            (-0.16, 0.24),
            (-0.17, top),
            (-0.085, 0.15),
            (0, top - 0.04),
            (0.085, 0.15),
            (0.17, top),
            (0.16, 0.24),
        ],
    )
    pen.poly(
        GOLD_DARK,
        [
            (-0.16, 0.24),
            (-0.17, top),
            (-0.085, 0.15),
            (0, top - 0.04),
            (0.085, 0.15),
            (0.17, top),
            (0.16, 0.24),
        ],
        max(1, pen.r(0.012)),
    )
    pen.poly(GOLD_DARK, [(-0.165, 0.2), (0.165, 0.2), (0.16, 0.25), (-0.16, 0.25)])
    for x, y in ((-0.17, top), (0, top - 0.04), (0.17, top)):
        pen.circle(jewel, x, y, 0.025)
    pen.circle(jewel, 0, 0.225, 0.022)


def _hand(pen: _Pen, x: float, y: float) -> None:
    pen.circle(SKIN, x, y, 0.05)
    pen.circle(SKIN_SHADE, x, y, 0.05, 0.012)


def _held(pen: _Pen, item: str, side: int, colour: Colour) -> None:
    """What the figure holds, on ``side`` (-1 left, 1 right)."""
    x = 0.4 * side
    if item == "sword":
        pen.poly(
            STEEL,
            [(x - 0.025, 0.76), (x - 0.025, 0.1), (x, 0.04), (x + 0.025, 0.1), (x + 0.025, 0.76)],
        )
        pen.line(INK, (x, 0.1), (x, 0.74), 0.008)
        pen.poly(GOLD, [(x - 0.1, 0.74), (x + 0.1, 0.74), (x + 0.1, 0.78), (x - 0.1, 0.78)])
        pen.poly(WOOD, [(x - 0.02, 0.78), (x + 0.02, 0.78), (x + 0.02, 0.95), (x - 0.02, 0.95)])
        _hand(pen, x, 0.86)
    elif item == "axe":
        pen.poly(WOOD, [(x - 0.018, 0.08), (x + 0.018, 0.08), (x + 0.018, 0.98), (x - 0.018, 0.98)])
        pen.poly(
            STEEL,
            [
                (x, 0.12),
                (x + 0.16 * side, 0.06),
                (x + 0.2 * side, 0.2),
                (x + 0.16 * side, 0.34),
                (x, 0.28),
            ],
        )
        pen.circle(GOLD, x, 0.08, 0.03)
        _hand(pen, x, 0.84)
    elif item == "orb":
        pen.circle(GOLD, x, 0.7, 0.1)
        pen.circle(GOLD_DARK, x, 0.7, 0.1, 0.015)
        pen.line(GOLD_DARK, (x - 0.1, 0.7), (x + 0.1, 0.7), 0.015)
        pen.poly(GOLD, [(x - 0.015, 0.6), (x + 0.015, 0.6), (x + 0.015, 0.5), (x - 0.015, 0.5)])
        pen.poly(GOLD, [(x - 0.05, 0.53), (x + 0.05, 0.53), (x + 0.05, 0.56), (x - 0.05, 0.56)])
        _hand(pen, x, 0.84)
    elif item == "flower":
        pen.line(LEAF, (x, 0.86), (x + 0.04 * side, 0.36), 0.018)
        pen.poly(LEAF, [(x + 0.02 * side, 0.6), (x + 0.14 * side, 0.52), (x + 0.03 * side, 0.66)])
        cx, cy = x + 0.04 * side, 0.32
        for i in range(5):
            angle = i * 2 * math.pi / 5
            pen.circle(colour, cx + 0.055 * math.cos(angle), cy + 0.055 * math.sin(angle), 0.045)
        pen.circle(GOLD, cx, cy, 0.035)
        _hand(pen, x, 0.86)
    elif item == "halberd":
        pen.poly(WOOD, [(x - 0.016, 0.02), (x + 0.016, 0.02), (x + 0.016, 0.98), (x - 0.016, 0.98)])
        pen.poly(STEEL, [(x, -0.04), (x + 0.03, 0.08), (x - 0.03, 0.08)])
        pen.poly(STEEL, [(x, 0.1), (x + 0.13 * side, 0.07), (x + 0.11 * side, 0.24), (x, 0.2)])
        _hand(pen, x, 0.8)
    elif item == "leaf":  # a sprig of laurel held up
        pen.line(LEAF, (x, 0.86), (x, 0.2), 0.016)
        for i in range(5):
            y = 0.26 + i * 0.11
            for s in (-1, 1):
                pen.poly(LEAF, [(x, y + 0.04), (x + s * 0.09, y - 0.02), (x + s * 0.03, y - 0.04)])
        _hand(pen, x, 0.86)


def _king(pen: _Pen, traits: Traits, robe: Colour) -> None:
    side = traits.look
    _held(pen, traits.king_holds, -side, robe)
    pen.ellipse(traits.hair, 0, 0.36, 0.19, 0.2)  # hair behind the face
    _robe(pen, robe, traits.panel, "ermine")
    _face(pen, traits.look, cheeks=False)
    # Beard and moustache.
    pen.poly(
        traits.hair,
        [
            (-0.15, 0.4),
            (-0.1, 0.5),
            (0, 0.6),
            (0.1, 0.5),
            (0.15, 0.4),
            (0.1, 0.46),
            (0, 0.5),
            (-0.1, 0.46),
        ],
    )
    pen.poly(traits.hair, [(-0.08, 0.455), (0, 0.44), (0.08, 0.455), (0, 0.47)])
    _crown(pen, robe, 0.12)


def _queen(pen: _Pen, traits: Traits, robe: Colour) -> None:
    side = traits.look
    pen.poly(
        traits.hair,
        [
            (-0.18, 0.3),
            (-0.24, 0.7),
            (-0.12, 0.62),
            (0, 0.2),
            (0.12, 0.62),
            (0.24, 0.7),
            (0.18, 0.3),
        ],
    )  # long hair falling to the shoulders
    pen.ellipse(traits.hair, 0, 0.33, 0.18, 0.19)
    _robe(pen, robe, traits.panel, "lace")
    _held(pen, "flower", -side, robe)
    _face(pen, traits.look, cheeks=True)
    # A tiara: a low gold band with small points and a jewel.
    pen.poly(
        GOLD,
        [
            (-0.14, 0.22),
            (-0.1, 0.14),
            (-0.05, 0.19),
            (0, 0.1),
            (0.05, 0.19),
            (0.1, 0.14),
            (0.14, 0.22),
            (0, 0.2),
        ],
    )
    pen.circle(robe, 0, 0.15, 0.022)


def _jack(pen: _Pen, traits: Traits, robe: Colour) -> None:
    side = traits.look
    _held(pen, traits.jack_holds, side, robe)
    pen.ellipse(traits.hair, 0, 0.33, 0.17, 0.17)  # short hair
    pen.poly(traits.hair, [(-0.16, 0.33), (-0.17, 0.5), (-0.12, 0.44)])
    pen.poly(traits.hair, [(0.16, 0.33), (0.17, 0.5), (0.12, 0.44)])
    _robe(pen, robe, traits.panel, "gold")
    _face(pen, traits.look, cheeks=False)
    # A soft cap tilted towards the gaze, with a feather.
    pen.ellipse(traits.panel, 0.03 * side, 0.2, 0.2, 0.07)
    pen.ellipse(GOLD, 0.03 * side, 0.235, 0.17, 0.025)
    pen.poly(
        robe, [(0.1 * side, 0.18), (0.28 * side, -0.02), (0.34 * side, 0.0), (0.14 * side, 0.2)]
    )
    pen.line(WHITE, (0.12 * side, 0.19), (0.31 * side, -0.01), 0.008)


def _jester(pen: _Pen, red: bool) -> None:
    """Half a joker: a jester with a three-pointed cap and bells, before a sun or a moon."""
    if red:
        main, second, trim, sky = (196, 30, 44), (214, 168, 64), GOLD, (244, 196, 80)
        pen.circle(sky, 0, 0.34, 0.34)  # the sun, with rays
        for i in range(12):
            a = i * math.pi / 6
            pen.poly(
                sky,
                [
                    (0.3 * math.cos(a - 0.1), 0.34 + 0.3 * math.sin(a - 0.1)),
                    (0.46 * math.cos(a), 0.34 + 0.46 * math.sin(a)),
                    (0.3 * math.cos(a + 0.1), 0.34 + 0.3 * math.sin(a + 0.1)),
                ],
            )
    else:
        main, second, trim, sky = (40, 40, 46), (150, 156, 166), (196, 200, 208), (120, 126, 138)
        pen.circle(sky, -0.1, 0.3, 0.32)  # the crescent moon
        pen.circle((250, 247, 238), 0.02, 0.24, 0.3)
        for x, y in ((0.36, 0.12), (0.44, 0.4), (-0.46, 0.62)):
            pen.circle(sky, x, y, 0.025)
    # Robe in two halves and a zigzag ruff.
    pen.poly(main, [(-0.62, 1.0), (-0.56, 0.74), (-0.3, 0.62), (0, 0.66), (0, 1.0)])
    pen.poly(second, [(0.62, 1.0), (0.56, 0.74), (0.3, 0.62), (0, 0.66), (0, 1.0)])
    ruff = []
    for i in range(13):
        x = -0.36 + i * 0.06
        ruff += [(x, 0.62 if i % 2 == 0 else 0.74)]
    pen.poly(trim, [(-0.36, 0.6)] + ruff + [(0.36, 0.6), (0, 0.56)])
    _face(pen, 1 if red else -1, cheeks=red)
    # Cap: three floppy points in alternate colours, a bell at each tip.
    pen.poly(second, [(-0.16, 0.26), (-0.42, 0.02), (-0.36, 0.3), (-0.12, 0.22)])
    pen.poly(main, [(0.16, 0.26), (0.42, 0.02), (0.36, 0.3), (0.12, 0.22)])
    pen.poly(main if red else second, [(-0.12, 0.22), (0, -0.04), (0.12, 0.22)])
    pen.poly(trim, [(-0.17, 0.27), (0.17, 0.27), (0.15, 0.21), (-0.15, 0.21)])
    for x, y in ((-0.42, 0.02), (0.42, 0.02), (0, -0.04)):
        pen.circle(trim, x, y + 0.02, 0.04)
        pen.circle(INK, x, y + 0.035, 0.01)
    # A marotte (the fool's sceptre) in the free hand.
    x = -0.42 if red else 0.42
    pen.line(WOOD, (x, 0.95), (x, 0.5), 0.02)
    pen.circle(trim, x, 0.46, 0.05)
    pen.circle(main, x, 0.46, 0.03)
    _hand(pen, x, 0.84)


def portrait(surface: pygame.Surface, rank: str, suit: str | None, robe: Colour) -> None:
    """Draw the picture of a court card (``rank`` J, Q, K with ``suit``; ``robe`` its ink) or
    a joker (``rank`` RJ/BJ) filling ``surface``: the top half drawn, the bottom its turn."""
    width, height = surface.get_size()
    half = pygame.Surface((width, height // 2 + 1), pygame.SRCALPHA)
    pen = _Pen(half, half.get_rect())
    if rank in ("RJ", "BJ"):
        _jester(pen, rank == "RJ")
    else:
        traits = TRAITS[suit or "S"]
        {"K": _king, "Q": _queen, "J": _jack}[rank](pen, traits, robe)
    surface.blit(half, (0, 0))
    surface.blit(pygame.transform.rotate(half, 180), (0, height - half.get_height()))
    line = max(1, round(height * 0.006))
    pygame.draw.line(surface, GOLD_DARK, (0, height // 2), (width, height // 2), line)
