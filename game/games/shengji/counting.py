"""What Shengji's table counts and offers of a deal: the point cards the attackers have
captured, the points each seat won in tricks (S4.1), and the declarations a hand can make
(S2.3). Pure functions of the rules' records, read by the table view and the result panel."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.games.shengji.rules import ShengjiView, Trick, card_points, declaration_strength
from game.rules.cards import Card


def captured_cards(view: ShengjiView) -> list[Card]:
    """The point cards (5, 10, K: S4.1) in the tricks the attackers have won, in play order;
    their points add up to ``view.attacker_points`` until the kitty is counted."""
    attackers = view.attackers
    if attackers is None:
        return []
    return [
        card
        for trick in view.tricks
        if trick.winner % 2 == attackers
        for _, play in trick.plays
        for card in play
        if card_points(card)
    ]


def seat_points(tricks: Iterable[Trick]) -> dict[int, int]:
    """The points (5, 10, K: S4.1) in the tricks each seat won."""
    won = {seat: 0 for seat in range(4)}
    for trick in tricks:
        won[trick.winner] = won.get(trick.winner, 0) + trick.points
    return won


def declarations(hand: Sequence[Card], level: str) -> list[tuple[Card, ...]]:
    """Every declaration ``hand`` can make whatever stands (S2.3), weakest first."""
    found: dict[tuple[Card, ...], int] = {
        cards: declaration_strength(cards, level)
        for card in dict.fromkeys(hand)
        for cards in ((card,), (card, card))
        if list(hand).count(card) >= len(cards)
    }
    order = {card: i for i, card in enumerate(dict.fromkeys(hand))}
    return sorted(
        (cards for cards, strength in found.items() if strength),
        key=lambda cards: (found[cards], order[cards[0]]),
    )
