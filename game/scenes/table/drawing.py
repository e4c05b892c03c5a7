"""Drawing the table: felt, panels, seats, the plays in front of them, the hand, the message
line and the banner (a part of :class:`TableScene`)."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n, text
from game.scenes.table.layout import _rendered, _wrapped
from game.scenes.table.view import PASS_MARK
from game.widgets import cards as card_art
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, felt, panel, shadow


class TableDrawing:
    """What the table scene draws every frame (see the package docstring)."""

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.size = surface.get_size()
            self.scale = min(self.size[0] / 1920, self.size[1] / 1080)
            self._layout()
        elif getattr(self, "_layout_rtl", None) != text.is_rtl():
            self._layout()  # the language changed direction: panels change sides
        frame = self.frame
        surface.blit(felt(self.size), (0, 0))
        self._draw_header(surface, frame)
        self.view.draw_side(surface, frame)
        for seat in range(self.seats):
            self._draw_seat(surface, seat, frame)
        winner = self.view.trick_winner(frame, self.plays)
        for seat in range(self.seats):
            self._draw_play(surface, seat, ringed=seat == winner)
        self.view.draw_center(surface, frame)
        self.hand.enabled = True
        self.hand.draw(surface, show_focus=self.show_focus and self.can_act())
        self._draw_message(surface)
        for button in self.buttons:
            button.draw(surface, self.scale)
        for flyer in self.flyers:
            if flyer.t >= flyer.delay:
                x, y = flyer.pos()
                surface.blit(flyer.image, flyer.image.get_rect(center=(int(x), int(y))))
        if self.banner is not None:
            self._draw_banner(surface, self.banner[0])
        if self.overlay == "chooser":
            self._draw_chooser(surface)
        elif self.overlay == "result":
            self._draw_result(surface)
        elif self.overlay == "last_trick":
            self._draw_last_trick(surface)
        for button in self.overlay_buttons:
            button.draw(surface, self.scale)

    def _text(
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
        image = _rendered(value, self._u(size), tuple(color), bold, i18n.language())
        if max_width is not None and image.get_width() > max_width > 0:
            ratio = max_width / image.get_width()
            image = pygame.transform.smoothscale(
                image, (max_width, max(1, int(image.get_height() * ratio)))
            )
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    def _draw_header(self, surface: pygame.Surface, frame: Any) -> None:
        """The game's header panel (levels and trump, or running totals), top left."""
        rect = self._rects["header"]
        lines = self.view.header_lines(frame)
        if not lines:
            return
        u = self._u
        height = u(22) + len(lines) * u(36)
        box = pygame.Rect(rect.left, rect.top, rect.width, height)
        panel(surface, box, self.scale, alpha=190)
        y = box.top + u(12)
        for label, value, color in lines:
            self._text(
                surface, label, 22, INK_DIM, (box.left + u(18), y), max_width=u(230), within=box
            )
            self._text(
                surface,
                value,
                24,
                color,
                (box.right - u(18), y),
                "topright",
                bold=True,
                max_width=u(170),
                within=box,
            )
            y += u(36)

    def _signed(self, value: int) -> str:
        # format_number puts the sign where a reader of the language expects it (Persian: a
        # left-to-right mark keeps it on the number's left).
        return i18n.format_number(value, signed=True)

    def _draw_seat(self, surface: pygame.Surface, seat: int, frame: Any) -> None:
        """A seat's plate: name, AI badge, cards left, place medal, dealer tag, thinking."""
        u = self._u
        rect = self._rects["seats"][seat]
        rtl = text.is_rtl()
        current = frame.current_player == seat and not frame.is_terminal
        if current:
            glow = rect.inflate(u(10), u(10))
            pygame.draw.rect(surface, BRASS, glow, width=max(2, u(4)), border_radius=u(22))
        panel(surface, rect, self.scale, alpha=205)
        x, y = rect.left + u(18), rect.top + u(10)
        badge_text = None
        if seat != 0 or frame.autoplay:
            badge_text = _rendered(i18n.tr("table.ai_badge"), u(18), INK, True, i18n.language())
        badge_w = badge_text.get_width() + u(16) if badge_text is not None else 0
        # The far end of the name row holds the place medal; the dealer tag sits at the far
        # end of the cards-left row (a long AI badge leaves no room for it by the name).
        dealer_here = self.view.dealer(frame) == seat
        place = self._place_of(seat, frame)
        end_w = u(74) if place else u(18)
        name_rect = self._text(
            surface,
            self._seat_name(seat),
            26,
            BRASS if current else INK,
            (x, y),
            bold=True,
            max_width=rect.width - u(18) - end_w - (badge_w + u(10) if badge_w else 0),
            within=rect,
        )
        if badge_text is not None:
            badge = pygame.Rect(0, y + u(4), badge_w, u(28))
            if rtl:
                badge.right = name_rect.left - u(10)
            else:
                badge.left = name_rect.right + u(10)
            pygame.draw.rect(surface, (66, 110, 150), badge, border_radius=u(8))
            surface.blit(badge_text, badge_text.get_rect(center=badge.center))
        counts = frame.hand_counts
        count = counts[seat] if seat < len(counts) else 0
        shown = count
        if self.time - self.deal_started < self._deal_time():
            shown = int(count * min(1.0, (self.time - self.deal_started) / self._deal_time()))
        self._text(
            surface,
            i18n.tr("table.cards_left", count=shown),
            22,
            INK_DIM,
            (x, y + u(40)),
            within=rect,
            max_width=rect.width - u(36) - (u(112) if dealer_here else 0),
        )
        self._draw_seat_marks(surface, rect, place, dealer_here)
        if current and not frame.human_turn and seat != 0:
            dots = "." * (1 + int(self.time * 3) % 3)
            self._text(
                surface,
                i18n.tr("table.thinking") + dots,
                20,
                BRASS,
                (x, rect.bottom - u(34)),
                within=rect,
                max_width=rect.width - u(150),
            )

    def _draw_seat_marks(
        self, surface: pygame.Surface, rect: pygame.Rect, place: int | None, dealer: bool
    ) -> None:
        """The finishing place medal and the dealer tag at the far end of a seat's plate."""
        u = self._u
        rtl = text.is_rtl()
        if place is not None:
            medal = pygame.Rect(rect.right - u(64), rect.top + u(10), u(50), u(50))
            if rtl:
                medal.left = rect.left + u(14)
            pygame.draw.ellipse(surface, BRASS, medal)
            self._text(
                surface,
                i18n.tr(f"table.place_{place}"),
                20,
                (40, 28, 10),
                medal.center,
                "center",
                bold=True,
                max_width=medal.width - u(4),
            )
        if dealer:
            tag = pygame.Rect(rect.right - u(112), rect.top + u(10) + u(42), u(100), u(28))
            if rtl:
                tag.left = rect.left + u(12)
            pygame.draw.rect(surface, (120, 40, 40), tag, border_radius=u(8))
            self._text(
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

    def _draw_play(self, surface: pygame.Surface, seat: int, *, ringed: bool = False) -> None:
        play = self.plays.get(seat)
        if play is None:
            return
        align, (x, y) = self._rects["plays"][seat]
        if play == PASS_MARK:
            anchor = {"center": "center", "right": "midright", "left": "midleft"}[align]
            self._text(surface, i18n.tr("table.pass_mark"), 30, INK_DIM, (x, y), anchor, bold=True)
            return
        if any(f.seat == seat for f in self.flyers):
            return  # still in the air
        cards = list(play)
        height = self._rects["play_h"]
        rects = self._play_rects(seat, len(cards))
        if ringed:
            # The finished trick stays in view until the next lead: its winner is ringed.
            ring = rects[0].unionall(rects).inflate(self._u(14), self._u(14))
            pygame.draw.rect(
                surface, BRASS, ring, width=max(2, self._u(4)), border_radius=self._u(12)
            )
        for card, rect in zip(cards, rects, strict=True):
            image = card_art.face(
                card, height, self.hand.four_colour, False, False, self._is_wild(card)
            )
            surface.blit(image, rect)

    def _message(self) -> tuple[str, Any] | None:
        frame = self.frame
        if self.notice:
            return self.notice, self.notice_color
        if frame.awaiting_next or frame.is_terminal or self.dealing():
            return None
        if not frame.human_turn:
            seat = frame.current_player
            if seat is None:
                return None
            return i18n.tr("table.waiting_for", name=self._seat_name(seat)), INK_DIM
        if frame.hint_pending:
            return i18n.tr("table.hint_thinking"), INK_DIM
        actions, refusal = self._selection_status()
        if self.hand.selected and refusal:
            return refusal, DANGER
        prompt = self.view.phase_prompt(frame)
        if prompt is not None:
            return prompt
        if frame.pass_action is None and not self.hand.selected:
            if frame.pass_refusal and not frame.leading:
                return frame.pass_refusal, BRASS
        if frame.pass_action is not None and len(frame.options) == 1:
            return i18n.tr("runfast.prompt_must_pass"), BRASS
        return i18n.tr("table.your_turn"), INK

    def _draw_message(self, surface: pygame.Surface) -> None:
        message = self._message()
        if message is None:
            return
        value, color = message
        u = self._u
        limit = self.size[0] - u(760)
        image = _rendered(value, u(24), tuple(color), True, i18n.language())
        if image.get_width() > limit:
            # A long reason wraps onto a second line (growing upwards, clear of the
            # buttons) rather than being squeezed unreadably thin.
            image, width = _wrapped(value, u(24), tuple(color), limit, i18n.language())
            rect = image.get_rect(midbottom=(self.size[0] // 2, self._rects["buttons_y"] - u(8)))
            plate = pygame.Rect(0, 0, min(limit, width) + u(36), rect.height + u(8))
        else:
            rect = image.get_rect(midtop=(self.size[0] // 2, self._rects["message_y"]))
            plate = pygame.Rect(0, 0, rect.width + u(36), rect.height + u(6))
        # A dark plate behind the line keeps every colour readable on the felt.
        plate.center = rect.center
        panel(surface, plate, self.scale, alpha=170, border=(0, 0, 0), radius=14)
        surface.blit(image, rect)

    def _draw_banner(self, surface: pygame.Surface, value: str) -> None:
        u = self._u
        image = _rendered(value, u(30), INK, True, i18n.language())
        rect = image.get_rect(center=(self.size[0] // 2, int(self.size[1] * 0.40)))
        box = rect.inflate(u(60), u(28))
        shadow(surface, box, self.scale)
        panel(surface, box, self.scale, alpha=225, border=BRASS)
        surface.blit(image, rect)

    def _dim(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
