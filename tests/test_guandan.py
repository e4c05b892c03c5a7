"""Guandan rules engine (issue 5): tables of cases in card notation, each naming its rule id
from shared/spec/guandan.md."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from game.rules import guandan as gd
from game.rules.base import Action
from game.rules.cards import RANKS, Card, format_cards, parse_cards
from game.rules.errors import IllegalActionError
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
PASS = Action("pass")


def english(error: IllegalActionError) -> str:
    """The [reason.guandan] sentence of a refusal with its details filled in."""
    catalog = tomllib.loads((ROOT / "locale" / "en.toml").read_text(encoding="utf-8"))
    sentence: str = catalog["reason"]["guandan"][error.reason]  # the catalog's text, as parsed
    return sentence.format(**error.details)


def meanings(text: str, level: str) -> list[tuple[object, ...]]:
    """(kind, rank) per meaning, strongest first; bombs also carry their size."""
    out: list[tuple[object, ...]] = []
    for combo in gd.interpretations(text, level):
        out.append(
            (combo.kind, combo.rank, combo.size)
            if combo.kind == "bomb"
            else (combo.kind, combo.rank)
        )
    return out


def one(text: str, level: str) -> gd.Combo:
    (combo,) = gd.interpretations(text, level)
    return combo


# --- G5 interpretations --------------------------------------------------------------------

INTERPRETATIONS = [
    # (rule, cards, level, meanings strongest first)
    ("G5.1", "7S", "2", [("single", "7")]),
    ("G5.1", "7S 7D", "2", [("pair", "7")]),
    ("G5.1", "7S 8D", "2", []),
    ("G5.1", "7S 7D 7C", "2", [("triple", "7")]),
    ("G5.1", "7S 7D 7C 4H 4S", "2", [("full_house", "7")]),
    ("G5.1", "3S 4D 5C 6H 7S", "2", [("straight", "7")]),
    ("G5.1", "3S 3D 4C 4H 5S 5D", "2", [("tube", "5")]),
    ("G5.1", "3S 3D 3C 4H 4S 4D", "2", [("plate", "4")]),
    ("G5.1", "3S 3D 3C 4H", "2", []),  # no triple with a single
    ("G5.1", "3S 4D 5C 6H 7S 8S", "2", []),  # no straight longer than 5
    ("G5.1", "3S 4D 5C 6H", "2", []),  # no straight shorter than 5
    ("G5.1", "3S 3D 4C 4H 5S 5D 6S 6D", "2", []),  # a tube is exactly 3 pairs
    ("G5.1", "3S 3D 4C 4H", "2", []),
    ("G5.1", "3S 3D 3C 4H 4S 4D 5S 6D", "2", []),  # no airplane with wings
    ("G5.1", "3S 3D 3C 4H 4S 4D 5S 5D 5C", "2", []),  # a plate is exactly 2 triples
    ("G5.1", "3S 3D 5C 5H 6S 6D", "2", []),  # pairs not consecutive
    ("G5.1", "7S 7D 7C 7H", "2", [("bomb", "7", 4)]),
    ("G5.1", "7S 7D 7C 7H 7S 7D 7C 7H", "2", [("bomb", "7", 8)]),
    # G5.2 jokers
    ("G5.2", "RJ", "2", [("single", "RJ")]),
    ("G5.2", "BJ", "2", [("single", "BJ")]),
    ("G5.2", "RJ RJ", "2", [("pair", "RJ")]),
    ("G5.2", "BJ BJ", "2", [("pair", "BJ")]),
    ("G5.2", "RJ BJ", "2", []),  # mixed jokers are never a pair
    ("G5.2", "5S 5D 5C RJ RJ", "2", [("full_house", "5")]),
    ("G5.2", "5S 5D 5C BJ BJ", "2", [("full_house", "5")]),
    ("G5.2", "5S 5D 5C RJ BJ", "2", []),
    ("G5.2", "RJ RJ BJ", "2", []),
    ("G5.2", "BJ 3S 4S 5S 6S", "2", []),  # no jokers in straights
    ("G5.2", "RJ RJ BJ BJ 5S 5D", "2", []),  # nor in tubes
    ("G5.2", "RJ RJ BJ BJ", "2", [("joker_bomb", None)]),
    ("G5.2", "RJ RJ BJ 5S", "2", []),
    # G5.3 natural sequences, ace low or high, no wrap
    ("G5.3", "AS 2D 3C 4H 5S", "7", [("straight", "5")]),
    ("G5.3", "TS JD QC KH AS", "7", [("straight", "A")]),
    ("G5.3", "QS KD AC 2H 3S", "7", []),  # no wrap
    ("G5.3", "KS AD 2C 3H 4S", "7", []),
    ("G5.3", "5S 6D 7C 8H 9S", "7", [("straight", "9")]),  # the level rank in its natural place
    ("G5.3", "AS AD 2C 2H 3S 3D", "9", [("tube", "3")]),
    ("G5.3", "QS QD KC KH AS AD", "9", [("tube", "A")]),
    ("G5.3", "KS KD AC AH 2S 2D", "9", []),
    ("G5.3", "AS AD AC 2S 2D 2C", "9", [("plate", "2")]),
    ("G5.3", "KS KD KC AS AD AC", "9", [("plate", "A")]),
    ("G5.3", "AS AD AC KS KD KC", "A", [("plate", "A")]),  # A is the level: still natural
    # G5.4 wilds (level 2: the wild is 2H)
    ("G5.4", "2H", "2", [("single", "2")]),
    ("G5.4", "2H 2H", "2", [("pair", "2")]),
    ("G5.4", "2S 2H", "2", [("pair", "2")]),
    ("G5.4", "2H 9S", "2", [("pair", "9")]),
    ("G5.4", "2H 2H 9S", "2", [("triple", "9")]),
    ("G5.4", "2H RJ", "2", []),  # a wild never stands for a joker
    ("G5.4", "2H 2H RJ RJ", "2", []),
    ("G5.4", "2H BJ BJ", "2", []),
    ("G5.4", "2H 9S 9D 9C", "2", [("bomb", "9", 4)]),
    ("G5.4", "2H 2H 9S 9D 9C 9H", "2", [("bomb", "9", 6)]),
    ("G5.4", "2H 2H 9S 9D 9C 9H 9S 9D 9C 9H", "2", [("bomb", "9", 10)]),
    ("G5.4", "2H 5S 6D 8C 9H", "2", [("straight", "9")]),
    ("G5.4", "2H AS 3D 4C 5H", "2", [("straight", "5")]),  # the wild as a 2 of A2345
    ("G5.4", "2H 2H QS KD AC", "2", [("straight", "A")]),
    ("G5.4", "2H BJ BJ 5S 5D", "2", [("full_house", "5")]),  # joker pair + wild triple
    ("G5.4", "2H 2H 5S 6D 6C 7H", "2", [("tube", "7")]),
    ("G5.4", "2H 2H 5S 5D 5C 6H", "2", [("plate", "6")]),
    ("G5.4", "7H", "7", [("single", "7")]),  # a wild alone is a single of the level
    ("G5.4", "7H 7H", "7", [("pair", "7")]),
    ("G5.4", "7H 3S", "7", [("pair", "3")]),
    ("G5.4", "7H 7H 3S", "7", [("triple", "3")]),
    ("G5.4", "7H 8S", "2", []),  # 7H is not wild at level 2
    # G5.5 ambiguous sets give every meaning
    ("G5.5", "6S 7D 8C 9H 2H", "2", [("straight", "T"), ("straight", "9")]),
    ("G5.5", "2H 3S 4D 5C 6S", "2", [("straight", "7"), ("straight", "6")]),
    ("G5.5", "5S 5D 5C 2H 2H", "2", [("bomb", "5", 5), ("full_house", "5")]),
    ("G5.5", "5S 5D 6C 6H 2H", "2", [("full_house", "6"), ("full_house", "5")]),
    ("G5.5", "5S 5D 6C 6H 2H 2H", "2", [("tube", "7"), ("plate", "6"), ("tube", "6")]),
    ("G5.5", "5S 5D 2H 2H", "2", [("bomb", "5", 4)]),
    ("G5.5", "2H 2H AS AD", "2", [("bomb", "A", 4)]),
    ("G5.5", "2H 2H AS KD", "2", []),
    (
        "G5.5",
        "2H 2H 3S 3D 4C 4H",
        "2",
        [("tube", "5"), ("plate", "4"), ("tube", "4")],
    ),
    # G5.6 straight flushes (wilds fill in, suit of the wild does not matter); a straight flush
    # always counts as a bomb, never a plain straight (VG1 off, variants.md)
    ("G5.6", "6S 7S 8S 9S TS", "2", [("straight_flush", "T")]),
    ("G5.6", "6H 7H 8H 9H 2H", "2", [("straight_flush", "T"), ("straight_flush", "9")]),
    ("G5.6", "6S 7S 8S 9S 2H", "2", [("straight_flush", "T"), ("straight_flush", "9")]),
    ("G5.6", "AD 2D 3D 4D 5D", "9", [("straight_flush", "5")]),
    ("G5.6", "TC JC QC KC AC", "9", [("straight_flush", "A")]),
    ("G5.6", "QC KC AC 2C 3C", "9", []),
    ("G5.6", "6S 7S 8D 9S 2H", "2", [("straight", "T"), ("straight", "9")]),
]


@pytest.mark.parametrize("rule, cards, level, expected", INTERPRETATIONS)
def test_interpretations(
    rule: str, cards: str, level: str, expected: list[tuple[object, ...]]
) -> None:
    assert meanings(cards, level) == expected, rule


def test_interpretations_keep_the_cards_sorted() -> None:  # G5
    for combo in gd.interpretations("9H 2H 8C 7D 6S", "2"):
        assert combo.cards == tuple(sorted(parse_cards("9H 2H 8C 7D 6S")))
        assert format_cards(combo.cards) == "6S 7D 8C 9H 2H" or combo.cards[0] == Card("2", "H")


# --- G4.3 single strength, G4.4 ordinary responses ------------------------------------------


@pytest.mark.parametrize("level", RANKS)
def test_single_strength_lifts_the_level(level: str) -> None:  # G4.3
    lv = gd.level_of(level)
    natural = [rank for rank in RANKS if rank != level]
    order = [*natural, level, "BJ", "RJ"]
    strengths = [lv.rank_strength(rank) for rank in order]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    assert lv.card_strength(Card(level, "H")) == lv.rank_strength(level)  # the wild G2.2
    assert lv.is_wild(Card(level, "H")) and not lv.is_wild(Card(level, "S"))


BEATS = [
    # (rule, play, last, level, expected)
    ("G4.3", "8S", "6D", "7", True),
    ("G4.3", "7S", "AS", "7", True),  # level rank above A
    ("G4.3", "AS", "7S", "7", False),
    ("G4.3", "BJ", "7S", "7", True),
    ("G4.3", "RJ", "BJ", "7", True),
    ("G4.3", "BJ", "RJ", "7", False),
    ("G4.3", "7H", "AS", "7", True),  # a wild single is the level single
    ("G4.3", "7S", "7H", "7", False),  # equal rank never beats
    ("G4.3", "8S", "8D", "7", False),
    ("G4.3", "2S 2D", "AS AD", "2", True),
    ("G4.3", "RJ RJ", "BJ BJ", "2", True),
    ("G4.3", "BJ BJ", "2S 2D", "2", True),
    ("G4.4", "9S 9D", "8S 8D 8C", "2", False),  # kind must match
    ("G4.4", "9S 9D 9C", "8S 8D 8C", "2", True),
    ("G4.4", "9S 9D 9C 3S 3D", "8S 8D 8C AS AD", "2", True),  # full house ranked by its triple
    ("G4.4", "9S 9D 9C 3S 3D", "9S 9D 9C AS AD", "2", False),
    ("G4.4", "4S 5D 6C 7H 8S", "3S 4D 5C 6H 7S", "2", True),
    ("G4.4", "2S 3D 4C 5H 6S", "AS 2D 3C 4H 5S", "9", True),  # A-low is the lowest straight
    ("G4.4", "TS JD QC KH AS", "9S TD JC QH KS", "9", True),
    ("G4.4", "AS 2D 3C 4H 5S", "TS JD QC KH AS", "9", False),
    ("G4.4", "5S 6D 7C 8H 9S", "4S 5D 6C 7H 8S", "5", True),  # level 5 is natural in sequences
    ("G4.4", "2S 2D 3C 3H 4S 4D", "AS AD 2C 2H 3S 3D", "9", True),
    ("G4.4", "QS QD KC KH AS AD", "AS AD 2C 2H 3S 3D", "9", True),
    ("G4.4", "2S 2D 2C 3H 3S 3D", "AS AD AC 2H 2S 2D", "9", True),
    ("G4.4", "3S 3D 4C 4H 5S 5D", "3S 3D 3C 4H 4S 4D", "9", False),  # tube vs plate
    ("G4.4", "3S 4D 5C 6H 7S", "3S 3D 3C 4H 4S", "9", False),  # straight vs full house
]


@pytest.mark.parametrize("rule, play, last, level, expected", BEATS)
def test_beats(rule: str, play: str, last: str, level: str, expected: bool) -> None:
    assert gd.beats(one(play, level), one(last, level), level) is expected, rule


# --- G5.6 the bomb ladder ----------------------------------------------------------------

LADDER = [
    # weakest to strongest at level 2 (2H is wild)
    "3S 3D 3C 3H",  # 4-card bomb of 3
    "AS AD AC AH",  # 4-card bomb of A
    "2S 2D 2C 2S",  # 4-card bomb of the level rank
    "3S 3D 3C 3H 3S",  # 5-card bomb
    "2S 2D 2C 2S 2H",  # 5-card bomb of the level (one wild in it)
    "AS 2S 3S 4S 5S",  # lowest straight flush (A-low)
    "8D 9D TD JD 2H",  # straight flush with a wild, to Q
    "TC JC QC KC AC",  # highest straight flush
    "3S 3D 3C 3H 3S 3D",  # 6-card bomb
    "2S 2D 2C 2S 2D 2C",  # 6-card bomb of the level
    "4S 4D 4C 4H 4S 4D 4C",  # 7
    "4S 4D 4C 4H 4S 4D 4C 4H",  # 8
    "4S 4D 4C 4H 4S 4D 4C 4H 2H",  # 9 with a wild
    "4S 4D 4C 4H 4S 4D 4C 4H 2H 2H",  # 10 with both wilds
    "RJ RJ BJ BJ",  # four-joker bomb
]


def _ladder_combo(text: str) -> gd.Combo:
    bombs = [c for c in gd.interpretations(text, "2") if c.is_bomb]
    return bombs[0]  # strongest meaning first


@pytest.mark.parametrize("low", range(len(LADDER)))
def test_bomb_ladder(low: int) -> None:  # G5.6
    weak = _ladder_combo(LADDER[low])
    for high in range(len(LADDER)):
        strong = _ladder_combo(LADDER[high])
        assert gd.beats(strong, weak, "2") is (high > low), (LADDER[high], LADDER[low])


def test_ladder_meanings() -> None:  # G5.6
    assert _ladder_combo("8D 9D TD JD 2H").kind == "straight_flush"
    assert _ladder_combo("8D 9D TD JD 2H").rank == "Q"
    assert _ladder_combo("RJ RJ BJ BJ").kind == "joker_bomb"


@pytest.mark.parametrize(
    "plain",
    ["RJ", "RJ RJ", "AS AD AC", "TS JD QC KH AS", "QS QD KC KH AS AD", "KS KD KC AS AD AC",
     "AS AS AD RJ RJ"],
)  # fmt: skip
def test_any_bomb_beats_any_non_bomb(plain: str) -> None:  # G5.6
    weakest = _ladder_combo(LADDER[0])
    combo = gd.interpretations(plain, "2")[0]
    assert gd.beats(weakest, combo, "2") and not gd.beats(combo, weakest, "2")


# --- G1.2 promotion, G3 tribute and return --------------------------------------------------

PROMOTION = [
    ("G1.2", (0, 2, 1, 3), (0, 3)),
    ("G1.2", (0, 1, 2, 3), (0, 2)),
    ("G1.2", (0, 3, 2, 1), (0, 2)),
    ("G1.2", (0, 1, 3, 2), (0, 1)),
    ("G1.2", (3, 1, 0, 2), (1, 3)),
    ("G1.2", (1, 0, 2, 3), (1, 1)),
]


@pytest.mark.parametrize("rule, order, expected", PROMOTION)
def test_promotion(rule: str, order: tuple[int, ...], expected: tuple[int, int]) -> None:
    assert gd.promotion(order) == expected, rule


FILL = ["3S 4S", "3D 4D", "3C 4C", "5S 6S"]


def _hands(**by_seat: str) -> list[str]:
    hands = list(FILL)
    for key, text in by_seat.items():
        hands[int(key[1:])] = text
    return hands


TRIBUTES = [
    # (rule, finish order, hands by seat, level, anti, payments (payer, receiver, card), leader)
    ("G3.1 1-3", (0, 1, 2, 3), _hands(s3="AS 9D 2H"), "2", False, [(3, 0, "AS")], 3),
    ("G3.1 1-4 partner pays", (0, 1, 3, 2), _hands(s2="KS 9D"), "2", False, [(2, 0, "KS")], 2),
    ("G3.3 level card", (0, 1, 2, 3), _hands(s3="AS 2S 2H"), "2", False, [(3, 0, "2S")], 3),
    ("G3.3 never a wild", (0, 1, 2, 3), _hands(s3="AS 2H 2H"), "2", False, [(3, 0, "AS")], 3),
    ("G3.3 joker", (0, 1, 2, 3), _hands(s3="RJ AS"), "2", False, [(3, 0, "RJ")], 3),
    (
        "G3.2 double, higher to first",
        (0, 2, 1, 3),
        _hands(s1="KS 3S", s3="BJ 3D"),
        "2",
        False,
        [(3, 0, "BJ"), (1, 2, "KS")],
        3,
    ),
    (
        "G3.2 double, equal: first in turn after first place",
        (0, 2, 1, 3),
        _hands(s1="AS 3S", s3="AD 3D"),
        "2",
        False,
        [(1, 0, "AS"), (3, 2, "AD")],
        1,
    ),
    (
        "G3.2 double, equal, first place seat 2",
        (2, 0, 1, 3),
        _hands(s1="AS 3S", s3="AD 3D"),
        "2",
        False,
        [(3, 2, "AD"), (1, 0, "AS")],
        3,
    ),
    ("G3.4 anti single", (0, 1, 2, 3), _hands(s3="RJ RJ 3H"), "2", True, [], 0),
    ("G3.4 anti double", (1, 3, 0, 2), _hands(s0="RJ 5H", s2="RJ 5D"), "2", True, [], 1),
    (
        "G3.4 one Red Joker is not enough",
        (1, 3, 0, 2),
        _hands(s0="RJ 5H", s2="BJ 5D"),
        "2",
        False,
        [(0, 1, "RJ"), (2, 3, "BJ")],
        0,
    ),
    (
        "G3.4 single payer: the partner's joker does not count",
        (0, 1, 2, 3),
        _hands(s3="RJ 3H", s1="RJ 4H"),
        "2",
        False,
        [(3, 0, "RJ")],
        3,
    ),
]


@pytest.mark.parametrize("rule, order, hands, level, anti, payments, leader", TRIBUTES)
def test_plan_tribute(rule, order, hands, level, anti, payments, leader) -> None:  # noqa: ANN001
    plan = gd.plan_tribute(order, hands, level)
    assert plan.anti_tribute is anti, rule
    assert [(p, r, str(c)) for p, r, c in plan.payments] == payments, rule
    assert plan.leader == leader, rule


RETURNS = [
    ("G3.5", "3S 9D TC JH AS 2H", "2", "3S 9D TC"),
    ("G3.5", "5S 5H KD", "5", "5S"),  # the level's face rank counts, the wild does not
    ("G3.5", "JS QD KC AH RJ", "2", "JS"),  # none in 2..10: the weakest
    ("G3.5", "JS QD KC AH", "J", "QD"),  # J is the level: Q is weakest
    ("G3.5", "JS JD QC", "2", "JS JD"),  # equal weakest cards: either
    ("G3.5", "JH QD", "J", "QD"),  # the weakest is never the wild
]


@pytest.mark.parametrize("rule, hand, level, expected", RETURNS)
def test_return_options(rule: str, hand: str, level: str, expected: str) -> None:
    assert format_cards(gd.return_options(hand, level)) == expected, rule


# --- The deal state machine -----------------------------------------------------------------


def play(state: gd.State, text: str, kind: str | None = None) -> None:
    actions = state.actions_for(text)
    if kind is not None:
        actions = [a for a in actions if known(a.combo).kind == kind]
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def test_tribute_then_return_then_leader() -> None:  # G3.1, G3.3, G3.5, G3.6
    hands = ["5S 6S TS", "7D 8D", "9C JC", "AS 4H 3C"]
    state = gd.new_deal(hands=hands, level="2", previous_finish=(0, 1, 2, 3))
    assert state.phase == "return" and state.current_player == 0
    assert format_cards(state.hand(0)) == "5S 6S TS AS"
    assert [(r.seat, r.action.kind, format_cards(r.action.cards), r.auto) for r in state.log] == [
        (3, "tribute", "AS", True)
    ]
    assert {str(a.cards[0]) for a in state.legal_actions()} == {"5S", "6S", "TS"}
    assert state.actions_for("AS") == [] and known(state.explain("AS")).reason == "bad_return"
    assert known(state.explain("5S 6S")).reason == "return_one_card"
    assert "AS" in english(known(state.explain("AS"))) and english(known(state.explain("5S 6S")))
    with pytest.raises(IllegalActionError) as error:
        state.apply(Action("play", tuple(parse_cards("5S"))))
    assert error.value.reason == "wrong_phase"
    (back,) = state.actions_for("TS")
    state.apply(back)
    assert state.phase == "play" and state.current_player == 3  # the payer of first place leads
    assert format_cards(state.hand(3)) == "3C 4H TS"
    assert state.view(1).tributes[1].card is None  # seat 1 did not see the return card
    assert state.view(3).tributes[1].card == Card("T", "S")
    assert state.view(1).tributes[0].card == Card("A", "S")  # tribute cards are public


def test_double_tribute_returns_in_order() -> None:  # G3.2, G3.5, G3.6
    hands = ["5S 6S", "KS 3S", "9C JC", "BJ 3D"]
    state = gd.new_deal(hands=hands, level="2", previous_finish=(0, 2, 1, 3))
    assert state.pending_returns == [(0, 3), (2, 1)]
    assert state.current_player == 0
    state.apply(state.actions_for("5S")[0])
    assert state.current_player == 2
    state.apply(state.actions_for("9C")[0])
    assert state.phase == "play" and state.current_player == 3
    assert format_cards(state.hand(3)) == "3D 5S" and format_cards(state.hand(1)) == "3S 9C"


def test_anti_tribute() -> None:  # G3.4
    hands = ["5S 6S", "RJ 3S", "9C JC", "RJ 3D"]
    state = gd.new_deal(hands=hands, level="2", previous_finish=(2, 0, 1, 3))
    assert state.anti_tribute and state.phase == "play" and state.current_player == 2
    assert [(r.seat, r.action.kind, r.auto) for r in state.log] == [
        (1, "anti_tribute", True),
        (3, "anti_tribute", True),
    ]
    assert format_cards(state.hand(1)) == "3S RJ"


def test_turns_pass_and_lead_returns() -> None:  # G4.1, G4.2
    hands = ["3S 3D 9S", "4S 4D 5C", "6S 6D 7C", "8S 8D TC"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    assert state.legal_actions()[0] != PASS and PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError) as error:
        state.apply(PASS)
    assert error.value.reason == "must_lead" and english(error.value)
    play(state, "3S 3D")
    assert state.current_player == 1 and state.legal_actions()[0] == PASS
    play(state, "4S 4D")
    state.apply(PASS)  # 2
    state.apply(PASS)  # 3
    assert state.current_player == 0
    state.apply(PASS)  # 0: everyone else passed, seat 1 leads again
    assert state.current_player == 1 and state.last_play is None and state.leader == 1


def test_view_shows_the_round_and_hides_hands() -> None:  # G4.2, rules-api view
    hands = ["3S 3D 9S", "4S 4D 5C", "6S 6D 7C", "8S 8D TC"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S 3D")
    state.apply(PASS)  # seat 1
    view = state.view(2)
    assert view.seat == 2 and view.current_player == 2 and view.phase == "play"
    assert format_cards(view.hand) == "6S 6D 7C"
    assert view.hand_counts == (1, 3, 3, 3)
    assert [(t.seat, t.combo.kind if t.combo else None) for t in view.round] == [
        (0, "pair"),
        (1, None),
    ]
    assert view.last_seat == 0 and known(view.last_play).rank == "3" and view.leader == 0
    assert format_cards(view.played) == "3S 3D" and view.played_by[0] == tuple(parse_cards("3S 3D"))
    assert view.level == "2" and view.team_levels == ("2", "2") and view.finish_order == ()
    assert [r.action.kind for r in view.history] == ["play", "pass"]


def test_partner_receives_the_wind() -> None:  # G4.2
    hands = ["3S", "4S 4D", "5S 5D", "6S 6D"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S")
    assert state.finish_order == (0,)
    for _ in range(3):
        state.apply(PASS)
    assert state.current_player == 2 and state.last_play is None


def test_finished_players_are_skipped() -> None:  # G4.2
    hands = ["3S", "4S 4D", "5S 5D", "6S 6D"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S")
    play(state, "4S")
    play(state, "5S")
    play(state, "6S")
    assert state.current_player == 1  # seat 0 is out


def test_deal_ends_at_one_two() -> None:  # G4.5, G1.2
    hands = ["3S", "9S 9D", "4S", "TS TD"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S")
    state.apply(PASS)
    play(state, "4S")
    assert state.is_terminal and state.current_player is None and state.phase == "over"
    assert state.legal_actions() == []
    assert known(state.result).finish_order[:2] == (0, 2)
    assert (known(state.result).winning_team, known(state.result).levels_gained) == (0, 3)
    assert known(state.explain("9S")).reason == "deal_over"


def test_three_out_is_over() -> None:  # G4.5
    hands = ["3S", "4S", "6S 6D", "5S"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S")
    play(state, "4S")
    state.apply(PASS)  # 2 keeps its pair
    play(state, "5S")
    assert state.is_terminal and known(state.result).finish_order == (0, 1, 3, 2)
    assert (known(state.result).winning_team, known(state.result).levels_gained) == (0, 1)


REFUSALS = [
    # (rule, hands of seat 0 then last play by seat 3 or None, cards, reason)
    ("G4.2", "3S 4S", None, "5S", "not_in_hand"),
    ("G5.1", "3S 4S", None, "3S 4S", "no_combination"),
    ("G4.4", "3S 3D 9S", "8S 8D", "3S 3D", "does_not_beat"),
    ("G4.4", "9S 9D 9C", "8S 8D", "9S 9D 9C", "does_not_beat"),
    ("G5.6", "9S 9D 9C 9H", "8S 8D 8C 8H 8S", "9S 9D 9C 9H", "does_not_beat"),
]


@pytest.mark.parametrize("rule, hand, last, cards, reason", REFUSALS)
def test_refusals_change_nothing(rule, hand, last, cards, reason) -> None:  # noqa: ANN001
    hands = [hand, "3C 4C", "5C 6C", (last or "7C") + " KC"]
    state = gd.new_deal(hands=hands, level="2", leader=3 if last else 0)
    if last:
        play(state, last)  # seat 3; seat 0 is next (G4.1)
    assert state.current_player == 0
    before = state.view(0), state.view(1), list(state.log)
    error = known(state.explain(cards))
    assert error is not None and error.reason == reason, rule
    assert state.actions_for(cards) == []
    with pytest.raises(IllegalActionError) as raised:
        state.apply(Action("play", tuple(parse_cards(cards))))
    assert raised.value.reason == reason and "seat 0" in str(raised.value)
    assert english(raised.value)  # the localized sentence fills in from the details
    assert (state.view(0), state.view(1), list(state.log)) == before


def test_does_not_beat_message() -> None:  # G4.4
    hands = ["3S 3D 9S", "3C 4C", "5C 6C", "8S 8D KC"]
    state = gd.new_deal(hands=hands, level="2", leader=3)
    play(state, "8S 8D")
    error = known(state.explain("3S 3D"))
    assert str(error) == "seat 0 cannot play '3S 3D': it does not beat the pair of 8s ('8S 8D')"
    assert error.details == {
        "seat": 0,
        "cards": "3S 3D",
        "last": "8S 8D",
        "kind": "pair",
        "rank": "8",
    }


def test_meaning_chooser_offers_only_legal_meanings() -> None:  # G5.5
    hands = ["6S 7D 8C 9H 2H 3S", "3C 4C", "5C 6C", "5S 6D 7C 8H 9S KC"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    both = state.actions_for("6S 7D 8C 9H 2H")
    assert [(known(a.combo).kind, known(a.combo).rank) for a in both] == [
        ("straight", "T"),
        ("straight", "9"),
    ]
    with pytest.raises(IllegalActionError) as error:
        state.apply(Action("play", tuple(parse_cards("6S 7D 8C 9H 2H"))))
    assert error.value.reason == "ambiguous" and "6S 7D 8C 9H 2H" in english(error.value)
    following = gd.new_deal(hands=hands, level="2", leader=3)
    play(following, "5S 6D 7C 8H 9S")  # seat 3: straight to 9; seat 0 answers
    only = following.actions_for("6S 7D 8C 9H 2H")
    assert [(known(a.combo).kind, known(a.combo).rank) for a in only] == [("straight", "T")]
    wrong = Action("play", only[0].cards, gd.Combo("straight", "9", only[0].cards))
    with pytest.raises(IllegalActionError) as error:
        following.apply(wrong)
    assert error.value.reason == "not_that_meaning"
    following.apply(Action("play", only[0].cards))  # one legal meaning: no combo needed
    assert known(following.last_play).rank == "T" and following.current_player == 1


def test_apply_accepts_unlisted_card_choices() -> None:  # rules-api: actions_for
    hands = ["5S 5D 5C 5H 2H 9S 9D 9C", "3C 4C", "5C 6C", "7S KC"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    listed = {tuple(a.cards) for a in state.legal_actions()}
    choice = tuple(parse_cards("5S 5D 2H"))
    assert choice not in listed  # the listed triple of 5 uses naturals only
    (triple,) = state.actions_for("5S 5D 2H")
    state.apply(triple)
    assert known(state.last_play).kind == "triple" and state.hand(0).count(Card("2", "H")) == 0


LEGAL_CHOICES = [
    # (rule, hand, level, meaning, cards the listed action should use)
    ("G5.4 naturals before wilds", "5S 5D 2H 9S", "2", ("pair", "5"), "5S 5D"),
    ("G5.4 wild pair only when needed", "5S 2H 2H 9S", "2", ("pair", "5"), "5S 2H"),
    ("G5.4 two wilds: level pair", "2H 2H 9S", "2", ("pair", "2"), "2H 2H"),
    ("G5.4 level single natural first", "2S 2H 9S", "2", ("single", "2"), "2S"),
    ("G5.6 keep SF material", "6S 6D 7S 8S 9S TS", "2", ("single", "6"), "6D"),
    ("G5.6 straight is not a flush", "6S 7S 8S 9S TS TD", "2", ("straight", "T"), "6S 7S 8S 9S TD"),
    ("G5.1 full house takes an exact pair", "7S 7D 7C 3S 3D 3C 4S 4D", "2", ("full_house", "7"), "4S 4D 7S 7D 7C"),
]  # fmt: skip


@pytest.mark.parametrize("rule, hand, level, meaning, cards", LEGAL_CHOICES)
def test_listed_card_choices(rule, hand, level, meaning, cards) -> None:  # noqa: ANN001
    state = gd.new_deal(hands=[hand, "3C", "4C", "5C"], level=level, leader=0)
    found = [
        a for a in state.legal_actions() if (known(a.combo).kind, known(a.combo).rank) == meaning
    ]
    assert len(found) == 1, rule
    assert sorted(found[0].cards) == sorted(parse_cards(cards)), rule


def test_scripted_hands_are_checked() -> None:  # G2.1
    with pytest.raises(ValueError):
        gd.new_deal(hands=["3S 3S 3S", "4C", "5C", "6C"], leader=0)  # three copies of 3S
    with pytest.raises(ValueError):
        gd.new_deal(hands=["3S", "", "5C", "6C"], leader=0)
    with pytest.raises(ValueError):
        gd.new_deal(hands=["3S", "4C", "5C"], leader=0)


def test_one_suit_window_is_only_a_straight_flush() -> None:  # G5.6, VG1 off
    state = gd.new_deal(hands=["6S 7S 8S 9S TS", "3C", "4C", "5C"], level="2", leader=0)
    kinds = {(known(a.combo).kind, known(a.combo).rank) for a in state.legal_actions()}
    assert ("straight_flush", "T") in kinds and ("straight", "T") not in kinds
    # One meaning: no chooser, and it is a bomb.
    state.apply(Action("play", tuple(parse_cards("6S 7S 8S 9S TS"))))
    assert known(state.last_play).kind == "straight_flush" and known(state.last_play).is_bomb


# --- G1 match -------------------------------------------------------------------------------


def _low_ranks(level: str) -> list[str]:
    return [rank for rank in RANKS if rank != level]


def scripted_deal(kind: str, winner_team: int, level: str) -> gd.State:
    """A played-out deal at ``level`` won by ``winner_team`` with a 1-2, 1-3 or 1-4 finish."""
    a, b1, a2, b2 = ((s + winner_team) % 4 for s in (0, 3, 2, 1))
    lo = _low_ranks(level)
    hands = [""] * 4
    hands[a] = "RJ"
    if kind == "1-2":
        hands[a2], hands[b1], hands[b2] = f"{lo[0]}S", f"{lo[1]}S", f"{lo[2]}S"
    elif kind == "1-3":
        hands[a2], hands[b1], hands[b2] = f"{lo[0]}S {lo[5]}S", f"{lo[1]}S", f"{lo[2]}S {lo[3]}D"
    else:
        hands[a2], hands[b1], hands[b2] = f"{lo[0]}S {lo[5]}S", f"{lo[1]}S", f"{lo[2]}S"
    state = gd.new_deal(hands=hands, level=level, leader=a)
    play(state, "RJ")
    for _ in range(3):
        state.apply(PASS)
    play(state, f"{lo[0]}S")  # the partner receives the wind
    if kind == "1-3":
        play(state, f"{lo[1]}S")  # b1 out 2nd
        state.apply(PASS)  # b2
        play(state, f"{lo[5]}S")  # a2 out 3rd
    elif kind == "1-4":
        play(state, f"{lo[1]}S")
        play(state, f"{lo[2]}S")
    assert state.is_terminal
    expected = {"1-2": (a, a2), "1-3": (a, b1, a2), "1-4": (a, b1, b2, a2)}[kind]
    assert known(state.result).finish_order[: len(expected)] == expected
    return state


def finish_with(match: gd.Match, kind: str, team: int) -> None:
    match.state = scripted_deal(kind, team, match.state.level.rank)
    match.advance()


def test_match_starts_at_two() -> None:  # G1.3, G1.4, G2.3
    match = gd.new_match(seed=5)
    assert match.levels == {0: "2", 1: "2"} and match.state.level.rank == "2"
    assert match.deal_index == 0 and not match.is_over and match.winner is None
    assert match.state.previous_finish is None and match.state.phase == "play"
    assert match.state.current_player == gd.new_match(seed=5).state.current_player
    leaders = {gd.new_match(seed=seed).state.current_player for seed in range(40)}
    assert leaders == {0, 1, 2, 3}  # G2.3: the first leader is random


@pytest.mark.parametrize("kind, gained", [("1-2", 3), ("1-3", 2), ("1-4", 1)])
def test_match_promotion_and_next_level(kind: str, gained: int) -> None:  # G1.2, G1.4, G3
    match = gd.new_match(seed=1)
    with pytest.raises(IllegalActionError):
        match.advance()  # G6.2: the deal is not over
    finish_with(match, kind, 1)
    assert match.levels == {0: "2", 1: RANKS[gained]}
    assert match.state.level.rank == RANKS[gained] and match.deal_index == 1
    assert match.state.previous_finish == match.results[0].finish_order
    assert match.state.tributes or match.state.anti_tribute  # G3: tribute from the finish
    assert match.state.team_levels == ("2", RANKS[gained])


def test_level_capped_at_ace() -> None:  # G1.3
    match = gd.new_match(seed=2)
    match.levels = {0: "Q", 1: "4"}
    finish_with(match, "1-2", 0)
    assert match.levels[0] == "A" and not match.is_over and match.state.level.rank == "A"


@pytest.mark.parametrize(
    "kind, over", [("1-2", True), ("1-3", True), ("1-4", False)]
)  # fmt: skip
def test_match_won_at_ace(kind: str, over: bool) -> None:  # G1.5
    match = gd.new_match(seed=3)
    match.levels = {0: "A", 1: "7"}
    match.state = scripted_deal(kind, 0, "A")
    match.advance()
    assert match.is_over is over
    assert match.winner == (0 if over else None)
    assert match.levels[0] == "A"
    if over:
        with pytest.raises(IllegalActionError):
            match.advance()
    else:
        assert match.state.level.rank == "A" and match.deal_index == 1


def test_no_match_win_in_a_deal_not_played_at_ace() -> None:  # G1.5
    match = gd.new_match(seed=4)
    match.levels = {0: "A", 1: "9"}
    match.state = scripted_deal("1-2", 0, "9")
    match.advance()
    assert not match.is_over and match.levels[0] == "A"


def test_other_team_reaching_ace_does_not_win() -> None:  # G1.5
    match = gd.new_match(seed=6)
    match.levels = {0: "A", 1: "Q"}
    match.state = scripted_deal("1-2", 1, "A")
    match.advance()
    assert not match.is_over and match.levels == {0: "A", 1: "A"}


def test_restart_resets() -> None:  # G1.6
    match = gd.new_match(seed=7)
    finish_with(match, "1-2", 0)
    again = gd.new_match(seed=7)
    assert again.levels == {0: "2", 1: "2"} and again.state.previous_finish is None


# --- Locale -------------------------------------------------------------------------------


def test_every_reason_code_has_an_english_sentence() -> None:
    catalog = tomllib.loads((ROOT / "locale" / "en.toml").read_text(encoding="utf-8"))
    sentences = catalog["reason"]["guandan"]
    doc = (gd.__doc__ or "").split("Reason codes", 1)[1].split("Choices where", 1)[0]
    codes = set(re.findall(r"``([a-z_]+)``", doc))
    assert codes and codes <= set(sentences), codes - set(sentences)
    for kind in gd.KINDS:
        assert catalog["combo"][kind]


# --- Audit: adversarial cases per rule id ----------------------------------------------------

AUDIT_INTERPRETATIONS = [
    # (rule, cards, level, meanings strongest first)
    # wilds in full houses: as the pair, inside the triple, both in the triple
    ("G5.4 wild as the pair", "7S 7D 7C 9S 2H", "2", [("full_house", "7")]),
    ("G5.4 wild in the triple", "7S 7D 2H 9S 9D", "2", [("full_house", "9"), ("full_house", "7")]),
    (
        "G5.4 two wilds in the triple",
        "7S 2H 2H 9S 9D",
        "2",
        [("full_house", "9"), ("full_house", "7")],
    ),
    ("G5.4 two wilds as the pair", "7S 7D 7C 9H 9H", "9", [("bomb", "7", 5), ("full_house", "7")]),
    (
        "G5.4 the level triple with wild pair",
        "9S 9D 9C 9H 9H",
        "9",
        [("bomb", "9", 5), ("full_house", "9")],
    ),
    # wilds never stand for a joker
    ("G5.2 two wilds + joker", "2H 2H BJ", "2", []),
    ("G5.2 two wilds + mixed jokers", "2H 2H RJ BJ", "2", []),
    ("G5.2 wild + one joker is no joker pair", "2H RJ 7S 7D 7C", "2", []),
    ("G5.2 wild + mixed jokers", "2H BJ RJ 7S 7D", "2", []),
    ("G5.2 wild in the triple, joker pair", "2H RJ RJ 7S 7D", "2", [("full_house", "7")]),
    ("G5.2 two wilds in the triple, joker pair", "2H 2H 7S BJ BJ", "2", [("full_house", "7")]),
    ("G5.2 joker pair + three wilds impossible", "2H 2H BJ BJ RJ", "2", []),
    ("G5.2 no joker bomb with a wild", "2H RJ BJ BJ", "2", []),
    # sequences across the low ace with wilds (the level 2 sits in its natural place)
    ("G5.3 AA2233 with a wild", "AS AD 2S 2H 3D 3C", "2", [("tube", "3")]),
    ("G5.3 AA2233 with two wilds", "AS 2S 2H 2H 3D 3C", "2", [("tube", "3")]),
    ("G5.3 AAA222 with two wilds", "AS AD 2S 2D 2H 2H", "2", [("tube", "3"), ("plate", "2")]),
    ("G5.3 KKAA + wilds: high ace only", "AS AD 2H 2H KS KD", "2", [("plate", "A"), ("tube", "A")]),
    ("G5.3 no wrap with wilds", "QS KD 2H 3C 4S", "2", []),
    ("G5.3 no wrap tube", "KS KD AC AD 2H 3S", "2", []),
    ("G5.3 A2345 with the level 2 natural", "AS 2D 3C 4H 5S", "2", [("straight", "5")]),
    ("G5.3 the level in a tube", "7S 7D 8C 8H 9S 9D", "7", [("tube", "9")]),
    ("G5.3 the level in a plate", "6S 6D 6C 7S 7D 7C", "7", [("plate", "7")]),
    ("G5.3 a wild fills the level's own place", "5S 6D 7H 8C 9S", "7", [("straight", "9")]),
    # straight flushes with wilds; only bombs, never plain straights (G5.6, VG1 off)
    (
        "G5.6 two wilds in a straight flush",
        "2H 2H 3S 4S 5S",
        "2",
        [("straight_flush", "7"), ("straight_flush", "6"), ("straight_flush", "5")],
    ),
    (
        "G5.6 the wild heart in a diamond straight flush",
        "9D TD JD QD KH",
        "K",
        [("straight_flush", "K"), ("straight_flush", "Q")],
    ),
    (
        "G5.6 the level natural in a straight flush",
        "AS 2S 3S 4S 5S",
        "2",
        [("straight_flush", "5")],
    ),
    # big bombs
    ("G5.6 10-card bomb", "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H", "2", [("bomb", "3", 10)]),
    ("G5.6 8 naturals of the level", "2S 2D 2C 2S 2D 2C 2H 2H", "2", [("bomb", "2", 8)]),
    ("G5.1 eleven cards are nothing", "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H 4S", "2", []),
]


@pytest.mark.parametrize("rule, cards, level, expected", AUDIT_INTERPRETATIONS)
def test_audit_interpretations(
    rule: str, cards: str, level: str, expected: list[tuple[object, ...]]
) -> None:
    assert meanings(cards, level) == expected, rule


#: VG1 on: one-suit sequences may also be straights (the "VG1" rows of AUDIT_BEATS need it).
VG1 = {"straight_flush_as_straight": True}


def pick(text: str, level: str, meaning: str) -> gd.Combo:
    """The meaning ``"kind rank"`` of these cards (e.g. ``"straight 8"``), VG1 on."""
    kind, rank = meaning.split()
    found = [
        c for c in gd.interpretations(text, level, VG1) if (c.kind, c.rank or "-") == (kind, rank)
    ]
    assert len(found) == 1, (text, meaning, gd.interpretations(text, level, VG1))
    return found[0]


AUDIT_BEATS = [
    # (rule, play, its meaning, last, its meaning, level, beats)
    ("G4.3 level single over A", "2S", "single 2", "AS", "single A", "2", True),
    ("G4.3 A under the level", "AS", "single A", "2S", "single 2", "2", False),
    ("G4.3 wild single = level single", "2H", "single 2", "2S", "single 2", "2", False),
    ("G4.3 BJ over the level", "BJ", "single BJ", "2H", "single 2", "2", True),
    ("G4.3 level pair over A pair", "KS KH", "pair K", "AS AD", "pair A", "K", True),
    ("G4.3 level triple over A triple", "KS KD KH", "triple K", "AS AD AC", "triple A", "K", True),
    (
        "G5.3 level not lifted in straights",
        "5S 6D 7C 8H 9S",
        "straight 9",
        "TS JD QC KH AS",
        "straight A",
        "9",
        False,
    ),
    (
        "G5.3 A-low tube with wilds lowest",
        "2S 2D 3C 3H 4S 4D",
        "tube 4",
        "AS AD 2S 2H 3C 3D",
        "tube 3",
        "2",
        True,
    ),
    (
        "G5.3 A-low plate lowest",
        "2S 2D 2C 3S 3D 3C",
        "plate 3",
        "AS AD AC 2S 2D 2C",
        "plate 2",
        "9",
        True,
    ),
    (
        "G5.4 wild full house by its triple",
        "7S 7D 2H 9S 9D",
        "full_house 9",
        "8S 8D 8C AS AD",
        "full_house 8",
        "2",
        True,
    ),
    (
        "G5.4 same cards as the lower meaning",
        "7S 7D 2H 9S 9D",
        "full_house 7",
        "8S 8D 8C AS AD",
        "full_house 8",
        "2",
        False,
    ),
    (
        "G5.2 joker pair does not lift a full house",
        "5S 5D 5C RJ RJ",
        "full_house 5",
        "6S 6D 6C 3S 3D",
        "full_house 6",
        "2",
        False,
    ),
    (
        "VG1 SF cards as a straight",
        "4S 5S 6S 7S 8S",
        "straight 8",
        "3D 4C 5H 6S 7D",
        "straight 7",
        "2",
        True,
    ),
    (
        "VG1 a straight is no bomb",
        "4S 5S 6S 7S 8S",
        "straight 8",
        "9S 9D 9C 9H",
        "bomb 9",
        "2",
        False,
    ),
    (
        "G5.5 the same cards as a straight flush",
        "4S 5S 6S 7S 8S",
        "straight_flush 8",
        "9S 9D 9C 9H",
        "bomb 9",
        "2",
        True,
    ),
    (
        "G5.5 a straight does not beat a straight flush",
        "9D TC JH QS KD",
        "straight K",
        "4S 5S 6S 7S 8S",
        "straight_flush 8",
        "2",
        False,
    ),
    (
        "G5.6 SF over 5-card bomb",
        "3S 4S 5S 6S 7S",
        "straight_flush 7",
        "AS AD AC AH AS",
        "bomb A",
        "2",
        True,
    ),
    (
        "G5.6 SF over 5-card bomb of the level",
        "3S 4S 5S 6S 7S",
        "straight_flush 7",
        "2S 2D 2C 2S 2H",
        "bomb 2",
        "2",
        True,
    ),
    (
        "G5.6 5-card bomb under SF",
        "AS AD AC AH AS",
        "bomb A",
        "3S 4S 5S 6S 7S",
        "straight_flush 7",
        "2",
        False,
    ),
    (
        "G5.6 6-card bomb over SF",
        "3S 3D 3C 3H 3S 3D",
        "bomb 3",
        "TC JC QC KC AC",
        "straight_flush A",
        "2",
        True,
    ),
    (
        "G5.6 6-card bomb with wilds over SF",
        "3S 3D 3C 3H 2H 2H",
        "bomb 3",
        "TC JC QC KC AC",
        "straight_flush A",
        "2",
        True,
    ),
    (
        "G5.6 SF under 6-card bomb",
        "TC JC QC KC AC",
        "straight_flush A",
        "3S 3D 3C 3H 3S 3D",
        "bomb 3",
        "2",
        False,
    ),
    (
        "G5.6 wild SF by its top",
        "9D TD JD QD 2H",
        "straight_flush K",
        "8S 9S TS JS QS",
        "straight_flush Q",
        "2",
        True,
    ),
    (
        "G5.6 equal SF tops do not beat",
        "9D TD JD QD 2H",
        "straight_flush Q",
        "8S 9S TS JS QS",
        "straight_flush Q",
        "2",
        False,
    ),
    (
        "G5.6 10 over 9",
        "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H",
        "bomb 3",
        "AS AD AC AH AS AD AC AH 2H",
        "bomb A",
        "2",
        True,
    ),
    (
        "G5.6 10 over 8 of the level",
        "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H",
        "bomb 3",
        "2S 2D 2C 2S 2D 2C 2H 2H",
        "bomb 2",
        "2",
        True,
    ),
    ("G5.6 same size: level over A", "2S 2D 2C 2S", "bomb 2", "AS AD AC AH", "bomb A", "2", True),
    (
        "G5.6 joker bomb over 10",
        "RJ RJ BJ BJ",
        "joker_bomb -",
        "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H",
        "bomb 3",
        "2",
        True,
    ),
    (
        "G5.6 10 under joker bomb",
        "3S 3D 3C 3H 3S 3D 3C 3H 2H 2H",
        "bomb 3",
        "RJ RJ BJ BJ",
        "joker_bomb -",
        "2",
        False,
    ),
]


@pytest.mark.parametrize("rule, play, pm, last, lm, level, expected", AUDIT_BEATS)
def test_audit_beats(rule, play, pm, last, lm, level, expected) -> None:  # noqa: ANN001
    assert gd.beats(pick(play, level, pm), pick(last, level, lm), level) is expected, rule


AUDIT_TRIBUTES = [
    # (rule, finish order, hands by seat, level, anti, payments (payer, receiver, card), leader)
    (
        "G3.3 only wilds and jokers",
        (0, 1, 2, 3),
        _hands(s3="2H 2H BJ"),
        "2",
        False,
        [(3, 0, "BJ")],
        3,
    ),
    (
        "G3.3 wild level heart skipped: A next",
        (0, 1, 2, 3),
        _hands(s3="7H AS KD"),
        "7",
        False,
        [(3, 0, "AS")],
        3,
    ),
    (
        "G3.3 wild skipped: level of another suit",
        (0, 1, 2, 3),
        _hands(s3="7H 7C AS"),
        "7",
        False,
        [(3, 0, "7C")],
        3,
    ),
    (
        "G3.2 equal strength, first place seat 3: seat 0 comes first",
        (3, 1, 0, 2),
        _hands(s0="AS 3S", s2="AD 3D"),
        "2",
        False,
        [(0, 3, "AS"), (2, 1, "AD")],
        0,
    ),
    (
        "G3.2 equal level cards, first place seat 1: seat 2 comes first",
        (1, 3, 0, 2),
        _hands(s0="9S 3S", s2="9D 3D"),
        "9",
        False,
        [(2, 1, "9D"), (0, 3, "9S")],
        2,
    ),
    (
        "G3.2 the level card beats an ace",
        (1, 3, 0, 2),
        _hands(s0="2D", s2="AS"),
        "2",
        False,
        [(0, 1, "2D"), (2, 3, "AS")],
        0,
    ),
    ("G3.4 one Red Joker each", (0, 2, 1, 3), _hands(s1="RJ 3S", s3="RJ 4S"), "2", True, [], 0),
    ("G3.4 partner pays 1-4 with both", (0, 1, 3, 2), _hands(s2="RJ RJ"), "2", True, [], 0),
    (
        "G3.4 winners' jokers do not count",
        (0, 2, 1, 3),
        _hands(s0="RJ", s1="RJ 5S"),
        "2",
        False,
        [(1, 0, "RJ"), (3, 2, "6S")],
        1,
    ),
]


@pytest.mark.parametrize("rule, order, hands, level, anti, payments, leader", AUDIT_TRIBUTES)
def test_audit_tribute(rule, order, hands, level, anti, payments, leader) -> None:  # noqa: ANN001
    test_plan_tribute(rule, order, hands, level, anti, payments, leader)


AUDIT_RETURNS = [
    ("G3.5 no 2..10: J before wilds and jokers", "JS QD 2H RJ", "2", "JS"),
    ("G3.5 only level cards and jokers: the level naturals", "JS JD JH BJ", "J", "JS JD"),
    ("G3.5 the level's face 10 counts", "TS TH JD", "T", "TS"),
    ("G3.5 A is not 2..10", "AS KD 9H", "9", "KD"),
    ("G3.5 level A: K is the weakest", "AS AD KC RJ", "A", "KC"),
]


@pytest.mark.parametrize("rule, hand, level, expected", AUDIT_RETURNS)
def test_audit_return_options(rule: str, hand: str, level: str, expected: str) -> None:
    assert format_cards(gd.return_options(hand, level)) == expected, rule


def test_partners_sit_opposite() -> None:  # G1.1
    for first in range(4):
        partner = (first + 2) % 4
        others = [s for s in range(4) if s not in (first, partner)]
        assert gd.promotion((first, partner, *others)) == (first % 2, 3)
        assert gd.promotion((first, *others, partner))[0] == partner % 2


def test_bombs_score_nothing_extra() -> None:  # G6.1
    hands = ["3S 3D 3C 3H", "5S 6S", "4S", "7S 8S"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    play(state, "3S 3D 3C 3H")  # a bomb, and seat 0 is out
    for _ in range(3):
        state.apply(PASS)
    play(state, "4S")  # the partner receives the wind and goes out: 1-2
    assert state.is_terminal and known(state.result).finish_order[:2] == (0, 2)
    assert (
        known(state.result).levels_gained == gd.promotion(known(state.result).finish_order)[1] == 3
    )


def test_no_wind_to_a_finished_partner() -> None:  # G4.2, G4.5
    # Seat 1 goes out, seat 3 goes out on the next play: its team is done, so nobody has to
    # receive the wind from two finished partners; the deal is over at once.
    hands = ["9S TS", "3S", "5S 6S", "4S"]
    state = gd.new_deal(hands=hands, level="2", leader=1)
    play(state, "3S")
    state.apply(PASS)  # seat 2
    play(state, "4S")  # seat 3
    assert state.is_terminal and known(state.result).finish_order[:2] == (1, 3)
    assert known(state.result).winning_team == 1 and known(state.result).levels_gained == 3


def test_three_out_leaves_the_fourth_last() -> None:  # G4.5, G1.2
    hands = ["3S", "4S", "5S", "6S 7S"]
    state = gd.new_deal(hands=hands, level="2", leader=0)
    for text in ("3S", "4S", "5S"):
        play(state, text)
    assert state.is_terminal and known(state.result).finish_order == (0, 1, 2, 3)
    assert (known(state.result).winning_team, known(state.result).levels_gained) == (0, 2)


@pytest.mark.parametrize(
    "level, gained, expected",
    [("2", 3, "5"), ("J", 3, "A"), ("Q", 2, "A"), ("K", 3, "A"), ("A", 1, "A"), ("A", 3, "A")],
)
def test_promoted_caps_at_ace(level: str, gained: int, expected: str) -> None:  # G1.3
    assert gd.promoted(level, gained) == expected


def test_win_at_ace_needs_own_level_and_partner_not_last() -> None:  # G1.5, G6.2
    match = gd.new_match(seed=11)
    match.levels = {0: "A", 1: "K"}
    finish_with(match, "1-4", 0)  # level 2 deal, not at A: goes on, 0 stays at A
    assert not match.is_over and match.levels[0] == "A" and match.state.level.rank == "A"
    finish_with(match, "1-4", 0)  # at A but partner last: goes on
    assert not match.is_over and match.levels == {0: "A", 1: "K"}
    finish_with(match, "1-3", 0)
    assert match.is_over and match.winner == 0 and len(match.results) == 3
    with pytest.raises(IllegalActionError) as error:
        match.advance()
    assert error.value.reason == "match_over"


def test_restart_forgets_tribute() -> None:  # G1.6
    match = gd.new_match(seed=4)
    finish_with(match, "1-2", 1)
    assert match.state.previous_finish is not None
    again = gd.new_match(seed=4)
    assert again.levels == {0: "2", 1: "2"} and again.state.previous_finish is None
    assert again.state.tributes == [] and again.state.phase == "play"


def test_return_card_seen_only_by_the_two_seats() -> None:  # G3.5, rules-api view
    hands = ["5S 6S TS", "7D 8D", "9C JC", "AS 4H 3C"]
    state = gd.new_deal(hands=hands, level="2", previous_finish=(0, 1, 2, 3))
    play_return = state.actions_for("6S")
    state.apply(play_return[0])
    for seat in range(4):
        view = state.view(seat)
        (back,) = [e for e in view.tributes if e.kind == "return"]
        (tribute,) = [e for e in view.tributes if e.kind == "tribute"]
        assert str(tribute.card) == "AS"  # tribute cards are public
        seen = seat in (0, 3)
        assert (back.card is not None) is seen
        (record,) = [r for r in view.history if r.action.kind == "return"]
        assert (record.action.cards != ()) is seen
        # nothing else of another hand is reachable from the view
        public = set(parse_cards("AS 6S" if seen else "AS"))
        assert _cards_in(view) <= set(state.hand(seat)) | public


def _cards_in(value: object) -> set[Card]:
    """Every card reachable from a view's fields."""
    if isinstance(value, Card):
        return {value}
    found: set[Card] = set()
    if isinstance(value, tuple | list):
        for item in value:
            found |= _cards_in(item)
    else:  # a dataclass's or a named tuple's fields (none for anything else)
        names = getattr(value, "__dataclass_fields__", ()) or getattr(value, "_fields", ())
        for name in names:
            found |= _cards_in(getattr(value, name))
    return found


