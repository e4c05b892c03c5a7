"""Run Fast rules engine (issue 4): combinations, ordering, the must-beat deal, settlement.

Every case names its rule id from shared/spec/runfast.md.
"""

from __future__ import annotations

import itertools
import random
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import runfast as rf
from game.rules.base import Action
from game.rules.cards import Card, format_cards, parse_cards
from game.rules.errors import IllegalActionError
from game.rules.runfast import runfast_pack
from tests.typed import known

ROOT = Path(__file__).resolve().parent.parent
PASS = Action("pass")


def play(state: rf.RunFastState, text: str) -> None:
    """Play exactly these cards with their only meaning."""
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def meaning(text: str, first_play: bool = False) -> tuple[str, str] | None:
    combos = rf.interpretations(text, first_play=first_play)
    assert len(combos) <= 1
    return (combos[0].kind, combos[0].rank) if combos else None


def combo(text: str, first_play: bool = False) -> rf.Combo:
    (result,) = rf.interpretations(text, first_play=first_play)
    return result


# --- R4 combinations -----------------------------------------------------------------------

INTERPRETATIONS = [
    # (rule, cards, first_play, expected (kind, rank) or None)
    ("R4.1", "5H", False, ("single", "5")),
    ("R4.1", "2S", False, ("single", "2")),
    ("R4.1", "5H 5S", False, ("pair", "5")),
    ("R4.1", "5H 6S", False, None),
    ("R4.1", "9S 9H 9D", False, ("triple", "9")),
    ("R4.1", "KS KH KD", False, ("triple", "K")),
    ("R4.3", "AS AD AC", False, ("ace_bomb", "A")),
    ("R4.3", "AS AD", False, ("pair", "A")),
    ("R4.3", "3S 3H 3D 3C", False, ("bomb", "3")),
    ("R4.4", "3S 3H 3D 3C", True, ("sky_bomb", "3")),
    ("R4.3", "KS KH KD KC", True, ("bomb", "K")),
    ("R4.3", "7S 7H 7D 7C", False, ("bomb", "7")),
    ("R4.1", "3S 4H 5D 6C 7S", False, ("straight", "7")),
    ("R4.2", "TS JH QD KC AS", False, ("straight", "A")),
    ("R4.1", "9S TH JD QC KS AD", False, ("straight", "A")),
    ("R4.1", "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", False, ("straight", "A")),
    ("R4.2", "JS QH KD AS 2S", False, None),
    ("R4.2", "AS 2S 3H 4D 5C", False, None),
    ("R4.2", "2S 3H 4D 5C 6S", False, None),
    ("R4.1", "3S 4H 5D 6C", False, None),
    ("R4.1", "3S 4H 5D 6C 8S", False, None),
    ("R4.1", "5S 5H 6S 6H", False, ("pair_run", "6")),
    ("R4.1", "3S 3H 4S 4H 5S 5D", False, ("pair_run", "5")),
    ("R4.2", "QS QH KS KH AS AD", False, ("pair_run", "A")),
    ("R4.1", "5S 5H 7S 7H", False, None),
    ("R4.1", "5S 5H 6S", False, None),
    ("R4.5", "5S 5H 5D 6S", False, None),
    ("R4.5", "5S 5H 5D 6S 6H", False, None),
    ("R4.5", "5S 5H 5D 5C 6S", False, None),
    ("R4.5", "5S 5H 5D 5C 6S 6H", False, None),
    ("R4.5", "5S 5H 5D 6S 6H 6D", False, None),
    ("R4.5", "5S 5H 5D 6S 6H 6D 8S 9S", False, None),
    ("R4.1", "", False, None),
    ("R4.1", "5S 5S", False, None),
]


@pytest.mark.parametrize("rule, cards, first_play, expected", INTERPRETATIONS)
def test_interpretations(rule: str, cards: str, first_play: bool, expected: object) -> None:
    assert meaning(cards, first_play) == expected, rule


def test_interpretation_keeps_the_cards_and_orders_them() -> None:
    # R4.1: Combo(kind, rank, cards) holds exactly the cards, low to high.
    result = combo("7S 3S 5D 4H 6C")
    assert result.cards == tuple(parse_cards("3S 4H 5D 6C 7S"))
    assert result.size == 5
    assert not result.is_bomb
    assert combo("AS AD AC").is_bomb


# --- R3.3 / R4.3 ordering -------------------------------------------------------------------

