"""The games' cards on the title screen (issue 53: out of the title scene): :class:`PresetCard`,
one game with its buttons while it has a match in progress, and :class:`CardPainter`, which
draws a card: its fan of cards, name, line and tagline (or its match in progress)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.presets import Preset
from game.scenes.opening import open_table, start_new_match
from game.scenes.title_daily import DailyEntry
from game.widgets.common import BRASS, INK, INK_DIM, Button, blit_text, panel, scaled, shadow
from game.widgets.title_art import draw_fan
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


#: The height above a card's name, where its fan of cards stands (1920×1080 reference).
ART_H = 282


class PresetCard:
    """One preset on the title screen: a panel with its fan of cards, name, line and tagline
    (or, while the game has a match in progress, that match's state, Resume and New match)."""

    def __init__(self, preset: Preset, app: Services) -> None:
        self.preset = preset
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False
        #: The match in progress in the game's words, or None.
        self.saved: Words | None = None
        #: The height kept free at the card's foot for a row of buttons below its own.
        self.footer = 0
        self.resume_button = Button("save.resume", self.resume, style="primary", size_px=22)
        self.new_button = Button("save.new_match", lambda: start_new_match(app, preset), size_px=22)
        #: The deal of the day's button and best, above Resume and New match (issue 59).
        self.daily = DailyEntry(preset, app)

    def resume(self) -> None:
        open_table(self.app, self.preset, resume=True)

    @property
    def buttons(self) -> list[Button]:
        return [self.resume_button, self.new_button] if self.saved else []


class CardPainter:
    """Draws the title's game cards at the app's scale; ``text_px`` sizes their text and
    ``four_colour`` tells the deck the settings choose (read live)."""

    def __init__(
        self, app: Services, text_px: Callable[[float], int], four_colour: Callable[[], bool]
    ) -> None:
        self.app = app
        self.text_px = text_px
        self.four_colour = four_colour
        #: The height above a card's name (its fan of cards), set by the title's layout.
        self.art_h = 1
        #: The cards whose words had to be cut at the card's edge (tests: none should be).
        self.cut_taglines: set[str] = set()

    def draw(self, surface: pygame.Surface, card: PresetCard, place: pygame.Rect) -> None:
        """``card`` in ``place`` (lifted when hovered or focused)."""
        s = self.app.scale
        lifted = card.hovered or card.focused
        rect = place.move(0, -scaled(10, s) if lifted else 0)
        shadow(surface, rect, s, radius=22)
        panel(surface, rect, s, alpha=222, radius=22, border=BRASS if lifted else (70, 112, 88))
        if card.focused:
            pygame.draw.rect(
                surface,
                INK,
                rect.inflate(scaled(12, s), scaled(12, s)),
                scaled(2, s),
                border_radius=scaled(28, s),
            )
        preset = card.preset
        art = self.art_h / scaled(ART_H, s)  # 1: the fan at its full size
        draw_fan(
            surface,
            preset.showcase,
            preset.showcase_wild,
            (rect.centerx, rect.top + round(scaled(150, s) * art)),
            round(scaled(170, s) * art),
            self.four_colour(),
            spread=9.0,
        )
        pad = scaled(36, s)
        top = rect.top + round(scaled(ART_H, s) * art)
        inner = pygame.Rect(rect.left + pad, top, rect.width - 2 * pad, 0)
        name = text.render(i18n.tr(preset.name_key), self.text_px(40), INK, bold=True)
        y = inner.top
        blit_text(
            surface,
            name,
            pygame.Rect(inner.left, y, inner.width, name.get_height()),
            align="center",
            valign="top",
        )
        y += name.get_height() + scaled(6, s)
        line = text.render(
            i18n.tr(preset.line_key), self.text_px(19), BRASS, max_width=inner.width, align="center"
        )
        blit_text(
            surface,
            line,
            pygame.Rect(inner.left, y, inner.width, line.get_height()),
            align="center",
            valign="top",
        )
        y += line.get_height() + scaled(16, s)
        pygame.draw.line(
            surface,
            (70, 112, 88),
            (inner.left + scaled(40, s), y),
            (inner.right - scaled(40, s), y),
            1,
        )
        y += scaled(16, s)
        self._tagline(surface, card, inner, y, rect.bottom - scaled(24, s) - card.footer - y)

    def _tagline(
        self, surface: pygame.Surface, card: PresetCard, inner: pygame.Rect, y: int, room: int
    ) -> None:
        """The card's tagline (or its match in progress) in the ``room`` left above its edge."""
        s = self.app.scale
        preset = card.preset
        # The tagline shrinks a step or two when a language needs more room than the card has;
        # a match in progress shows its state there instead, above Resume and New match.
        words, colour = i18n.tr(preset.tagline_key), INK_DIM
        room -= card.daily.height(self.text_px(17), card.rect.width) + scaled(6, s)  # daily
        if card.saved:
            words, colour = i18n.tr("save.in_progress", state=card.saved), BRASS
            room -= scaled(70, s)
        # (Down to 12 px, the smallest text of any window, when four cards share a row.)
        for size in (19, 17, 15, 13, 12):
            tagline = text.render(
                words,
                max(12, scaled(size, s)),
                colour,
                max_width=inner.width,
                align="center",
            )
            if tagline.get_height() <= room:
                break
        if tagline.get_height() > room > 0:  # still too long at 12 px: never past the card
            tagline = tagline.subsurface((0, 0, tagline.get_width(), room))
            self.cut_taglines.add(preset.id)
        blit_text(
            surface,
            tagline,
            pygame.Rect(inner.left, y, inner.width, tagline.get_height()),
            align="center",
            valign="top",
        )


def buttons_stacked(card: PresetCard, card_w: int, s: float) -> bool:
    """Whether Resume and New match stand one above the other on a card ``card_w`` wide:
    when side by side their words would not fit (issue 40: squeezed at 800x600)."""
    room = card_w - 2 * scaled(24, s) - scaled(14, s)
    return sum(b.natural_width(s) for b in card.buttons) > room


def place_card_buttons(card: PresetCard, s: float) -> None:
    """Resume and New match side by side at the bottom of a card with a saved match, or
    one above the other (Resume on top) when the card is too narrow for both."""
    buttons = card.buttons
    if not buttons:
        return
    gap = scaled(14, s)
    room = card.rect.width - 2 * scaled(24, s) - gap
    height = scaled(50, s)
    bottom = card.rect.bottom - scaled(24, s) - card.footer
    if buttons_stacked(card, card.rect.width, s):
        width = min(room + gap, max(b.natural_width(s) for b in buttons))
        for row, button in enumerate(reversed(buttons)):
            button.rect = pygame.Rect(0, 0, width, height)
            button.rect.midbottom = (card.rect.centerx, bottom - row * (height + gap // 2))
        return
    widths = [max(b.natural_width(s), min(scaled(150, s), room // 2)) for b in buttons]
    if sum(widths) > room:  # both fit at their own widths (else they would be stacked)
        widths = [b.natural_width(s) for b in buttons]
    if text.is_rtl():
        buttons, widths = buttons[::-1], widths[::-1]
    x = card.rect.centerx - (sum(widths) + gap) // 2
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, bottom - height, width, height)
        x += width + gap
