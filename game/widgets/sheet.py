"""The page a list screen stands on: a sheet on the felt below the top bar.

About, House rules, History and Statistics each show one such page: centred, as wide as the
window allows up to a maximum, with a padded inner area for the content. A :class:`SheetStyle`
says how large and which look ("sheet": opaque with a drop shadow, as the rules tab; "panel":
translucent); :class:`Sheet` lays it out for the window and draws it with its heading and the
centred notes of an empty list. Sizes are reference pixels at 1920×1080.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import text
from game.widgets.common import INK, INK_DIM, PANEL_LINE, felt, min_text, panel, scaled, shadow

#: The dark page of the rules tab and the opaque sheets: darker than the felt, so long text
#: reads easily.
SHEET = (11, 33, 26)


@dataclass(frozen=True)
class SheetStyle:
    """Where a page stands and how it looks (reference pixels)."""

    max_width: int
    #: Felt kept free left and right together, and above (below the top bar) and below.
    margin: int
    top: int
    bottom: int
    #: Inner padding, both sides together: horizontal, vertical.
    pad: tuple[int, int]
    #: True: an opaque sheet with a shadow; False: a translucent panel.
    opaque: bool


class Sheet:
    """One page: ``rect`` on the window and ``inner`` for the content (after :meth:`layout`)."""

    def __init__(self, style: SheetStyle) -> None:
        self.style = style
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        #: The window's smallest text in pixels (set by :meth:`layout`).
        self.min_px = 0

    def layout(self, size: tuple[int, int], scale: float, topbar_height: int) -> None:
        st, s = self.style, scale
        width, height = size
        self.min_px = min_text(size)
        top = topbar_height + scaled(st.top, s)
        page_w = min(width - scaled(st.margin, s), scaled(st.max_width, s))
        self.rect = pygame.Rect(0, top, page_w, height - top - scaled(st.bottom, s))
        self.rect.centerx = width // 2
        pad_x, pad_y = st.pad
        self.inner = self.rect.inflate(-scaled(pad_x, s), -scaled(pad_y, s))

    def draw(self, surface: pygame.Surface, scale: float, felt_name: str) -> None:
        """The felt (``felt_name``) over the whole window, then the page."""
        s = scale
        surface.blit(felt(surface.get_size(), felt_name), (0, 0))
        if self.style.opaque:
            shadow(surface, self.rect, s, radius=22)
            radius = scaled(22, s)
            pygame.draw.rect(surface, SHEET, self.rect, border_radius=radius)
            pygame.draw.rect(surface, PANEL_LINE, self.rect, scaled(2, s), border_radius=radius)
        else:
            panel(surface, self.rect, s, alpha=225, border=PANEL_LINE)

    def heading(self, surface: pygame.Surface, words: str, scale: float, gap: float) -> int:
        """The page's title centred at the top; the y where the content starts, ``gap`` below."""
        image = text.render(words, max(self.min_px, scaled(40, scale)), INK, bold=True)
        surface.blit(image, image.get_rect(midtop=(self.inner.centerx, self.inner.top)))
        return self.inner.top + image.get_height() + scaled(gap, scale)

    def note(self, surface: pygame.Surface, words: str, y: int, scale: float) -> None:
        """A centred dim message from ``y`` down (what an empty list says), wrapped to fit."""
        image = text.render(
            words,
            max(self.min_px, scaled(26, scale)),
            INK_DIM,
            max_width=self.inner.width,
            align="center",
        )
        surface.blit(image, image.get_rect(midtop=(self.inner.centerx, y)))