BEATS = [
    # (rule, play, last, expected)
    ("R3.2", "6S", "5S", True),
    ("R3.2", "5H", "5S", False),
    ("R3.2", "4S", "5S", False),
    ("R3.2", "AS", "KS", True),
    ("R3.2", "2S", "AS", True),
    ("R3.2", "AS", "2S", False),
    ("R3.3", "6S 6H", "5S 5H", True),
    ("R3.3", "6S 6H", "5S", False),
    ("R3.3", "6S", "5S 5H", False),
    ("R3.3", "AS AD", "KS KH", True),
    ("R3.3", "9S 9H 9D", "8S 8H 8D", True),
    ("R3.3", "8S 8H 8D", "9S 9H 9D", False),
    ("R3.3", "4S 5H 6D 7C 8S", "3S 4H 5D 6C 7S", True),
    ("R3.3", "TS JH QD KC AS", "9S TH JD QC KS", True),
    ("R3.3", "3S 4H 5D 6C 7S", "4S 5H 6D 7C 8S", False),
    ("R4.2", "6S 7H 8D 9C TS", "3S 4H 5D 6C 7S 8S", False),
    ("R4.2", "4S 5H 6D 7C 8S 9S", "3S 4H 5D 6C 7S", False),
    ("R3.3", "6S 6H 7S 7H", "5S 5H 6D 6C", True),
    ("R3.3", "5S 5H 6S 6H", "5D 5C 6D 6C", False),
    ("R4.2", "6S 6H 7S 7H 8S 8H", "5S 5H 6D 6C", False),
    ("R3.3", "6S 6H 7S 7H", "6S 7H 8D 9C TS", False),
    ("R3.3", "3S 3H 3D 3C", "2S", True),
    ("R3.3", "3S 3H 3D 3C", "TS JH QD KC AS", True),
    ("R3.3", "3S 3H 3D 3C", "QS QH KS KH AS AD", True),
    ("R3.3", "2S", "3S 3H 3D 3C", False),
    ("R3.3", "KS KH KD", "3S 3H 3D 3C", False),
    ("R4.3", "4S 4H 4D 4C", "3S 3H 3D 3C", True),
    ("R4.3", "3S 3H 3D 3C", "KS KH KD KC", False),
    ("R4.3", "KS KH KD KC", "QS QH QD QC", True),
    ("R4.3", "AS AD AC", "KS KH KD KC", True),
    ("R4.3", "KS KH KD KC", "AS AD AC", False),
    ("R4.3", "AS AD AC", "9S TH JD QC KS", True),
]


@pytest.mark.parametrize("rule, play_cards, last_cards, expected", BEATS)
def test_beats(rule: str, play_cards: str, last_cards: str, expected: bool) -> None:
    assert rf.beats(combo(play_cards), combo(last_cards)) is expected, rule
    assert rf.beats(play_cards, last_cards) is expected, rule  # notation accepted too


@pytest.mark.parametrize(
    "play_cards",
    ["AS AD AC", "KS KH KD KC", "4S 4H 4D 4C", "2S", "3S 4H 5D 6C 7S 8S 9S TS JS QS KS AS"],
)
def test_nothing_beats_the_sky_bomb(play_cards: str) -> None:
    # R4.4
    sky = combo("3S 3H 3D 3C", first_play=True)
    assert sky.kind == "sky_bomb"
    assert not rf.beats(combo(play_cards), sky)
    assert rf.beats(sky, combo("AS AD AC"))
    assert not rf.has_response("AS AD AC KS KH KD KC", sky)


HAS_RESPONSE = [
    # (rule, hand, last, expected)
    ("R3.4", "3S 4S 5S", "5H", False),
    ("R3.4", "3S 4S 6S", "5H", True),
    ("R3.4", "2S", "AS", True),
    ("R3.4", "9S 9H", "TS TH", False),
    ("R3.4", "9S JS JH", "TS TH", True),
    ("R3.4", "KS KH KD", "QS QH QD", True),
    ("R3.4", "AS AD", "QS QH QD", False),
    ("R3.4", "AS AD AC", "QS QH QD", True),  # the three aces are a bomb
    ("R3.4", "5S 5H 5D 5C", "2S", True),  # bombs count
    ("R3.4", "5S 5H 5D 5C", "6S 6H 6D 6C", False),
    ("R3.4", "AS AD AC", "6S 6H 6D 6C", True),
    ("R3.4", "4S 5S 6S 7S 8S", "3S 4H 5D 6C 7S", True),
    ("R3.4", "4S 5S 6S 7S 8S", "3S 4H 5D 6C 7S 8H", False),
    ("R3.4", "TS JS QS KS AS 2S", "9S TH JD QC KS", True),
    ("R3.4", "JS QS KS AS 2S", "9S TH JD QC KS", False),  # no 2 in sequences (R4.2)
    ("R3.4", "4S 4H 5S 5H", "3S 3H 4D 4C", True),
    ("R3.4", "4S 4H 6S 6H", "3S 3H 4D 4C", False),
    ("R3.4", "KS KH AS AD", "QS QH KD KC", True),
    ("R3.4", "", "3S", False),
]


