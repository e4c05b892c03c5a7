"""The result panel's table: one row per player in aligned columns (issue 26).

A :class:`ResultTable` is plain data (headers and cells already in the player's language);
:func:`table_cells` lays it out in a width (every column as wide as its widest text, spare
width shared out, the text made smaller when the columns do not fit) and
:func:`render_table` draws it once into a picture the panel keeps. In a right-to-left
language the columns run from the right: the first column (the player) stands at the right
edge and each cell's text starts at its right.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import i18n, text
from game.widgets.common import BRASS, INK, INK_DIM, scaled
from game.widgets.fx.tween import CountUp

Color = tuple[int, int, int]

#: Designed sizes at the 1920×1080 reference: body and header text, row heights, padding.
BODY_PX = 26
HEADER_PX = 21
ROW_H = 46
HEADER_H = 40
PAD = 14
#: The smallest share of the designed text size used before a too-long cell is squeezed.
MIN_SHRINK = 0.72


@dataclass(frozen=True, slots=True)
class Column:
    """A column's header; ``numeric`` columns centre their values (numbers, places)."""

    header: str
    numeric: bool = False


@dataclass(frozen=True, slots=True)
class TableRow:
    """One player's row: its seat, its cells (one per column) and each cell's colour (None:
    the ink colour). ``own`` marks the player's own row."""

    seat: int
    cells: tuple[str, ...]
    colours: tuple[Color | None, ...] = ()
    own: bool = False

    def colour(self, index: int) -> Color:
        colour = self.colours[index] if index < len(self.colours) else None
        return colour if colour is not None else INK


@dataclass(frozen=True, slots=True)
class ResultTable:
    columns: tuple[Column, ...]
    rows: tuple[TableRow, ...]

    def height(self, scale: float) -> int:
        return scaled(HEADER_H, scale) + len(self.rows) * scaled(ROW_H, scale)


@dataclass(frozen=True, slots=True)
class Cell:
    """One laid-out piece of text: where its cell is and how it is drawn there."""

    value: str
    rect: pygame.Rect  # the cell inside the table's picture (padding excluded)
    size_px: int
    bold: bool
    colour: Color
    align: str  # "start" | "centre"

    def text_width(self) -> int:
        return text.size(self.value, self.size_px, bold=self.bold)[0] if self.value else 0


def _widths(table: ResultTable, body_px: int, header_px: int, pad: int) -> list[int]:
    widths = []
    for index, column in enumerate(table.columns):
        texts = [text.size(column.header, header_px, bold=True)[0]]
        texts += [
            text.size(row.cells[index], body_px, bold=row.own)[0]
            for row in table.rows
            if row.cells[index]
        ]
        widths.append(max(texts) + 2 * pad)
    return widths


