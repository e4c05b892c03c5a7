"""The search bot behind the Hard level, one implementation for every game (issue 11).

Determinized Monte Carlo (PIMC): the bot asks the engine for full deals consistent with what
its seat knows (``sample_state(view, rng)``: card counts, cards played, cards it saw, voids
shown), tries each candidate action on every sampled deal and plays the deal out with the
rollout policy for every seat, then compares the candidates' outcomes for its own side. All
candidates see the same samples and the same rollout random numbers, so their differences are
paired (per-sample differences, not two noisy means).

- Samples: per game (its ``SearchHooks``) either the most plausible of a few draws
  (``infer``, :meth:`SearchBot.misses`: uniform draws are often impossible or implausible) or
  walked towards well-kept hands (``structure``, :meth:`SearchBot.structured`: real players
  keep their hands in shape), or drawn by the game's ``reader`` (what the play shows of the
  hidden hands); otherwise uniform.
- Candidates: every legal action when at most ``top_k``; otherwise the heuristic's own
  ranking (``search_window``: only moves within that window of its best, so its strong vetoes
  stand; ``ranked``: its order), or its choice plus a seeded random handful. The first
  candidate is always the heuristic's choice.
- Rollouts play to the end of the deal with the heuristic (or the game's quicker ``policy``)
  for every seat and score the finished deal with the game's ``outcome``; the leaf values
  serve callers that cut rollouts short (``max_plies``, ``rounds``).
- Where: a game may keep the search to some positions (``searched``) and let the heuristic
  choose elsewhere (Guandan: the end game, where its learned judgment is not beaten).
- Confidence rule: the heuristic's choice is kept unless another candidate's mean paired
  advantage exceeds ``margin`` and ``SWITCH_Z`` standard errors (a single lucky sample
  must not overturn a sound move); with ``worst_case`` the worst sample counts too
  (:func:`game.ai.paired.pick_worst`).
- Early stops read the values only, never the clock (``STOP_Z``, ``EARLY_MIN``; the statistics in :mod:`game.ai.paired`), so
  clear decisions are cheap and close calls get every sample. Budget mode (issue 56) ends the
  whole decision by ``budget_ms`` from the call (choosing the candidates, sampling, rollouts
  and the pick): no sample starts that the samples so far say would not finish by then, and a
  sample still running at the deadline is dropped (its draw or rollouts stop midway); with
  ``samples`` set the clock is not read and a seeded run repeats.

What each choice was measured against (win rates, tries that did not help): docs/ai-notes.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from game import registry
from game.ai.base import Bot
from game.ai.paired import EARLY_MIN, paired, pick, pick_worst, prune
from game.registry.spec import Reader
from game.rules.base import Action, DealResult, DealState, DealView, Record
from game.rules.cards import Card
from game.rules.errors import IllegalActionError

#: A structured sample's step (the engine's ``swap_hidden``): the new deal and the seats whose
#: hands changed.
Swap = tuple[DealState, tuple[int, ...]]


class Hidden(Protocol):
    """What the engine's ``hidden_cards(view)`` says of the cards a seat cannot see, as the
    structured samples read it: how many more cards each other seat holds (``need``); the rest
    is the engine's own, passed back to its ``sample_state`` and ``swap_hidden``."""

    @property
    def need(self) -> Mapping[int, int]: ...


class Levelled(Protocol):
    """A view of a deal played at a level (the heuristic's ``hand_value`` takes the level)."""

    @property
    def level(self) -> str: ...


class _OutOfTime(Exception):
    """A rollout reached the decision's deadline (budget mode): its sample is dropped."""