@pytest.mark.parametrize("rule, hand, last_cards, expected", HAS_RESPONSE)
def test_has_response(rule: str, hand: str, last_cards: str, expected: bool) -> None:
    assert rf.has_response(hand, combo(last_cards)) is expected, rule


# Hypothesis: the generated responses are exactly the meanings of beating subsets (R3.3, R3.4).
PACK = runfast_pack()


@st.composite
def hand_and_last(draw: st.DrawFn) -> tuple[list[Card], rf.Combo | None]:
    cards = draw(st.permutations(PACK))
    hand = sorted(cards[: draw(st.integers(1, 9))])
    rest = cards[9:]
    lasts = [
        rf.Combo("single", "9", (Card("9", "S"),)),
        None,
    ]
    # A random combination from the other cards as the play to beat.
    pool = rest[:12]
    for size in (1, 2, 3, 4, 5, 6):
        for subset in itertools.combinations(pool, size):
            found = rf.interpretations(subset)
            if found:
                lasts.append(found[0])
        if len(lasts) > 30:
            break
    return hand, draw(st.sampled_from(lasts))


@settings(max_examples=150, deadline=None)
@given(hand_and_last())
def test_legal_plays_match_brute_force(case: tuple[list[Card], rf.Combo | None]) -> None:
    hand, last = case
    # The other seats hold one card each (no empty hands) and never 3H, so seat 0 acts.
    others = [c for c in PACK if c not in hand and c != Card("3", "H")][:2]
    state = rf.new_deal(hands=[hand, others[:1], others[1:]], leader=0)
    state.last_play, state.last_seat = last, 2  # a scripted position: seat 2 made the last play
    state.first_play = False
    expected = set()
    for size in range(1, len(hand) + 1):
        for subset in itertools.combinations(hand, size):
            for c in rf.interpretations(subset):
                if last is None or rf.beats(c, last):
                    expected.add((c.kind, c.rank, c.size))
    actions = state.legal_actions()
    got = {
        (known(a.combo).kind, known(a.combo).rank, known(a.combo).size)
        for a in actions
        if a.kind == "play"
    }
    assert got == expected
    assert len(got) == len([a for a in actions if a.kind == "play"])  # one action per meaning
    if last is not None:
        assert rf.has_response(hand, last) == bool(expected)
        assert (actions == [PASS]) == (not expected)  # R3.4


# --- The deal -------------------------------------------------------------------------------


def test_pack_and_deal() -> None:
    # R2.1: 48 cards, 16 each; R2.2: the 3H holder leads.
    state = rf.new_deal(seed=7)
    assert [len(h) for h in state.hands] == [16, 16, 16]
    dealt = [card for hand in state.hands for card in hand]
    assert sorted(dealt) == sorted(runfast_pack())
    assert len(set(dealt)) == 48
    assert Card("3", "H") in state.hands[known(state.current_player)]
    assert state.phase == "play" and state.result is None and state.settlement is None
    assert rf.new_deal(seed=7).hands == state.hands  # same seed, same deal


def test_first_play_must_contain_3h() -> None:
    # R2.2
    state = rf.new_deal(hands=["4S 5S 6S 7S 8S", "3H 3S 4H 5H 6H 7H", "9S 9H"])
    assert state.current_player == 1
    assert all(Card("3", "H") in a.cards for a in state.legal_actions())
    kinds = {known(a.combo).kind for a in state.legal_actions()}
    assert kinds == {"single", "pair", "straight"}
    error = state.explain("4H 5H 6H 7H 3S")
    assert error is not None and error.reason == "must_contain_3h"
    assert known(state.explain("3S")).reason == "must_contain_3h"
    assert state.explain("3H 4H 5H 6H 7H") is None
    with pytest.raises(IllegalActionError, match="must contain 3H"):
        state.apply(Action("play", tuple(parse_cards("3S")), combo("3S")))
    play(state, "3S 3H")
    # After the first play the 3H requirement is gone.
    assert state.explain("9S 9H") is None


