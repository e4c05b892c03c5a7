"""The history of finished deals (issue 27 item 3) and the replay of one, opened from the title.

The list shows the deals newest first, ten a page (date, game, AI level, result; autoplay and
undo and the deal of the day marked; the deal's decisive play drawn small, issue 54). Opening one replays it (:mod:`game.scenes.replay`). A deal that cannot be
rebuilt (its match's earlier deals are gone) says so on the list and nothing is lost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game import i18n, storage, text
from game.history import db as history_db
from game.history import replay, share
from game.rules.cards import Card, parse_cards
from game.scenes.base import PageScene
from game.scenes.replay import ReplayScene
from game.scenes.table.view import view_class
from game.table.moments import decisive_play
from game.table.summary import DealRow
from game.widgets import cards as card_art
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    Button,
    fmt_number,
    panel,
    scaled,
)
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

PER_PAGE = 10


class RowResult(Protocol):
    """What :func:`result_text` reads of a finished deal (a :class:`DealRow`)."""

    @property
    def returns(self) -> Sequence[float]: ...
    @property
    def human_seat(self) -> int: ...
    @property
    def won(self) -> bool: ...


def stored_id(row: DealRow) -> int:
    """The database id of a row read from it (rows read back always have one)."""
    return cast(int, row.id)


def result_text(row: RowResult) -> str:
    value = row.returns[row.human_seat] if row.returns else 0
    key = "history.won" if row.won else "history.lost"
    # Signed like the table's totals (+44, -12): "Won (3)" did not say it was a gain.
    return i18n.tr(key, value=i18n.format_number(round(value, 1), signed=True))


def row_marks(row: DealRow) -> list[str]:
    """What the row says of how the deal was played: the deal of the day (issue 59), autoplay,
    undo, the coach."""
    marks = [i18n.tr("daily.mark")] if getattr(row, "daily", None) else []
    if row.autoplay:
        marks.append(i18n.tr("history.autoplay"))
    if row.undo_used:
        marks.append(i18n.tr("history.undo"))
    if row.coached:
        marks.append(i18n.tr("history.coached"))
    return marks


class HistoryScene(PageScene):
    """The list of finished deals (see the module docstring)."""

    title_key = "history.title"
    sheet_style = SheetStyle(
        max_width=1500, margin=80, top=24, bottom=24, pad=(64, 48), opaque=False
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.page = 0
        self.rows: list[DealRow] = []
        self.row_rects: list[tuple[pygame.Rect, DealRow]] = []
        self.notice: str | None = None
        self.prev_button = Button("history.newer", self.newer, size_px=22)
        self.next_button = Button("history.older", self.older, size_px=22)
        self.file_button = Button("share.open_file", self.open_picker, size_px=20)
        #: Each row's decisive play (by the deal's id).
        self.decisive: dict[int, tuple[Card, ...]] = {}
        self.load()

    def load(self) -> None:
        self.rows = history_db.guarded(lambda d: d.history(self.page, PER_PAGE), []) or []
        total = history_db.guarded(lambda d: d.count(), 0) or 0
        self.pages = max(1, (total + PER_PAGE - 1) // PER_PAGE)
        self.decisive = {stored_id(row): self._decisive(row) for row in self.rows}

    def _decisive(self, row: DealRow) -> tuple[Card, ...]:
        """The cards of the deal's decisive play (issue 54: a row shows them small), by the
        game's own moments; none when the deal cannot be read."""
        full = history_db.guarded(lambda d: d.deal(stored_id(row)))
        try:
            rules = view_class(row.preset).moments()
            found = decisive_play(full.actions if full is not None else [], rules)
            return tuple(parse_cards(found[1])) if found is not None else ()
        except (KeyError, ValueError):  # a game or cards this build does not know
            return ()

    def newer(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.load()

    def older(self) -> None:
        if self.page + 1 < self.pages:
            self.page += 1
            self.load()

    def _draw_play(self, surface: pygame.Surface, rect: pygame.Rect, cards: Sequence[Card]) -> None:
        """The decisive play's cards, small and fanned, at the row's end side."""
        if not cards:
            return
        height = rect.height - scaled(8, self.app.scale)
        width = card_art.card_size(height)[0]
        step = max(2, min(width * 0.4, (rect.width * 0.14 - width) / max(1, len(cards) - 1)))
        span = int(width + step * (len(cards) - 1))
        x = rect.left + scaled(10, self.app.scale) if text.is_rtl() else rect.right - span - 10
        for index, card in enumerate(cards):
            image = card_art.face(card, height, self.app.settings.four_colour)
            surface.blit(image, (int(x + index * step), rect.centery - height // 2))

    def open(self, row: DealRow) -> None:
        try:
            deal = history_db.guarded(lambda d: replay.load(d, stored_id(row)))
        except ValueError:
            deal = None
        if deal is None:
            self.notice = i18n.tr("history.cannot_replay")
            return
        self.app.stack.push(ReplayScene(self.app, deal))

    def open_picker(self) -> None:
        """Browse for a shared deal's file (the data folder's shared deals, the home folder)."""
        from game.scenes.file_picker import FilePickerScene

        self.app.stack.push(FilePickerScene(self.app, self.import_file))

    def buttons(self) -> list[Button]:
        return [self.prev_button, self.next_button, self.file_button]

    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        page = self.sheet.rect
        w = max(self.file_button.natural_width(s), scaled(160, s))
        self.file_button.rect = pygame.Rect(0, page.top + scaled(28, s), w, scaled(44, s))
        if text.is_rtl():
            self.file_button.rect.left = page.left + scaled(28, s)
        else:
            self.file_button.rect.right = page.right - scaled(28, s)
        y = page.bottom - scaled(100, s)
        # The page label between the two buttons keeps its room (issue 40: zh overlapped).
        widest = i18n.tr("history.page", page=fmt_number(self.pages), pages=fmt_number(self.pages))
        half = max(scaled(90, s), text.size(widest, self.text_px(22))[0] // 2 + scaled(16, s))
        for button, side in ((self.prev_button, -1), (self.next_button, 1)):
            w = max(button.natural_width(s), scaled(180, s))
            button.rect = pygame.Rect(0, y, w, scaled(48, s))
            if text.is_rtl():
                side = -side
            if side < 0:
                button.rect.right = page.centerx - half
            else:
                button.rect.left = page.centerx + half

    def import_file(self, path: str) -> None:
        """Open a shared deal (a file dropped on the window or picked) in the replay viewer."""
        try:
            raw = storage.read_capped(path, share.MAX_BYTES)
            if raw is None:
                raise share.ShareError("share.not_a_deal")
            deal = share.import_deal(raw)
        except storage.BadFileError:
            self.notice = i18n.tr("share.too_large")
            return
        except OSError:
            self.notice = i18n.tr("share.unreadable")
            return
        except share.ShareError as error:
            self.notice = i18n.tr(error.key, **error.params)
            return
        self.notice = None
        self.app.stack.push(ReplayScene(self.app, deal))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.import_file(event.file)
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, row in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.open(row)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            (self.older if event.key == pygame.K_PAGEDOWN else self.newer)()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        inner = self.sheet.inner
        y = self.sheet.heading(surface, i18n.tr("history.title"), s, 8)
        # How to open a shared deal, under the title and wrapped to the page (issue 40: at
        # 800x600 it ran past the page's sides, over its bottom edge).
        hint = text.render(
            i18n.tr("share.drop_hint"),
            self.text_px(20),
            INK_DIM,
            max_width=inner.width,
            align="center",
        )
        surface.blit(hint, hint.get_rect(midtop=(inner.centerx, y)))
        y += hint.get_height() + scaled(16, s)
        self.row_rects = []
        if not self.rows:
            self.sheet.note(surface, i18n.tr("history.empty"), y + scaled(40, s), s)
        row_h = scaled(54, s)
        mouse = pygame.mouse.get_pos()
        for row in self.rows:
            rect = pygame.Rect(inner.left, y, inner.width, row_h - scaled(6, s))
            if rect.collidepoint(mouse):
                panel(surface, rect, s, alpha=120, border=BRASS)
            when = i18n.digits(time.strftime("%Y-%m-%d %H:%M", time.localtime(row.finished_at)))
            marks = row_marks(row)
            cells = [
                (0.0, when, INK_DIM),
                (0.2, i18n.tr(f"preset.{row.preset}.name"), INK),
                (0.42, i18n.tr(f"ai.level.{row.ai_level}"), INK_DIM),
                (0.56, result_text(row), BRASS if row.won else DANGER),
                (0.78, i18n.join(marks), INK_DIM),
            ]
            self._draw_play(surface, rect, self.decisive.get(stored_id(row), ()))
            for start, value, color in cells:
                image = text.render(value, self.text_px(22), color)
                x = inner.left + int(start * inner.width) + scaled(10, s)
                if text.is_rtl():
                    x = inner.right - int(start * inner.width) - scaled(10, s) - image.get_width()
                surface.blit(image, (x, rect.centery - image.get_height() // 2))
            self.row_rects.append((rect, row))
            y += row_h
        page = i18n.tr("history.page", page=fmt_number(self.page + 1), pages=fmt_number(self.pages))
        label = text.render(page, self.text_px(22), INK_DIM)
        surface.blit(label, label.get_rect(center=(inner.centerx, self.prev_button.rect.centery)))
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page + 1 < self.pages
        for button in self.buttons():
            button.draw(surface, s)
        if self.notice:
            note = text.render(self.notice, self.text_px(22), DANGER)
            surface.blit(
                note,
                note.get_rect(midbottom=(inner.centerx, self.prev_button.rect.top - scaled(8, s))),
            )


__all__ = ["HistoryScene", "ReplayScene", "row_marks"]
