"""The result panel at the end of a deal or match (issue 26): the headline, one row per player
in a table, each team's level ladder (or Run Fast's running totals) with the deal's move
animated, the game's sentences and the cards a game shows with its result (Shengji's kitty); a match won adds confetti and a
springing headline that any key or click skips.

Everything still is drawn once into one picture per result, size and language (the veil,
shadow, panel, table, sentences, kitty and the ladder's rails); a frame blits it and draws
only what moves. Progress follows the ctx's clock: :meth:`ResultPanel.update` gets each
frame's ``dt``, so tests step it without sleeping.
"""

from __future__ import annotations

from typing import TypedDict

import pygame

from game import i18n, text
from game.rules.cards import Card
from game.scenes.table.context import TableContext
from game.scenes.table.layout import rendered
from game.scenes.table.view import GameView, Row, ShownCards
from game.widgets import cards as card_art
from game.widgets.celebration import Celebration
from game.widgets.common import BRASS, INK_DIM, panel, shadow
from game.widgets.effects import SKIP_FACTOR
from game.widgets.ladder import (
    STOP_PX,
    Ladder,
    Look,
    Motion,
    Track,
    draw_track_motion,
    stop_step,
    track_height,
    track_picture,
)
from game.widgets.result_table import ResultTable, counted, render_table

#: Designed sizes at the 1920×1080 reference.
HEADLINE_PX = 56
HEADLINE_H = 104
SENTENCE_PX = 24
CARDS_H = 96
BUTTONS_H = 130
#: The table's share of the panel's inner width (the ladder takes the rest).
TABLE_SHARE = 0.56
#: Seconds the table's figures take to count up at normal effects speed (issue 54).
COUNT_TIME = 0.8


#: A sentence's image and its value's image (None without one).
Line = tuple[pygame.Surface, pygame.Surface | None]


class Content(TypedDict):
    """What the panel says (the game view's ``result_content``, table and track)."""

    title: str
    sentences: list[Row]
    cards: ShownCards
    table: ResultTable | None
    track: Track | None


class Parts(Content):
    """The panel's content and where each part lies (window coordinates), with the
    sentences as lines of (text, value or None) images."""

    box: pygame.Rect
    table_rect: pygame.Rect
    track_rect: pygame.Rect
    said_rect: pygame.Rect
    cards_rect: pygame.Rect
    lines: list[Line]


