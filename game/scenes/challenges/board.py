"""The table of a challenge (issue 59): every hand face up where its seat sits (the person's
seats as hands they select cards from), the plays of the current trick or round in front of
the seats as the table lays them, and the goal in words in a panel at the top. Drawn with the
table's own pieces (``layout.play_spot``, ``plays.draw_play``, the card faces, the hand widget)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import pygame

from game import i18n, registry, text
from game.history.replay import PASS
from game.rules.cards import Card
from game.scenes.face_up import draw_face_up_seat, draw_seat_box
from game.scenes.table.layout import PASS_MARK, play_spot, seat_sides
from game.scenes.table.plays import draw_play
from game.scenes.table.view import GameView
from game.table import info
from game.table.frame import TableFrame, still_frame
from game.table.sorting import sort_hand
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, panel, scaled
from game.widgets.hand import HandWidget
from game.widgets.stars import star_row

from .run import PuzzleRun


def goal_lines(run: PuzzleRun) -> list[str]:
    """The puzzle's goal in words, in the language of the moment (one sentence a line)."""
    return [i18n.tr(key, **values) for key, values in run.challenge.words()]


@dataclass
class BoardPlaces:
    """Where things are at one window size: the goal panel, each seat's box and play spot,
    the message line's centre and the top of the button rows."""

    goal: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    boxes: dict[int, pygame.Rect] = field(default_factory=dict)
    spots: dict[int, tuple[str, tuple[int, int]]] = field(default_factory=dict)
    message_y: int = 0
    play_h: int = 0