def test_sky_bomb_is_offered_only_as_the_first_play() -> None:
    # R4.4
    state = rf.new_deal(hands=["3H 3S 3D 3C 9S", "4S 4H 4D 4C 6S", "2S 5S"])
    sky = [a for a in state.legal_actions() if known(a.combo).kind == "sky_bomb"]
    assert len(sky) == 1
    assert not any(known(a.combo).kind == "bomb" for a in state.legal_actions())
    state.apply(sky[0])
    assert state.legal_actions() == [PASS]  # seat 1's bomb of 4s cannot beat it
    state.apply(PASS)
    state.apply(PASS)
    assert state.current_player == 0 and state.last_play is None  # R3.5
    later = rf.new_deal(hands=["3H 5S", "3S 3D 3C 4S", "6S"])
    play(later, "3H")
    assert later.actions_for("3S 3D 3C 4S") == []
    assert known(later.explain("3S 3D 3C 4S")).reason == "attachment"


EXPLAIN = [
    # (rule, cards, reason or None) for seat 1 answering seat 0's pair of 5s
    ("R3.3", "4S 4H", "does_not_beat"),
    ("R3.3", "6S 6H", None),
    ("R3.3", "9S", "wrong_shape"),
    ("R3.3", "9S TS JS QS KS", "wrong_shape"),
    ("R3.3", "7S 7H 7D 7C", None),
    ("R4.3", "AS AD AC", None),
    ("R3.3", "AS AD", None),
    ("R4.1", "6S 6H 7S", "no_combination"),
    ("R4.5", "7S 7H 7D 6S", "attachment"),
    ("R4.5", "7S 7H 7D 7C 6S 6H", "attachment"),
    ("R4.2", "JS QS KS AS 2S", "sequence_with_two"),
    ("R4.1", "9S TS JS", "straight_too_short"),
    ("R2.1", "3S", "not_in_hand"),
    ("R2.1", "6S 6S", "not_in_hand"),
    ("R4.1", "", "no_cards"),
]


@pytest.mark.parametrize("rule, cards, reason", EXPLAIN)
def test_explain(rule: str, cards: str, reason: str | None) -> None:
    state = rf.new_deal(
        hands=["5S 5H 8S", "4S 4H 6S 6H 7S 7H 7D 7C 9S TS JS QS KS AS AD AC 2S", "3S"],
        leader=0,
    )
    play(state, "5S 5H")
    error = state.explain(cards)
    if reason is None:
        assert error is None, rule
        assert len(state.actions_for(cards)) == 1
    else:
        assert error is not None and error.reason == reason, (rule, error)
        assert error.details["seat"] == 1
        assert "seat 1 cannot" in str(error)
        assert state.actions_for(cards) == []


def test_only_a_stronger_bomb_beats_a_bomb() -> None:
    # R3.3, R4.3
    state = rf.new_deal(hands=["5S 8S", "6S 7S 7H 7D 7C", "3S 3D 3C 3H 2S"], leader=0)
    # 3H is in seat 2's hand, so seat 2 leads the first play.
    assert state.current_player == 2
    play(state, "3H")
    play(state, "8S")
    play(state, "7S 7H 7D 7C")
    error = known(state.explain("2S"))
    assert error.reason == "only_bomb_beats" and "only a stronger bomb" in str(error)
    assert error.details["last"] == "7S 7H 7D 7C" and error.details["last_kind"] == "bomb"
    assert known(state.explain("3S 3D 3C 2S")).reason == "attachment"
    assert state.legal_actions() == [PASS]


def test_weaker_bomb_does_not_beat() -> None:
    # R4.3
    state = rf.new_deal(hands=["5S 8S", "6S 7S 7H 7D 7C", "4S 4H 4D 4C 2S"], leader=2)
    play(state, "2S")
    assert state.legal_actions() == [PASS]  # seat 0 holds no response
    state.apply(PASS)
    play(state, "7S 7H 7D 7C")
    error = known(state.explain("4S 4H 4D 4C"))
    assert error.reason == "does_not_beat" and "bomb of 7s" in str(error)


