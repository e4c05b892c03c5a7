"""Hand sorting for display (game.table.sorting): strongest on the left, game-aware."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.cards import double_pack, format_cards, parse_cards
from game.rules.shengji import Trump
from game.table.sorting import sort_hand


@pytest.mark.parametrize(
    "options,hand,expected",
    [
        # Issue 26: wilds at the left end, then each bomb (G5.2) together, strongest first,
        # then the rest in the chosen order.
        ({"level": "7"}, "5S 9S 5H 7H AS 5C 2D 5D", "7H 5S 5H 5C 5D AS 9S 2D"),
        ({"level": "7", "by_suit": True}, "5S 9S 5H 7H AS 5C 2D 5D", "7H 5S 5H 5C 5D AS 9S 2D"),
        # A six-card bomb beats a straight flush, which beats a five-card bomb (G5.2).
        (
            {"level": "2"},
            "3S 3H 3C 3D 3S TH JH QH KH AH 8C 8C 8D 8D 8S 8H 4C",
            "8S 8H 8C 8C 8D 8D AH KH QH JH TH 3S 3S 3H 3C 3D 4C",
        ),
        # The joker bomb first; wilds stay apart even beside three of their rank.
        (
            {"level": "9"},
            "RJ BJ 9S RJ 9H BJ 9C 9D 9H KD",
            "9H 9H RJ RJ BJ BJ 9S 9C 9D KD",
        ),
        # A low straight flush (A2345) is found; the two wild hearts never join a bomb.
        ({"level": "Q"}, "AS 2S 3S 4S 5S QH QH 6D", "QH QH 5S 4S 3S 2S AS 6D"),
        # Three of a rank and four in a straight line of mixed suits are no bombs.
        ({"level": "2"}, "6S 6H 6C 7S 8S 9S TD AH", "AH TD 9S 8S 7S 6S 6H 6C"),
        # By suit, the rest goes suit by suit after the bombs.
        (
            {"level": "2", "by_suit": True},
            "KD KD KC KS 3S AH 4C 5D 2C",
            "KS KC KD KD 2C 3S AH 4C 5D",
        ),
    ],
)
def test_guandan_keeps_wilds_and_bombs_in_view(options, hand, expected):
    assert format_cards(sort_hand(parse_cards(hand), "guandan", **options)) == expected


@given(st.integers(0, 10_000), st.sampled_from("23456789TJQKA"), st.booleans())
def test_guandan_bombs_are_contiguous_and_wilds_lead(seed, level, by_suit):
    """Every group guandan_groups finds is shown together, after the wilds."""
    from game.games.guandan.order import guandan_groups

    cards = double_pack()
    random.Random(seed).shuffle(cards)
    hand = cards[:27]
    shown = sort_hand(hand, "guandan", by_suit=by_suit, level=level)
    wilds, bombs, _rest = guandan_groups(hand, level)
    assert shown[: len(wilds)] == wilds
    assert all(c.rank == level and c.suit == "H" for c in wilds)
    at = len(wilds)
    for group in bombs:
        assert shown[at : at + len(group)] == group
        assert len(group) >= 4
        at += len(group)


@pytest.mark.parametrize(
    "preset,options,hand,expected",
    [
        # G4.3: the wild (level heart) at the left end, then jokers, other level cards, A … 2.
        ("guandan", {"level": "7"}, "3S 7D AS RJ 7H BJ KC", "7H RJ BJ 7D AS KC 3S"),
        # G2.2 by suit: jokers, wild and level cards stay first; then suit blocks.
        ("guandan", {"level": "7", "by_suit": True}, "3S 7D AS 5H KC 7H", "7H 7D AS 3S 5H KC"),
        # S3.1: trumps grouped first (jokers, trump-suit level, other level, trump suit).
        (
            "shengji",
            {"level": "5", "trump_suit": "H"},
            "AS 5C 2H 5H RJ KH 3D",
            "RJ 5H 5C KH 2H AS 3D",
        ),
        # S3.2 no-trump: jokers and level cards only.
        ("shengji", {"level": "5", "trump_suit": None}, "AH 5C BJ 2S", "BJ 5C AH 2S"),
        # R3.2: 2 > A > K > … > 3.
        ("runfast", {}, "3H AS 2S KD 9C", "2S AS KD 9C 3H"),
        ("runfast", {"by_suit": True}, "3H AS 2S KD 9C", "2S AS 3H 9C KD"),
    ],
)
def test_sort_cases(preset, options, hand, expected):
    assert format_cards(sort_hand(parse_cards(hand), preset, **options)) == expected


@given(st.integers(0, 10_000), st.sampled_from(["guandan", "shengji", "runfast"]), st.booleans())
def test_sorting_keeps_every_card(seed, preset, by_suit):
    cards = double_pack()
    random.Random(seed).shuffle(cards)
    hand = cards[:27]
    shown = sort_hand(hand, preset, by_suit=by_suit, level="9", trump_suit="S")
    assert sorted(shown) == sorted(hand)
    assert sort_hand(shown, preset, by_suit=by_suit, level="9", trump_suit="S") == shown


@given(
    st.integers(0, 10_000),
    st.sampled_from("23456789TJQKA"),
    st.sampled_from(["S", "H", "D", "C", None]),
    st.booleans(),
)
def test_shengji_display_follows_the_engine_order(seed, level, suit, by_suit):
    # S3: trumps first, and inside each effective suit strongest first by Trump's steps.
    trump = Trump(level, suit)
    cards = double_pack()
    random.Random(seed).shuffle(cards)
    shown = sort_hand(cards[:25], "shengji", by_suit=by_suit, level=level, trump_suit=suit)
    kinds = [trump.is_trump(c) for c in shown]
    assert kinds == sorted(kinds, reverse=True)
    for a, b in zip(shown, shown[1:], strict=False):
        if trump.effective_suit(a) == trump.effective_suit(b):
            assert trump.compare(a, b) >= 0
