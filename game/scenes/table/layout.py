"""The table's measures: the arrangement for a window size (issue 26), where a seat's plays lie,
the animations' lengths, a card in flight (:class:`Flyer`) and the cached text images. The
layout object of one window is :class:`game.scenes.table.geometry.TableLayout`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

import pygame

from game import text, wrapping
from game.rules.cards import Card
from game.widgets import cards as card_art
from game.widgets.common import min_text
from game.widgets.hand import ONE_ROW_SHOWS, ROW_STEP
from game.words import Words

#: What a seat shows in front of it when it passed (the word "Pass", not cards).
PASS_MARK = "pass"
#: What lies in front of a seat: the cards of its play, or PASS_MARK.
Play = tuple[Card, ...] | str
#: The table's unit: a length at the reference size -> pixels at this one.
Units = Callable[[float], int]
B = TypeVar("B")


def first_cards(plays: Mapping[int, Play | None]) -> tuple[Card, ...] | None:
    """The first of ``plays`` (in the order made) when it is cards, a trick's lead; else
    None (nothing laid, or a pass: a game with passing reads no lead)."""
    first = next(iter(plays.values()), None)
    return first if isinstance(first, tuple) else None


#: Designed lengths of the animations (seconds at animation speed 50 %).
FLY_TIME = 0.32
DEAL_TIME = 1.1
RESULT_DELAY = 1.2
BANNER_TIME = 2.6
#: Where the banner's line is centred, as a share of the window's height.
BANNER_Y = 0.40
#: A tribute's or return's flight and its rest where it lands (issue 40 point 3).
EXCHANGE_TIME = 0.8
EXCHANGE_HOLD = 0.9
#: How long the revealed kitty (S2.5) and the dealer's pick-up stay in view before the table
#: moves on, whatever the AI's think delay.
KITTY_SHOW_TIME = 2.4
TAKE_SHOW_TIME = 1.0


def rendered(
    value: str | Words, size_px: int, color: tuple[int, ...], bold: bool, lang: str
) -> pygame.Surface:
    """A line of text drawn once and kept: the table redraws the same labels every frame,
    and each uncached draw is a C call that may wait for the interpreter lock while a bot
    thinks in its thread. Words are said in the frame's language first (they key nothing)."""
    return _rendered_text(str(value), size_px, color, bold, lang)


@lru_cache(maxsize=1024)
def _rendered_text(
    value: str, size_px: int, color: tuple[int, ...], bold: bool, lang: str
) -> pygame.Surface:
    return text.render(value, size_px, color, bold=bold, lang=lang)  # the key's language


@lru_cache(maxsize=64)
def wrapped(
    value: str, size_px: int, color: tuple[int, ...], max_width: int, lang: str
) -> tuple[pygame.Surface, int]:
    """A centred paragraph wrapped to ``max_width`` and the width of its longest line."""
    image = text.render(
        value, size_px, color, bold=True, max_width=max_width, align="center", lang=lang
    )
    lines = wrapping.wrap(value, size_px, max_width, bold=True, lang=lang)
    width = max((text.size(line, size_px, bold=True, lang=lang)[0] for line in lines), default=0)
    return image, width


