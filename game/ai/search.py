"""The search bot behind the Hard level, one implementation for every preset (issue 11).

Determinized Monte Carlo (PIMC): the bot asks the engine for full deals consistent with what
its seat knows (``sample_state(view, rng)``: card counts, cards played, cards it saw, voids
shown), tries each candidate action on every sampled deal and plays the deal out with the
heuristic policy for every seat, then picks the action with the best mean outcome for its own
side. All candidates are evaluated on the same samples with the same rollout random numbers
(common random numbers), so differences between them are not sampling noise between deals.

- Candidates: every legal action when there are at most ``top_k``; otherwise the heuristic's
  ``top_k`` best. A heuristic with a ``search_window`` (Guandan) offers only moves it scores
  within that window of its best, so its strong vetoes stand (never overtake a winning
  partner, no idle bomb) and the search settles the close calls; one with ``ranked`` (Run
  Fast) gives its order; otherwise (Shengji) its choice plus a seeded random handful.
- Budget: sampling stops at the first sample boundary after ``budget_ms`` (at least
  ``min_samples`` samples, at most ``max_samples``); a sample still running at
  ``HARD_STOP`` × the budget is dropped. With ``samples`` set it evaluates exactly that many
  samples whatever the time (the arena uses it so that runs repeat).
- Rollout policy: the heuristic (Guandan: its ``fast`` mode, which scores only the cheapest
  plays of each shape, several times quicker).
- Outcome of a finished rollout, for the bot's side: Guandan, the levels gained by its team
  (negative when the other team wins, G1.2); Shengji, the attackers' points measured from
  80 in steps of 40 (the S5.3 table, continuous so that a few points still count), with the sign
  of the bot's team; Run Fast, the seat's settlement (R5).
- Cut-offs (choices where the issue is silent, for time): a Guandan rollout stops when the
  round in progress and the next one have ended (``rounds``; or after 24 plies) and is scored
  by the planner's hand values of the two teams plus the lead (``guandan_leaf``); a Shengji
  rollout stops after 12 plies (three tricks) and projects the attackers' points
  (``shengji_leaf``); Run Fast deals are played to the end.
- The heuristic's own choice is kept unless another candidate's mean is better by more than
  ``margin`` (in outcome units): with few samples this keeps sampling noise from replacing a
  sound heuristic move by a worse one.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from game.rules.base import Action

#: Default rollout cut-off (plies) per preset; None plays deals to the end.
DEFAULT_MAX_PLIES: dict[str, int | None] = {"guandan": 24, "shengji": 12, "runfast": None}
#: In budget mode a sample still running at this multiple of the budget is abandoned.
HARD_STOP = 1.6
#: Presets whose rollouts stop (with the leaf value) when the round after the move ends.
ROUND_END_STOP = frozenset({"guandan"})


def _field(obj: Any, *names: str, default: Any = None) -> Any:
    """The first attribute or mapping key of ``obj`` among ``names``."""
    for name in names:
        if isinstance(obj, dict) and name in obj:
            return obj[name]
        if hasattr(obj, name):
            return getattr(obj, name)
    return default


def guandan_outcome(state: Any, seat: int) -> float:
    """Levels gained by ``seat``'s team in a finished Guandan deal, negative for a loss (G1.2)."""
    result = state.result
    order = list(_field(result, "finish_order", "order", default=()) or ())
    team = _field(result, "winning_team", "winner", "team", default=None)
    gained = _field(result, "levels_gained", "gained", "promotion", default=None)
    if team is None or gained is None:
        from game.rules import guandan

        team, gained = guandan.promotion(order)
    if isinstance(gained, dict):
        gained = gained.get(team, 0)
    value = float(gained)
    return value if team == seat % 2 else -value


def shengji_outcome(state: Any, seat: int) -> float:
    """(Attackers' points − 80) / 40 with the sign of ``seat``'s team (S5.3)."""
    result = state.result
    points = float(_field(result, "attacker_points"))
    attackers = _field(result, "attackers", default=None)
    if attackers is None:
        attackers = (int(_field(result, "dealer")) + 1) % 2
    value = (points - 80.0) / 40.0
    return value if seat % 2 == attackers else -value


