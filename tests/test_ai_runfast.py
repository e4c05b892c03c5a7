"""The Run Fast heuristic bot (issue 11): legal, deterministic, plans its hand, beats random."""

from __future__ import annotations

import random
import statistics

import pytest

from game.ai.random_bot import RandomBot
from game.games.runfast.bot import PACK_COUNTS, RunFastBot, _Knowledge
from game.games.runfast.plan import describe_plan, plan
from game.rules import runfast as rf
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards


def mover(state: rf.RunFastState) -> int:
    """The seat to move (a deal not over has one)."""
    seat = state.current_player
    assert seat is not None
    return seat


def kind_of(action: Action) -> str:
    """The kind of a play's combination (a play has one)."""
    assert action.combo is not None, action
    return action.combo.kind


def counts(text: str) -> tuple[int, ...]:
    values = [0] * 13
    for card in parse_cards(text):
        values[rf.rank_value(card.rank)] += 1
    return tuple(values)


def random_position(seed: int) -> rf.RunFastState:
    rng = random.Random(seed)
    state = rf.new_deal(seed=seed)
    for _ in range(rng.randrange(0, 40)):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state if not state.is_terminal else rf.new_deal(seed=seed + 10_000)


@pytest.mark.parametrize("noise", [0.0, 0.35, 2.0])
def test_bot_returns_only_legal_actions(noise: float) -> None:
    # Seeded random positions, leading and following (R3.4: Pass only when it is the only action).
    bot = RunFastBot(noise=noise)
    rng = random.Random(1)
    kinds = set()
    for seed in range(150):
        state = random_position(seed)
        legal = state.legal_actions()
        action = bot.choose(state.view(mover(state)), legal, rng)
        assert action in legal
        kinds.add("lead" if state.last_play is None else "follow")
        ranked = bot.ranked(state.view(mover(state)), legal, rng)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))
    assert kinds == {"lead", "follow"}


def test_bot_plays_whole_deals_legally() -> None:
    bots = [RunFastBot(), RunFastBot(noise=0.35), RunFastBot()]
    for seed in range(30):
        state = rf.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = mover(state)
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)
        assert state.settlement is not None
        assert sum(state.settlement.values()) == 0


def test_bot_is_deterministic_with_a_seed() -> None:
    for noise in (0.0, 0.35):
        for seed in range(40):
            state = random_position(seed)
            view, legal = state.view(mover(state)), state.legal_actions()
            first = RunFastBot(noise=noise).choose(view, legal, random.Random(seed))
            again = RunFastBot(noise=noise).choose(view, legal, random.Random(seed))
            assert first == again
            if noise == 0.0:  # the best play does not depend on the random numbers
                assert RunFastBot().choose(view, legal, random.Random(seed + 1)) == first


PLANS = [
    # (cards, fewest plays) — R4.1 kinds, R4.2 sequences without the 2, R4.3 bombs
    ("3S 4S 5S 6S 7S 9S 9H", 2),
    ("3S 3H 4S 4H 5S 5H", 1),
    ("5S 5H 5D 5C", 1),
    ("3S 4S 5S 6S 7S 8S 8H 9S 9H", 2),
    ("AS AD AC 2S", 2),
    ("JS QS KS AS 2S", 5),
    ("3S 5S 7S 9S JS", 5),
    ("6S 7S 8S 9S TS 9H TH 9D TD", 2),
    ("9S 9H 9D TS TH JS QS KS", 3),
    ("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", 1),
]


@pytest.mark.parametrize("cards, plays", PLANS)
def test_plan_finds_the_fewest_plays(cards: str, plays: int) -> None:
    result = describe_plan(counts(cards))
    assert len(result) == plays, result
    assert sum(size for _, _, size in plan(counts(cards))[1]) == len(parse_cards(cards))


def choose_in(hands: list[str], leader: int, moves: list[str]) -> tuple[rf.RunFastState, Action]:
    """Script a position (hands without 3H, ``leader`` leads), play ``moves``, ask the bot."""
    state = rf.new_deal(hands=hands, leader=leader)
    for move in moves:
        if move == "pass":
            state.apply(Action("pass"))
        else:
            (action,) = state.actions_for(move)
            state.apply(action)
    seat = mover(state)
    return state, RunFastBot().choose(state.view(seat), state.legal_actions(), random.Random(0))


