"""Run Fast: the rule ids of shared/spec/runfast.md checked one by one (audit).

Complements tests/test_runfast.py with the edge cases an audit looks for: the pack, the turn
order, sequences at the ace and the 2, bombs against bombs, four 3s after the first play, the
bomb bonus when bombs meet in one round, springs, the wording of refusals, and what a view can
reach. Every table row names its rule id.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import runfast as rf
from game.rules.base import Action
from game.rules.cards import Card, parse_cards, single_pack
from game.rules.errors import IllegalActionError, RulesError
from game.rules.runfast import runfast_pack

PASS = Action("pass")


def play(state: rf.RunFastState, text: str) -> None:
    """Play exactly these cards with their only meaning (fails loudly when illegal)."""
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def run(state: rf.RunFastState, steps: str) -> list[int | None]:
    """Apply steps separated by ``|`` (``pass`` or cards); returns who was to act before each."""
    seats = []
    for step in steps.split("|"):
        step = step.strip()
        seats.append(state.current_player)
        if step == "pass":
            state.apply(PASS)
        else:
            play(state, step)
    return seats


def payments(state: rf.RunFastState) -> list[tuple[int, int, int, str]]:
    return [(p.payer, p.payee, p.points, p.reason) for p in state.payments]


# --- R1.1, R2.1 the pack and the players ----------------------------------------------------

PACK_CASES = [
    # (rule, card, in the Run Fast pack)
    ("R2.1", "RJ", False),
    ("R2.1", "BJ", False),
    ("R2.1", "AH", False),
    ("R2.1", "2H", False),
    ("R2.1", "2D", False),
    ("R2.1", "2C", False),
    ("R2.1", "2S", True),
    ("R2.1", "AS", True),
    ("R2.1", "AD", True),
    ("R2.1", "AC", True),
    ("R2.1", "3H", True),
    ("R2.1", "KC", True),
]


@pytest.mark.parametrize("rule, text, expected", PACK_CASES)
def test_r2_1_pack_contents(rule: str, text: str, expected: bool) -> None:
    (card,) = parse_cards(text)
    assert (card in runfast_pack()) is expected, rule
    if not expected:
        with pytest.raises(RulesError, match="not in the Run Fast pack"):
            rf.new_deal(hands=[[card], [], []])


def test_r1_1_r2_1_three_hands_of_sixteen_no_kitty() -> None:
    pack = runfast_pack()
    assert len(pack) == 48 and len(set(pack)) == 48
    assert {c for c in single_pack() if c not in pack} == set(parse_cards("RJ BJ AH 2H 2D 2C"))
    for seed in range(5):
        state = rf.new_deal(seed=seed)
        assert len(state.hands) == 3  # R1.1 three players
        assert [len(h) for h in state.hands] == [16, 16, 16]
        assert sorted(c for h in state.hands for c in h) == sorted(pack)  # no kitty
    with pytest.raises(RulesError):
        rf.new_deal(hands=["3H", "4S"])  # three hands, not two


def test_r1_1_each_for_itself() -> None:
    # R1.1: no partner: each loser pays the winner for its own hand only.
    state = rf.new_deal(hands=["3H", "4S 5S 6S 7S 9S", "8S"])
    play(state, "3H")
    assert state.winner == 0
    assert payments(state) == [
        (1, 0, 5, "cards"),
        (1, 0, 5, "spring"),
        (2, 0, 1, "cards"),
        (2, 0, 1, "spring"),
    ]
    assert state.settlement == {0: 12, 1: -10, 2: -2}


# --- R3.1 turn order, R3.5 the round ends ---------------------------------------------------

TURN_CASES = [
    # (rule, hands, steps, seats to act before each step)
    ("R3.1", ["3H 9S QS", "4S TS KS", "5S JS"], "3H | 4S | 5S | 9S | TS | JS", [0, 1, 2, 0, 1, 2]),
    ("R3.1", ["4S TS", "3H 9S", "5S JS"], "3H | 5S | TS | pass | JS", [1, 2, 0, 1, 2]),
    (
        "R3.5",
        ["3H 2S 5S", "4S 6S", "7S 8S"],
        "3H | 4S | 7S | 2S | pass | pass | 5S",
        [0, 1, 2, 0, 1, 2, 0],
    ),
]


@pytest.mark.parametrize("rule, hands, steps, seats", TURN_CASES)
def test_r3_1_turns_run_0_1_2(rule: str, hands: list[str], steps: str, seats: list[int]) -> None:
    state = rf.new_deal(hands=hands)
    assert run(state, steps) == seats, rule
    assert [r.seat for r in state.log] == seats
    assert state.is_terminal


def last_rank(state: rf.RunFastState) -> str | None:
    """The rank of the play to beat, None when the player leads."""
    return state.last_play.rank if state.last_play is not None else None


def test_r3_5_after_two_passes_the_player_who_played_leads() -> None:
    state = rf.new_deal(hands=["3H 2S 5S 6S", "4S 9S TS", "7S 8S"])
    run(state, "3H | 4S | 7S | 2S | pass | pass")
    assert state.current_player == 0 and state.last_play is None and state.passes == 0
    refusal = state.pass_refusal()
    assert refusal is not None and refusal.reason == "leader_cannot_pass"  # R3.4
    # A pass that is not the second one keeps the round going.
    play(state, "5S")
    run(state, "9S | pass")
    assert state.current_player == 0 and last_rank(state) == "9"


# --- R4.1, R4.2 combinations at the ace and the 2 -------------------------------------------

MEANINGS = [
    # (rule, cards, first_play, (kind, rank) or None)
    ("R4.1", "3S 3H 3D", False, ("triple", "3")),
    ("R4.1", "AS AD", False, ("pair", "A")),  # a pair of aces is an ordinary pair
    ("R4.1", "AS AD AC", False, ("ace_bomb", "A")),  # three aces are never a triple
    ("R4.2", "KS KH AS AD", False, ("pair_run", "A")),  # pair runs end at the ace
    ("R4.2", "JS JH QS QH KS KH AS AD", False, ("pair_run", "A")),
    ("R4.2", "AS AD 2S", False, None),
    ("R4.2", "KS KH AS AD 2S", False, None),
    ("R4.2", "QS KH AD 2S 3H", False, None),  # no wrap-around
    ("R4.2", "KS AD 2S 3H 4H", False, None),
    ("R4.2", "TS JH QD KC AD", False, ("straight", "A")),  # the highest five-card straight
    ("R4.2", "3S 4H 5D 6C 7S", False, ("straight", "7")),  # the lowest
    ("R4.1", "3S 3H 4S 4H 5S", False, None),
    ("R4.1", "3S 3H 3D 4S 4H 4D", False, None),  # airplane (R4.5)
    ("R4.4", "4S 4H 4D 4C", True, ("bomb", "4")),  # only the 3s make the sky bomb
    ("R4.4", "3S 3H 3D 3C", True, ("sky_bomb", "3")),
    ("R4.4", "3S 3H 3D 3C", False, ("bomb", "3")),  # later: the lowest ordinary bomb
]


@pytest.mark.parametrize("rule, cards, first_play, expected", MEANINGS)
def test_r4_meanings_at_the_edges(rule: str, cards: str, first_play: bool, expected) -> None:
    found = rf.interpretations(cards, first_play=first_play)
    assert len(found) <= 1, rule  # R4: a card set has at most one meaning
    assert ((found[0].kind, found[0].rank) if found else None) == expected, rule


EDGE_BEATS = [
    # (rule, play, last, beats)
    ("R4.2", "KS KH AS AD", "QS QH KD KC", True),
    ("R4.2", "QS QH KS KH AS AD", "JS JH QD QC KD KC", True),
    ("R4.2", "KS KH AS AD", "JS JH QS QH KD KC", False),  # another length
    ("R4.2", "TS JH QD KC AD", "9S TH JD QC KS", True),
    ("R4.2", "9S TH JD QC KS AD", "TS JH QD KC AD", False),  # six cards against five
    ("R3.2", "2S", "AD", True),
    ("R3.3", "AS AD", "KS KH", True),
    ("R4.3", "AS AD AC", "KS KH KD KC", True),  # three aces over four kings
    ("R4.3", "KS KH KD KC", "AS AD AC", False),
    ("R4.3", "4S 4H 4D 4C", "3S 3H 3D 3C", True),  # four 3s later: the lowest bomb
    ("R4.3", "3S 3H 3D 3C", "2S", True),
    ("R4.3", "3S 3H 3D 3C", "KS KH KD", True),
    ("R4.3", "AS AD AC", "KS KH KD", True),  # the ace bomb over a triple
    ("R3.3", "KS KH KD", "QS QH QD", True),
    ("R3.3", "AS AD", "QS QH QD", False),  # two aces are no triple
]


@pytest.mark.parametrize("rule, play_cards, last_cards, expected", EDGE_BEATS)
def test_r3_3_r4_3_beats_at_the_edges(
    rule: str, play_cards: str, last_cards: str, expected
) -> None:
    assert rf.beats(play_cards, last_cards) is expected, rule


def test_r4_4_random_deals_play_four_threes_only_as_the_sky_bomb() -> None:
    # R2.2 puts 3H in the first play, so a dealt deal never plays four 3s after it: they are
    # the sky bomb or nothing (the later meaning, the lowest bomb, is in MEANINGS/EDGE_BEATS).
    rng = random.Random(44)
    skies = 0
    for seed in range(400):
        state = rf.new_deal(seed=seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            sky = [
                a
                for a in actions
                if a.kind == "play" and a.combo is not None and a.combo.kind == "sky_bomb"
            ]
            action = sky[0] if sky else rng.choice(actions)
            state.apply(action)
        for index, record in enumerate(state.log):
            combo = record.action.combo
            if combo is not None and combo.rank == "3" and combo.is_bomb:
                assert combo.kind == "sky_bomb" and index == 0
                skies += 1
    assert skies > 0


# --- R3.4 must beat, bombs included ---------------------------------------------------------

MUST_BEAT = [
    # (rule, hand of seat 1, seat 0's lead, the legal answers as (kind, rank))
    ("R3.4", "5S 5H 5D 5C 9S", "2S", {("bomb", "5")}),  # only a bomb answers: it must bomb
    ("R3.4", "AS AD AC 4S", "KS KH", {("pair", "A"), ("ace_bomb", "A")}),
    ("R3.4", "AS AD AC 4S", "KS KH KD", {("ace_bomb", "A")}),
    ("R3.4", "AS AD AC 4S", "QS QH QD QC", {("ace_bomb", "A")}),
    ("R3.4", "KS KH KD KC 4S", "8H 9H TH JD QC", {("bomb", "K")}),
    ("R3.4", "4S 5S 6S 7S 8S 9S", "3S 4H 5D 6C 7H", {("straight", "8"), ("straight", "9")}),
    ("R3.4", "9S TS JS QS KS AS 2S", "9H TH JD QC KD", {("straight", "A")}),
    ("R3.4", "JS QS KS AS 2S", "9H TH JD QC KD", set()),  # 2S never extends a straight
]


@pytest.mark.parametrize("rule, hand, lead, answers", MUST_BEAT)
def test_r3_4_must_beat_with_any_response(
    rule: str, hand: str, lead: str, answers: set[tuple[str, str]]
) -> None:
    # Nobody holds 3H, so seat 0 leads without the R2.2 requirement.
    used = set(parse_cards(hand + " " + lead + " 3H"))
    other = [c for c in runfast_pack() if c not in used]
    state = rf.new_deal(hands=[[*parse_cards(lead), other[3]], hand, other[:3]], leader=0)
    play(state, lead)
    got = {
        (a.combo.kind, a.combo.rank)
        for a in state.legal_actions()
        if a.kind == "play" and a.combo is not None
    }
    assert got == answers, rule
    assert (state.legal_actions() == [PASS]) is (not answers)
    assert (state.pass_refusal() is None) is (not answers)
    assert rf.has_response(hand, rf.interpretations(lead)[0]) is bool(answers)


# --- R5.1 springs ---------------------------------------------------------------------------

SPRINGS = [
    # (rule, hands, steps, expected payments (payer, payee, points, reason))
    (
        "R5.1",  # both opponents never played: both pay double
        ["3H 4H 5H 6H 7H", "3S 9S", "4S"],
        "3H 4H 5H 6H 7H",
        [(1, 0, 2, "cards"), (1, 0, 2, "spring"), (2, 0, 1, "cards"), (2, 0, 1, "spring")],
    ),
    (
        "R5.1",  # one opponent played, the other never did
        ["3H 2S", "4S 5S", "6S 8S"],
        "3H | 4S | 6S | 2S",
        [(1, 0, 1, "cards"), (2, 0, 1, "cards")],
    ),
    (
        "R5.1",  # a player that only passed never played: it pays double
        ["3H 9S", "4S KS", "5S 6S"],
        "3H | KS | pass | pass | 4S",
        [(0, 1, 1, "cards"), (2, 1, 2, "cards"), (2, 1, 2, "spring")],
    ),
    (
        "R5.2",  # surcharges are not doubled by the spring
        ["3H", "2S 4S 4H 4D 4C", "5S"],
        "3H",
        [
            (1, 0, 5, "cards"),
            (1, 0, 5, "spring"),
            (1, 0, 10, "spade_two"),
            (1, 0, 10, "held_bomb"),
            (2, 0, 1, "cards"),
            (2, 0, 1, "spring"),
        ],
    ),
]


@pytest.mark.parametrize("rule, hands, steps, expected", SPRINGS)
def test_r5_1_springs(rule: str, hands: list[str], steps: str, expected: list[object]) -> None:
    state = rf.new_deal(hands=hands)
    run(state, steps)
    assert state.is_terminal, rule
    assert payments(state) == expected, rule
    assert state.settlement is not None and sum(state.settlement.values()) == 0  # R5.4


# --- R5.3 the bomb bonus --------------------------------------------------------------------


def test_r5_3_a_bomb_answering_a_led_bomb_earns_the_bonus() -> None:
    state = rf.new_deal(hands=["6S 6H 6D 6C 9S", "8S 8H 8D 8C 4S", "5S 7S"], leader=0)
    run(state, "6S 6H 6D 6C")  # led: no bonus for it
    assert state.pending_bomb is None
    (answer,) = state.legal_actions()  # R3.4 seat 1 must answer, and only its bomb does
    state.apply(answer)
    assert state.pending_bomb == (1, answer.combo)
    run(state, "pass | pass")
    assert [(e.seat, e.combo.rank, e.points) for e in state.bonus_events] == [(1, "8", 20)]
    run(state, "4S")  # seat 1 goes out
    assert payments(state) == [
        (0, 1, 10, "bomb_bonus"),
        (2, 1, 10, "bomb_bonus"),
        (0, 1, 1, "cards"),
        (2, 1, 2, "cards"),
        (2, 1, 2, "spring"),
    ]
    assert state.settlement == {0: -11, 1: 25, 2: -14}


def test_r5_3_a_beaten_bomb_then_a_bigger_final_bomb() -> None:
    # Seat 1's bomb is beaten by seat 2's bigger bomb, which is seat 2's final play: seat 2
    # earns the bonus at once (settled with the deal), seat 1 earns nothing.
    state = rf.new_deal(hands=["9S 4S", "7S 7H 7D 7C 5S", "KS KH KD KC"], leader=0)
    run(state, "9S | 7S 7H 7D 7C | KS KH KD KC")
    assert state.is_terminal and state.winner == 2
    assert [(e.seat, e.combo.rank) for e in state.bonus_events] == [(2, "K")]
    assert payments(state) == [
        (0, 2, 10, "bomb_bonus"),
        (1, 2, 10, "bomb_bonus"),
        (0, 2, 1, "cards"),
        (1, 2, 1, "cards"),
    ]
    assert state.settlement == {0: -11, 1: -11, 2: 22}


def test_r5_3_the_leader_beats_the_answering_bomb_and_the_round_ends() -> None:
    state = rf.new_deal(hands=["9S KS KH KD KC 4S", "7S 7H 7D 7C 5S", "6S 8S"], leader=0)
    run(state, "9S | 7S 7H 7D 7C | pass | KS KH KD KC")
    assert (
        state.pending_bomb is not None and state.pending_bomb[0] == 0
    )  # a bomb on another player's bomb: a response
    run(state, "pass | pass")
    assert [(e.seat, e.combo.rank) for e in state.bonus_events] == [(0, "K")]
    assert state.current_player == 0 and state.last_play is None  # R3.5


def test_r5_3_a_bonus_earned_by_a_player_who_does_not_win() -> None:
    # Seat 1 earns the bonus, seat 2 wins the deal: the bonus still counts (R5.4 sum 0).
    state = rf.new_deal(hands=["9S 3S", "8S 8H 8D 8C 4S 6S", "5S"], leader=0)
    run(state, "9S | 8S 8H 8D 8C | pass | pass | 4S | 5S")
    assert state.winner == 2
    assert payments(state) == [
        (0, 1, 10, "bomb_bonus"),
        (2, 1, 10, "bomb_bonus"),
        (0, 2, 1, "cards"),
        (1, 2, 1, "cards"),
    ]
    assert state.settlement == {0: -11, 1: 19, 2: -8}
    assert state.result is not None and state.result.bonus_events == tuple(state.bonus_events)


def test_r5_3_two_bonuses_in_one_deal_the_second_a_final_play() -> None:
    state = rf.new_deal(
        hands=["9S 3S 5S JS", "8S 8H 8D 8C 4S", "QS QH QD QC 6S 7S 7H 7D 7C"], leader=0
    )
    run(state, "9S | 8S 8H 8D 8C | QS QH QD QC | pass | pass")  # seat 2 earns (R5.3)
    assert [(e.seat, e.combo.rank) for e in state.bonus_events] == [(2, "Q")]
    run(state, "6S | JS | pass | 7S 7H 7D 7C")  # a bomb on JS that empties seat 2's hand
    assert state.winner == 2
    assert [(e.seat, e.combo.rank) for e in state.bonus_events] == [(2, "Q"), (2, "7")]
    assert payments(state) == [
        (0, 2, 10, "bomb_bonus"),
        (1, 2, 10, "bomb_bonus"),
        (0, 2, 10, "bomb_bonus"),
        (1, 2, 10, "bomb_bonus"),
        (0, 2, 2, "cards"),
        (1, 2, 1, "cards"),
    ]
    assert state.settlement == {0: -22, 1: -21, 2: 43}


# --- Refusals read well ---------------------------------------------------------------------

MESSAGES = [
    # (rule, cards or "pass", the English message)
    ("R3.3", "4S 4H", "seat 1 cannot play '4S 4H': it does not beat the pair of 5s"),
    (
        "R3.3",
        "9S",
        "seat 1 cannot play '9S': the single 9 cannot answer the pair of 5s "
        "(same kind and size needed)",
    ),
    ("R3.4", "pass", "seat 1 cannot pass: it can beat the pair of 5s and so must"),
    (
        "R4.5",
        "7S 7H 7D 6S",
        "seat 1 cannot play '6S 7S 7H 7D': triples and fours take no attached cards, "
        "and there are no airplanes",
    ),
    (
        "R4.2",
        "JS QS KS AS 2S",
        "seat 1 cannot play 'JS QS KS AS 2S': sequences never contain the 2 (aces are high only)",
    ),
    ("R2.1", "3S", "seat 1 cannot play '3S': those cards are not all in its hand"),
]


@pytest.mark.parametrize("rule, cards, message", MESSAGES)
def test_refusal_messages_name_player_cards_and_reason(rule: str, cards: str, message: str) -> None:
    state = rf.new_deal(
        hands=["5S 5H 8S", "4S 4H 6S 6H 7S 7H 7D 9S JS QS KS AS 2S", "3D"], leader=0
    )
    play(state, "5S 5H")
    if cards == "pass":
        error = state.pass_refusal()
        with pytest.raises(IllegalActionError) as caught:
            state.apply(PASS)
        assert str(caught.value) == message
    else:
        error = state.explain(cards)
    assert error is not None and str(error) == message, rule


def test_describe_names_every_kind() -> None:
    names = {
        "7S": "the single 7",
        "AS": "the single ace",
        "TS TH": "the pair of 10s",
        "KS KH KD": "the triple of kings",
        "3S 4H 5D 6C 7S": "the straight 3 to 7",
        "QS QH KS KH AS AD": "the pair run queen to ace",
        "9S 9H 9D 9C": "the bomb of 9s",
        "AS AD AC": "the three aces",
    }
    for cards, name in names.items():
        assert rf.describe(rf.interpretations(cards)[0]) == name
    assert rf.describe(rf.interpretations("3S 3H 3D 3C", first_play=True)[0]) == "the sky bomb"


# --- Views reach no hidden card -------------------------------------------------------------


def reachable_cards(value: object, seen: set[int] | None = None) -> set[Card]:
    """Every Card reachable from ``value`` through containers and dataclasses."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    assert not isinstance(value, rf.RunFastState), "a view must not hold the state"
    found: set[Card] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= reachable_cards(key, seen) | reachable_cards(item, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            found |= reachable_cards(item, seen)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            found |= reachable_cards(getattr(value, f.name), seen)
    return found


def test_views_reach_only_own_and_played_cards() -> None:
    rng = random.Random(31)
    for seed in range(40):
        state = rf.new_deal(seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        for seat in range(3):
            view = state.view(seat)
            visible = set(state.hands[seat]) | {c for p in state.played for c in p}
            assert reachable_cards(view) <= visible
            assert view.legal == (
                tuple(state.legal_actions()) if seat == state.current_player else ()
            )
        # A view is a snapshot: later moves do not show up in it.
        assert state.current_player is not None
        view = state.view(state.current_player)
        before = dataclasses.astuple(view)
        state.apply(state.legal_actions()[0])
        assert dataclasses.astuple(view) == before