def runfast_outcome(state: Any, seat: int) -> float:
    """The seat's net settlement (R5), in points."""
    return float(state.settlement[seat])


OUTCOMES: dict[str, Callable[[Any, int], float]] = {
    "guandan": guandan_outcome,
    "shengji": shengji_outcome,
    "runfast": runfast_outcome,
}


def guandan_leaf(state: Any, seat: int) -> float:
    """A cut-off Guandan rollout, in level-like units: the planner's hand values (fewer plays
    and more winning cards are better, game/ai/guandan_bot.py) of ``seat``'s team against the
    other team's, the better hand of each team counting double; the seat to lead gains half a
    play and a finished seat counts as the best hand possible."""
    from game.ai.guandan_bot import PLAY_COST, plan_value

    level = state.view(seat).level
    finished = list(_field(state, "finish_order", default=()) or ())
    leading = state.current_player if _field(state, "last_play", default=None) is None else None
    values: dict[int, list[float]] = {0: [], 1: []}
    for other in range(4):
        if other in finished:
            values[other % 2].append(PLAY_COST * (4 - finished.index(other)))
            continue
        hand = state.hand(other) if hasattr(state, "hand") else state.view(other).hand
        value = plan_value(list(hand), level)[0]
        values[other % 2].append(value)
    mine, theirs = sorted(values[seat % 2]), sorted(values[1 - seat % 2])
    diff = (mine[1] - theirs[1]) + 0.5 * (mine[0] - theirs[0])
    if leading is not None:  # the lead is worth half a play to its team
        diff += 0.5 * PLAY_COST if leading % 2 == seat % 2 else -0.5 * PLAY_COST
    return max(-3.0, min(3.0, diff / (4.0 * PLAY_COST)))


def shengji_leaf(state: Any, seat: int) -> float:
    """A cut-off Shengji rollout: the attackers' final points projected from the points taken
    so far (the rest split in the same proportion, shrunk towards even), on the scale of
    :func:`shengji_outcome`. Before play (declaring, burying) it is 0."""
    dealer = getattr(state, "dealer", None)
    points = getattr(state, "team_points", None)
    if dealer is None or points is None:
        return 0.0
    attackers = (dealer + 1) % 2
    taken = points[0] + points[1]
    share = (points[attackers] + 20.0) / (taken + 40.0)
    final = points[attackers] + share * (200.0 - taken)
    value = (final - 80.0) / 40.0
    return value if seat % 2 == attackers else -value


LEAVES: dict[str, Callable[[Any, int], float]] = {"guandan": guandan_leaf, "shengji": shengji_leaf}


