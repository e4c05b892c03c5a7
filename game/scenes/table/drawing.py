"""Drawing the table (:class:`TableDrawer`): felt, the game's panels, the plays in front of the
seats, the hand, the cards in flight and the banner, from the table's state and layout (the
seats' plates are :mod:`~game.scenes.table.seating`'s, the message line under the hand
:mod:`~game.scenes.table.message`'s; :mod:`~game.scenes.table.picture` lays them in order)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n, text
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import BANNER_Y, PASS_MARK, rendered, wrapped
from game.scenes.table.menu_choices import MenuChoices
from game.scenes.table.pen import TablePen
from game.scenes.table.plays import draw_play
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView, Row
from game.table.frame import TableFrame
from game.widgets.common import INK, INK_DIM, dialog, panel, scaled
from game.widgets.felt import table_felt
from game.widgets.hand import NEW_MARK, HandWidget


@lru_cache(maxsize=16)
def _new_plate(label: str, scale: float, lang: str, px: int) -> pygame.Surface:
    """A received card's tag: its giver in the new-card colour on a small dark plate."""
    image = rendered(label, px, NEW_MARK, True, lang)
    rect = image.get_rect().inflate(scaled(16, scale), scaled(4, scale))
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(plate, plate.get_rect(), scale, alpha=220, border=NEW_MARK, radius=8)
    plate.blit(image, image.get_rect(center=plate.get_rect().center))
    return plate


