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
    "preset,options,hand,expected",
    [
        # G4.3: jokers, then the wild (level heart), other level cards, then A down to 2.
        ("guandan", {"level": "7"}, "3S 7D AS RJ 7H BJ KC", "RJ BJ 7H 7D AS KC 3S"),
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