def test_goes_out_when_it_can() -> None:
    # R1.2
    _, action = choose_in(["5S 9S 9H", "6S 6H 7S 8S 9D TS JS QS", "4S 4H 8H 8D KC"], 2, ["4S 4H"])
    assert format_cards(action.cards) == "9S 9H"


def test_leads_its_most_awkward_play() -> None:
    # Leading sheds the low single the plan cannot place, not the king that wins rounds.
    _, action = choose_in(
        ["4S 8S 8H KS JH JD JC", "5S 6S 7S 9S TS QS 5H 6H 7H 9H", "5D 6D 7D 9D TD QD 5C 6C 7C"],
        0,
        [],
    )
    assert format_cards(action.cards) == "4S"


def test_plays_high_when_the_next_player_is_nearly_out() -> None:
    # The next seat holds one card: answer with the single nobody can beat (must-beat, R3.4).
    _, action = choose_in(["5S 6H 9S KS 2S 6D", "QH", "4S 8C 8D 9C TC"], 2, ["4S"])
    assert format_cards(action.cards) == "2S"


def test_does_not_lead_a_single_to_a_one_card_hand() -> None:
    _, action = choose_in(["5S 6H 6D 9S", "QH", "4S 8C 8D 9C TC"], 0, [])
    assert kind_of(action) == "pair"


def test_bombs_when_an_opponent_is_nearly_out_and_keeps_bombs_when_leading() -> None:
    # R5.3: a response bomb earns the bonus; a led bomb earns nothing.
    _, action = choose_in(["5S 7S 7H 7D 7C 9S", "QH", "4S 8C 8D 9C TC"], 2, ["4S"])
    assert kind_of(action) == "bomb"
    _, lead = choose_in(["5S 7S 7H 7D 7C 9S", "QH 4H", "4S 8C 8D 9C TC"], 0, [])
    assert kind_of(lead) != "bomb"


def test_beats_two_random_bots() -> None:
    # Issue 11: clearly positive mean settlement (R5) against two random bots, seats rotated.
    bot, rnd = RunFastBot(), RandomBot()
    results = []
    for deal in range(240):
        seat = deal % 3
        state = rf.new_deal(seed=50_000 + deal // 3)
        rng = random.Random(deal)
        while not state.is_terminal:
            player = mover(state)
            legal = state.legal_actions()
            chooser = bot if player == seat else rnd
            state.apply(chooser.choose(state.view(player), legal, rng))
        assert state.settlement is not None
        results.append(state.settlement[seat])
    mean = statistics.mean(results)
    half_width = 1.96 * statistics.stdev(results) / len(results) ** 0.5
    assert mean - half_width > 0, (mean, half_width)


def test_uses_what_a_pass_revealed() -> None:
    # R3.4: seats 1 and 2 passed on the queen, so they hold nothing above it and no bomb.
    state = rf.new_deal(hands=["QS 6S KS", "5H 5D 6C", "3C 4C 4D"], leader=0)
    view = state.view(0)
    before = _Knowledge(view, unseen_of(view))
    assert before.can_answer(1, "single", 1, rf.rank_value("K"))
    assert before.bomb_risk(-1) > 0
    (action,) = state.actions_for("QS")
    state.apply(action)
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    view = state.view(0)
    known = _Knowledge(view, unseen_of(view))
    assert not known.can_answer(1, "single", 1, rf.rank_value("K"))
    assert not known.can_answer(2, "single", 1, rf.rank_value("Q"))
    assert known.can_answer(1, "single", 1, rf.rank_value("9"))
    assert not known.can_answer(1, "pair", 2, rf.rank_value("2"))  # nothing beats a pair of 2s
    assert known.bomb_risk(-1) == 0.0  # bombs would have beaten the queen


def unseen_of(view: rf.RunFastView) -> list[int]:
    unseen = list(PACK_COUNTS)
    for card in list(view.hand) + [c for cards in view.played for c in cards]:
        unseen[rf.rank_value(card.rank)] -= 1
    return unseen