def header_place(layout: TableLayout, lines: list[Row]) -> tuple[pygame.Rect, int]:
    """The header panel's box for ``lines`` and the step between its rows (the drawer draws
    it; the still picture's parts redraw it, issue 54)."""
    rect = layout.rects["header"]
    u = layout.u
    # Rows of u(36), closer when the seat plate below would be reached (issue 40: Dou
    # Dizhu's five rows ran into it at 800×600), never closer than a line's ink.
    below = [
        seat.top
        for seat in layout.rects["seats"].values()
        if seat.top > rect.top and seat.left < rect.right and seat.right > rect.left
    ]
    room = min(below, default=layout.size[1]) - u(10) - rect.top - u(22)
    ink = max(
        rendered(label, layout.tu(22), INK_DIM, False, i18n.language()).get_bounding_rect().height
        for label, _, _ in lines
    )
    step = max(ink + max(2, u(6)), min(u(36), room // len(lines)))
    return pygame.Rect(rect.left, rect.top, rect.width, u(22) + len(lines) * step), step


class TableDrawer:
    """What the table draws every frame under the film look (see the module docstring)."""

    def __init__(
        self,
        choices: MenuChoices,
        view: GameView,
        state: TableState,
        layout: TableLayout,
        hand: HandWidget,
        pen: TablePen,
    ) -> None:
        """``choices`` gives the cloth's name (read live); ``hand`` the player's
        hand as drawn."""
        self.choices = choices
        self.view = view
        self.state = state
        self.layout = layout
        self.hand = hand
        self.pen = pen
        self.header_box: pygame.Rect | None = None  # the header panel as last drawn

    def _u(self, value: float) -> int:
        return self.layout.u(value)

    def draw_ground(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The felt, the game's header and its side panel."""
        surface.blit(table_felt(self.layout.size, self.choices.felt()), (0, 0))
        # A place drawn again (game/places.py) skips the header it misses: its words and keys
        # were most of a clipped pass's fixed cost (issue 54).
        clip = surface.get_clip()
        column = self.layout.rects["header"]
        if clip.right > column.left and clip.left < column.right and clip.bottom > column.top:
            self._draw_header(surface, frame)
        self.view.draw_side(surface, frame)

    def draw_plays(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Each seat's play in front of it (the one that leads ringed), and what the game
        shows in the middle."""
        leader = self.view.leading_seat(frame, self.state.plays)  # ringed alike in every game
        for seat in range(len(frame.hand_counts)):
            self.draw_play(surface, seat, ringed=seat == leader)
        self.view.draw_center(surface, frame)

    def draw_hand(self, surface: pygame.Surface, frame: TableFrame, can_act: bool) -> None:
        """The player's hand, a received card tagged with its giver."""
        state, hand = self.state, self.hand
        hand.enabled = True
        handing = any(f.hold for f in state.flyers)  # tagged once the card has arrived
        hand.new_tag = self._new_tag(frame) if hand.new and not handing else None
        hand.draw(surface, show_focus=state.show_focus and can_act)

    def draw_air(self, surface: pygame.Surface) -> None:
        """The cards in flight."""
        for flyer in self.state.flyers:
            if flyer.t >= flyer.delay:
                surface.blit(flyer.image, self.layout.flyer_rect(flyer))

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner, when one shows."""
        if self.state.banner is not None:
            self._draw_banner(surface, str(self.state.banner[0]))

    def _new_tag(self, frame: TableFrame) -> pygame.Surface | None:
        """The plate over a received card naming who handed it ("From Left"), or None."""
        giver = self.view.received_from(frame)
        if giver is None:
            return None
        label = i18n.tr("table.received_from", name=self.view.seat_name(giver))
        layout = self.layout
        px = max(layout.arrangement.min_text, layout.u(18))
        return _new_plate(label, layout.scale, i18n.language(), px)

    def _draw_header(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The game's header panel (levels and trump, or running totals), top left."""
        lines = self.view.header_lines(frame)
        if not lines:
            return
        u = self._u
        box, step = header_place(self.layout, lines)
        panel(surface, box, self.layout.scale, alpha=190)
        y = box.top + u(11) + step // 2
        size = self.header_label_size(lines)
        for label, value, color in lines:
            said = self.pen.text(
                surface, label, size, INK_DIM, (box.left + u(18), y), "midleft",
                max_width=u(230), within=box,
            )  # fmt: skip
            # The value has the row's room beside its own label (a short label such as
            # Shengji's "Trump" leaves a long "Not yet declared" its full size).
            self.pen.text(
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

    def header_label_size(self, lines: list[Row]) -> float:
        """One size for every label of the header (issue 55: Japanese "あなたのチーム" was
        narrowed below "相手チーム"): 22 table units, less when the widest label needs it."""
        room = self._u(230)
        widest = max(
            (
                self.pen.line_image(label, 22, INK_DIM, bold=False, max_width=None).get_width()
                for label, _, _ in lines
            ),
            default=0,
        )
        return 22 * min(1.0, room / widest) if widest else 22.0

    def _draw_banner(self, surface: pygame.Surface, value: str) -> None:
        image, rect = self.banner_place(value)
        dialog(surface, self._banner_plate(rect), self.layout.scale)
        surface.blit(image, rect)

    def banner_box(self) -> pygame.Rect | None:
        """Where the banner's plate lies, or None while no banner shows (a ceremony's words
        keep clear of it)."""
        if self.state.banner is None:
            return None
        return self._banner_plate(self.banner_place(str(self.state.banner[0]))[1])

    def _banner_plate(self, words: pygame.Rect) -> pygame.Rect:
        return words.inflate(self.layout.u(60), self.layout.u(28))

    def banner_place(self, value: str) -> tuple[pygame.Surface, pygame.Rect]:
        """The banner's image and place: its sentences one per line, centred on its band
        between the side seats' plates; a line too long for that room wraps; more lines grow
        upwards (the lower edge, which the lesson note keeps clear of, stays where one line's
        is). A Turkish refused tribute ran across both side plates at 1280×720."""
        layout = self.layout
        u, size = layout.u, layout.size
        px, lang = layout.tu(30), i18n.language()
        centre, line = int(size[1] * BANNER_Y), text.line_height(px)
        bottom = centre + line - line // 2
        sentences = value.split("\n")
        count, images = len(sentences), list[pygame.Surface]()
        for _ in range(3):  # the band the lines cover, until the wrapping stops adding lines
            room = self._banner_room(bottom - count * line - u(14))
            images = []
            for sentence in sentences:
                image = rendered(sentence, px, INK, True, lang)
                if image.get_width() > room:
                    image, _width = wrapped(sentence, px, INK, room, lang)
                images.append(image)
            lines = sum(max(1, round(image.get_height() / line)) for image in images)
            if lines <= count:
                break
            count = lines
        if len(images) == 1:
            return images[0], images[0].get_rect(midbottom=(size[0] // 2, bottom))
        width = max(image.get_width() for image in images)
        joined = pygame.Surface((width, sum(i.get_height() for i in images)), pygame.SRCALPHA)
        y = 0
        for image in images:
            joined.blit(image, image.get_rect(midtop=(width // 2, y)))
            y += image.get_height()
        return joined, joined.get_rect(midbottom=(size[0] // 2, bottom))

    def _banner_room(self, top: int) -> int:
        """The banner's widest line: the room between the side seats' plates that reach the
        band from ``top`` down to the banner's lower edge (at least a third of the window)."""
        layout = self.layout
        u, size = layout.u, layout.size
        line = text.line_height(layout.tu(30))
        bottom = int(size[1] * BANNER_Y) + line - line // 2
        band = pygame.Rect(0, top, size[0], bottom + u(14) - top)
        sides = [r for r in layout.rects["seats"].values() if r.colliderect(band)]
        left = max((r.right for r in sides if r.centerx < size[0] // 2), default=0)
        right = min((r.left for r in sides if r.centerx > size[0] // 2), default=size[0])
        room = min(right - size[0] // 2, size[0] // 2 - left) * 2 - u(60) - u(24)
        return max(room, size[0] // 3)

    # --- the plays in front of the seats ------------------------------------------------------
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
            combo=self.state.shown_combo(seat, play),
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
        return self.layout.play_box(seat, play, self.state.shown_combo(seat, play))

    def moving(self, frame: TableFrame) -> list[pygame.Rect]:
        """The places that move: cards in flight, the plays they land on, a thinking seat."""
        layout = self.layout
        moving = [layout.flyer_rect(f) for f in self.state.flyers if f.t >= f.delay]
        # A play is hidden while its cards fly: its place changes when they land.
        for flying in {f.seat for f in self.state.flyers if f.seat is not None}:
            box = self.play_box(flying)
            if box is not None:
                moving.append(box)
        thinking = frame.thinking_seat  # its ring turns (see the drawer); the message names it
        if thinking is not None:
            moving.append(layout.message_area())
            if thinking == frame.current_player and not frame.is_terminal:
                moving.append(layout.ring_rect(thinking))
        return moving
