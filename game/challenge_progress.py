"""The player's progress in the challenges (issue 59): the best stars won on each puzzle.

Kept in ``challenges.json`` in the data folder (``{"version": 1, "games": {game: {puzzle id:
stars}}}``), written atomically after each puzzle met (:func:`game.storage.atomic_write_text`).
A file that cannot be used (not JSON, the wrong shape, too big, not a regular file) is set
aside by :func:`game.storage.read_or_set_aside`, one notice says so, and play goes on with no
progress. Stars only ever go up: a replay that earns fewer keeps the best.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from game import paths, storage

log = logging.getLogger(__name__)

FILE_NAME = "challenges.json"
VERSION = 1
#: The notice shown once when the progress file was set aside, or could not be written.
UNREADABLE_NOTICE = "challenges.progress_unreadable"
NOT_SAVED_NOTICE = "challenges.progress_not_saved"
#: Far more than any player's progress (a few hundred puzzles of 30 bytes).
MAX_BYTES = 256 * 1024

Stars = dict[str, dict[str, int]]


def progress_path() -> Path:
    return paths.data_dir() / FILE_NAME


def _parse(raw: bytes) -> Stars:
    """The file's stars; BadFileError for anything but the shape the module docstring gives."""
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise storage.BadFileError("not a challenges progress file of version 1")
    games = data.get("games")
    if not isinstance(games, dict):
        raise storage.BadFileError("games must be a table")
    found: Stars = {}
    for game, puzzles in games.items():
        if not isinstance(puzzles, dict):
            raise storage.BadFileError(f"the progress of {game!r:.30} must be a table")
        for stars in puzzles.values():
            if not storage.whole(stars, 0, 3):
                raise storage.BadFileError(f"stars must be 0..3, not {stars!r:.20}")
        found[str(game)] = {str(puzzle): int(stars) for puzzle, stars in puzzles.items()}
    return found


@dataclass(frozen=True)
class Summary:
    """One game's progress: puzzles met, puzzles in all, stars won."""

    solved: int
    total: int
    stars: int


class Progress:
    """The stars won per game and puzzle, read once and written on every change."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else progress_path()
        stars, _aside, problem = storage.read_or_set_aside(self.path, _parse, max_bytes=MAX_BYTES)
        if problem is not None:
            storage.notice(UNREADABLE_NOTICE)
        self._stars: Stars = stars or {}

    def stars(self, game: str, puzzle: str) -> int:
        """The best stars won on ``puzzle`` of ``game`` (0: not met yet)."""
        return self._stars.get(game, {}).get(puzzle, 0)

    def summary(self, game: str, ids: list[str]) -> Summary:
        """``game``'s progress over its puzzles ``ids`` (ids no longer in the game left out)."""
        won = [self.stars(game, puzzle) for puzzle in ids]
        return Summary(sum(1 for stars in won if stars > 0), len(ids), sum(won))

    def record(self, game: str, puzzle: str, stars: int) -> bool:
        """Keep ``stars`` for ``puzzle`` when better than its best; True when it was."""
        if not 1 <= stars <= 3 or stars <= self.stars(game, puzzle):
            return False
        self._stars.setdefault(game, {})[puzzle] = stars
        self._write()
        return True

    def _write(self) -> None:
        data = {"version": VERSION, "games": self._stars}
        try:
            storage.atomic_write_text(self.path, json.dumps(data, sort_keys=True, indent=1))
        except OSError as error:
            log.warning("challenge progress not saved: %s", error)
            storage.note_write(NOT_SAVED_NOTICE, False, self.path.parent)
            return
        storage.note_write(NOT_SAVED_NOTICE, True)
