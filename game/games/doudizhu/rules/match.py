"""Dou Dizhu sessions (D1.3): deals in a row with running totals, the first bidder moving on
(the shared :mod:`game.rules.session`)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.games.doudizhu.rules.combos import SEATS
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.dealing import new_deal
from game.games.doudizhu.rules.options import checked
from game.games.doudizhu.rules.settlement import DoudizhuResult
from game.rules import validate
from game.rules.climbing import fresh_seed
from game.rules.session import PointsSession


class DoudizhuMatch(PointsSession):
    """A session of consecutive deals with running per-seat totals; it never ends by itself
    (D1.3), so ``is_over`` is False and ``winner`` None. The first bidder of deal 0 is drawn
    from the seed; each later deal starts with the seat after the previous first bidder."""

    results: list[DoudizhuResult]
    state: DoudizhuState

    def __init__(self, seed: int, options: Mapping[str, object] | None = None) -> None:
        self.first_bidder = random.Random(f"{seed}:first").randrange(SEATS)
        super().__init__(seed, checked(options))

    def _deal(self, index: int) -> DoudizhuState:
        first = (self.first_bidder + index) % SEATS  # D2.3
        return new_deal(seed=self.deal_seed(index), first_bidder=first, options=self.options)


def new_match(
    *, seed: int | None = None, options: Mapping[str, object] | None = None
) -> DoudizhuMatch:
    """A Dou Dizhu session of consecutive deals with running totals (``match.totals``), every
    deal played by ``options`` (VD1-VD3)."""
    seed = validate.seed(seed)
    return DoudizhuMatch(fresh_seed() if seed is None else seed, options)
