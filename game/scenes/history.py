"""The history of finished deals (issue 27 item 3) and the replay of one, opened from the title.

The list shows the deals newest first, ten a page (date, game, AI level, result; autoplay and
undo marked). Opening one replays it with every hand face up: step by action (←/→), by trick or
round (↑/↓), jump to the start or end (Home/End), or play it at a chosen speed (Space; the
speed button cycles ½, 1, 2, 4 actions a second). A deal that cannot be rebuilt (its match's
earlier deals are gone) says so on the list and nothing is lost.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import pygame

from game import games, i18n, paths, storage, text
from game.history import db as history_db
from game.history import replay, share
from game.scenes.base import PageScene, Scene
from game.table import info
from game.widgets import cards as card_art
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    felt,
    fmt_number,
    panel,
    scaled,
)
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

PER_PAGE = 10
SPEEDS = (0.5, 1.0, 2.0, 4.0)


def seat_name(seat: int, seats: int) -> str:
    if seat == 0:
        return i18n.tr("table.seat_you")
    if seats == 4 and seat == 2:
        return i18n.tr("table.seat_partner")
    return i18n.tr("table.seat_right" if seat == 1 else "table.seat_left")


def result_text(row: Any) -> str:
    value = row.returns[row.human_seat] if row.returns else 0
    key = "history.won" if row.won else "history.lost"
    return i18n.tr(key, value=fmt_number(round(value, 1)))


class HistoryScene(PageScene):
    """The list of finished deals (see the module docstring)."""

    title_key = "history.title"
    sheet_style = SheetStyle(
        max_width=1500, margin=80, top=24, bottom=24, pad=(64, 48), opaque=False
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.page = 0
        self.rows: list[Any] = []
        self.row_rects: list[tuple[pygame.Rect, Any]] = []
        self.notice: str | None = None
        self.prev_button = Button("history.newer", self.newer, size_px=22)
        self.next_button = Button("history.older", self.older, size_px=22)
        self.load()

    def load(self) -> None:
        self.rows = history_db.guarded(lambda d: d.history(self.page, PER_PAGE), []) or []
        total = history_db.guarded(lambda d: d.count(), 0) or 0
        self.pages = max(1, (total + PER_PAGE - 1) // PER_PAGE)

    def newer(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.load()

    def older(self) -> None:
        if self.page + 1 < self.pages:
            self.page += 1
            self.load()

    def open(self, row: Any) -> None:
        try:
            deal = history_db.guarded(lambda d: replay.load(d, row.id))
        except ValueError:
            deal = None
        if deal is None:
            self.notice = i18n.tr("history.cannot_replay")
            return
        self.app.stack.push(ReplayScene(self.app, deal))

    def buttons(self) -> list[Button]:
        return [self.prev_button, self.next_button]

    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        page = self.sheet.rect
        y = page.bottom - scaled(100, s)
        for button, side in ((self.prev_button, -1), (self.next_button, 1)):
            w = max(button.natural_width(s), scaled(180, s))
            button.rect = pygame.Rect(0, y, w, scaled(48, s))
            if text.is_rtl():
                side = -side
            if side < 0:
                button.rect.right = page.centerx - scaled(90, s)
            else:
                button.rect.left = page.centerx + scaled(90, s)

    def import_file(self, path: str) -> None:
        """Open a shared deal (a file dropped on the window) in the replay viewer."""
        try:
            raw = storage.read_capped(path, share.MAX_BYTES)
            if raw is None:
                raise share.ShareError("share.not_a_deal")
            preset, states = share.import_text(raw)
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
        self.app.stack.push(ReplayScene(self.app, replay.from_states(preset, states)))

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
        y = self.sheet.heading(surface, i18n.tr("history.title"), s, 24)
        self.row_rects = []
        if not self.rows:
            self.sheet.note(surface, i18n.tr("history.empty"), y + scaled(40, s), s)
        hint = text.render(i18n.tr("share.drop_hint"), scaled(20, s), INK_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(inner.centerx, inner.bottom + scaled(16, s))))
        row_h = scaled(54, s)
        mouse = pygame.mouse.get_pos()
        for row in self.rows:
            rect = pygame.Rect(inner.left, y, inner.width, row_h - scaled(6, s))
            if rect.collidepoint(mouse):
                panel(surface, rect, s, alpha=120, border=BRASS)
            when = i18n.digits(time.strftime("%Y-%m-%d %H:%M", time.localtime(row.finished_at)))
            marks = []
            if row.autoplay:
                marks.append(i18n.tr("history.autoplay"))
            if row.undo_used:
                marks.append(i18n.tr("history.undo"))
            cells = [
                (0.0, when, INK_DIM),
                (0.2, i18n.tr(f"preset.{row.preset}.name"), INK),
                (0.42, i18n.tr(f"ai.level.{row.ai_level}"), INK_DIM),
                (0.56, result_text(row), BRASS if row.won else DANGER),
                (0.78, " · ".join(marks), INK_DIM),
            ]
            for start, value, color in cells:
                image = text.render(value, scaled(22, s), color)
                x = inner.left + int(start * inner.width) + scaled(10, s)
                if text.is_rtl():
                    x = inner.right - int(start * inner.width) - scaled(10, s) - image.get_width()
                surface.blit(image, (x, rect.centery - image.get_height() // 2))
            self.row_rects.append((rect, row))
            y += row_h
        page = i18n.tr("history.page", page=fmt_number(self.page + 1), pages=fmt_number(self.pages))
        label = text.render(page, scaled(22, s), INK_DIM)
        surface.blit(label, label.get_rect(center=(inner.centerx, self.prev_button.rect.centery)))
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page + 1 < self.pages
        for button in self.buttons():
            button.draw(surface, s)
        if self.notice:
            note = text.render(self.notice, scaled(22, s), DANGER)
            surface.blit(
                note,
                note.get_rect(midbottom=(inner.centerx, self.prev_button.rect.top - scaled(8, s))),
            )


class ReplayScene(Scene):
    """One recorded deal, every hand face up (see the module docstring)."""

    title_key = "history.replay_title"

    def __init__(self, app: Services, deal: replay.ReplayDeal) -> None:
        super().__init__(app)
        self.deal = deal
        self.seats = games.get(deal.preset).seats
        self.position = 0
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.buttons = [
            Button("history.to_start", lambda: self.go(0), size_px=20),
            Button(
                "history.prev_round",
                lambda: self.go(deal.previous_round(self.position)),
                size_px=20,
            ),
            Button("history.prev", lambda: self.go(self.position - 1), size_px=20),
            Button("history.play", self.toggle_play, style="primary", size_px=20),
            Button("history.next", lambda: self.go(self.position + 1), size_px=20),
            Button(
                "history.next_round", lambda: self.go(deal.next_round(self.position)), size_px=20
            ),
            Button("history.to_end", lambda: self.go(len(deal.states) - 1), size_px=20),
            Button("history.speed", self.cycle_speed, size_px=20),
        ]
        self.play_button, self.speed_button = self.buttons[3], self.buttons[7]
        if deal.row is not None:
            self.buttons.append(Button("share.export", self.export, size_px=20))

    def export(self) -> None:
        """Write the deal as a small text file in the data folder's ``shared`` folder."""
        row = self.deal.row
        try:
            content = history_db.guarded(lambda d: share.export_text(row, d))
            if content is None:
                raise OSError("the history database cannot be read")
            path = paths.data_dir() / "shared" / f"{row.preset}-{row.id}.txt"
            storage.atomic_write_text(path, content)
        except (OSError, share.ShareError) as error:
            log.warning("deal not exported: %s", error)
            self.app.toast("share.not_exported")
            return
        self.app.toast("share.exported", path=str(path))

    def go(self, position: int) -> None:
        self.position = max(0, min(len(self.deal.states) - 1, position))
        self.clock = 0.0

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.position >= len(self.deal.states) - 1:
            self.position = 0

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.clock += dt * SPEEDS[self.speed]
        if self.clock >= 1.0:
            self.go(self.position + 1)
            if self.position >= len(self.deal.states) - 1:
                self.playing = False

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        widths = [max(b.natural_width(s), scaled(110, s)) for b in self.buttons]
        gap = scaled(10, s)
        x = width // 2 - (sum(widths) + gap * (len(widths) - 1)) // 2
        order = list(zip(self.buttons, widths, strict=True))
        if text.is_rtl():
            order.reverse()
        for button, w in order:
            button.rect = pygame.Rect(x, height - scaled(84, s), w, scaled(52, s))
            x += w + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type != pygame.KEYDOWN:
            return False
        step = -1 if text.is_rtl() else 1
        keys = {
            pygame.K_RIGHT: lambda: self.go(self.position + step),
            pygame.K_LEFT: lambda: self.go(self.position - step),
            pygame.K_DOWN: lambda: self.go(self.deal.next_round(self.position)),
            pygame.K_UP: lambda: self.go(self.deal.previous_round(self.position)),
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(len(self.deal.states) - 1),
            pygame.K_SPACE: self.toggle_play,
        }
        action = keys.get(event.key)
        if action is None:
            return False
        action()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        width, height = self.app.size
        surface.blit(felt(self.app.size), (0, 0))
        state = self.deal.states[self.position]
        top = self.app.topbar_height + scaled(16, s)
        head = i18n.tr(
            "history.replay_head",
            game=i18n.tr(f"preset.{self.deal.preset}.name"),
            action=fmt_number(self.position),
            actions=fmt_number(len(self.deal.states) - 1),
        )
        image = text.render(head, scaled(26, s), INK, bold=True)
        surface.blit(image, image.get_rect(midtop=(width // 2, top)))
        last = {}
        records = [r for r in state.log if not r.auto]
        if records:
            final = records[-1]
            last[final.seat] = final.action
        lane_h = (height - top - scaled(170, s)) // self.seats
        card_h = min(scaled(120, s), lane_h - scaled(40, s))
        for seat in range(self.seats):
            y = top + scaled(52, s) + seat * lane_h
            lane = pygame.Rect(scaled(40, s), y, width - scaled(80, s), lane_h - scaled(10, s))
            turn = state.current_player == seat and not state.is_terminal
            panel(surface, lane, s, alpha=150, border=BRASS if turn else PANEL_LINE)
            name = text.render(seat_name(seat, self.seats), scaled(22, s), INK, bold=True)
            name_x = lane.left + scaled(14, s)
            if text.is_rtl():
                name_x = lane.right - scaled(14, s) - name.get_width()
            surface.blit(name, (name_x, lane.top + scaled(8, s)))
            if seat in last:
                said = last[seat]
                words = info.cards_label(said.cards) if said.cards else i18n.tr("table.pass")
                note = text.render(words, scaled(20, s), BRASS)
                note_x = name_x + name.get_width() + scaled(20, s)
                if text.is_rtl():
                    note_x = name_x - scaled(20, s) - note.get_width()
                surface.blit(note, (note_x, lane.top + scaled(10, s)))
            hand = state.hand(seat)
            if not hand:
                continue
            cw, _ = card_art.card_size(card_h)
            room = lane.width - scaled(28, s) - cw
            step_x = min(cw * 0.55, room / max(1, len(hand) - 1))
            for index, card in enumerate(hand):
                # Cards overlap left to right in every language (as the player's hand).
                x = lane.left + scaled(14, s) + int(index * step_x)
                surface.blit(card_art.face(card, card_h), (x, lane.bottom - card_h - scaled(8, s)))
        self.play_button.label = i18n.tr("history.pause" if self.playing else "history.play")
        self.speed_button.label = i18n.tr(
            "history.speed_value", value=fmt_number(SPEEDS[self.speed])
        )
        for button in self.buttons:
            button.draw(surface, s)