def test_must_beat_and_pass_rules() -> None:
    # R3.4: Pass only without a response; the leader never passes. R3.5: lead returns.
    state = rf.new_deal(hands=["3H 5S 9S", "4S 6S", "3S 4H"])
    assert known(state.pass_refusal()).reason == "leader_cannot_pass"
    assert PASS not in state.legal_actions()
    play(state, "3H")
    assert known(state.pass_refusal()).reason == "must_beat"
    assert known(state.pass_refusal()).details["last"] == "3H"
    assert not state.can_pass()
    assert PASS not in state.legal_actions()
    before = (state.current_player, [list(h) for h in state.hands], list(state.log))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(PASS)
    assert caught.value.reason == "must_beat"
    assert (state.current_player, state.hands, state.log) == before  # nothing changed
    play(state, "6S")
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.current_player == 0
    play(state, "9S")  # seat 0 must beat the 6 with its 9
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    state.apply(PASS)
    assert state.current_player == 0 and state.last_play is None  # R3.5
    assert known(state.pass_refusal()).reason == "leader_cannot_pass"


def test_rejected_actions_change_nothing() -> None:
    state = rf.new_deal(seed=3)
    snapshot = state.clone()
    for bad in (
        Action("play", tuple(parse_cards("AH")[:0])),
        Action("play", tuple(state.hands[(known(state.current_player) + 1) % 3][:1])),
        Action("declare"),
        PASS,
    ):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.hands == snapshot.hands and state.log == snapshot.log
    assert state.current_player == snapshot.current_player


def test_actions_for_accepts_any_card_choice() -> None:
    # rules-api: actions_for accepts every legal card set, also another concrete choice.
    state = rf.new_deal(hands=["3H 9S 9H 9D", "4S", "5S"])
    listed = [a for a in state.legal_actions() if known(a.combo).kind == "single"]
    assert [format_cards(a.cards) for a in listed] == ["3H"]
    play(state, "3H")
    play(state, "4S")
    assert state.is_terminal and state.winner == 1  # R1.2: ends the moment a hand is empty
    assert known(state.explain("5S")).reason == "deal_over"
    state = rf.new_deal(hands=["3H 4S", "9S 9H 9D 5C", "6S"])
    play(state, "3H")
    pairs = [a for a in state.legal_actions() if known(a.combo).kind == "single"]
    assert {known(a.combo).rank for a in pairs} == {"5", "9"}
    (other,) = state.actions_for("9D")
    state.apply(other)
    assert state.log[-1].action.cards == (Card("9", "D"),)
    assert state.hands[1] == parse_cards("5C 9S 9H")


def test_wrong_meaning_is_refused() -> None:
    state = rf.new_deal(hands=["3H 3S 4S", "5S", "6S"])
    action = Action("play", tuple(parse_cards("3H 3S")), rf.Combo("single", "3", ()))
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.reason == "not_that_combination"


# --- R5 settlement --------------------------------------------------------------------------


def settle(payments: list[rf.Payment]) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.points, p.reason) for p in payments]


def test_response_bomb_standing_earns_the_bonus() -> None:
    # R5.3 bomb stands until its round ends; R5.1 spring doubling; R3.5 lead returns.
    state = rf.new_deal(hands=["3H 5S", "6S 7S 7H 7D 7C", "4S 9S"])
    play(state, "3H")
    play(state, "7S 7H 7D 7C")
    assert state.pending_bomb == (1, combo("7S 7H 7D 7C"))
    assert state.bonus_events == []
    state.apply(PASS)
    state.apply(PASS)
    assert [(e.seat, e.points) for e in state.bonus_events] == [(1, 20)]
    assert state.bonus_events[0].play_index == 1
    assert settle(state.payments) == [(0, 1, 10, "bomb_bonus"), (2, 1, 10, "bomb_bonus")]
    assert state.current_player == 1
    play(state, "6S")
    assert state.is_terminal and state.winner == 1 and state.phase == "over"
    assert settle(state.payments) == [
        (0, 1, 10, "bomb_bonus"),
        (2, 1, 10, "bomb_bonus"),
        (0, 1, 1, "cards"),
        (2, 1, 2, "cards"),
        (2, 1, 2, "spring"),  # seat 2 never played: its card payment counts twice
    ]
    assert state.settlement == {0: -11, 1: 25, 2: -14}
    assert known(state.result).settlement == (-11, 25, -14)
    assert state.legal_actions() == [] and state.current_player is None


