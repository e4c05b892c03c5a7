"""Guandan Normal's rules added in issue 31, each a table of positions in card notation with the
intended choice, next to what the frozen ``normal-v1`` chose (so each row shows the change).

- Boss finish (G5.5, G5.6): with two plays left, lead (or beat with) the play that no unseen
  cards can beat but a bomb, then go out with the last; the unseen cards are two decks minus
  the seat's hand and every card played.
- Follow (G4.1, G5.5): an opponent's play is beaten even at the cost of breaking a small group
  (winning the lead back is worth more than keeping a pair of 9s).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from yardsticks.guandan.normal_v1 import GuandanBotV1  # noqa: E402

from game.games.guandan.bot import GuandanBot  # noqa: E402
from game.games.guandan.seen import Seen, is_boss, unseen_strengths  # noqa: E402
from game.rules.cards import parse_cards  # noqa: E402
from tests.test_ai_guandan import PASS, play, view  # noqa: E402

ALL_TOP = "BJ BJ RJ RJ 2S 2S 2D 2D 2C 2C 2H 2H"  # both decks' jokers and level 2s (wilds too)


def with_played(v, played: str):
    v.played = tuple(parse_cards(played))
    return v


# (hand, legal plays as (cards, kind, rank), played so far, new choice, v1 choice, rule)
LEADS = [
    (
        "4S RJ RJ",
        [("4S", "single", "4"), ("RJ RJ", "pair", "RJ"), ("RJ", "single", "RJ")],
        "",
        "RJ RJ",
        "4S",
        "G5.2 the red-joker pair is the top pair: lead it, then the 4",
    ),
    (
        "4S AS AD",
        [("4S", "single", "4"), ("AS AD", "pair", "A"), ("AS", "single", "A")],
        ALL_TOP,
        "AS AD",
        "4S",
        "G4.3 jokers and level cards all played: the aces are boss",
    ),
    (
        "4S AS AD",
        [("4S", "single", "4"), ("AS AD", "pair", "A"), ("AS", "single", "A")],
        "",
        "4S",
        "4S",
        "G4.3 unseen jokers may beat the aces: shed the 4 as before",
    ),
]


@pytest.mark.parametrize("hand, plays, played, new, old, rule", LEADS, ids=[c[5] for c in LEADS])
def test_boss_finish_when_leading(hand, plays, played, new, old, rule) -> None:
    legal = [play(*p) for p in plays]
    v = with_played(view(hand, counts=(0, 10, 10, 10)), played)
    by_cards = {a.cards: a for a in legal}
    assert (
        GuandanBot(endgame=False).choose(v, legal, random.Random(0))
        == by_cards[tuple(parse_cards(new))]
    )
    assert GuandanBotV1().choose(v, legal, random.Random(0)) == by_cards[tuple(parse_cards(old))]


def test_boss_follow_to_go_out() -> None:  # G5.5: beat with the aces no one can beat, then out
    lead = play("9S 9D", "pair", "9")
    legal = [PASS, play("QS QD", "pair", "Q"), play("AS AD", "pair", "A")]
    v = with_played(view("QS QD AS AD", last=lead, last_seat=1, counts=(0, 10, 10, 10)), ALL_TOP)
    assert GuandanBot(endgame=False).choose(v, legal, random.Random(0)) == legal[2]
    assert GuandanBotV1().choose(v, legal, random.Random(0)) == legal[1]


BOSS = [
    # (combo cards, kind, rank, level, played, boss?)
    ("RJ", "single", "RJ", "2", "", True),  # G4.3 nothing beats a red joker but a bomb
    ("BJ", "single", "BJ", "2", "RJ", False),  # the other deck's red joker is unseen
    ("BJ", "single", "BJ", "2", "RJ RJ", True),
    ("AS AD", "pair", "A", "2", "", False),
    ("AS AD", "pair", "A", "2", ALL_TOP, True),
    ("AS AD", "pair", "A", "2", "BJ BJ RJ RJ 2S 2S 2D 2D 2C 2C", False),  # G5.4 two wilds pair
    ("KS KD KC", "triple", "K", "2", "2S 2S 2D 2D 2C 2C 2H 2H AS AS AD AD AC AC AH", True),
    ("KS KD KC", "triple", "K", "2", "2S 2S 2D 2D 2C 2C AS AS AD AD AC AC AH", False),
    ("3S 4S 5D 6C 7C", "straight", "7", "2", ALL_TOP, False),  # sequences are never called boss
]


@pytest.mark.parametrize("cards, kind, rank, level, played, boss", BOSS)
def test_is_boss(cards, kind, rank, level, played, boss) -> None:
    hand = "4S 4D"
    v = with_played(view(hand, level=level), played)
    combo = play(cards, kind, rank).combo
    assert is_boss(combo, level, unseen_strengths(Seen(v))) is boss


def test_unseen_counts_two_decks() -> None:
    by_strength, wilds = unseen_strengths(Seen(with_played(view("2H RJ", level="2"), "RJ BJ")))
    assert wilds == 1 and by_strength[14] == 0 and by_strength[13] == 1
    assert sum(by_strength) + wilds == 108 - 4


def test_follows_an_opponent_breaking_a_small_pair() -> None:  # v1 passed here
    lead = play("4C", "single", "4")
    v = view("3S 4D 5C 6H 7S 9D 9C QS QD", last=lead, last_seat=1, counts=(0, 12, 12, 12))
    legal = [PASS] + [play(c, "single", c[0]) for c in ("5C", "6H", "7S", "9D", "QS")]
    assert GuandanBot(endgame=False, learned=False).choose(v, legal, random.Random(0)) == legal[4]
    assert GuandanBotV1().choose(v, legal, random.Random(0)) == PASS
    # the learned evaluation (game/games/guandan/value.py) may prefer another single; it follows
    learned = GuandanBot(endgame=False)
    learned._ranker = lambda: None  # type: ignore[method-assign]  # no ranker: a stand-in
    assert learned.choose(v, legal, random.Random(0)) != PASS
    # following here breaks a pair (the singles 5-6-7 would break the straight 3-7): the ranker,
    # trained on each close choice played out, may keep both pairs and pass; never the straight
    ranked = GuandanBot(endgame=False).choose(v, legal, random.Random(0))
    assert ranked in (PASS, legal[4], legal[5])


def test_endgame_search_checks_close_choices_in_a_real_deal() -> None:
    """With a seat at 8 cards or fewer, Normal asks its end-game search (legal moves only)."""
    from game.rules import guandan

    state = guandan.new_deal(seed=4, level="2", leader=0)
    bot, rng, searched = GuandanBot(), random.Random(1), 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view, legal = state.view(seat), state.legal_actions()
        action = bot.choose(view, legal, rng)
        assert action in legal
        if GuandanBot.in_endgame(view) and len(legal) > 1:
            searched += bot.endgame_search().last_samples > 0
        state.apply(action)
    assert searched > 0


# (hand counts, finished seats, samples): 160 card-samples over the cards still in play (240
# before issue 56's second round)
ENDGAME_SAMPLES = [
    ((6, 20, 20, 20), (), 4),  # 66 cards in play: the floor
    ((6, 10, 12, 12), (), 4),  # 40 cards: 160 // 40
    ((6, 8, 8, 8), (), 5),  # 30 cards: 160 // 30
    ((3, 5, 0, 4), (2,), 13),  # 12 cards: 160 // 12
    ((3, 4, 0, 3), (2,), 16),  # 10 cards: the ceiling
    ((2, 8, 0, 0), (2, 3), 16),
    ((5, 10, 0, 9), (2,), 6),  # a finished seat's empty hand counts for nothing
]


@pytest.mark.parametrize("counts, finished, samples", ENDGAME_SAMPLES)
def test_endgame_samples_grow_as_the_cards_run_out(counts, finished, samples) -> None:
    v = view("", counts=counts, finished=finished)
    v.hand_counts = counts  # the helper sets the seat's own count from its (empty) hand
    assert GuandanBot.endgame_samples(v) == samples


def test_the_hand_memo_gives_the_planner_s_own_values() -> None:
    """Whole hands are memoized by their cards: the same hand in any order, memo cleared or
    not, has one value."""
    from game.games.guandan import plan as guandan_plan

    rng = random.Random(5)
    deck = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "SHDC") + " BJ RJ")
    hands = [rng.sample(deck * 2, rng.randint(1, 27)) for _ in range(60)]
    first = [guandan_plan.plan_value(hand, "7") for hand in hands]
    assert [guandan_plan.plan_value(hand[::-1], "7") for hand in hands] == first
    guandan_plan._HANDS.clear()
    guandan_plan._MEMO.clear()
    assert [guandan_plan.plan_value(hand[::-1], "7") for hand in hands] == first
