"""Drawing the table (:class:`TableDrawer`): felt, panels, seats, the plays in front of them,
the hand, the message line, the cards in flight and the banner, from the table's state and
layout."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, text
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.context import TableNames
from game.scenes.table.geometry import TableLayout
from game.scenes.table.hand import PlayerHand
from game.scenes.table.layout import _rendered, _wrapped
from game.scenes.table.lesson import TableLesson
from game.scenes.table.plays import draw_play
from game.scenes.table.state import TableState
from game.scenes.table.view import PASS_MARK, GameView
from game.table.controller import TableController
from game.table.frame import TableFrame
from game.widgets import seats as seat_art
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, dialog, panel, scaled
from game.widgets.felt import table_felt
from game.widgets.hand import NEW_MARK

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


@lru_cache(maxsize=16)
def _new_plate(label: str, scale: float, lang: str, px: int) -> pygame.Surface:
    """A received card's tag: its giver in the new-card colour on a small dark plate."""
    image = _rendered(label, px, NEW_MARK, True, lang)
    rect = image.get_rect().inflate(scaled(16, scale), scaled(4, scale))
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(plate, plate.get_rect(), scale, alpha=220, border=NEW_MARK, radius=8)
    plate.blit(image, image.get_rect(center=plate.get_rect().center))
    return plate


