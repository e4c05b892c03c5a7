"""``normal-nothrow``: today's Shengji Normal that never leads a throw (house rule VS4), though
it follows them: the arena's measure of what throwing is worth (``--a normal --b
normal-nothrow --options throws=true``, docs/ai-notes.md). Unlike the frozen yardsticks it is
not a copy: it is today's bot with ``throws=False``, so the two differ only in throwing."""

from __future__ import annotations

from game.games.shengji.bot import ShengjiBot


class NoThrowBot(ShengjiBot):
    """:class:`ShengjiBot` that never leads a throw."""

    name = "shengji-nothrow"

    def __init__(self, noise: float = 0.0, learned: bool | None = None) -> None:
        super().__init__(noise, learned, throws=False)


YARDSTICK = NoThrowBot
