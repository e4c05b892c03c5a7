"""How the Shengji bot buries the kitty (S2.7, issue 11).

Candidates void the shortest side suits and fill with the cheapest side cards; each is scored by
the value of what it gives away (aces, kings, pairs, trumps) against the voids it makes, and
points count against it unless the hand holds many high trumps (jokers and level cards, at
least 7 of 15 or more trumps) to win the last trick: then points are "safe". With the learned
evaluation (Normal), each candidate also gets what the hand it leaves is worth (``leaves``: the
best score of its first leads, the dealer leading first).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from game.games.shengji.memory import keep_value
from game.games.shengji.rules import ShengjiView, card_points
from game.rules.base import Action
from game.rules.cards import SUITS, Card

#: Weight of what a burial leaves (the best first lead's learned score) against the heuristic's
#: burial score, with the learned evaluation on (docs/ai-notes.md, issue 42).
BURY_LEAVE_WEIGHT = 1.0


def bury_candidates(
    hand: list[Card], side: dict[str, list[Card]], key: Callable[[Card], tuple[float, int]]
) -> list[list[Card]]:
    """Burials of 8 that void the shortest side suit, or two, filled with the cheapest cards by
    ``key``, and the 8 cheapest cards (S2.7)."""
    by_cost = sorted(hand, key=key)
    candidates: list[list[Card]] = [by_cost[:8]]
    suits = sorted(side, key=lambda s: (len(side[s]), SUITS.index(s)))
    for first in suits:
        for second in [None, *suits]:
            if second == first:
                continue
            chosen = list(side[first]) + (list(side[second]) if second else [])
            if len(chosen) > 8:
                continue
            rest = Counter(hand)
            rest.subtract(chosen)
            fill = sorted(rest.elements(), key=key)
            candidates.append(chosen + fill[: 8 - len(chosen)])
    return candidates


def bury_scores(
    view: ShengjiView,
    rng: random.Random,
    noise: float,
    leaves: Callable[[Action], float] | None,
) -> list[tuple[float, Action]]:
    """Candidate burials with their scores; Gaussian noise of ``noise × 10`` points when
    ``noise`` is set; ``leaves`` (if given) scores the hand each burial leaves."""
    trump = view.trump
    assert trump is not None  # known from the bury on (S2.6)
    hand = list(view.hand)
    counts = Counter(hand)
    high_trumps = sum(
        1 for c in hand if trump.is_trump(c) and trump.step(c) >= 12
    )  # jokers and level cards
    trump_count = sum(1 for c in hand if trump.is_trump(c))
    points_safe = high_trumps >= 7 and trump_count >= 15

    def cost(card: Card) -> float:
        value = keep_value(card, trump) * (3.0 if trump.is_trump(card) else 1.0)
        if counts[card] == 2:
            value += 3.0
        if card_points(card) and not points_safe:
            value += card_points(card) * 0.8
        return value

    side: dict[str, list[Card]] = {}
    for card in hand:
        if not trump.is_trump(card) and card.suit is not None:  # jokers are trumps
            side.setdefault(card.suit, []).append(card)
    candidates = bury_candidates(hand, side, lambda c: (cost(c), trump.sort_key(c)))
    scored: list[tuple[float, Action]] = []
    for cards in candidates:
        left = Counter(hand)
        left.subtract(cards)
        voids = sum(
            1
            for s in side
            if not any(c.suit == s and not trump.is_trump(c) for c in left.elements())
        )
        score = voids * 6.0 - sum(cost(c) for c in cards)
        if noise > 0:
            score += rng.gauss(0.0, noise * 10.0)
        if len(cards) == 8:
            scored.append((score, Action("bury", tuple(trump.sorted(cards)))))
    if leaves is not None and BURY_LEAVE_WEIGHT:
        scored = [(s + BURY_LEAVE_WEIGHT * leaves(a), a) for s, a in scored]
    return scored


__all__ = ["BURY_LEAVE_WEIGHT", "bury_candidates", "bury_scores"]