DESCRIPTIONS = [
    # (rule, last play, level, how the refusal names it)
    ("G4.4", "9S 9D", "2", "the pair of 9s ('9S 9D')"),
    ("G4.3", "KS", "2", "the single king ('KS')"),
    ("G5.2", "BJ BJ", "2", "the pair of Black Jokers ('BJ BJ')"),
    ("G5.1", "TS TD TC 3S 3D", "2", "the full house of 10s ('3S 3D TS TD TC')"),
    ("G5.3", "AS 2D 3C 4H 5S", "9", "the straight up to the 5 ('2D 3C 4H 5S AS')"),
    ("G5.6", "7S 7D 7C 7H 7S", "2", "the 5-card bomb of 7s ('7S 7S 7H 7D 7C')"),
]


@pytest.mark.parametrize("rule, last, level, named", DESCRIPTIONS)
def test_refusal_names_the_last_play(rule: str, last: str, level: str, named: str) -> None:
    hands = ["3S 3D 4C", "5C", "6C", last + " KC"]
    state = gd.new_deal(hands=hands, level=level, leader=3)
    state.apply(state.actions_for(last)[0])
    error = known(state.explain("3S"))
    assert error.reason == "does_not_beat", rule
    assert str(error) == f"seat 0 cannot play '3S': it does not beat {named}"