@dataclass(frozen=True)
class SearchHooks:
    """What the search needs to know about one game (named by its ``GameSpec.search_path``).

    ``outcome(result, seat)``: a finished deal's value for ``seat`` (the number maximised).
    ``leaf(state, seat)``: the value of a rollout cut off early (None: rollouts always play
    to the end). ``max_plies``: the default rollout cut-off in plies (None: to the end).
    ``round_start(state)``: whether a new round is about to be led, for callers that cut
    rollouts after ``rounds`` rounds (None: no such cut). ``infer``: (draws, window) of the
    inference by ``rewind_play`` (see :meth:`SearchBot.misses`); (1, 0) is off. ``structure``:
    (beta, steps) of the structured samples (see :meth:`SearchBot.structured`); steps 0 is off.
    ``policy()``: a quicker rollout policy than the heuristic (None: the heuristic itself).
    ``searched(view)``: whether Hard searches this position; where it does not, Hard plays the
    heuristic's own choice (None: it searches every position). The game's hooks name their own
    state and result types; here, where any game's stand, a result is any result and a state any
    deal state.
    """

    # Any: each game's hook takes its own result, state or view class, and a parameter is
    # contravariant, so no shared protocol admits them (the registry reads them as protocols).
    outcome: Callable[[Any, int], float]
    leaf: Callable[[Any, int], float] | None = None  # Any: the game's own state, as above
    max_plies: int | None = None
    round_start: Callable[[Any], bool] | None = None  # Any: the game's own state, as above
    infer: tuple[int, int] = (1, 0)
    structure: tuple[float, int] = (0.0, 0)
    policy: Callable[[], Bot] | None = None
    searched: Callable[[Any], bool] | None = None  # Any: the game's own view, as above
    reader: Callable[[], Reader] | None = None


