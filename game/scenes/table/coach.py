"""The coach's note at the table (issue 41; :class:`TableCoach`, held by the table scene).

With the coach on (the Game menu: at Easy by default) each of the player's decisions is judged
in the background by :class:`game.history.coach.Coach`; the frame loop only polls it. The note
speaks of the move just made, never of the position now (issue 55, M4: "Hard would play J♠"
read as advice while J♠ could not beat the 2♠ on the table): "Instead of K♦ you could have
played J♠:" and one line of why, beside that play. The table waits for the verdict a moment
(:data:`WAIT`) so the note comes right after the move; it goes when the play leaves the table,
at the player's next move, a new deal or an undo. Lessons have no coach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.history.coach import Advice, Coach
from game.history.replay import DealSource
from game.rules.base import Action, DealState
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import PASS_MARK
from game.scenes.table.modals import Modals
from game.scenes.table.state import TableState
from game.table import info
from game.table.controller import TableController
from game.widgets.common import BRASS, INK, panel

#: Reference width of the note (1920×1080 table).
NOTE_WIDTH = 380
#: The longest the table waits (seconds of table time) for the verdict on the player's move,
#: so that a note comes right after it; a later verdict still shows while the play lies there.
WAIT = 2.5

if TYPE_CHECKING:  # pragma: no cover
    from game.services import SettingsReader


def _passes(action: Action) -> bool:
    """A pass, or a bid or doubling of nothing (Dou Dizhu's "no bid")."""
    return action.kind == "pass" or (not action.cards and not getattr(action, "value", 1))


class TableCoach:
    """The coach at one table: its reviewer (made at the first judged move), the move under
    review and the note it shows, and whether it judged a move of this deal. ``label`` words
    an action without cards (a bid, a declaration)."""

    def __init__(
        self,
        app: SettingsReader,
        controller: TableController,
        modals: Modals,
        state: TableState,
        layout: TableLayout,
        *,
        lesson: bool,
        label: Callable[[Action], str],
    ) -> None:
        self.app = app
        self.controller = controller
        self.modals = modals  # the note hides under a panel
        self.state = state  # the plays on the table: the note stands beside the player's
        self.layout = layout
        self.lesson = lesson  # lessons have no coach
        self.label = label
        self.reviewer: Coach | None = None
        self.note: Advice | None = None
        #: The player's move under review (and that the note speaks of), and when it was made.
        self.played: Action | None = None
        self.asked_at: float | None = None
        #: Whether the review runs in a worker process (tests may use a thread).
        self.process = True

    def on(self) -> bool:
        """The coach judges this table's moves: on in the settings, not a lesson or autoplay."""
        return (
            not self.lesson and not self.controller.autoplay and bool(self.app.settings.coach_on())
        )

    def before(self) -> DealState | None:
        """The position before the player's move, kept when the coach will judge it."""
        return self.controller.state.clone() if self.on() else None

    def moved(self, before: DealState | None) -> None:
        """The player's move from ``before`` was made: the old note goes, a review starts."""
        self.note, self.played, self.asked_at = None, None, None
        if before is None:
            return
        controller = self.controller
        if self.reviewer is None:
            self.reviewer = Coach(controller.preset, controller.human_seat, process=self.process)
        if self.reviewer.observe(before, controller.state.clone(), self.source()):
            controller.coached = True  # the deal's history row is marked (like undo)
            seat = controller.human_seat
            made = [r for r in controller.state.log if r.seat == seat and not r.auto]
            self.played = made[-1].action if made else None
            self.asked_at = self.state.time

    def source(self) -> DealSource | None:
        """The deal as the review worker rebuilds it (``ReplayDeal.source``), from the table's
        own snapshot: the seed, the house rules, the match's earlier deals (or where the
        session stands) and this deal's actions so far. None for a scripted deal."""
        controller = self.controller
        if controller.scripted:
            return None
        snapshot = controller.snapshot()
        deals = snapshot["deals"]
        source: DealSource = {
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
        self.note, self.played, self.asked_at = None, None, None
        if self.reviewer is not None:
            self.reviewer.cancel()

    def holds(self) -> bool:
        """The table waits for the verdict on the player's move (at most :data:`WAIT`), so
        its note comes right after the move, before the others play on."""
        if self.reviewer is None or not self.reviewer.busy or self.asked_at is None:
            return False
        return self.state.time - self.asked_at < WAIT

    def update(self) -> None:
        if self.reviewer is not None:
            advice = self.reviewer.poll()
            if advice is not None and not self.controller.frame().awaiting_next:
                self.note = advice
        if self.note is not None and not self._on_table():
            self.note = None  # its play left the table: a note now would read as advice

    def _on_table(self) -> bool:
        """The move the note speaks of still lies in front of the player (a move that lays
        nothing, a bid or a declaration, until the next move)."""
        played = self.played
        if played is None:
            return False
        if played.kind not in ("play", "pass"):
            return True
        shown = self.state.plays.get(self.controller.human_seat)
        if played.kind == "pass":
            return shown == PASS_MARK
        return shown is not None and shown != PASS_MARK and tuple(shown) == tuple(played.cards)

    # --- drawing ------------------------------------------------------------------------------
    def _name(self, action: Action) -> str:
        return info.cards_label(action.cards) if action.cards else self.label(action)

    def lines(self) -> tuple[str, str] | None:
        """ "Instead of K♦ you could have played J♠:" and why, or None without a note."""
        advice, played = self.note, self.played
        if advice is None or played is None:
            return None
        best = advice.best
        if _passes(played) and not _passes(best):
            head = i18n.tr("coach.instead_of_pass", best=self._name(best))
        elif _passes(best) and not _passes(played):
            head = i18n.tr("coach.instead_pass", played=self._name(played))
        else:
            head = i18n.tr("coach.instead", played=self._name(played), best=self._name(best))
        params = dict(advice.params)
        why = i18n.tr(f"coach.why.{advice.why}", count=params.get("value"), **params)
        return head, why

    def rect(self) -> pygame.Rect | None:
        """Beside the player's play on its trailing side when there is room (the leading side
        else), else above the player's plate: never over a card, the buttons or the line."""
        lines = self.lines()
        if lines is None:
            return None
        layout = self.layout
        u = layout.u
        width = u(NOTE_WIDTH)
        head, why = self._images(lines, width)
        rect = pygame.Rect(0, 0, width, head.get_height() + why.get_height() + u(36))
        seat = self.controller.human_seat
        play = self.state.plays.get(seat)
        margin, gap = u(30), u(24)
        if play is not None and play != PASS_MARK:
            box = layout.play_box(seat, play)
        else:
            box = pygame.Rect(0, 0, u(140), u(60))
            box.center = layout.play_spot(seat)[1]
        rtl = text.is_rtl()
        room_end = box.left - margin if rtl else layout.size[0] - margin - box.right
        room_start = layout.size[0] - margin - box.right if rtl else box.left - margin
        rect.bottom = min(box.centery + rect.height // 2, layout.rects["message_top"] - u(6))
        for end, room in ((True, room_end), (False, room_start)):
            if room >= width + gap:
                if end != rtl:
                    rect.left = box.right + gap
                else:
                    rect.right = box.left - gap
                return rect
        plate = layout.rects["seats"][seat]
        rect.left, rect.bottom = plate.left, plate.top - u(16)
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
        panel(surface, rect, self.layout.scale, alpha=255, border=BRASS, radius=14)
        x = rect.left + u(14)
        rtl = text.is_rtl()
        y = rect.top + u(12)
        for image in (head, why):
            at = image.get_rect(topright=(rect.right - u(14), y)) if rtl else (x, y)
            surface.blit(image, at)
            y += image.get_height() + u(8)
