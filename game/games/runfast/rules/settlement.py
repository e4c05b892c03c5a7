"""A Run Fast deal's settlement (R5): what the losers pay the winner for the cards left in
their hands (doubled for a spring, R5.1), the 2 of spades and each bomb held (R5.2), and what
each opponent pays a bomb's bonus (R5.3); the records of each payment and bonus, and the
deal's result with each seat's net points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.games.runfast.rules.combos import SEATS, TWO_SPADES, Combo
from game.games.runfast.rules.responses import held_bombs
from game.rules.cards import Card

BOMB_POINTS = 10
SPADE_TWO_POINTS = 10
BOMB_BONUS_EACH = 10


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a deal (R5): ``payer`` pays ``points`` to ``payee`` for ``reason``
    (``"cards" "spring" "spade_two" "held_bomb" "bomb_bonus"``); ``cards`` are the cards it is
    for (the cards left, the 2 of spades, the held or played bomb)."""

    payer: int
    payee: int
    points: int
    reason: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class BonusEvent:
    """A bomb bonus earned during play (R5.3): ``seat`` earned ``points`` with ``combo``;
    ``play_index`` is the index in ``state.log`` of the bomb's play."""

    seat: int
    combo: Combo
    points: int
    play_index: int


@dataclass(frozen=True, slots=True)
class RunFastResult:
    """Summary of a finished deal: the winner, net points per seat (tuple by seat), every
    payment, and the cards left in each hand."""

    winner: int
    settlement: tuple[int, ...]
    payments: tuple[Payment, ...]
    cards_left: tuple[tuple[Card, ...], ...]
    bonus_events: tuple[BonusEvent, ...]

    def returns(self) -> tuple[float, ...]:
        """Each seat's net points (R5)."""
        return tuple(float(points) for points in self.settlement)


def bonus_payments(seat: int, combo: Combo) -> list[Payment]:
    """The bonus of the bomb ``combo`` that ``seat`` earned (R5.3): each opponent pays it."""
    return [
        Payment(other, seat, BOMB_BONUS_EACH, "bomb_bonus", combo.cards)
        for other in range(SEATS)
        if other != seat
    ]


def hand_payments(
    winner: int, hands: Sequence[Sequence[Card]], has_played: Sequence[bool]
) -> list[Payment]:
    """What each loser pays ``winner`` for its hand (R5.1, R5.2): a point per card left (twice
    when it never played), the 2 of spades, each bomb held."""
    payments: list[Payment] = []
    pay = payments.append
    for seat in range(SEATS):
        if seat == winner:
            continue
        hand = tuple(hands[seat])
        pay(Payment(seat, winner, len(hand), "cards", hand))
        if not has_played[seat]:
            pay(Payment(seat, winner, len(hand), "spring", hand))  # R5.1 doubling
        if TWO_SPADES in hand:
            pay(Payment(seat, winner, SPADE_TWO_POINTS, "spade_two", (TWO_SPADES,)))
        for bomb in held_bombs(hand):
            pay(Payment(seat, winner, BOMB_POINTS, "held_bomb", bomb.cards))
    return payments


def settled(
    winner: int,
    payments: Sequence[Payment],
    hands: Sequence[Sequence[Card]],
    bonus_events: Sequence[BonusEvent],
) -> RunFastResult:
    """The deal's result once ``winner`` went out: every payment netted per seat."""
    net = dict.fromkeys(range(SEATS), 0)
    for payment in payments:
        net[payment.payer] -= payment.points
        net[payment.payee] += payment.points
    return RunFastResult(
        winner=winner,
        settlement=tuple(net[s] for s in range(SEATS)),
        payments=tuple(payments),
        cards_left=tuple(tuple(h) for h in hands),
        bonus_events=tuple(bonus_events),
    )
