"""Dou Dizhu sessions (D1.3): deals in a row with running totals, the first bidder moving on."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.games.doudizhu.rules.combos import SEATS
from game.games.doudizhu.rules.deal import DoudizhuResult, DoudizhuState, _fresh_seed, new_deal
from game.games.doudizhu.rules.options import checked
from game.rules import validate
from game.rules.errors import BadArgumentError, IllegalActionError


class DoudizhuMatch:
    """A session of consecutive deals with running per-seat totals; it never ends by itself
    (D1.3), so ``is_over`` is False and ``winner`` None. The first bidder of deal 0 is drawn
    from the seed; each later deal starts with the seat after the previous first bidder."""

    def __init__(self, seed: int, options: Mapping[str, Any] | None = None) -> None:
        self.options = checked(options)
        self.seed = seed
        self.first_bidder = random.Random(f"{seed}:first").randrange(SEATS)
        self.deal_index = 0
        self.results: list[DoudizhuResult] = []
        self.totals: dict[int, int] = dict.fromkeys(range(SEATS), 0)
        self.is_over = False
        self.winner: int | None = None
        self.state = self._deal(0)

    def deal_seed(self, index: int) -> int:
        """The shuffle seed of deal ``index`` of this session."""
        return random.Random(f"{self.seed}:{index}").randrange(1 << 62)

    def _deal(self, index: int) -> DoudizhuState:
        first = (self.first_bidder + index) % SEATS  # D2.3
        return new_deal(seed=self.deal_seed(index), first_bidder=first, options=self.options)

    def advance(self) -> None:
        """Record the finished deal's result, add it to the totals and deal the next one."""
        if not self.state.is_terminal or self.state.result is None:
            raise IllegalActionError(
                "cannot advance: the current deal is not over", reason="deal_not_over"
            )
        result = self.state.result
        self.results.append(result)
        for seat, points in enumerate(result.settlement):
            self.totals[seat] += points
        self.deal_index += 1
        self.state = self._deal(self.deal_index)

    def fast_forward(self, deal_index: int, totals: Sequence[int]) -> None:
        """Go straight to deal ``deal_index`` with these running ``totals`` (a resumed
        session: each deal depends only on the seed and its index)."""
        if not validate.is_int(deal_index) or deal_index < 0:
            raise BadArgumentError(f"deal_index must be an int >= 0, not {deal_index!r}")
        totals = list(totals)
        if len(totals) != SEATS or not all(type(points) is int for points in totals):
            raise BadArgumentError(f"totals must be {SEATS} ints, not {totals!r}")
        self.deal_index = deal_index
        self.results = []
        self.totals = dict(enumerate(totals))
        self.state = self._deal(deal_index)

    def clone(self) -> DoudizhuMatch:
        other = object.__new__(DoudizhuMatch)
        other.__dict__.update(self.__dict__)
        other.results = list(self.results)
        other.totals = dict(self.totals)
        other.state = self.state.clone()
        return other


def new_match(
    *, seed: int | None = None, options: Mapping[str, Any] | None = None
) -> DoudizhuMatch:
    """A Dou Dizhu session of consecutive deals with running totals (``match.totals``), every
    deal played by ``options`` (VD1-VD3)."""
    seed = validate.seed(seed)
    return DoudizhuMatch(_fresh_seed() if seed is None else seed, options)
