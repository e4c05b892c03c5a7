"""Dou Dizhu's hand order (D2.2): Red Joker, Black Joker, 2, A, K … 3; by suit, the jokers
first, then each suit strongest first."""

from __future__ import annotations

from collections.abc import Callable

from game.games.doudizhu.rules.combos import rank_value
from game.rules.cards import Card
from game.table.sorting import SUIT_ORDER


def doudizhu_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple[int, ...]]:
    """D2.2 display key, strongest on the left."""

    def key(card: Card) -> tuple[int, ...]:
        strength = rank_value(card.rank)
        if by_suit:
            return (-1 if card.suit is None else SUIT_ORDER[card.suit], -strength)
        return (0, -strength, SUIT_ORDER[card.suit])

    return key
