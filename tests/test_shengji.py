"""Shengji rules: card order, leads, follows, tricks, declarations, scoring (S1–S5).

Every table names the rule id it checks. Random full deals and matches are in
tests/test_shengji_random.py.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.base import Action
from game.rules.cards import RANKS, SUITS, Card, double_pack, parse_cards
from game.rules.errors import IllegalActionError, RulesError
from game.rules.shengji import (
    Trump,
    deal_outcome,
    declaration_strength,
    follow_kind,
    is_legal_follow,
    kitty_multiplier,
    lead_format,
    new_deal,
    new_match,
    replay,
    trick_winner,
)
from tests.typed import known


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# --- S3 card order ----------------------------------------------------------------------------

# (level, trump suit, cards strongest first; "=" joins cards of equal strength)
ORDER_CASES = [
    # S3.1 jokers, trump-suit level, off-suit level (equal), then the trump suit A..2
    ("7", "S", "RJ BJ 7S 7H=7D=7C AS KS QS JS TS 9S 8S 6S 5S 4S 3S 2S"),
    ("2", "H", "RJ BJ 2H 2S=2D=2C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
    ("A", "D", "RJ BJ AD AS=AH=AC KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
    # S3.2 no-trump: jokers over the level cards, which are all equal
    ("7", None, "RJ BJ 7S=7H=7D=7C"),
    ("K", None, "RJ BJ KS=KH=KD=KC"),
]


@pytest.mark.parametrize(("level", "suit", "order"), ORDER_CASES)
def test_s3_1_s3_2_trump_order(level, suit, order):
    trump = Trump(level, suit)
    tiers = [cards(tier.replace("=", " ")) for tier in order.split()]
    for i, tier in enumerate(tiers):
        for card in tier:
            assert trump.is_trump(card), card
            assert trump.effective_suit(card) == "trump"
            for other in tier:
                assert trump.compare(card, other) == 0
            for weaker_tier in tiers[i + 1 :]:
                for weaker in weaker_tier:
                    assert trump.compare(card, weaker) == 1, (card, weaker)
                    assert trump.compare(weaker, card) == -1


@pytest.mark.parametrize(
    ("level", "suit", "side_suit", "order"),
    [
        # S3.3 side suits without the level rank, A high
        ("7", "S", "H", "AH KH QH JH TH 9H 8H 6H 5H 4H 3H 2H"),
        ("2", "H", "C", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"),
        ("A", None, "D", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
    ],
)
def test_s3_3_side_suit_order(level, suit, side_suit, order):
    trump = Trump(level, suit)
    ranked = cards(order)
    for i, card in enumerate(ranked):
        assert not trump.is_trump(card)
        assert trump.effective_suit(card) == side_suit  # S3.4
        for weaker in ranked[i + 1 :]:
            assert trump.compare(card, weaker) == 1


@pytest.mark.parametrize(
    ("level", "suit", "a", "b", "expected"),
    [
        ("7", "S", "2S", "AH", 1),  # S3.4 the lowest trump beats a side ace
        ("7", "S", "AH", "AD", 0),  # two side suits: neither beats the other
        ("7", None, "7C", "AS", 1),  # S3.2 a level card is trump in no-trump
        ("7", None, "AS", "AH", 0),
    ],
)
def test_s3_4_compare_across_suits(level, suit, a, b, expected):
    assert Trump(level, suit).compare(cards(a)[0], cards(b)[0]) == expected


def test_trump_rejects_bad_arguments():
    with pytest.raises(RulesError):
        Trump("1", "S")
    with pytest.raises(RulesError):
        Trump("7", "X")


# --- S4.2, S4.3 leads and tractors ------------------------------------------------------------

# (level, suit, lead, expected kind or None, pairs)
LEAD_CASES = [
    ("7", "S", "AH", "single", 0),  # S4.2
    ("7", "S", "AH AH", "pair", 1),
    ("7", "S", "AH KH", None, 0),  # two different cards are not a pair
    ("7", "S", "AH AH KH", None, 0),
    ("7", "S", "KH KH AH AH", "tractor", 2),
    ("7", "S", "6H 6H 8H 8H", "tractor", 2),  # S4.3 across the removed level rank
    ("7", "S", "5H 5H 6H 6H 8H 8H", "tractor", 3),
    ("7", "S", "5H 5H 8H 8H", None, 0),  # pairs that are not consecutive
    ("7", "S", "QH QH AH AH", None, 0),
    ("7", "S", "AS AS 7H 7H", "tractor", 2),  # trump A + off-suit level pair
    ("7", "S", "7H 7H 7S 7S", "tractor", 2),  # off-suit level + trump-suit level
    ("7", "S", "7S 7S BJ BJ", "tractor", 2),  # trump-suit level + Black Jokers
    ("7", "S", "BJ BJ RJ RJ", "tractor", 2),
    ("7", "S", "AS AS 7D 7D 7S 7S BJ BJ RJ RJ", "tractor", 5),  # up to the jokers
    ("7", "S", "7H 7H 7D 7D", None, 0),  # off-suit level pairs share one step
    ("7", "S", "KS KS 7H 7H", None, 0),  # K and off-suit level are two steps apart
    ("7", "S", "AS AS 7S 7S", None, 0),  # off-suit level step sits between them
    ("7", "S", "AH AH 7H 7H", None, 0),  # 7H is trump, AH is not: two suits
    ("7", "S", "AS AS AH AH", None, 0),  # two suits
    ("7", "S", "7H", "single", 0),
    ("7", "S", "7H 7D", None, 0),  # level cards of two suits are not a pair
    ("7", None, "7S 7S BJ BJ", "tractor", 2),  # S4.3 no-trump: level, BJ, RJ
    ("7", None, "7S 7S BJ BJ RJ RJ", "tractor", 3),
    ("7", None, "7S 7S 7H 7H", None, 0),
    ("7", None, "AS AS 7S 7S", None, 0),  # AS is not trump in no-trump
    ("A", "H", "KH KH AS AS", "tractor", 2),  # level A: trump K then off-suit level
    ("A", "H", "QD QD KD KD", "tractor", 2),
    ("A", "H", "KD KD 2D 2D", None, 0),  # no wrap-around
    ("2", "H", "3S 3S 4S 4S", "tractor", 2),
]


@pytest.mark.parametrize(("level", "suit", "lead", "kind", "pairs"), LEAD_CASES)
def test_s4_2_s4_3_lead_format(level, suit, lead, kind, pairs):
    fmt = lead_format(lead, Trump(level, suit))
    if kind is None:
        assert fmt is None
    else:
        assert fmt is not None
        assert (fmt.kind, fmt.pairs, fmt.length) == (kind, pairs, len(cards(lead)))
        trump = Trump(level, suit)
        assert fmt.suit == trump.effective_suit(cards(lead)[0])


# What a follow is to its lead, as the table tags it (S4.4, S4.5): level 7, spades trump.
FOLLOW_CASES = [
    ("AH", "3H", "single"),  # the led suit
    ("AH", "3S", "ruff"),  # a trump single on a side-suit lead can win
    ("AH", "7D", "ruff"),  # an off-suit level card is trump (S3.1)
    ("AH", "3D", "discard"),
    ("3S", "BJ", "single"),  # on a trump lead every trump follows in suit
    ("3S", "3H", "discard"),
    ("AH AH", "3H 3H", "pair"),
    ("AH AH", "3H 4H", "follow"),  # the led suit, but no pair
    ("AH AH", "3S 3S", "ruff"),
    ("AH AH", "3S 4S", "discard"),  # two unmatched trumps never beat a pair
    ("AH AH", "3H 3S", "discard"),  # short of the led suit
    ("KH KH AH AH", "3H 3H 4H 4H", "tractor"),
    ("KH KH AH AH", "3H 3H 5H 5H", "follow"),  # disconnected pairs are no tractor
    ("KH KH AH AH", "3S 3S 4S 4S", "ruff"),
    ("KH KH AH AH", "3H 3H 4H 4D", "discard"),
    ("KH KH AH AH", "7H 7H 7S 7S", "ruff"),  # off-suit level + trump-suit level (S4.3)
]


@pytest.mark.parametrize(("lead", "play", "kind"), FOLLOW_CASES)
def test_s4_4_s4_5_follow_kind(lead, play, kind):
    assert follow_kind(lead, play, Trump("7", "S")) == kind


def test_follow_kind_refuses_what_is_no_follow():
    with pytest.raises(RulesError):
        follow_kind("AH KH", "3H 4H", Trump("7", "S"))  # not a lead (S4.2)
    with pytest.raises(RulesError):
        follow_kind("AH AH", "3H", Trump("7", "S"))  # not as many cards (S4.1)


@pytest.mark.parametrize("seed", range(6))
def test_s4_5_only_a_follow_in_the_lead_shape_or_a_ruff_wins(seed):
    """Random deals: every trick's winning follow is tagged with the lead's kind or "ruff", and
    a follow tagged so is what a winner can be (the tags agree with trick_winner)."""
    rnd = random.Random(seed)
    state = new_deal(seed=seed)
    while not state.is_terminal:
        state.apply(rnd.choice(state.legal_actions()))
    trump = known(state.trump)
    for trick in state.tricks:
        plays = [cards for _, cards in trick.plays]
        lead = known(lead_format(plays[0], trump))
        kinds = [follow_kind(plays[0], play, trump) for play in plays[1:]]
        winner = trick_winner(plays, trump)
        if winner:
            assert kinds[winner - 1] in (lead.kind, "ruff"), (plays, kinds)
        assert all(k in (lead.kind, "ruff", "follow", "discard") for k in kinds)


def test_lead_format_names_effective_suit():
    assert known(lead_format("7H 7H 7S 7S", Trump("7", "S"))).suit == "trump"
    assert known(lead_format("KH KH", Trump("7", "S"))).suit == "H"


# S4.3 adjacency, written once on Trump: (steps, maximal runs in the order their lows come)
RUN_CASES = [
    ([], []),
    ([5], [(5, 5)]),
    ([3, 4, 5], [(3, 5)]),
    ([5, 4, 3], [(3, 5)]),
    ([9, 3, 8, 4, 12], [(3, 4), (8, 9), (12, 12)]),
    ([9, 8, 4, 3], [(8, 9), (3, 4)]),
    ([12, 14, 13, 15], [(12, 15)]),
]


@pytest.mark.parametrize(("steps", "runs"), RUN_CASES)
def test_s4_3_runs_of_consecutive_steps(steps, runs):
    assert list(Trump.runs(steps)) == runs


def test_s4_3_tractor_chains_choose_one_card_per_step():
    # Level 7, spades trump: AS (step 11), the off-suit level pairs (12), 7S (13).
    trump = Trump("7", "S")
    by_step = trump.pairs_by_step(cards("AS 7H 7D 7S KH"))
    assert by_step == {
        "trump": {11: cards("AS"), 12: cards("7H 7D"), 13: cards("7S")},
        "H": {10: cards("KH")},
    }
    chains = list(Trump.chains(by_step["trump"], 11, 13))
    assert chains == [cards("AS 7H 7S"), cards("AS 7D 7S")]
    for chain in chains:
        fmt = known(lead_format([c for card in chain for c in (card, card)], trump))
        assert (fmt.kind, fmt.pairs, fmt.high) == ("tractor", 3, 13)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RANKS), st.randoms(use_true_random=False))
def test_s4_3_listed_tractor_leads_are_exactly_the_tractors(level, rnd):
    # Lead actions and lead_format share Trump.runs: every tractor of held pairs is listed.
    distinct = sorted(set(double_pack()))
    rnd.shuffle(distinct)
    # each seat: 12 pairs and a single; the kitty: the rest (pair-rich hands, many tractors)
    hands = [[c for c in distinct[12 * s : 12 * s + 12] for _ in (0, 1)] for s in range(4)]
    for s in range(4):
        hands[s].append(distinct[48 + s])
    kitty = [*distinct[48:52], *distinct[52:] * 2]
    state = new_deal(hands=hands, kitty=kitty, level=level, starting_seat=0)
    while state.phase != "play":
        state.apply(rnd.choice(state.legal_actions()))
    hand = state.hand(known(state.current_player))
    listed = {
        tuple(sorted(a.cards)) for a in state.legal_actions() if known(a.combo).kind == "tractor"
    }
    pairs = sorted({c for c in hand if hand.count(c) == 2})
    expected = set()
    for size in range(2, len(pairs) + 1):
        for chosen in itertools.combinations(pairs, size):
            play = [c for card in chosen for c in (card, card)]
            fmt = lead_format(play, known(state.trump))
            if fmt is not None:
                assert fmt.kind == "tractor"
                expected.add(tuple(sorted(play)))
    assert listed == expected


# --- S4.4 following ---------------------------------------------------------------------------

# (hand, lead, play, legal) with level 2, hearts trump
FOLLOW_LEGALITY = [
    ("3S KD", "5S", "KD", False),  # must follow suit
    ("3S KD", "5S", "3S", True),
    ("KD 4C", "5S", "KD", True),  # void: discard
    ("3H 4C", "5S", "3H", True),  # void: trump
    ("2S KD", "5S", "KD", True),  # 2S is a trump: void in spades
    ("2S KD", "3H", "2S", True),  # trump lead followed by an off-suit level card
    ("2S KD", "3H", "KD", False),
    ("3S 3S 4S KD", "5S 5S", "3S 4S", False),  # must give the pair
    ("3S 3S 4S KD", "5S 5S", "3S 3S", True),
    ("3S 4S KD", "5S 5S", "3S 4S", True),  # no pair held
    ("3S 4S KD", "5S 5S", "3S KD", False),  # enough spades: both must be spades
    ("3S KD QD", "5S 5S", "3S KD", True),  # short suit: all of it, then anything
    ("3S KD QD", "5S 5S", "KD QD", False),
    ("3S 3S 9S 9S 4S JD", "5S 5S 6S 6S", "3S 3S 9S 9S", True),  # no tractor needed
    ("3S 3S 9S 9S 4S JD", "5S 5S 6S 6S", "3S 3S 9S 4S", False),  # two pairs held
    ("3S 3S 9S 4S JD JD", "5S 5S 6S 6S", "3S 3S 9S 4S", True),  # one pair held
    ("3S 3S 9S 4S JD JD", "5S 5S 6S 6S", "3S 9S 4S JD", False),
    ("3S 3S 9S 4S JD JD", "5S 5S 6S 6S", "3S 3S JD JD", False),  # holds 4 spades
    ("3S 3S 9S KD KD QC", "5S 5S 6S 6S", "3S 3S 9S QC", True),  # short: all spades
    ("3S 3S 9S KD KD QC", "5S 5S 6S 6S", "3S 3S KD KD", False),
    ("KD KD QC QC JC", "5S 5S 6S 6S", "KD KD QC JC", True),  # void: any four
    ("3H 3H 4H AH", "5H 5H 6H 6H", "3H 3H 4H AH", True),  # trump tractor lead, one pair
    ("2S 2D 4H 5C", "BJ BJ", "2S 2D", True),  # trump pair lead, no trump pair held
    ("2S 2D 4H 5C", "BJ BJ", "4H 5C", False),  # 4H is trump but 2S 2D too: 5C is not
    ("2S 2D 4H 5C", "BJ BJ", "2D 4H", True),
    ("2S 2S 4H 5C", "BJ BJ", "2S 4H", False),  # the off-suit level pair is a trump pair
    ("3S 4S", "5S 5S", "3S", False),  # wrong count
    ("3S 4S", "5S", "3S 4S", False),
    ("3S", "5S", "4S", False),  # not in hand
    ("3S 3S 4S 4S 5S 6S", "7S 7S 8S 8S 9S 9S", "3S 3S 4S 4S 5S 6S", True),
    ("3S 3S 4S 4S 5S 6S", "7S 7S 8S 8S 9S 9S", "3S 3S 4S 5S 6S 4S", True),
]


@pytest.mark.parametrize(("hand", "lead", "play", "legal"), FOLLOW_LEGALITY)
def test_s4_4_follow_legality(hand, lead, play, legal):
    assert is_legal_follow(hand, lead, play, Trump("2", "H")) is legal


# --- S4.5 trick winners -----------------------------------------------------------------------

# (level, suit, plays in turn order separated by "|", winner index)
WINNER_CASES = [
    ("2", "H", "5S | AS | 3S | KS", 1),
    ("2", "H", "5S | 3H | AS | 4H", 3),  # trumping; a higher trump over-trumps
    ("2", "H", "5S | 2D | 2C | 4H", 1),  # equal off-suit level cards: earlier wins (S3.5)
    ("2", "H", "AS | AS | 3S | 4S", 0),  # tie goes to the lead
    ("2", "H", "5S | AD | KD | QC", 0),  # other side suits never win
    ("2", "H", "5S 5S | AS KS | 3H 3H | 4H 4H", 3),  # unmatched cards never beat a pair
    ("2", "H", "5S 5S | AS AS | 3H 4H | 3D 3D", 1),  # two unmatched trumps do not win
    ("2", "H", "5S 5S 6S 6S | 9S 9S JS JS | QH QH KH KH | 7S 7S 8S 8S", 2),
    ("2", "H", "5S 5S 6S 6S | 3H 3H 5H 5H | 7S 7S 8S 8S | AD AD KD KD", 2),
    ("2", "H", "5S 5S 6S 6S | 3H 3H 5H 5H | 9H 9H 8H 8H | AD AD KD KD", 2),
    ("2", "H", "3H | BJ | RJ | 2H", 2),
    ("2", "H", "3H | 2S | 2H | 2D", 2),  # trump-suit level over off-suit level
    ("2", "H", "AS | 2S | 3H | BJ", 3),
    ("2", None, "2S | 2H | BJ | AS", 2),  # S3.2 no-trump
    ("2", None, "AS | 2S | KS | 2D", 1),  # a level card trumps in no-trump
    ("2", "H", "AH AH 2D 2D | 2S 2S 2H 2H | 3H 3H 4H 4H | QH QH KH KH", 1),
    ("2", "H", "KS KS AS AS | 2D 2D 2C 2C | 3S 3S 4S 4S | 3H 3H 4H 4H", 3),
]


@pytest.mark.parametrize(("level", "suit", "plays", "winner"), WINNER_CASES)
def test_s4_5_trick_winner(level, suit, plays, winner):
    assert trick_winner(plays.split("|"), Trump(level, suit)) == winner


def test_trick_winner_needs_a_legal_lead():
    with pytest.raises(RulesError):
        trick_winner(["AS KS", "3S 4S"], Trump("2", "H"))


# --- S2.3 declarations ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards_text", "level", "strength"),
    [
        ("7H", "7", 1),
        ("7H 7H", "7", 2),
        ("7H 7D", "7", 0),
        ("BJ BJ", "7", 3),
        ("RJ RJ", "7", 4),
        ("BJ RJ", "7", 0),
        ("BJ", "7", 0),
        ("8H", "7", 0),
        ("7H 7H 7H", "7", 0),
        ("", "7", 0),
        ("AS AS", "A", 2),
    ],
)
def test_s2_3_declaration_strength(cards_text, level, strength):
    assert declaration_strength(cards_text, level) == strength


# --- S5 scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "outcome"),
    [
        (0, ("defenders", 3)),
        (5, ("defenders", 2)),
        (35, ("defenders", 2)),
        (40, ("defenders", 1)),
        (75, ("defenders", 1)),
        (80, ("attackers", 0)),
        (115, ("attackers", 0)),
        (120, ("attackers", 1)),
        (155, ("attackers", 1)),
        (160, ("attackers", 2)),
        (195, ("attackers", 2)),
        (200, ("attackers", 3)),
        (240, ("attackers", 4)),  # with a kitty bonus, one more per 40
    ],
)
def test_s5_3_outcome_table(points, outcome):
    assert deal_outcome(points) == outcome


def test_s5_3_negative_points_rejected():
    with pytest.raises(RulesError):
        deal_outcome(-5)


@pytest.mark.parametrize(("per_player", "multiplier"), [(1, 2), (2, 4), (4, 8), (6, 12)])
def test_s5_2_kitty_multiplier(per_player, multiplier):
    assert kitty_multiplier(per_player) == multiplier


# --- S2 the declaring round through the state -------------------------------------------------

KITTY = "KH KD TC 5C 6C 7C 8C 9C"  # first suited card: a heart


def small_deal(hands: list[str], kitty: str = KITTY, **kwargs):
    return new_deal(hands=hands, kitty=kitty, **kwargs)


def actions(state) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def test_s2_3_legal_declarations_and_pass():
    state = small_deal(["2S 2S 2H BJ", "3S 4S 5S 6S", "3D 4D 5D 6D", "RJ RJ 3C 4C"], dealer=0)
    assert state.phase == "declare" and state.current_player == 0
    assert actions(state) == {"pass", "declare 2S", "declare 2H", "declare 2S 2S"}
    state.apply(Action("declare", tuple(cards("2H"))))
    assert actions(state) == {"pass"}  # seat 1 holds nothing
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    assert actions(state) == {"pass", "declare RJ RJ"}


def test_s2_3_equal_strength_cannot_overcall():
    state = small_deal(["2S 2S 4H 5H", "2D 2D 5S 6S", "3D 4D 5D 6D", "3C 4C 5C 6C"], dealer=0)
    state.apply(Action("declare", tuple(cards("2S 2S"))))
    assert "declare 2D 2D" not in actions(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("declare", tuple(cards("2D 2D"))))
    assert info.value.reason == "declaration_too_weak"
    assert state.current_player == 1 and state.standing.cards == tuple(cards("2S 2S"))


def test_s2_4_three_passes_fix_trump_and_s2_6_first_declarer_deals():
    state = small_deal(
        ["3S 4S 5S 6S", "2D 4H 5H 6H", "2S 2S 5D 6D", "3C 4C 5C 6C"], starting_seat=1
    )
    state.apply(Action("declare", tuple(cards("2D"))))  # seat 1 declares first
    state.apply(Action("declare", tuple(cards("2S 2S"))))  # seat 2 overcalls
    for _ in range(3):
        assert state.phase == "declare"
        state.apply(Action("pass"))
    assert state.phase == "bury"
    assert state.trump == Trump("2", "S")
    assert state.dealer == 1  # S2.6: the first declarer, not the standing one
    assert state.current_player == 1
    assert len(state.hand(1)) == 12  # S2.7 the kitty is in the dealer's hand


def test_s2_4_later_deal_keeps_its_dealer():
    state = small_deal(["3S 4S 5S 6S", "2D 4H 5H 6H", "2S 2S 5D 6D", "3C 4C 5C 6C"], dealer=3)
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    state.apply(Action("declare", tuple(cards("2D"))))
    for _ in range(3):
        state.apply(Action("pass"))
    assert state.dealer == 3 and state.trump == Trump("2", "D")


def test_s2_4_overcall_restarts_the_passes():
    state = small_deal(["2H 4S 5S 6S", "BJ BJ 5H 6H", "3D 4D 5D 6D", "3C 4C 5C 6C"], dealer=0)
    state.apply(Action("declare", tuple(cards("2H"))))
    state.apply(Action("declare", tuple(cards("BJ BJ"))))
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    assert state.phase == "declare"
    state.apply(Action("pass"))
    assert state.phase == "bury" and state.trump == Trump("2", None)  # BJ BJ: no-trump


def test_s2_5_four_passes_reveal_the_kitty():
    state = small_deal(
        ["2H 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D 6D", "3C 4C 5C 6C"],
        kitty="BJ RJ 7D 8S 9S TS JS QS",
        starting_seat=2,
    )
    for _ in range(4):
        state.apply(Action("pass"))
    assert state.phase == "bury"
    assert state.trump == Trump("2", "D")  # the first suited card of the kitty
    assert state.dealer == 2  # first deal: the starting seat deals
    assert state.revealed_kitty == tuple(cards("BJ RJ 7D 8S 9S TS JS QS"))
    assert any(r.auto and r.action.kind == "reveal" for r in state.log)
    assert all(v.revealed_kitty for v in (state.view(s) for s in range(4)))


def test_s2_7_bury_any_eight_and_lead():
    state = small_deal(["3S 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D 6D", "2C 4C 5C 6C"], dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    assert state.phase == "bury" and state.current_player == 0
    assert all(len(a.cards) == 8 for a in state.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("bury", tuple(cards("3S 4S 5S"))))
    assert info.value.reason == "bury_count"
    # points may be buried (S2.7); any 8 of the 12 are accepted
    chosen = cards("KH KD TC 5C 3S 4S 5S 6S")
    assert state.actions_for(chosen)
    state.apply(state.actions_for(chosen)[0])
    assert state.phase == "play" and state.current_player == 0
    assert sorted(state.hand(0)) == sorted(cards("6C 7C 8C 9C"))
    assert state.view(0).kitty is not None and state.view(1).kitty is None


def test_declaring_refuses_other_actions_without_change():
    state = small_deal(["2S 2S 2H BJ", "3S 4S 5S 6S", "3D 4D 5D 6D", "RJ RJ 3C 4C"], dealer=0)
    before = (state.current_player, state.phase, list(state.log), state.hand(0))
    for action, code in [
        (Action("play", tuple(cards("2S"))), "wrong_phase"),
        (Action("declare", tuple(cards("BJ BJ"))), "not_in_hand"),
        (Action("declare", tuple(cards("3D"))), "not_a_declaration"),
        (Action("bury", tuple(cards("2S"))), "wrong_phase"),
    ]:
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.reason == code
        assert "seat 0" in str(info.value)
    assert before == (state.current_player, state.phase, list(state.log), state.hand(0))


# --- S4 play through the state, explain -------------------------------------------------------


def played_position():
    """Level 2, hearts trump (kitty reveal), dealer 0 buried the kitty and leads."""
    state = small_deal(
        ["5S 5S 6S 6S 3D 4D", "3S 3S 9S 9S 4S JD", "TD TD QC QC JC 8D", "AS AS 2H 2H 4C 5C"],
        dealer=0,
    )
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(Action("bury", tuple(cards(KITTY))))
    return state


@pytest.mark.parametrize(
    ("lead", "code"),
    [
        ("5S 6S", "not_a_lead"),  # S4.2
        ("5S 3D", "lead_mixed_suits"),
        ("5S 5S 6S", "not_a_lead"),
        ("AS", "not_in_hand"),
        ("", "empty_play"),
    ],
)
def test_s4_2_illegal_leads_explained(lead, code):
    state = played_position()
    error = state.explain(lead)
    assert error is not None and error.reason == code
    assert state.actions_for(lead) == []


@pytest.mark.parametrize(
    ("play", "code"),
    [
        ("3S 9S 9S 4S", "must_play_pairs"),  # S4.4
        ("3S 3S 9S JD", "must_follow_suit"),
        ("3S 3S 9S", "wrong_count"),
        ("3S 3S 9S 9S", None),
    ],
)
def test_s4_4_follow_explained(play, code):
    state = played_position()
    state.apply(state.actions_for("5S 5S 6S 6S")[0])
    error = state.explain(play)
    if code is None:
        assert error is None
        assert state.actions_for(play)
    else:
        assert error is not None and error.reason == code
        assert "seat 1" in str(error) and "6S 6S 5S 5S" in str(error)
        assert error.details["lead"] == "6S 6S 5S 5S" and error.details["player"] == 1


def test_s4_5_tractor_trumped_and_points_counted():
    state = played_position()
    state.apply(state.actions_for("5S 5S 6S 6S")[0])
    state.apply(state.actions_for("3S 3S 9S 9S")[0])
    state.apply(state.actions_for("TD TD QC QC")[0])  # void: discards 20 points
    state.apply(state.actions_for("AS AS 2H 2H")[0])  # short: all spades and trumps
    trick = state.tricks[-1]
    # seat 3's AS AS 2H 2H is two suits: cannot win; the lead stands
    assert trick.winner == 0 and trick.points == 30
    assert state.team_points == [30, 0]
    assert state.view(2).voids[2] == frozenset({"S"})
    assert state.view(1).voids[1] == frozenset()
    assert state.current_player == 0


def test_s5_2_kitty_bonus_with_last_trick_multiplier():
    # One card each: the last trick is a single, multiplier 2; kitty points 35.
    state = small_deal(["3S", "AS", "4S", "5S"], dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for play in ["3S", "AS", "4S", "5S"]:
        state.apply(state.actions_for(play)[0])
    result = state.result
    assert state.is_terminal and state.current_player is None
    assert result.last_trick_winner == 1 and result.trick_points == 5
    assert (result.kitty_points, result.kitty_multiplier, result.kitty_bonus) == (35, 2, 70)
    assert result.attacker_points == 75
    assert (result.outcome, result.levels_gained, result.next_dealer) == ("defenders", 1, 2)
    assert result.defender_points == 0 + 35  # the kitty's points stay with the defenders


def test_s5_2_pair_last_trick_multiplies_by_four_and_s5_3_takeover():
    state = small_deal(["3S 3S", "AS AS", "4S 4S", "5S 5S"], dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for play in ["3S 3S", "AS AS", "4S 4S", "5S 5S"]:
        state.apply(state.actions_for(play)[0])
    result = state.result
    assert result.kitty_multiplier == 4 and result.kitty_bonus == 140
    assert result.attacker_points == 150
    assert (result.outcome, result.winning_team, result.levels_gained) == ("attackers", 1, 1)
    assert result.next_dealer == 1  # S5.3: the seat after the old dealer


def test_s5_2_defenders_win_last_trick_no_bonus():
    state = small_deal(["AS", "3S", "4S", "5S"], dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for play in ["AS", "3S", "4S", "5S"]:
        state.apply(state.actions_for(play)[0])
    result = state.result
    assert result.kitty_bonus == 0 and result.attacker_points == 0
    assert result.outcome == "defenders" and result.levels_gained == 3  # S5.3 zero points


def test_actions_after_the_end_are_refused():
    state = small_deal(["AS", "3S", "4S", "5S"], dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for play in ["AS", "3S", "4S", "5S"]:
        state.apply(state.actions_for(play)[0])
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("play", tuple(cards("AS"))))
    assert info.value.reason == "deal_over"


# --- views, replay ----------------------------------------------------------------------------


def test_view_shows_only_what_a_seat_knows():
    state = new_deal(seed=5, dealer=1)
    while state.phase == "declare":
        state.apply(state.legal_actions()[0])  # everyone passes
    view = state.view(0)
    assert view.hand == tuple(state.hand(0))
    assert view.hand_sizes == (25, 33, 25, 25)
    assert view.kitty is None
    take = [r for r in view.history if r.action.kind == "take"]
    assert take and take[0].action.cards == state.revealed_kitty  # revealed: public
    state.apply(state.legal_actions()[0])
    assert state.view(1).kitty == tuple(state.kitty)
    assert state.view(2).kitty is None
    assert all(r.action.cards == () for r in state.view(2).history if r.action.kind == "bury")


def test_log_replays_the_deal_from_its_seed():
    import random

    rng = random.Random(3)
    state = new_deal(seed=77, starting_seat=2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    again = replay(state)
    assert again.result == state.result
    assert [r.action for r in again.log] == [r.action for r in state.log]


def test_same_seed_same_deal():
    a, b = new_deal(seed=11), new_deal(seed=11)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert a.kitty == b.kitty and a.starting_seat == b.starting_seat


def test_scripted_hands_are_checked():
    with pytest.raises(RulesError):
        new_deal(hands=["AS AS AS", "3S", "4S", "5S"], kitty=KITTY)
    with pytest.raises(RulesError):
        new_deal(hands=["AS", "3S 4S", "4S", "5S"], kitty=KITTY)
    with pytest.raises(RulesError):
        new_deal(hands=["AS", "3S", "4S", "5S"], kitty="KH")
    with pytest.raises(RulesError):
        new_deal(seed=1, dealer=0, starting_seat=1)


# --- S1.3, S2.2, S5.4 the match ---------------------------------------------------------------


def test_s2_2_first_deal_at_level_2_and_levels_follow_the_dealer():
    match = new_match(seed=8)
    assert match.levels == {0: "2", 1: "2"} and match.state.level == "2"
    assert match.state.dealer is None and match.state.starting_seat is not None


def finish_randomly(state, rng):
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))


def test_s1_3_promotion_beyond_ace_wins():
    import random

    match = new_match(seed=21)
    rng = random.Random(21)
    finish_randomly(match.state, rng)
    result = known(match.state.result)
    # Put the winning team of this deal at K: any promotion of 2+ ends the match.
    match.levels[result.winning_team] = "K" if result.levels_gained >= 2 else "A"
    match.advance()
    if result.levels_gained >= 1:
        assert match.is_over and match.winner == result.winning_team
        with pytest.raises(IllegalActionError):
            match.advance()
    else:
        assert not match.is_over


def test_s5_4_restart_resets_levels():
    import random

    match = new_match(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        finish_randomly(match.state, rng)
        match.advance()
    assert match.deal_index == 3
    match.restart(seed=4)
    assert match.levels == {0: "2", 1: "2"} and match.deal_index == 0 and not match.results


def test_match_advance_needs_a_finished_deal():
    match = new_match(seed=2)
    with pytest.raises(IllegalActionError) as info:
        match.advance()
    assert info.value.reason == "deal_not_over"


def test_s5_3_next_dealer_and_level_follow_the_result():
    import random

    match = new_match(seed=9)
    rng = random.Random(9)
    for _ in range(6):
        finish_randomly(match.state, rng)
        result = known(match.state.result)
        levels_before = dict(match.levels)
        match.advance()
        if match.is_over:
            break
        assert match.state.dealer == result.next_dealer
        assert match.state.level == match.levels[result.next_dealer % 2]  # S2.2
        team = result.winning_team
        gained = result.levels_gained

        assert RANKS.index(match.levels[team]) == RANKS.index(levels_before[team]) + gained
        assert match.levels[1 - team] == levels_before[1 - team]


# --- reason codes and their English sentences -------------------------------------------------


def english_reasons() -> dict[str, str]:
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "locale" / "en.toml"
    with path.open("rb") as handle:
        reasons: dict[str, str] = tomllib.load(handle)["reason"]["shengji"]  # as parsed
    return reasons


def test_every_reason_code_has_an_english_sentence():
    from game.rules.shengji import REASONS

    assert set(english_reasons()) == set(REASONS)


def test_refusals_fill_their_sentences():
    sentences = english_reasons()
    state = played_position()
    errors = [state.explain(text) for text in ("5S 6S", "5S 3D", "AS", "")]
    state.apply(state.actions_for("5S 5S 6S 6S")[0])
    errors += [state.explain(text) for text in ("3S 9S 9S 4S", "3S 3S 9S JD", "3S 3S 9S")]
    declaring = small_deal(["2S 2S 2H BJ", "3S 4S 5S 6S", "3D 4D 5D 6D", "RJ RJ 3C 4C"], dealer=0)
    errors += [declaring.explain("3D"), declaring.explain("BJ BJ")]
    declaring.apply(Action("declare", tuple(cards("2S 2S"))))
    declaring.apply(Action("pass"))
    declaring.apply(Action("pass"))
    errors.append(declaring.explain("RJ") or declaring.explain("2S"))
    for error in errors:
        assert error is not None
        sentence = sentences[error.reason]
        if isinstance(sentence, dict):  # a plural group (issue 55): its "other" form
            sentence = sentence["other"]
        text = sentence.format(**error.details)
        assert "{" not in text and text


# --- properties (Hypothesis) ------------------------------------------------------------------


trumps = st.builds(Trump, st.sampled_from(RANKS), st.sampled_from([*SUITS, None]))
card_lists = st.lists(st.sampled_from(double_pack()), min_size=1, max_size=8)


@settings(max_examples=300, deadline=None)
@given(trumps, card_lists, st.randoms(use_true_random=False))
def test_s4_2_lead_format_ignores_order(trump, items, rnd):
    shuffled = list(items)
    rnd.shuffle(shuffled)
    fmt = lead_format(items, trump)
    assert fmt == lead_format(shuffled, trump)
    if fmt is not None:
        assert fmt.length == len(items)
        assert {trump.effective_suit(c) for c in items} == {fmt.suit}  # S4.2 one suit
        assert fmt.pairs == (0 if fmt.kind == "single" else len(items) // 2)


@settings(max_examples=300, deadline=None)
@given(trumps, st.data())
def test_s4_5_winner_has_the_lead_shape(trump, data):
    deck = double_pack()
    lead = data.draw(st.sampled_from([[c] for c in deck] + [[c, c] for c in deck]))
    n = len(lead)
    plays = [lead] + [
        data.draw(st.lists(st.sampled_from(deck), min_size=n, max_size=n)) for _ in range(3)
    ]
    winner = trick_winner(plays, trump)
    assert 0 <= winner < 4
    lead_fmt = known(lead_format(lead, trump))
    won = lead_format(plays[winner], trump)
    assert won is not None and (won.kind, won.pairs) == (lead_fmt.kind, lead_fmt.pairs)
    assert won.suit in (lead_fmt.suit, "trump")
    # S3.5: a copy of the winning play added later never takes the trick
    assert trick_winner([*plays, plays[winner]], trump) == winner