class PuzzleBoard:
    """Lays out and draws a challenge's table for ``run`` (a :class:`PuzzleRun`); the person's
    seats are :class:`HandWidget` s in ``hands``."""

    def __init__(self, run: PuzzleRun, view: GameView, text_px: Callable[[float], int]) -> None:
        self.run = run
        self.view = view
        self.text_px = text_px
        self.seats = registry.get(run.puzzle.game).seats
        self.hands = {seat: HandWidget() for seat in run.challenge.seats}
        self.places = BoardPlaces()
        self.scale = 1.0
        self.four_colour = False
        #: The keyboard's card focus is drawn once the keys have moved it.
        self.show_focus = False
        self._frame: tuple[int, TableFrame] | None = None

    # --- the position --------------------------------------------------------------------
    def frame(self) -> TableFrame:
        """The table frame of the position shown (built once a position)."""
        state = self.run.state
        key = id(state) * 1000 + len(state.log)
        if self._frame is None or self._frame[0] != key:
            self._frame = (key, still_frame(state, self.seats, seat=0))
        return self._frame[1]

    def wild(self, card: Card) -> bool:
        return self.view.is_wild(card, self.frame())

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s hand in the game's display order."""
        order = self.view.hand_order(self.frame())
        return sort_hand(list(self.run.state.hand(seat)), self.run.puzzle.game, **order)

    def sync_hands(self) -> None:
        """The person's hand widgets show their seats' cards now; only the seat to move may
        select (its selection kept while its cards are the same)."""
        mover = self.run.state.current_player if self.run.mine() else None
        for seat, widget in self.hands.items():
            widget.set_cards(self.hand(seat), keep_selection=True)
            widget.enabled = seat == mover
            widget.four_colour = self.four_colour
            widget.wild = self.wild
            if seat != mover:
                widget.clear()

    def mover(self) -> HandWidget | None:
        """The hand widget of the person's seat to move, None when the defence is to move."""
        seat = self.run.state.current_player
        if not self.run.mine() or seat is None:
            return None
        return self.hands.get(seat)

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int], scale: float, top: int, bar_top: int) -> None:
        """The places in a window of ``size`` between the top bar's ``top`` and the button
        rows' ``bar_top``."""
        self.scale = scale

        def u(value: float) -> int:  # the layout's unit
            return scaled(value, scale)

        width, _ = size
        places = BoardPlaces(play_h=u(104))
        places.goal = pygame.Rect(0, top + u(10), min(width - u(40), u(1240)), self._goal_h(width))
        places.goal.centerx = width // 2
        line = text.line_height(self.text_px(24))
        places.message_y = bar_top - u(8) - line // 2
        bottom_h = max(u(200), self.text_px(22) + u(96))
        bottom = pygame.Rect(0, 0, min(width - u(40), u(1280)), bottom_h)
        bottom.midbottom = (width // 2, places.message_y - line // 2 - u(6))
        upper = places.goal.bottom + u(12)
        boxes = {"bottom": bottom}
        if self.seats == 4:
            boxes["across"] = pygame.Rect(0, upper, min(width - u(40), u(900)), u(190))
            boxes["across"].centerx = width // 2
            upper = boxes["across"].bottom
        side_w = min(u(420), (width - u(80)) // 3)
        side_h = min(u(236), max(u(120), bottom.top - upper - u(20)))
        middle = (upper + bottom.top) // 2
        boxes["right"] = pygame.Rect(width - u(20) - side_w, 0, side_w, side_h)
        boxes["left"] = pygame.Rect(u(20), 0, side_w, side_h)
        boxes["right"].centery = boxes["left"].centery = middle
        for seat, side in seat_sides(self.seats).items():
            box = boxes[side]
            places.boxes[seat] = box
            places.spots[seat] = play_spot(side, box, places.play_h, u)
        self.places = places
        for seat, widget in self.hands.items():
            self._lay_hand(widget, places.boxes[seat], seat)

    def _goal_h(self, width: int) -> int:
        s = self.scale
        inner = min(width - scaled(40, s), scaled(1240, s)) - scaled(40, s)
        height = scaled(20, s) + text.line_height(self.text_px(26))
        for line in goal_lines(self.run) + [self._header_text()]:
            if line:
                height += text.render(line, self.text_px(22), INK, max_width=inner).get_height()
        return height + scaled(12, s)

    def _lay_hand(self, widget: HandWidget, box: pygame.Rect, seat: int) -> None:
        s = self.scale
        name_h = self.text_px(22) + scaled(12, s)
        area = box.inflate(-scaled(20, s), 0)
        area.top, area.bottom = box.top + name_h, box.bottom - scaled(8, s)
        raise_room = area.height // 7
        wide = self.one_row(box, len(self.run.puzzle.start().hand(seat)), area.height - raise_room)
        card_h = min(scaled(150, s), (area.height - raise_room) if wide else area.height // 2 + 4)
        widget.layout(area, card_h, rows=1 if wide else 2)

    def one_row(self, box: pygame.Rect, cards: int, card_h: int | None = None) -> bool:
        """Whether ``cards`` cards fit in one row of ``box`` at its full height (``card_h``,
        else the height under the seat's name), each showing at least 40 % of its width."""
        s = self.scale
        if card_h is None:
            card_h = box.height - self.text_px(22) - scaled(24, s)
        width, _ = card_art.card_size(min(scaled(130, s), card_h))
        return width + (cards - 1) * width * 0.4 <= box.width - scaled(20, s)

    def _header_text(self) -> str:
        """The game's header rows (level, trump) as one line: "Level 5 · Trump ♥"."""
        rows = self.view.position_lines(self.frame())
        return "  ·  ".join(f"{label} {value}" for label, value, _colour in rows)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, title: str, best: int) -> None:
        """The goal panel (``title`` and the ``best`` stars won), the seats and the plays."""
        self._draw_goal(surface, title, best)
        frame = self.frame()
        for seat in range(self.seats):
            self._draw_seat(surface, seat, frame)
        self._draw_plays(surface, frame)

    def _draw_goal(self, surface: pygame.Surface, title: str, best: int) -> None:
        s, box = self.scale, self.places.goal
        panel(surface, box, s, alpha=200, border=BRASS)
        inner = box.inflate(-scaled(40, s), 0)
        y = box.top + scaled(10, s)
        head = text.render(title, self.text_px(26), BRASS, bold=True)
        stars = star_row(best, 3, round(head.get_height() * 0.7))
        gap = scaled(14, s)
        width = head.get_width() + gap + stars.get_width()
        left = box.centerx - width // 2
        first, second = (stars, head) if text.is_rtl() else (head, stars)
        surface.blit(first, (left, y + (head.get_height() - first.get_height()) // 2))
        x = left + first.get_width() + gap
        surface.blit(second, (x, y + (head.get_height() - second.get_height()) // 2))
        y += text.line_height(self.text_px(26))
        align = "right" if text.is_rtl() else "left"
        header = self._header_text()
        lines = [(line, INK) for line in goal_lines(self.run)]
        if header:
            lines.append((header, INK_DIM))
        for line, colour in lines:
            image = text.render(line, self.text_px(22), colour, max_width=inner.width, align=align)
            x = inner.right - image.get_width() if text.is_rtl() else inner.left
            surface.blit(image, (x, y))
            y += image.get_height()

    def _draw_seat(self, surface: pygame.Surface, seat: int, frame: TableFrame) -> None:
        s = self.scale
        box = self.places.boxes[seat]
        turn = frame.current_player == seat and self.run.outcome() is None
        name = self.view.seat_title(frame, seat)
        widget = self.hands.get(seat)
        if widget is not None and widget.enabled:  # the person's seat to move
            draw_seat_box(surface, box, name, lit=turn, scale=s, px=self.text_px(22))
            widget.draw(surface, show_focus=self.show_focus)
            return
        hand = self.hand(seat)
        if not hand and self.view.shows_places:  # gone out: its place, as the table's medal
            order = info.finish_order(self.run.state)
            if seat in order:
                name = f"{name} · {i18n.tr(f'table.place_{order.index(seat) + 1}')}"
        draw_face_up_seat(
            surface,
            box,
            name,
            hand,
            lit=turn,
            wide=self.one_row(box, len(hand)),
            scale=s,
            px=self.text_px(22),
            four_colour=self.four_colour,
            wild=self.wild,
        )

    def _draw_plays(self, surface: pygame.Surface, frame: TableFrame) -> None:
        plays, kinds = self.run.table_plays()
        plays = {seat: PASS_MARK if play == PASS else play for seat, play in plays.items()}
        winner = self.view.leading_seat(frame, plays)
        for seat, play in plays.items():
            kind = kinds.get(seat)
            combo = None
            if kind is not None and play != PASS_MARK:
                cards = cast(tuple[Card, ...], play)  # not the pass mark: cards
                play = self.view.play_order(frame, cards, kind[0])
                combo = self.view.play_kind(frame, kind[1], tuple(play), kind[0])
            draw_play(
                surface,
                self.places.spots[seat],
                play,
                height=self.places.play_h,
                scale=self.scale,
                four_colour=self.four_colour,
                wild=self.wild,
                ringed=seat == winner and play != PASS_MARK,
                combo=combo,
                kind_above=seat == 0,
                min_text=self.text_px(0),
            )
