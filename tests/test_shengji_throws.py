"""Shengji throws (variants.md VS4, rules-api.md): each sub-rule VS4.1-VS4.8 as cases in card
notation, the three worked examples through the state, and the option off leaving S4.2 as it
was. Random deals with throws: tests/test_shengji_throws_random.py; the independent
conformance suite: tests/test_shengji_throws_conformance.py."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards
from game.rules.errors import RulesError
from game.rules.shengji import Trump

ON = {"throws": True}
DUTY_ON = {"throws": True, "tractor_duty": True}
POWER_ON = {"throws": True, "kitty_multiplier": "power"}
HEARTS = Trump("2", "H")
#: Hearts trump after four passes (the kitty's first suited card), no points in it.
KITTY = "3H 4H 6H 7H 8H 9H JH QH"


def deal(
    hands: list[str], dealer: int = 0, options: Mapping[str, object] | None = ON, kitty: str = KITTY
):
    """Level 2, hearts trump (four passes reveal the kitty); the dealer buries the kitty it took
    and leads."""
    state = sj.new_deal(hands=hands, kitty=kitty, dealer=dealer, options=options)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(kitty)[0])
    return state


def play(state: sj.ShengjiState, text: str) -> None:
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def shapes(fmt: sj.Format) -> list[tuple[str, int]]:
    return [(part.kind, part.high) for part in fmt.components]


# -- VS4.1 what may be led ------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule, cards, off, on",
    [
        ("VS4.1 singles of one suit", "AS KS 3S", None, "throw"),
        ("VS4.1 a pair and a single", "AS AS KS", None, "throw"),
        ("VS4.1 two off-suit level pairs (one step)", "2S 2S 2D 2D", None, "throw"),
        ("VS4.1 trumps count as one suit", "RJ 2S 5H", None, "throw"),
        ("VS4.1 one component is the ordinary lead", "AS AS KS KS", "tractor", "tractor"),
        ("VS4.1 a single stays a single", "7D", "single", "single"),
        ("VS4.1 a pair stays a pair", "7D 7D", "pair", "pair"),
        ("VS4.1 several suits are refused", "AS KD", None, None),
        ("VS4.1 a side card and a trump are two suits", "AS AH", None, None),
    ],
)
def test_vs4_1_lead_format(rule: str, cards: str, off: str | None, on: str | None) -> None:
    for options, kind in ((None, off), ({"throws": False}, off), (ON, on)):
        fmt = sj.lead_format(cards, HEARTS, options)
        assert (fmt.kind if fmt else None) == kind, (rule, options)


def test_vs4_1_the_state_accepts_any_one_suit_set_and_refuses_mixed_ones() -> None:
    hands = ["AS KS 9S 3S 4D", "QS QS 5D 6D 7D", "JS 8S 3D 5C 6C", "TS 7S 5S 3C 4C"]
    for options, code in ((None, "not_a_lead"), (ON, None)):
        state = deal(hands, options=options)
        error = state.explain("AS 9S 3S")
        assert (error.reason if error else None) == code
        assert state.explain("AS 4D").reason == "lead_mixed_suits"
        actions = state.actions_for("AS 9S 3S")
        assert len(actions) == (1 if options else 0)
        if actions:
            assert actions[0].combo.kind == "throw"


def test_vs4_1_legal_actions_list_the_throw_of_each_whole_suit() -> None:
    state = deal(["AS KS KS 3S 4D", "QS QS 5D 6D 7D", "JS 8S 3D 5C 6C", "TS 7S 5S 3C 4C"])
    throws = [format_cards(a.cards) for a in state.legal_actions() if a.combo.kind == "throw"]
    assert throws == ["AS KS KS 3S"]  # diamonds: one card, one component
    off = deal(
        ["AS KS KS 3S 4D", "QS QS 5D 6D 7D", "JS 8S 3D 5C 6C", "TS 7S 5S 3C 4C"], options=None
    )
    assert all(a.combo.kind != "throw" for a in off.legal_actions())


# -- VS4.2 components --------------------------------------------------------------------------

# Level 2, hearts trump unless said. (rule, cards, components as (kind, notation) in order)
COMPONENTS = [
    ("VS4.2 a run of pairs is a tractor, the rest pairs and singles", "AS AS KS KS QS 9S 9S 3S",
     [("tractor", "AS AS KS KS"), ("pair", "9S 9S"), ("single", "QS"), ("single", "3S")]),
    ("VS4.2 two tractors, the stronger first", "8S 8S 9S 9S AS AS KS KS",
     [("tractor", "AS AS KS KS"), ("tractor", "9S 9S 8S 8S")]),
    ("VS4.2 a maximal run, not two short ones", "6S 6S 7S 7S 8S 8S 9S 9S 3S",
     [("tractor", "9S 9S 8S 8S 7S 7S 6S 6S"), ("single", "3S")]),
    ("VS4.2 one pair per step: spades' level pair joins the run", "AH AH 2S 2S 2D 2D 2H 2H",
     [("tractor", "2H 2H 2S 2S AH AH"), ("pair", "2D 2D")]),
    ("VS4.2 equal level pairs: S before D", "2D 2D 2S 2S", [("pair", "2S 2S"), ("pair", "2D 2D")]),
    ("VS4.2 equal level singles: C last", "2C 2S 2D", [("single", "2S"), ("single", "2D"),
                                                       ("single", "2C")]),
    ("VS4.2 jokers and the trump level run", "RJ RJ BJ BJ 2H 2H 2C",
     [("tractor", "RJ RJ BJ BJ 2H 2H"), ("single", "2C")]),
    ("VS4.2 pairs that are not consecutive stay pairs", "AS AS QS QS", [("pair", "AS AS"),
                                                                       ("pair", "QS QS")]),
]  # fmt: skip


@pytest.mark.parametrize("rule, cards, parts", COMPONENTS)
def test_vs4_2_components(rule: str, cards: str, parts: list[tuple[str, str]]) -> None:
    from game.games.shengji.rules.throws import split

    found = split(parse_cards(cards), HEARTS)
    assert found is not None
    assert [(fmt.kind, format_cards(part)) for fmt, part in found] == parts, rule
    fmt = sj.lead_format(cards, HEARTS, ON)
    assert fmt is not None and fmt.kind == "throw"
    assert [part.kind for part in fmt.components] == [kind for kind, _ in parts]
    assert fmt.length == len(parse_cards(cards))
    assert fmt.pairs == sum(part.pairs for part in fmt.components)
    assert fmt.high == fmt.components[0].high  # VS4.6: the rank of its largest shape


def test_vs4_2_no_trump_level_pairs_run_into_the_jokers() -> None:
    no_trump = Trump("2", None)
    fmt = sj.lead_format("2S 2S 2D 2D BJ BJ", no_trump, ON)
    assert fmt is not None and [(c.kind, c.pairs) for c in fmt.components] == [
        ("tractor", 2),
        ("pair", 1),
    ]


def test_vs4_2_strength_is_the_step_of_the_card_or_highest_pair() -> None:
    fmt = sj.lead_format("AS AS KS KS QS 9S 9S 3S", HEARTS, ON)
    assert fmt is not None
    step = HEARTS.step
    assert shapes(fmt) == [("tractor", step(parse_cards("AS")[0])), ("pair", step(parse_cards("9S")[0])),
                           ("single", step(parse_cards("QS")[0])), ("single", step(parse_cards("3S")[0]))]  # fmt: skip


# -- VS4.3 stands or not -----------------------------------------------------------------------

# (rule, throw, others in turn order after the leader, played cards, revealer or None)
JUDGED = [
    ("VS4.3 nothing higher anywhere: stands", "AS AS KS", ["QS QS 9S 4S", "JS 8S", "TS 7S"],
     "AS AS KS", None),
    ("VS4.3 a higher single beats a single", "AS QS", ["KS 3S", "", ""], "QS", 0),
    ("VS4.3 a single from a pair beats a single", "AS QS", ["", "KS KS", ""], "QS", 1),
    ("VS4.3 equal steps do not beat", "2S 2D", ["2C 2C", "AH", ""], "2D 2S", None),
    ("VS4.3 the partner counts", "AS QS", ["", "KS", ""], "QS", 1),
    ("VS4.3 trumps never beat a side-suit throw", "AS QS", ["RJ RJ 2H", "", ""], "AS QS", None),
    ("VS4.3 against a trump throw the others' trumps count", "AH QH", ["KH", "", ""], "QH", 0),
    ("VS4.3 an off-suit level card beats the trump ace", "AH AH 3H", ["2C", "", ""], "3H", 0),
    ("VS4.3 a pair by a higher pair", "QS QS AS", ["", "", "KS KS"], "QS QS", 2),
    ("VS4.3 two unmatched cards do not beat a pair", "QS QS AS", ["KS AS", "", ""], "AS QS QS",
     None),
    ("VS4.3 a pair inside a tractor beats a pair", "9S 9S AS", ["JS JS TS TS", "", ""], "9S 9S", 0),
    ("VS4.3 a tractor by a higher tractor as long", "8S 8S 7S 7S AS",
     ["", "TS TS 9S 9S", ""], "8S 8S 7S 7S", 1),
    ("VS4.3 a shorter tractor does not beat", "8S 8S 7S 7S 6S 6S AS", ["KS KS QS QS", "", ""],
     "AS 8S 8S 7S 7S 6S 6S", None),
    ("VS4.3 part of a longer tractor beats", "8S 8S 7S 7S AS", ["QS QS JS JS TS TS", "", ""],
     "8S 8S 7S 7S", 0),
    ("VS4.3 a lower tractor does not beat", "8S 8S 7S 7S AS", ["6S 6S 5S 5S", "", ""],
     "AS 8S 8S 7S 7S", None),
]  # fmt: skip


@pytest.mark.parametrize("rule, throw, others, played, revealer", JUDGED)
def test_vs4_3_vs4_4_resolve_throw(
    rule: str, throw: str, others: list[str], played: str, revealer: int | None
) -> None:
    cards, who = sj.resolve_throw(throw, others, HEARTS)
    assert (format_cards(cards), who) == (played, revealer), rule


def test_vs4_3_an_ordinary_lead_always_stands() -> None:
    for lead in ("3S", "3S 3S", "4S 4S 3S 3S"):
        cards, who = sj.resolve_throw(lead, ["AS AS KS KS", "QS QS JS JS", "RJ RJ"], HEARTS)
        assert (format_cards(cards), who) == (lead, None)


def test_vs4_3_resolve_throw_refuses_bad_input() -> None:
    with pytest.raises(RulesError):
        sj.resolve_throw("AS KD", ["", "", ""], HEARTS)
    with pytest.raises(RulesError):
        sj.resolve_throw("AS KS", ["", ""], HEARTS)


def test_vs4_3_the_kitty_never_counts() -> None:
    # Both AS lie in the kitty the dealer buried: nobody else can beat its KS.
    kitty = "3H AS AS 6H 7H 8H 9H JH"
    state = deal(["KS QS 3D 4D", "JS 9S 5D 6D", "TS 8S 7D 8D", "7S 4S 9D JD"], kitty=kitty)
    play(state, "KS QS")
    assert state.log[-1].action.kind == "play" and state.lead.kind == "throw"


# -- VS4.4 the forced component and the revealer ------------------------------------------------

FORCED = [
    ("VS4.4 fewest cards first (a single before a pair)", "QS QS JS", ["KS KS AS", "", ""],
     "JS", 0),
    ("VS4.4 then the weakest", "AS 9S 5S", ["TS 6S", "", ""], "5S", 0),
    ("VS4.4 a pair before a tractor", "9S 9S 8S 8S JS JS", ["KS KS QS QS TS", "", ""],
     "JS JS", 0),
    ("VS4.4 equal steps: VS4.2 order (D below S)", "2S 2D BJ", ["RJ 2H", "", ""], "2D", 0),
    ("VS4.4 the revealer beats the forced component, not just any", "KS 9S 9S",
     ["TS TS", "AS", ""], "KS", 1),
    ("VS4.4 the revealer is the first in turn order", "AS 5S", ["", "7S", "6S"], "5S", 1),
]  # fmt: skip


@pytest.mark.parametrize("rule, throw, others, forced, revealer", FORCED)
def test_vs4_4_forced_component(
    rule: str, throw: str, others: list[str], forced: str, revealer: int
) -> None:
    cards, who = sj.resolve_throw(throw, others, HEARTS)
    assert (format_cards(cards), who) == (forced, revealer), rule


def failed_throw_deal(options: Mapping[str, object] | None = ON):
    """VS4 example 2: dealer 1 leads 3S and seat 0 wins it with AS, then throws QC QC JC 8C
    into seat 1's 9C 6C, seat 2's TC 4C and seat 3's KC KC 3C."""
    state = deal(
        ["AS QC QC JC 8C 7D", "3S 9C 6C 8D 9D JD", "4S TC 4C 3D 4D 6D", "6S KC KC 3C QD 7S"],
        dealer=1,
        options=options,
    )
    for cards in ("3S", "4S", "6S", "AS"):
        play(state, cards)
    return state


