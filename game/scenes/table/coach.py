"""The coach's note at the table (issue 41; :class:`TableCoach`, held by the table scene).

With the coach on (the Game menu: at Easy by default) each of the player's decisions is judged
in the background by :class:`game.history.coach.Coach`; the frame loop only polls it. A note,
when the coach speaks, stands beside the hand (never over a card), says what Hard would play
and why, and goes away at the player's next move, a new deal or an undo. Lessons have no coach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, text
from game.history.coach import Advice, Coach
from game.scenes.table.geometry import TableLayout
from game.scenes.table.modals import Modals
from game.table import info
from game.table.controller import TableController
from game.widgets.common import BRASS, INK, panel

#: Reference width of the note (1920×1080 table).
NOTE_WIDTH = 380

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class TableCoach:
    """The coach at one table: its reviewer (made at the first judged move), the note it
    shows, and whether it judged a move of this deal."""

    def __init__(
        self,
        app: Services,
        controller: TableController,
        modals: Modals,
        layout: TableLayout,
        *,
        lesson: bool,
    ) -> None:
        self.app = app
        self.controller = controller
        self.modals = modals  # the note hides under a panel
        self.layout = layout
        self.lesson = lesson  # lessons have no coach
        self.reviewer: Coach | None = None
        self.note: Advice | None = None
        #: The coach judged a move of this deal: its history row is marked (like undo).
        self.deal_marked = False
        #: Whether the review runs in a worker process (tests may use a thread).
        self.process = True

    def on(self) -> bool:
        """The coach judges this table's moves: on in the settings, not a lesson or autoplay."""
        return (
            not self.lesson and not self.controller.autoplay and bool(self.app.settings.coach_on())
        )

    def before(self) -> Any:
        """The position before the player's move, kept when the coach will judge it."""
        return self.controller.state.clone() if self.on() else None

    def moved(self, before: Any) -> None:
        """The player's move from ``before`` was made: the old note goes, a review starts."""
        self.note = None
        if before is None:
            return
        controller = self.controller
        if self.reviewer is None:
            self.reviewer = Coach(controller.preset, controller.human_seat, process=self.process)
        if self.reviewer.observe(before, controller.state.clone(), self.source()):
            self.deal_marked = True  # the deal is marked in the history

    def source(self) -> dict[str, Any] | None:
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

    def reset(self) -> None:
        """A new deal or an undo: no note, no review of a position that is gone."""
        self.note = None
        if self.reviewer is not None:
            self.reviewer.cancel()

    def update(self) -> None:
        if self.reviewer is None:
            return
        advice = self.reviewer.poll()
        if advice is not None and not self.controller.frame().awaiting_next:
            self.note = advice

    # --- drawing ------------------------------------------------------------------------------
    def lines(self) -> tuple[str, str] | None:
        advice = self.note
        if advice is None:
            return None
        best = advice.best
        label = info.cards_label(best.cards) if best.cards else i18n.tr("coach.pass")
        return (
            i18n.tr("coach.would", action=label),
            i18n.tr(f"coach.why.{advice.why}", **advice.params),
        )

    def rect(self) -> pygame.Rect | None:
        """Beside the hand on its trailing side when there is room, else above the player's
        plate: never over a card, the buttons or the message line."""
        lines = self.lines()
        if lines is None:
            return None
        layout = self.layout
        u = layout.u
        width = u(NOTE_WIDTH)
        head, why = self._images(lines, width)
        height = head.get_height() + why.get_height() + u(36)
        positions = layout.hand.positions()
        margin = u(30)
        if positions:
            cards = positions[0].unionall(positions)
            room_right = layout.size[0] - margin - cards.right
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
        plate = layout.rects["seats"][0]
        rect = pygame.Rect(plate.left, 0, width, height)
        rect.bottom = plate.top - u(16)
        return rect

    def _images(self, lines: tuple[str, str], width: int) -> tuple[pygame.Surface, pygame.Surface]:
        inner = width - self.layout.u(28)
        tu = self.layout.tu
        head = text.render(lines[0], tu(20), BRASS, bold=True, max_width=inner)
        why = text.render(lines[1], tu(20), INK, max_width=inner)
        return head, why

    def draw(self, surface: pygame.Surface) -> None:
        if self.modals.top is not None:
            return
        rect = self.rect()
        lines = self.lines()
        if rect is None or lines is None:
            return
        u = self.layout.u
        head, why = self._images(lines, rect.width)
        panel(surface, rect, self.layout.scale, alpha=225, border=BRASS, radius=14)
        x = rect.left + u(14)
        rtl = text.is_rtl()
        y = rect.top + u(12)
        for image in (head, why):
            at = image.get_rect(topright=(rect.right - u(14), y)) if rtl else (x, y)
            surface.blit(image, at)
            y += image.get_height() + u(8)
