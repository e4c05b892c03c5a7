"""The small pictures the effects are made of, drawn by code once per size and colour and
kept: a soft glow (added to the picture, so light adds up as light does), a four-pointed
star, a puff of dust, a scrap of confetti, a coin, a ring and a streak of light.

Glows and stars are drawn on black and blitted with ``BLEND_RGB_ADD``; the others carry
their own alpha. Fading is by :data:`LEVELS` steps of brightness or alpha, each kept.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from game.widgets.fx.kept import kept

Colour = tuple[int, int, int]
#: A big ring's pieces, each with its place in the ring's square (:func:`ring_pieces`).
Pieces = tuple[tuple[pygame.Surface, tuple[int, int]], ...]

#: Fading steps of a sprite (brightness for added light, alpha for the others).
LEVELS = 8
#: Shapes added as light (``BLEND_RGB_ADD``); the rest are blitted with their alpha.
ADDED = frozenset({"spark", "star", "glow"})
#: How light is added while :func:`toning` (a graded copy of each sprite: game/film_light.py).
_TONES: list[Callable[[pygame.Surface], pygame.Surface]] = []


@contextmanager
def toning(tone: Callable[[pygame.Surface], pygame.Surface]) -> Iterator[None]:
    """Inside it, every sprite added as light is first passed through ``tone`` (light drawn
    straight onto a graded picture, issue 54)."""
    _TONES.append(tone)
    try:
        yield
    finally:
        _TONES.pop()


def toning_now() -> bool:
    """Whether sprites of light pass through a tone now (:func:`toning`)."""
    return bool(_TONES)


def toned(image: pygame.Surface) -> pygame.Surface:
    """``image`` as light is added now (itself unless :func:`toning`)."""
    return _TONES[-1](image) if _TONES else image


def _dot() -> pygame.Surface:
    """What a sprite noted by a rehearsal stands in for (game/widgets/fx/kept.py)."""
    return pygame.Surface((1, 1))


def _no_pieces() -> Pieces:
    """What a ring's pieces noted by a rehearsal stand in for."""
    return ()


def level_of(share: float) -> int:
    """The fading step (1 … LEVELS) of ``share`` (0 none … 1 full); 0 draws nothing."""
    return max(0, min(LEVELS, math.ceil(share * LEVELS)))


def _scaled(colour: Colour, k: float) -> Colour:
    r, g, b = colour
    return (int(r * k), int(g * k), int(b * k))


@kept(512, _dot)
def glow(radius: int, colour: Colour, level: int = LEVELS) -> pygame.Surface:
    """A round glow of ``radius``: bright in the middle, fading to black at its edge."""
    radius = max(1, radius)
    size = glow_side(radius)
    image = pygame.Surface((size, size))
    k = level / LEVELS
    rings = min(radius, 24)
    for i in range(rings, 0, -1):
        share = (i - 0.5) / rings
        # A soft edge and a hot core: light falls off a little faster than linearly.
        light = (1.0 - share) ** 1.6
        pygame.draw.circle(image, _scaled(colour, k * light), (radius, radius), radius * i / rings)
    return image


def glow_side(radius: int) -> int:
    """The side of the square :func:`glow` of ``radius`` fills."""
    return 2 * max(1, radius) + 1


@kept(12, _dot)
def glow_around(
    radius: int, colour: Colour, level: int, hole: tuple[int, int, int, int], soft: int
) -> pygame.Surface:
    """The :func:`glow` dark over ``hole`` (x, y, width, height in the sprite) and coming up
    to full light over ``soft`` pixels round it: light round a play that leaves its cards
    readable and draws no hard edge on the felt while they are still flying in."""
    image = glow(radius, colour, level).copy()
    box = pygame.Rect(hole)
    region = box.inflate(2 * soft, 2 * soft)
    image.blit(_shade(box.size, soft), region, special_flags=pygame.BLEND_RGB_MULT)
    return image


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], soft: int) -> pygame.Surface:
    """Black over a box of ``size`` rising to white over ``soft`` pixels round it (a
    multiplier: only the box and its band, the light outside is left as it is)."""
    box = pygame.Rect((soft, soft), size)
    shade = pygame.Surface(box.inflate(2 * soft, 2 * soft).size)
    shade.fill((255, 255, 255))
    steps = max(1, min(soft, 32))
    for i in range(steps, -1, -1):  # from the outermost band in: each darker than the last
        grow = round(soft * i / steps)
        value = round(255 * i / steps)
        pygame.draw.rect(shade, (value, value, value), box.inflate(2 * grow, 2 * grow),
                         border_radius=grow)  # fmt: skip
    return shade


