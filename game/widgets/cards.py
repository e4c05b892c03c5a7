"""Card faces on screen, drawn from vector shapes and cached per size (backs and sprites beside).

Every image is drawn with pygame.draw (suits are polygons and circles, so no font glyph is
needed for them; ranks use :mod:`game.text`), supersampled where edges are curved, and cached
per (card, height, options), so a card is crisp at any window size and drawn only once.

    face(card, height, four_colour=False, selected=False, disabled=False, wild=False)
    card_size(height) -> (width, height)
    card_surface(card, width, ...), back_surface(width, name)

The backs are :mod:`game.widgets.card_backs`, the sprites that move cards on the table
:mod:`game.widgets.card_sprites`.

States: *selected* draws a brass outline (the sprite also rises by ``raise_px``), *disabled*
dims the card, *wild* (Guandan's heart level cards) adds a brass star under the corner index
and a brass frame, visible even when the card is mostly covered in a fanned hand. The two
jokers differ: the Red Joker is a jester in red and gold before a sun, the Black Joker one in
black and silver before a crescent moon; J, Q and K are double-headed court figures, different
in each suit (:mod:`game.widgets.figures`). The four-colour deck shows diamonds blue and clubs
amber (safe for colour-blind players).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import text
from game.rules.cards import Card
from game.widgets import figures
from game.widgets.card_backs import DEFAULT_BACK, back, back_of
from game.widgets.card_ink import (
    BLACK,
    EDGE,
    FOUR_COLOURS,
    GOLD,
    IVORY,
    RATIO,
    RED,
    SELECT,
    SILVER,
    SUPERSAMPLE,
    blank_card,
    card_size,
    pip,
    star,
    suit_colour,
)

#: The drawing material's names re-exported here (callers draw cards through this module),
#: and this module's own.
__all__ = [
    "BLACK",
    "EDGE",
    "FOUR_COLOURS",
    "GOLD",
    "IVORY",
    "RATIO",
    "RED",
    "SELECT",
    "SILVER",
    "back_surface",
    "card_size",
    "card_surface",
    "clear_cache",
    "face",
    "height_for_width",
    "pip",
    "star",
    "suit_colour",
]

_RANK_LABEL = {"T": "10"}

# --- faces ---------------------------------------------------------------------------------

# Pip positions for 2..10 in the pip area: (column -1/0/1, row 0..1); rows > 0.5 are drawn
# upside down, as on a real card.
_PIPS: dict[str, list[tuple[int, float]]] = {
    "2": [(0, 0.0), (0, 1.0)],
    "3": [(0, 0.0), (0, 0.5), (0, 1.0)],
    "4": [(-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)],
    "5": [(-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)],
    "6": [(-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)],
    "7": [(-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)],
    "8": [(-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)],
    "9": [
        (-1, 0.0),
        (1, 0.0),
        (-1, 1 / 3),
        (1, 1 / 3),
        (0, 0.5),
        (-1, 2 / 3),
        (1, 2 / 3),
        (-1, 1.0),
        (1, 1.0),
    ],
    "T": [
        (-1, 0.0),
        (1, 0.0),
        (0, 1 / 6),
        (-1, 1 / 3),
        (1, 1 / 3),
        (-1, 2 / 3),
        (1, 2 / 3),
        (0, 5 / 6),
        (-1, 1.0),
        (1, 1.0),
    ],
}


def _index(card: Card, width: int, height: int, ink: tuple[int, int, int]) -> pygame.Surface:
    """The corner index: rank over suit (or a star for a joker), on a transparent surface."""
    rank_px = max(6, round(height * 0.155))
    pip_px = max(4, round(height * 0.095))
    if card.is_joker:
        joker_ink = RED if card.rank == "RJ" else BLACK
        mark = star(max(4, round(height * 0.13)), joker_ink)
        surface = pygame.Surface((mark.get_width(), mark.get_height()), pygame.SRCALPHA)
        surface.blit(mark, (0, 0))
        return surface
    # The face's own Latin index in every language (its digits are no number of a sentence).
    rank = _RANK_LABEL.get(card.rank, card.rank)
    label = text.render(rank, rank_px, ink, bold=True, face_digits=True)
    if card.rank == "T":
        # "10" is two glyphs: squeeze it to the width of one so every index lines up.
        label = pygame.transform.smoothscale(
            label, (round(label.get_width() * 0.78), label.get_height())
        )
    symbol = pip(card.suit or "S", pip_px, ink)
    column = max(label.get_width(), symbol.get_width())
    # The font's line box has air above the digits; tighten it so the index sits close.
    trim = round(label.get_height() * 0.12)
    surface = pygame.Surface(
        (column, label.get_height() - trim + symbol.get_height()), pygame.SRCALPHA
    )
    surface.blit(label, ((column - label.get_width()) // 2, -trim // 2))
    surface.blit(symbol, ((column - symbol.get_width()) // 2, label.get_height() - trim))
    return surface


def _draw_pips(
    face_img: pygame.Surface, card: Card, width: int, height: int, ink: tuple[int, int, int]
) -> None:
    area = pygame.Rect(
        round(width * 0.24), round(height * 0.13), round(width * 0.52), round(height * 0.74)
    )
    size = max(3, round(width * 0.2))
    upright = pip(card.suit or "S", size, ink)
    flipped = pygame.transform.rotate(upright, 180)
    for column, row in _PIPS[card.rank]:
        x = area.centerx + column * (area.width - size) / 2 - size / 2
        y = area.top + row * (area.height - size)
        face_img.blit(flipped if row > 0.5 else upright, (round(x), round(y)))


def _draw_ace(
    face_img: pygame.Surface, card: Card, width: int, height: int, ink: tuple[int, int, int]
) -> None:
    size = round(width * (0.5 if card.suit == "S" else 0.4))
    symbol = pip(card.suit or "S", size, ink)
    centre = (width // 2, height // 2)
    if card.suit == "S":
        # The ace of spades traditionally carries an ornament: a thin ring around the pip.
        pygame.draw.circle(face_img, ink, centre, round(size * 0.72), max(1, round(width * 0.012)))
    face_img.blit(symbol, symbol.get_rect(center=centre))


def _picture(card: Card, frame: pygame.Rect, ink: tuple[int, int, int]) -> pygame.Surface:
    """The court figure or jester for ``frame``, drawn supersampled (figures.portrait)."""
    # Small pictures need more supersampling for smooth edges; big ones less (and draw faster).
    factor = SUPERSAMPLE if frame.height < 120 else 2
    big = pygame.Surface((frame.width * factor, frame.height * factor), pygame.SRCALPHA)
    figures.portrait(big, card.rank, card.suit, ink)
    return pygame.transform.smoothscale(big, frame.size)


def _draw_court(
    face_img: pygame.Surface, card: Card, width: int, height: int, ink: tuple[int, int, int]
) -> None:
    """A double-headed court figure in a gold frame."""
    frame = pygame.Rect(0, 0, round(width * 0.6), round(height * 0.7))
    frame.center = (width // 2, height // 2)
    radius = max(1, round(width * 0.04))
    tint = tuple(round(255 - (255 - c) * 0.1) for c in ink)
    pygame.draw.rect(face_img, tint, frame, border_radius=radius)
    face_img.blit(_picture(card, frame, ink), frame)
    pygame.draw.rect(face_img, GOLD, frame, max(1, round(width * 0.018)), border_radius=radius)


def _draw_joker(face_img: pygame.Surface, card: Card, width: int, height: int) -> None:
    """A jester: the Red Joker in red and gold before a sun, the Black in black and silver
    before a crescent moon."""
    red = card.rank == "RJ"
    rim = GOLD if red else SILVER
    frame = pygame.Rect(0, 0, round(width * 0.64), round(height * 0.74))
    frame.center = (width // 2, height // 2)
    radius = max(1, round(width * 0.05))
    pygame.draw.rect(
        face_img, (253, 246, 226) if red else (238, 238, 240), frame, border_radius=radius
    )
    face_img.blit(_picture(card, frame, RED if red else BLACK), frame)
    pygame.draw.rect(face_img, rim, frame, max(1, round(width * 0.02)), border_radius=radius)


@lru_cache(maxsize=1024)
def face(
    card: Card,
    height: int,
    four_colour: bool = False,
    selected: bool = False,
    disabled: bool = False,
    wild: bool = False,
) -> pygame.Surface:
    """The face of ``card`` at ``height`` pixels, in the given state (cached)."""
    width, height = card_size(height)
    if selected or disabled or wild:
        image = face(card, height, four_colour).copy()
        _decorate(image, card, width, height, selected=selected, disabled=disabled, wild=wild)
        return image
    image = blank_card(width, height, IVORY, EDGE).copy()
    ink = suit_colour(card.suit, four_colour)
    index = _index(card, width, height, ink)
    margin_x = max(1, round(width * 0.07))
    margin_y = max(1, round(height * 0.045))
    image.blit(index, (margin_x, margin_y))
    image.blit(
        pygame.transform.rotate(index, 180),
        (width - margin_x - index.get_width(), height - margin_y - index.get_height()),
    )
    if card.is_joker:
        _draw_joker(image, card, width, height)
    elif card.rank == "A":
        _draw_ace(image, card, width, height, ink)
    elif card.rank in ("J", "Q", "K"):
        _draw_court(image, card, width, height, ink)
    else:
        _draw_pips(image, card, width, height, ink)
    return image


def _decorate(
    image: pygame.Surface,
    card: Card,
    width: int,
    height: int,
    *,
    selected: bool,
    disabled: bool,
    wild: bool,
) -> None:
    radius = max(2, round(width * 0.08))
    if wild:
        pygame.draw.rect(
            image,
            GOLD,
            image.get_rect().inflate(-2, -2),
            max(2, round(width * 0.03)),
            border_radius=radius,
        )
        marker = star(max(6, round(width * 0.2)), GOLD, (120, 80, 10))
        # Under the corner index, on the left: still visible when the card is covered in a fan.
        image.blit(marker, (round(width * 0.045), round(height * 0.30)))
    if selected:
        pygame.draw.rect(
            image, SELECT, image.get_rect(), max(2, round(width * 0.045)), border_radius=radius
        )
    if disabled:
        image.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)


def clear_cache() -> None:
    """Forget every cached image (e.g. after the display format changed)."""
    for cached in (face, back_of, pip, star, blank_card):
        cached.cache_clear()


def card_surface(
    card: Card,
    width: int,
    *,
    four_colour: bool = False,
    selected: bool = False,
    disabled: bool = False,
    wild: bool = False,
) -> pygame.Surface:
    """The face of ``card`` for a card ``width`` pixels wide (the height follows RATIO)."""
    return face(card, height_for_width(width), four_colour, selected, disabled, wild)


def back_surface(width: int, name: str = DEFAULT_BACK) -> pygame.Surface:
    """Card back ``name`` for a card ``width`` pixels wide."""
    return back(height_for_width(width), name)


def height_for_width(width: int) -> int:
    """The card height whose :func:`card_size` width is ``width``."""
    return max(8, round(int(width) / RATIO))
