"""Sorting the human's hand for display (strongest cards on the left).

Each game gives its order in its folder (``game/games/<id>/order.py``, named by the registry's
``sort_key_path`` and ``arrange_path``); this module holds what they share. Suits are listed in
the order spades, hearts, clubs, diamonds so that colours alternate.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from game import registry
from game.rules.cards import Card

#: Display order of suits (colours alternate: black, red, black, red).
SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, None: 4}
NATURAL = "23456789TJQKA"


def natural(rank: str) -> int:
    """A rank's place in 2 … A, then the black and the red joker."""
    return NATURAL.index(rank) if rank in NATURAL else 13 + ("BJ", "RJ").index(rank)


class HandOrder(TypedDict, total=False):
    """What a game's display order of a hand needs besides ``by_suit`` (the level and trump
    suit arguments of ``GameSpec.sort_key``; a game without them gives neither)."""

    level: str | None
    trump_suit: str | None


def sort_hand(
    cards: Iterable[Card],
    preset: str,
    *,
    by_suit: bool = False,
    level: str | None = None,
    trump_suit: str | None = None,
) -> list[Card]:
    """``cards`` in display order (left to right) for ``preset`` (its ``GameSpec.arrange``)."""
    return registry.get(preset).arrange(cards, by_suit=by_suit, level=level, trump_suit=trump_suit)