def test_vs4_example_2_failed() -> None:
    state = failed_throw_deal()
    before = len(state.log)
    play(state, "QC QC JC 8C")
    attempt, failed = state.log[before:]
    assert attempt.seat == 0 and format_cards(attempt.action.cards) == "QC QC JC 8C"
    assert attempt.action.combo.kind == "throw" and not attempt.auto
    assert failed.auto and failed.seat == 1  # the revealer
    assert (failed.action.kind, format_cards(failed.action.cards)) == ("throw_failed", "8C")
    assert state.trick == [(0, tuple(parse_cards("8C")))]
    assert state.lead == sj.lead_format("8C", HEARTS)  # an ordinary single-club lead
    assert format_cards(state.hand(0)) == "QC QC JC 7D"  # taken back into the hand
    view = state.view(2)
    assert view.trick == ((0, tuple(parse_cards("8C"))),) and view.lead.kind == "single"
    assert view.taken_back == (3, 0) and view.throw_penalty == -30
    assert state.current_player == 1
    assert {format_cards(a.cards) for a in state.legal_actions()} == {"9C", "6C"}
    assert state.explain("8D").reason == "must_follow_suit"


def test_vs4_4_vs4_8_the_penalty_in_the_result_and_a_replay_fails_again() -> None:
    state = failed_throw_deal()
    play(state, "QC QC JC 8C")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.attackers == 0
    assert result.throw_penalty == -30  # 3 cards taken back by the attackers
    assert result.attacker_points == max(0, result.trick_points + result.kitty_bonus - 30)
    again = sj.replay(state)
    assert again.log == state.log and again.result == result


