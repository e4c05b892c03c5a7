"""Dou Dizhu's hooks for the search bot (game/ai/search.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.base import Bot
from game.ai.search import SearchHooks
from game.registry.spec import Reader

if TYPE_CHECKING:  # pragma: no cover
    from game.games.doudizhu.rules.settlement import DoudizhuResult


def outcome(result: DoudizhuResult, seat: int) -> float:
    """The seat's net settlement (D5.3), in points."""
    return float(result.settlement[seat])


def policy() -> Bot:
    """The rollout policy: Normal without its own end-game search (a search inside every
    rollout would cost far more than it tells)."""
    from game.games.doudizhu.bot import DoudizhuBot

    return DoudizhuBot(endgame=False)


def reader() -> Reader:
    """The samples of every Dou Dizhu search: the hidden hands read from the play (reads.py)."""
    from game.games.doudizhu.reads import HandReader

    return HandReader()


HOOKS = SearchHooks(outcome=outcome, policy=policy, reader=reader)
