"""Cards, notation and packs (rules-api.md "Cards"; G2.1, S2.1, R2.1)."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from game.rules.cards import (
    RANKS,
    SUITS,
    Card,
    double_pack,
    format_cards,
    parse_cards,
    single_pack,
)
from game.rules.errors import CardNotationError, RulesError
from game.rules.runfast import runfast_pack


def test_every_card_round_trips():
    for card in single_pack():
        assert parse_cards(str(card)) == [card]
        assert parse_cards(format_cards([card])) == [card]
    cards = double_pack()
    assert parse_cards(format_cards(cards)) == cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "TH"),
        ("th", "TH"),
        ("10s 10d", "TS TD"),
        ("bj rj", "BJ RJ"),
        ("  as\t2c\n", "AS 2C"),
        ("", ""),
    ],
)
def test_notation_is_forgiving(text, expected):
    assert format_cards(parse_cards(text)) == expected


@pytest.mark.parametrize("token", ["1H", "11S", "TX", "J", "BJH", "ZZ", "AH,", "10"])
def test_bad_tokens_are_named(token):
    with pytest.raises(CardNotationError) as info:
        parse_cards(f"AS {token} KD")
    assert repr(token) in str(info.value)
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_cards_are_values():
    a, b = Card("T", "H"), parse_cards("TH")[0]
    assert a == b and hash(a) == hash(b) and a is b
    assert a.rank == "T" and a.suit == "H" and not a.is_joker
    assert Card("RJ").suit is None and Card("RJ").is_joker
    assert pickle.loads(pickle.dumps(a)) is a
    with pytest.raises(AttributeError):
        a.rank = "K"
    assert len({Card(r, s) for r in RANKS for s in SUITS}) == 52


def test_pack_sizes_and_counts():
    assert len(single_pack()) == 54 and len(single_pack(jokers=False)) == 52
    double = double_pack()
    assert len(double) == 108  # G2.1, S2.1
    assert set(Counter(double).values()) == {2}
    rf = runfast_pack()
    assert len(rf) == 48 and len(set(rf)) == 48  # R2.1
    names = set(format_cards(rf).split())
    assert {"BJ", "RJ", "AH", "2H", "2D", "2C"}.isdisjoint(names)
    assert {"2S", "AS", "AD", "AC", "3H", "KC"} <= names
