"""A table of face-up hands, drawn as the replay and the challenges draw it: a seat's box with
its name (lit on its turn) and its cards face up in rows as room allows, and the game's header
rows (level and trump, running scores) in a panel at the reading start of the top."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import text
from game.rules.cards import Card
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, PANEL_LINE, Colour, panel, scaled


def draw_seat_box(
    surface: pygame.Surface,
    box: pygame.Rect,
    name: str,
    *,
    lit: bool,
    scale: float,
    px: int,
) -> int:
    """A seat's panel and name (brass on its turn); returns the bottom of the name."""
    panel(surface, box, scale, alpha=120, border=BRASS if lit else PANEL_LINE)
    image = text.render(name, px, BRASS if lit else INK, bold=True)
    pad = scaled(12, scale)
    x = box.right - pad - image.get_width() if text.is_rtl() else box.left + pad
    surface.blit(image, (x, box.top + scaled(6, scale)))
    return box.top + scaled(6, scale) + image.get_height()


def draw_face_up(
    surface: pygame.Surface,
    area: pygame.Rect,
    hand: Sequence[Card],
    *,
    rows: int,
    centred: bool,
    scale: float,
    four_colour: bool,
    wild: Callable[[Card], bool],
) -> None:
    """``hand`` face up in ``area``, in ``rows`` rows (cards overlap left to right in every
    language, as the player's hand does), centred or from the area's left."""
    if not hand:
        return
    per_row = -(-len(hand) // rows)
    gap = scaled(6, scale)
    card_h = min(scaled(130, scale), (area.height - gap * (rows - 1)) // rows)
    cw, _ = card_art.card_size(card_h)
    step = min(cw * 0.6, (area.width - cw) / max(1, per_row - 1))
    used = cw + step * (per_row - 1)
    left = area.centerx - used / 2 if centred else area.left
    for index, card in enumerate(hand):
        row, column = divmod(index, per_row)
        x = int(left + column * step)
        y = area.top + row * (card_h + gap)
        surface.blit(card_art.face(card, card_h, four_colour, False, False, wild(card)), (x, y))


def draw_face_up_seat(
    surface: pygame.Surface,
    box: pygame.Rect,
    name: str,
    hand: Sequence[Card],
    *,
    lit: bool,
    wide: bool,
    scale: float,
    px: int,
    four_colour: bool,
    wild: Callable[[Card], bool],
) -> None:
    """A seat's box, name and hand face up below the name: one centred row when ``wide``,
    else two rows from the box's reading start."""
    bottom = draw_seat_box(surface, box, name, lit=lit, scale=scale, px=px)
    area = pygame.Rect(
        box.left + scaled(10, scale), bottom + scaled(4, scale), box.width - scaled(20, scale), 0
    )
    area.height = box.bottom - scaled(8, scale) - area.top
    draw_face_up(
        surface,
        area,
        hand,
        rows=1 if wide else 2,
        centred=wide,
        scale=scale,
        four_colour=four_colour,
        wild=wild,
    )


def draw_header_rows(
    surface: pygame.Surface,
    lines: Sequence[tuple[str, str, Colour]],
    *,
    top: int,
    width: int,
    scale: float,
    text_px: Callable[[float], int],
) -> pygame.Rect | None:
    """The game's header rows (label, value, colour) in a panel at the reading start of the
    top (``width`` is the window's); returns the panel's rect, None when there are none."""
    if not lines:
        return None
    box = pygame.Rect(0, top, scaled(330, scale), 0)
    pitch = max(scaled(32, scale), text.line_height(text_px(22)) + 2)
    box.height = scaled(16, scale) + len(lines) * pitch
    if text.is_rtl():
        box.right = width - scaled(40, scale)
    else:
        box.left = scaled(40, scale)
    panel(surface, box, scale, alpha=190)
    y = box.top + scaled(10, scale)
    for label, value, color in lines:
        name = text.render(label, text_px(20), INK_DIM)
        shown = text.render(value, text_px(22), color, bold=True)
        start, end = box.left + scaled(14, scale), box.right - scaled(14, scale)
        if text.is_rtl():
            surface.blit(name, (end - name.get_width(), y))
            surface.blit(shown, (start, y))
        else:
            surface.blit(name, (start, y))
            surface.blit(shown, (end - shown.get_width(), y))
        y += pitch
    return box