def test_vs4_4_vs4_8_a_defenders_failed_throw_adds_to_the_attackers() -> None:
    state = deal(["AS QS 3D 4D", "KS 9S 5D 6D", "TS 8S 7D 8D", "7S 4S 9D JD"])
    play(state, "AS QS")  # dealer 0 defends; seat 1's KS beats QS
    assert format_cards(state.log[-1].action.cards) == "QS" and state.log[-1].seat == 1
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.throw_penalty == 10
    assert result.attacker_points == result.trick_points + result.kitty_bonus + 10


def test_vs4_8_points_never_go_below_zero() -> None:
    state = failed_throw_deal()
    play(state, "QC QC JC 8C")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.trick_points + result.kitty_bonus < 30
    assert result.attacker_points == 0 and result.trick_points >= 0
    assert (result.outcome, result.levels_gained) == ("defenders", 3)


# -- the worked examples 1 and 3 -----------------------------------------------------------------


def test_vs4_example_1_standing() -> None:
    state = deal(["AS AS KS 6D", "QS QS 9S 4S", "JS 8S 3D 5C", "TS 7S 5S 3S"])
    play(state, "AS AS KS")
    assert state.log[-1].action.kind == "play" and state.lead.kind == "throw"
    assert state.explain("QS 9S 4S").reason == "must_play_pairs"
    play(state, "QS QS 4S")
    assert state.explain("JS 3D 5C").reason == "must_play_all_suit"
    play(state, "JS 8S 3D")
    assert state.explain("TS 7S 5S") is None  # three spades, no pair: any three
    play(state, "7S 5S 3S")
    trick = state.tricks[-1]
    assert (trick.winner, trick.points) == (0, 15)


