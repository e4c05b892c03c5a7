"""Shengji's hand order (S3): trumps always grouped on the left (jokers, trump-suit level
cards, other level cards, trump-suit cards A … 2), then the plain suits; "by rank" orders the
plain cards by rank across suits instead of suit by suit."""

from __future__ import annotations

from collections.abc import Callable

from game.games.shengji.rules import Trump
from game.rules.cards import Card
from game.table.sorting import SUIT_ORDER


def shengji_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple[int, ...]]:
    """S3 display key: trumps grouped on the left, then the plain suits; strength is the
    engine's order (``Trump`` steps), so display and rules cannot disagree."""
    trump = Trump.shared(level or "2", trump_suit)

    def key(card: Card) -> tuple[int, ...]:
        step = trump.step(card)
        if trump.is_trump(card):
            return (0, 0, -step, SUIT_ORDER[card.suit])
        if by_suit:
            return (1, SUIT_ORDER[card.suit], -step, 0)
        return (1, 0, -step, SUIT_ORDER[card.suit])

    return key