def play_spot(
    side: str, rect: pygame.Rect, play_h: int, u: Units, *, below: bool = False
) -> tuple[str, tuple[int, int]]:
    """Where a seat's plays lie (alignment, point) beside the box ``rect`` it sits in:
    ``side`` "right" (the seat on the right edge plays to its left), "left", "across" (the seat
    at the top plays below it) or "bottom" (the player plays above its box). The table and the
    replay lay their tricks out by this one rule. With ``below`` (a narrow 4:3 window, which
    has no room beside them) the side seats play below their boxes, towards the middle."""
    if below and side in ("right", "left"):
        # In from the plate's outer edge, so a play and its ring keep clear of the table's rim.
        y = rect.bottom + u(24) + play_h // 2
        return side, ((rect.right - u(28), y) if side == "right" else (rect.left + u(28), y))
    if side == "right":
        return "right", (rect.left - u(40), rect.centery)
    if side == "left":
        return "left", (rect.right + u(40), rect.centery)
    if side == "across":
        return "center", (rect.centerx, rect.bottom + u(28) + play_h // 2)
    return "center", (rect.centerx, rect.top - play_h // 2)


def play_rects(
    spot: tuple[str, tuple[int, int]], height: int, count: int, u: Units, reach: int | None = None
) -> list[pygame.Rect]:
    """Where the cards of a play of ``count`` cards of ``height`` lie at ``spot``; with
    ``reach``, the fan is pressed together to be at most that wide."""
    align, (x, y) = spot
    width = card_art.card_size(height)[0]
    step = min(width * 0.42, u(560) / max(1, count)) if count > 1 else 0
    if reach is not None and count > 1:
        step = min(step, max(0, reach - width) / (count - 1))
    total = width + step * (count - 1)
    if align == "center":
        left = x - total / 2
    elif align == "right":
        left = x - total
    else:
        left = x
    top = int(y - height / 2)
    return [pygame.Rect(int(left + i * step), top, width, height) for i in range(count)]


def seat_sides(seats: int) -> dict[int, str]:
    """Where each seat sits, seen from seat 0 at the bottom (turns run counter-clockwise)."""
    if seats == 2:
        return {0: "bottom", 1: "across"}
    if seats == 4:
        return {0: "bottom", 1: "right", 2: "across", 3: "left"}
    return {0: "bottom", 1: "right", 2: "left"}


#: The smallest window the table is laid out for: its text stays at 12 px or more.
MIN_WINDOW = (800, 600)


@dataclass(frozen=True)
class Arrangement:
    """How the table is laid out at one window size (issue 26).

    ``scale`` is the size of a reference pixel: the 16:9 layout is designed at 1920×1080; a
    narrow window (4:3, 5:4) is laid out at 1440×1080, its side seats' plays below them. A
    compact window (below 1280×720, or narrow) gets bigger hand cards (``hand_card``
    reference pixels tall), in two rows when one row of a full hand would hide too much of
    each card.
    ``min_text`` is the smallest text in pixels: 14 at 1280×720 and up, else 12.
    """

    scale: float
    narrow: bool
    compact: bool
    min_text: int
    hand_card: int


def arrangement(size: tuple[int, int]) -> Arrangement:
    """The arrangement for a window of ``size`` (width, height)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    narrow = w / h < 1.5
    scale = min(w / 1440, h / 1080) if narrow else min(w / 1920, h / 1080)
    compact = narrow or w < 1280 or h < 720
    smallest = min_text((w, h))
    # Compact 16:9 windows (1024×600) show bigger hand cards, in two rows; a narrow window
    # has its scale from its height already, and needs the height for the middle.
    return Arrangement(scale, narrow, compact, smallest, 205 if compact and not narrow else 176)


def hand_rows(width: int, card_h: int, cards: int) -> int:
    """1 or 2: the rows a hand of ``cards`` cards needs in ``width`` pixels."""
    card_w = card_art.card_size(card_h)[0]
    step = (width - card_w) / max(1, cards - 1)
    return 1 if step >= card_w * ONE_ROW_SHOWS else 2


def row_height(card_h: int, rows: int) -> int:
    """The height of a hand laid in ``rows`` rows of cards ``card_h`` tall."""
    return card_h + round(card_h * ROW_STEP) * (rows - 1)


@dataclass
class Flyer:
    """A card image gliding from ``start`` to ``end``."""

    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    t: float = 0.0
    seat: int | None = None  # the seat whose play it lands on (drawn once it has landed)
    hold: float = 0.0  # seconds it rests where it landed before it goes (a tribute is read)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration + self.hold

    def pos(self) -> tuple[float, float]:
        k = min(1.0, max(0.0, (self.t - self.delay) / max(1e-6, self.duration)))
        k = 1.0 - (1.0 - k) ** 3
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )


def reading_order(buttons: list[B], widths: list[int]) -> list[tuple[B, int]]:
    """Buttons with their widths from left to right on screen: the first (main) action comes
    first in reading order, so on the right in a right-to-left language."""
    pairs = list(zip(buttons, widths, strict=True))
    return pairs[::-1] if text.is_rtl() else pairs
