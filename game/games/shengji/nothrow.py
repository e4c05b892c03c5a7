"""``normal-nothrow``: today's Shengji Normal that never leads a throw (house rule VS4), though it
follows them; the arena's yardstick for what throwing is worth (tools/arena.py, docs/ai-notes.md).
Reachable only from the arena and the tests, never a game level."""

from __future__ import annotations

from game.games.shengji.bot import ShengjiBot


class NoThrowBot(ShengjiBot):
    """:class:`ShengjiBot` with ``throws=False``."""

    name = "shengji-nothrow"

    def __init__(self, noise: float = 0.0, learned: bool | None = None) -> None:
        super().__init__(noise, learned, throws=False)
