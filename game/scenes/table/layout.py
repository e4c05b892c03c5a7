"""Where things lie on the table and how cards move: the layout of seats, plays, panels and
buttons at any window size, and the cards in flight (deal, plays, tributes, the kitty)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game import games, text
from game.widgets import cards as card_art
from game.widgets.common import min_text
from game.widgets.hand import ONE_ROW_SHOWS, ROW_STEP

#: Designed lengths of the animations (seconds at animation speed 50 %).
FLY_TIME = 0.32
DEAL_TIME = 1.1
RESULT_DELAY = 1.2
BANNER_TIME = 2.6
#: A tribute's or return's flight and its rest where it lands (issue 40 point 3).
EXCHANGE_TIME = 0.8
EXCHANGE_HOLD = 0.9
#: How long the revealed kitty (S2.5) and the dealer's pick-up stay in view before the table
#: moves on, whatever the AI's think delay.
KITTY_SHOW_TIME = 2.4
TAKE_SHOW_TIME = 1.0


@lru_cache(maxsize=1024)
def _rendered(
    value: str, size_px: int, color: tuple[int, ...], bold: bool, lang: str
) -> pygame.Surface:
    """A line of text drawn once and kept: the table redraws the same labels every frame,
    and each uncached draw is a C call that may wait for the interpreter lock while a bot
    thinks in its thread."""
    return text.render(value, size_px, color, bold=bold)


@lru_cache(maxsize=64)
def _wrapped(
    value: str, size_px: int, color: tuple[int, ...], max_width: int, lang: str
) -> tuple[pygame.Surface, int]:
    """A centred paragraph wrapped to ``max_width`` and the width of its longest line."""
    image = text.render(value, size_px, color, bold=True, max_width=max_width, align="center")
    lines = text.wrap(value, size_px, max_width, bold=True)
    width = max((text.size(line, size_px, bold=True)[0] for line in lines), default=0)
    return image, width


def play_spot(
    side: str, rect: pygame.Rect, play_h: int, u: Any, *, below: bool = False
) -> tuple[str, tuple[int, int]]:
    """Where a seat's plays lie (alignment, point) beside the box ``rect`` it sits in:
    ``side`` "right" (the seat on the right edge plays to its left), "left", "across" (the seat
    at the top plays below it) or "bottom" (the player plays above its box). The table and the
    replay lay their tricks out by this one rule. With ``below`` (a narrow 4:3 window, which
    has no room beside them) the side seats play below their boxes, towards the middle."""
    if below and side in ("right", "left"):
        y = rect.bottom + u(24) + play_h // 2
        return side, ((rect.right, y) if side == "right" else (rect.left, y))
    if side == "right":
        return "right", (rect.left - u(40), rect.centery)
    if side == "left":
        return "left", (rect.right + u(40), rect.centery)
    if side == "across":
        return "center", (rect.centerx, rect.bottom + u(28) + play_h // 2)
    return "center", (rect.centerx, rect.top - play_h // 2)


def play_rects(
    spot: tuple[str, tuple[int, int]], height: int, count: int, u: Any, reach: int | None = None
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


class TableLayout:
    """The table scene's layout and card flights (a part of :class:`TableScene`)."""

    def relayout(self) -> None:
        self.size = self.app.size
        self._arrange()

    def _arrange(self) -> None:
        """Pick the arrangement for the window size, then lay the table out."""
        self.arrangement = arrangement(self.size)
        self.scale = self.arrangement.scale
        self._layout()

    def _tu(self, value: float) -> int:
        """A text size at the table's scale, never below the arrangement's smallest text."""
        return max(self.arrangement.min_text, round(value * self.scale))

    def _layout(self) -> None:
        w, h = self.size
        u = self._u
        shape = self.arrangement
        card_h = u(shape.hand_card)
        margin = u(36)
        # Two rows when one row would show too little of each card (issue 26).
        rows = hand_rows(w - 2 * margin, card_h, self._full_hand())
        hand_h = row_height(card_h, rows)
        hand_rect = pygame.Rect(margin, h - u(22) - hand_h, w - 2 * margin, hand_h)
        self.hand.layout(hand_rect, card_h, rows=rows)
        self.hand.four_colour = self.app.settings.four_colour
        button_h = u(58)
        button_y = hand_rect.top - self.hand.raise_px - u(20) - button_h
        top = self.app.topbar_height  # below the app's top bar
        plate = (u(320), u(124))
        rects: dict[str, Any] = {
            "buttons_y": button_y,
            "button_h": button_h,
            "top": top,
            "play_h": u(132),
        }
        seat_rects: dict[int, pygame.Rect] = {}
        play_at: dict[int, tuple[str, tuple[int, int]]] = {}
        mid_y = top + (button_y - top) * (0.36 if shape.narrow else 0.42)
        # The human's plate sits above the left end of the button row, clear of the buttons.
        rtl = text.is_rtl()
        seat_rects[0] = pygame.Rect(margin, 0, plate[0], plate[1] - u(24))
        seat_rects[0].bottom = button_y - u(12)
        if rtl:  # a right-to-left reader starts at the right: the player's plate goes there
            seat_rects[0].right = w - margin
        # The player's plays sit above a band for the message line (two lines of 24 px):
        # a long prompt wraps inside the band, never over the cards just played.
        message_band = max(u(78), round(2.7 * self._tu(24)) + u(14))
        play_bottom = button_y - u(8) - message_band
        # (clear of the band by the ring a won trick gets)
        play_at[0] = ("center", (w // 2, int(play_bottom - u(10) - 6 - rects["play_h"] // 2)))
        rects["message_top"] = play_bottom
        rects["message_band"] = pygame.Rect(margin, play_bottom, w - 2 * margin, message_band)
        right = pygame.Rect(w - margin - plate[0], int(mid_y - plate[1] / 2), *plate)
        left = pygame.Rect(margin, int(mid_y - plate[1] / 2), *plate)
        if shape.narrow:
            # Below the corner panels (levels, points), which a narrow window has above them.
            right.top = left.top = max(left.top, top + u(14 + 150 + 16))
        across = pygame.Rect(w // 2 - plate[0] // 2, top + u(14), *plate)
        boxes = {"right": right, "left": left, "across": across}
        for seat, side in seat_sides(self.seats).items():
            if seat:
                seat_rects[seat] = boxes[side]
                play_at[seat] = play_spot(side, boxes[side], rects["play_h"], u, below=shape.narrow)
        rects["seats"] = seat_rects
        rects["plays"] = play_at
        rects["header"] = pygame.Rect(margin, top + u(14), u(420), u(150))
        rects["side"] = pygame.Rect(w - margin - u(420), top + u(14), u(420), u(150))
        if rtl:  # the levels panel is read first: on the right in a right-to-left language
            rects["header"], rects["side"] = rects["side"], rects["header"]
        self._layout_rtl = rtl
        self._rects = rects
        self._fit_play_reaches()
        self._ui_key = None

    def _full_hand(self) -> int:
        """The cards a full hand holds (an even share of the game's pack)."""
        spec = games.get(self.preset)
        return -(-len(spec.pack()) // spec.seats)

    def _seat_center(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return (self.size[0] // 2, self.size[1] // 2)
        if seat == 0:
            return self.hand.rect.center
        return self._rects["seats"][seat].center

    def _receive_point(self, seat: int | None, cards: Any) -> tuple[int, int]:
        """Where a card handed to ``seat`` lands: its own place in the player's hand, else
        the seat's plate."""
        cards = list(cards)
        if seat == 0 and cards:
            positions = self.hand.positions()
            for i, card in enumerate(self.hand.cards[: len(positions)]):
                if card == cards[0]:
                    return positions[i].center
        return self._seat_center(seat)

    def _seat_edge(self, seat: int | None) -> tuple[int, int]:
        """Where a seat's cards set off: the edge of its plate facing the middle of the
        table (a card leaving a plate never sits over the seat's name), or the hand."""
        if seat is None or seat == 0:
            return self._seat_center(seat)
        plate = self._rects["seats"][seat]
        x = min(max(self.size[0] // 2, plate.left), plate.right)
        y = min(max(self.size[1] // 2, plate.top), plate.bottom)
        return (x, y)

    def _play_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where the cards of a play of ``count`` cards lie in front of ``seat``."""
        return play_rects(
            self._rects["plays"][seat],
            self._rects["play_h"],
            count,
            self._u,
            self._rects["reach"].get(seat),
        )

    def _plate_area(self, seat: int) -> pygame.Rect:
        """A seat's plate with its turn glow and the dealer tag or medal over its top edge."""
        u = self._u
        rect = self._rects["seats"][seat].inflate(u(12), u(12))
        return pygame.Rect(rect.left, rect.top - u(10), rect.width, rect.height + u(10))

    def _hand_area(self) -> pygame.Rect:
        """The hand with room for its raised (selected) cards and the marks of new ones."""
        rect = self.hand.rect
        lift = self.hand.raise_px + self._u(20)
        return pygame.Rect(rect.left, rect.top - lift, rect.width, rect.height + lift)

    def _fly_cards(
        self, seat: int | None, cards: Any, end: Any, *, face: bool = True, slow: bool = False
    ) -> None:
        """Cards glide from ``seat`` to ``end``: a seat number (its plays) or a point. A
        ``slow`` flight (a tribute or a return, issue 40) takes longer and rests where it
        lands, so that who gives what to whom can be read."""
        cards = list(cards)
        if isinstance(end, tuple):
            height = self._u(120)
            targets = [
                (end[0] + (i - (len(cards) - 1) / 2) * self._u(30), end[1])
                for i in range(len(cards))
            ]
        else:
            height = self._rects["play_h"]
            targets = [rect.center for rect in self._play_rects(end, len(cards))]
        start = self._seat_edge(seat)
        for i, card in enumerate(cards):
            image = (
                card_art.face(
                    card, height, self.hand.four_colour, False, False, self._is_wild(card)
                )
                if face
                else card_art.back(height, self.app.settings.card_back)
            )
            landing = end if not isinstance(end, tuple) else None
            time, hold = (EXCHANGE_TIME, EXCHANGE_HOLD) if slow else (FLY_TIME, 0.0)
            self.flyers.append(
                Flyer(image, start, targets[i], time, delay=i * 0.02, seat=landing, hold=hold)
            )

    def _take_flyers(self, seat: int | None, cards: Any) -> None:
        """The kitty glides from the centre to the dealer: face up when it was revealed or
        the dealer is the player, else as backs."""
        cards = list(cards or ())
        count = len(cards) or 8
        height = self._u(100)
        face_up = self.kitty_shown is not None or seat == 0
        end = self._seat_center(seat)
        rects = self._kitty_rects(count, height)
        for i, rect in enumerate(rects):
            image = (
                card_art.face(cards[i], height, self.hand.four_colour)
                if face_up and i < len(cards)
                else card_art.back(height, self.app.settings.card_back)
            )
            self.flyers.append(Flyer(image, rect.center, end, FLY_TIME * 1.5, delay=i * 0.04))

    def _kitty_rects(self, count: int, height: int) -> list[pygame.Rect]:
        """Where the kitty's cards lie in the centre of the table."""
        width = card_art.card_size(height)[0]
        step = width * 0.55
        total = width + step * (count - 1)
        x0 = self.size[0] / 2 - total / 2
        # Below the banner (centred at 40 % of the height) that announces the reveal.
        y = self.size[1] * 0.40 + self._u(140)
        return [
            pygame.Rect(int(x0 + i * step), int(y - height / 2), width, height)
            for i in range(count)
        ]

    def _deal_flyers(self) -> None:
        height = self._u(100)
        image = card_art.back(height, self.app.settings.card_back)
        centre = (self.size[0] // 2, self.size[1] // 2 - self._u(60))
        rounds = 6
        for r in range(rounds):
            for seat in range(self.seats):
                self.flyers.append(
                    Flyer(
                        image,
                        centre,
                        self._seat_center(seat),
                        FLY_TIME * 0.8,
                        delay=(r * self.seats + seat) * DEAL_TIME / (rounds * self.seats + 2),
                    )
                )
