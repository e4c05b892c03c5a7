"""A hand's strength in Dou Dizhu (issue 56): the points it can expect from a deal, learned from
self-play, for the bidding (D2.3, VD1) and the doubling (VD2).

:func:`expected` maps a hand's features (the hand plan's plays and cost, its control cards and
sure winners, its size against the other hands', the seat's role: a bidder whose kitty is still
unknown, the landlord with the kitty taken, a peasant after or before the landlord) to the
points per base point the seat can expect (D5.3; the landlord's count double), by a small
network trained on deals in which each seat in turn was made the landlord and Normal played
every seat (``tools/train_doudizhu_strength.py``; how it was calibrated: docs/doudizhu-notes.md).

:func:`bid_strength` is a bidder's view (the kitty unknown): how many points per base point the
hand expects as the landlord. :func:`bid_for` is the bid Normal makes with it where no bid
stands yet; the lesson's claims about strong and weak hands are tested against it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ai.value_net import ValueNet, load
from game.games.doudizhu.plan import hand_cost, split
from game.games.doudizhu.rules.combos import counts_of
from game.games.doudizhu.value import FULL, bomb_threats, can_beat
from game.rules.cards import Card

_TWO, _BJ, _RJ, _ACE, _KING = 12, 13, 14, 11, 10
#: The roles the network tells apart.
BIDDER, LANDLORD, NEXT, BEFORE = "bidder", "landlord", "next", "before"

FEATURES = (
    "cards",  # cards held / 20
    "plays",  # plays the plan needs / 10
    "cost",  # the plan's cost / 10
    "twos",  # 2s / 4
    "black_joker",
    "red_joker",
    "aces",  # / 4
    "kings",  # / 4
    "bombs",  # fours of a rank / 2
    "boss_plays",  # plays of the plan no card outside the hand beats / 5
    "low_plays",  # singles and pairs below a jack in the plan / 5
    "trios",  # trios and airplane trios of the plan (each carries a card or a pair) / 4
    "outside_bombs",  # ranks whose four cards are all outside the hand, and the rocket / 3
    "others_min",  # the other hands' fewest cards / 20
    "others_max",  # and most / 20
    "bidder",  # the kitty is still unknown: the seat would take it as the landlord
    "landlord",  # the landlord, the kitty in its hand
    "next",  # a peasant playing right after the landlord
)


def features(hand: Iterable[Card], role: str, others: Sequence[int]) -> list[float]:
    """The input vector of ``hand`` held in ``role`` against hands of ``others`` cards."""
    counts = counts_of(hand)
    outside = [full - n for full, n in zip(FULL, counts, strict=True)]
    plays = split(tuple(counts))
    boss = sum(
        1
        for kind, value, length in plays
        if kind in ("bomb", "rocket") or not can_beat(kind, value, length, outside)
    )
    low = sum(1 for kind, v, _ in plays if kind in ("single", "pair") and v < 8)
    trios = sum(length for kind, _, length in plays if kind in ("trio", "airplane"))
    return [
        sum(counts) / 20.0,
        len(plays) / 10.0,
        hand_cost(counts) / 10.0,
        counts[_TWO] / 4.0,
        float(counts[_BJ]),
        float(counts[_RJ]),
        counts[_ACE] / 4.0,
        counts[_KING] / 4.0,
        sum(1 for v in range(13) if counts[v] == 4) / 2.0,
        boss / 5.0,
        low / 5.0,
        trios / 4.0,
        bomb_threats(outside) / 3.0,
        min(others) / 20.0,
        max(others) / 20.0,
        float(role == BIDDER),
        float(role == LANDLORD),
        float(role == NEXT),
    ]


_NET: list[ValueNet | None] = []


def net() -> ValueNet | None:
    """The committed network (None when no weights were made yet, or stale ones)."""
    if not _NET:
        _NET.append(load("game.games.doudizhu.strength_weights", FEATURES))
    return _NET[0]


def rough(hand: Iterable[Card]) -> float:
    """Issue 43's hand-made strength (control cards minus the turns needed beyond 5) on the
    scale of :func:`expected`: the stand-in while no weights are made (stale ones after a change
    of :data:`FEATURES`), so that the bidding still ends."""
    counts = counts_of(hand)
    control = 2.0 * counts[_RJ] + 1.5 * counts[_BJ] + 1.0 * counts[_TWO] + 0.4 * counts[_ACE]
    control += sum(2.5 for v in range(13) if counts[v] == 4)
    if counts[_BJ] and counts[_RJ]:
        control += 1.0
    return (control - (hand_cost(counts) - 5.0) - 0.5) / 2.0


def expected(hand: Iterable[Card], role: str, others: Sequence[int] = (17, 17)) -> float:
    """The points per base point ``hand`` can expect in ``role`` (see the module docstring);
    :func:`rough` while no weights are made."""
    cards = list(hand)
    network = net()
    return network(features(cards, role, others)) if network is not None else rough(cards)


def bid_strength(hand: Iterable[Card], others: Sequence[int] = (17, 17)) -> float:
    """A bidder's strength: the points per base point ``hand`` expects as the landlord, the
    kitty's three cards still unknown, against two peasants of ``others`` cards."""
    return expected(hand, BIDDER, others)


#: Bid 1, 2, 3 from these strengths up (calibrated on self-play: docs/doudizhu-notes.md).
BID_THRESHOLDS = (0.0, 0.5, 1.0)
#: VD2: double from these expected points per base point up (the landlord; a peasant).
DOUBLE_LANDLORD = 1.0
DOUBLE_PEASANT = 0.5


def doubles(hand: Iterable[Card], role: str, others: Sequence[int]) -> bool:
    """VD2: whether Normal doubles holding ``hand`` in ``role`` (LANDLORD, NEXT or BEFORE)."""
    need = DOUBLE_LANDLORD if role == LANDLORD else DOUBLE_PEASANT
    return expected(hand, role, others) >= need


def bid_for(hand: Iterable[Card], others: Sequence[int] = (17, 17)) -> int:
    """The bid (0: pass) Normal makes with ``hand`` where no bid stands yet."""
    power = bid_strength(hand, others)
    return sum(power >= t for t in BID_THRESHOLDS)


__all__ = [
    "BID_THRESHOLDS",
    "FEATURES",
    "bid_for",
    "bid_strength",
    "doubles",
    "expected",
    "features",
    "rough",
]
