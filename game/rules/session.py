"""A session of consecutive deals with running per-seat totals (Run Fast, Dou Dizhu; pure).

Such a session never ends by itself (the player stops when they like), so ``is_over`` is False
and ``winner`` None. Deal ``index`` is shuffled from the session's seed and the index alone, so
a resumed session goes straight to its deal (:meth:`PointsSession.fast_forward`). A game's
session class says how it deals (``_deal``) and checks its options.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from game.rules import validate
from game.rules.errors import BadArgumentError, IllegalActionError
from game.rules.options import Options


class PointsSession:
    """Consecutive deals with running per-seat totals (see the module docstring)."""

    SEATS = 3

    def __init__(self, seed: int, options: Options) -> None:
        self.options = options
        self.seed = seed
        self.deal_index = 0
        self.results: list[Any] = []  # Any: the game's own deal results
        self.totals: dict[int, int] = dict.fromkeys(range(self.SEATS), 0)
        self.is_over = False
        self.winner: int | None = None
        self.state = self._deal(0)

    def _deal(self, index: int) -> Any:  # Any: the game's own state, whose fields it reads
        """Deal ``index`` of the session (seeded by :meth:`deal_seed`)."""
        raise NotImplementedError

    def deal_seed(self, index: int) -> int:
        """The shuffle seed of deal ``index`` of this session."""
        return random.Random(f"{self.seed}:{index}").randrange(1 << 62)

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
        """Go straight to deal ``deal_index`` of the session with these running ``totals``
        (a resumed session: each deal depends only on the seed and its index, so the deals
        before need no replay; their results are not kept)."""
        if not validate.is_int(deal_index) or deal_index < 0:
            raise BadArgumentError(f"deal_index must be an int >= 0, not {deal_index!r}")
        totals = list(totals)
        if len(totals) != self.SEATS or not all(type(points) is int for points in totals):
            raise BadArgumentError(f"totals must be {self.SEATS} ints, not {totals!r}")
        self.deal_index = deal_index
        self.results = []
        self.totals = dict(enumerate(totals))
        self.state = self._deal(deal_index)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.results = list(self.results)
        other.totals = dict(self.totals)
        other.state = self.state.clone()
        return other