def test_vs4_example_3_beaten_by_trumps() -> None:
    state = deal(["AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"], kitty="7H 8H JH QH 3D 4D 6D 7D")
    for cards in ("AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"):
        play(state, cards)
    trick = state.tricks[-1]
    assert (trick.winner, trick.points) == (2, 15)
    plays = ["AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"]
    assert sj.trick_winner(plays[:2], HEARTS, ON) == 1  # seat 1 matches: best
    assert sj.trick_winner(plays[:3], HEARTS, ON) == 2  # its pair outranks 3H 3H
    assert sj.follow_kind(plays[0], plays[3], HEARTS, ON) == "discard"  # no pair: no match


# -- VS4.5 following a throw -------------------------------------------------------------------

# (rule, hand, throw, play, legal with VS4, legal with VS4 and VS1)
FOLLOWS = [
    ("VS4.5 as many cards as the throw", "QS QS 9S 4S", "AS AS KS", "QS QS", False, False),
    ("VS4.5 pairs up to the throw's", "QS QS 9S 4S", "AS AS KS", "QS 9S 4S", False, False),
    ("VS4.5 with its pair", "QS QS 9S 4S", "AS AS KS", "QS QS 4S", True, True),
    ("VS4.5 enough of the suit: only that suit", "QS 9S 4S 3D", "AS AS KS", "QS 9S 3D", False,
     False),
    ("VS4.5 fewer: all of them", "JS 8S 3D 5C", "AS AS KS", "JS 3D 5C", False, False),
    ("VS4.5 fewer: all of them and any", "JS 8S 3D 5C", "AS AS KS", "JS 8S 5C", True, True),
    ("VS4.5 none: any cards", "3D 5C 6C RJ", "AS AS KS", "3D 5C RJ", True, True),
    ("VS4.5 no tractor owed without VS1", "9S 9S 8S 8S 4S 4S 3S", "AS AS KS KS QS",
     "9S 9S 4S 4S 3S", True, False),
    ("VS4.5 VS1: the tractor", "9S 9S 8S 8S 4S 4S 3S", "AS AS KS KS QS", "9S 9S 8S 8S 3S", True,
     True),
    ("VS4.5 VS1: a fit no longer than its component", "JS JS TS TS 9S 9S 3S", "AS AS KS KS QS",
     "JS JS TS TS 3S", True, True),
    ("VS4.5 VS1: two tractors, a fit of both", "JS JS TS TS 9S 9S 4S 4S 3S 3S",
     "AS AS KS KS 7S 7S 6S 6S", "JS JS TS TS 4S 4S 3S 3S", True, True),
    ("VS4.5 VS1: one tractor of two owed is too few", "JS JS TS TS 9S 9S 4S 4S 3S 3S",
     "AS AS KS KS 7S 7S 6S 6S", "JS JS TS TS 9S 9S 4S 4S", True, False),
    ("VS4.5 VS1: a throw without tractors owes none", "9S 9S 8S 8S 3S", "AS AS QS QS",
     "9S 9S 3S 8S", False, False),
    ("VS4.5 VS1: a throw without tractors, pairs", "9S 9S 8S 8S 3S", "AS AS QS QS",
     "9S 9S 8S 8S", True, True),
]  # fmt: skip


