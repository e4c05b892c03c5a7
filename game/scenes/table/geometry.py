"""Where things lie on the table at one window size (issue 26, 39): the seats' plates, each
seat's plays, the panels, the button row, the message band and the hand, from the
:func:`~game.scenes.table.layout.arrangement` of the window.

:class:`TableLayout` is one object the scene's parts read; it knows the window, the hand widget
it lays out and the game's seats, nothing of the table's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import TYPE_CHECKING, Literal, TypedDict

import pygame

from game import text
from game.rules.cards import Card
from game.scenes.table.layout import (
    Arrangement,
    Flyer,
    arrangement,
    hand_rows,
    play_rects,
    play_spot,
    row_height,
    seat_sides,
)
from game.scenes.table.plays import LONG_PLAY, play_box
from game.table import info
from game.table.info import PlayKind
from game.widgets import cards as card_art
from game.widgets.common import scaled
from game.widgets.hand import HandWidget

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class TableRects(TypedDict, total=False):
    """The table's named places (:meth:`TableLayout.lay_out` fills them; a read before the
    first layout finds none): the button row's top and height, the top bar's bottom, a play's
    card height, the message band and its top, the seats' plates and plays by seat, the
    header and side panels, and each seat's pressed fan width (``reach``)."""

    buttons_y: int
    button_h: int
    top: int
    play_h: int
    message_top: int
    message_band: pygame.Rect
    seats: dict[int, pygame.Rect]
    plays: dict[int, tuple[str, tuple[int, int]]]
    header: pygame.Rect
    side: pygame.Rect
    reach: dict[int, int]


#: A panel of the layout that a game's view may draw in (:meth:`TableContext.rect`).
Panel = Literal["header", "side", "message_band"]


