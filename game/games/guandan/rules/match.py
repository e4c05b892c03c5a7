"""A Guandan match: deals in a row, team levels, tribute from the previous finish (G1, G3, G6)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.games.guandan.rules.deal import State
from game.games.guandan.rules.dealing import new_deal
from game.games.guandan.rules.options import A_LEVEL_TRIES, checked
from game.games.guandan.rules.records import DealResult
from game.rules import validate
from game.rules.cards import RANKS
from game.rules.errors import IllegalActionError

_TOP = "A"


def promoted(level: str, gained: int) -> str:
    """G1.3: ``level`` raised by ``gained`` ranks, capped at A."""
    return RANKS[min(RANKS.index(level) + gained, len(RANKS) - 1)]


class Match:
    """Both team levels start at 2 (G1.3); the first deal is played at 2 with a random first
    leader (G2.3); each later deal is played at the promoted level of the last winners (G1.4)
    and starts with tribute from the previous finish (G3). A team at A wins the match by
    winning a deal played at A with a 1-2 or 1-3 finish (G1.5). The match is fully determined
    by ``seed`` and the non-auto actions applied to its deals. With option VG3 a team that has
    played ``a_level_tries`` deals at its own level A without winning drops back to 2
    (``a_tries`` counts them per team)."""

    def __init__(
        self, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> None:
        self.options = checked(options)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 63)
        self.seed = seed
        self.a_tries: dict[int, int] = {0: 0, 1: 0}
        self._rng = random.Random(seed)
        self.levels: dict[int, str] = {0: "2", 1: "2"}
        self.results: list[DealResult] = []
        self.deal_index = 0
        self.is_over = False
        self.winner: int | None = None
        leader = self._rng.randrange(4)
        self.state: State = new_deal(
            seed=self._rng.getrandbits(63),
            level="2",
            leader=leader,
            team_levels=dict(self.levels),
            options=self.options,
        )

    def advance(self) -> None:
        """Record the finished deal, promote its winners and start the next deal (G1.2–G1.5,
        G6.2). Raises IllegalActionError while the deal is still being played or once the
        match is over."""
        if self.is_over:
            raise IllegalActionError("the match is over", reason="match_over")
        result = self.state.result
        if result is None:
            raise IllegalActionError(
                "the deal is not over yet: finish it before the next one",
                reason="deal_not_over",
            )
        self.results.append(result)
        team, gained = result.winning_team, result.levels_gained
        if result.level == _TOP and self.levels[team] == _TOP and gained >= 2:
            self.is_over = True
            self.winner = team
            return
        at_a = [side for side in (0, 1) if self.levels[side] == _TOP]
        self.levels[team] = promoted(self.levels[team], gained)
        self._count_a_tries(result.level, at_a)
        self.deal_index += 1
        self.state = new_deal(
            seed=self._rng.getrandbits(63),
            level=self.levels[team],
            previous_finish=result.finish_order,
            team_levels=dict(self.levels),
            options=self.options,
            a_tries=(self.a_tries[0], self.a_tries[1]),
        )

    def _count_a_tries(self, deal_level: str, at_a: list[int]) -> None:
        """VG3: a deal at A counts a try for each team that was at its own level A; the team
        that reaches the limit drops back to 2 and its count restarts."""
        limit = self.options[A_LEVEL_TRIES]
        if not limit or deal_level != _TOP:
            return
        for side in at_a:
            self.a_tries[side] += 1
            if self.a_tries[side] >= limit:
                self.levels[side] = "2"
                self.a_tries[side] = 0

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.seed = self.seed
        other.options = self.options
        other.a_tries = dict(self.a_tries)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.levels = dict(self.levels)
        other.results = list(self.results)
        other.deal_index = self.deal_index
        other.is_over = self.is_over
        other.winner = self.winner
        other.state = self.state.clone()
        return other

    def __repr__(self) -> str:
        return (
            f"<guandan Match seed {self.seed} deal {self.deal_index} levels {self.levels} "
            f"over {self.is_over}>"
        )


def new_match(*, seed: int | None = None, options: Mapping[str, object] | None = None) -> Match:
    """A new match; restarting a match is a new match (G1.6: levels 2, no tribute history).
    ``options``: the house rules (variants.md VG1-VG3) every deal of the match plays by."""
    return Match(validate.seed(seed), options)
