"""Dou Dizhu's hooks for the search bot (game/ai/search.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.base import Bot
from game.ai.search import SearchHooks
from game.registry.spec import Reader

if TYPE_CHECKING:  # pragma: no cover
    from game.games.doudizhu.rules.settlement import DoudizhuResult

#: Whether Hard's search draws its samples through the reading (``reader``): off, as it bought
#: Hard nothing at a fixed sample count (docs/doudizhu-notes.md, issue 56, session 7). Normal's
#: end-game search reads whatever this says (bot.py).
HARD_READS = False


def outcome(result: DoudizhuResult, seat: int) -> float:
    """The seat's net settlement (D5.3), in points."""
    return float(result.settlement[seat])


def policy() -> Bot:
    """The rollout policy: Normal without its own end-game search (a search inside every
    rollout would cost far more than it tells)."""
    from game.games.doudizhu.bot import DoudizhuBot

    return DoudizhuBot(endgame=False)


def reader() -> Reader:
    """The samples of a reading search: the hidden hands read from the play (reads.py)."""
    from game.games.doudizhu.reads import HandReader

    return HandReader()


def hooks(reads: bool) -> SearchHooks:
    """The search's hooks; with ``reads`` its samples come through :func:`reader`."""
    return SearchHooks(outcome=outcome, policy=policy, reader=reader if reads else None)


HOOKS = hooks(HARD_READS)
