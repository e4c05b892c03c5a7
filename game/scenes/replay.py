"""The replay of one recorded deal (issue 27 item 3), opened from the History screen.

Every hand lies face up where its seat sits at the table (the player at the bottom, the others
right, across and left), and the current trick's plays lie at each seat's play spot as at the
live table (``ReplayDeal.table_plays``: the table's rule), drawn by the table's own code
(``layout.play_spot`` and ``plays.draw_play``); a new lead clears the last trick as in play. Step by action (←/→), by trick or round
(↑/↓), jump to the start or end (Home/End), or play it (Space) at ½, 1, 2 or 4 actions a
second.

**AI review** (button or R): Hard's view of each of the player's decisions
(:mod:`game.history.review`), worked out on a worker thread while the replay keeps drawing,
with a progress bar and a mark per decision on the timeline; each verdict is stored in the
database as it comes, so opening the review again is instant. Closing the replay cancels the
work still running. N jumps to the player's next decision.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, cast

import pygame

from game import i18n, paths, registry, storage, text
from game.history import db as history_db
from game.history import replay, review, review_job, share
from game.rules.cards import Card
from game.scenes.base import Scene
from game.scenes.face_up import draw_face_up_seat, draw_header_rows
from game.scenes.replay_review import ReviewPanel
from game.scenes.table.context import TableContext, TableNames, seat_name
from game.scenes.table.layout import play_spot, seat_sides
from game.scenes.table.plays import draw_play
from game.scenes.table.view import PASS_MARK, view_class
from game.table.frame import TableFrame, still_frame
from game.table.info import PlayKind
from game.table.sorting import sort_hand
from game.widgets.common import (
    BRASS,
    INK,
    Button,
    even_lines,
    felt,
    fmt_number,
    scaled,
)
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.history.database import Database
    from game.services import Services

log = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 2.0, 4.0)


def _keep_review(deal_id: int, verdict: review.Verdict, db: Database) -> None:
    """Keep one reviewed decision beside its deal in the history."""
    db.store_review(deal_id, verdict.ply, verdict.as_data())


class ReplayScene(Scene):
    """One recorded deal at the table, every hand face up (see the module docstring)."""

    title_key = "history.replay_title"
    film = True

    def __init__(self, app: Services, deal: replay.ReplayDeal) -> None:
        super().__init__(app)
        self.deal = deal
        self.seats = registry.get(deal.preset).seats
        self.human_seat = deal.row.human_seat if deal.row is not None else 0
        self.view = view_class(deal.preset)(TableContext(TableNames(self.seats)))
        self.position = 0
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.job: review_job.ReviewJob | None = None
        self.reviewing = False
        self._frames: dict[int, TableFrame] = {}
        self._plays: dict[int, tuple[dict[int, replay.Laid], dict[int, replay.PlayKind]]] = {}
        self._hands: dict[tuple[int, int], list[Card]] = {}
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
            Button("history.review", self.toggle_review, size_px=20),
        ]
        self.play_button, self.speed_button = self.buttons[3], self.buttons[7]
        self.review_button = self.buttons[8]
        if deal.row is not None:
            self.buttons.append(Button("share.export", self.export, size_px=20))
        self.next_decision_button = Button("history.review_next", self.next_decision, size_px=20)
        self.review_panel = ReviewPanel(
            app, deal, self.view, self.text_px, self.next_decision_button
        )
        self.size = (1920, 1080)
        self.scale = 1.0
        self.bar_top = 0

    # --- the deal ------------------------------------------------------------------------
    def frame(self, position: int | None = None) -> TableFrame:
        """The table frame of a position (built once), seen from the player's seat."""
        position = self.position if position is None else position
        frame = self._frames.get(position)
        if frame is None:
            state = self.deal.states[position]
            row = self.deal.row
            totals = None
            if row is not None and row.totals_after is not None:
                totals = tuple(
                    int(t - r) for t, r in zip(row.totals_after, row.returns, strict=True)
                )
            frame = still_frame(
                state,
                self.seats,
                seat=self.human_seat,
                deal_index=row.deal_index if row is not None else 0,
                totals=totals,
            )
            self._frames[position] = frame
        return frame

    def table_plays(
        self, position: int
    ) -> tuple[dict[int, replay.Laid], dict[int, replay.PlayKind]]:
        """The plays lying in front of the seats at ``position``, as the live table laid them
        (``ReplayDeal.table_plays`` with the game view's own rules), kept per position."""
        found = self._plays.get(position)
        if found is None:
            view = self.view
            found = self.deal.table_plays(position, view.laid_by, view.clears_on, view.cuts_on)
            self._plays[position] = found
        return found

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s hand at the position in the game's display order."""
        key = (self.position, seat)
        cards = self._hands.get(key)
        if cards is None:
            state = self.deal.states[self.position]
            order = self.view.hand_order(self.frame())
            cards = sort_hand(list(state.hand(seat)), self.deal.preset, **order)
            if len(self._hands) > 64:
                self._hands.clear()
            self._hands[key] = cards
        return cards

    def export(self) -> None:
        """Write the deal as a small text file in the data folder's ``shared`` folder."""
        row = self.deal.row
        if row is None:  # only a deal kept in the history has the button
            return
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

    # --- stepping --------------------------------------------------------------------------
    def go(self, position: int) -> None:
        self.position = max(0, min(len(self.deal.states) - 1, position))
        self.clock = 0.0

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.position >= len(self.deal.states) - 1:
            self.position = 0

    def cycle_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def next_decision(self) -> None:
        """Jump to the player's next decision (the first again after the last)."""
        plies = self.job.plies if self.job is not None else []
        if plies:
            self.go(next((p for p in plies if p > self.position), plies[0]))

    # --- the AI review ---------------------------------------------------------------------
    def toggle_review(self) -> None:
        self.reviewing = not self.reviewing
        if self.reviewing and self.job is None:
            self.start_review()

    def start_review(self, samples: int = review.SAMPLES) -> None:
        """Begin (or go on with) the review: cached verdicts first, the rest on a thread."""
        cached: dict[int, review.Verdict] = {}
        if self.job is not None:
            cached = dict(self.job.verdicts)
        elif self.deal.row is not None and self.deal.row.id is not None:
            deal_id = self.deal.row.id
            stored = history_db.guarded(lambda d: d.review(deal_id), {}) or {}
            for ply, data in stored.items():
                found = review.Verdict.from_data(ply, data)
                if found is not None:
                    cached[ply] = found
        self.reviewing = True
        self.job = review_job.ReviewJob(self.deal, self.human_seat, cached, samples=samples)
        self.job.start()

    def _store(self, verdicts: list[review.Verdict]) -> None:
        row = self.deal.row
        if row is None or row.id is None:
            return  # an imported deal has no row to keep its review beside
        for item in verdicts:
            history_db.guarded(partial(_keep_review, row.id, item))

    def enter(self) -> None:
        self.relayout()
        if self.job is not None and not self.job.done:
            self.start_review()  # on with the work stopped when the replay was covered

    def leave(self) -> None:
        """Closed or covered: the review's thread stops at its next rollout."""
        if self.job is not None:
            self.job.cancel()
            self._store(self.job.collect())

    def update(self, dt: float) -> None:
        if self.job is not None:
            self._store(self.job.collect())
        if not self.playing:
            return
        self.clock += dt * SPEEDS[self.speed]
        if self.clock >= 1.0:
            self.go(self.position + 1)
            if self.position >= len(self.deal.states) - 1:
                self.playing = False

    # --- layout and input ------------------------------------------------------------------
    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.size, self.scale = (width, height), s
        widths = [max(b.natural_width(s), scaled(100, s)) for b in self.buttons]
        gap, line_h = scaled(8, s), scaled(52, s)
        lines = even_lines(widths, gap, width - scaled(40, s))  # never squeezed words
        y = height - scaled(76, s) - (len(lines) - 1) * (line_h + gap)
        self.bar_top = y
        for line in lines:
            total = sum(widths[i] for i in line) + gap * (len(line) - 1)
            x = width // 2 - total // 2
            for i in reversed(line) if text.is_rtl() else line:
                self.buttons[i].rect = pygame.Rect(x, y, widths[i], line_h)
                x += widths[i] + gap
            y += line_h + gap
        self._layout(width, height, s)

    def _layout(self, width: int, height: int, s: float) -> None:
        """Each seat's box (its name and face-up hand) and play spot, as at the table."""
        top = self.app.topbar_height + scaled(56, s)
        # Two lines of the review at the window's smallest text or more (issue 40).
        review_h = max(scaled(102, s), 2 * text.line_height(self.text_px(20)) + scaled(34, s))
        self.review_box = pygame.Rect(
            scaled(40, s), self.bar_top - scaled(10, s) - review_h, width - scaled(80, s), review_h
        )
        self.play_h = scaled(108, s)
        side_w, side_h = scaled(420, s), scaled(236, s)
        boxes = {
            "bottom": pygame.Rect(
                width // 2 - scaled(640, s),
                self.review_box.top - scaled(176, s),
                scaled(1280, s),
                scaled(166, s),
            ),
            "across": pygame.Rect(
                width // 2 - scaled(560, s), top, scaled(1120, s), scaled(140, s)
            ),
        }
        middle = (top + scaled(140, s) + boxes["bottom"].top) // 2
        boxes["right"] = pygame.Rect(width - scaled(40, s) - side_w, 0, side_w, side_h)
        boxes["left"] = pygame.Rect(scaled(40, s), 0, side_w, side_h)
        boxes["right"].centery = boxes["left"].centery = middle
        u = lambda value: scaled(value, s)  # noqa: E731 - the layout's unit
        self.seat_boxes: dict[int, pygame.Rect] = {}
        self.spots: dict[int, tuple[str, tuple[int, int]]] = {}
        for seat, side in seat_sides(self.seats).items():
            box = boxes[side]
            self.seat_boxes[seat] = box
            spot_box = box.inflate(0, scaled(16, s)) if side == "bottom" else box
            self.spots[seat] = play_spot(side, spot_box, self.play_h, u)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self._live_buttons():
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
            pygame.K_r: self.toggle_review,
            pygame.K_n: self.next_decision,
        }
        action = keys.get(event.key)
        if action is None:
            return False
        action()
        return True

    def _live_buttons(self) -> list[Button]:
        extra = [self.next_decision_button] if self.reviewing and self.job else []
        return [*self.buttons, *extra]

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_film(surface)
        self.draw_over(surface)

    def draw_film(self, surface: pygame.Surface) -> None:
        """The table the film look grades: felt, hands and the plays on it."""
        s = self.app.scale
        if (surface.get_width(), surface.get_height()) != self.size:
            self.relayout()
        width, _ = self.size
        surface.blit(felt(self.app.size, self.app.settings.felt), (0, 0))
        frame = self.frame()
        head = i18n.tr(
            "history.replay_head",
            game=i18n.tr(f"preset.{self.deal.preset}.name"),
            action=fmt_number(self.position),
            actions=fmt_number(len(self.deal.states) - 1),
        )
        image = text.render(head, self.text_px(26), INK, bold=True)
        at = image.get_rect(midtop=(width // 2, self.app.topbar_height + scaled(12, s)))
        surface.blit(image, at)
        said = self.said_here(self.position)
        if said is not None:  # what the table said here (a deal thrown in: issue 55)
            line = text.render(said, self.text_px(24), BRASS, bold=True)
            surface.blit(line, line.get_rect(midtop=(width // 2, at.bottom + scaled(8, s))))
        for seat in range(self.seats):
            self._draw_seat(surface, seat, frame)
        plays, kinds = self.table_plays(self.position)
        plays = {seat: PASS_MARK if play == replay.PASS else play for seat, play in plays.items()}
        winner = self.view.leading_seat(frame, plays)
        for seat, play in plays.items():
            kind = kinds.get(seat)
            if kind is not None and play != PASS_MARK:  # laid as the table lays it
                cards = cast(tuple[Card, ...], play)  # not the pass mark: cards
                play = self.view.play_order(frame, cards, kind[0])
            draw_play(
                surface,
                self.spots[seat],
                play,
                height=self.play_h,
                scale=s,
                four_colour=self._four_colour(),
                wild=lambda card: self.view.is_wild(card, frame),
                ringed=seat == winner and play != PASS_MARK,
                combo=self._tag(frame, play, kinds.get(seat)),
                kind_above=seat == 0,
            )

    def said_here(self, position: int) -> Words | None:
        """What the table said of the rules' own actions that brought the deal to
        ``position`` (the game view's ``said_of``), or None."""
        if position <= 0:
            return None
        before, after = self.deal.states[position - 1].log, self.deal.states[position].log
        for record in after[len(before) :]:
            said = self.view.said_of(record.action) if record.auto else None
            if said is not None:
                return said
        return None

    def _tag(self, frame: TableFrame, play: replay.Laid, kind: replay.PlayKind | None) -> PlayKind:
        """What the tag under a play names, as at the table (the game's ``play_kind``)."""
        if kind is None or play == PASS_MARK:
            return None
        combo, lead = kind
        return self.view.play_kind(frame, lead, cast(tuple[Card, ...], play), combo)

    def over_shown(self) -> bool:
        return True  # the buttons are always over the table

    def draw_over(self, surface: pygame.Surface) -> None:
        """What lies over the graded table, as drawn: the review panel and the buttons."""
        s = self.app.scale
        if self.deal.row is not None:  # an imported deal's place in its match is not known
            self._draw_header(surface)
        if self.reviewing:
            self.review_panel.draw(surface, self.review_box, self.job, self.position)
        self.play_button.label = i18n.tr("history.pause" if self.playing else "history.play")
        self.speed_button.label = i18n.tr(
            "history.speed_value", value=fmt_number(SPEEDS[self.speed])
        )
        self.review_button.style = "primary" if self.reviewing else "secondary"
        for button in self._live_buttons():
            button.draw(surface, s)

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The game's header rows (level and trump, or the running scores), as at the table,
        in a panel at the reading start of the top."""
        s = self.app.scale
        draw_header_rows(
            surface,
            self.view.header_lines(self.frame()),
            top=self.app.topbar_height + scaled(56, s),
            width=self.size[0],
            scale=s,
            text_px=self.text_px,
        )

    def _four_colour(self) -> bool:
        return bool(self.app.settings.four_colour)

    def _draw_seat(self, surface: pygame.Surface, seat: int, frame: TableFrame) -> None:
        """A seat's name (lit on its turn) and its hand face up, in rows as room allows."""
        s = self.app.scale
        box = self.seat_boxes[seat]
        turn = frame.current_player == seat and not frame.is_terminal
        draw_face_up_seat(
            surface,
            box,
            seat_name(seat, self.seats),
            self.hand(seat),
            lit=turn,
            wide=seat == 0 or box.width > scaled(900, s),
            scale=s,
            px=self.text_px(22),
            four_colour=self._four_colour(),
            wild=lambda card: self.view.is_wild(card, frame),
        )