def test_sample_state_allows_an_unseen_strong_return() -> None:  # G3.3, G3.5, search support
    # Level 9: seat 3 pays its ace (its strongest), seat 0 gives back 9S, a level card stronger
    # than the ace. Seat 1 did not see the return, so seat 3 may hold a card above its tribute.
    hands = ["9S 9D 4S", "5S 6S", "7S 8S", "AS 3S"]
    state = gd.new_deal(hands=hands, level="9", previous_finish=(0, 1, 2, 3))
    state.apply(state.actions_for("9S")[0])
    assert state.hand(3) == parse_cards("3S 9S")
    view = state.view(1)
    rng = random.Random(3)
    above_ace = 0
    for _ in range(300):
        sample = gd.sample_state(view, rng)
        assert sample.view(1) == view  # everything seat 1 knows is unchanged
        assert Card("A", "S") in sample.hand(0)  # the public tribute stays with its receiver
        above_ace += any(card.rank == "9" for card in sample.hand(3))
    assert above_ace  # the real deal (9S with seat 3) is among the samples
    # Seat 0 saw its own return: for it seat 3 holds 9S for sure.
    assert all(Card("9", "S") in gd.sample_state(state.view(0), rng).hand(3) for _ in range(20))


def test_sample_state_lets_an_unseen_return_be_the_tribute_card() -> None:  # G3.5
    # Level 2: seat 3 pays its 2D (a level card, its strongest) and seat 0 gives that very card
    # back (face 2 may be returned). Seat 1 did not see the return, so the 2D may be with
    # either: the samples must hold the real deal, and every sample keeps the hand counts
    # (an arena deal once sampled a finished receiver still holding its tribute card).
    hands = ["3S 4S 5D", "5S 6S", "7S 8S", "2D 3C"]
    state = gd.new_deal(hands=hands, level="2", previous_finish=(0, 1, 2, 3))
    state.apply(state.actions_for("2D")[0])
    assert state.hand(3) == parse_cards("2D 3C")
    view = state.view(1)
    rng = random.Random(5)
    returned = 0
    for _ in range(200):
        sample = gd.sample_state(view, rng)
        assert [len(sample.hand(seat)) for seat in range(4)] == list(view.hand_counts)
        returned += Card("2", "D") not in sample.hand(0)
    assert returned  # the real deal (the receiver without the 2D) is among the samples


