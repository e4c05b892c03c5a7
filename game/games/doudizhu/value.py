"""A learned evaluation for Dou Dizhu's Normal (issue 56): what a play leaves behind is worth.

After each candidate play (or pass) the acting seat's position is described by a few numbers
(:class:`Position`: the hand plan's plays and cost of the hand left, its control cards and sure
winners, the roles and every hand's size, the play itself, the cards still out, the multiplier),
and a small network (``game.ai.value_net.ValueNet``) maps them to the points per base point the
seat can expect from the deal (D5.3). The heuristic adds that value, times
``DoudizhuBot.LEARNED_WEIGHT``, to the scores of its best few candidates. An action that goes
out needs no judge.

The weights (``value_weights.py``) are made by ``tools/train_doudizhu_value.py`` from games
Normal plays against itself; how it was trained and what it won: docs/doudizhu-notes.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from game.ai.value_net import ValueNet, load
from game.games.doudizhu.plan import split
from game.games.doudizhu.rules import DoudizhuView
from game.games.doudizhu.rules.combos import Combo, counts_of
from game.rules.cards import single_pack

_TWO, _BJ, _RJ = 12, 13, 14
_ACE = 11
#: Cards of each rank in the pack (the jokers one each).
FULL = tuple(counts_of(single_pack()))
#: Cards per rank of each kind's main part (D4.1–D4.3); sequences count per rank of the run.
_NEED = {
    "single": 1,
    "pair": 2,
    "trio": 3,
    "trio_single": 3,
    "trio_pair": 3,
    "straight": 1,
    "pair_run": 2,
    "airplane": 3,
    "airplane_singles": 3,
    "airplane_pairs": 3,
    "four_two_singles": 4,
    "four_two_pairs": 4,
    "bomb": 4,
}
_SEQUENCES = ("straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs")

#: The inputs, in order (the training script and the weights file use the same names).
FEATURES = (
    "plays_after",  # plays the plan needs for the hand left / 10
    "cost_after",  # the plan's cost of the hand left / 10
    "cards_after",  # cards left / 20
    "shed",  # cards in this play / 20
    "is_pass",
    "is_bomb",  # a bomb or the rocket (it doubles the stake, D5.1)
    "leading",  # this play leads a round
    "play_value",  # the play's main rank value / 15 (0 for a pass)
    "boss",  # no unseen cards make a play of its kind and size that beats it (bombs aside)
    "is_landlord",
    "is_next",  # a peasant playing right after the landlord
    "partner_cards",  # the partner's cards / 17 (0 for the landlord)
    "opp_min",  # the opponents' fewest cards / 20
    "opp_max",  # and most / 20
    "next_cards",  # the seat playing next: its cards / 20
    "next_partner",  # the seat playing next is the partner
    "over_partner",  # this play answers the partner's
    "over_opponent",  # this play answers an opponent's
    "holder_cards",  # after a pass: the cards of the seat whose play stands / 20
    "holder_partner",  # after a pass: that seat is the partner
    "size_match",  # an opponent holds as many cards as this play, which is not boss
    "twos_after",  # 2s kept / 4
    "jokers_after",  # jokers kept / 2
    "aces_after",  # aces kept / 4
    "bombs_after",  # bombs kept, the rocket one of them / 2
    "boss_plays",  # plays of the plan of the hand left that no unseen cards beat / 5
    "low_plays",  # singles and pairs below a jack in that plan / 5
    "unseen_twos",  # 2s still out / 4
    "unseen_jokers",  # jokers still out / 2
    "unseen_bombs",  # ranks whose four cards are all still out, and the rocket / 3
    "multiplier",  # log2 of the deal's multiplier after this play / 4
    "no_play_yet",  # the seat's side has made no play (a spring or anti-spring threatens it)
)


def can_beat(kind: str, value: int, length: int, counts: Sequence[int]) -> bool:
    """Whether the cards ``counts`` (15 ranks) make a play of ``kind`` (main ``value``, run
    ``length``) and its size with a higher main rank (D4.4); bombs and the rocket aside."""
    if kind == "rocket":
        return False
    need = _NEED[kind]
    if kind in _SEQUENCES:
        for top in range(value + 1, _ACE + 1):
            if all(counts[v] >= need for v in range(top - length + 1, top + 1)):
                return True
        return False
    top = _RJ if kind == "single" else _TWO
    return any(counts[v] >= need for v in range(value + 1, top + 1))


def bomb_threats(unseen: Sequence[int]) -> int:
    """Ranks whose four cards are all unseen, and the rocket if both jokers are."""
    return sum(1 for v in range(13) if unseen[v] == 4) + (unseen[_BJ] == 1 and unseen[_RJ] == 1)


class Position:
    """What one decision's candidates share: the seat's roles, the hands' sizes, the cards
    still out (the pack less the seat's hand and every card played)."""

    def __init__(self, view: DoudizhuView) -> None:
        self.view = view
        seat, landlord = view.seat, cast(int, view.landlord)  # known once the play starts
        self.is_landlord = seat == landlord
        self.is_next = not self.is_landlord and seat == (landlord + 1) % 3
        self.partner = None if self.is_landlord else 3 - seat - landlord
        counts = view.hand_counts
        opponents = [s for s in range(3) if s != seat and s != self.partner]
        self.opp_min = min(counts[s] for s in opponents)
        self.opp_max = max(counts[s] for s in opponents)
        self.opponents = opponents
        self.next_seat = (seat + 1) % 3
        unseen = list(FULL)
        for v, n in enumerate(counts_of(view.hand)):
            unseen[v] -= n
        for cards in view.played:
            for v, n in enumerate(counts_of(cards)):
                unseen[v] -= n
        self.unseen = unseen
        self.threats = bomb_threats(unseen)
        side = [seat] if self.is_landlord else [s for s in range(3) if s != landlord]
        self.no_play_yet = all(view.plays_made[s] == 0 for s in side)

    def boss_plays(self, plays: Sequence[tuple[str, int, int]]) -> int:
        """Plays of a plan (``plan.split``'s ``(kind, value, length)``) no unseen cards beat."""
        return sum(
            1
            for kind, value, length in plays
            if kind in ("bomb", "rocket") or not can_beat(kind, value, length, self.unseen)
        )

    def inputs(self, combo: Combo | None, after: Sequence[int], cost: float) -> list[float]:
        """The input vector of a play ``combo`` (None: a pass) leaving the rank counts
        ``after`` of plan cost ``cost``, in :data:`FEATURES` order."""
        view = self.view
        counts = view.hand_counts
        plays = split(tuple(after))
        leading = view.last_play is None
        last_seat = view.last_seat
        if combo is None:
            shed, is_bomb, value, boss = 0, False, 0, False
            holder = last_seat if last_seat is not None else self.next_seat
            holder_cards, holder_partner = counts[holder], holder == self.partner
        else:
            shed, is_bomb, value = len(combo.cards), combo.is_bomb, combo.value
            boss = is_bomb or not can_beat(combo.kind, value, combo.length, self.unseen)
            holder_cards, holder_partner = 0, False
        size_match = combo is not None and not boss and shed in (counts[s] for s in self.opponents)
        bombs = sum(1 for v in range(13) if after[v] == 4) + (after[_BJ] + after[_RJ] == 2)
        multiplier = view.multiplier * (2 if is_bomb else 1)
        low = sum(1 for kind, v, _ in plays if kind in ("single", "pair") and v < 8)
        return [
            len(plays) / 10.0,
            cost / 10.0,
            sum(after) / 20.0,
            shed / 20.0,
            float(combo is None),
            float(is_bomb),
            float(leading),
            value / 15.0,
            float(boss),
            float(self.is_landlord),
            float(self.is_next),
            (counts[self.partner] if self.partner is not None else 0) / 17.0,
            self.opp_min / 20.0,
            self.opp_max / 20.0,
            counts[self.next_seat] / 20.0,
            float(self.next_seat == self.partner),
            float(not leading and last_seat == self.partner),
            float(not leading and last_seat in self.opponents),
            holder_cards / 20.0,
            float(holder_partner),
            float(size_match),
            after[_TWO] / 4.0,
            (after[_BJ] + after[_RJ]) / 2.0,
            after[_ACE] / 4.0,
            bombs / 2.0,
            self.boss_plays(plays) / 5.0,
            low / 5.0,
            self.unseen[_TWO] / 4.0,
            (self.unseen[_BJ] + self.unseen[_RJ]) / 2.0,
            self.threats / 3.0,
            math.log2(max(1, multiplier)) / 4.0,
            float(self.no_play_yet),
        ]


_NET: list[ValueNet | None] = []


def net() -> ValueNet | None:
    """The committed network (None when no weights were made yet, or stale ones)."""
    if not _NET:
        _NET.append(load("game.games.doudizhu.value_weights", FEATURES))
    return _NET[0]
