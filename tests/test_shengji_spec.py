"""Shengji: the rule ids of shared/spec/shengji.md checked one by one (audit).

Complements tests/test_shengji.py with the edge cases an audit looks for: overcalls and the
declaring round, the revealed kitty, tractors across the removed level rank (also in
no-trump), off-suit level pairs, follows to tractors, trumping with tractors against pairs,
the kitty multiplier of a tractor, the outcome table at each boundary reached through a kitty
bonus, dealer rotation, the end of the match beyond A, refusal wording and what a view can
reach. Every table row names its rule id.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping

import pytest

from game.games.shengji import rules as sj_engine
from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import Card, double_pack, parse_cards
from game.rules.errors import IllegalActionError
from game.rules.shengji import Trump, is_legal_follow, lead_format, new_deal, trick_winner
from tests.typed import known

PASS = Action("pass")


def declare(text: str) -> Action:
    return Action("declare", tuple(parse_cards(text)))


def play(state: sj.ShengjiState, text: str) -> None:
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


# --- S1.1, S2.1 seats, teams, the deal ------------------------------------------------------


def test_s2_1_two_packs_25_each_and_a_kitty_of_8() -> None:
    pack = Counter(double_pack())
    assert sum(pack.values()) == 108 and set(pack.values()) == {2}
    for seed in range(5):
        state = new_deal(seed=seed)
        assert [len(state.hand(s)) for s in range(4)] == [25, 25, 25, 25]  # S1.1 four seats
        assert len(state.kitty) == 8
        dealt = Counter(state.kitty)
        for seat in range(4):
            dealt.update(state.hand(seat))
        assert dealt == pack


# --- S2.3 declarations and overcalls --------------------------------------------------------

# Seat 0 (dealer) makes the standing declaration (or passes), seat 1 tries to overcall.
OVERCALLS = [
    # (rule, standing by seat 0 or "", seat 1's attempt, refusal reason or None)
    ("S2.3", "", "2H", None),
    ("S2.3", "2H", "2S", "declaration_too_weak"),  # equal strength: another level single
    ("S2.3", "2H", "2S 2S", None),  # a level pair over a single
    ("S2.3", "2H", "2D 2D", None),  # a pair in another suit, by another player
    ("S2.3", "2S 2S", "2D 2D", "declaration_too_weak"),  # two level pairs are equal
    ("S2.3", "2S 2S", "2H", "declaration_too_weak"),
    ("S2.3", "2S 2S", "BJ BJ", None),
    ("S2.3", "2H", "BJ BJ", None),
    ("S2.3", "BJ BJ", "RJ RJ", None),
    ("S2.3", "BJ BJ", "2D 2D", "declaration_too_weak"),
    ("S2.3", "RJ RJ", "BJ BJ", "declaration_too_weak"),
    ("S2.3", "2H", "BJ", "not_a_declaration"),  # one joker declares nothing
    ("S2.3", "2H", "BJ RJ", "not_a_declaration"),
    ("S2.3", "2H", "2D 2C", "not_a_declaration"),  # two different level cards
    ("S2.3", "", "3D", "not_a_declaration"),
]

FILLER = ["3S 4S 5S 6S", "7S 8S 9S TS", "3D 4D 5D 6D", "3C 4C 5C 6C"]
KITTY = "KH KD TC 5C 7C 8C 9C JC"  # the first suited card is a heart


def declaring(standing: str, attempt: str) -> sj.ShengjiState:
    hands = [
        " ".join((standing.split() + FILLER[0].split() + ["JS", "JD"])[:6]),
        " ".join((attempt.split() + FILLER[1].split() + ["JH", "QS"])[:6]),
        " ".join(FILLER[2].split() + ["QD", "KS"]),
        " ".join(FILLER[3].split() + ["AD", "AS"]),
    ]
    state = new_deal(hands=hands, kitty=KITTY, dealer=0)
    state.apply(declare(standing) if standing else PASS)
    return state


@pytest.mark.parametrize("rule, standing, attempt, reason", OVERCALLS)
def test_s2_3_overcalls(rule: str, standing: str, attempt: str, reason: str | None) -> None:
    state = declaring(standing, attempt)
    assert state.current_player == 1
    listed = {a.cards for a in state.legal_actions() if a.kind == "declare"}
    attempt_cards = tuple(parse_cards(attempt))
    error = state.explain(attempt)
    if reason is None:
        assert error is None and attempt_cards in listed, rule
        state.apply(declare(attempt))
        now = known(state.standing)
        assert now.seat == 1 and now.cards == attempt_cards
    else:
        assert error is not None and error.reason == reason, (rule, error)
        assert attempt_cards not in listed
        with pytest.raises(IllegalActionError):
            state.apply(declare(attempt))
        assert state.current_player == 1  # refused: nothing changed


def test_s2_3_s2_4_a_standing_declaration_never_gets_its_own_turn_back() -> None:
    # S2.4 fixes the trump after three passes, and any other declaration replaces the
    # standing one: the turn never comes back to a player whose declaration stands, so
    # "strengthening one's own declaration" (S2.3) never has a turn to happen in.
    state = new_deal(
        hands=["2H 2H 3S 4S", "5S 6S 7S 8S", "3D 4D 5D 6D", "3C 4C 5C 6C"],
        kitty=KITTY,
        dealer=0,
    )
    state.apply(declare("2H"))  # seat 0 holds the pair but declares a single
    for _ in range(3):
        state.apply(PASS)
    assert state.phase == "bury" and known(state.standing).cards == tuple(parse_cards("2H"))
    assert state.trump == Trump("2", "H")
    rng = random.Random(23)
    overcalled = 0
    for seed in range(200):
        state = new_deal(seed=seed, dealer=rng.choice([rng.randrange(4), None]))  # None: a first
        while state.phase == "declare":
            assert state.standing is None or state.standing.seat != state.current_player
            actions = state.legal_actions()
            declares = [a for a in actions if a.kind == "declare"]
            state.apply(rng.choice(declares) if declares and rng.random() < 0.7 else PASS)
        assert state.phase == "bury"
        overcalled += len(state.declarations) >= 2
    assert overcalled > 20  # the loop saw many overcalls


def test_s2_3_declaring_goes_round_from_the_dealer() -> None:
    state = new_deal(
        hands=["3S 4S 5S 6S", "2D 4H 5H 6H", "2S 2S 5D 6D", "BJ BJ 5C 6C"], kitty=KITTY, dealer=2
    )
    seats = []
    for action in (declare("2S 2S"), declare("BJ BJ"), PASS, PASS, PASS):
        seats.append(state.current_player)
        state.apply(action)
    assert seats == [2, 3, 0, 1, 2]
    assert state.phase == "bury" and state.trump == Trump("2", None) and state.dealer == 2


# --- S2.5, S2.6 no declaration: the kitty decides -------------------------------------------

REVEALS = [
    # (rule, kitty, trump suit)
    ("S2.5", "BJ RJ 7D 8S 9S TS JS QS", "D"),
    ("S2.5", "BJ BJ RJ RJ 2C 8S 9S TS", "C"),  # a level card names its suit too
    ("S2.5", "KS KD TC 5C 7C 8C 9C JC", "S"),
]


@pytest.mark.parametrize("rule, kitty, suit", REVEALS)
def test_s2_5_four_passes_reveal_the_kitty(rule: str, kitty: str, suit: str) -> None:
    hands = ["3S 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D 6D", "3C 4C 5C 6C"]
    # (a later deal's dealer, a first deal's starting seat, the dealer then)
    starts: list[tuple[int | None, int | None, int]] = [(3, None, 3), (None, 1, 1)]
    for later, first, dealer in starts:
        state = new_deal(hands=hands, kitty=kitty, dealer=later, starting_seat=first)
        for _ in range(4):
            state.apply(PASS)
        assert state.trump == Trump("2", suit), rule
        assert state.dealer == dealer  # a later deal keeps its dealer; a first one: the starter
        assert state.revealed_kitty == tuple(parse_cards(kitty))
        assert state.phase == "bury" and state.current_player == dealer
        assert len(state.hand(dealer)) == 12  # S2.7 the dealer took the kitty


def test_s2_5_s2_6_three_passes_then_a_declaration_is_no_reveal() -> None:
    state = new_deal(
        hands=["3S 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D 6D", "2C 4C 5C 6C"],
        kitty=KITTY,
        starting_seat=0,
    )
    for action in (PASS, PASS, PASS, declare("2C"), PASS, PASS):
        state.apply(action)
        assert state.phase == "declare"
    state.apply(PASS)
    assert state.revealed_kitty is None and state.trump == Trump("2", "C")
    assert state.dealer == 3  # S2.6 the first declarer deals the first deal


# --- S4.3 tractors --------------------------------------------------------------------------

TRACTORS = [
    # (rule, level, trump suit, lead, (kind, pairs) or None)
    ("S4.3", "7", None, "6H 6H 8H 8H", ("tractor", 2)),  # no-trump: across the level in a side suit
    ("S4.3", "7", None, "5C 5C 6C 6C 8C 8C", ("tractor", 3)),
    ("S4.3", "7", None, "7H 7H BJ BJ", ("tractor", 2)),  # no-trump: any level pair, BJ
    ("S4.3", "7", None, "7D 7D BJ BJ RJ RJ", ("tractor", 3)),
    ("S4.3", "7", None, "AH AH 7H 7H", None),  # AH is not a trump in no-trump
    ("S4.3", "7", None, "7H 7H 7D 7D", None),  # level pairs share one step
    ("S4.3", "7", None, "7H 7H RJ RJ", None),  # BJ lies between
    ("S4.3", "2", None, "KS KS AS AS", ("tractor", 2)),
    ("S4.3", "2", None, "AS AS 3S 3S", None),  # no wrap-around
    ("S4.3", "A", None, "QS QS KS KS", ("tractor", 2)),  # the ace removed: K is on top
    ("S4.3", "7", "S", "6S 6S 8S 8S", ("tractor", 2)),  # the trump suit across the level
    ("S4.3", "7", "S", "AS AS 7H 7H 7S 7S", ("tractor", 3)),
    ("S4.3", "7", "S", "AS AS 7H 7H 7D 7D", None),  # two off-suit level pairs
    ("S4.3", "7", "S", "7H 7H BJ BJ", None),  # the trump-suit level pair lies between
    ("S4.3", "7", "S", "7S 7S BJ BJ RJ RJ", ("tractor", 3)),
    ("S4.3", "7", "S", "7H 7H", ("pair", 1)),  # an off-suit level pair is a trump pair
    ("S4.3", "7", "S", "6H 6H 8H 8H", ("tractor", 2)),  # a side suit across the level
    ("S4.3", "7", "S", "8H 8H 6H 6H 9H 9H", ("tractor", 3)),  # any order of the cards
]


@pytest.mark.parametrize("rule, level, suit, lead, expected", TRACTORS)
def test_s4_3_tractors(rule: str, level: str, suit: str | None, lead: str, expected) -> None:
    fmt = lead_format(lead, Trump(level, suit))
    assert ((fmt.kind, fmt.pairs) if fmt else None) == expected, rule


def test_s4_3_tractor_leads_are_listed_across_the_level() -> None:
    # The lead actions of a hand at level 7 no-trump include the tractors that skip the 7s.
    state = new_deal(
        hands=[
            "6H 6H 8H 8H 7D 7D BJ BJ",
            "3S 4S 5S 6S 8S 9S TS JS",
            "3D 4D 5D 6D 8D 9D TD JD",
            "3C 4C 5C 6C 8C 9C TC JC",
        ],
        kitty="RJ RJ KH KD KC KS QS QD",
        level="7",
        dealer=0,
    )
    state.apply(declare("BJ BJ"))
    for _ in range(3):
        state.apply(PASS)
    state.apply(state.actions_for("RJ RJ KH KD KC KS QS QD")[0])
    tractors = {
        " ".join(map(str, a.cards))
        for a in state.legal_actions()
        if a.combo is not None and a.combo.kind == "tractor"
    }
    assert tractors == {"8H 8H 6H 6H", "BJ BJ 7D 7D"}


# --- S4.4 following -------------------------------------------------------------------------

# Level 2, hearts trump. (rule, hand, lead, play, legal, reason when illegal)
FOLLOWS = [
    # a tractor lead; the follower has pairs but no tractor: pairs, not a tractor, are owed
    ("S4.4", "3S 3S 7S 7S 9S 9S 4S", "5S 5S 6S 6S", "3S 3S 9S 9S", True, None),
    ("S4.4", "3S 3S 7S 7S 9S 9S 4S", "5S 5S 6S 6S", "3S 3S 7S 4S", False, "must_play_pairs"),
    ("S4.4", "8S 8S 9S 9S JS JS", "5S 5S 6S 6S", "8S 8S JS JS", True, None),  # tractor optional
    ("S4.4", "3S 3S 7S 9S 4S KD", "5S 5S 6S 6S", "3S 3S 7S 9S", True, None),  # one pair held
    ("S4.4", "3S 3S 7S 9S 4S KD", "5S 5S 6S 6S", "3S 7S 9S 4S", False, "must_play_pairs"),
    ("S4.4", "3S 3S 7S KD QC JC", "5S 5S 6S 6S", "3S 3S 7S KD", True, None),  # short: all
    ("S4.4", "3S 3S 7S KD QC JC", "5S 5S 6S 6S", "3S 7S KD QC", False, "must_play_all_suit"),
    ("S4.4", "3S 3S 7S 8S 4S KD", "5S 5S 6S 6S", "3S 3S 7S KD", False, "must_follow_suit"),
    # a trump pair lead: an off-suit level pair is a trump pair and is owed
    ("S4.4", "2S 2S 4H 5C", "3H 3H", "2S 2S", True, None),
    ("S4.4", "2S 2S 4H 5C", "3H 3H", "2S 4H", False, "must_play_pairs"),
    ("S4.4", "2S 2D 4H 5C", "3H 3H", "2D 4H", True, None),  # no trump pair held
    # a trump tractor lead: BJ BJ and 2S 2S are not consecutive, both pairs are still owed
    ("S4.4", "2S 2S BJ BJ 4H 5C", "5H 5H 6H 6H", "2S 2S BJ BJ", True, None),
    ("S4.4", "2S 2S BJ BJ 4H 5C", "5H 5H 6H 6H", "2S 2S BJ 4H", False, "must_play_pairs"),
    # void in the led suit: discard or trump, the player's choice
    ("S4.4", "KD QD 3H 3H", "5S 5S", "KD QD", True, None),
    ("S4.4", "KD QD 3H 3H", "5S 5S", "3H 3H", True, None),
    ("S4.4", "KD QD 3H 3H", "5S 5S", "3H KD", True, None),
    ("S4.1", "KD QD 3H 3H", "5S 5S", "3H", False, "wrong_count"),
]


@pytest.mark.parametrize("rule, hand, lead, play_cards, legal, reason", FOLLOWS)
def test_s4_4_follows(
    rule: str, hand: str, lead: str, play_cards: str, legal: bool, reason
) -> None:
    trump = Trump("2", "H")
    assert is_legal_follow(hand, lead, play_cards, trump) is legal, rule
    listed = {tuple(sorted(p, key=str)) for p in sj.legal_follows(hand, lead, trump)}
    if legal:
        # a follow this small is listed exhaustively (FOLLOW_EXACT_LIMIT)
        assert tuple(sorted(parse_cards(play_cards), key=str)) in listed
    problem = sj_engine.follow_problem(
        Counter(parse_cards(hand)), parse_cards(lead), parse_cards(play_cards), trump
    )
    assert (problem[0] if problem else None) == reason, rule


# --- S4.5 winning tricks --------------------------------------------------------------------

WINNERS = [
    # (rule, level, trump suit, plays in turn order separated by "|", winner index)
    # trumping a tractor needs a trump tractor; trump pairs that are not consecutive lose
    ("S4.5", "2", "H", "5S 5S 6S 6S | 3H 3H 4H 4H | 9H 9H JH JH | 7S 7S 8S 8S", 1),
    ("S4.5", "2", "H", "5S 5S 6S 6S | 9H 9H JH JH | 3H 3H 4H 4H | 7S 7S 8S 8S", 2),
    ("S4.5", "2", "H", "5S 5S 6S 6S | 3H 3H 4H 4H | 5H 5H 6H 6H | AS AS KS KS", 2),  # over-trump
    ("S4.5", "2", "H", "5S 5S 6S 6S | 5H 5H 6H 6H | 3H 3H 4H 4H | 9S 9S TS TS", 1),
    ("S4.5", "2", "H", "5S 5S 6S 6S | 7S 7S 8S 8S | 3H 3H 4H 4H | 9S 9S TS TS", 2),
    ("S4.5", "2", "H", "AH AH KH KH | 2S 2S 2H 2H | BJ BJ RJ RJ | 3H 3H 4H 4H", 2),
    # pairs: an off-suit level pair trumps; equal level pairs: the earlier wins (S3.5)
    ("S4.5", "2", "H", "AS AS | 2D 2D | KS KS | 3H 3H", 1),
    ("S4.5", "2", "H", "AS AS | 2D 2D | 2C 2C | 3H 3H", 1),
    ("S4.5", "2", "H", "AS AS | 2D 2D | 2H 2H | 2C 2C", 2),
    ("S4.5", "2", "H", "AS AS | 3H 4H | KS QS | 5D 5D", 0),  # unmatched trumps never win
    # no-trump: jokers and level cards only
    ("S4.5", "2", None, "AS AS | 2D 2D | BJ BJ | 2S 2S", 2),
    ("S4.5", "7", None, "4S 4S 5S 5S | 6S 6S 8S 8S | 7H 7H BJ BJ | 3S 3S 9S 9S", 2),
    ("S4.5", "7", None, "4S 4S 5S 5S | 6S 6S 8S 8S | AH AH KH KH | 3S 3S 9S 9S", 1),
    ("S4.5", "7", None, "AS | 7H | 7D | BJ", 3),
    ("S4.5", "7", None, "AS | 7H | 7D | KS", 1),
]


@pytest.mark.parametrize("rule, level, suit, plays, winner", WINNERS)
def test_s4_5_winners(rule: str, level: str, suit: str | None, plays: str, winner: int) -> None:
    assert trick_winner(plays.split("|"), Trump(level, suit)) == winner, rule


# --- S5 scoring through whole scripted deals ------------------------------------------------

# Kitties by their points; the first suited card (a heart) makes hearts trump (S2.5).
KITTIES = {
    0: "3H 4D 7C 8C 9C 3C 4C 7D",
    15: "KH 5D 7C 8C 9C 3C 4C 7D",
    20: "KH TD 7C 8C 9C 3C 4C 7D",
    30: "KH KD TH 3D 4D 6D 7D 8D",
    35: "KH KD TC 5C 7C 8C 9C 3C",
    40: "KH KD TC TD 7C 8C 9C 3C",
    50: "KH KD TC TD 5C 5D 7C 8C",
    55: "KH KD TC TD KC 5C 7C 8C",
    60: "KH KD TC TD KC KS 7C 8C",
    75: "KH KD TC TD KC KS TS 5C",
    80: "KH KD TC TD KC KS TS TH",
}


def scripted_deal(
    dealer: int, plays: list[str], kitty_points: int, level: str = "2"
) -> sj.ShengjiState:
    """A finished deal of one trick: ``plays`` in turn order from the dealer (who leads after
    four passes reveal the kitty and it is buried again)."""
    hands = [""] * 4
    for i, cards in enumerate(plays):
        hands[(dealer + i) % 4] = cards
    kitty = KITTIES[kitty_points]
    state = new_deal(hands=hands, kitty=kitty, level=level, dealer=dealer)
    for _ in range(4):
        state.apply(PASS)
    play_order = []
    state.apply(state.actions_for(kitty)[0])
    for cards in plays:
        play_order.append(state.current_player)
        play(state, cards)
    assert play_order == [(dealer + i) % 4 for i in range(4)]  # S4.1 counter-clockwise
    assert state.is_terminal
    return state


# (rule, plays from the dealer, kitty points, attackers' points, outcome, levels gained)
# The attacker after the dealer wins the only trick, so the kitty counts: P = trick + bonus.
OUTCOMES = [
    ("S5.3", ["3S", "AS", "4S", "6S"], 0, 0, "defenders", 3),
    ("S5.3", ["3S", "AS", "5S", "6S"], 0, 5, "defenders", 2),
    ("S5.3", ["3S", "AS", "5S", "6S"], 15, 35, "defenders", 2),
    ("S5.3", ["3S", "AS", "4S", "6S"], 20, 40, "defenders", 1),
    ("S5.3", ["3S", "AS", "5S", "6S"], 35, 75, "defenders", 1),
    ("S5.3", ["3S", "AS", "4S", "6S"], 40, 80, "attackers", 0),
    ("S5.3", ["3S", "AS", "5S", "6S"], 55, 115, "attackers", 0),
    ("S5.3", ["3S", "AS", "4S", "6S"], 60, 120, "attackers", 1),
    ("S5.3", ["3S", "AS", "5S", "6S"], 75, 155, "attackers", 1),
    ("S5.3", ["3S", "AS", "4S", "6S"], 80, 160, "attackers", 2),
    ("S5.2", ["3S 3S", "AS AS", "4S 4S", "6S 6S"], 50, 200, "attackers", 3),  # a pair: x4
    ("S5.2", ["3S 3S", "AS AS", "5S 5S", "6S 6S"], 50, 210, "attackers", 3),
    # a two-pair tractor as the last trick: x8
    ("S5.2", ["3S 3S 4S 4S", "8S 8S 9S 9S", "QD QD JD JD", "3C 3C 4C 4C"], 30, 240, "attackers", 4),
    # the defenders win the last trick: the kitty scores nothing (S5.2)
    ("S5.2", ["8S 8S 9S 9S", "3S 3S 4S 4S", "QD QD JD JD", "3C 3C 4C 4C"], 80, 0, "defenders", 3),
    ("S5.2", ["AS", "3S", "4S", "6S"], 80, 0, "defenders", 3),
]


@pytest.mark.parametrize("rule, plays, kitty_points, points, outcome, gained", OUTCOMES)
def test_s5_2_s5_3_outcomes_at_the_boundaries(
    rule: str, plays: list[str], kitty_points: int, points: int, outcome: str, gained: int
) -> None:
    result = known(scripted_deal(0, plays, kitty_points).result)
    per_player = len(plays[0].split())
    assert result.kitty_points == kitty_points
    assert result.kitty_multiplier == 2 * per_player  # S5.2
    attackers_won = result.last_trick_winner % 2 == result.attackers
    assert result.kitty_bonus == (kitty_points * 2 * per_player if attackers_won else 0)
    assert result.attacker_points == points == result.trick_points + result.kitty_bonus
    assert (result.outcome, result.levels_gained) == (outcome, gained), rule
    assert sj.deal_outcome(points) == (outcome, gained)
    # S5.1: all 200 points are somewhere: attackers' tricks, defenders' tricks, the kitty
    all_points = sj.points_of(parse_cards(" ".join(plays))) + kitty_points
    assert result.trick_points + result.defender_points == all_points


# (dealer, the attackers take over?) -> next dealer, winning team (S1.2, S5.3)
ROTATION = [(d, takeover) for d in range(4) for takeover in (False, True)]


@pytest.mark.parametrize("dealer, takeover", ROTATION)
def test_s5_3_dealer_rotation(dealer: int, takeover: bool) -> None:
    state = scripted_deal(dealer, ["3S", "AS", "4S", "6S"], 40 if takeover else 20)
    result = known(state.result)
    assert result.dealer == dealer and result.attackers == (dealer + 1) % 2  # S1.2
    if takeover:
        assert result.outcome == "attackers" and result.winning_team == (dealer + 1) % 2
        assert result.next_dealer == (dealer + 1) % 4  # the seat after the old dealer
    else:
        assert result.outcome == "defenders" and result.winning_team == dealer % 2
        assert result.next_dealer == (dealer + 2) % 4  # the dealer's partner


# --- S1.3, S2.2 the match: levels and its end beyond A --------------------------------------

MATCH_END = [
    # (rule, levels before, plays, kitty points, levels after, over, winner)
    ("S1.3", {0: "K", 1: "5"}, ["3S", "AS", "5S", "6S"], 0, {0: "A", 1: "5"}, True, 0),  # K +2
    ("S1.3", {0: "K", 1: "5"}, ["3S", "AS", "4S", "6S"], 20, {0: "A", 1: "5"}, False, None),
    ("S1.3", {0: "A", 1: "5"}, ["3S", "AS", "4S", "6S"], 20, {0: "A", 1: "5"}, True, 0),  # A +1
    ("S1.3", {0: "9", 1: "A"}, ["3S", "AS", "4S", "6S"], 40, {0: "9", 1: "A"}, False, None),
    ("S1.3", {0: "9", 1: "Q"}, ["3S 3S", "AS AS", "4S 4S", "6S 6S"], 50, {0: "9", 1: "A"}, True, 1),
    (
        "S1.3",
        {0: "9", 1: "J"},
        ["3S 3S", "AS AS", "4S 4S", "6S 6S"],
        50,
        {0: "9", 1: "A"},
        False,
        None,
    ),
    (
        "S1.3",
        {0: "7", 1: "2"},
        ["3S 3S 4S 4S", "8S 8S 9S 9S", "QD QD JD JD", "3C 3C 4C 4C"],
        30,
        {0: "7", 1: "6"},
        False,
        None,
    ),
]


@pytest.mark.parametrize("rule, before, plays, kitty_points, after, over, winner", MATCH_END)
def test_s1_3_match_levels_and_end(
    rule: str,
    before: dict[int, str],
    plays: list[str],
    kitty_points: int,
    after: dict[int, str],
    over: bool,
    winner: int | None,
) -> None:
    match = sj.new_match(seed=3)
    match.levels = dict(before)
    # A deal of this match with dealer 0, played at the dealer team's level (S2.2).
    match.state = scripted_deal(0, plays, kitty_points, level=before[0])
    result = known(match.state.result)
    match.advance()
    assert match.levels == after, rule
    assert match.is_over is over and match.winner == winner
    if over:
        with pytest.raises(IllegalActionError) as caught:
            match.advance()
        assert caught.value.reason == "match_over"
    else:
        assert match.state.dealer == result.next_dealer
        assert match.state.level == after[result.next_dealer % 2]  # S2.2
        assert match.state.phase == "declare" and match.state.current_player == result.next_dealer


# --- Refusals read well ---------------------------------------------------------------------


def test_refusal_messages_read_well() -> None:
    state = new_deal(
        hands=["5S 5S 6S 6S 3D 4D", "3S 3S 9S 9S 4S JD", "TD TD QC QC JC 8D", "AS AS 2H 2H 4C 5C"],
        kitty=KITTY,
        dealer=0,
    )
    assert str(state.explain("3D")) == (
        "seat 0 cannot declare '3D': it is not a level-2 card, a pair of them or a pair of jokers"
    )
    for _ in range(4):
        state.apply(PASS)
    assert str(state.explain("3D 4D")) == "seat 0 cannot bury 2 cards: exactly 8 must be buried"
    state.apply(state.actions_for(KITTY)[0])
    assert str(state.explain("5S 3D")) == (
        "seat 0 cannot lead '5S 3D': a lead must be in one suit (trumps count as one)"
    )
    assert str(state.explain("5S 6S")) == (
        "seat 0 cannot lead '5S 6S': a lead is a single, a pair or a tractor"
    )
    play(state, "5S 5S 6S 6S")
    assert str(state.explain("3S 9S 9S 4S")) == (
        "seat 1 cannot play '3S 9S 9S 4S': it must play 2 pairs of spades to '6S 6S 5S 5S'"
    )
    assert str(state.explain("3S 3S 9S JD")) == (
        "seat 1 cannot play '3S 3S 9S JD': it holds enough spades and must follow "
        "'6S 6S 5S 5S' with them"
    )
    with pytest.raises(IllegalActionError) as caught:
        state.apply(PASS)
    assert str(caught.value) == "seat 1 cannot pass during the play of tricks"


def test_must_play_one_pair_is_singular() -> None:
    state = new_deal(
        hands=["5S 5S 3D 4D", "3S 3S 9S JD", "TD TD QC JC", "AS AS 4C 5C"], kitty=KITTY, dealer=0
    )
    for _ in range(4):
        state.apply(PASS)
    state.apply(state.actions_for(KITTY)[0])
    play(state, "5S 5S")
    error = known(state.explain("3S 9S"))
    assert error.reason == "must_play_pairs" and error.details["pairs"] == 1
    assert "must play 1 pair of spades" in str(error)


# --- Views reach no hidden card -------------------------------------------------------------


def reachable_cards(value: object, seen: set[int] | None = None) -> Counter[Card]:
    """Every Card reachable from ``value`` (with multiplicity inside each container)."""
    seen = set() if seen is None else seen
    found: Counter[Card] = Counter()
    if isinstance(value, Card):
        found[value] += 1
        return found
    if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
        return found
    seen.add(id(value))
    assert not isinstance(value, (sj.ShengjiState, sj.Match)), "a view must not hold the state"
    if isinstance(value, Trump):
        return found  # card order tables: every card of the pack, no information
    if isinstance(value, Mapping):  # dicts and the house-rule options
        items = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    elif dataclasses.is_dataclass(value):
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:
        raise AssertionError(f"unexpected value in a view: {value!r}")
    for item in items:
        found |= reachable_cards(item, seen)
    return found


def test_views_reach_only_what_the_seat_may_know() -> None:
    rng = random.Random(8)
    for seed in range(30):
        state = new_deal(seed=seed)
        for _ in range(rng.randrange(0, 80)):
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(4):
            view = state.view(seat)
            allowed = set(state.hand(seat)) | set(view.played_cards())
            allowed |= {c for d in state.declarations for c in d.cards}  # shown when declared
            allowed |= set(state.revealed_kitty or ())
            if seat == state.dealer and state.phase != "declare":
                allowed |= set(state.kitty) | set(state.dealt_kitty)  # took and buried them
            if state.is_terminal:
                allowed |= set(state.kitty)  # shown at the end
            assert set(reachable_cards(view)) <= allowed, (seed, seat, state.phase)
            assert view.kitty is None or seat == state.dealer or state.is_terminal


# --- apply's fast path trusts only the current list ------------------------------------------


def test_apply_checks_actions_from_an_older_list() -> None:
    # apply() skips its checks only for an action object of the current legal_actions() list;
    # an action listed before the state changed is checked like any other.
    rng = random.Random(12)
    refused = 0
    for seed in range(30):
        state = new_deal(seed=seed)
        while not state.is_terminal:
            listed = state.legal_actions()
            state.apply(rng.choice(listed))
            if state.is_terminal:
                break
            current = {(a.kind, a.cards) for a in state.legal_actions()}
            for stale in listed:
                if (stale.kind, stale.cards) in current or state.explain(stale.cards) is None:
                    continue
                before = (state.phase, state.current_player, len(state.log), state.hand(0))
                with pytest.raises(IllegalActionError):
                    state.apply(stale)
                assert before == (state.phase, state.current_player, len(state.log), state.hand(0))
                refused += 1
                break
    assert refused > 100
