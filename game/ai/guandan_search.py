"""Guandan's hooks for the search bot (game/ai/search.py): outcome, leaf, structured samples."""

from __future__ import annotations

from typing import Any

from game.ai.search import SearchHooks


def outcome(result: Any, seat: int) -> float:
    """Levels gained by ``seat``'s team in a finished Guandan deal, negative for a loss (G1.2).

    Two additions won no more on the same 200 duplicate deals against Normal: a bonus of one
    level for winning the deal (54.75 % at 8 samples, 57.0 % without), and a race term of 0.01
    per card the other team held minus its own when the first seat went out in the rollout,
    to split moves that end in the same levels (56.0 % at 16 samples, 56.3 % without)."""
    value = float(result.levels_gained)
    return value if result.winning_team == seat % 2 else -value


def leaf(state: Any, seat: int) -> float:
    """A cut-off Guandan rollout, in level-like units: the planner's hand values (fewer plays
    and more winning cards are better, game/ai/guandan_bot.py) of ``seat``'s team against the
    other team's, the better hand of each team counting double; the seat to lead gains half a
    play and a finished seat counts as the best hand possible."""
    from game.ai.guandan_bot import PLAY_COST, plan_value

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


def round_start(state: Any) -> bool:
    """Whether the next play leads a new round (nothing to beat)."""
    return state.last_play is None


def fast_policy() -> Any:
    """The rollout policy: the heuristic's ``fast`` mode, which scores only the cheapest plays
    of each shape (it makes Normal's choice in 90 % of Normal's decisions, yet full-heuristic
    rollouts won less: 53.5 % of 200 duplicate deals against Normal at 8 samples, 57.0 %)."""
    from game.ai.guandan_bot import GuandanBot

    return GuandanBot(noise=0.0, fast=True)


#: Inference is left out although the engine has ``rewind_play``: with 4 draws and a window
#: of 8 (and its rollouts valuing the win at one level more) Hard won 52.8 % of 200 duplicate
#: deals against Normal, 57.0 % of the same deals without; with inference alone (4 draws,
#: window 8, no bonus) it won 50.75 % of them.
#: Structured samples (beta 0.3, 100 steps): players keep their hands in shape (they break no
#: bomb or sequence to shed a card), so the hidden hands are far better organised than a
#: random deal of the unseen cards: in Guandan games of Normal, the other three hands needed
#: 18.2 / 12.9 / 7.6 plays in all by the planner at plies 20 / 40 / 60, uniform samples of
#: them 23.4 / 18.8 / 12.8. Each sample is therefore walked ``steps`` Metropolis steps from a
#: uniform draw, a step exchanging two hidden cards between two seats and being accepted with
#: probability min(1, exp(beta × the change in the seats' hand values)); with beta 0.3 and
#: 100 steps the samples needed 17.2 / 12.8 / 8.7 plays (30 to 40 ms a sample).
HOOKS = SearchHooks(
    outcome=outcome,
    leaf=leaf,
    round_start=round_start,
    structure=(0.3, 100),
    policy=fast_policy,
)
