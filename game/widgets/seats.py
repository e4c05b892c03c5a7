"""What sits at a seat of the card table, drawn by the project's own code: a portrait, the
hand as fanned card backs, the turn ring (turning while the seat thinks) and the finishing
medal. Each picture is made once per size and kept; the ring is a few arcs per frame."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import text
from game.widgets import card_backs
from game.widgets.faces import draw_face

#: Most backs drawn in a fan; a bigger hand shows this many and its number beside them.
FAN_CAP = 12

#: Per seat: background, clothes, skin, hair and the hair's cut (seat 0 is the player).
_PORTRAITS: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((46, 96, 92), (30, 58, 64), (228, 196, 160), (60, 40, 28)),
    ((98, 60, 92), (62, 34, 58), (206, 164, 128), (28, 22, 20)),
    ((128, 98, 48), (84, 60, 26), (236, 208, 172), (120, 74, 38)),
    ((52, 72, 118), (30, 40, 74), (176, 132, 100), (38, 30, 26)),
)
_CUTS = ("short", "bun", "cap", "part")

#: Medal colours for 1st, 2nd, 3rd and 4th: gold, silver, bronze and iron.
MEDALS: tuple[tuple[int, int, int], ...] = (
    (222, 182, 84),
    (196, 202, 208),
    (196, 126, 74),
    (120, 126, 122),
)
MEDAL_INK = (40, 28, 10)


@lru_cache(maxsize=64)
def avatar(seat: int, diameter: int, mood: str = "calm") -> pygame.Surface:
    """A round portrait for ``seat`` (head and shoulders, its own colours and haircut) with
    its face in ``mood`` (``game.widgets.faces.MOODS``), drawn three times larger and
    smooth-scaled down so its edges are soft."""
    background, clothes, skin, hair = _PORTRAITS[seat % len(_PORTRAITS)]
    cut = _CUTS[seat % len(_CUTS)]
    big = max(3, diameter * 3)
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big / 2
    pygame.draw.circle(art, background, (r, r), r)
    figure = pygame.Surface((big, big), pygame.SRCALPHA)
    # Shoulders: a wide ellipse rising from the bottom edge, a neck, then the head.
    pygame.draw.ellipse(
        figure, clothes, pygame.Rect(big * 0.14, big * 0.70, big * 0.72, big * 0.56)
    )
    pygame.draw.rect(figure, skin, pygame.Rect(big * 0.44, big * 0.56, big * 0.12, big * 0.18))
    head = pygame.Rect(big * 0.33, big * 0.22, big * 0.34, big * 0.40)
    if cut == "bun":
        pygame.draw.circle(figure, hair, (r, big * 0.19), big * 0.09)
    pygame.draw.ellipse(figure, hair, head.inflate(big * 0.04, big * 0.02).move(0, -big * 0.02))
    face = head.move(0, big * 0.03)
    pygame.draw.ellipse(figure, skin, face)
    if cut == "short":
        pygame.draw.ellipse(
            figure, hair, pygame.Rect(big * 0.33, big * 0.19, big * 0.34, big * 0.16)
        )
    elif cut == "cap":
        pygame.draw.ellipse(
            figure, hair, pygame.Rect(big * 0.31, big * 0.17, big * 0.38, big * 0.17)
        )
        pygame.draw.rect(figure, hair, pygame.Rect(big * 0.30, big * 0.28, big * 0.46, big * 0.04))
    elif cut == "part":
        pygame.draw.polygon(
            figure,
            hair,
            [
                (big * 0.33, big * 0.34),
                (big * 0.36, big * 0.20),
                (big * 0.58, big * 0.18),
                (big * 0.68, big * 0.30),
                (big * 0.50, big * 0.26),
            ],
        )
    draw_face(figure, face, mood, skin)
    # The figure is cut to the disc: the shoulders stop at its edge.
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
    figure.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    art.blit(figure, (0, 0))
    pygame.draw.circle(art, (0, 0, 0, 90), (r, r), r, width=max(1, big // 40))
    return pygame.transform.smoothscale(art, (diameter, diameter))


def fan_size(count: int) -> int:
    """How many backs the fan of a hand of ``count`` cards shows."""
    return max(0, min(int(count), FAN_CAP))


@lru_cache(maxsize=96)
def _fan(shown: int, height: int, back: str) -> pygame.Surface:
    image = card_backs.back_of(height, back)
    spread = min(56.0, 5.0 * max(0, shown - 1))  # degrees from the first card to the last
    pivot = height * 1.6  # the cards turn about a point below their middle, as held
    pictures: list[tuple[pygame.Surface, tuple[float, float]]] = []
    for i in range(shown):
        angle = spread / 2 - (spread * i / (shown - 1) if shown > 1 else 0.0)
        turned = pygame.transform.rotozoom(image, angle, 1.0)
        rad = math.radians(angle)
        # The card's centre swings round the pivot.
        cx = -math.sin(rad) * pivot
        cy = pivot - math.cos(rad) * pivot
        pictures.append((turned, (cx, cy)))
    if not pictures:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    left = min(cx - p.get_width() / 2 for p, (cx, _) in pictures)
    right = max(cx + p.get_width() / 2 for p, (cx, _) in pictures)
    top = min(cy - p.get_height() / 2 for p, (_, cy) in pictures)
    bottom = max(cy + p.get_height() / 2 for p, (_, cy) in pictures)
    fan = pygame.Surface(
        (math.ceil(right - left) + 1, math.ceil(bottom - top) + 1), pygame.SRCALPHA
    )
    for picture, (cx, cy) in pictures:
        fan.blit(picture, picture.get_rect(center=(round(cx - left), round(cy - top))))
    return fan


def hand_fan(count: int, height: int, back: str) -> pygame.Surface:
    """The backs of a hand of ``count`` cards fanned as held (at most :data:`FAN_CAP`), in
    card back ``back``, ``height`` pixels per card (cached per count, size and back)."""
    back = back if back in card_backs.BACKS else card_backs.DEFAULT_BACK
    return _fan(fan_size(count), max(8, int(height)), back)


def turn_ring(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    width: int,
    colour: tuple[int, int, int],
    *,
    thinking: bool = False,
    time: float = 0.0,
) -> None:
    """The ring round the portrait of the seat to play; while it thinks, a bright arc runs
    round the ring (one turn in 1.6 s)."""
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    pygame.draw.circle(surface, colour, centre, radius, width=width)
    if thinking:
        dim = tuple(c // 2 for c in colour)
        pygame.draw.circle(surface, dim, centre, radius, width=width)
        start = -time * math.tau / 1.6
        bright = tuple(min(255, c + 50) for c in colour)
        # Drawn apart and blitted: SDL's arc moves with the clip rectangle, and a table frame
        # redrawn in clipped places (issue 30) must equal the whole frame pixel for pixel.
        arc = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.arc(arc, bright, arc.get_rect(), start, start + math.pi * 0.7, width)
        surface.blit(arc, rect)


@lru_cache(maxsize=16)
def finish_badge(place: int, diameter: int) -> pygame.Surface:
    """A medal for finishing ``place`` (1 to 4): two ribbon tails and a rimmed disc. The
    place itself is written over it by the table (a locale text)."""
    colour = MEDALS[max(0, min(len(MEDALS), place) - 1)]
    big = max(3, diameter * 3)
    art = pygame.Surface((big, int(big * 1.25)), pygame.SRCALPHA)
    ribbon = (150, 44, 40) if place == 1 else (44, 70, 120)
    for side in (-1, 1):
        x = big / 2 + side * big * 0.16
        pygame.draw.polygon(
            art,
            ribbon,
            [
                (x - big * 0.12, big * 0.6),
                (x + big * 0.12, big * 0.6),
                (x + big * 0.14 + side * big * 0.04, big * 1.24),
                (x + side * big * 0.02, big * 1.12),
                (x - big * 0.14 + side * big * 0.04, big * 1.24),
            ],
        )
    r = big / 2
    dark = tuple(int(c * 0.62) for c in colour)
    pygame.draw.circle(art, dark, (r, r), r)
    pygame.draw.circle(art, colour, (r, r), r * 0.86)
    light = tuple(min(255, c + 36) for c in colour)
    pygame.draw.circle(art, light, (r - r * 0.18, r - r * 0.22), r * 0.34)
    pygame.draw.circle(art, colour, (r, r), r * 0.7)
    return pygame.transform.smoothscale(art, (diameter, int(diameter * 1.25)))


#: The AI-level chip's colour on a seat's plate.
CHIP = (56, 96, 136)


def chip_text_px(
    width_at: Callable[[int], int], px: int, floor_px: int, room: int, pad: int
) -> int:
    """The text size for a chip whose shaped words (``width_at(px)`` measures them) fit ``room``
    with ``pad`` on each side: ``px``, or smaller down to ``floor_px``; never squeezed."""
    size = px
    while size > floor_px and width_at(size) + 2 * pad > room:
        size -= 1
    return size


def level_chip(
    words: str,
    px: int,
    floor_px: int,
    room: int,
    ink: tuple[int, int, int],
    short: str = "",
) -> pygame.Surface:
    """The AI and its level as a rounded chip, sized from the shaped text's real width (issue
    40: Persian and Arabic words were squeezed into a chip of the English width). The text is
    made smaller to fit ``room`` but not below ``floor_px``, and never squeezed; when even
    that is too wide, the chip says ``short`` (the level alone) instead."""
    pad = max(4, px // 2)

    def width_at(size: int, said: str) -> int:
        return text.size(said, size, bold=True)[0]

    size = chip_text_px(lambda p: width_at(p, words), px, floor_px, room, pad)
    if short and width_at(size, words) + 2 * pad > room:
        words = short
        size = chip_text_px(lambda p: width_at(p, words), px, floor_px, room, pad)
    image = text.render(words, size, ink, bold=True)
    ink_box = image.get_bounding_rect()
    chip = pygame.Surface(
        (image.get_width() + 2 * pad, max(image.get_height(), ink_box.height + pad)),
        pygame.SRCALPHA,
    )
    pygame.draw.rect(chip, CHIP, chip.get_rect(), border_radius=max(3, size // 2))
    chip.blit(image, image.get_rect(center=chip.get_rect().center))
    return chip


@dataclass(frozen=True)
class PlateRows:
    """Where the parts of a seat plate's text column go: the name, the AI chip (None when the
    seat shows none) and the fan of backs (its height may be less than asked)."""

    name: pygame.Rect
    chip: pygame.Rect | None
    fan: pygame.Rect


def plate_rows(
    column: pygame.Rect,
    name: tuple[int, int],
    chip: tuple[int, int] | None,
    fan: tuple[int, int],
    *,
    gap: int,
    rtl: bool,
) -> PlateRows:
    """Lay a seat plate's column out so nothing touches: the name at the top of the start
    side; the chip on the name's row at the end side when both fit, else under the name; the
    fan at the bottom, made lower (never overlapping) when the rows above leave less room."""

    def at_start(rect: pygame.Rect) -> pygame.Rect:
        if rtl:
            rect.right = column.right
        else:
            rect.left = column.left
        return rect

    def at_end(rect: pygame.Rect) -> pygame.Rect:
        if rtl:
            rect.left = column.left
        else:
            rect.right = column.right
        return rect

    top = column.top + gap // 2
    name_rect = at_start(pygame.Rect(0, top, min(name[0], column.width), name[1]))
    used = name_rect.bottom
    chip_rect = None
    if chip is not None:
        chip_rect = pygame.Rect(0, 0, min(chip[0], column.width), chip[1])
        if name_rect.width + gap + chip_rect.width <= column.width:
            chip_rect.centery = name_rect.centery
            chip_rect = at_end(chip_rect)
            used = max(used, chip_rect.bottom)
        else:
            chip_rect.top = used + gap // 2
            chip_rect = at_start(chip_rect)
            used = chip_rect.bottom
    bottom = column.bottom - gap // 2
    height = max(1, min(fan[1], bottom - used - gap // 2))
    fan_rect = at_start(pygame.Rect(0, bottom - height, fan[0], height))
    return PlateRows(name_rect, chip_rect, fan_rect)


def seat_plate(
    column: pygame.Rect,
    name: tuple[int, int],
    badge: tuple[str, str] | None,
    fan: tuple[int, int],
    *,
    px: int,
    floor_px: int,
    gap: int,
    rtl: bool,
    ink: tuple[int, int, int],
) -> tuple[PlateRows, pygame.Surface | None]:
    """A seat plate's column laid out with its AI chip (``badge``: the words and the level
    alone): the whole words where they leave the fan three fifths of its height (issue 55:
    the three-seat tables fell back to the level alone where the four-seat ones said "AI ·
    Normal"), else the level alone, else whichever leaves the fan taller. Returns the rows and
    the chip to draw in its row."""
    if badge is None:
        return plate_rows(column, name, None, fan, gap=gap, rtl=rtl), None
    words, short = badge
    options = []
    for said in (words, short):
        chip = level_chip(said, px, floor_px, column.width, ink, short=short)
        rows = plate_rows(column, name, chip.get_size(), fan, gap=gap, rtl=rtl)
        if rows.fan.height >= fan[1] * 3 // 5:
            return rows, chip
        options.append((rows.fan.height, rows, chip))
    _, rows, chip = max(options, key=lambda option: option[0])
    return rows, chip
