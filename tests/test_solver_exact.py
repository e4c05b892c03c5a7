"""The exact solver against brute force (issue 59): on small random positions of every game the
solver's verdict, for the position and after each of its legal actions, is plain minimax's
over every action the rules accept (tests/solver_brute.py). Merging equivalent plays changes
no verdict on larger positions (the solver with and without it agree).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.ai.solver import Solver, SolverLimit
from game.ai.solver_climbing import pack as pack_counts
from game.games.doudizhu.rules import interpretations as doudizhu_meanings
from game.games.doudizhu.rules.position import position as doudizhu_position_of
from game.games.doudizhu.solver import DoudizhuModel
from game.games.doudizhu.solver import Goal as DoudizhuGoal
from game.games.guandan.rules.position import position as guandan_position_of
from game.games.guandan.solver import Goal as GuandanGoal
from game.games.guandan.solver import GuandanModel
from game.games.runfast.rules import runfast_pack
from game.games.runfast.rules.position import position as runfast_position_of
from game.games.runfast.solver import Goal as RunFastGoal
from game.games.runfast.solver import RunFastModel
from game.games.shengji.rules.position import position as shengji_position_of
from game.games.shengji.solver import Goal as ShengjiGoal
from game.games.shengji.solver import ShengjiModel
from game.rules.cards import RANKS, Card, double_pack, single_pack
from game.rules.errors import BadArgumentError
from game.rules.shengji import points_of
from tests.solver_brute import brute, every_action

Made = tuple[Any, Any, Any] | None  # (state, goal, model) or None when no position came of it

SEEDS = st.integers(0, 2**32 - 1)


def _split(cards: list[Card], sizes: list[int]) -> list[list[Card]]:
    hands, start = [], 0
    for size in sizes:
        hands.append(cards[start : start + size])
        start += size
    return hands


def runfast_position(seed: int) -> Made:
    """Up to 4 cards a hand after the first play, a lead or a play to beat (R3)."""
    rng = random.Random(seed)
    pack = [card for card in runfast_pack() if str(card) != "3H"]
    rng.shuffle(pack)
    hands = _split(pack, [rng.randint(1, 4) for _ in range(3)])
    turn, rest = rng.randrange(3), pack[sum(map(len, hands)) :]
    last = seat = None
    if rng.random() < 0.5:
        seat = (turn - 1 - rng.randrange(2)) % 3
        last = [c for c in rest if c.rank == rest[0].rank][: rng.choice([1, 2, 3, 4])]
    try:
        state = runfast_position_of(hands, turn=turn, last=last, last_seat=seat)
    except BadArgumentError:
        return None  # e.g. a seat passed that could beat the play (R3.4)
    goal = RunFastGoal(rng.randrange(3))
    return state, goal, RunFastModel(goal)


def doudizhu_position(seed: int) -> Made:
    """Up to 3 cards a hand, either side's goal (D1.2), a lead or a play to beat (D3)."""
    rng = random.Random(seed)
    pack = single_pack()
    rng.shuffle(pack)
    hands = _split(pack, [rng.randint(1, 3) for _ in range(3)])
    turn, rest = rng.randrange(3), pack[sum(map(len, hands)) :]
    last = seat = None
    if rng.random() < 0.6:
        seat = (turn - 1 - rng.randrange(2)) % 3
        last = [c for c in rest if c.rank == rest[0].rank][: rng.choice([1, 2, 3, 4])]
        if not doudizhu_meanings(last):
            last = rest[:1]
    landlord = rng.randrange(3)
    state = doudizhu_position_of(hands, landlord=landlord, turn=turn, last=last, last_seat=seat)
    goal = DoudizhuGoal(rng.choice(["landlord", "peasants"]), landlord)
    return state, goal, DoudizhuModel(goal)


def guandan_position(seed: int) -> Made:
    """Up to 3 cards a hand from few ranks (wilds and jokers likely), sometimes a seat out
    (G4.2 wind), each goal of levels (G1.2)."""
    rng = random.Random(seed)
    level = rng.choice("2345")
    ranks = {level, *rng.sample([r for r in RANKS if r != level], 5)}
    pack = [c for c in double_pack() if c.rank in ranks or (c.is_joker and rng.random() < 0.2)]
    rng.shuffle(pack)
    out = [rng.randrange(4)] if rng.random() < 0.3 else []
    sizes = [0 if seat in out else rng.randint(1, 3) for seat in range(4)]
    hands = _split(pack, sizes)
    active = [seat for seat in range(4) if seat not in out]
    turn, rest = rng.choice(active), pack[sum(sizes) :]
    last = seat = None
    if rng.random() < 0.5:
        seat = rng.choice([s for s in active if s != turn] + out[-1:])
        last = [c for c in rest if c.rank == rest[0].rank][: rng.choice([1, 1, 2, 3])]
    state = guandan_position_of(hands, level=level, turn=turn, out=out, last=last, last_seat=seat)
    goal = GuandanGoal(rng.choice([1, 2, 3]))
    return state, goal, GuandanModel(goal)


