"""The Challenges screen of one game (issue 59): its puzzles, easiest first, as tiles (the
number, the grade 1–5, the best stars won), every one open; a click or Enter opens one
(:class:`~game.scenes.challenges.puzzle.PuzzleScene`), arrows move (mirrored right to left),
Esc goes back. The game's progress ("7 / 24 ★ 15") stands under the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.ai import puzzles as puzzle_data
from game.challenge_progress import Progress
from game.scenes.base import Scene
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    FocusRing,
    felt,
    fmt_number,
    panel,
    scaled,
)
from game.widgets.stars import star_count, star_row
from game.words import Words

from .puzzle import PuzzleScene

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


def progress_words(progress: Progress, game: str, ids: list[str]) -> Words:
    """A game's puzzles met of all in words, "7 / 24" (the stars won are drawn beside)."""
    summary = progress.summary(game, ids)
    return Words(
        "challenges.progress", solved=fmt_number(summary.solved), total=fmt_number(summary.total)
    )


class PuzzleTile(Button):
    """A puzzle's tile: its number large, its grade and its best stars under it."""

    def __init__(self, scene: ChallengesScene, index: int) -> None:
        super().__init__("challenges.open", lambda: scene.open(index), size_px=22)
        self.scene = scene
        self.index = index
        self.label = Words.later(self._words)

    def _words(self) -> str:
        puzzle = self.scene.puzzles[self.index]
        return i18n.tr(
            "challenges.tile",
            number=fmt_number(self.index + 1),
            grade=fmt_number(puzzle.grade),
        )

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        rect, s = self.rect, scale
        lit = self.hovered or self.focused
        won = self.scene.stars(self.index)
        panel(
            surface, rect, s, alpha=230 if lit else 190, border=BRASS if lit or won else PANEL_LINE
        )
        if self.focused:
            ring = rect.inflate(scaled(8, s), scaled(8, s))
            pygame.draw.rect(surface, INK, ring, max(1, scaled(2, s)), border_radius=scaled(14, s))
        px = self.scene.text_px
        number = text.render(fmt_number(self.index + 1), px(34), INK, bold=True)
        grade = text.render(
            i18n.tr("challenges.grade", grade=fmt_number(self.scene.puzzles[self.index].grade)),
            px(17),
            INK_DIM,
        )
        stars = star_row(won, 3, px(24))
        total = number.get_height() + grade.get_height() + stars.get_height()
        y = rect.centery - total // 2
        for image in (number, grade, stars):
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += image.get_height()


class ChallengesScene(Scene):
    """The puzzles of ``game`` (see the module docstring)."""

    title_key = "challenges.title"

    def __init__(self, app: Services, game: str, progress: Progress | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.progress = progress if progress is not None else Progress()
        self.puzzles = puzzle_data.load(game)
        self.tiles = [PuzzleTile(self, i) for i in range(len(self.puzzles))]
        self.back_button = Button("challenges.back_title", self.go_back, size_px=22)
        self.focus = FocusRing()
        self.columns = 6
        self.threaded = True

    def stars(self, index: int) -> int:
        return self.progress.stars(self.game, self.puzzles[index].id)

    def open(self, index: int) -> None:
        self.app.stack.push(
            PuzzleScene(self.app, self.puzzles, index, self.progress, threaded=self.threaded)
        )

    def go_back(self) -> None:
        self.app.stack.pop()

    def buttons(self) -> list[Button]:
        return [*self.tiles, self.back_button]

    def enter(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        top = self.app.topbar_height + scaled(20, s)
        head = text.line_height(self.text_px(44)) + text.line_height(self.text_px(24))
        back_h = scaled(52, s)
        self.back_button.rect = pygame.Rect(0, 0, self.back_button.natural_width(s), back_h)
        self.back_button.rect.midbottom = (width // 2, height - scaled(16, s))
        area = pygame.Rect(scaled(40, s), top + head + scaled(24, s), width - scaled(80, s), 0)
        area.height = self.back_button.rect.top - scaled(20, s) - area.top
        count = max(1, len(self.tiles))
        self.columns = min(8, count) if width >= height * 1.5 else min(6, count)
        rows = -(-count // self.columns)
        gap = scaled(18, s)
        tile_w = min(scaled(200, s), (area.width - gap * (self.columns - 1)) // self.columns)
        tile_h = min(scaled(170, s), (area.height - gap * (rows - 1)) // rows)
        used_w = self.columns * tile_w + (self.columns - 1) * gap
        left = area.centerx - used_w // 2
        for i, tile in enumerate(self.tiles):
            row, column = divmod(i, self.columns)
            if text.is_rtl():
                column = self.columns - 1 - column
            x = left + column * (tile_w + gap)
            tile.rect = pygame.Rect(x, area.top + row * (tile_h + gap), tile_w, tile_h)
        self.focus.set(self.buttons(), max(0, self.focus.index))

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons():
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = self.columns if event.key == pygame.K_DOWN else -self.columns
            index = self.focus.index + step
            if 0 <= index < len(self.focus.buttons):
                self.focus.move(step)
            return True
        return self.focus.handle_key(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        width, _ = self.app.size
        surface.blit(felt(self.app.size, self.app.settings.felt), (0, 0))
        y = self.app.topbar_height + scaled(20, s)
        name = i18n.tr("challenges.list_title", game=i18n.tr(f"preset.{self.game}.name"))
        image = text.render(name, self.text_px(44), INK, bold=True)
        surface.blit(image, image.get_rect(midtop=(width // 2, y)))
        y += text.line_height(self.text_px(44))
        ids = [puzzle.id for puzzle in self.puzzles]
        said = str(progress_words(self.progress, self.game, ids))
        line = text.render(said, self.text_px(24), BRASS, bold=True)
        won = star_count(self.progress.summary(self.game, ids).stars, self.text_px(24))
        gap = scaled(18, s)
        left = width // 2 - (line.get_width() + gap + won.get_width()) // 2
        first, second = (won, line) if text.is_rtl() else (line, won)
        surface.blit(first, (left, y))
        surface.blit(second, (left + first.get_width() + gap, y))
        for button in self.buttons():
            button.draw(surface, s)