@kept(512, _dot)
def spark(radius: int, colour: Colour, level: int = LEVELS) -> pygame.Surface:
    """A hot point of light: a halo twice ``radius`` round a bright core, white at its heart."""
    radius = max(1, radius)
    image = glow(2 * radius, colour, level).copy()
    k = level / LEVELS
    centre = (2 * radius, 2 * radius)
    pygame.draw.circle(image, _scaled(colour, k), centre, max(1, radius * 0.6))
    hot = tuple(min(255, int((c + 255) / 2 * k)) for c in colour)
    pygame.draw.circle(image, hot, centre, max(1, radius * 0.3))
    return image


@kept(256, _dot)
def star(radius: int, colour: Colour, level: int = LEVELS) -> pygame.Surface:
    """A four-pointed twinkle with a glowing core (added as light)."""
    radius = max(2, radius)
    image = glow(max(1, radius // 2), colour, level).copy()
    canvas = pygame.Surface((2 * radius + 1, 2 * radius + 1))
    canvas.blit(image, image.get_rect(center=(radius, radius)), special_flags=pygame.BLEND_RGB_ADD)
    k = level / LEVELS
    thin = max(1.0, radius / 6.0)
    for angle in (0.0, math.pi / 2):
        dx, dy = math.cos(angle), math.sin(angle)
        points = [
            (radius + dx * radius, radius + dy * radius),
            (radius - dy * thin, radius + dx * thin),
            (radius - dx * radius, radius - dy * radius),
            (radius + dy * thin, radius - dx * thin),
        ]
        pygame.draw.polygon(canvas, _scaled(colour, k), points)
    return canvas


@kept(256, _dot)
def dust(radius: int, colour: Colour, level: int = LEVELS) -> pygame.Surface:
    """A soft puff (alpha), thickest in the middle."""
    radius = max(1, radius)
    image = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    top = 150 * level / LEVELS
    rings = min(radius, 12)
    for i in range(rings, 0, -1):
        share = i / rings
        alpha = int(top * (1.0 - share * 0.8) / rings * 2)
        pygame.draw.circle(image, (*colour, min(255, alpha)), (radius, radius), radius * share)
    return image


@kept(512, _dot)
def confetti(size: int, colour: Colour, turn: int, level: int = LEVELS) -> pygame.Surface:
    """A scrap of paper seen at one of eight ``turn``s (it tumbles as it falls)."""
    size = max(2, size)
    width = max(1, round(size * abs(math.cos(turn * math.pi / 8))))
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, width, max(1, size * 2 // 3))
    rect.center = (size // 2, size // 2)
    shade = _scaled(colour, 0.75 + 0.25 * abs(math.sin(turn * math.pi / 8)))
    pygame.draw.rect(image, (*shade, int(255 * level / LEVELS)), rect)
    return image


@kept(128, _dot)
def coin(size: int, turn: int, level: int = LEVELS) -> pygame.Surface:
    """A gold coin seen at one of eight ``turn``s of its spin (its width narrows)."""
    size = max(4, size)
    width = max(2, round(size * (0.25 + 0.75 * abs(math.cos(turn * math.pi / 8)))))
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, width, size)
    rect.center = (size // 2, size // 2)
    alpha = int(255 * level / LEVELS)
    pygame.draw.ellipse(image, (150, 104, 30, alpha), rect)
    pygame.draw.ellipse(image, (236, 190, 80, alpha), rect.inflate(-max(2, width // 5), -size // 5))
    shine = pygame.Rect(0, 0, max(1, width // 4), size // 3)
    shine.center = (rect.centerx - width // 6, rect.centery - size // 6)
    pygame.draw.ellipse(image, (255, 240, 190, alpha), shine)
    return image


@kept(512, _dot)
def ring(radius: int, width: int, colour: Colour, level: int = LEVELS) -> pygame.Surface:
    """A thin ring of light (added), soft on both sides."""
    radius, width, size = _ring_shape(radius, width)
    image = pygame.Surface((size, size))
    _paint_ring(image, radius, width, colour, level)
    return image


def _ring_shape(radius: int, width: int) -> tuple[int, int, int]:
    """A ring's radius and width as drawn, and the side of its square."""
    radius = max(2, radius)
    width = max(1, min(width, radius))
    return radius, width, 2 * (radius + width) + 1


def _paint_ring(image: pygame.Surface, radius: int, width: int, colour: Colour, level: int) -> None:
    """Draw the :func:`ring` on ``image`` (black, ``2·(radius + width) + 1`` wide)."""
    size = image.get_width()
    centre = (size // 2, size // 2)
    k = level / LEVELS
    for i in range(width, 0, -1):
        light = 1.0 - i / (width + 1)
        pygame.draw.circle(image, _scaled(colour, k * light), centre, radius + i, 2)
        pygame.draw.circle(image, _scaled(colour, k * light), centre, max(1, radius - i), 2)
    pygame.draw.circle(image, _scaled(colour, k), centre, radius, max(1, width // 2))


#: A ring this many pixels across or more is kept as the pieces round its arc that hold its
#: light (:func:`ring_pieces`), not as a whole square (issue 54: a new 1441-pixel square at 4K
#: took 4–8 ms, most of it allocating the square; its circles take about 1 ms).
BIG_RING = 160
#: The rows of a big ring cut into this many bands, each with its own pieces.
RING_BANDS = 16
_ring_canvas: list[pygame.Surface] = []


@kept(256, _no_pieces)
def ring_pieces(radius: int, width: int, colour: Colour, level: int = LEVELS) -> Pieces:
    """The :func:`ring`'s light as pieces, each with its place in the ring's square: drawn on
    one kept canvas and copied out, so that a big ring allocates only what holds light."""
    radius, width, size = _ring_shape(radius, width)
    if not _ring_canvas or _ring_canvas[0].get_width() < size:
        _ring_canvas[:] = [pygame.Surface((size * 5 // 4, size * 5 // 4))]
    image = _ring_canvas[0].subsurface((0, 0, size, size))
    _paint_ring(image, radius, width, colour, level)
    rects = _arc_rects(size, radius + width + 1, max(0, radius - width - 3))
    pieces = tuple((image.subsurface(rect).copy(), rect.topleft) for rect in rects)
    for rect in rects:  # the canvas black again for the next ring
        image.fill((0, 0, 0), rect)
    return pieces


def _arc_rects(size: int, outer: int, inner: int) -> list[pygame.Rect]:
    """Rectangles of a ``size`` square, none overlapping, that hold every pixel between
    ``inner`` and ``outer`` pixels from its middle (cut into :data:`RING_BANDS` row bands)."""
    middle = size // 2
    cuts = [size * i // RING_BANDS for i in range(RING_BANDS + 1)]
    found = []
    for top, bottom in zip(cuts, cuts[1:], strict=False):
        if bottom <= top:
            continue
        near = 0 if top <= middle < bottom else min(abs(top - middle), abs(bottom - 1 - middle))
        far = max(abs(top - middle), abs(bottom - 1 - middle))
        reach = min(middle, math.ceil(math.sqrt(max(0, outer * outer - near * near))) + 1)
        gap = math.floor(math.sqrt(inner * inner - far * far)) - 1 if far < inner else 0
        if gap < 1:
            found.append(pygame.Rect(middle - reach, top, 2 * reach + 1, bottom - top))
        else:
            found.append(pygame.Rect(middle - reach, top, reach - gap + 1, bottom - top))
            found.append(pygame.Rect(middle + gap, top, reach - gap + 1, bottom - top))
    return found


def hollow(radius: int, width: int) -> int:
    """Half the side of the square inside a :func:`ring` that is black (adds no light)."""
    radius, width, _ = _ring_shape(radius, width)
    return max(0, math.floor((radius - width - 2) / math.sqrt(2.0)) - 1)


def blit_ring(
    surface: pygame.Surface,
    radius: int,
    width: int,
    colour: Colour,
    level: int,
    centre: tuple[float, float],
) -> None:
    """Add the :func:`ring` centred on ``centre``, all but its black middle: a big ring is
    mostly hollow, and adding black there changes nothing (a whole-square blit at 4K)."""
    size = _ring_shape(radius, width)[2]
    if size >= BIG_RING:  # the pieces that hold its light (issue 54)
        left = int(centre[0]) - size // 2
        top = int(centre[1]) - size // 2
        arc = ring_pieces(radius, width, colour, level)
        surface.blits(
            [
                (toned(p), (left + x, top + y), p.get_rect(), pygame.BLEND_RGB_ADD)
                for p, (x, y) in arc
            ],
            doreturn=False,
        )
        return
    image = toned(ring(radius, width, colour, level))
    spot = image.get_rect(center=(int(centre[0]), int(centre[1])))
    half = hollow(radius, width)
    size = image.get_width()
    middle = size // 2
    if half < 8:
        surface.blit(image, spot, special_flags=pygame.BLEND_RGB_ADD)
        return
    top, bottom = middle - half, middle + half
    pieces = (
        pygame.Rect(0, 0, size, top),
        pygame.Rect(0, bottom, size, size - bottom),
        pygame.Rect(0, top, top, bottom - top),
        pygame.Rect(bottom, top, size - bottom, bottom - top),
    )
    surface.blits(
        [(image, spot.move(p.topleft), p, pygame.BLEND_RGB_ADD) for p in pieces], doreturn=False
    )


def blit_added_around(
    surface: pygame.Surface,
    image: pygame.Surface,
    centre: tuple[float, float],
    hole: pygame.Rect,
) -> None:
    """Add ``image`` (light) centred on ``centre`` everywhere but inside ``hole`` (screen
    coordinates): light round a play that leaves its cards as they are."""
    image = toned(image)
    spot = image.get_rect(center=(int(centre[0]), int(centre[1])))
    inside = hole.clip(spot)
    if not inside.width or not inside.height:
        surface.blit(image, spot, special_flags=pygame.BLEND_RGB_ADD)
        return
    pieces = (
        pygame.Rect(spot.left, spot.top, spot.width, inside.top - spot.top),
        pygame.Rect(spot.left, inside.bottom, spot.width, spot.bottom - inside.bottom),
        pygame.Rect(spot.left, inside.top, inside.left - spot.left, inside.height),
        pygame.Rect(inside.right, inside.top, spot.right - inside.right, inside.height),
    )
    surface.blits(
        [
            (image, piece.topleft, piece.move(-spot.left, -spot.top), pygame.BLEND_RGB_ADD)
            for piece in pieces
            if piece.width > 0 and piece.height > 0
        ],
        doreturn=False,
    )


def sprite(shape: str, size: int, colour: Colour, level: int, turn: int = 0) -> pygame.Surface:
    """The sprite of ``shape`` ("spark", "star", "glow", "dust", "confetti", "coin")."""
    if shape == "spark":
        return spark(size, colour, level)
    if shape == "glow":
        return glow(size, colour, level)
    if shape == "star":
        return star(size, colour, level)
    if shape == "dust":
        return dust(size, colour, level)
    if shape == "confetti":
        return confetti(size, colour, turn % 8, level)
    if shape == "coin":
        return coin(size, turn % 8, level)
    raise KeyError(f"no sprite {shape!r}")


def snap(radius: float) -> int:
    """``radius`` rounded onto a ladder of sizes 6 % apart, so an effect that grows reuses
    kept sprites instead of drawing a new one every frame."""
    if radius <= 8:
        return max(1, round(radius))
    step = math.log(1.06)
    return round(math.exp(round(math.log(radius) / step) * step))


def blit_added(
    surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float]
) -> pygame.Rect:
    """Add ``image`` (light) centred on ``centre``; returns where it went."""
    rect = image.get_rect(center=(int(centre[0]), int(centre[1])))
    surface.blit(toned(image), rect, special_flags=pygame.BLEND_RGB_ADD)
    return rect