def test_bomb_beaten_by_a_bigger_bomb_earns_nothing() -> None:
    # R5.3: the bomb that beat it earns the bonus in its place.
    state = rf.new_deal(hands=["3H 5S", "6S 7S 7H 7D 7C", "4S 9S 9H 9D 9C"])
    play(state, "3H")
    play(state, "7S 7H 7D 7C")
    play(state, "9S 9H 9D 9C")
    assert known(state.pending_bomb)[0] == 2
    state.apply(PASS)
    state.apply(PASS)
    assert [(e.seat, e.combo.rank) for e in state.bonus_events] == [(2, "9")]
    play(state, "4S")
    assert state.winner == 2
    assert settle(state.payments) == [
        (0, 2, 10, "bomb_bonus"),
        (1, 2, 10, "bomb_bonus"),
        (0, 2, 1, "cards"),
        (1, 2, 1, "cards"),
    ]
    assert state.settlement == {0: -11, 1: -11, 2: 22}


def test_ace_bomb_over_four_kind_earns_the_bonus() -> None:
    # R4.3, R5.3
    state = rf.new_deal(hands=["3H 5S", "6S KS KH KD KC", "4S AS AD AC"])
    play(state, "3H")
    play(state, "KS KH KD KC")
    play(state, "AS AD AC")
    state.apply(PASS)
    state.apply(PASS)
    assert [(e.seat, e.combo.kind) for e in state.bonus_events] == [(2, "ace_bomb")]


def test_bomb_as_final_play_is_settled_at_once() -> None:
    # R5.3: the final play bomb earns its bonus immediately; R1.2 the deal ends.
    state = rf.new_deal(hands=["3H 5S", "7S 7H 7D 7C", "4S 9S"])
    play(state, "3H")
    play(state, "7S 7H 7D 7C")
    assert state.is_terminal and state.winner == 1
    assert [(e.seat, e.points) for e in state.bonus_events] == [(1, 20)]
    assert settle(state.payments) == [
        (0, 1, 10, "bomb_bonus"),
        (2, 1, 10, "bomb_bonus"),
        (0, 1, 1, "cards"),
        (2, 1, 2, "cards"),
        (2, 1, 2, "spring"),
    ]
    assert state.settlement == {0: -11, 1: 25, 2: -14}


def test_led_bombs_earn_nothing() -> None:
    # R5.3: a led bomb earns no bonus, also when its round ends or it is the final play.
    state = rf.new_deal(hands=["3H 8S 8H 8D 8C 5S 6S", "3S 4S", "3D 4H"])
    play(state, "3H")
    play(state, "4S")
    state.apply(PASS)
    play(state, "5S")
    state.apply(PASS)
    state.apply(PASS)
    play(state, "8S 8H 8D 8C")  # led
    assert state.pending_bomb is None
    state.apply(PASS)
    state.apply(PASS)
    assert state.bonus_events == []
    play(state, "6S")
    assert state.winner == 0
    assert settle(state.payments) == [
        (1, 0, 1, "cards"),
        (2, 0, 2, "cards"),
        (2, 0, 2, "spring"),
    ]


def test_led_bomb_as_final_play_earns_nothing() -> None:
    # R5.3
    state = rf.new_deal(hands=["3H 5S 8S 8H 8D 8C", "3S 4S", "3D 4H"])
    play(state, "3H")
    play(state, "4S")
    state.apply(PASS)
    play(state, "5S")
    state.apply(PASS)
    state.apply(PASS)
    play(state, "8S 8H 8D 8C")
    assert state.winner == 0 and state.bonus_events == []
    assert state.settlement == {0: 5, 1: -1, 2: -4}


def test_sky_bomb_earns_nothing_and_surcharges() -> None:
    # R4.4, R5.3 no bonus for the sky bomb; R5.1 spring; R5.2 2S and held bomb not doubled.
    state = rf.new_deal(hands=["3H 3S 3D 3C 9S", "4S 4H 4D 4C 6S", "2S 5S"])
    play(state, "3H 3S 3D 3C")
    state.apply(PASS)
    state.apply(PASS)
    play(state, "9S")
    assert state.bonus_events == []
    assert settle(state.payments) == [
        (1, 0, 5, "cards"),
        (1, 0, 5, "spring"),
        (1, 0, 10, "held_bomb"),
        (2, 0, 2, "cards"),
        (2, 0, 2, "spring"),
        (2, 0, 10, "spade_two"),
    ]
    assert state.settlement == {0: 34, 1: -20, 2: -14}


