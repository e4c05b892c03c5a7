"""The card counter (issue 27 item 5): how many cards of each rank the player has not seen.

Seen are the player's own hand, every card played by anyone (``play`` records) and the cards
of the player's own records that left its hand without being played (``gives_away``, named by
each game's table view: Guandan's tribute and return, Shengji's bury). Everything else (the
other hands, a kitty buried by someone else) is not seen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.rules.base import Record
from game.rules.cards import RANKS, Card

#: Display order of the ranks, highest first (jokers above the ace).
RANK_ORDER: tuple[str, ...] = ("RJ", "BJ", *reversed(RANKS))


def unseen_cards(
    pack: Iterable[Card],
    hand: Iterable[Card],
    log: Sequence[Record],
    seat: int,
    gives_away: Iterable[str] = (),
) -> Counter[Card]:
    """The cards of ``pack`` that ``seat`` has not seen (a multiset; never negative)."""
    gives = set(gives_away)
    seen: Counter[Card] = Counter(hand)
    for record in log:
        kind = record.action.kind
        if kind == "play" or (record.seat == seat and kind in gives):
            seen.update(record.action.cards)
    unseen = Counter(pack)
    unseen.subtract(seen)
    return +unseen  # drops zero and (for a malformed log) negative counts


def by_rank(unseen: Counter[Card], pack: Iterable[Card]) -> list[tuple[str, int]]:
    """``(rank, cards not seen)`` for every rank of ``pack``, highest first."""
    ranks = {card.rank for card in pack}
    counts: Counter[str] = Counter()
    for card, number in unseen.items():
        counts[card.rank] += number
    return [(rank, counts[rank]) for rank in RANK_ORDER if rank in ranks]
