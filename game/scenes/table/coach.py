"""The coach's note at the table (issue 41; a mixin of ``TableScene``).

With the coach on (the Game menu: at Easy by default) each of the player's decisions is judged
in the background by :class:`game.history.coach.Coach`; the frame loop only polls it. A note,
when the coach speaks, stands beside the hand (never over a card), says what Hard would play
and why, and goes away at the player's next move, a new deal or an undo. Lessons have no coach.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n, text
from game.history.coach import Advice, Coach
from game.table import info
from game.widgets.common import BRASS, INK, panel

#: Reference width of the note (1920×1080 table).
NOTE_WIDTH = 380


class TableCoach:
    """What the coach adds to the table scene."""

    coach: Coach | None
    coach_note: Advice | None
    #: The coach judged a move of this deal: its history row is marked (like undo).
    coached_deal = False
    #: Whether the coach's review runs in a worker process (tests may use a thread).
    coach_process = True

    def _init_coach(self) -> None:
        self.coach = None
        self.coach_note = None

    def coach_on(self) -> bool:
        """The coach judges this table's moves: on in the settings, not a lesson or autoplay."""
        return (
            self.lesson is None
            and not self.controller.autoplay
            and bool(self.app.settings.coach_on())
        )

    def coach_before(self) -> Any:
        """The position before the player's move, kept when the coach will judge it."""
        return self.controller.state.clone() if self.coach_on() else None

    def coach_moved(self, before: Any) -> None:
        """The player's move from ``before`` was made: the old note goes, a review starts."""
        self.coach_note = None
        if before is None:
            return
        if self.coach is None:
            self.coach = Coach(self.preset, self.controller.human_seat, process=self.coach_process)
        if self.coach.observe(before, self.controller.state.clone(), self.coach_source()):
            self.coached_deal = True  # the deal is marked in the history

    def coach_source(self) -> dict[str, Any] | None:
        """The deal as the review worker rebuilds it (``ReplayDeal.source``), from the table's
        own snapshot: the seed, the house rules, the match's earlier deals (or where the
        session stands) and this deal's actions so far. None for a scripted deal."""
        controller = self.controller
        if controller.scripted:
            return None
        snapshot = controller.snapshot()
        deals = snapshot["deals"]
        source = {
            "preset": controller.preset,
            "options": snapshot.get("options") or None,
            "seed": snapshot["seed"],
            "actions": deals[-1],
            "before": deals[:-1],
        }
        if snapshot.get("start") is not None:
            source["start"] = snapshot["start"]
        return source

    def coach_reset(self) -> None:
        """A new deal or an undo: no note, no review of a position that is gone."""
        self.coach_note = None
        if self.coach is not None:
            self.coach.cancel()

    def coach_update(self) -> None:
        if self.coach is None:
            return
        advice = self.coach.poll()
        if advice is not None and not self.frame.awaiting_next:
            self.coach_note = advice

    def leave(self) -> None:
        self.coach_reset()
        super().leave()  # type: ignore[misc]

    # --- drawing ------------------------------------------------------------------------------
    def coach_lines(self) -> tuple[str, str] | None:
        advice = self.coach_note
        if advice is None:
            return None
        best = advice.best
        label = info.cards_label(best.cards) if best.cards else i18n.tr("coach.pass")
        return (
            i18n.tr("coach.would", action=label),
            i18n.tr(f"coach.why.{advice.why}", **advice.params),
        )

    def coach_rect(self) -> pygame.Rect | None:
        """Beside the hand on its trailing side when there is room, else above the player's
        plate: never over a card, the buttons or the message line."""
        lines = self.coach_lines()
        if lines is None:
            return None
        u = self._u
        width = u(NOTE_WIDTH)
        head, why = self._coach_images(lines, width)
        height = head.get_height() + why.get_height() + u(36)
        positions = self.hand.positions()
        margin = u(30)
        if positions:
            cards = positions[0].unionall(positions)
            room_right = self.size[0] - margin - cards.right
            room_left = cards.left - margin
            rtl = text.is_rtl()
            if (room_left if rtl else room_right) >= width + u(24):
                rect = pygame.Rect(0, 0, width, height)
                rect.centery = cards.centery
                if rtl:
                    rect.right = cards.left - u(24)
                else:
                    rect.left = cards.right + u(24)
                return rect
        plate = self._rects["seats"][0]
        rect = pygame.Rect(plate.left, 0, width, height)
        rect.bottom = plate.top - u(16)
        return rect

    def _coach_images(
        self, lines: tuple[str, str], width: int
    ) -> tuple[pygame.Surface, pygame.Surface]:
        inner = width - self._u(28)
        head = text.render(lines[0], self._tu(20), BRASS, bold=True, max_width=inner)
        why = text.render(lines[1], self._tu(20), INK, max_width=inner)
        return head, why

    def draw_coach(self, surface: pygame.Surface) -> None:
        if self.overlay is not None:
            return
        rect = self.coach_rect()
        lines = self.coach_lines()
        if rect is None or lines is None:
            return
        u = self._u
        head, why = self._coach_images(lines, rect.width)
        panel(surface, rect, self.scale, alpha=225, border=BRASS, radius=14)
        x = rect.left + u(14)
        rtl = text.is_rtl()
        y = rect.top + u(12)
        for image in (head, why):
            at = image.get_rect(topright=(rect.right - u(14), y)) if rtl else (x, y)
            surface.blit(image, at)
            y += image.get_height() + u(8)
