"""The way into the challenges from the title (issue 59): on the card of each game that has
puzzles, a row with one button, "Challenges 7 / 24 ★ 15" (puzzles met of all, stars won, in
the language's digits), which opens the game's :class:`ChallengesScene`."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai import puzzles as puzzle_data
from game.challenge_progress import Progress
from game.widgets.common import Button, scaled
from game.widgets.stars import StarButton
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

#: The height of the row at a card's foot (1920×1080 reference), its gap above included.
ROW_H = 58


@functools.cache
def puzzle_ids(game: str) -> tuple[str, ...]:
    """The ids of ``game``'s puzzles (read once); none when its file cannot be read."""
    try:
        return tuple(puzzle.id for puzzle in puzzle_data.load(game))
    except Exception:  # a broken puzzle file must never stop the title screen
        log.exception("the puzzles of %s could not be read", game)
        return ()


class ChallengeEntry:
    """The title cards' Challenges buttons: ``buttons`` by game id, for the games with
    puzzles among ``games`` (the title's cards)."""

    def __init__(self, app: Services, games: list[str]) -> None:
        self.app = app
        with_puzzles = set(puzzle_data.games_with_puzzles())
        self.stars: dict[str, int] = {}
        self.buttons: dict[str, Button] = {
            game: StarButton("challenges.entry", self._opener(game), self._stars(game), size_px=20)
            for game in games
            if game in with_puzzles
        }

    def _stars(self, game: str) -> Callable[[], int]:
        return lambda: self.stars.get(game, 0)

    def _opener(self, game: str) -> Callable[[], None]:
        return lambda: self.open(game)

    def open(self, game: str) -> None:
        from game.scenes.challenges.listing import ChallengesScene

        self.app.stack.push(ChallengesScene(self.app, game))

    def refresh(self) -> None:
        """Read the progress again (the title is shown anew) and word each button with it."""
        from game.scenes.challenges.listing import progress_words

        progress = Progress()
        for game, button in self.buttons.items():
            ids = list(puzzle_ids(game))
            said = progress_words(progress, game, ids)
            button.label = Words("challenges.entry", progress=said)
            self.stars[game] = progress.summary(game, ids).stars

    def room(self, game: str, scale: float) -> int:
        """The height a card of ``game`` keeps free at its foot for the row (0: none)."""
        return scaled(ROW_H, scale) if game in self.buttons else 0

    def place(self, game: str, card: pygame.Rect, scale: float) -> None:
        """The button of ``game``'s card at its foot, centred, never wider than the card."""
        button = self.buttons.get(game)
        if button is None:
            return
        width = min(card.width - scaled(24, scale), button.natural_width(scale))
        button.rect = pygame.Rect(0, 0, width, scaled(ROW_H - 12, scale))
        button.rect.midbottom = (card.centerx, card.bottom - scaled(12, scale))