class TableDrawer:
    """What the table draws every frame under the film look (see the module docstring)."""

    def __init__(
        self,
        app: Services,
        controller: TableController,
        view: GameView,
        state: TableState,
        layout: TableLayout,
        hand: PlayerHand,
        lesson: TableLesson,
        ceremonies: Ceremonies,
        names: TableNames,
    ) -> None:
        self.app = app
        self.controller = controller
        self.view = view
        self.state = state
        self.layout = layout
        self.hand = hand
        self.lesson = lesson
        self.ceremonies = ceremonies
        self.names = names
        self.fans: dict[int, tuple[int, int]] = {}  # seat -> (backs drawn, cards), last frame
        self.plates: dict[int, tuple[tuple, pygame.Surface]] = {}  # seat -> (look, picture)
        self.header_box: pygame.Rect | None = None  # the header panel as last drawn
        self._chip_words: tuple[tuple[Any, ...], tuple[str, str]] | None = None
        self.plate_rows: dict[int, seat_art.PlateRows] = {}  # seat -> its plate's rows on screen

    def _u(self, value: float) -> int:
        return self.layout.u(value)

    def draw_table(self, surface: pygame.Surface, frame: TableFrame, can_act: bool) -> None:
        """The felt, the panels, the seats and their plays, the hand and the message line."""
        state, view, hand = self.state, self.view, self.hand.widget
        surface.blit(table_felt(self.layout.size, self.app.settings.felt), (0, 0))
        self._draw_header(surface, frame)
        view.draw_side(surface, frame)
        seats = self.controller.seats
        for seat in range(seats):
            self._draw_seat(surface, seat, frame)
        leader = view.leading_seat(frame, state.plays)  # ringed the same way in every game
        for seat in range(seats):
            self.draw_play(surface, seat, ringed=seat == leader)
        view.draw_center(surface, frame)
        self.ceremonies.draw_lead_marker(surface, frame)
        hand.enabled = True
        handing = any(f.hold for f in state.flyers)  # tagged once the card has arrived
        hand.new_tag = self._new_tag(frame) if hand.new and not handing else None
        hand.draw(surface, show_focus=state.show_focus and can_act)
        self._draw_message(surface, frame)

    def draw_air(self, surface: pygame.Surface) -> None:
        """The cards in flight and the banner."""
        for flyer in self.state.flyers:
            if flyer.t >= flyer.delay:
                surface.blit(flyer.image, self.layout.flyer_rect(flyer))
        if self.state.banner is not None:
            self._draw_banner(surface, self.state.banner[0])

    def _new_tag(self, frame: Any) -> pygame.Surface | None:
        """The plate over a received card naming who handed it ("From Left"), or None."""
        giver = self.view.received_from(frame)
        if giver is None:
            return None
        label = i18n.tr("table.received_from", name=self.names.seat_name(giver))
        layout = self.layout
        px = max(layout.arrangement.min_text, layout.u(18))
        return _new_plate(label, layout.scale, i18n.language(), px)

    def text(
        self,
        surface: pygame.Surface,
        value: str,
        size: float,
        color: Any,
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
        self, value: str, size: float, color: Any, *, bold: bool, max_width: int | None
    ) -> pygame.Surface:
        """A line of text at ``size`` (table units), narrowed to ``max_width`` when wider,
        but never below the arrangement's smallest text."""
        px = self.layout.tu(size)
        image = _rendered(value, px, tuple(color), bold, i18n.language())
        if max_width is not None and image.get_width() > max_width > 0:
            floor = min(1.0, self.layout.arrangement.min_text / px)
            ratio = max(max_width / image.get_width(), floor)
            image = pygame.transform.smoothscale(
                image, (max_width, max(1, int(image.get_height() * ratio)))
            )
        return image

    def _draw_header(self, surface: pygame.Surface, frame: Any) -> None:
        """The game's header panel (levels and trump, or running totals), top left."""
        rect = self.layout.rects["header"]
        lines = self.view.header_lines(frame)
        if not lines:
            return
        u = self._u
        # Rows of u(36), closer when the seat plate below would be reached (issue 40: Dou
        # Dizhu's five rows ran into it at 800×600), never closer than a line's ink.
        below = [
            seat.top
            for seat in self.layout.rects["seats"].values()
            if seat.top > rect.top and seat.left < rect.right and seat.right > rect.left
        ]
        room = min(below, default=self.layout.size[1]) - u(10) - rect.top - u(22)
        ink = max(
            _rendered(label, self.layout.tu(22), INK_DIM, False, i18n.language())
            .get_bounding_rect()
            .height
            for label, _, _ in lines
        )
        step = max(ink + max(2, u(6)), min(u(36), room // len(lines)))
        box = pygame.Rect(rect.left, rect.top, rect.width, u(22) + len(lines) * step)
        panel(surface, box, self.layout.scale, alpha=190)
        y = box.top + u(11) + step // 2
        for label, value, color in lines:
            said = self.text(
                surface, label, 22, INK_DIM, (box.left + u(18), y), "midleft",
                max_width=u(230), within=box,
            )  # fmt: skip
            # The value has the row's room beside its own label (a short label such as
            # Shengji's "Trump" leaves a long "Not yet declared" its full size).
            self.text(
                surface,
                value,
                24,
                color,
                (box.right - u(18), y),
                "midright",
                bold=True,
                max_width=max(u(60), box.width - 2 * u(18) - said.width - u(12)),
                within=box,
            )
            y += step
        self.header_box = box

    def _draw_seat(self, surface: pygame.Surface, seat: int, frame: Any) -> None:
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
            self.names.seat_name(seat),
            badge,
            left,
            self._place_of(seat, frame),
            self.view.dealer(frame) == seat,
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
        mood = self.ceremonies.moments.mood(seat, frame) if seat else "calm"
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
                self.line_image(
                    self.names.seat_name(seat), 26, INK, bold=True, max_width=None
                ).get_width()
                for seat in self.layout.rects["seats"]
                if seat
            ),
            default=0,
        )

    def _badge(self) -> tuple[str, str]:
        """The AI chip's words and the level alone, the same on every plate: the level alone
        everywhere when one plate has room for no more (plates side by side read alike)."""
        level = i18n.tr(f"ai.level.{getattr(self.controller, 'ai_level', 'normal')}")
        words = i18n.tr("table.ai_level_badge", level=level)
        layout, u = self.layout, self._u
        look = (words, level, layout.size, layout.scale, i18n.language(), text.is_rtl())
        if self._chip_words is not None and self._chip_words[0] == look:
            return self._chip_words[1]
        badge = (words, level)
        px, floor = layout.tu(17), layout.arrangement.min_text
        fan = seat_art.hand_fan(seat_art.FAN_CAP, u(36), self.app.settings.card_back)
        for seat, rect in layout.rects["seats"].items():
            _, column = layout.seat_parts(rect)
            name = self.line_image(
                self.names.seat_name(seat), 26, INK, bold=True, max_width=column.width
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
        self, surface: pygame.Surface, rect: pygame.Rect, key: tuple, count: int
    ) -> seat_art.PlateRows:
        """The still part of a seat's plate (see :meth:`_draw_seat`'s key) inside ``rect``;
        returns its rows (the fan's row is where the live fan of backs goes)."""
        seat, current, name, badge, left, place, dealer = (key[0], *key[5:])
        u = self._u
        if current:
            glow = rect.inflate(u(10), u(10))
            pygame.draw.rect(surface, BRASS, glow, width=max(2, u(3)), border_radius=u(22))
        panel(surface, rect, self.layout.scale, alpha=205)
        face, column = self.layout.seat_parts(rect)
        surface.blit(seat_art.avatar(seat, face.width), face)
        tag = self._dealer_tag(rect) if dealer else None
        # The medal straddles the plate's far end and the dealer tag sits inside it there:
        # the name's column stops short of them.
        cut = u(52) if place else (tag.width + u(8) if tag is not None else 0)
        full = column
        if cut:
            column = column.copy()
            column.width -= cut
            if text.is_rtl():
                column.left += cut
        name_image = self.line_image(
            name,
            26,
            BRASS if current else INK,
            bold=True,
            max_width=column.width,
        )
        fan = seat_art.hand_fan(max(1, count), u(36), self.app.settings.card_back)
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
            self.text(
                surface,
                left,
                22,
                INK_DIM,
                (full.left, rows.name.bottom + u(4)),
                within=full,
                max_width=full.width,
            )
        self._draw_seat_marks(surface, rect, place, tag)
        return rows

    def _dealer_tag(self, rect: pygame.Rect) -> pygame.Rect:
        """The dealer tag's place: inside the plate's top far corner, as wide as its word
        (issue 40: straddling the plate's edge it crossed the turn outline too)."""
        u = self._u
        said = text.size(i18n.tr("shengji.dealer"), self.layout.tu(18), bold=True)[0]
        tag = pygame.Rect(0, rect.top + u(8), min(u(120), said + u(18)), u(26))
        if text.is_rtl():
            tag.left = rect.left + u(10)
        else:
            tag.right = rect.right - u(10)
        return tag

    def _draw_fan(self, surface: pygame.Surface, seat: int, count: int, row: pygame.Rect) -> None:
        """The seat's hand as fanned backs (at most ``seats.FAN_CAP``) and its number, in
        ``row`` (the plate's fan row; lower cards when the row is lower than the fan)."""
        u = self._u
        back = self.app.settings.card_back
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
            self.text(surface, number, 26, INK, (place.left - u(10), y), "midright", bold=True)
        else:
            self.text(surface, number, 26, INK, (place.right + u(10), y), "midleft", bold=True)

    def _draw_seat_marks(
        self, surface: pygame.Surface, rect: pygame.Rect, place: int | None, tag: Any
    ) -> None:
        """The finishing medal straddling the top edge of a seat's plate at its far end, and
        the dealer tag in ``tag`` (a game shows one or the other)."""
        u = self._u
        rtl = text.is_rtl()
        if place is not None:
            diameter = u(46)
            medal = pygame.Rect(rect.right - u(10) - diameter, rect.top - u(8), diameter, diameter)
            if rtl:
                medal.left = rect.left + u(10)
            surface.blit(seat_art.finish_badge(place, diameter), medal)
            self.text(
                surface,
                i18n.tr(f"table.place_{place}"),
                18,
                seat_art.MEDAL_INK,
                medal.center,
                "center",
                bold=True,
                max_width=diameter - u(8),
            )
        if tag is not None:
            pygame.draw.rect(surface, (120, 40, 40), tag, border_radius=u(8))
            pygame.draw.rect(surface, BRASS, tag, width=max(1, u(2)), border_radius=u(8))
            self.text(
                surface,
                i18n.tr("shengji.dealer"),
                18,
                INK,
                tag.center,
                "center",
                bold=True,
                max_width=tag.width - u(8),
            )

    def _place_of(self, seat: int, frame: Any) -> int | None:
        order = frame.finish_order if self.view.shows_places else ()
        if seat in order:
            return order.index(seat) + 1
        return None

    def message(self, frame: TableFrame) -> tuple[str, Any] | None:
        """The message line's text and colour, or None: the notice, whose bot thinks, why
        the selection does not play, the game's prompt, or "Your turn"."""
        state, hand = self.state, self.hand
        if state.notice:
            return state.notice, state.notice_color
        if frame.awaiting_next or frame.is_terminal or state.dealing() or self.lesson.waits():
            return None
        if not frame.human_turn:
            # Only a seat whose bot is choosing now: nothing while cards fly or the table waits.
            seat = frame.thinking_seat
            if seat is None:
                return None
            if seat == 0:  # autoplay: the AI plays the player's hand
                return i18n.tr("table.thinking_for_you"), INK_DIM
            return i18n.tr("table.waiting_for", name=self.names.seat_name(seat)), INK_DIM
        if frame.hint_pending:
            return i18n.tr("table.hint_thinking"), INK_DIM
        actions, refusal = hand.selection_status()
        if hand.widget.selected and refusal:
            return refusal, DANGER
        prompt = self.view.phase_prompt(frame)
        if prompt is not None:
            return prompt
        if frame.pass_action is None and not hand.widget.selected:
            if frame.pass_refusal and not frame.leading:
                return frame.pass_refusal, BRASS
        if frame.pass_action is not None and len(frame.options) == 1:
            return i18n.tr("runfast.prompt_must_pass"), BRASS
        return i18n.tr("table.your_turn"), INK

    def _draw_message(self, surface: pygame.Surface, frame: TableFrame) -> None:
        message = self.message(frame)
        if message is None:
            return
        image, rect, plate = self.message_box(*message)
        # A dark plate behind the line keeps every colour readable on the felt.
        panel(surface, plate, self.layout.scale, alpha=170, border=(0, 0, 0), radius=14)
        surface.blit(image, rect)

    def message_box(
        self, value: str, color: Any
    ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        """The message line's image, its place and its plate: between the player's played
        cards and the buttons, never over either (a long reason wraps, then shrinks)."""
        layout = self.layout
        u, size = layout.u, layout.size
        limit = size[0] - u(760)
        bottom = layout.rects["buttons_y"] - u(8)
        top = layout.rects["message_top"]
        px = layout.tu(24)
        image = _rendered(value, px, tuple(color), True, i18n.language())
        width = image.get_width()
        if width > limit:
            image, width = _wrapped(value, px, tuple(color), limit, i18n.language())
        room = bottom - top - u(14)
        if image.get_height() > room > 0:
            ratio = max(room / image.get_height(), min(1.0, layout.arrangement.min_text / px))
            fitted = (max(1, int(image.get_width() * ratio)), room)
            image = pygame.transform.smoothscale(image, fitted)
            width = int(width * ratio)
        rect = image.get_rect(midbottom=(size[0] // 2, bottom - u(4)))
        plate = pygame.Rect(0, 0, min(image.get_width(), width) + u(36), rect.height + u(8))
        plate.center = rect.center
        return image, rect, plate

    def _draw_banner(self, surface: pygame.Surface, value: str) -> None:
        layout = self.layout
        u, size = layout.u, layout.size
        image = _rendered(value, layout.tu(30), INK, True, i18n.language())
        rect = image.get_rect(center=(size[0] // 2, int(size[1] * 0.40)))
        box = rect.inflate(u(60), u(28))
        dialog(surface, box, layout.scale)
        surface.blit(image, rect)

    def dim(self, surface: pygame.Surface) -> None:
        """A veil over the table under a modal panel."""
        veil = pygame.Surface(self.layout.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))

    # --- the plays in front of the seats ------------------------------------------------------
    def _shown_combo(self, seat: int, play: Any) -> Any:
        """The meaning of ``seat``'s play when it is the one its kind was noted for."""
        cards, combo = self.state.play_kinds.get(seat, ((), None))
        return combo if tuple(cards) == tuple(play) else None

    def draw_play(self, surface: pygame.Surface, seat: int, *, ringed: bool = False) -> None:
        state, layout = self.state, self.layout
        play = state.plays.get(seat)
        if play is None:
            return
        if play != PASS_MARK and any(f.seat == seat for f in state.flyers):
            return  # still in the air
        draw_play(
            surface,
            layout.play_spot(seat),
            play,
            height=layout.rects["play_h"],
            scale=layout.scale,
            four_colour=layout.hand.four_colour,
            wild=layout.hand.wild,
            ringed=ringed,
            combo=self._shown_combo(seat, play),
            kind_above=seat == 0,
            min_text=layout.arrangement.min_text,
            reach=layout.rects["reach"].get(seat),
        )

    def play_box(self, seat: int) -> pygame.Rect | None:
        """All that :meth:`draw_play` may cover for ``seat``'s cards (a place that changes
        when they land)."""
        play = self.state.plays.get(seat)
        if play is None or play == PASS_MARK:
            return None
        return self.layout.play_box(seat, play, self._shown_combo(seat, play))
