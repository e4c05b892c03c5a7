"""The table's message line (issue 53: out of the drawer): between the player's played cards and
the buttons, it says the notice, whose bot is thinking, why the selection does not play, the
game's prompt, or "Your turn"."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.scenes.table.context import TableNames
from game.scenes.table.geometry import TableLayout
from game.scenes.table.hand import PlayerHand
from game.scenes.table.layout import rendered, wrapped
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.frame import TableFrame
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, Colour, panel


class MessageLine:
    """The message line of the table's ``state`` (see the module docstring): ``hand`` gives
    the selection's refusal, ``view`` the game's prompt, ``names`` the thinking seat's name;
    ``lesson_waits`` says whether a lesson's note holds the table (the line stays empty)."""

    def __init__(
        self,
        state: TableState,
        hand: PlayerHand,
        view: GameView,
        layout: TableLayout,
        names: TableNames,
        lesson_waits: Callable[[], bool],
    ) -> None:
        self.state = state
        self.hand = hand
        self.view = view
        self.layout = layout
        self.names = names
        self.lesson_waits = lesson_waits

    def message(self, frame: TableFrame) -> tuple[str, Colour] | None:
        """The message line's text and colour, or None: the notice, whose bot thinks, why
        the selection does not play, the game's prompt, or "Your turn"."""
        state, hand = self.state, self.hand
        if state.notice:
            return str(state.notice), state.notice_color
        if frame.awaiting_next or frame.is_terminal or state.dealing() or self.lesson_waits():
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
            return str(refusal), DANGER
        prompt = self.view.phase_prompt(frame)
        if prompt is not None:
            return prompt
        if frame.pass_action is None and not hand.widget.selected:
            if frame.pass_refusal and not frame.leading:
                return str(frame.pass_refusal), BRASS
        if frame.pass_action is not None and len(frame.options) == 1:
            return i18n.tr("table.prompt_must_pass"), BRASS
        return i18n.tr("table.your_turn"), INK

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The line, on a dark plate that keeps every colour readable on the felt."""
        message = self.message(frame)
        if message is None:
            return
        image, rect, plate = self.message_box(*message)
        # A dark plate behind the line keeps every colour readable on the felt.
        panel(surface, plate, self.layout.scale, alpha=170, border=(0, 0, 0), radius=14)
        surface.blit(image, rect)

    def message_box(
        self, value: str, color: Colour
    ) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect]:
        """The message line's image, its place and its plate: between the player's played
        cards and the buttons, never over either (a long reason wraps, then shrinks)."""
        layout = self.layout
        u, size = layout.u, layout.size
        limit = size[0] - u(760)
        bottom = layout.rects["buttons_y"] - u(8)
        top = layout.rects["message_top"]
        px = layout.tu(24)
        image = rendered(value, px, tuple(color), True, i18n.language())
        width = image.get_width()
        if width > limit:
            image, width = wrapped(value, px, tuple(color), limit, i18n.language())
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
