"""Every kind of play of a game drawn with the game's own cards (issue 40: full rules with
pictures). A preset file's ``[examples]`` table names one example per kind (``kind = "cards"``,
in notation); the gallery is one picture of tiles, each the kind's name over its cards, flowing
in rows across the rules' width (right to left in a right-to-left language)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import text
from game.rules.cards import Card
from game.table import info
from game.widgets import cards as card_art
from game.widgets.common import BRASS, scaled

#: Reference height of a card in the gallery, and the share of a card's width each next card
#: of a play moves on (they overlap like a held hand).
CARD_H = 132
STEP = 0.42


def label(kind: str, count: int) -> str:
    """The kind's name as the table tags a play ("Bomb ×4" for a bomb of four)."""
    return info.play_kind_label(kind, count) or kind


def _tile(
    kind: str, cards: Sequence[Card], scale: float, px: int, four_colour: bool
) -> pygame.Surface:
    height = max(48, scaled(CARD_H, scale))
    width, _ = card_art.card_size(height)
    step = max(1, round(width * STEP))
    row_w = width + step * (len(cards) - 1)
    name = text.render(label(kind, len(cards)), px, BRASS, bold=True)
    gap = scaled(8, scale)
    tile = pygame.Surface(
        (max(row_w, name.get_width()), name.get_height() + gap + height), pygame.SRCALPHA
    )
    rtl = text.is_rtl()
    tile.blit(name, (tile.get_width() - name.get_width() if rtl else 0, 0))
    for index, card in enumerate(cards):
        tile.blit(card_art.face(card, height, four_colour), (index * step, name.get_height() + gap))
    return tile


def picture(
    examples: Sequence[tuple[str, Sequence[Card]]],
    width: int,
    scale: float,
    px: int,
    *,
    four_colour: bool = False,
) -> pygame.Surface:
    """The gallery of ``examples`` (kind, cards) within ``width`` pixels."""
    tiles = [_tile(kind, cards, scale, px, four_colour) for kind, cards in examples]
    gap_x, gap_y = scaled(40, scale), scaled(24, scale)
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for tile in tiles:
        if rows[-1] and used + gap_x + tile.get_width() > width:
            rows.append([])
            used = 0
        used += (gap_x if rows[-1] else 0) + tile.get_width()
        rows[-1].append(tile)
    height = sum(max((t.get_height() for t in row), default=0) for row in rows)
    height += gap_y * (len(rows) - 1)
    gallery = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    rtl = text.is_rtl()
    y = 0
    for row in rows:
        x = width if rtl else 0
        for tile in row:
            if rtl:
                x -= tile.get_width()
                gallery.blit(tile, (x, y))
                x -= gap_x
            else:
                gallery.blit(tile, (x, y))
                x += tile.get_width() + gap_x
        y += max((t.get_height() for t in row), default=0) + gap_y
    return gallery