@pytest.mark.parametrize("level", RANKS)
def test_every_straight_flush_is_a_straight_only_under_vg1(level: str) -> None:  # G5.6, VG1
    order = ["A", *RANKS]  # sequence positions, the ace low then high (G5.3)
    for suit in "SHDC":
        for top in range(4, 14):
            cards = [Card(rank, suit) for rank in order[top - 4 : top + 1]]
            rank = order[top]
            default = {(c.kind, c.rank) for c in gd.interpretations(cards, level)}
            assert ("straight_flush", rank) in default and ("straight", rank) not in default
            found = {(c.kind, c.rank) for c in gd.interpretations(cards, level, VG1)}
            assert ("straight_flush", rank) in found and ("straight", rank) in found, cards
            flush = pick(format_cards(cards), level, f"straight_flush {rank}")
            plain = pick(format_cards(cards), level, f"straight {rank}")
            assert flush.is_bomb and not plain.is_bomb
            assert gd.beats(flush, plain, level) and not gd.beats(plain, flush, level)


def test_memoized_plays_are_the_plays_of_a_cold_generator():
    """The generator's shared memos (hands, picked suits, straight-flush windows, each rank's
    single, pair, triple and bombs) never change what is listed (G5.1-G5.6): 300 random
    positions, listed warm and then again after clear_memo, give equal actions in equal
    order."""
    from game.games.guandan.rules.moves import clear_memo

    rng = random.Random(8)
    positions: list[gd.State] = []
    while len(positions) < 300:
        state = gd.new_deal(seed=rng.randrange(1 << 30), level=rng.choice(RANKS))
        for _ in range(rng.randrange(60)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal and state.phase == "play":
            positions.append(state)
    warm = [state.clone().legal_actions() for state in positions]
    cold = []
    for state in positions:
        clear_memo()
        cold.append(state.clone().legal_actions())
    assert warm == cold
