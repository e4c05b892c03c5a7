"""Plays drawn with the game's own cards for the full rules (issue 40: full rules with
pictures). Each picture is a tile: the kind's name over its cards, and an optional caption line
under the name (the house rule it needs, "not allowed"); the tiles of one place in the rules
flow in rows across the rules' width (right to left in a right-to-left language)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import i18n, text
from game.rules.cards import Card
from game.table import info
from game.widgets import cards as card_art
from game.widgets.common import BRASS, DANGER, INK_DIM, scaled

#: Reference height of a card in the gallery, and the share of a card's width each next card
#: of a play moves on (they overlap like a held hand).
CARD_H = 132
STEP = 0.42


@dataclass(frozen=True)
class Tile:
    """One picture: its name, its cards, an optional caption line; ``refused`` draws a play
    these rules do not allow (greyed cards, the caption in the warning colour)."""

    name: str
    cards: tuple[Card, ...]
    caption: str = ""
    wild: frozenset[Card] = frozenset()
    refused: bool = False


def label(kind: str, count: int) -> str:
    """The kind's name as the table tags a play ("Bomb ×4" for a bomb of four); a kind the
    table never tags (a Shengji throw) is named by ``rules.pictures.<kind>``."""
    found = info.play_kind_label(kind, count)
    if found:
        return found
    key = f"rules.pictures.{kind}"
    return i18n.tr(key) if key in i18n.catalog(i18n.DEFAULT_LANG) else kind


def _tile(tile: Tile, width_max: int, scale: float, px: int, four_colour: bool) -> pygame.Surface:
    height = max(48, scaled(CARD_H, scale))
    width, _ = card_art.card_size(height)
    step = max(1, round(width * STEP))
    row_w = width + step * (len(tile.cards) - 1)
    wrap = max(row_w, min(width_max, scaled(420, scale)))
    name = text.render(tile.name, px, BRASS, bold=True, max_width=wrap, align="start")
    lines = [name]
    if tile.caption:
        colour = DANGER if tile.refused else INK_DIM
        lines.append(text.render(tile.caption, px, colour, max_width=wrap, align="start"))
    gap = scaled(8, scale)
    words_h = sum(line.get_height() for line in lines)
    out = pygame.Surface(
        (max(row_w, *(line.get_width() for line in lines)), words_h + gap + height),
        pygame.SRCALPHA,
    )
    rtl = text.is_rtl()
    y = 0
    for line in lines:
        out.blit(line, (out.get_width() - line.get_width() if rtl else 0, y))
        y += line.get_height()
    x0 = out.get_width() - row_w if rtl else 0
    for index, card in enumerate(tile.cards):
        face = card_art.face(
            card, height, four_colour, disabled=tile.refused, wild=card in tile.wild
        )
        out.blit(face, (x0 + index * step, y + gap))
    return out


def picture(
    tiles: Sequence[Tile],
    width: int,
    scale: float,
    px: int,
    *,
    four_colour: bool = False,
) -> pygame.Surface:
    """The ``tiles`` flowing in rows within ``width`` pixels."""
    images = [_tile(tile, width, scale, px, four_colour) for tile in tiles]
    gap_x, gap_y = scaled(40, scale), scaled(24, scale)
    rows: list[list[pygame.Surface]] = [[]]
    used = 0
    for image in images:
        if rows[-1] and used + gap_x + image.get_width() > width:
            rows.append([])
            used = 0
        used += (gap_x if rows[-1] else 0) + image.get_width()
        rows[-1].append(image)
    height = sum(max((t.get_height() for t in row), default=0) for row in rows)
    height += gap_y * (len(rows) - 1)
    gallery = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    rtl = text.is_rtl()
    y = 0
    for row in rows:
        x = width if rtl else 0
        row_h = max((t.get_height() for t in row), default=0)
        for image in row:
            top = y + row_h - image.get_height()  # the cards of a row on one line
            if rtl:
                x -= image.get_width()
                gallery.blit(image, (x, top))
                x -= gap_x
            else:
                gallery.blit(image, (x, top))
                x += image.get_width() + gap_x
        y += row_h + gap_y
    return gallery