class TableLayout:
    """The table's places for the current window (see the module docstring)."""

    def __init__(self, app: Services, hand: HandWidget, seats: int, full_hand: int) -> None:
        self.app = app
        self.hand = hand
        self.seats = seats
        self.full_hand = full_hand  # the cards a full hand holds (its rows depend on it)
        self.size = (1920, 1080)
        self.arrangement: Arrangement = arrangement(self.size)
        self.scale = self.arrangement.scale
        self.rects: TableRects = {}
        self.rtl: bool | None = None

    def arrange(self, size: tuple[int, int]) -> None:
        """Pick the arrangement for a window of ``size``, then lay the table out."""
        self.size = size
        self.arrangement = arrangement(size)
        self.scale = self.arrangement.scale
        self.lay_out()

    def fit(self, size: tuple[int, int]) -> bool:
        """Lay out again when the window's size or the language's direction changed; whether
        it did."""
        if size != self.size:
            self.arrange(size)
            return True
        if self.rtl != text.is_rtl():
            self.lay_out()  # the language changed direction: panels change sides
            return True
        return False

    def u(self, value: float) -> int:
        """A length at the table's scale."""
        return scaled(value, self.scale)

    def tu(self, value: float) -> int:
        """A text size at the table's scale, never below the arrangement's smallest text."""
        return max(self.arrangement.min_text, round(value * self.scale))

    def lay_out(self) -> None:
        w, h = self.size
        u = self.u
        shape = self.arrangement
        card_h = u(shape.hand_card)
        margin = u(36)
        # Two rows when one row would show too little of each card (issue 26).
        rows = hand_rows(w - 2 * margin, card_h, self.full_hand)
        hand_h = row_height(card_h, rows)
        hand_rect = pygame.Rect(margin, h - u(22) - hand_h, w - 2 * margin, hand_h)
        self.hand.layout(hand_rect, card_h, rows=rows)
        self.hand.four_colour = self.app.settings.four_colour
        button_h = u(58)
        button_y = hand_rect.top - self.hand.raise_px - u(20) - button_h
        top = self.app.topbar_height  # below the app's top bar
        plate = (u(320), u(124))
        rects: TableRects = {
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
        message_band = max(u(78), round(2.7 * self.tu(24)) + u(14))
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
        # The side panel (Guandan's ladder of 13 ranks) a fifth wider where the partner's
        # plate leaves room, so the rank labels stand apart in one row (issue 40).
        spare = w - margin - across.right - u(16)
        side_w = max(u(420), min(u(504), spare))
        rects["side"] = pygame.Rect(w - margin - side_w, top + u(14), side_w, u(150))
        if rtl:  # the levels panel is read first: on the right in a right-to-left language
            rects["header"].right = w - margin
            rects["side"].left = margin
        self.rtl = rtl
        self.rects = rects
        self._fit_play_reaches()

    # --- the seats -------------------------------------------------------------------------
    def seat_center(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return (self.size[0] // 2, self.size[1] // 2)
        if seat == 0:
            return self.hand.rect.center
        return self.rects["seats"][seat].center

    def receive_point(self, seat: int | None, cards: Iterable[Card]) -> tuple[int, int]:
        """Where a card handed to ``seat`` lands: its own place in the player's hand, else
        the seat's plate."""
        cards = list(cards)
        if seat == 0 and cards:
            positions = self.hand.positions()
            for i, card in enumerate(self.hand.cards[: len(positions)]):
                if card == cards[0]:
                    return positions[i].center
        return self.seat_center(seat)

    def seat_edge(self, seat: int | None, card: tuple[int, int] = (0, 0)) -> tuple[int, int]:
        """Where a seat's cards set off: just off the edge of its plate facing the middle of
        the table, so a ``card``-sized picture centred there never covers the plate (issue
        40: a tribute card sat over the giver's plate), or the hand."""
        if seat is None or seat == 0:
            return self.seat_center(seat)
        plate = self.rects["seats"][seat]
        middle = (self.size[0] // 2, self.size[1] // 2)
        x = min(max(middle[0], plate.left), plate.right)
        y = min(max(middle[1], plate.top), plate.bottom)
        gap = self.u(6) if any(card) else 0
        if x != middle[0]:
            x += (card[0] // 2 + gap) * (1 if x == plate.right else -1)
        if y != middle[1]:
            y += (card[1] // 2 + gap) * (1 if y == plate.bottom else -1)
        return (x, y)

    def plate_area(self, seat: int) -> pygame.Rect:
        """A seat's plate with its turn glow and the dealer tag or medal over its top edge."""
        u = self.u
        rect = self.rects["seats"][seat].inflate(u(12), u(12))
        return pygame.Rect(rect.left, rect.top - u(10), rect.width, rect.height + u(10))

    def seat_parts(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The portrait's square and the text column beside it (mirrored right to left)."""
        u = self.u
        pad = u(12)
        diameter = rect.height - 2 * pad
        face = pygame.Rect(0, 0, diameter, diameter)
        face.centery = rect.centery
        column = pygame.Rect(0, rect.top, rect.width - diameter - 3 * pad, rect.height)
        if text.is_rtl():
            face.right = rect.right - pad
            column.left = rect.left + pad
        else:
            face.left = rect.left + pad
            column.left = rect.left + diameter + 2 * pad
        return face, column

    def ring_rect(self, seat: int) -> pygame.Rect:
        """The box round a seat's turn ring (all that moves while that seat thinks)."""
        face, _ = self.seat_parts(self.rects["seats"][seat])
        radius = face.width // 2 + self.u(4)
        box = pygame.Rect(0, 0, 2 * radius + 4, 2 * radius + 4)
        box.center = face.center
        return box

    def hand_area(self) -> pygame.Rect:
        """The hand with room for its raised (selected) cards and the marks of new ones, and
        below it for a card's spring dropping past its rest (within the window)."""
        rect = self.hand.rect
        lift = self.hand.raise_px + self.u(20)
        drop = min(self.hand.raise_px // 3 + 2, max(0, self.size[1] - rect.bottom))
        return pygame.Rect(rect.left, rect.top - lift, rect.width, rect.height + lift + drop)

    def message_area(self) -> pygame.Rect:
        """Where the message line may lie, its plate's edge too."""
        u = self.u
        top, bottom = self.rects["message_top"], self.rects["buttons_y"] - u(8)
        area = pygame.Rect(u(380) - u(18), top, self.size[0] - 2 * (u(380) - u(18)), bottom - top)
        return area.inflate(u(24), u(24))

    def ceremony_centre(self) -> tuple[int, int]:
        """The middle of the table: between the play of the seat across (or the top of the
        table) and the kind tag over the player's play."""
        x = self.size[0] // 2
        below = self.play_rects(0, 1)[0].top - self.u(44)
        across = [s for s, r in self.rects["seats"].items() if s and r.left < x < r.right]
        if across:
            above = self.play_rects(across[0], 1)[0].bottom
        else:  # three seats: from the side plates' tops
            above = min(r.top for s, r in self.rects["seats"].items() if s)
        return (x, (above + below) // 2)

    def kitty_rects(self, count: int, height: int) -> list[pygame.Rect]:
        """Where the kitty's cards lie in the centre of the table."""
        width = card_art.card_size(height)[0]
        step = width * 0.55
        total = width + step * (count - 1)
        x0 = self.size[0] / 2 - total / 2
        # Below the banner (centred at 40 % of the height) that announces the reveal.
        y = self.size[1] * 0.40 + self.u(140)
        return [
            pygame.Rect(int(x0 + i * step), int(y - height / 2), width, height)
            for i in range(count)
        ]

    @staticmethod
    def flyer_rect(flyer: Flyer) -> pygame.Rect:
        """Where a card in flight is drawn now."""
        x, y = flyer.pos()
        return flyer.image.get_rect(center=(int(x), int(y)))

    # --- the plays -------------------------------------------------------------------------
    def play_spot(self, seat: int) -> tuple[str, tuple[int, int]]:
        return self.rects["plays"][seat]

    def play_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where the cards of a play of ``count`` cards lie in front of ``seat``."""
        return play_rects(
            self.rects["plays"][seat],
            self.rects["play_h"],
            count,
            self.u,
            self.rects["reach"].get(seat),
        )

    def play_box(self, seat: int, play: Sized, combo: PlayKind = None) -> pygame.Rect:
        """All a play of cards (``play``, or ``count`` placeholders) covers in front of
        ``seat``: its cards, the ring of a won trick and its kind's label (above the player's
        play, below the others')."""
        return play_box(
            self.rects["plays"][seat],
            play,
            height=self.rects["play_h"],
            scale=self.scale,
            combo=combo,
            kind_above=seat == 0,
            min_text=self.arrangement.min_text,
            reach=self.rects["reach"].get(seat),
        )

    def play_area(self, seat: int, count: int, kind: str | None = None) -> pygame.Rect:
        """All a play of ``count`` cards of ``kind`` (a combo's kind name) covers."""
        return self.play_box(seat, (None,) * count, kind)

    def _fit_play_reaches(self) -> None:
        """Press the fans of long plays together until no two seats' plays of ``LONG_PLAY``
        cards overlap (issue 26: a 4:3 side play against the player's, across against a
        side); a fan is never pressed below a fifth of a card per card."""
        rects = self.rects
        reach: dict[int, int] = {}
        rects["reach"] = reach
        card_w = card_art.card_size(rects["play_h"])[0]
        least = int(card_w * (1 + 0.2 * (LONG_PLAY - 1)))
        px = max(self.arrangement.min_text, self.u(20))
        widest = max(
            info.kind_names(),
            key=lambda kind: text.size(info.play_kind_label(kind, LONG_PLAY) or "", px, bold=True)[
                0
            ],
        )

        def width(seat: int) -> int:
            cards = self.play_rects(seat, LONG_PLAY)
            return cards[-1].right - cards[0].left

        seats = range(self.seats)
        for _ in range(60):
            areas = {seat: self.play_area(seat, LONG_PLAY, widest) for seat in seats}
            crowded = {
                seat
                for a in seats
                for b in seats
                if a < b and areas[a].colliderect(areas[b])
                for seat in (a, b)
                if width(seat) > least
            }
            if not crowded:
                return
            for seat in crowded:
                reach[seat] = max(least, int(width(seat) * 0.94))