@pytest.mark.parametrize("rule, hand, throw, cards, on, duty", FOLLOWS)
def test_vs4_5_follows(rule: str, hand: str, throw: str, cards: str, on: bool, duty: bool) -> None:
    whole = f"{hand}"
    assert sj.is_legal_follow(whole, throw, cards, HEARTS, ON) is on, rule
    assert sj.is_legal_follow(whole, throw, cards, HEARTS, DUTY_ON) is duty, rule
    # every listed follow is legal, and the listing holds one like the case when it is legal
    for options in (ON, DUTY_ON):
        listed = sj.legal_follows(whole, throw, HEARTS, options)
        assert listed and all(sj.is_legal_follow(whole, throw, f, HEARTS, options) for f in listed)


def test_vs4_5_the_state_refuses_a_follow_without_the_fit() -> None:
    state = deal(
        [
            "AS AS KS KS JS JS TS TS 3D 4D",
            "9S 9S 8S 8S 6S 6S 5S 5S 3S 3S",
            "QS 7S 4S 5D 6D 7D 8D 9D 3C 4C",
            "7S 4S 5C 6C 7C 8C 9C JC QC KC",
        ],
        options=DUTY_ON,
    )
    play(state, "AS AS KS KS JS JS TS TS")
    assert state.lead.kind == "throw"  # 9-8 is below J-T: it stands
    error = state.explain("9S 9S 8S 8S 6S 6S 3S 3S")
    assert error is not None and error.reason == "must_play_tractor" and error.details["pairs"] == 4
    assert state.explain("9S 9S 8S 8S 6S 6S 5S 5S") is None
    assert all(state.explain(a.cards) is None for a in state.legal_actions())


# -- VS4.6 winning -----------------------------------------------------------------------------

