"""Reading the landlord's passes (issue 56, session 4; game/games/doudizhu/reads.py, D3.2): a
pass on a peasant's single, pair or trio is read as no such play above it, bombs aside, and
the peasants' end-game search samples only deals that agree (``ReadingSearch``)."""

from __future__ import annotations

import random

from game.ai.search import SearchBot
from game.games.doudizhu.bot import DoudizhuBot
from game.games.doudizhu.reads import fits, passed_below
from game.games.doudizhu.rules.combos import counts_of
from game.rules.cards import parse_cards
from tests.test_ai_doudizhu_blunders import position

# the landlord (seat 1) passes on the next peasant's single 2, later leads a pair of 10s
HANDS = (
    "8H 8D 9C TS JH JD QS KC",
    "7S 6H TH TC 8S JS QH 2D",
    "2S 5H 3S 3C 4D 8C 9D TD JC QC 2H 2C",
)
MOVES = ["7S", "2S", "pass", "pass", "5H", "pass", "6H", "pass", "pass", "TH TC"]


def test_a_pass_on_an_opponent_is_read_and_one_on_the_partner_is_not() -> None:
    state = position(HANDS, 1, MOVES)
    # D3.2: the landlord let the single 2 stand, so it holds no single above a 2
    assert passed_below(state.view(2), 1) == {("single", 1): 12}
    # seat 0 passed on its partner's 2 and on the landlord's 6: only the latter is read
    assert passed_below(state.view(2), 0) == {("single", 1): 3}


def test_a_hand_fits_a_reading_unless_it_holds_what_was_passed_on() -> None:
    short = {("single", 1): 12, ("pair", 2): 2}  # passed on a single 2 and a pair of 5s
    assert fits(counts_of(parse_cards("8S JS QH 2D")), short)
    assert not fits(counts_of(parse_cards("8S JS QH BJ")), short)  # a joker beats the 2
    assert not fits(counts_of(parse_cards("8S 8D 3H")), short)  # a pair of 8s beats the 5s
    assert fits(counts_of(parse_cards("8S 8D 8H 8C BJ RJ")), short)  # bombs and the rocket kept


def test_the_end_game_search_samples_only_deals_that_agree_with_the_reading() -> None:
    state = position(HANDS, 1, MOVES)
    view = state.view(2)
    short = passed_below(view, 1)
    search = DoudizhuBot().endgame_search()
    plain = SearchBot("doudizhu", DoudizhuBot(), samples=4)
    agree = [fits(counts_of(search.draw(view, random.Random(i)).hand(1)), short) for i in range(40)]
    unread = [fits(counts_of(plain.draw(view, random.Random(i)).hand(1)), short) for i in range(40)]
    assert sum(agree) >= 36 and sum(unread) <= 30, (sum(agree), sum(unread))
