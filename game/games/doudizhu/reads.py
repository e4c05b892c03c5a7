"""What the play so far shows about the hidden hands (D3), as a strong player reads it.

A seat that passes on a play it could beat, bombs aside, is keeping its cards; one that holds
nothing of that kind above it has to pass. So a pass on an opponent's play is read as "no play
of this kind and size above that value" (a bomb or the rocket may still come), and the reading
stays true: cards only leave a hand. A peasant's pass on its partner's play tells nothing.

The landlord's plays are read too, more softly: a sensible landlord leads a play of its hand's
plan that sheds the most awkward cards, and answers a single or pair with the one that costs
its plan least. ``regret`` measures how far a sampled landlord hand's plays fall from that (in
plan-cost units, game/games/doudizhu/plan.py): a low single led while a long straight holds
the card, or a pair of kings spent on a pair of 5s while a pair of 7s lay spare, make the hand
unlikely. ``HandReader`` gives the search's samples (game/ai/search.py: Normal's end-game
search; Hard's only with ``search.HARD_READS``): deals that agree with the passes, drawn by how
likely the plays were.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.games.doudizhu.plan import hand_cost, play_cost, split
from game.games.doudizhu.rules.combos import Combo, counts_of, sort_cards
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.seat_view import DoudizhuView
from game.rules.base import DealState, DealView
from game.rules.cards import Card

#: Deals of the hidden hands a reading search draws for one decision (its samples are drawn
#: from those that agree with the landlord's passes, by how well its plays fit them).
READ_DRAWS = 32
#: How sharply the landlord's plays judge a draw: its weight is exp(-READ_BETA * regret).
READ_BETA = 4.0
#: The lowest-card style (a landlord that leads the play holding its lowest card and answers
#: with the lowest play that beats): its share of the mixture, and a miss's likelihood.
LOW_SHARE = 0.5
LOW_MISS = 0.1
#: The partner's passes on the landlord's plays, read softly (a peasant may keep an answer
#: back for its partner): a draw's weight times this for each shape its partner hand could
#: have answered (1.0: not read).
PARTNER_MISS = 0.2

#: A kind of play and its size in cards: a pass on (single, 1) says nothing about pairs.
Shape = tuple[str, int]


def _turns(
    view: DoudizhuView,
) -> Iterator[tuple[int | None, Combo | None, Combo | None, int | None]]:
    """Each play or pass of the play so far: (its seat, the play (None: a pass), the play it
    answered (None: it led), that play's seat)."""
    last: Combo | None = None
    last_seat: int | None = None
    passes = 0
    for record in view.log:
        kind = record.action.kind
        if kind == "play" and isinstance(record.action.combo, Combo):
            yield record.seat, record.action.combo, last, last_seat
            last, last_seat, passes = record.action.combo, record.seat, 0
        elif kind == "pass" and last is not None:
            yield record.seat, None, last, last_seat
            passes += 1
            if passes == 2:
                last, last_seat, passes = None, None, 0


def passed_below(view: DoudizhuView, seat: int) -> dict[Shape, int]:
    """For each shape ``seat`` passed on an opponent's play of, the lowest value it let stand:
    it holds no play of that shape with a higher value (bombs and the rocket aside)."""
    landlord = view.landlord
    short: dict[Shape, int] = {}
    for who, play, last, last_seat in _turns(view):
        opponents = seat == landlord or last_seat == landlord
        if who == seat and play is None and last is not None and opponents and not last.is_bomb:
            shape = (last.kind, len(last.cards))
            short[shape] = min(short.get(shape, last.value), last.value)
    return short


#: The shapes a sampled hand is checked against, by the cards of one rank they need.
_NEED = {"single": 1, "pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3}


def fits(counts: list[int], short: dict[Shape, int]) -> bool:
    """Whether a hand of these rank counts agrees with the reading ``short``: for each single,
    pair or trio (with its attachment) passed on, no rank above the value passed holds that
    many cards, a four of a kind (a bomb kept) and the rocket aside."""
    return misfits(counts, short) == 0


def misfits(counts: list[int], short: dict[Shape, int]) -> int:
    """How many of the shapes of the reading ``short`` a hand of these rank counts could have
    beaten while it passed (see :func:`fits`)."""
    rocket = counts[13] and counts[14]
    missed = 0
    for (kind, _size), below in short.items():
        need = _NEED.get(kind)
        if need is None:
            continue  # sequences and fours: not checked
        missed += any(
            need <= counts[value] < 4 and not (value >= 13 and rocket)
            for value in range(below + 1, 15)
        )
    return missed


#: A play of the landlord and the play it answered (None: it led).
Move = tuple[Combo, Combo | None]


def plays_of(view: DoudizhuView, seat: int) -> list[Move]:
    """The plays ``seat`` made, in order, each with the play it answered (None: a lead)."""
    return [(play, last) for who, play, last, _ in _turns(view) if who == seat and play]


def _best_after(before: list[int], answered: Combo | None) -> float | None:
    """The lowest plan cost a sensible choice leaves: a lead of the plan's costliest play (the
    plan less that play's cost), or the cheapest single or pair answer (None: nothing is read
    from this kind of play)."""
    if answered is None:
        costliest = max(play_cost(*play) for play in split(tuple(before)))
        return hand_cost(before) - costliest
    if answered.kind not in ("single", "pair"):
        return None
    need = 1 if answered.kind == "single" else 2
    top = 15 if need == 1 else 13
    costs = []
    for v in range(answered.value + 1, top):
        if before[v] >= need:
            rest = list(before)
            rest[v] -= need
            costs.append(hand_cost(rest))
    return min(costs) if costs else None


def _low_miss(before: list[int], combo: Combo, answered: Combo | None) -> bool:
    """Whether a play is not what the lowest-card style would make: a lead without the lowest
    card held, or an answer above a lower play of its kind that beats (singles, pairs, trios)."""
    if answered is None:
        return _lowest(combo) > _lowest_held(before)
    need = _NEED.get(combo.kind)
    if need is None:
        return False
    top = 15 if need == 1 else 13
    return any(before[v] >= need for v in range(answered.value + 1, min(combo.value, top)))


def _lowest(combo: Combo) -> int:
    """The value of the lowest card of a play."""
    return _lowest_held(counts_of(combo.cards))


def _lowest_held(counts: list[int]) -> int:
    """The lowest value of which ``counts`` holds a card."""
    return next(v for v, n in enumerate(counts) if n)


def readings(counts: list[int], moves: list[Move]) -> tuple[float, int]:
    """How well the ``moves`` of a seat now holding ``counts`` fit two styles of play: the plan
    cost they gave away against the sensible choice at each (0 when every lead was a plan
    play that sheds most and every single or pair answer the cheapest), and how many of them
    the lowest-card style would not have made; bombs and going out read nothing."""
    before = list(counts)
    total = 0.0
    misses = 0
    for combo, answered in reversed(moves):
        shed = counts_of(combo.cards)
        after = before
        before = [n + m for n, m in zip(before, shed, strict=True)]
        if combo.is_bomb or not any(after):
            continue
        if answered is not None and answered.kind != combo.kind:
            continue
        misses += _low_miss(before, combo, answered)
        best = _best_after(before, answered)
        if best is not None:
            total += max(0.0, hand_cost(after) - best)
    return total, misses


def regret(counts: list[int], moves: list[Move]) -> float:
    """The plan cost the ``moves`` gave away (see :func:`readings`)."""
    return readings(counts, moves)[0]


def likelihood(counts: list[int], moves: list[Move]) -> float:
    """About how likely a landlord holding ``counts`` made ``moves``: a mixture of the plan
    style, exp(-READ_BETA * regret), and the lowest-card style, LOW_MISS per miss."""
    cost, misses = readings(counts, moves)
    return (1.0 - LOW_SHARE) * math.exp(-READ_BETA * cost) + LOW_SHARE * LOW_MISS**misses


@dataclass
class _Pool:
    """One decision's draws of the two hidden hands: the first sample (the rest of the deal),
    the landlord's kept kitty cards, the cards redealt (the landlord's ``need`` first), and the
    draws that agree with the passes with their likelihoods."""

    view: DoudizhuView
    sample: DoudizhuState
    kept: list[Card]
    need: int
    draws: list[list[Card]]
    weights: list[float]


class HandReader:
    """The samples of a peasant's search (game/ai/search.py's ``Reader``, Normal's end-game
    search's): they agree with what the landlord's passes showed (no single, pair or trio above
    one it let stand) and, softly, with its plays. Each decision redeals the two hidden hands
    ``draws`` times, keeps the deals that agree with the passes (all when none does), and each
    sample is one of them drawn in proportion to its ``likelihood`` (times ``PARTNER_MISS`` per
    shape the partner's hand could have answered). The landlord's own search samples as is."""

    def __init__(self, draws: int | None = None) -> None:
        #: Deals drawn for one decision (None: ``READ_DRAWS``).
        self.draws = draws
        self._pool: _Pool | None = None

    def _draws(self) -> int:
        return READ_DRAWS if self.draws is None else self.draws

    def draw(self, view: DealView, rng: random.Random, plain: Callable[[], DealState]) -> DealState:
        assert isinstance(view, DoudizhuView)  # a Dou Dizhu bot's search sees its own views
        landlord = view.landlord
        if landlord is None or landlord == view.seat or self._draws() <= 1:
            return plain()
        pool = self._pool
        if pool is None or pool.view is not view:
            sample = plain()
            assert isinstance(sample, DoudizhuState)
            pool = self._pool = self._deal_pool(view, landlord, rng, sample)
        chosen = rng.choices(pool.draws, pool.weights)[0]
        sample = pool.sample.clone()
        sample.hands[landlord] = list(sort_cards(pool.kept + chosen[: pool.need]))
        sample.hands[3 - view.seat - landlord] = list(sort_cards(chosen[pool.need :]))
        return sample

    def _deal_pool(
        self, view: DoudizhuView, landlord: int, rng: random.Random, sample: DoudizhuState
    ) -> _Pool:
        # the landlord's unplayed kitty cards are public (D2.5); the rest of the two hidden
        # hands is redealt between them
        kept = [card for card in view.kitty or () if card not in view.played[landlord]]
        cards = [card for card in sample.hand(landlord) if card not in kept]
        need = len(cards)
        cards += sample.hand(3 - view.seat - landlord)
        draws = [list(cards)]
        while len(draws) < self._draws():
            rng.shuffle(cards)
            draws.append(list(cards))
        hands = [counts_of(kept + cards[:need]) for cards in draws]
        short = passed_below(view, landlord)
        agree = [i for i, counts in enumerate(hands) if fits(counts, short)]
        agree = agree or list(range(len(draws)))
        moves = plays_of(view, landlord)
        weights = [likelihood(hands[i], moves) for i in agree]
        partner_short = passed_below(view, 3 - view.seat - landlord)
        if PARTNER_MISS < 1.0 and partner_short:
            for k, i in enumerate(agree):
                weights[k] *= PARTNER_MISS ** misfits(counts_of(draws[i][need:]), partner_short)
        return _Pool(view, sample, kept, need, [draws[i] for i in agree], weights)


__all__ = [
    "READ_BETA",
    "READ_DRAWS",
    "HandReader",
    "Shape",
    "fits",
    "misfits",
    "passed_below",
    "plays_of",
    "regret",
]
