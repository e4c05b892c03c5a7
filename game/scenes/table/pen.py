"""What the table's parts draw with at the table's size (:class:`TablePen`, issue 53): a line
of text at the table's scale, narrowed to a width but never below the arrangement's smallest
text and mirrored inside a panel in a right-to-left language, and the veil under a modal
panel. Made from the layout alone, before any part that draws."""

from __future__ import annotations

import pygame

from game import i18n, text
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import rendered
from game.widgets.common import Colour
from game.words import Words


class TablePen:
    """Text and veils over the table's ``layout`` (see the module docstring)."""

    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout

    def text(
        self,
        surface: pygame.Surface,
        value: str | Words,
        size: float,
        color: Colour,
        pos: tuple[int, int],
        anchor: str = "topleft",
        *,
        bold: bool = False,
        max_width: int | None = None,
        within: pygame.Rect | None = None,
    ) -> pygame.Rect:
        """Draw a line of text. With ``within``, the position is mirrored inside that box in
        a right-to-left language (start and end swap), so panels read from the right."""
        if within is not None and text.is_rtl():
            pos = (within.left + within.right - pos[0], pos[1])
            anchor = anchor.replace("left", "@").replace("right", "left").replace("@", "right")
        image = self.line_image(value, size, color, bold=bold, max_width=max_width)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    def line_image(
        self,
        value: str | Words,
        size: float,
        color: Colour,
        *,
        bold: bool,
        max_width: int | None,
    ) -> pygame.Surface:
        """A line of text at ``size`` (table units), narrowed to ``max_width`` when wider,
        but never below the arrangement's smallest text."""
        px = self.layout.tu(size)
        image = rendered(str(value), px, tuple(color), bold, i18n.language())
        if max_width is not None and image.get_width() > max_width > 0:
            floor = min(1.0, self.layout.arrangement.min_text / px)
            ratio = max(max_width / image.get_width(), floor)
            image = pygame.transform.smoothscale(
                image, (max_width, max(1, int(image.get_height() * ratio)))
            )
        return image

    def dim(self, surface: pygame.Surface) -> None:
        """A veil over the table under a modal panel."""
        veil = pygame.Surface(self.layout.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