def test_several_held_bombs_pay_each() -> None:
    # R5.2: three bombs and the 2S in the loser's hand: 10 each, not doubled (R5.1 spring).
    state = rf.new_deal(hands=["3H", "4S 4H 4D 4C 5S 5H 5D 5C AS AD AC 2S", "8S 9S"])
    play(state, "3H")
    assert state.winner == 0
    assert settle(state.payments) == [
        (1, 0, 12, "cards"),
        (1, 0, 12, "spring"),
        (1, 0, 10, "spade_two"),
        (1, 0, 10, "held_bomb"),
        (1, 0, 10, "held_bomb"),
        (1, 0, 10, "held_bomb"),
        (2, 0, 2, "cards"),
        (2, 0, 2, "spring"),
    ]
    held = [p.cards for p in state.payments if p.reason == "held_bomb"]
    assert [format_cards(c) for c in held] == ["4S 4H 4D 4C", "5S 5H 5D 5C", "AS AD AC"]
    assert state.settlement == {0: 68, 1: -64, 2: -4}


def test_sixteen_cards_never_played_pay_double() -> None:
    # R5.1 example: an opponent who never played pays 2 per card.
    state = rf.new_deal(hands=["3H", "4S 5S 6S 7S 8S 9S TS JS QS KS AS 4H 5H 6H 7H 8H", "3S"])
    play(state, "3H")
    cards = [p.points for p in state.payments if p.payer == 1 and p.reason in ("cards", "spring")]
    assert cards == [16, 16]


# --- Random full deals ----------------------------------------------------------------------


def run_random_deal(seed: int) -> rf.RunFastState:
    rng = random.Random(seed)
    state = rf.new_deal(seed=seed)
    checkpoint = None
    replay: list[Action] = []
    while not state.is_terminal:
        hands = state.hands
        held = [card for hand in hands for card in hand]
        played = [card for p in state.played for card in p]
        assert len(held) + len(played) == 48 and len(set(held + played)) == 48  # R2.1
        actions = state.legal_actions()
        assert actions, "the current player always has an action"
        seat = known(state.current_player)
        if state.last_play is None:
            assert PASS not in actions  # R3.4 the leader never passes
        else:
            can_beat = rf.has_response(hands[seat], state.last_play)
            assert (actions == [PASS]) == (not can_beat)  # R3.4 Pass only without a response
        if checkpoint is None and rng.random() < 0.08:
            checkpoint = state.clone()
        action = rng.choice(actions)
        if checkpoint is not None:
            replay.append(action)
        state.apply(action)
    assert sum(known(state.settlement).values()) == 0  # R5.4
    assert [len(h) for h in state.hands].count(0) == 1  # R1.2
    card_payers = {p.payer for p in state.payments if p.reason == "cards"}
    assert card_payers == {0, 1, 2} - {state.winner}  # R5.1 each opponent pays its cards
    if checkpoint is not None:
        for action in replay:
            checkpoint.apply(action)
        assert checkpoint.log == state.log and checkpoint.payments == state.payments
    return state


def test_random_deals_keep_the_invariants() -> None:
    # R1.2, R2.1, R3.4, R5.4 over a thousand seeded random deals.
    bonuses = 0
    for seed in range(1000):
        state = run_random_deal(seed)
        bonuses += len(state.bonus_events)
        total = sum(p.points for p in state.payments if p.payee == state.winner)
        assert (
            total - sum(p.points for p in state.payments if p.payer == state.winner)
            == known(state.settlement)[known(state.winner)]
        )
    assert bonuses > 0  # the sample exercises the bomb bonus (springs: scripted tests above)


