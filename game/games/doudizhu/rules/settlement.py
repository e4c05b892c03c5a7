"""How a Dou Dizhu deal settles (D5): spring or anti-spring (D5.2), then one payment between the
landlord and each peasant (D5.3) at the deal's multiplier, VD2's doublings and VD3's cap."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.games.doudizhu.rules.combos import SEATS
from game.rules.cards import Card


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a settled deal (D5.3): ``payer`` pays ``points`` to ``payee``; ``factor``
    is the payment's multiplier (D5.1, D5.2, VD1, VD2 and the VD3 cap) and ``points`` is the
    base times the factor."""

    payer: int
    payee: int
    points: int
    factor: int


@dataclass(frozen=True, slots=True)
class DoudizhuResult:
    """Summary of a finished deal (D5). ``bombs`` counts the bombs and rockets played, ``robs``
    the VD1 robs; ``multiplier`` is ``2 ** (bombs + robs + spring)``; ``doubled`` the VD2
    choice of each seat; ``settlement`` the net points by seat (sum 0)."""

    landlord: int
    winner: int
    base: int
    multiplier: int
    bombs: int
    rockets: int
    robs: int
    spring: str | None
    doubled: tuple[bool, ...]
    payments: tuple[Payment, ...]
    settlement: tuple[int, ...]
    cards_left: tuple[tuple[Card, ...], ...]

    @property
    def landlord_won(self) -> bool:
        return self.winner == self.landlord

    def returns(self) -> tuple[float, ...]:
        """Each seat's net points (D5.3)."""
        return tuple(float(points) for points in self.settlement)


def spring_of(landlord: int, winner: int, plays_made: Sequence[int]) -> str | None:
    """D5.2: ``spring`` when the landlord went out before any peasant played, ``anti_spring``
    when a peasant went out while the landlord had played once, else None."""
    peasants = [s for s in range(SEATS) if s != landlord]
    if winner == landlord and not any(plays_made[p] for p in peasants):
        return "spring"
    if winner != landlord and plays_made[landlord] == 1:
        return "anti_spring"
    return None


def pay(
    landlord: int, winner: int, base: int, multiplier: int, doubled: Sequence[bool], cap: int
) -> tuple[list[Payment], dict[int, int]]:
    """D5.3: the payments between the landlord and each peasant, and the net points by seat
    (``cap``: VD3's most a payment's factor may be, 0 for none)."""
    payments = []
    net = dict.fromkeys(range(SEATS), 0)
    for peasant in (s for s in range(SEATS) if s != landlord):
        factor = multiplier * (1 + doubled[landlord]) * (1 + doubled[peasant])
        factor = min(factor, cap) if cap else factor
        points = base * factor
        payer, payee = (peasant, landlord) if winner == landlord else (landlord, peasant)
        payments.append(Payment(payer, payee, points, factor))
        net[payer] -= points
        net[payee] += points
    return payments, net
