"""Hard's deadline (issue 56): in budget mode the whole decision (choosing the candidates,
sampling, rollouts, the pick) ends by ``budget_ms`` on the search's clock. Checked with a fake
clock that moves on at every reading, so no test reads the wall clock."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import registry
from game.ai.base import is_legal
from game.ai.registry import make_bot
from game.ai.search import SearchBot

PRESETS = registry.ids()


class FakeClock:
    """Seconds that move on by ``step`` at every reading and by ``play`` at every rollout
    play (the work between readings stands for time passing)."""

    def __init__(self, step: float, play: float = 0.0) -> None:
        self.now = 100.0
        self.step = step
        self.play = play

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def timed_policy(bot: SearchBot, clock: FakeClock) -> None:
    """Make each choice of ``bot``'s rollout policy (its rollouts' plays) and of its heuristic
    (the plays its samples' inference replays, Shengji) take ``clock.play`` seconds."""
    for player in {id(bot.policy): bot.policy, id(bot.heuristic): bot.heuristic}.values():
        choose = player.choose

        def slow_choose(
            view: Any, legal: list[Any], rng: random.Random, choose: Any = choose
        ) -> Any:
            clock.now += clock.play
            return choose(view, legal, rng)

        setattr(player, "choose", slow_choose)  # noqa: B010 - a method replaced on one object


def searched_positions(preset: str, count: int) -> list[Any]:
    """States from the game's arena deals (random play up to a point) where its Hard searches:
    its ``searched`` hook agrees and it has more than one candidate."""
    spec = registry.get(preset)
    hooks = spec.search_hooks()
    hard = make_bot(preset, "hard", samples=1)
    assert isinstance(hard, SearchBot)
    found: list[Any] = []
    for index in range(40):
        rng = random.Random(index)
        state = spec.arena_deal(index, rng, None)
        stop = rng.randrange(10, 150)
        plies = 0
        while not state.is_terminal and len(found) < count:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None  # a deal not over has a seat to act
            if plies >= stop and len(legal) > 1 and state.phase == "play":
                view = state.view(seat)
                if (hooks.searched is None or hooks.searched(view)) and len(
                    hard.candidates(view, list(legal), random.Random(0))
                ) > 1:
                    found.append(state.clone())
                    break
            state.apply(rng.choice(legal))
            plies += 1
        if len(found) >= count:
            break
    return found


def hard_with(preset: str, clock: FakeClock, budget_ms: int) -> SearchBot:
    bot = make_bot(preset, "hard", budget_ms=budget_ms)
    assert isinstance(bot, SearchBot)
    bot.clock = clock
    return bot


@pytest.mark.parametrize("preset", PRESETS)
def test_hard_ends_its_decision_by_the_deadline(preset: str) -> None:
    """A rollout still running at the deadline is cut within a play and its sample dropped,
    so the decision ends at most a play past the deadline, however long a rollout is."""
    states = searched_positions(preset, 3)
    assert states, f"no searched {preset} position found"
    for state in states:
        clock = FakeClock(step=1e-6, play=0.004)  # 4 ms a rollout play
        bot = hard_with(preset, clock, budget_ms=30)  # shorter than a whole rollout
        timed_policy(bot, clock)
        start = clock.now
        legal = state.legal_actions()
        action = bot.choose(state.view(state.current_player), list(legal), random.Random(3))
        assert is_legal(state, action, legal)
        assert clock.now <= start + 0.030 + clock.play + 0.001


@pytest.mark.parametrize("preset", PRESETS)
def test_choosing_the_candidates_counts_against_the_budget(preset: str) -> None:
    """When choosing the candidates already used the budget, Hard rolls out nothing and plays
    the heuristic's choice (the first candidate)."""
    states = searched_positions(preset, 1)
    assert states
    state = states[0]
    clock = FakeClock(step=0.0)
    bot = hard_with(preset, clock, budget_ms=500)
    chosen: list[Any] = []
    candidates = bot.candidates

    def slow_candidates(view: Any, legal: list[Any], rng: random.Random) -> list[Any]:
        found = candidates(view, legal, rng)
        chosen.extend(found)
        clock.now += 0.6  # the scoring took longer than the whole budget
        return found

    def no_rollout(state: Any, seat: int, rng: random.Random) -> float:
        raise AssertionError("a rollout after the deadline")

    bot.candidates = slow_candidates  # type: ignore[method-assign]  # stand-ins that take their time
    bot.rollout = no_rollout  # type: ignore[method-assign]  # stand-ins that take their time
    legal = state.legal_actions()
    action = bot.choose(state.view(state.current_player), list(legal), random.Random(3))
    assert bot.last_samples == 0
    assert action == chosen[0]


def test_a_sample_cut_by_the_deadline_is_dropped() -> None:
    """All or nothing: a sample whose rollouts the deadline cut adds no value to any
    candidate, and the finished ones keep theirs (paired comparisons stay paired)."""
    state = searched_positions("guandan", 1)[0]
    clock = FakeClock(step=1e-6, play=0.001)
    bot = hard_with("guandan", clock, budget_ms=10_000)
    timed_policy(bot, clock)
    view = state.view(state.current_player)
    candidates = bot.candidates(view, state.legal_actions(), random.Random(1))
    deadline = clock.now + 0.150  # some rollouts, and one cut short
    values, done = bot.evaluate(view, candidates, random.Random(5), deadline)
    assert clock.now <= deadline + clock.play + 0.001
    assert done >= 1 and all(len(v) == done for v in values)


def test_fixed_samples_never_read_the_clock() -> None:
    """With ``samples`` set (the arena's repeatable Hard, Normal's end-game search) the clock
    is not read, so a seeded run repeats."""
    state = searched_positions("guandan", 1)[0]

    def no_clock() -> float:
        raise AssertionError("the clock was read")

    bot = make_bot("guandan", "hard", samples=2)
    assert isinstance(bot, SearchBot)
    bot.clock = no_clock
    legal = state.legal_actions()
    action = bot.choose(state.view(state.current_player), list(legal), random.Random(3))
    assert is_legal(state, action, legal)
