"""``normal-v1``: a frozen copy of the Dou Dizhu Normal of 6 December 2026 (issue 56), before it
learned an evaluation and its bidding; the yardstick that tools/arena.py measures the current
Normal against. Reachable only from the arena and the tests, never a game level; do not change
it (its figures in docs/doudizhu-notes.md depend on it). Its hand plan (with its own memo) is
copied here too, so changes to the game's bot.py and plan.py never reach it.

The texts below are the originals' (the bot's, then the plan's).

The Dou Dizhu heuristic bot (issue 43, the Normal level; Easy with ``noise``).

It sees only ``state.view(seat)`` and scores every legal action:

- Bidding (D2.3, VD1) and doubling (VD2) by a hand-strength estimate (:func:`strength`): the
  control cards (jokers, 2s, aces, bombs) against the turns the hand needs (``plan.hand_cost``).
  It bids the highest of its thresholds it reaches, only above the standing bid.
- Play: an action scores the negative plan cost of the hand it leaves, so a lead sheds the
  plan's most awkward play and an answer is made with a spare card rather than by breaking a
  combination. Going out scores above everything (D1.2).
- Bombs and the rocket cost almost nothing in a plan, so they stay in the hand unless the
  lead matters: an opponent close to going out, or a hand that wins soon after taking it; a
  four of a kind is not spent as a four-with-two unless that goes out.
- Peasants cooperate: a play of the partner stands (pass, unless going out), a partner down to
  one or two cards is fed a low single or pair, and the landlord's last cards are fought with
  the highest answer and the bombs; nobody leads a single into a one-card opponent, nor a pair
  into a two-card one, while an unseen card could beat it.
- Peasants share the defence by seat: the one playing right after the landlord answers its
  singles and pairs low and leads high ones; the one playing just before the landlord answers
  the landlord (when the partner passed) high, to stop it, and leads low ones.
- ``noise`` (Easy): Gaussian noise of standard deviation ``2 * noise`` on every score.

``ranked(view, legal, rng)`` returns the legal actions best first (the search bot's
candidates); ``choose`` returns the first.

The hand plan:

Hand plans for the Dou Dizhu bot: the cheapest split of a hand into plays (pure, no pygame).

A hand is its rank counts (15 values, 3 … RJ). :func:`hand_cost` is about the number of turns
the hand needs to be played out: each play costs about 1, low singles and pairs more (they are
hard to get rid of), high ones, sequences and bombs less (they win rounds or nobody answers
them). Trios and airplanes carry attached singles or pairs at no turn of their own (D4.1,
D4.3), so after the split each trio absorbs the costliest single or pair left.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from game.games.doudizhu.rules.combos import Combo, counts_of
from game.rules.base import Action
from game.rules.cards import single_pack

_TWO, _BJ, _RJ = 12, 13, 14

#: Memo of :func:`_split` shared by every decision; cleared when it grows past the limit.
_SPLITS: dict[tuple[int, ...], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
_COSTS: dict[tuple[int, ...], float] = {}
_MAX = 1 << 14  # as Run Fast's plan memo: a few MiB, not a session-long climb


def play_cost(kind: str, value: int, length: int) -> float:
    """The cost of one play of a plan (see the module docstring)."""
    low = max(0, 11 - value) / 11.0  # 1 for a 3, 0 for an ace and above
    if kind == "single":
        return {_TWO: 0.75, _BJ: 0.55, _RJ: 0.35}.get(value, 1.0 + 0.6 * low)
    if kind == "pair":
        return 0.6 if value == _TWO else 1.0 + 0.5 * low
    if kind == "trio":
        return 0.6 if value == _TWO else 1.0 + 0.3 * low
    if kind in ("straight", "pair_run", "airplane"):
        return 0.9 - 0.02 * length
    if kind == "bomb":
        return 0.15
    return 0.0  # the rocket


def _split(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split into plays ``(kind, main value, length)`` before attachments. The
    lowest rank held belongs to a set of that rank or to a sequence starting there."""
    found = _SPLITS.get(counts)
    if found is not None:
        return found
    low = next((v for v, n in enumerate(counts) if n), None)
    if low is None:
        return 0.0, ()
    best: tuple[float, tuple[tuple[str, int, int], ...]] | None = None
    for kind, take, length in _options(counts, low):
        rest = list(counts)
        for v in range(low, low + length):
            rest[v] -= take
        if kind == "rocket":
            rest[_RJ] -= 1
        cost, plays = _split(tuple(rest))
        cost += play_cost(kind, low + length - 1 if kind != "rocket" else 15, length)
        if best is None or cost < best[0]:
            best = (cost, ((kind, low + length - 1, length), *plays))
    assert best is not None
    if len(_SPLITS) >= _MAX:
        _SPLITS.clear()
    _SPLITS[counts] = best
    return best


