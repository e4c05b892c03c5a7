"""Conformance of house rule VS4 (throws), written from shared/spec/variants.md and
shared/spec/rules-api.md alone: only the public names of ``game.rules.shengji`` and the state
protocol, cases in card notation, expectations worked out by hand from the spec's sentences.
Most cases play level 7 with diamonds trump (level cards 7; off-suit 7s share one step, just
below the trump 7D; 8 and 6 are adjacent) so they differ from the spec's own examples, which
are checked at the end as written."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import parse_cards
from tests.typed import known

ON = {"throws": True}
D7 = sj.Trump("7", "D")  # level 7, diamonds trump
H2 = sj.Trump("2", "H")  # the spec's examples: level 2, hearts trump


def notation(cards) -> list[str]:
    return sorted(str(card) for card in cards)


def same(a, b) -> bool:
    return notation(a) == notation(parse_cards(b) if isinstance(b, str) else b)


# -- options_schema, lead_format ---------------------------------------------------------------


def test_the_option_is_listed_off_by_default() -> None:
    assert sj.options_schema()["throws"]["type"] == "bool"
    assert sj.options_schema()["throws"]["default"] is False


@pytest.mark.parametrize(
    "cards, kind, parts",
    [
        ("8H 8H 6H 6H", "tractor", []),  # 7 is the level: 8 and 6 are consecutive
        ("8H 8H 6H 6H 5H", "throw", [("tractor", 2), ("single", 0)]),
        ("7S 7S 7H 7H AD AD", "throw", [("tractor", 2), ("pair", 1)]),  # one pair per step
        ("RJ BJ 7D", "throw", [("single", 0), ("single", 0), ("single", 0)]),
        ("KC QC", "throw", [("single", 0), ("single", 0)]),
        ("KC KC QC QC JC", "throw", [("tractor", 2), ("single", 0)]),
        ("AC AC QC QC", "throw", [("pair", 1), ("pair", 1)]),
    ],
)
def test_lead_format_with_throws(cards: str, kind: str, parts: list[tuple[str, int]]) -> None:
    fmt = sj.lead_format(cards, D7, ON)
    assert fmt is not None and fmt.kind == kind
    assert [(c.kind, c.pairs) for c in fmt.components] == parts
    if kind == "throw":
        assert fmt.length == len(parse_cards(cards))
        assert fmt.pairs == sum(c.pairs for c in fmt.components)
        sizes = [c.length for c in fmt.components]
        assert sizes == sorted(sizes, reverse=True)  # most cards first
        assert sj.lead_format(cards, D7) is None  # VS4 off: S4.2, no multi-part lead


def test_components_are_strongest_first_and_the_rank_is_the_largest_shape() -> None:
    fmt = sj.lead_format("RJ BJ 7D", D7, ON)
    assert fmt is not None
    assert [c.high for c in fmt.components] == sorted(
        (c.high for c in fmt.components), reverse=True
    )
    throw = sj.lead_format("8H 8H 6H 6H 5H 5H KH", D7, ON)
    assert throw is not None and [(c.kind, c.pairs) for c in throw.components] == [
        ("tractor", 3),
        ("single", 0),
    ]
    assert throw.high == known(sj.lead_format("8H", D7)).high  # its tractor's highest pair, not KH


def test_one_effective_suit_is_never_none_and_two_always_are() -> None:
    rng = random.Random(7)
    hearts = parse_cards("AH AH KH QH QH JH TH 9H 9H 8H 6H 5H 5H 4H 3H 2H")
    trumps = parse_cards("RJ BJ 7D 7S 7H 7C AD KD KD 2D")
    for _ in range(300):
        for pool in (hearts, trumps):
            chosen = rng.sample(pool, rng.randrange(1, 9))
            assert sj.lead_format(chosen, D7, ON) is not None
    assert sj.lead_format("AH AD", D7, ON) is None
    assert sj.lead_format("AH 7H", D7, ON) is None  # 7H is a trump


# -- resolve_throw (VS4.3, VS4.4) --------------------------------------------------------------


@pytest.mark.parametrize(
    "throw, others, played, revealer",
    [
        ("AH KH KH", ["QH QH", "AH", "2H"], "AH KH KH", None),
        ("AH KH KH 3H", ["4H", "", ""], "3H", 0),
        ("AH KH KH 3H", ["", "QH", "4H"], "3H", 1),  # the first that beats it
        ("RJ 7H 7H", ["7D", "", ""], "RJ 7H 7H", None),  # a single never beats a pair
        ("RJ 7H 7H", ["7D 7D", "", ""], "7H 7H", 0),
        ("RJ 7H 7H", ["7C 7C", "", ""], "RJ 7H 7H", None),  # equal steps do not beat
        ("AS QS", ["BJ 2D 2D", "", ""], "AS QS", None),  # trumps never beat a side suit
        ("QS QS JS JS AS", ["KS KS", "", ""], "QS QS JS JS AS", None),  # a pair is no tractor
        ("KS KS QS QS 3S", ["", "AS AS KS KS", "4S"], "3S", 1),
        ("JS JS TS TS AS", ["", "", "KS KS QS QS"], "JS JS TS TS", 2),
    ],
)
def test_resolve_throw(throw: str, others: list[str], played: str, revealer: int | None) -> None:
    cards, who = sj.resolve_throw(throw, others, D7)
    assert same(cards, played) and who == revealer


# -- is_legal_follow, trick_winner, kitty_multiplier -------------------------------------------


@pytest.mark.parametrize(
    "hand, play, legal",
    [
        ("QH QH 9H 5H 2C", "QH QH 9H 5H", True),
        ("QH QH 9H 5H 2C", "QH 9H 5H 2C", False),  # four hearts held: hearts only
        ("QH QH 9H 5H 9H", "QH 9H 9H 5H", True),  # any pair will do
        ("QH QH 9H 5H 4H", "QH 9H 5H 4H", False),  # a pair is owed
        ("QH 9H 2C 3C", "QH 9H 2C 3C", True),  # short: all hearts and any
        ("2C 3C 4C 7S", "2C 3C 4C 7S", True),
    ],
)
def test_following_a_throw(hand: str, play: str, legal: bool) -> None:
    assert sj.is_legal_follow(hand, "AH KH KH 3H", play, D7, ON) is legal


@pytest.mark.parametrize(
    "plays, winner",
    [
        (["AH KH KH 3H", "2D 2D 4D 5D", "QH 9H 5H 4H", "6D 6D 8D 9D"], 3),
        (["AH KH KH 3H", "2D 4D 5D 6D", "QH 9H 5H 4H", "8C 9C 2C 3C"], 0),
        (["AH KH KH 3H", "6D 6D 8D 9D", "2D 2D 4D 5D"], 1),  # a lower ruff comes too late
        (["AH KH KH 3H", "AH 9H 9H 2H"], 0),  # in suit and of lower rank
    ],
)
def test_trick_winner_of_a_throw(plays: list[str], winner: int) -> None:
    assert sj.trick_winner(plays, D7, ON) == winner


def test_kitty_multiplier_is_unchanged() -> None:
    for n in (1, 2, 4, 6):
        assert sj.kitty_multiplier(n, ON) == sj.kitty_multiplier(n)


# -- the state: actions, log, view, result -----------------------------------------------------

HANDS = ["AH KH KH 3H 2C", "4H 5C 6C 8C 9C", "QH 2S 3S 4S 6S", "JH 6S 8S 9S JS"]
KITTY = "3D 4D 6D 8D 9D JD QD 2H"  # the first suited card names diamonds


def opened(hands=HANDS, dealer: int = 0, options=ON) -> sj.ShengjiState:
    state = sj.new_deal(hands=hands, kitty=KITTY, level="7", dealer=dealer, options=options)
    while state.phase == "declare":
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])  # the dealer buries what it took
    return state


def test_the_throw_of_a_whole_suit_is_listed_and_any_one_suit_set_is_one_action() -> None:
    state = opened()
    listed = [a for a in state.legal_actions() if a.combo is not None and a.combo.kind == "throw"]
    assert any(same(a.cards, "AH KH KH 3H") for a in listed)
    for text in ("AH 3H", "KH KH 3H", "AH KH", "AH KH KH 3H"):
        actions = state.actions_for(text)
        assert len(actions) == 1 and actions[0].kind == "play"
        assert actions[0].combo == sj.lead_format(text, known(state.trump), ON)


def test_a_failed_throw_in_the_log_the_trick_and_the_view() -> None:
    state = opened()
    start = len(state.log)
    state.apply(state.actions_for("AH KH KH 3H")[0])
    attempt, failure = state.log[start:]
    assert attempt.seat == 0 and same(attempt.action.cards, "AH KH KH 3H") and not attempt.auto
    assert failure.auto and failure.seat == 1
    assert failure.action.kind == "throw_failed" and same(failure.action.cards, "3H")
    for seat in range(4):
        view = state.view(seat)
        assert [(s, notation(c)) for s, c in view.trick] == [(0, ["3H"])]
        assert view.lead == sj.lead_format("3H", known(state.trump))
    assert same(state.hand(0), "AH KH KH 2C")
    assert [notation(a.cards) for a in state.legal_actions()] == [["4H"]]
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert [(s, notation(c)) for s, c in state.tricks[0].plays][0] == (0, ["3H"])
    result = state.result
    assert result is not None and result.throw_penalty == 30  # the defenders took back 3
    assert result.attacker_points == max(0, result.trick_points + result.kitty_bonus + 30)
    # a replay of the non-auto actions fails the throw again
    again = sj.new_deal(hands=HANDS, kitty=KITTY, level="7", dealer=0, options=ON)
    for record in state.log:
        if not record.auto:
            again.apply(record.action)
    assert again.log == state.log and again.result == result


def test_a_standing_throw_is_played_whole() -> None:
    hands = ["AH AH KH 2C 3C", "4H 5C 6C 8C 9C", "QH 2S 3S 4S 6S", "JH 6S 8S 9S JS"]
    state = opened(hands)
    start = len(state.log)
    state.apply(state.actions_for("AH AH KH")[0])
    assert len(state.log) == start + 1
    assert known(state.view(1).lead).kind == "throw"
    assert [(s, notation(c)) for s, c in state.view(3).trick] == [(0, ["AH", "AH", "KH"])]


def test_random_deals_with_throws() -> None:
    """Whole deals where every lead is a random one-suit set: nothing is refused as not a lead,
    the points add up, and the result's penalty is signed as VS4.8 says."""
    for seed in range(12):
        rng = random.Random(seed)
        state = sj.new_deal(seed=seed, dealer=seed % 4, options=ON)
        taken = [0, 0]
        while not state.is_terminal:
            seat = known(state.current_player)
            if state.phase == "play" and not state.view(seat).trick:
                trump = known(state.trump)
                suit = trump.effective_suit(rng.choice(state.hand(seat)))
                cards = [c for c in state.hand(seat) if trump.effective_suit(c) == suit]
                chosen = rng.sample(cards, rng.randrange(1, len(cards) + 1))
                assert state.explain(chosen) is None
                actions = state.actions_for(chosen)
                assert len(actions) == 1
                before = len(state.log)
                state.apply(actions[0])
                if len(state.log) == before + 2:
                    taken[seat % 2] += len(chosen) - len(state.log[-1].action.cards)
            else:
                state.apply(rng.choice(state.legal_actions()))
        result = known(state.result)
        assert result.trick_points + result.defender_points == 200
        defenders = 1 - result.attackers
        assert result.throw_penalty == 10 * (taken[defenders] - taken[result.attackers])
        assert result.attacker_points >= 0
        played = Counter(c for t in state.tricks for _, p in t.plays for c in p)
        assert sum(played.values()) == 100


# -- the spec's three examples, as written ------------------------------------------------------


def test_example_1_standing() -> None:
    assert same(sj.resolve_throw("AS AS KS", ["QS QS 9S 4S", "JS 8S", "TS 7S 5S 3S"], H2)[0],
                "AS AS KS")  # fmt: skip
    assert sj.is_legal_follow("QS QS 9S 4S", "AS AS KS", "QS QS 4S", H2, ON)
    assert not sj.is_legal_follow("QS QS 9S 4S", "AS AS KS", "QS 9S 4S", H2, ON)
    assert sj.is_legal_follow("JS 8S 3D", "AS AS KS", "JS 8S 3D", H2, ON)
    assert sj.trick_winner(["AS AS KS", "QS QS 4S", "JS 8S 3D", "7S 5S 3S"], H2, ON) == 0


def test_example_2_failed() -> None:
    cards, revealer = sj.resolve_throw("QC QC JC 8C", ["9C 6C", "TC 4C", "KC KC 3C"], H2)
    assert same(cards, "8C") and revealer == 0


def test_example_3_beaten_by_trumps() -> None:
    plays = ["AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"]
    assert sj.trick_winner(plays, H2, ON) == 2
    assert sj.trick_winner(plays[:2], H2, ON) == 1