class SearchBot:
    """Determinized Monte Carlo over ``engine.sample_state`` with heuristic rollouts."""

    name = "hard"

    def __init__(
        self,
        preset: str,
        heuristic: Bot,
        *,
        policy: Bot | None = None,
        budget_ms: float = 1000.0,
        samples: int | None = None,
        top_k: int = 4,
        min_samples: int = 1,
        max_samples: int = 400,
        max_plies: int | None = -1,
        margin: float = 0.1,
        rounds: int | None = None,
    ) -> None:
        self.preset = preset
        spec = registry.get(preset)
        hooks = spec.search_hooks()
        self.engine = spec.rules
        self.heuristic = heuristic
        #: The rollout policy for every seat (the heuristic unless a quicker one is given).
        self.policy = policy if policy is not None else heuristic
        #: Budget mode: the whole decision ends by this many milliseconds after the call.
        self.budget_ms = budget_ms
        #: The clock of budget mode (seconds; tests give a fake one).
        self.clock: Callable[[], float] = time.perf_counter
        #: The running evaluation's deadline on ``clock``, read by the rollouts (None: none).
        self._deadline: float | None = None
        self.samples = samples
        self.top_k = top_k
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.max_plies = hooks.max_plies if max_plies == -1 else max_plies
        self.margin = margin
        self.outcome = hooks.outcome
        self.leaf = hooks.leaf
        self.round_start = hooks.round_start
        #: Where :meth:`choose` searches (None: everywhere); elsewhere the heuristic chooses.
        self.searched = hooks.searched
        #: The game's reading of the play into the samples (None: plain draws).
        self.reader = hooks.reader() if hooks.reader is not None else None
        #: Rounds a cut rollout plays before the leaf value (the one in progress is 1); None
        #: plays to the end of the deal.
        self.rounds = rounds
        #: Choose by the worst sample too (:func:`game.ai.paired.pick_worst`), not the mean
        #: alone.
        self.worst_case = False
        #: Samples evaluated at the last decision (for the arena and tests).
        self.last_samples = 0
        # The engine's and the heuristic's optional parts (rules-api.md, docs/ai-notes.md).
        self.rewind: Callable[[DealState], tuple[DealState, list[Record]] | None] | None
        self.rewind = getattr(self.engine, "rewind_play", None)
        self.infer_draws, self.infer_window = hooks.infer
        if self.rewind is None:
            self.infer_draws = 1
        self.structure_beta, self.structure_steps = hooks.structure
        self.hidden_cards: Callable[[DealView], Hidden] | None
        self.hidden_cards = getattr(self.engine, "hidden_cards", None)
        self.swap_hidden: Callable[[DealState, Hidden, random.Random], Swap | None] | None
        self.swap_hidden = getattr(self.engine, "swap_hidden", None)
        self.hand_value: Callable[[Sequence[Card], str], float] | None
        self.hand_value = getattr(heuristic, "hand_value", None)
        if self.hidden_cards is None or self.swap_hidden is None or self.hand_value is None:
            self.structure_steps = 0

    # --- candidates -------------------------------------------------------------------------

    def candidates(self, view: DealView, legal: list[Action], rng: random.Random) -> list[Action]:
        """The actions worth searching, the heuristic's favourite first."""
        window: float | None = getattr(self.heuristic, "search_window", None)
        scorer: Callable[[DealView, list[Action]], list[float]] | None
        scorer = getattr(self.heuristic, "scores", None)
        if window is not None and scorer is not None:
            # only moves the heuristic finds nearly as good as its best: its strong vetoes
            # (overtaking the partner, an idle bomb) stand, PIMC settles the close calls
            scores = scorer(view, legal)
            by_score = sorted(range(len(legal)), key=lambda index: -scores[index])
            best = scores[by_score[0]]
            return [legal[i] for i in by_score[: self.top_k] if scores[i] >= best - window]
        ranked: Callable[[DealView, list[Action], random.Random], list[Action]] | None
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

    def rollout(self, state: DealState, seat: int, rng: random.Random) -> float:
        """Play ``state`` on with the rollout policy for every seat; ``seat``'s outcome."""
        plies = 0
        policy = self.policy
        leaf = self.leaf
        max_plies = self.max_plies if leaf is not None else None
        # rounds are counted only when a cut rollout has a leaf value to end with
        round_start = self.round_start if leaf is not None and self.rounds is not None else None
        rounds_left = self.rounds or 0
        while not state.is_terminal:
            self._in_time()
            if max_plies is not None and plies >= max_plies:
                assert leaf is not None  # max_plies is kept only with a leaf
                return leaf(state, seat)
            if round_start is not None and round_start(state):
                rounds_left -= 1
                if rounds_left <= 0:
                    assert leaf is not None  # round_start is kept only with a leaf
                    return leaf(state, seat)
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                player = state.current_player
                assert player is not None  # a deal not over has a player to act
                action = policy.choose(state.view(player), legal, rng)
            try:
                state.apply(action)
            except Exception:  # noqa: BLE001 - a policy slip must not end the search
                state.apply(legal[0])
            plies += 1
        # a terminal deal has its result
        return self.outcome(cast(DealResult, state.result), seat)

    def _in_time(self) -> None:
        """Raise :class:`_OutOfTime` once the running evaluation's deadline has passed."""
        if self._deadline is not None and self.clock() >= self._deadline:
            raise _OutOfTime

    # --- inference --------------------------------------------------------------------------

    def misses(self, sample: DealState, seat: int, bound: int) -> int:
        """How many of the other seats' last ``infer_window`` plays (those with a choice) the
        heuristic would have played otherwise with the hands of ``sample``; counting stops at
        ``bound``, and it is ``bound`` when a play seen would have been illegal. The real deal
        scores 0 when the others play as the heuristic does."""
        rewound = self.rewind(sample) if self.rewind is not None else None
        if rewound is None:
            return 0
        state, records = rewound
        others = [i for i, record in enumerate(records) if record.seat != seat]
        window = self.infer_window
        if not window:
            first = len(records)  # legality only: replay every play, ask the heuristic none
        elif len(others) <= window:
            first = 0
        else:
            first = others[-window]  # the window's earliest play by another seat
        heuristic = self.heuristic
        rng = random.Random(0)
        misses = 0
        for index, record in enumerate(records):
            if index >= first and record.seat != seat:
                self._in_time()
                assert record.seat is not None  # rewound records are seated plays
                legal = state.legal_actions()
                if (
                    len(legal) > 1
                    and heuristic.choose(state.view(record.seat), legal, rng) != record.action
                ):
                    misses += 1
                    if misses >= bound:
                        return misses
            try:
                state.apply(record.action)
            except IllegalActionError:
                return bound  # the deal cannot have happened with these hands
        return misses

    def structured(
        self, sample: DealState, view: Levelled, hidden: Hidden, rng: random.Random
    ) -> DealState:
        """``sample`` walked the hooks' ``structure`` Metropolis steps towards well-kept hands: a
        step exchanges two hidden cards between two seats and is kept with probability
        min(1, exp(beta × the change in those seats' hand values))."""
        beta = self.structure_beta
        level = view.level
        hand_value, swap_hidden = self.hand_value, self.swap_hidden
        assert hand_value is not None and swap_hidden is not None  # else structure_steps is 0
        values = {seat: hand_value(sample.hand(seat), level) for seat in hidden.need}
        for _ in range(self.structure_steps):
            self._in_time()
            step = swap_hidden(sample, hidden, rng)
            if step is None:
                continue
            other, seats = step
            new = {seat: hand_value(other.hand(seat), level) for seat in seats}
            change = sum(new[seat] - values[seat] for seat in seats)
            if change >= 0 or rng.random() < math.exp(beta * change):
                sample = other
                values.update(new)
        return sample

    def draw(self, view: DealView, rng: random.Random, hidden: Hidden | None = None) -> DealState:
        """One sampled deal: the game's ``reader``'s where it has one, else :meth:`plain_draw`."""
        if self.reader is not None:
            return self.reader.draw(view, rng, lambda: self.plain_draw(view, rng, hidden))
        return self.plain_draw(view, rng, hidden)

    def plain_draw(
        self, view: DealView, rng: random.Random, hidden: Hidden | None = None
    ) -> DealState:
        """One sampled deal: structured (:meth:`structured`) where the preset has it,
        otherwise the most plausible of ``infer_draws`` (see :meth:`misses`)."""
        if self.structure_steps:
            if hidden is None:
                assert self.hidden_cards is not None  # else structure_steps is 0
                hidden = self.hidden_cards(view)
            sample = self.engine.sample_state(view, rng, hidden)
            # structured samples need the heuristic's hand_value, which takes the deal's level
            return self.structured(sample, cast(Levelled, view), hidden, rng)
        best = self.engine.sample_state(view, rng)
        if self.infer_draws <= 1:
            return best
        fewest = self.misses(best, view.seat, self.infer_window + 1)
        for _ in range(self.infer_draws - 1):
            if fewest == 0:
                break
            sample = self.engine.sample_state(view, rng)
            misses = self.misses(sample, view.seat, fewest)
            if misses < fewest:
                best, fewest = sample, misses
        return best

    # --- the decision -----------------------------------------------------------------------

    def evaluate(
        self,
        view: DealView,
        candidates: list[Action],
        rng: random.Random,
        deadline: float | None = None,
    ) -> tuple[list[list[float]], int]:
        """Per candidate, its outcome on each sample (None once dropped), and the number of
        samples evaluated.

        Every candidate sees the same sampled deals and the same rollout random numbers
        (common random numbers). In budget mode sampling ends by ``deadline`` on ``clock``
        (by default the budget from now), and early once the leader is clear
        (``STOP_Z``) or only one candidate is left; candidates far below the leader stop
        being rolled out (their values are then None)."""
        values: list[list[float]] = [[] for _ in candidates]
        alive = [True] * len(candidates)
        if self.samples is not None:
            deadline = None  # a fixed number of samples never reads the clock
        elif deadline is None:
            deadline = self._start()
        self._deadline = deadline  # the rollouts read it
        try:
            return self._sample_all(view, candidates, rng, values, alive, deadline, self.clock)
        finally:
            self._deadline = None

    def _start(self) -> float | None:
        """This decision's deadline in budget mode (None with a fixed number of samples)."""
        if self.samples is not None:
            return None
        return self.clock() + self.budget_ms / 1000.0

    def _sample_all(
        self,
        view: DealView,
        candidates: list[Action],
        rng: random.Random,
        values: list[list[float]],
        alive: list[bool],
        deadline: float | None,
        clock: Callable[[], float],
    ) -> tuple[list[list[float]], int]:
        """:meth:`evaluate`'s loop: a sample per pass until the limit, an early stop or (budget
        mode) the deadline; a sample cut short by the deadline is dropped, all or nothing."""
        seat = view.seat
        done = 0
        limit = self.samples if self.samples is not None else self.max_samples
        hidden_cards = self.hidden_cards
        hidden = hidden_cards(view) if hidden_cards is not None and self.structure_steps else None
        began = clock() if deadline is not None else 0.0
        while done < limit:
            if deadline is not None:
                now = clock()
                per_sample = (now - began) / done if done else 0.0
                if done >= self.min_samples and now + per_sample >= deadline:
                    break  # the next sample would likely end after the deadline
                if now >= deadline:
                    break
            if done >= EARLY_MIN and prune(values, alive, self.margin):
                break  # one candidate left, the leader is clear, or nothing can switch
            partial: list[tuple[int, float]] = []
            try:
                sample = self.draw(view, rng, hidden)
                rollout_seed = rng.randrange(1 << 30)
                for index, action in enumerate(candidates):
                    if not alive[index]:
                        continue
                    state = sample.clone()
                    state.apply(action)
                    outcome = self.rollout(state, seat, random.Random(rollout_seed))
                    partial.append((index, outcome))
            except _OutOfTime:
                break  # an unfinished sample is dropped: all or nothing
            for index, value in partial:
                values[index].append(value)
            done += 1
        return values, done

    def choose(self, view: DealView, legal: list[Action], rng: random.Random) -> Action:
        """The heuristic's choice unless another candidate is clearly better over the sampled
        deals (:func:`game.ai.paired.pick`)."""
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        if self.searched is not None and not self.searched(view):
            return self.heuristic.choose(view, legal, rng)
        deadline = self._start()  # choosing the candidates counts against the budget
        candidates = self.candidates(view, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        values, done = self.evaluate(view, candidates, rng, deadline)
        self.last_samples = done
        if done == 0:
            return candidates[0]
        return candidates[self._pick(values, done)]

    def _pick(self, values: list[list[float]], done: int) -> int:
        """The chosen candidate's index by the confidence rule (module docstring)."""
        return (pick_worst if self.worst_case else pick)(values, done, self.margin)

    def appraise(
        self, view: DealView, legal: list[Action], played: Action, rng: random.Random
    ) -> tuple[Action, float, int]:
        """For the AI review of a finished deal: (the action this search chooses, how much
        more it values ``played`` than that choice — the mean paired difference of their
        outcomes over the same sampled deals, negative when ``played`` is worse — and the
        samples used). ``played`` is searched beside the usual candidates."""
        self.last_samples = 0
        deadline = self._start()
        candidates = self.candidates(view, legal, rng) if len(legal) > 1 else list(legal)
        if played not in candidates:
            candidates.append(played)
        if len(candidates) == 1:
            return candidates[0], 0.0, 0
        values, done = self.evaluate(view, candidates, rng, deadline)
        self.last_samples = done
        best = self._pick(values, done) if done else 0
        if candidates[best] == played or done == 0:
            return candidates[best], 0.0, done
        difference, _ = paired(values[candidates.index(played)], values[best])
        return candidates[best], difference, done
