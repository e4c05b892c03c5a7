"""Sorting the human's hand for display, game-aware (strongest cards on the left).

- Guandan (G4.3): jokers, the wild hearts of the level, the other level cards, then A … 2.
  By suit: jokers, wilds and level cards first, then each suit strongest first.
- Shengji (S3): trumps always grouped on the left (jokers, trump-suit level cards, other level
  cards, trump-suit cards A … 2), then the plain suits; "by rank" orders the plain cards by rank
  across suits instead of suit by suit.
- Run Fast (R3.2): 2, A, K … 3. By suit: each suit strongest first.
Suits are listed in the order spades, hearts, clubs, diamonds so that colours alternate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game import games
from game.rules.cards import Card
from game.rules.shengji import Trump

#: Display order of suits (colours alternate: black, red, black, red).
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, None: 4}
_NATURAL = "23456789TJQKA"


def _natural(rank: str) -> int:
    return _NATURAL.index(rank) if rank in _NATURAL else 13 + ("BJ", "RJ").index(rank)


def guandan_strength(card: Card, level: str) -> int:
    """Single-card strength by G4.3 (higher is stronger); a wild ranks just above the level."""
    if card.rank == "RJ":
        return 100
    if card.rank == "BJ":
        return 99
    if card.rank == level:
        return 98 if card.suit == "H" else 97
    return _natural(card.rank)


def runfast_strength(card: Card) -> int:
    """R3.2: 2 > A > K > … > 3."""
    return 20 if card.rank == "2" else _natural(card.rank)


def guandan_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple]:
    """G4.3 display key: jokers, wilds and level cards first; by suit, the rest suit by suit."""
    lvl = level or "2"

    def key(card: Card) -> tuple:
        strength = guandan_strength(card, lvl)
        special = strength >= 97
        if by_suit and not special:
            return (1, SUIT_ORDER[card.suit], -strength)
        return (0 if special else 1, 0, -strength, SUIT_ORDER[card.suit])

    return key


def shengji_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple]:
    """S3 display key: trumps grouped on the left, then the plain suits; strength is the
    engine's order (``Trump`` steps), so display and rules cannot disagree."""
    trump = Trump.shared(level or "2", trump_suit)

    def key(card: Card) -> tuple:
        step = trump.step(card)
        if trump.is_trump(card):
            return (0, 0, -step, SUIT_ORDER[card.suit])
        if by_suit:
            return (1, SUIT_ORDER[card.suit], -step, 0)
        return (1, 0, -step, SUIT_ORDER[card.suit])

    return key


def runfast_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple]:
    """R3.2 display key: 2, A, K … 3; by suit, each suit strongest first."""

    def key(card: Card) -> tuple:
        strength = runfast_strength(card)
        if by_suit:
            return (SUIT_ORDER[card.suit], -strength)
        return (0, -strength, SUIT_ORDER[card.suit])

    return key


def sort_hand(
    cards: Iterable[Card],
    preset: str,
    *,
    by_suit: bool = False,
    level: str | None = None,
    trump_suit: str | None = None,
) -> list[Card]:
    """``cards`` in display order (left to right) for ``preset`` (its ``GameSpec.sort_key``)."""
    key = games.get(preset).sort_key(by_suit=by_suit, level=level, trump_suit=trump_suit)
    return sorted(cards, key=key)
