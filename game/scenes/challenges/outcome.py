"""A challenge's outcome over its table (issue 59): when the goal is met, its stars growing in
and what they say (all three, or the hints or tries it took), with the next puzzle, Retry and
back; when it failed, that it did, with Retry, Undo and back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import i18n, text
from game.widgets.common import BRASS, INK, INK_DIM, Button, dialog, scaled
from game.widgets.stars import star_row

from .run import PuzzleRun


@dataclass(frozen=True)
class PuzzleMoves:
    """What the panel's buttons do: the next puzzle, retry this one, undo, back to the list."""

    next_puzzle: Callable[[], None]
    retry: Callable[[], None]
    undo: Callable[[], None]
    back: Callable[[], None]


class PuzzleOutcome:
    """The outcome's panel (see the module docstring); ``text_px`` sizes its text."""

    def __init__(self, moves: PuzzleMoves, text_px: Callable[[float], int]) -> None:
        self.text_px = text_px
        self.box = pygame.Rect(0, 0, 0, 0)
        self.met_buttons = [
            Button("challenges.next", moves.next_puzzle, style="primary", size_px=22),
            Button("challenges.retry", moves.retry, size_px=22),
            Button("challenges.back", moves.back, size_px=22),
        ]
        self.failed_buttons = [
            Button("challenges.retry", moves.retry, style="primary", size_px=22),
            Button("table.undo", moves.undo, size_px=22),
            Button("challenges.back", moves.back, size_px=22),
        ]

    def buttons(self, met: bool) -> list[Button]:
        """The buttons of a goal ``met``, else of a failed one."""
        return self.met_buttons if met else self.failed_buttons

    def lay(self, width: int, s: float, goal_bottom: int, bar_top: int) -> None:
        """The panel over the middle of the table between the goal's foot and the top of the
        bar, its buttons in a row at its foot (one above the other when too narrow)."""
        box = pygame.Rect(0, 0, min(width - scaled(40, s), scaled(760, s)), scaled(300, s))
        box.center = (width // 2, (goal_bottom + bar_top) // 2)
        self.box = box
        for buttons in (self.met_buttons, self.failed_buttons):
            widths = [max(b.natural_width(s), scaled(130, s)) for b in buttons]
            gap = scaled(12, s)
            total = sum(widths) + gap * (len(widths) - 1)
            if total > box.width - scaled(24, s):  # one above the other when too narrow
                y = box.bottom - scaled(16, s) - len(buttons) * scaled(56, s)
                box.height = max(box.height, scaled(200, s) + len(buttons) * scaled(56, s))
                box.bottom = min(box.bottom, bar_top - scaled(8, s))
                y = box.bottom - scaled(12, s) - len(buttons) * scaled(56, s)
                for button, w in zip(buttons, widths, strict=True):
                    button.rect = pygame.Rect(
                        0, y, min(w, box.width - scaled(24, s)), scaled(48, s)
                    )
                    button.rect.centerx = box.centerx
                    y += scaled(56, s)
                continue
            x = box.centerx - total // 2
            order = list(zip(buttons, widths, strict=True))
            for button, w in reversed(order) if text.is_rtl() else order:
                button.rect = pygame.Rect(x, box.bottom - scaled(70, s), w, scaled(50, s))
                x += w + gap

    def draw(self, surface: pygame.Surface, s: float, run: PuzzleRun, grown: float | None) -> None:
        """The panel of ``run``'s outcome at the scale ``s``; ``grown``: how far its stars
        have grown in (None: all of them)."""
        box = self.box
        dialog(surface, box, s)
        met = run.outcome() is True
        head = i18n.tr("challenges.solved" if met else "challenges.failed")
        y = box.top + scaled(20, s)
        image = text.render(head, self.text_px(34), BRASS if met else INK, bold=True)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += image.get_height() + scaled(8, s)
        if met:
            stars = star_row(run.stars, 3, self.text_px(52), grown=grown)
            surface.blit(stars, stars.get_rect(midtop=(box.centerx, y)))
            y += stars.get_height() + scaled(4, s)
            said = stars_words(run)
        else:
            said = i18n.tr("challenges.failed_line")
        inner = box.width - scaled(48, s)
        line = text.render(said, self.text_px(20), INK_DIM, max_width=inner, align="center")
        surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
        for button in self.buttons(met):
            button.draw(surface, s)


def stars_words(run: PuzzleRun) -> str:
    """What the stars won say: all three, or how many hints or tries the goal took."""
    if run.stars == 3:
        return i18n.tr("challenges.stars_3")
    key = "challenges.stars_hints" if run.challenge.hints else "challenges.stars_tries"
    return i18n.tr(key, count=run.challenge.tries)
