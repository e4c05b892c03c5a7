"""The seats around the table (:class:`SeatPlates`, issue 53: out of the drawer): each seat's
plate (portrait, name, AI level chip, cards left, finishing medal, dealer tag), drawn once per
look and kept, and what moves on it live (the turn ring, the fan of backs and its number)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n, text
from game.scenes.table.geometry import TableLayout
from game.scenes.table.menu_choices import MenuChoices
from game.scenes.table.pen import TablePen
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.frame import TableFrame
from game.widgets import seats as seat_art
from game.widgets.common import BRASS, INK, INK_DIM, panel


class SeatPlates:
    """The seats' plates over the table's ``state`` and ``layout`` (see the module
    docstring); ``view`` names the seats, ``pen`` writes on the plates, ``choices`` gives
    the card back the fans show and the AI's level its chip names (both read live)."""

    def __init__(
        self,
        choices: MenuChoices,
        view: GameView,
        state: TableState,
        layout: TableLayout,
        pen: TablePen,
        mood: Callable[[int, TableFrame], str] = lambda seat, frame: "calm",
    ) -> None:
        self.choices = choices
        #: The face ``seat`` shows for the frame (issue 54: the table's moments give it).
        self.mood = mood
        self.view = view
        self.state = state
        self.layout = layout
        self.pen = pen
        self.fans: dict[int, tuple[int, int]] = {}  # seat -> (backs drawn, cards), last frame
        self.plates: dict[
            int, tuple[tuple[object, ...], pygame.Surface]
        ] = {}  # seat -> (look, picture)
        self._chip_words: tuple[tuple[object, ...], tuple[str, str]] | None = None
        self.plate_rows: dict[int, seat_art.PlateRows] = {}  # seat -> its plate's rows on screen

    def _u(self, value: float) -> int:
        return self.layout.u(value)

    def draw(self, surface: pygame.Surface, seat: int, frame: TableFrame) -> None:
        """A seat's plate: portrait (ringed on its turn, the ring turning while it thinks),
        name, AI level badge, the hand as fanned backs with its number, medal, dealer tag.
        The plate is drawn once per look and kept; the ring and the fan are drawn live."""
        u = self._u
        rect = self.layout.rects["seats"][seat]
        current = frame.current_player == seat and not frame.is_terminal
        counts = frame.hand_counts
        count = counts[seat] if seat < len(counts) else 0
        shown = count
        if self.state.dealing():
            shown = int(count * self.state.deal_progress())
        badge = self._badge() if seat != 0 or frame.autoplay else None
        left = None
        if seat == 0 and not frame.autoplay:
            left = i18n.tr("table.cards_left", count=shown)
        key = (
            seat,
            rect.size,
            self.layout.scale,
            i18n.language(),
            text.is_rtl(),
            current,
            self.view.seat_name(seat),
            badge,
            left,
            self._place_of(seat, frame),
            self.view.dealer_key if self.view.dealer(frame) == seat else None,
        )
        margin = u(16)
        plate = self.plates.get(seat)
        if plate is None or plate[0] != key:
            image = pygame.Surface(rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
            local = pygame.Rect(margin, margin, rect.width, rect.height)
            rows = self._draw_plate(image, local, key, count)
            offset = (rect.left - margin, rect.top - margin)
            self.plate_rows[seat] = seat_art.PlateRows(
                rows.name.move(offset),
                None if rows.chip is None else rows.chip.move(offset),
                rows.fan.move(offset),
            )
            plate = self.plates[seat] = (key, image)
        surface.blit(plate[1], (rect.left - margin, rect.top - margin))
        face, column = self.layout.seat_parts(rect)
        mood = self.mood(seat, frame) if seat else "calm"
        if mood != "calm":  # the face a moment gave the seat, over the plate's calm one
            surface.blit(seat_art.avatar(seat, face.width, mood), face)
        if current:
            seat_art.turn_ring(
                surface,
                face.center,
                face.width // 2 + u(4),
                max(2, u(4)),
                BRASS,
                thinking=frame.thinking_seat == seat,
                time=self.state.time,
            )
        if seat != 0:
            self._draw_fan(surface, seat, shown, self.plate_rows[seat].fan)

    def _widest_name(self) -> int:
        """The widest AI seat's name as a plate draws it."""
        return max(
            (
                self.pen.line_image(
                    self.view.seat_name(seat), 26, INK, bold=True, max_width=None
                ).get_width()
                for seat in self.layout.rects["seats"]
                if seat
            ),
            default=0,
        )

    def _badge(self) -> tuple[str, str]:
        """The AI chip's words and the level alone, the same on every plate: the level alone
        everywhere when one plate has room for no more (plates side by side read alike)."""
        level = i18n.tr(f"ai.level.{self.choices.ai_level()}")
        words = i18n.tr("table.ai_level_badge", level=level)
        layout, u = self.layout, self._u
        look = (words, level, layout.size, layout.scale, i18n.language(), text.is_rtl())
        if self._chip_words is not None and self._chip_words[0] == look:
            return self._chip_words[1]
        badge = (words, level)
        px, floor = layout.tu(17), layout.arrangement.min_text
        fan = seat_art.hand_fan(seat_art.FAN_CAP, u(36), self.choices.card_back())
        for seat, rect in layout.rects["seats"].items():
            _, column = layout.seat_parts(rect)
            name = self.pen.line_image(
                self.view.seat_name(seat), 26, INK, bold=True, max_width=column.width
            )
            widest = min(column.width, max(name.get_width(), self._widest_name()))
            _, chip = seat_art.seat_plate(
                column, (widest, name.get_height()), badge, fan.get_size(), px=px, floor_px=floor,
                gap=u(10), rtl=text.is_rtl(), ink=INK,
            )  # fmt: skip
            full = seat_art.level_chip(words, px, floor, column.width, INK, short=level)
            if seat and chip is not None and chip.get_width() != full.get_width():
                badge = (level, level)
                break
        self._chip_words = (look, badge)
        return badge

    def _draw_plate(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        key: tuple[Any, ...],  # Any: the plate's look (see draw), read back by position
        count: int,
    ) -> seat_art.PlateRows:
        """The still part of a seat's plate (see :meth:`draw`'s key) inside ``rect``;
        returns its rows (the fan's row is where the live fan of backs goes)."""
        seat, current, name, badge, left, place, dealer = (key[0], *key[5:])
        u = self._u
        if current:
            glow = rect.inflate(u(10), u(10))
            pygame.draw.rect(surface, BRASS, glow, width=max(2, u(3)), border_radius=u(22))
        panel(surface, rect, self.layout.scale, alpha=205)
        face, column = self.layout.seat_parts(rect)
        surface.blit(seat_art.avatar(seat, face.width), face)
        tag = self._dealer_tag(rect, dealer) if dealer is not None else None
        # The medal straddles the plate's far end and the dealer tag sits inside it there:
        # the name's column stops short of them.
        cut = u(52) if place else (tag.width + u(8) if tag is not None else 0)
        full = column
        if cut:
            column = column.copy()
            column.width -= cut
            if text.is_rtl():
                column.left += cut
        name_image = self.pen.line_image(
            name,
            26,
            BRASS if current else INK,
            bold=True,
            max_width=column.width,
        )
        fan = seat_art.hand_fan(max(1, count), u(36), self.choices.card_back())
        # Name, AI chip and fan laid out so none touches, the chip sized from its shaped words
        # (issue 40: in fa and ar it was squeezed and touched the fan).
        # An AI seat lays out as if its name were the longest of them: every plate then puts
        # its chip in the same place (beside the name on all, or under it on all).
        room = name_image.get_size()
        if badge is not None:
            room = (min(column.width, max(room[0], self._widest_name())), room[1])
        rows, chip = seat_art.seat_plate(
            column,
            room,
            badge,
            fan.get_size(),
            px=self.layout.tu(17),
            floor_px=self.layout.arrangement.min_text,
            gap=u(10),
            rtl=text.is_rtl(),
            ink=INK,
        )
        surface.blit(
            name_image,
            name_image.get_rect(midright=rows.name.midright) if text.is_rtl() else rows.name,
        )
        if chip is not None and rows.chip is not None:
            surface.blit(chip, rows.chip)
        if left is not None:
            self.pen.text(
                surface,
                left,
                22,
                INK_DIM,
                (full.left, rows.name.bottom + u(4)),
                within=full,
                max_width=full.width,
            )
        self._draw_seat_marks(surface, rect, place, tag, dealer)
        return rows

    def _dealer_tag(self, rect: pygame.Rect, word: str) -> pygame.Rect:
        """The dealer tag's place: inside the plate's top far corner, as wide as its ``word``
        (a locale key; issue 40: straddling the plate's edge it crossed the turn outline too)."""
        u = self._u
        said, high = text.size(i18n.tr(word), self.layout.tu(18), bold=True)
        tag = pygame.Rect(0, rect.top + u(8), min(u(120), said + u(18)), max(u(26), high))
        if text.is_rtl():
            tag.left = rect.left + u(10)
        else:
            tag.right = rect.right - u(10)
        return tag

    def _draw_fan(self, surface: pygame.Surface, seat: int, count: int, row: pygame.Rect) -> None:
        """The seat's hand as fanned backs (at most ``seats.FAN_CAP``) and its number, in
        ``row`` (the plate's fan row; lower cards when the row is lower than the fan)."""
        u = self._u
        back = self.choices.card_back()
        fan = seat_art.hand_fan(count, u(36), back)
        if fan.get_height() > row.height:
            fan = seat_art.hand_fan(count, u(36) * row.height // fan.get_height(), back)
        self.fans[seat] = (seat_art.fan_size(count), count)
        if count <= 0:
            return
        place = fan.get_rect(bottom=row.bottom)
        if text.is_rtl():
            place.right = row.right
        else:
            place.left = row.left
        surface.blit(fan, place)
        number = i18n.format_number(count)
        y = place.centery + u(4)
        if text.is_rtl():
            self.pen.text(surface, number, 26, INK, (place.left - u(10), y), "midright", bold=True)
        else:
            self.pen.text(surface, number, 26, INK, (place.right + u(10), y), "midleft", bold=True)

    def _draw_seat_marks(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        place: int | None,
        tag: pygame.Rect | None,
        word: str | None,
    ) -> None:
        """The finishing medal straddling the top edge of a seat's plate at its far end, and
        the dealer tag in ``tag``, saying ``word`` (a game shows one or the other)."""
        u = self._u
        rtl = text.is_rtl()
        if place is not None:
            diameter = u(46)
            medal = pygame.Rect(rect.right - u(10) - diameter, rect.top - u(8), diameter, diameter)
            if rtl:
                medal.left = rect.left + u(10)
            surface.blit(seat_art.finish_badge(place, diameter), medal)
            self.pen.text(
                surface,
                i18n.tr(f"table.place_{place}"),
                18,
                seat_art.MEDAL_INK,
                medal.center,
                "center",
                bold=True,
                max_width=diameter - u(8),
            )
        if tag is not None and word is not None:
            pygame.draw.rect(surface, (120, 40, 40), tag, border_radius=u(8))
            pygame.draw.rect(surface, BRASS, tag, width=max(1, u(2)), border_radius=u(8))
            self.pen.text(
                surface,
                i18n.tr(word),
                18,
                INK,
                tag.center,
                "center",
                bold=True,
                max_width=tag.width - u(8),
            )

    def _place_of(self, seat: int, frame: TableFrame) -> int | None:
        order = frame.finish_order if self.view.shows_places else ()
        if seat in order:
            return order.index(seat) + 1
        return None
