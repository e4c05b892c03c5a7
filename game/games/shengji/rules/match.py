"""A Shengji match (S1.3, S2.2, S5.4)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.games.shengji.rules.options import checked
from game.games.shengji.rules.records import (
    DealResult,
)
from game.games.shengji.rules.setup import fresh_seed, new_deal
from game.rules import validate
from game.rules.cards import RANKS
from game.rules.errors import IllegalActionError

# --- the match --------------------------------------------------------------------------------


class Match:
    """A Shengji match (S1.3, S2.2, S5.4): team levels from 2, each deal at the dealer team's
    level, until a promotion takes a team beyond A."""

    def __init__(
        self, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> None:
        self.options = checked(options)  # the house rules of every deal (VS1-VS4)
        self.restart(seed)

    def restart(self, seed: int | None = None) -> None:
        """Start over at level 2 for both teams (S5.4), with ``seed`` (new one when None)."""
        self.seed = fresh_seed() if validate.seed(seed) is None else seed
        self._rng = random.Random(self.seed)
        self.levels: dict[int, str] = {0: "2", 1: "2"}
        self.results: list[DealResult] = []
        self.deal_index = 0
        self.is_over = False
        self.winner: int | None = None
        self.starting_seat = self._rng.randrange(4)
        self.state = new_deal(
            seed=self._rng.randrange(1 << 31),
            level="2",
            starting_seat=self.starting_seat,
            options=self.options,
        )

    def advance(self) -> None:
        """Record the finished deal, promote, and start the next deal unless the match is won."""
        if self.is_over:
            raise IllegalActionError(
                f"the match is over: team {self.winner} won", reason="match_over"
            )
        if not self.state.is_terminal:
            raise IllegalActionError("the deal is not over yet", reason="deal_not_over")
        result = self.state.result
        assert result is not None
        self.results.append(result)
        team = result.winning_team
        index = RANKS.index(self.levels[team]) + result.levels_gained
        if index >= len(RANKS):
            self.levels[team] = RANKS[-1]
            self.is_over = True
            self.winner = team
            return
        self.levels[team] = RANKS[index]
        self.deal_index += 1
        dealer = result.next_dealer
        self.state = new_deal(
            seed=self._rng.randrange(1 << 31),
            level=self.levels[dealer % 2],
            dealer=dealer,
            options=self.options,
        )

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.levels = dict(self.levels)
        other.results = list(self.results)
        other.state = self.state.clone()
        return other


def new_match(*, seed: int | None = None, options: Mapping[str, object] | None = None) -> Match:
    """A whole match; ``match.state`` is its first deal (rules-api.md), every deal played by
    ``options`` (variants.md VS1-VS4)."""
    return Match(validate.seed(seed), options)
