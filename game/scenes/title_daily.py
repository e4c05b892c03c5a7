"""The deal of the day on a game's title card (issue 59): :class:`DailyEntry` is its button,
which names today's date in the player's language, and the line under it with the player's
best result on today's deal (read from the history) or that it is not played yet.

The title scene places the entry in its card's row (:meth:`DailyEntry.place`), reads the best
again each time it appears (:meth:`DailyEntry.refresh`) and draws it over the cards."""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING

import pygame

from game import i18n, registry, text
from game.history import db as history_db
from game.presets import Preset
from game.scenes.opening import open_daily
from game.table.daily import today
from game.widgets.common import BRASS, INK_DIM, Button, blit_text, scaled
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

#: The entry's height on a card at the 1920×1080 reference: its button and (at least) the line
#: under it.
BUTTON_H = 46
LINE_H = 30


def date_words(day: datetime.date) -> str:
    """``day`` as the language writes a date in the year (day and month, its digits)."""
    return i18n.tr("daily.date", day=day.day, month=i18n.tr(f"daily.month.{day.month}"))


def best_words(game: str, best: float | None) -> str:
    """The player's best on today's deal in the game's unit (``GameSpec.outcome_unit``),
    signed like the history's results, or that it is not played yet."""
    if best is None:
        return i18n.tr("daily.not_played")
    unit = registry.get(game).outcome_unit
    value = i18n.format_number(round(best, 1), signed=True)
    count = int(abs(best)) if float(best).is_integer() else abs(best)  # "2", never "2.0"
    return i18n.tr(f"daily.best.{unit}", count=count, value=value)


class DailyEntry:
    """One game's deal of the day on its title card (see the module docstring)."""

    def __init__(self, preset: Preset, app: Services) -> None:
        self.preset = preset
        self.app = app
        self.day = today()
        #: The player's best result on the day's deal, or None: not played (see refresh).
        self.best: float | None = None
        #: A card too narrow for the date on the button (see :meth:`words`).
        self.compact = False
        label = Words.later(self._label)
        self.button = Button("daily.entry", self.open, label=label, size_px=20)
        self.line = pygame.Rect(0, 0, 0, 0)

    def _label(self) -> str:
        if self.compact:
            return i18n.tr("daily.entry_short")
        return i18n.tr("daily.entry", date=date_words(self.day))

    def words(self) -> str:
        """The line under the button: the best, or not played yet; on a narrow card the date
        until the deal is played (then "today's best" says the day)."""
        if self.compact and self.best is None:
            return date_words(self.day)
        return best_words(self.preset.id, self.best)

    def refresh(self) -> None:
        """Today's date (the title may stay up past midnight) and the best result on its deal."""
        self.day = today()
        day = self.day.isoformat()
        game = self.preset.id
        self.best = None
        if history_db.db_path().exists():  # no history yet: the title does not make the file
            self.best = history_db.guarded(lambda d: d.daily_best(game, day), None)

    def open(self) -> None:
        open_daily(self.app, self.preset, self.day)

    def fit(self, card_w: int) -> int:
        """Choose the button's words for a card ``card_w`` wide (the date on the button when
        it fits, else in the line); the room inside the card's edges."""
        s = self.app.scale
        room = card_w - 2 * scaled(24, s)
        full = i18n.tr("daily.entry", date=date_words(self.day))
        wide = text.size(full, self.button.px(s), bold=True)[0] + scaled(56, s)
        self.compact = wide > room
        return room

    def place(self, card: pygame.Rect, bottom: int, text_px: int) -> None:
        """Put the entry in ``card`` with its line (``text_px`` high text) ending at
        ``bottom``; a script with tall lines (Persian, Arabic) gets the room it needs."""
        s = self.app.scale
        line_h = self.height(text_px, card.width) - scaled(BUTTON_H, s)
        room = self.fit(card.width)
        width = min(room, max(scaled(220, s), self.button.natural_width(s)))
        self.line = pygame.Rect(card.left + scaled(24, s), bottom - line_h, room, line_h)
        self.button.rect = pygame.Rect(0, 0, width, scaled(BUTTON_H, s))
        self.button.rect.midbottom = (card.centerx, self.line.top)

    def height(self, text_px: int, card_w: int) -> int:
        """The room the entry takes on a card ``card_w`` wide, its line's text ``text_px``
        high (wrapped to the card)."""
        s = self.app.scale
        room = self.fit(card_w)
        tall = text.size(self.words(), text_px, max_width=room)[1]
        return scaled(BUTTON_H, s) + max(scaled(LINE_H, s), tall + scaled(4, s))

    def draw(self, surface: pygame.Surface, text_px: int) -> None:
        """The button and the line under it (the best in brass once played)."""
        self.button.draw(surface, self.app.scale)
        colour = INK_DIM if self.best is None else BRASS
        image = text.render(
            self.words(), text_px, colour, max_width=self.line.width, align="center"
        )
        blit_text(surface, image, self.line, align="center", valign="center")


__all__ = ["DailyEntry", "best_words", "date_words"]
