"""The replay's AI review panel (issue 53: out of the replay scene): how far Hard has judged
the player's decisions, its verdict at the position shown (what it would play instead and how
much that is worth, in the game's outcome unit), and one mark per decision along the deal."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, registry, text
from game.history import replay, review_job
from game.scenes.table.view import GameView
from game.table import info
from game.table.record import ActionData, find_action
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    INK_FAINT,
    Button,
    Colour,
    fmt_number,
    panel,
    scaled,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class ReviewPanel:
    """The review of ``deal`` as the replay shows it (see the module docstring); ``view``
    names its actions and ``next_button`` (the next decision) stands at the panel's end."""

    def __init__(
        self,
        app: Services,
        deal: replay.ReplayDeal,
        view: GameView,
        text_px: Callable[[float], int],
        next_button: Button,
    ) -> None:
        self.app = app
        self.deal = deal
        self.view = view
        self.text_px = text_px
        self.next_button = next_button
        self.position = 0  # the position shown (set by each draw)

    def draw(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        job: review_job.ReviewJob | None,
        position: int,
    ) -> None:
        """The panel in ``box``: the review's progress, its verdict at ``position``, the
        decisions' marks."""
        self.position = position
        s = self.app.scale
        panel(surface, box, s, alpha=215, border=BRASS)
        if job is None:
            return
        done, total = job.progress
        pad = scaled(16, s)
        inner = box.inflate(-2 * pad, -scaled(20, s))
        button = self.next_button
        bw = max(button.natural_width(s), scaled(150, s))
        button.rect = pygame.Rect(0, 0, bw, scaled(44, s))
        button.rect.centery = inner.centery
        if text.is_rtl():
            button.rect.left = inner.left
            inner.left = button.rect.right + pad
        else:
            button.rect.right = inner.right
        inner.width -= bw + pad
        lines = self.lines(job, done, total)
        y = box.top + scaled(6, s)
        line_h = (box.height - scaled(30, s)) // 2
        for value, color in lines:
            image = text.render(value, self.text_px(20), color, bold=color is INK)
            if image.get_height() > line_h:
                ratio = line_h / image.get_height()
                image = pygame.transform.smoothscale(
                    image, (max(1, int(image.get_width() * ratio)), line_h)
                )
            if image.get_width() > inner.width:
                ratio = inner.width / image.get_width()
                image = pygame.transform.smoothscale(
                    image, (inner.width, max(1, int(image.get_height() * ratio)))
                )
            x = inner.right - image.get_width() if text.is_rtl() else inner.left
            surface.blit(image, (x, y))
            y += line_h
        self._draw_timeline(
            surface,
            job,
            pygame.Rect(inner.left, box.bottom - scaled(18, s), inner.width, scaled(10, s)),
        )

    def lines(self, job: review_job.ReviewJob, done: int, total: int) -> list[tuple[str, Colour]]:
        if total == 0:
            return [(i18n.tr("history.review_none"), INK_DIM)]
        progress = i18n.tr(
            "history.review_progress", done=fmt_number(done), total=fmt_number(total), count=total
        )
        if job.failed:
            progress = i18n.tr("history.review_failed")
        verdict = job.verdicts.get(self.position)
        if self.position not in job.plies:
            return [(i18n.tr("history.review_step"), INK), (progress, INK_DIM)]
        if verdict is None:
            return [(i18n.tr("history.review_pending"), INK), (progress, INK_DIM)]
        played, best = verdict.played, verdict.best
        passed = self._is_pass(played)
        if verdict.agrees:
            key = "history.review_agree_pass" if passed else "history.review_agree"
            return [(i18n.tr(key, played=self._action_text(played)), INK), (progress, INK_DIM)]
        # A pass is said as a pass ("You passed."), never "You played Pass." (issue 40).
        key = "history.review_differs" + (
            "_after_pass" if passed else "_to_pass" if self._is_pass(best) else ""
        )
        said = i18n.tr(key, played=self._action_text(played), best=self._action_text(best))
        difference = round(verdict.difference, 2)
        value = i18n.format_number(difference, signed=True)
        unit = registry.get(self.deal.preset).outcome_unit  # the game's own measure (issue 55)
        colour = DANGER if verdict.difference < 0 else BRASS
        estimate = i18n.tr(f"history.review_value_{unit}", value=value, count=difference)
        return [(said, INK), (estimate, colour)]

    def _is_pass(self, data: ActionData) -> bool:
        try:
            return find_action(self.deal.states[self.position], data).kind == "pass"
        except ValueError:
            return False

    def _action_text(self, data: ActionData) -> str:
        state = self.deal.states[self.position]
        try:
            action = find_action(state, data)
        except ValueError:
            return str(data.get("cards", ""))
        if action.kind == "pass":
            return i18n.tr("table.pass")
        if action.kind == "declare":
            return self.view.action_label(action)
        return info.cards_label(action.cards)

    def _draw_timeline(
        self, surface: pygame.Surface, job: review_job.ReviewJob, bar: pygame.Rect
    ) -> None:
        """One mark per decision along the deal (brass: Hard agrees, red: it would play
        otherwise, faint: not reviewed yet) and the position as a line."""
        s = self.app.scale
        pygame.draw.rect(surface, (0, 0, 0), bar, border_radius=scaled(4, s))
        last = max(1, len(self.deal.states) - 1)

        def x_of(ply: int) -> int:
            k = ply / last
            return (
                int(bar.right - k * bar.width) if text.is_rtl() else int(bar.left + k * bar.width)
            )

        for ply in job.plies:
            verdict = job.verdicts.get(ply)
            color = INK_FAINT if verdict is None else (BRASS if verdict.agrees else DANGER)
            pygame.draw.rect(
                surface,
                color,
                pygame.Rect(x_of(ply) - scaled(2, s), bar.top, max(2, scaled(4, s)), bar.height),
            )
        x = x_of(self.position)
        pygame.draw.line(
            surface,
            INK,
            (x, bar.top - scaled(4, s)),
            (x, bar.bottom + scaled(3, s)),
            max(1, scaled(2, s)),
        )
