"""When the Shengji bot declares trump (S2.3; issue 53: out of :mod:`.bot`): the strength of
the trumps a hand would hold in each suit, a declaration made when it reaches
:data:`DECLARE_THRESHOLD` (more to overcall an opponent), never over the partner, and with
the fewest cards that do the job (pairs kept for overcalls)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.games.shengji.rules import ShengjiView
from game.rules.base import Action
from game.rules.cards import Card

#: Trumps (with bonuses) a hand needs before the bot declares that suit.
DECLARE_THRESHOLD = 11.0
#: An overcall of an opponent needs this much more.
OVERCALL_MARGIN = 2.0


def suit_strength(hand: Sequence[Card], level: str, suit: str | None) -> float:
    """How strongly ``hand`` holds the trumps of ``suit`` (None: no-trump) at ``level``."""
    counts = Counter(hand)
    score = 0.0
    for card, count in counts.items():
        # S3.1/S3.2: jokers, level cards and the named suit are trumps
        if not (card.suit is None or card.rank == level or card.suit == suit):
            continue
        score += count
        if card.suit is None or card.rank == level:
            score += 0.5 * count
        elif card.rank == "A":
            score += 0.3 * count
        if count == 2:
            score += 0.5
    if suit is None:
        # No-trump has few trumps; aces of side suits carry it.
        score += sum(0.6 for c in hand if c.rank == "A" and c.rank != level) + 3.0
    return score


def declare_scores(view: ShengjiView, legal: list[Action]) -> list[tuple[float, Action]]:
    """Each declaration (or pass) scored: above 0 is worth declaring."""
    hand = view.hand
    standing = view.standing
    partner_stands = standing is not None and standing.seat % 2 == view.seat % 2
    threshold = DECLARE_THRESHOLD
    if standing is not None and not partner_stands:
        threshold += OVERCALL_MARGIN
    scored: list[tuple[float, Action]] = []
    for action in legal:
        if action.kind == "pass":
            scored.append((0.0, action))
            continue
        if partner_stands:
            scored.append((-10.0, action))
            continue
        suit = action.cards[0].suit
        strength = suit_strength(hand, view.level, suit)
        # Prefer the weakest declaration that does the job (keeps pairs for overcalls).
        scored.append((strength - threshold - 0.1 * len(action.cards), action))
    return scored
