"""Run Fast sessions: deals in a row with running totals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.games.runfast.rules.combos import (
    SEATS,
    RunFastResult,
)
from game.games.runfast.rules.deal import (
    _fresh_seed,
    new_deal,
)
from game.games.runfast.rules.options import checked
from game.rules import validate
from game.rules.errors import BadArgumentError, IllegalActionError

# --- Sessions --------------------------------------------------------------------------------


class RunFastMatch:
    """A session of consecutive deals with running per-seat totals; it never ends by itself
    (the player stops when they like), so ``is_over`` is False and ``winner`` None."""

    def __init__(self, seed: int, options: Mapping[str, Any] | None = None) -> None:
        self.options = checked(options)
        self.seed = seed
        self.deal_index = 0
        self.results: list[RunFastResult] = []
        self.totals: dict[int, int] = dict.fromkeys(range(SEATS), 0)
        self.is_over = False
        self.winner: int | None = None
        self.state = new_deal(seed=self.deal_seed(0), options=self.options)

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
        self.state = new_deal(seed=self.deal_seed(self.deal_index), options=self.options)

    def fast_forward(self, deal_index: int, totals: Sequence[int]) -> None:
        """Go straight to deal ``deal_index`` of the session with these running ``totals``
        (a resumed session: each deal depends only on the seed and its index, so the deals
        before need no replay; their results are not kept)."""
        if not validate.is_int(deal_index) or deal_index < 0:
            raise BadArgumentError(f"deal_index must be an int >= 0, not {deal_index!r}")
        totals = list(totals)
        if len(totals) != SEATS or not all(type(points) is int for points in totals):
            raise BadArgumentError(f"totals must be {SEATS} ints, not {totals!r}")
        self.deal_index = deal_index
        self.results = []
        self.totals = dict(enumerate(totals))
        self.state = new_deal(seed=self.deal_seed(deal_index), options=self.options)

    def clone(self) -> RunFastMatch:
        other = object.__new__(RunFastMatch)
        other.__dict__.update(self.__dict__)
        other.results = list(self.results)
        other.totals = dict(self.totals)
        other.state = self.state.clone()
        return other


def new_match(*, seed: int | None = None, options: Mapping[str, Any] | None = None) -> RunFastMatch:
    """A Run Fast session of consecutive deals with running totals (``match.totals``), every
    deal played by ``options`` (variants.md VR1-VR3)."""
    seed = validate.seed(seed)
    return RunFastMatch(_fresh_seed() if seed is None else seed, options)