class SearchBot:
    """Determinized Monte Carlo over ``engine.sample_state`` with heuristic rollouts."""

    name = "hard"

    def __init__(
        self,
        preset: str,
        heuristic: Any,
        *,
        policy: Any = None,
        budget_ms: float = 1000.0,
        samples: int | None = None,
        top_k: int = 4,
        min_samples: int = 1,
        max_samples: int = 400,
        max_plies: int | None = -1,
        margin: float = 0.05,
        rounds: int = 2,
    ) -> None:
        self.preset = preset
        self.engine = importlib.import_module(f"game.rules.{preset}")
        self.heuristic = heuristic
        #: The rollout policy for every seat (the heuristic unless a quicker one is given).
        self.policy = policy if policy is not None else heuristic
        self.budget_ms = budget_ms
        self.samples = samples
        self.top_k = top_k
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.max_plies = DEFAULT_MAX_PLIES.get(preset) if max_plies == -1 else max_plies
        self.margin = margin
        self.outcome = OUTCOMES[preset]
        self.leaf = LEAVES.get(preset)
        self.round_end_stop = preset in ROUND_END_STOP
        #: Rounds a cut Guandan rollout plays before the leaf value (the one in progress is 1).
        self.rounds = rounds
        #: Samples evaluated at the last decision (for the arena and tests).
        self.last_samples = 0

    # --- candidates -------------------------------------------------------------------------

    def candidates(self, view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        """The actions worth searching, the heuristic's favourite first."""
        window = getattr(self.heuristic, "search_window", None)
        if window is not None:
            # only moves the heuristic finds nearly as good as its best: its strong vetoes
            # (overtaking the partner, an idle bomb) stand, PIMC settles the close calls
            scores = self.heuristic.scores(view, legal)
            order = sorted(range(len(legal)), key=lambda index: -scores[index])
            best = scores[order[0]]
            return [legal[i] for i in order[: self.top_k] if scores[i] >= best - window]
        ranked = getattr(self.heuristic, "ranked", None)
        if ranked is not None:
            order = list(ranked(view, legal, rng))
            return order[: self.top_k] if len(order) > self.top_k else order
        first = self.heuristic.choose(view, legal, rng)
        others = [action for action in legal if action != first]
        if len(others) >= self.top_k:
            others = rng.sample(others, self.top_k - 1)
        return [first, *others]

    # --- rollouts ---------------------------------------------------------------------------

    def rollout(self, state: Any, seat: int, rng: random.Random) -> float:
        """Play ``state`` on with the heuristic for every seat; ``seat``'s outcome."""
        plies = 0
        policy = self.policy
        round_stop = self.round_end_stop and self.leaf is not None
        rounds_left = self.rounds
        while not state.is_terminal:
            if self.leaf is not None:
                if self.max_plies is not None and plies >= self.max_plies:
                    return self.leaf(state, seat)
                if round_stop and getattr(state, "last_play", 0) is None:
                    rounds_left -= 1
                    if rounds_left <= 0:
                        return self.leaf(state, seat)
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                player = state.current_player
                action = policy.choose(state.view(player), legal, rng)
            try:
                state.apply(action)
            except Exception:  # noqa: BLE001 - a policy slip must not end the search
                state.apply(legal[0])
            plies += 1
        return self.outcome(state, seat)

    # --- the decision -----------------------------------------------------------------------

    def evaluate(
        self, view: Any, candidates: list[Action], rng: random.Random
    ) -> tuple[list[float], int]:
        """Summed outcomes per candidate and the number of samples they cover."""
        seat = view.seat
        totals = [0.0] * len(candidates)
        start = time.perf_counter()
        budget_s = self.budget_ms / 1000.0
        done = 0
        limit = self.samples if self.samples is not None else self.max_samples
        while done < limit:
            if (
                self.samples is None
                and done >= self.min_samples
                and time.perf_counter() - start >= budget_s
            ):
                break
            sample = self.engine.sample_state(view, rng)
            rollout_seed = rng.randrange(1 << 30)
            partial = []
            for action in candidates:
                if (
                    self.samples is None
                    and done >= 1
                    and time.perf_counter() - start >= HARD_STOP * budget_s
                ):
                    return totals, done  # an unfinished sample is dropped: all or nothing
                state = sample.clone()
                state.apply(action)
                partial.append(self.rollout(state, seat, random.Random(rollout_seed)))
            for index, value in enumerate(partial):
                totals[index] += value
            done += 1
        return totals, done

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """The candidate with the best mean outcome over the sampled deals."""
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(view, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        totals, done = self.evaluate(view, candidates, rng)
        self.last_samples = done
        if done == 0:
            return candidates[0]
        means = [total / done for total in totals]
        best = max(range(len(candidates)), key=lambda index: (means[index], -index))
        if means[best] - means[0] <= self.margin:
            return candidates[0]
        return candidates[best]


def shengji_levels(state: Any, seat: int) -> tuple[bool, float]:
    """(whether ``seat``'s team won the finished Shengji deal, its levels gained, negative
    when the other team gained them) (S5.3)."""
    result = state.result
    team = _field(result, "winning_team", default=None)
    gained = _field(result, "levels_gained", default=None)
    if team is None or gained is None:
        from game.rules import shengji

        side, gained = shengji.deal_outcome(int(_field(result, "attacker_points")))
        attackers = (int(_field(result, "dealer")) + 1) % 2
        team = attackers if side == "attackers" else 1 - attackers
    won = team == seat % 2
    return won, float(gained if won else -gained)