def column_spans(
    table: ResultTable, width: int, scale: float, min_text: int = 0
) -> tuple[list[int], int, int]:
    """Each column's width in ``width`` and the body and header text sizes that fit (never
    below ``min_text`` pixels)."""
    pad = scaled(PAD, scale)
    body = max(min_text, scaled(BODY_PX, scale))
    header = max(min_text, scaled(HEADER_PX, scale))
    floor = max(min_text, 8, int(body * MIN_SHRINK))
    natural = _widths(table, body, header, pad)
    while sum(natural) > width and body > floor:  # too wide: smaller text, a pixel at a time
        body -= 1
        header = max(min_text, 7, header - 1)
        natural = _widths(table, body, header, pad)
    spare = width - sum(natural)
    if spare > 0 and len(natural) == 1:
        natural = [width]
    elif spare > 0:  # share the spare width: the player's column takes half, the rest evenly
        first = spare // 2
        share = (spare - first) // (len(natural) - 1)
        natural = [natural[0] + first] + [w + share for w in natural[1:]]
    elif spare < 0:  # still too wide at the smallest text: every column gives up its share
        natural = [max(1, w * width // sum(natural)) for w in natural]
    return natural, body, header


def table_cells(
    table: ResultTable, width: int, scale: float, rtl: bool, min_text: int = 0
) -> list[Cell]:
    """Every header and body cell of ``table`` laid out in ``width`` (see the module)."""
    spans, body, header = column_spans(table, width, scale, min_text)
    pad = scaled(PAD, scale)
    header_h, row_h = scaled(HEADER_H, scale), scaled(ROW_H, scale)
    lefts, x = [], 0
    for span in spans:
        lefts.append(width - x - span if rtl else x)
        x += span
    cells: list[Cell] = []
    for index, column in enumerate(table.columns):
        inner = pygame.Rect(lefts[index] + pad, 0, spans[index] - 2 * pad, header_h)
        align = "centre" if column.numeric else "start"
        cells.append(Cell(column.header, inner, header, True, INK_DIM, align))
        for number, row in enumerate(table.rows):
            rect = pygame.Rect(inner.left, header_h + number * row_h, inner.width, row_h)
            cells.append(Cell(row.cells[index], rect, body, row.own, row.colour(index), align))
    return cells


def countable(value: str) -> tuple[int, bool] | None:
    """A cell that is a whole number as the table writes it (the language's digits, a sign
    on a score): the number and whether it carries a sign; None for any other text."""
    body = value.strip()
    if not body or len(body) > 12:
        return None
    digits = "".join(str(unicodedata.digit(c)) if c.isdigit() else "" for c in body)
    if not digits:
        return None
    number = int(digits)
    for candidate, signed in ((number, True), (-number, True), (number, False), (-number, False)):
        if i18n.format_number(candidate, signed=signed) == body:
            return candidate, signed
    return None


def counted(value: str, share: float) -> str:
    """``value`` counted up ``share`` of the way from 0 (a result's figures, issue 54); any
    text that is not a number as it stands."""
    found = countable(value)
    if found is None or share >= 1.0:
        return value
    number, signed = found
    shown = CountUp(0, number, 1.0).value(max(0.0, share))
    return i18n.format_number(shown, signed=signed and shown != 0)


def render_table(
    table: ResultTable,
    width: int,
    scale: float,
    rtl: bool,
    min_text: int = 0,
    shown: Callable[[str], str] | None = None,
) -> pygame.Surface:
    """The table drawn once (header, a rule under it, the player's row lit); ``shown`` gives
    the text drawn for each body cell's value (a count-up midway), laid out for the value."""
    height = table.height(scale)
    picture = pygame.Surface((width, height), pygame.SRCALPHA)
    header_h, row_h = scaled(HEADER_H, scale), scaled(ROW_H, scale)
    for number, row in enumerate(table.rows):
        band = pygame.Rect(0, header_h + number * row_h, width, row_h)
        if row.own:
            pygame.draw.rect(picture, (*BRASS, 46), band, border_radius=scaled(8, scale))
        elif number % 2:
            pygame.draw.rect(picture, (255, 255, 255, 12), band, border_radius=scaled(8, scale))
    pygame.draw.line(
        picture, (*BRASS, 150), (0, header_h - 2), (width, header_h - 2), max(1, scaled(2, scale))
    )
    for cell in table_cells(table, width, scale, rtl, min_text):
        if not cell.value:
            continue
        value = shown(cell.value) if shown is not None and cell.rect.top > 0 else cell.value
        image = text.render(value, cell.size_px, cell.colour, bold=cell.bold)
        if image.get_width() > cell.rect.width > 0:  # never past its cell: squeezed to fit
            ratio = cell.rect.width / image.get_width()
            size = (cell.rect.width, max(1, int(image.get_height() * ratio)))
            image = pygame.transform.smoothscale(image, size)
        place = image.get_rect(centery=cell.rect.centery)
        if cell.align == "centre":
            place.centerx = cell.rect.centerx
        elif rtl:
            place.right = cell.rect.right
        else:
            place.left = cell.rect.left
        picture.blit(image, place)
    return picture
