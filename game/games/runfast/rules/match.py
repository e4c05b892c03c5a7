"""Run Fast sessions: deals in a row with running totals (the shared :mod:`game.rules.session`)."""

from __future__ import annotations

from collections.abc import Mapping

from game.games.runfast.rules.deal import RunFastState, new_deal
from game.games.runfast.rules.options import checked
from game.games.runfast.rules.settlement import RunFastResult
from game.rules import validate
from game.rules.climbing import fresh_seed
from game.rules.session import PointsSession


class RunFastMatch(PointsSession):
    """A session of consecutive deals with running per-seat totals; it never ends by itself
    (the player stops when they like), so ``is_over`` is False and ``winner`` None."""

    results: list[RunFastResult]
    state: RunFastState

    def __init__(self, seed: int, options: Mapping[str, object] | None = None) -> None:
        super().__init__(seed, checked(options))

    def _deal(self, index: int) -> RunFastState:
        return new_deal(seed=self.deal_seed(index), options=self.options)


def new_match(
    *, seed: int | None = None, options: Mapping[str, object] | None = None
) -> RunFastMatch:
    """A Run Fast session of consecutive deals with running totals (``match.totals``), every
    deal played by ``options`` (variants.md VR1-VR3)."""
    seed = validate.seed(seed)
    return RunFastMatch(fresh_seed() if seed is None else seed, options)
