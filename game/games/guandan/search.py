"""Guandan's hooks for the search bot (game/ai/search.py): outcome, leaf, structured samples."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.ai.base import Bot
from game.ai.search import SearchHooks
from game.games.guandan import rules as guandan
from game.games.guandan.rules import DealResult, State, View
from game.rules.cards import RANKS


def outcome(result: DealResult, seat: int) -> float:
    """Levels gained by ``seat``'s team in a finished Guandan deal, negative for a loss (G1.2)
    (a win bonus and a race term won no more: docs/ai-notes.md)."""
    value = float(result.levels_gained)
    return value if result.winning_team == seat % 2 else -value


def leaf(state: State, seat: int) -> float:
    """A cut-off Guandan rollout, in level-like units: the planner's hand values (fewer plays
    and more winning cards are better, game/games/guandan/plan.py) of ``seat``'s team against the
    other team's, the better hand of each team counting double; the seat to lead gains half a
    play and a finished seat counts as the best hand possible."""
    from game.games.guandan.plan import PLAY_COST, plan_value

    level = state.view(seat).level
    finished = list(state.finish_order)
    leading = state.current_player if state.last_play is None else None
    values: dict[int, list[float]] = {0: [], 1: []}
    for other in range(4):
        if other in finished:
            values[other % 2].append(PLAY_COST * (4 - finished.index(other)))
            continue
        value = plan_value(list(state.hand(other)), level)[0]
        values[other % 2].append(value)
    mine, theirs = sorted(values[seat % 2]), sorted(values[1 - seat % 2])
    diff = (mine[1] - theirs[1]) + 0.5 * (mine[0] - theirs[0])
    if leading is not None:  # the lead is worth half a play to its team
        diff += 0.5 * PLAY_COST if leading % 2 == seat % 2 else -0.5 * PLAY_COST
    return max(-3.0, min(3.0, diff / (4.0 * PLAY_COST)))


def round_start(state: State) -> bool:
    """Whether the next play leads a new round (nothing to beat)."""
    return state.last_play is None


def fast_policy() -> Bot:
    """The rollout policy: the heuristic's ``fast`` mode, which scores only the cheapest plays
    of each shape (full-heuristic rollouts won less: docs/ai-notes.md)."""
    from game.games.guandan.bot import GuandanBot

    return GuandanBot(noise=0.0, fast=True)


def searched(view: View) -> bool:
    """Hard searches only the end game (a live seat holds 8 cards or fewer), where Normal searches
    too but with fewer samples; before it Normal's learned ranking of the close plays judged
    better than rollouts by the quick policy (docs/ai-notes.md, issue 42)."""
    from game.games.guandan.bot import GuandanBot

    return GuandanBot.in_endgame(view)


#: No inference although the engine has ``rewind_play`` (it won less). Structured samples
#: (beta 0.3, 100 steps): players keep their hands in shape, so each sample is walked towards
#: well-kept hands. Measurements of both: docs/ai-notes.md.
def arena_deal(seed: int, rng: random.Random, options: Mapping[str, object] | None) -> State:
    """The arena's single deal (tools/arena.py): a random level; every other deal (odd seeds)
    starts with tribute and return after a random finishing order, the others with a random
    leader, so every phase is played. Under VG3 (``a_level_tries``) a deal at level A instead
    (:func:`_deal_at_a`)."""
    if options and options.get("a_level_tries"):
        return _deal_at_a(seed, rng, options)
    level = rng.choice(RANKS)
    if seed % 2 == 1:
        finish = rng.sample(range(4), 4)
        other = rng.choice(RANKS)
        team_levels = {finish[0] % 2: level, 1 - finish[0] % 2: other}
        return guandan.new_deal(
            seed=seed,
            level=level,
            previous_finish=finish,
            team_levels=team_levels,
            options=options,
        )
    return guandan.new_deal(seed=seed, level=level, leader=rng.randrange(4), options=options)


# Any: a house rule's type is its key's (the options schema)
def _deal_at_a(seed: int, rng: random.Random, options: Mapping[str, Any]) -> State:
    """VG3: a deal at level A of a random team at A with 0..limit-1 tries already played; the
    other team at a random level (with its own count when at A too); a random leader."""
    limit = options["a_level_tries"]
    team = rng.randrange(2)
    levels = {team: "A", 1 - team: rng.choice(RANKS)}
    tries = tuple(rng.randrange(limit) if levels[side] == "A" else 0 for side in (0, 1))
    return guandan.new_deal(
        seed=seed, level="A", leader=rng.randrange(4), team_levels=levels, options=options,
        a_tries=tries,
    )  # fmt: skip


def vg3_drops(state: State) -> dict[int, bool]:
    """Which team of a finished deal drops back to level 2 under VG3, by the match's own rule
    (``Match.advance``: G1.5 and variants.md VG3)."""
    match = guandan.new_match(seed=0, options=dict(state.options))
    match.levels = dict(enumerate(state.team_levels))
    match.a_tries = dict(enumerate(state.a_tries))
    match.state = state
    before = dict(match.levels)
    match.advance()
    return {side: before[side] == "A" and match.levels[side] == "2" for side in (0, 1)}


def arena_result(state: State, seat: int) -> tuple[bool, float]:
    """The arena's (won, score): the deal's winner and its signed levels (G1.2); under VG3 a
    team's drop from A back to 2 costs it 12 levels more."""
    result = state.result
    assert result is not None  # a finished deal
    score = outcome(result, seat)
    won = score > 0
    if state.options["a_level_tries"]:
        drops = vg3_drops(state)
        score += 12.0 * (drops[1 - seat % 2] - drops[seat % 2])
    return won, score


HOOKS = SearchHooks(
    outcome=outcome,
    leaf=leaf,
    round_start=round_start,
    structure=(0.3, 100),
    policy=fast_policy,
    searched=searched,
)