# (rule, plays in turn order, the throw first, winner)
WINNERS = [
    ("VS4.6 example 3", ["AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"], 2),
    ("VS4.6 a ruff must match the shapes", ["AS AS KS", "3H 5H 6H", "QD 3D 4D", "7S 8S 9S"], 0),
    ("VS4.6 a tractor serves as pairs", ["AS AS QS QS 9S", "3H 3H 4H 4H 6H"], 1),
    ("VS4.6 a pair serves as two singles", ["AS KS QS", "3H 3H 5H"], 1),
    ("VS4.6 ranked by the largest shape", ["AS AS KS KS QS", "3H 3H 4H 4H AH", "5H 5H 6H 6H 7H"],
     2),
    ("VS4.6 over-ruffing needs a higher rank", ["AS AS KS", "5H 5H 3H", "4H 4H AH"], 1),
    ("VS4.6 equal ranks: the earlier", ["AS AS KS", "2S 2S 3H", "2D 2D 4H"], 1),
    ("VS4.6 of the led suit and higher", ["QS QS 3S", "KS KS 4S"], 1),
    ("VS4.6 no pair: no match", ["QS QS 3S", "KS AS 4S"], 0),
    ("VS4.6 the led suit cannot beat a ruff", ["QS QS 3S", "3H 3H 5H", "KS KS 4S"], 1),
    ("VS4.6 a trump throw", ["RJ RJ 3H", "BJ BJ AH"], 0),
    ("VS4.6 mixed suits never match", ["AS AS KS", "3H 3H 4D"], 0),
]  # fmt: skip


@pytest.mark.parametrize("rule, plays, winner", WINNERS)
def test_vs4_6_winner(rule: str, plays: list[str], winner: int) -> None:
    assert sj.trick_winner(plays, HEARTS, ON) == winner, rule
    with pytest.raises(RulesError):
        sj.trick_winner(plays, HEARTS)  # without VS4 a throw is no lead


def test_vs4_6_follow_kinds_of_a_throw() -> None:
    assert sj.follow_kind("AS AS KS", "3H 3H 6H", HEARTS, ON) == "ruff"
    assert sj.follow_kind("AS AS KS", "3H 5H 6H", HEARTS, ON) == "discard"
    assert sj.follow_kind("AS AS KS", "QS QS 4S", HEARTS, ON) == "follow"


# -- VS4.7 the kitty --------------------------------------------------------------------------

KITTY_20 = "3H 4H 6H 7H 8H 9H KD TD"  # 20 points, hearts trump


@pytest.mark.parametrize(
    "rule, throw, linear, power",
    [
        ("VS4.7 a pair and a single: a pair's", "AS AS KS", 4, 4),
        ("VS4.7 a tractor of 2 and a single", "AS AS KS KS 3S", 8, 8),
        ("VS4.7 a tractor of 3 and a single", "AS AS KS KS QS QS 3S", 12, 16),
        ("VS4.7 singles: a single's", "AS KS 3S", 2, 2),
    ],
)
def test_vs4_7_the_last_throws_largest_component(
    rule: str, throw: str, linear: int, power: int
) -> None:
    n = len(parse_cards(throw))
    junk = ["7D 8D 9D JD QD 3D 4D", "7D 8D 9D JD QD 3D 4D", "6D 5C 6C 7C 8C 9C JC"]
    hands = [
        "3C " + " ".join(junk[0].split()[:n]),
        "AC " + throw,
        "4C " + " ".join(junk[1].split()[:n]),
        "6C " + " ".join(junk[2].split()[:n]),
    ]
    for options, multiplier in ((ON, linear), (POWER_ON, power)):
        state = deal(hands, kitty=KITTY_20, options=options)
        for cards in ("3C", "AC", "4C", "6C"):
            play(state, cards)
        play(state, throw)  # seat 1 attacks and wins the last trick: nobody holds a spade
        while not state.is_terminal:
            state.apply(state.legal_actions()[0])
        result = state.result
        assert result is not None and result.last_trick_winner == 1, rule
        assert (result.kitty_multiplier, result.kitty_bonus) == (multiplier, 20 * multiplier), rule


# -- the option off ----------------------------------------------------------------------------


def test_with_throws_off_nothing_changes() -> None:
    state = failed_throw_deal(options=None)
    assert state.explain("QC QC JC 8C").reason == "not_a_lead"
    assert all(a.combo.kind in ("single", "pair", "tractor") for a in state.legal_actions())
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.result is not None and state.result.throw_penalty == 0
    assert all(r.action.kind != "throw_failed" for r in state.log)
