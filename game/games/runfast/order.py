"""Run Fast's hand order (R3.2): 2, A, K … 3; by suit, each suit strongest first."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.cards import Card
from game.table.sorting import SUIT_ORDER, natural


def runfast_strength(card: Card) -> int:
    """R3.2: 2 > A > K > … > 3."""
    return 20 if card.rank == "2" else natural(card.rank)


def runfast_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple[int, ...]]:
    """R3.2 display key: 2, A, K … 3; by suit, each suit strongest first."""

    def key(card: Card) -> tuple[int, ...]:
        strength = runfast_strength(card)
        if by_suit:
            return (SUIT_ORDER[card.suit], -strength)
        return (0, -strength, SUIT_ORDER[card.suit])

    return key