def guandan_flush_position(seed: int) -> Made:
    """Two seats out (one of each team), the two left racing: one of them holds a straight
    flush, or four of its cards and a wild (G5.3, G5.6), and cards of the same ranks in another
    suit, so which of two equal cards it plays matters."""
    rng = random.Random(seed)
    level = rng.choice("2345")
    first, second = rng.choice([0, 2]), rng.choice([1, 3])
    out = [first, second]
    left = [seat for seat in range(4) if seat not in out]
    suit, low = rng.choice("SDC"), rng.randrange(0, 9)
    run = [Card(RANKS[(low + i) % 13], suit) for i in range(5)]
    flush = run if rng.random() < 0.5 else [*rng.sample(run, 4), Card(level, "H")]
    other = rng.choice([x for x in "SDC" if x != suit])  # the same ranks in another suit:
    flush += [Card(c.rank, other) for c in rng.sample(run, rng.randint(1, 2))]  # a choice
    pack = [c for c in double_pack() if c not in flush]
    rng.shuffle(pack)
    hands: list[list[Card]] = [[], [], [], []]
    hands[left[0]] = flush
    hands[left[1]] = pack[: rng.randint(1, 2)]
    turn = rng.choice(left)
    state = guandan_position_of(hands, level=level, turn=turn, out=out)
    goal = GuandanGoal(2)  # seats 0 and 2 won the deal; the partner must not be last
    model = GuandanModel(goal)
    model.root(state)
    assert model.canon(pack_counts(state.hands[left[0]])) == pack_counts(state.hands[left[0]])
    return state, goal, model