def test_every_listed_action_is_accepted_by_actions_for() -> None:
    rng = random.Random(5)
    for seed in range(60):
        state = rf.new_deal(seed=seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            for action in actions:
                if action.kind == "play":
                    assert action in state.actions_for(action.cards)
                    assert state.explain(action.cards) is None
            state.apply(rng.choice(actions))


def test_replay_from_seed_and_log() -> None:
    # A deal is determined by its seed and the actions applied (autosave replays them).
    state = run_random_deal(11)
    again = rf.new_deal(seed=state.seed)
    for record in state.log:
        assert not record.auto and record.seat == again.current_player
        again.apply(record.action)
    assert again.result == state.result


# --- Views and sampling -----------------------------------------------------------------------


def test_view_shows_only_what_the_seat_knows() -> None:
    state = rf.new_deal(seed=21)
    rng = random.Random(2)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view.hand == tuple(state.hands[0])
    assert view.hand_counts == tuple(len(h) for h in state.hands)
    others = {card for s in (1, 2) for card in state.hands[s]}
    visible = set(view.hand) | {card for p in view.played for card in p}
    assert not others & visible
    assert not any(
        isinstance(value, (list, tuple)) and set(value) & others and name != "log"
        for name, value in vars(view).items()
        if name not in ("played",)
    )


def test_sample_state_is_consistent_with_the_view() -> None:
    rng = random.Random(9)
    for seed in range(40):
        state = rf.new_deal(seed=seed)
        steps = rng.randrange(0, 30)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        seat = rng.randrange(3)
        view = state.view(seat)
        sample = rf.sample_state(view, random.Random(seed))
        assert sample.hands[seat] == state.hands[seat]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.played == state.played and sample.log == state.log
        assert sample.current_player == state.current_player
        assert sample.last_play == state.last_play and sample.passes == state.passes
        assert sample.pending_bomb == state.pending_bomb
        held = [card for hand in sample.hands for card in hand]
        assert len(set(held)) == len(held)
        # Replaying the log through apply checks every pass was forced (R3.4) in the sample.
        check = rf.new_deal(hands=sample.initial_hands)
        for record in state.log:
            check.apply(record.action)
        assert check.hands == sample.hands
        assert sample.legal_actions() == check.legal_actions()


def test_sample_state_before_the_first_play_gives_3h_to_the_leader() -> None:
    # R2.2
    for seed in range(20):
        state = rf.new_deal(seed=seed)
        leader = known(state.current_player)
        seat = (leader + 1) % 3
        sample = rf.sample_state(state.view(seat), random.Random(seed))
        assert Card("3", "H") in sample.hands[leader]


# --- Sessions -------------------------------------------------------------------------------


def finish(state: rf.RunFastState, rng: random.Random) -> None:
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))


def test_session_totals_and_determinism() -> None:
    match = rf.new_match(seed=4)
    assert match.deal_index == 0 and not match.is_over and match.winner is None
    with pytest.raises(IllegalActionError) as caught:
        match.advance()
    assert caught.value.reason == "deal_not_over"
    rng = random.Random(1)
    copy = None
    for index in range(5):
        if index == 2:
            copy = match.clone()
            copy_rng = random.Random()
            copy_rng.setstate(rng.getstate())
        finish(match.state, rng)
        match.advance()
    assert copy is not None
    assert match.deal_index == 5 and len(match.results) == 5
    assert sum(match.totals.values()) == 0
    assert match.totals == {
        seat: sum(r.settlement[seat] for r in match.results) for seat in range(3)
    }
    assert not match.is_over
    for _ in range(3):
        finish(copy.state, copy_rng)
        copy.advance()
    assert copy.totals == match.totals and copy.results == match.results
    again = rf.new_match(seed=4)
    assert again.state.hands == rf.new_match(seed=4).state.hands
    assert rf.new_match(seed=5).state.hands != again.state.hands


# --- Locale ---------------------------------------------------------------------------------


def test_every_reason_code_has_an_english_sentence() -> None:
    doc = rf.__doc__ or ""
    codes = set(re.findall(r"^- ``([a-z_0-9]+)``:", doc, flags=re.MULTILINE))
    assert {"must_beat", "does_not_beat", "must_contain_3h", "leader_cannot_pass"} <= codes
    with (ROOT / "locale" / "en.toml").open("rb") as handle:
        catalog = tomllib.load(handle)
    sentences = catalog["reason"]["runfast"]
    assert codes == set(sentences)
    for kind in ("pair_run", "ace_bomb", "sky_bomb"):
        assert catalog["combo"][kind]
    # Every placeholder a sentence uses is a detail the engine gives.
    details = {"cards", "last", "last_kind", "last_rank", "seat", "kind"}
    for code, sentence in sentences.items():
        assert set(re.findall(r"{(\w+)}", sentence)) <= details, code
