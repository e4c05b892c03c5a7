"""Shengji's hooks for the search bot (game/ai/search.py): outcome, leaf value, inference."""

from __future__ import annotations

import random
from typing import Any

from game.ai.search import SearchHooks
from game.games.shengji import rules as shengji
from game.games.shengji.bot import ShengjiBot
from game.games.shengji.rules import DealResult, ShengjiState
from game.rules.cards import RANKS


def points(result: DealResult, seat: int) -> float:
    """(Attackers' final points, kitty bonus included, − 80) / 40 with the sign of ``seat``'s
    team (S5.3): a continuous measure of how the deal went."""
    value = (float(result.attacker_points) - 80.0) / 40.0
    return value if seat % 2 == result.attackers else -value


def levels(result: DealResult, seat: int) -> tuple[bool, float]:
    """(whether ``seat``'s team won the finished deal, its levels gained, negative when the
    other team gained them) (S5.3)."""
    won = result.winning_team == seat % 2
    gained = result.levels_gained
    return won, float(gained if won else -gained)


def outcome(result: DealResult, seat: int) -> float:
    """A finished deal for ``seat``'s side: the S5.3 outcome table (±0.5 for winning the deal,
    plus the levels gained, negative when the other team gains them) plus a quarter of
    :func:`points`, so that points still count between the table's steps."""
    won, gained = levels(result, seat)
    return (0.5 if won else -0.5) + gained + 0.25 * points(result, seat)


def leaf(state: ShengjiState, seat: int) -> float:
    """A cut-off rollout: the attackers' final points projected from the points taken so far
    (the rest split in the same proportion, shrunk towards even), on the scale of
    :func:`outcome`. Before play (declaring, burying) it is 0."""
    dealer = state.dealer
    team_points = state.team_points
    if dealer is None:
        return 0.0
    attackers = (dealer + 1) % 2
    taken = team_points[0] + team_points[1]
    share = (team_points[attackers] + 20.0) / (taken + 40.0)
    final = team_points[attackers] + share * (200.0 - taken)
    # VS4.8: 10 points per card taken back from a failed throw, against that team
    final += 10.0 * (state.taken_back[dealer % 2] - state.taken_back[attackers])
    value = (final - 80.0) / 40.0
    return value if seat % 2 == attackers else -value


#: Inference (8 draws, a window of 16 plays): each sample is the most plausible of 8 drawn
#: deals (see SearchBot.misses); 16 draws won no more (docs/ai-notes.md).
def arena_deal(seed: int, rng: random.Random, options: dict[str, Any] | None) -> ShengjiState:
    """The arena's single deal (tools/arena.py): a random level and dealer; with
    ``first_dealer=first_declarer`` (VS3, which changes only a match's first deal) a first deal
    from a random starting seat."""
    level = rng.choice(RANKS)
    if (options or {}).get("first_dealer") == "first_declarer":
        return shengji.new_deal(
            seed=seed, level=level, starting_seat=rng.randrange(4), options=options
        )
    return shengji.new_deal(seed=seed, level=level, dealer=rng.randrange(4), options=options)


def arena_result(state: ShengjiState, seat: int) -> tuple[bool, float]:
    """The arena's (won, score): the S5.3 winning side and its signed levels (a take-over
    without promotion is a win worth 0 levels)."""
    result = state.result
    assert result is not None  # a finished deal
    return levels(result, seat)


def rollout_policy() -> ShengjiBot:
    """Normal without its learned term: rollouts twice as quick, judging as well in the screen
    (tools/search_gain.py, docs/ai-notes.md), so the budget buys twice the samples."""
    return ShengjiBot(learned=False)


HOOKS = SearchHooks(outcome=outcome, leaf=leaf, infer=(8, 16), policy=rollout_policy)