def shengji_position(seed: int, most: int = 3) -> Made:
    """Up to ``most`` cards a hand from two suits and few ranks (pairs, twins across hands,
    points), a trump suit or none, either side's goal around the points in play (S5)."""
    rng = random.Random(seed)
    level = rng.choice("2345")
    trump = rng.choice(["S", "H", "D", "C", None])
    ranks = {level, "5", "T", "K", *rng.sample(RANKS, 4)}
    pack = [
        c
        for c in double_pack()
        if (c.rank in ranks and c.suit is not None and c.suit in "SH")
        or (c.is_joker and rng.random() < 0.3)
    ]
    rng.shuffle(pack)
    size = rng.randint(1, most)
    if len(pack) < 4 * size:
        return None
    hands = _split(pack, [size] * 4)
    rest = double_pack()
    for card in (c for hand in hands for c in hand):
        rest.remove(card)
    rng.shuffle(rest)
    kitty = rest[:8]
    points = 5 * rng.randint(0, (200 - points_of([*pack[: 4 * size], *kitty])) // 5)
    dealer, leader = rng.randrange(4), rng.randrange(4)
    state = shengji_position_of(
        hands, level=level, trump=trump, dealer=dealer, kitty=kitty, points=points, leader=leader
    )
    goal = ShengjiGoal(points + 5 * rng.randint(1, 12), dealer % 2 == 1)
    return state, goal, ShengjiModel(goal)


def agree(made: Made) -> None:
    """The solver's verdict equals brute force's, at the position and after each action."""
    assume(made is not None)
    assert made is not None
    state, goal, model = made
    assume(goal.met(state) is None)
    solver = Solver(model)
    assert solver.forced(state) == brute(state, goal)
    for action in every_action(state):
        child = state.clone()
        child.apply(action)
        assert solver.forced(child) == brute(child, goal), action


QUICK = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FULL = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAKERS = {
    "runfast": runfast_position,
    "doudizhu": doudizhu_position,
    "guandan": guandan_position,
    "shengji": shengji_position,
}


@pytest.mark.parametrize("game", MAKERS)
@QUICK
@given(seed=SEEDS)
def test_the_solver_agrees_with_brute_force(game: str, seed: int) -> None:
    agree(MAKERS[game](seed))


@pytest.mark.slow
@pytest.mark.parametrize("game", MAKERS)
@FULL
@given(seed=SEEDS)
def test_the_solver_agrees_with_brute_force_on_many_positions(game: str, seed: int) -> None:
    agree(MAKERS[game](seed))


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_guandan_straight_flushes_agree_with_brute_force(seed: int) -> None:
    # G5.6: the hand that could still make a straight flush is keyed card by card
    agree(guandan_flush_position(seed))


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_guandan_straight_flushes_agree_with_brute_force_often(seed: int) -> None:
    agree(guandan_flush_position(seed))


class _GuandanUnmerged(GuandanModel):
    """Guandan's model keyed card by card: no two plays merged unless the same cards."""

    def canon(self, hand: int) -> int:
        return hand


class _ShengjiUnmerged(ShengjiModel):
    """Shengji's model without interchangeable single cards."""

    def _labels(self, node: Any, hand: Any) -> None:
        return None


def merged_agrees(made: Made, unmerged: type) -> None:
    """The verdict and the number of winning first moves' classes do not depend on merging."""
    assume(made is not None)
    assert made is not None
    state, goal, model = made
    assume(goal.met(state) is None)
    try:
        merged = Solver(model, node_limit=60_000).forced(state)
        plain = Solver(unmerged(goal), node_limit=240_000).forced(state)
    except SolverLimit:
        assume(False)
        return
    assert merged == plain


def guandan_middle_position(seed: int) -> Made:
    """Four to six cards a hand, runs of one suit and wilds likely (G5.3-G5.6)."""
    rng = random.Random(seed)
    level = rng.choice("2345")
    pack = double_pack()
    rng.shuffle(pack)
    out = [rng.randrange(4)] if rng.random() < 0.5 else []
    hands: list[list[Card]] = [[], [], [], []]
    for seat in (s for s in range(4) if s not in out):
        suit, low = rng.choice("SDC"), rng.randrange(0, 9)
        wanted = rng.sample([Card(RANKS[(low + i) % 13], suit) for i in range(5)], 3)
        wanted += [Card(level, "H")] * (rng.random() < 0.4) + pack[: rng.randint(1, 3)]
        for card in wanted:
            if card in pack and len(hands[seat]) < 6:
                pack.remove(card)
                hands[seat].append(card)
    turn = rng.choice([s for s in range(4) if s not in out])
    state = guandan_position_of(hands, level=level, turn=turn, out=out)
    goal = GuandanGoal(rng.choice([1, 2, 3]))
    return state, goal, GuandanModel(goal)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_guandan_merging_changes_no_verdict(seed: int) -> None:
    merged_agrees(guandan_middle_position(seed), _GuandanUnmerged)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_shengji_merging_changes_no_verdict(seed: int) -> None:
    merged_agrees(shengji_position(seed, most=5), _ShengjiUnmerged)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, game=st.sampled_from(["guandan", "shengji"]))
def test_merging_changes_no_verdict_on_many_positions(seed: int, game: str) -> None:
    if game == "guandan":
        merged_agrees(guandan_middle_position(seed), _GuandanUnmerged)
    else:
        merged_agrees(shengji_position(seed, most=5), _ShengjiUnmerged)


def test_a_single_card_tied_by_a_twin_is_not_merged_with_its_neighbour() -> None:
    # S3.5: seat 0's 6C (trump) ties seat 2's 6C and 8C beats it, though no card in play lies
    # between 6C and 8C: the two are not one move. Merging them once lost the forced 95.
    state = shengji_position_of(
        ["8C 6C 7D 6D 6D 3D", "5H 5S KC QC TC 9C", "RJ BJ 5S 9C 6C 4C", "BJ 5D 5H QC JC JC"],
        level="5",
        trump="C",
        dealer=1,
        kitty="QD JD TD 9D 9D 8D 7D 4D",
        points=65,
        leader=0,
    )
    goal = ShengjiGoal(95, True)
    verdict = Solver(ShengjiModel(goal)).analyse(state)
    assert verdict.forced
    assert verdict.forced == Solver(_ShengjiUnmerged(goal)).analyse(state).forced


def test_the_goal_counts_both_cards_of_a_pair_still_in_play() -> None:
    # S5.1: two 5s of hearts are 10 points; the goal once counted a pair's card once
    state = shengji_position_of(
        ["5H 5H", "3S 4S", "6S 7S", "8S 9S"],
        level="2",
        trump="S",
        dealer=0,
        kitty="2D 3D 4D 6D 7D 8D 9D JD",
        points=0,
        leader=0,
    )
    assert ShengjiGoal(10, True).met(state) is None  # the attackers can still take both
    assert ShengjiGoal(15, True).met(state) is False
