"""The title screen's words over the felt: the CARDAVIA wordmark with the light sweeping it and
the fanned decks beside it, the four suits between two hairlines, the subtitle and the key line.
Drawn once per layout (the static layer) but for the light and the fans, drawn each frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.widgets import cards as card_art
from game.widgets import title_art
from game.widgets.common import BRASS, BRASS_DARK, INK_DIM, INK_FAINT, scaled

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class TitleBackdrop:
    """The title's wordmark and words (see the module docstring); ``text_px`` is the scene's
    text size at this window."""

    def __init__(self, app: Services, text_px: Callable[[float], int]) -> None:
        self.app = app
        self.text_px = text_px
        self.wordmark: pygame.Surface | None = None
        self.word_at: tuple[int, int] | None = None
        self.shimmer: title_art.Shimmer | None = None

    def reset(self) -> None:
        """Draw the wordmark again at the next frame (a new window size or language)."""
        self.wordmark = None
        self.shimmer = None

    def _render_wordmark(self) -> pygame.Surface:
        """CARDAVIA as the title draws it (title_art)."""
        s = self.app.scale
        return title_art.wordmark(i18n.tr("title.wordmark"), scaled(128, s), scaled(4, s))

    def draw_static(self, surface: pygame.Surface, hint_bottom: int | None) -> None:
        """The wordmark, the ornament, the subtitle and the key line (its bottom at
        ``hint_bottom`` when given: above the corner buttons)."""
        s = self.app.scale
        width, _ = self.app.size
        if self.wordmark is None:
            self.wordmark = self._render_wordmark()
        top = self.app.topbar_height
        # Fixed anchors for the ink, not the line boxes: fonts of other scripts have taller
        # line boxes and must not push the cards around.
        ink = self.wordmark.get_bounding_rect()
        centre = (width // 2, top + scaled(138, s))
        self.word_at = (centre[0] - ink.centerx, centre[1] - ink.centery)
        surface.blit(self.wordmark, self.word_at)
        self._draw_ornament(surface, top + scaled(226, s))
        subtitle = text.render(i18n.tr("title.subtitle"), self.text_px(30), INK_DIM)
        sub_ink = subtitle.get_bounding_rect()
        surface.blit(
            subtitle,
            (width // 2 - subtitle.get_width() // 2, top + scaled(290, s) - sub_ink.centery),
        )
        hint = text.render(i18n.tr("title.hint"), self.text_px(19), INK_FAINT)
        spot = hint.get_rect(midbottom=(width // 2, self.app.size[1] - scaled(22, s)))
        if hint_bottom is not None:  # too long beside the corner buttons: above them
            spot.bottom = hint_bottom
        surface.blit(hint, spot)

    def draw_motion(self, surface: pygame.Surface, time: float) -> None:
        """The fanned decks beside the wordmark and the light sweeping it (title_art)."""
        if self.wordmark is None or self.word_at is None:
            return
        s = self.app.scale
        if self.shimmer is None:
            self.shimmer = title_art.Shimmer(self.wordmark)
        self.shimmer.draw(surface, self.word_at, time)
        ink = self.wordmark.get_bounding_rect().move(self.word_at)
        step = title_art.fan_step(time)
        if step is None:
            return
        four = self.app.settings.four_colour
        gap = scaled(70, s)
        for mirrored in (False, True):
            fan = title_art.deck_fan(step, scaled(118, s), four, mirrored)
            place = fan.get_rect(centery=ink.centery + scaled(10, s))
            if mirrored:
                place.left = ink.right + gap
            else:
                place.right = ink.left - gap
            if place.left < scaled(20, s) or place.right > self.app.size[0] - scaled(20, s):
                continue  # a narrow window: the wordmark alone
            surface.blit(fan, place)

    def _draw_ornament(self, surface: pygame.Surface, y: int) -> None:
        """Two brass hairlines with the four suits between them."""
        s = self.app.scale
        cx = self.app.size[0] // 2
        pip_px = scaled(22, s)
        gap = scaled(12, s)
        suits = "SHDC"
        total = len(suits) * pip_px + (len(suits) - 1) * gap
        x = cx - total // 2
        for suit in suits:
            colour = BRASS if suit in "SC" else (206, 86, 70)
            surface.blit(card_art.pip(suit, pip_px, colour), (x, y))
            x += pip_px + gap
        line_y = y + pip_px // 2
        reach = scaled(300, s)
        pygame.draw.line(
            surface,
            BRASS_DARK,
            (cx - total // 2 - gap - reach, line_y),
            (cx - total // 2 - gap, line_y),
            max(1, scaled(2, s)),
        )
        pygame.draw.line(
            surface,
            BRASS_DARK,
            (cx + total // 2 + gap, line_y),
            (cx + total // 2 + gap + reach, line_y),
            max(1, scaled(2, s)),
        )