class ResultPanel:
    """The result overlay of one table ctx (see the module docstring)."""

    def __init__(self, ctx: TableContext, view: GameView) -> None:
        self.ctx = ctx
        self.view = view
        self.motion = Motion(skip=True)
        self.celebration: Celebration | None = None
        self._still: tuple[tuple[object, ...], pygame.Surface, Parts] | None = None
        #: How far the table's figures have counted up (issue 54; 1: done, as without effects).
        self.counted = 1.0

    # --- flow -------------------------------------------------------------------------------
    def open(self) -> None:
        """The panel appears: the ladder's move starts (skipped at the fastest animation
        speed) and a match won starts its celebration."""
        ctx = self.ctx
        frame = ctx.frame
        factor = ctx.anim_factor()
        self.motion = Motion(skip=factor >= SKIP_FACTOR)
        self.celebration = None
        if self.view.celebrates(frame) and factor < SKIP_FACTOR:  # none at the fastest speed
            self.celebration = Celebration(ctx.size, ctx.scale, seed=frame.deal_index)
        self.counted = 0.0 if ctx.effects_factor() > 0.0 else 1.0
        self._still = None

    def update(self, dt: float) -> None:
        self.motion.update(dt * self.ctx.anim_factor())
        if self.counted < 1.0:  # the figures count up at the effects' speed
            self.counted = min(1.0, self.counted + dt * self.ctx.effects_factor() / COUNT_TIME)
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None

    @property
    def celebrating(self) -> bool:
        return self.celebration is not None

    @property
    def moving(self) -> bool:
        """Whether the panel still changes from frame to frame (the app redraws it)."""
        return self.celebration is not None or not self.motion.done or self.counted < 1.0

    def skip(self) -> None:
        """Straight to the final panel: the confetti gone, every marker at its new place."""
        self.celebration = None
        self.motion.finish()
        self.counted = 1.0

    # --- layout -----------------------------------------------------------------------------
    def content(self) -> Content:
        ctx = self.ctx
        frame = ctx.frame
        title, sentences, cards = self.view.result_content(frame)
        return {
            "title": title,
            "sentences": sentences,
            "cards": cards,
            "table": self.view.result_table(frame),
            "track": self.view.result_track(frame),
        }

    def _sentence_lines(self, sentences: list[Row], width: int) -> list[Line]:
        """Each sentence as ``(image, value image or None)``, wrapped to ``width``."""
        u = self.ctx.u
        size = self.ctx.tu(SENTENCE_PX)
        lines: list[Line] = []
        for row in sentences:
            left, right, colour = row[:3]
            if not left and not right:
                continue
            value = (
                rendered(str(right), size, tuple(colour), True, i18n.language()) if right else None
            )
            room = width - (value.get_width() + u(24) if value is not None else 0)
            image = text.render(str(left), size, colour, max_width=max(u(80), room))
            lines.append((image, value))
        return lines

    def layout(self) -> Parts:
        """Where each part of the panel lies (window coordinates)."""
        ctx = self.ctx
        u = ctx.u
        w, h = ctx.size
        parts = self.content()
        top_bar = int(ctx.topbar_height)
        width = w - 2 * u(36)
        inner = width - 2 * u(36)
        gap = u(40)
        track_part = parts["track"]
        said_w = int(inner * TABLE_SHARE) if track_part is not None else inner
        side_w = (
            inner - said_w - gap
        )  # beside the table: the ladder; beside the sentences: the kitty
        # A narrow window has no room for the ladder beside the table: it goes under it.
        stacked = track_part is not None and not self._fits(track_part, side_w)
        table_w = inner if stacked else said_w
        table_h = parts["table"].height(ctx.scale) if parts["table"] is not None else 0
        track_h = track_height(track_part, self.look()) if track_part is not None else 0
        band = table_h + u(20) + track_h if stacked else max(table_h, track_h)
        lines = self._sentence_lines(parts["sentences"], said_w)
        said_h = sum(image.get_height() + u(6) for image, _ in lines)
        cards_h = u(34) + u(CARDS_H) if parts["cards"] else 0
        below = max(said_h, cards_h)
        if parts["cards"] and track_part is None:
            below = said_h + u(16) + cards_h
        # Without cards, the sentences go under the ladder beside the table when that makes
        # the panel no taller (issue 40: its right half stood empty under the ladder).
        beside = track_part is not None and not stacked and not parts["cards"]
        if beside:
            side_lines = self._sentence_lines(parts["sentences"], side_w)
            side_h = sum(image.get_height() + u(6) for image, _ in side_lines)
            side_band = max(table_h, track_h + u(28) + side_h)
            beside = side_band <= band + u(28) + below
            if beside:
                lines, said_h, band, below = side_lines, side_h, side_band, -u(28)
        height = u(HEADLINE_H) + band + u(28) + below + u(BUTTONS_H)
        height = min(h - top_bar - u(24), max(u(380), height))
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (w // 2, self._top(top_bar, height))
        rtl = text.is_rtl()
        start = box.left + u(36)
        table = pygame.Rect(start, box.top + u(HEADLINE_H), table_w, table_h)
        track = pygame.Rect(start + said_w + gap, table.top, side_w, track_h)
        if stacked:
            track = pygame.Rect(start, table.bottom + u(20), inner, track_h)
        said = pygame.Rect(start, table.top + band + u(28), said_w, said_h)
        if beside:
            said = pygame.Rect(track.left, track.bottom + u(28), side_w, said_h)
        kitty = pygame.Rect(start + said_w + gap, said.top, side_w, cards_h)
        if track_part is None:
            kitty = pygame.Rect(start, said.bottom + u(16), inner, cards_h)
        if rtl:  # the table on the right, the ladder to its left
            for rect in (table, track, said, kitty):
                rect.x = box.left + box.right - rect.right
        return {**parts, "box": box, "table_rect": table, "track_rect": track,
                "said_rect": said, "cards_rect": kitty, "lines": lines}  # fmt: skip

    def _top(self, top_bar: int, height: int) -> int:
        """The panel's top: centred below the top bar, but never with its edge across the
        scoreboard (issue 55) or a seat's plate: else just below the scoreboard, else high
        enough to lie over them whole."""
        ctx = self.ctx
        u = ctx.u
        h = ctx.size[1]
        header = ctx.rect("header")
        rows = len(self.view.header_lines(ctx.frame))
        board = pygame.Rect(header.left, header.top, header.width, u(22) + rows * u(36))
        crossed = [board] if rows else []
        crossed += list(ctx.seat_rects().values())

        def cuts(top: int) -> bool:
            return any(rect.top < top < rect.bottom for rect in crossed)

        centred = top_bar + (h - top_bar - height) // 2
        for top in (centred, board.bottom + u(12)):
            if not cuts(top) and top + height <= h - u(12):
                return top
        return top_bar + u(12)

    def _fits(self, track: Track, width: int) -> bool:
        """Whether ``track`` reads well ``width`` wide (each rank's label within its stop)."""
        if not isinstance(track, Ladder):
            return True
        look = self.look()
        widest = max(text.size(stop, look.px(STOP_PX), bold=True)[0] for stop in track.stops)
        return stop_step(track, width, look) >= widest + look.u(6)

    def look(self) -> Look:
        """How the ladder or totals are drawn at this size and language."""
        ctx = self.ctx
        return Look(ctx.scale, text.is_rtl(), ctx.min_text)

    def rect(self) -> pygame.Rect:
        box: pygame.Rect = self.layout()["box"]
        return box

    def strings(self) -> list[str]:
        """Every text the panel shows (for the checks of what the player reads)."""
        parts = self.content()
        said = [str(part) for row in parts["sentences"] for part in row[:2] if part]
        table, track = parts["table"], parts["track"]
        cells = []
        if table is not None:
            cells = [c.header for c in table.columns] + [v for r in table.rows for v in r.cells]
        labels = [lane.label for lane in track.lanes] if track is not None else []
        labels += list(getattr(track, "stops", ())) + [getattr(track, "title", "")]
        kitty = [parts["cards"][0]] if parts["cards"] else []
        hint = [i18n.tr("result.skip_hint")] if self.celebrating else []
        return [parts["title"], *cells, *said, *[v for v in labels if v], *kitty, *hint]

    # --- drawing ----------------------------------------------------------------------------
    def _still_key(self) -> tuple[object, ...]:
        ctx = self.ctx
        frame = ctx.frame
        return (
            frame.position,
            frame.deal_index,
            frame.match_over,
            ctx.size,
            ctx.scale,
            i18n.language(),
            ctx.four_colour,
            ctx.topbar_height,
            self.counted < 1.0,
        )

    def _draw_still(self) -> tuple[pygame.Surface, Parts]:
        """The veil, panel, table, sentences, kitty and ladder rails, drawn once."""
        ctx = self.ctx
        u = ctx.u
        parts = self.layout()
        picture = pygame.Surface(ctx.size, pygame.SRCALPHA)
        picture.fill((0, 0, 0, 120))
        box = parts["box"]
        shadow(picture, box, ctx.scale)
        panel(picture, box, ctx.scale, alpha=255, border=BRASS)  # nothing shows through
        rtl = text.is_rtl()
        if parts["table"] is not None and self.counted >= 1.0:  # else drawn live, counting
            image = render_table(
                parts["table"], parts["table_rect"].width, ctx.scale, rtl, self.look().min_text
            )
            picture.blit(image, parts["table_rect"])
        if parts["track"] is not None:
            image = track_picture(parts["track"], parts["track_rect"].width, self.look())
            picture.blit(image, parts["track_rect"])
        said = parts["said_rect"]
        y = said.top
        for image, value in parts["lines"]:
            rect = image.get_rect(top=y)
            if rtl:
                rect.right = said.right
            else:
                rect.left = said.left
            picture.blit(image, rect)
            if value is not None:
                end = value.get_rect(top=y)
                if rtl:
                    end.left = said.left
                else:
                    end.right = said.right
                picture.blit(value, end)
            y += image.get_height() + u(6)
        if parts["cards"]:
            self._draw_cards(picture, parts["cards_rect"], parts["cards"])
        return picture, parts

    def _draw_cards(
        self, picture: pygame.Surface, area: pygame.Rect, cards: tuple[str, list[Card]]
    ) -> None:
        ctx = self.ctx
        u = ctx.u
        label, shown = cards
        ctx.text(picture, label, 22, INK_DIM, (area.left, area.top), within=area)
        height = u(CARDS_H)
        card_w = card_art.card_size(height)[0]
        step = min(int(card_w * 0.72), (area.width - card_w) // max(1, len(shown) - 1))
        x = area.left
        if text.is_rtl():  # the kitty starts under its label, on the right
            x = area.right - card_w - step * (len(shown) - 1)
        for card in shown:
            picture.blit(card_art.face(card, height, ctx.four_colour), (x, area.top + u(34)))
            x += step

    def headline_rect(self, box: pygame.Rect, title: str) -> pygame.Rect:
        u = self.ctx.u
        image = rendered(title, self.ctx.tu(HEADLINE_PX), BRASS, True, i18n.language())
        return image.get_rect(midtop=(box.centerx, box.top + u(20)))

    def draw(self, surface: pygame.Surface) -> None:
        key = self._still_key()
        if self._still is None or self._still[0] != key:
            self._still = (key, *self._draw_still())
        _key, picture, parts = self._still
        surface.blit(picture, (0, 0))
        if parts["table"] is not None and self.counted < 1.0:
            share = self.counted
            image = render_table(
                parts["table"], parts["table_rect"].width, self.ctx.scale, text.is_rtl(),
                self.look().min_text, shown=lambda value: counted(value, share),
            )  # fmt: skip
            surface.blit(image, parts["table_rect"])
        if parts["track"] is not None:
            rect = parts["track_rect"]
            draw_track_motion(
                surface, rect.topleft, parts["track"], rect.width, self.look(),
                self.motion.progress,
            )  # fmt: skip
        self._draw_headline(surface, parts["box"], parts["title"])
        if self.celebration is not None:
            self.celebration.draw(surface)
            self._draw_skip_hint(surface, parts["box"])

    def _draw_skip_hint(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """While the confetti flies, under the panel: any key or click skips it."""
        u = self.ctx.u
        image = rendered(
            i18n.tr("result.skip_hint"), self.ctx.tu(20), INK_DIM, False, i18n.language()
        )
        rect = image.get_rect(midtop=(box.centerx, box.bottom + u(12)))
        if rect.bottom <= self.ctx.size[1]:  # only where the window has room for it
            surface.blit(image, rect)

    def _draw_headline(self, surface: pygame.Surface, box: pygame.Rect, title: str) -> None:
        u = self.ctx.u
        room = box.width - u(60)
        image = rendered(title, self.ctx.tu(HEADLINE_PX), BRASS, True, i18n.language())
        k = self.celebration.headline_scale() if self.celebration is not None else 1.0
        fit = min(1.0, room / max(1, image.get_width()))  # a long headline is made smaller
        if k * fit != 1.0:
            size = (
                max(1, int(image.get_width() * k * fit)),
                max(1, int(image.get_height() * k * fit)),
            )
            image = pygame.transform.smoothscale(image, size)
        rect = image.get_rect(center=(box.centerx, box.top + u(20) + u(HEADLINE_PX) * 6 // 10))
        surface.blit(image, rect)