def _options(counts: tuple[int, ...], low: int) -> Iterator[tuple[str, int, int]]:
    """(kind, cards per rank, run length) of every play the lowest rank ``low`` can be in."""
    held = counts[low]
    if low == _BJ and counts[_RJ]:
        yield "rocket", 1, 1
    yield "single", 1, 1
    if held >= 2 and low < _BJ:
        yield "pair", 2, 1
    if held >= 3:
        yield "trio", 3, 1
    if held == 4:
        yield "bomb", 4, 1
    for kind, need, shortest in (("straight", 1, 5), ("pair_run", 2, 3), ("airplane", 3, 2)):
        length = 0
        while low + length <= 11 and counts[low + length] >= need:
            length += 1
            if length >= shortest:
                yield kind, need, length


def split(counts: tuple[int, ...]) -> tuple[tuple[str, int, int], ...]:
    """The plan's plays ``(kind, main value, length)`` before attachments."""
    return _split(tuple(counts))[1]


def hand_cost(counts: tuple[int, ...] | list[int]) -> float:
    """About the turns this hand needs (see the module docstring); 0 for an empty hand."""
    key = tuple(counts)
    found = _COSTS.get(key)
    if found is not None:
        return found
    cost, plays = _split(key)
    carriers = sum(length for kind, _, length in plays if kind in ("trio", "airplane"))
    loose = sorted(
        (play_cost(kind, value, 1) for kind, value, _ in plays if kind in ("single", "pair")),
        reverse=True,
    )
    cost -= sum(loose[:carriers])
    if len(_COSTS) >= _MAX:
        _COSTS.clear()
    _COSTS[key] = cost
    return cost


GO_OUT = 1000.0
#: Bid 1, 2, 3 from these strengths up (calibrated on Normal-against-Normal deals).
BID_THRESHOLDS = (0.5, 1.5, 2.5)
#: VD2: double from this strength up (the landlord with its 20 cards, a peasant with 17).
DOUBLE_LANDLORD = 5.0
DOUBLE_PEASANT = 4.0
#: A partner's play stands: the bonus for passing on it.
LET_STAND = 2.5
#: Reason to answer an opponent close to going out, per card it lacks from 5.
STOP_URGENCY = 1.2
#: Value of taking the lead with a bomb or the rocket when the rest of the hand is short.
BOMB_WIN = 2.5
#: Penalty for a lead a nearly-out opponent can answer and go out with.
DANGER_LEAD = 6.0
#: Bonus for feeding a partner down to one or two cards.
FEED = 4.0
SHED_PER_CARD = 0.05
#: Penalty for spending four of a kind as four-with-two: the bomb (and its doubling) is lost.
BREAK_BOMB = 2.0
#: The peasants' shares of the defence, per value /14 of a single or pair (see ``_PlayScorer``):
#: the landlord's next seat answers it low and leads high, the seat before it (which plays
#: just ahead of the landlord) stops it high and leads low; the seat before also answers the
#: landlord when its partner passed.
NEXT_ANSWER = -1.0
NEXT_LEAD = 0.5
BEFORE_ANSWER = 2.0
BEFORE_LEAD = -1.0
BEFORE_STOP = 1.0

_FULL = counts_of(single_pack())


def strength(hand: Any) -> float:
    """A hand's strength for bidding: control cards minus the turns it needs beyond 5."""
    counts = counts_of(hand)
    control = 2.0 * counts[14] + 1.5 * counts[13] + 1.0 * counts[12] + 0.4 * counts[11]
    control += sum(2.5 for v in range(13) if counts[v] == 4)
    if counts[13] and counts[14]:
        control += 1.0
    return control - (hand_cost(counts) - 5.0)


