"""Guandan's hand order (G4.3): the wild hearts of the level at the left end, then the bombs
the hand holds (G5.2: the joker bomb, straight flushes, 4 or more of a rank; strongest first,
each one together), then the rest in the chosen order: jokers, the other level cards, then
A … 2, or by suit (jokers and level cards first, then each suit strongest first)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from game.rules.cards import Card
from game.table.sorting import NATURAL, SUIT_ORDER, natural


def guandan_strength(card: Card, level: str) -> int:
    """Single-card strength by G4.3 (higher is stronger); a wild ranks just above the level."""
    if card.rank == "RJ":
        return 100
    if card.rank == "BJ":
        return 99
    if card.rank == level:
        return 98 if card.suit == "H" else 97
    return natural(card.rank)


def guandan_key(
    by_suit: bool, level: str | None, trump_suit: str | None
) -> Callable[[Card], tuple[int, ...]]:
    """G4.3 display key: jokers, wilds and level cards first; by suit, the rest suit by suit."""
    lvl = level or "2"

    def key(card: Card) -> tuple[int, ...]:
        strength = guandan_strength(card, lvl)
        special = strength >= 97
        if by_suit and not special:
            return (1, SUIT_ORDER[card.suit], -strength)
        return (0 if special else 1, 0, -strength, SUIT_ORDER[card.suit])

    return key


#: Straight flush tops, highest first: A (TJQKA) down to 5 (A2345), as indexes of NATURAL.
_FLUSH_TOPS = tuple(range(12, 2, -1))


def _flush_run(top: int, suit: str) -> list[Card]:
    """The five cards of the straight flush ending at ``top`` (the ace is low below a 2)."""
    return [Card(NATURAL[top - i] if top - i >= 0 else "A", suit) for i in range(5)]


def _straight_flushes(cards: list[Card]) -> list[list[Card]]:
    """Straight flushes of five natural cards (G5.1), taken greedily from the highest top;
    each card in at most one."""
    left = Counter(cards)
    found = []
    for top in _FLUSH_TOPS:
        for suit in "SHCD":
            run = _flush_run(top, suit)
            while all(left[card] >= 1 for card in run):
                left.subtract(run)
                found.append(run)
    return found


def guandan_groups(
    cards: Iterable[Card], level: str | None
) -> tuple[list[Card], list[list[Card]], list[Card]]:
    """A hand split for display: its wilds, its bombs (strongest first, G5.2) and the rest.
    The wilds stay out of the bombs: they are shown apart, whatever they could join."""
    lvl = level or "2"
    hand = list(cards)
    wilds = [c for c in hand if c.rank == lvl and c.suit == "H"]
    rest = [c for c in hand if not (c.rank == lvl and c.suit == "H")]
    bombs: list[tuple[tuple[int, int], list[Card]]] = []
    jokers = [c for c in rest if c.suit is None]
    if len(jokers) == 4:  # the joker bomb beats every other bomb
        bombs.append(((99, 0), sorted(jokers, key=lambda c: c.rank != "RJ")))
    by_rank: dict[str, list[Card]] = {}
    for card in rest:
        if card.suit is not None:
            by_rank.setdefault(card.rank, []).append(card)
    for same in by_rank.values():
        if len(same) >= 4:  # more cards beat fewer; a straight flush sits between 5 and 6
            power = len(same) + (1 if len(same) >= 6 else 0)
            same.sort(key=lambda c: SUIT_ORDER[c.suit])
            bombs.append(((power, guandan_strength(same[0], lvl)), same))
    free = Counter(rest) - Counter(card for _power, group in bombs for card in group)
    for run in _straight_flushes(list(free.elements())):
        bombs.append(((6, NATURAL.index(run[0].rank)), run))
    bombs.sort(key=lambda item: item[0], reverse=True)
    groups = [group for _power, group in bombs]
    others = Counter(rest) - Counter(card for group in groups for card in group)
    return wilds, groups, list(others.elements())


def guandan_arrange(
    cards: Iterable[Card], by_suit: bool, level: str | None, trump_suit: str | None
) -> list[Card]:
    """G4.3 display order of a whole hand: the wilds at the left end, then the bombs, then
    the rest in the chosen order (by rank or by suit)."""
    wilds, bombs, others = guandan_groups(cards, level)
    return (
        wilds
        + [card for group in bombs for card in group]
        + sorted(others, key=guandan_key(by_suit, level, trump_suit))
    )