class DoudizhuBotV1:
    """The frozen Dou Dizhu Normal (see the module docstring)."""

    name = "doudizhu-normal-v1"

    def __init__(self, noise: float = 0.0) -> None:
        self.noise = noise

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return self.ranked(view, legal, rng)[0]

    def ranked(self, view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        """The legal actions best first (with ``noise``, perturbed scores)."""
        scores = self.scores(view, legal)
        if self.noise:
            scores = [s + rng.gauss(0.0, 2.0 * self.noise) for s in scores]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def scores(self, view: Any, legal: list[Action]) -> list[float]:
        if view.stage == "bid":
            return self._bid_scores(view, legal)
        if view.stage == "double":
            return self._double_scores(view, legal)
        return _PlayScorer(view).scores(legal)

    def _bid_scores(self, view: Any, legal: list[Action]) -> list[float]:
        power = strength(view.hand)
        want = sum(power >= t for t in BID_THRESHOLDS)  # 0..3
        scores = []
        for action in legal:
            value = action.value  # type: ignore[attr-defined]  # a bid's value (Dou Dizhu's BidAction)
            if action.kind in ("call", "rob"):
                # VD1: call from the first threshold, rob from the second
                need = BID_THRESHOLDS[0] if action.kind == "call" else BID_THRESHOLDS[1]
                scores.append(1.0 if power >= need else -1.0)
            elif value == 0:
                scores.append(0.0)
            else:
                scores.append(1.0 + value if value <= want else -1.0 - value)
        return scores

    def _double_scores(self, view: Any, legal: list[Action]) -> list[float]:
        power = strength(view.hand)
        need = DOUBLE_LANDLORD if view.seat == view.landlord else DOUBLE_PEASANT
        return [(1.0 if power >= need else -1.0) * (1 if a.value else -1) for a in legal]  # type: ignore[attr-defined]  # a bid's value (Dou Dizhu's BidAction)


class _PlayScorer:
    """The scores of the plays and the pass of one decision in the play (D3)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        seat, landlord = view.seat, view.landlord
        self.seat = seat
        self.is_landlord = seat == landlord
        self.opponents = [s for s in range(3) if s != seat and (self.is_landlord or s == landlord)]
        self.partner = None if self.is_landlord else 3 - seat - landlord
        self.counts = counts_of(view.hand)
        self.cost = hand_cost(self.counts)
        unseen = list(_FULL)
        for v, n in enumerate(self.counts):
            unseen[v] -= n
        for cards in view.played:
            for v, n in enumerate(counts_of(cards)):
                unseen[v] -= n
        self.unseen = unseen
        self.closest = min(view.hand_counts[s] for s in self.opponents)

    def scores(self, legal: list[Action]) -> list[float]:
        return [self.score(action) for action in legal]

    def score(self, action: Action) -> float:
        view = self.view
        if action.kind == "pass":
            return self._pass_score()
        combo = action.combo
        assert isinstance(combo, Combo)  # a play of Dou Dizhu's legal actions
        after = list(self.counts)
        for v, n in enumerate(counts_of(combo.cards)):
            after[v] -= n
        left = sum(after)
        if left == 0:
            return GO_OUT
        score = -hand_cost(after) + SHED_PER_CARD * len(combo.cards)
        if combo.is_bomb:
            score += self._bomb_bonus(after)
        if combo.kind.startswith("four_two"):
            score -= BREAK_BOMB
        if view.last_play is None:
            score += self._lead_adjust(combo)
        else:
            score += self._follow_adjust(combo)
        return score

    def _pass_score(self) -> float:
        view = self.view
        score = -self.cost
        if self.partner is not None and view.last_seat == self.partner:
            score += LET_STAND
            if view.hand_counts[self.partner] <= 2:
                score += LET_STAND
        return score

    def _bomb_bonus(self, after: list[int]) -> float:
        """Bombs are kept unless the lead matters (see the module docstring)."""
        bonus = 0.0
        if self.closest <= 3:
            bonus += STOP_URGENCY * (5 - self.closest)
        if hand_cost(after) <= 1.5:
            bonus += BOMB_WIN
        return bonus - 0.8

    def _is_next(self) -> bool:
        """Whether this peasant plays right after the landlord (the other plays before it)."""
        return bool(self.seat == (self.view.landlord + 1) % 3)

    def _beatable(self, combo: Any) -> bool:
        """Whether an unseen single or pair could beat this single or pair."""
        need = 1 if combo.kind == "single" else 2
        return any(self.unseen[v] >= need for v in range(combo.value + 1, 15 if need == 1 else 13))

    def _lead_adjust(self, combo: Combo) -> float:
        view = self.view
        adjust = 0.0
        size = len(combo.cards)
        if combo.kind in ("single", "pair") and self.closest == size and self._beatable(combo):
            adjust -= DANGER_LEAD
        partner = self.partner
        if partner is not None and combo.kind in ("single", "pair"):
            share = combo.value / 14.0
            if self._is_next():
                adjust += NEXT_LEAD * (share - 1.0)
            else:
                adjust += BEFORE_LEAD * share
        if partner is not None:
            left = view.hand_counts[partner]
            if left == 1 and combo.kind == "single":
                adjust += FEED * (1.0 - combo.value / 15.0)
            elif left == 2 and combo.kind == "pair":
                adjust += FEED * 0.6 * (1.0 - combo.value / 13.0)
        return adjust

    def _follow_adjust(self, combo: Combo) -> float:
        view = self.view
        last_seat = view.last_seat
        if self.partner is not None and last_seat == self.partner:
            return -LET_STAND  # the partner's play stands
        adjust = 0.0
        if self.partner is not None and last_seat == view.landlord:
            share = combo.value / 14.0 if combo.kind in ("single", "pair") else 0.0
            if self._is_next():
                adjust += NEXT_ANSWER * share
            else:
                adjust += BEFORE_STOP + BEFORE_ANSWER * share
        urgency = max(0, 5 - view.hand_counts[last_seat]) if last_seat is not None else 0
        if urgency:
            adjust += STOP_URGENCY * urgency * (0.5 + combo.value / 30.0)
        return adjust


#: The yardstick this module is (tools/yardsticks/__init__.py).
YARDSTICK = DoudizhuBotV1
