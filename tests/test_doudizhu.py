"""Dou Dizhu rules engine (issue 43): combinations, bidding, the kitty, play, scoring, options.

Every case names its rule id from shared/spec/doudizhu.md (D1-D5, VD1-VD3).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.test_contract as contract
from game.games.doudizhu.rules.bidding import bid_value
from game.games.doudizhu.rules.combos import build, counts_of, plays
from game.registry.spec import GameSpec
from game.rules import doudizhu as ddz
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards, single_pack
from game.rules.errors import BadArgumentError, IllegalActionError
from game.rules.options import BadOptionError
from game.table.record import non_auto_actions, replay_match
from tests.typed import known

PASS = Action("pass")


def bid(value: int, kind: str = "bid") -> ddz.BidAction:
    return ddz.BidAction.of(kind, value)


def play(state: ddz.DoudizhuState, text: str) -> None:
    """Play exactly these cards with their only meaning."""
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def meaning(text: str) -> tuple[str, str | None, int] | None:
    combos = ddz.interpretations(text)
    assert len(combos) <= 1  # D4.6
    return (combos[0].kind, combos[0].rank, combos[0].length) if combos else None


def combo(text: str) -> ddz.Combo:
    (only,) = ddz.interpretations(text)
    return only


def scripted(hands: list[str], landlord: int = 0, **kwargs) -> ddz.DoudizhuState:
    """A position in play: these hands, ``landlord`` leads (no bidding)."""
    return ddz.new_deal(hands=hands, landlord=landlord, **kwargs)


# --- D4 combinations ---------------------------------------------------------------------------

READINGS = [
    # D4.1 basic kinds
    ("3S", ("single", "3", 1)),
    ("BJ", ("single", "BJ", 1)),
    ("RJ", ("single", "RJ", 1)),
    ("2S 2H", ("pair", "2", 1)),
    ("BJ RJ", ("rocket", None, 1)),  # D4.1: the two jokers are never a pair
    ("9S 9H 9D", ("trio", "9", 1)),
    ("9S 9H 9D 3C", ("trio_single", "9", 1)),
    ("9S 9H 9D RJ", ("trio_single", "9", 1)),  # D4.1: a joker may be the single
    ("9S 9H 9D 3C 3S", ("trio_pair", "9", 1)),
    ("9S 9H 9D BJ RJ", None),  # D4.1: the jokers are no pair
    ("9S 9H 9D 3C 4S", None),
    # D4.2 sequences
    ("3S 4H 5D 6C 7S", ("straight", "7", 5)),
    ("3S 4H 5D 6C 7S 8S 9S TS JS QS KS AS", ("straight", "A", 12)),
    ("TS JS QS KS AS", ("straight", "A", 5)),
    ("JS QS KS AS 2S", None),  # D4.2: no 2 in a sequence
    ("3S 4H 5D 6C", None),  # D4.2: five at least
    ("3S 3H 4S 4H 5S 5H", ("pair_run", "5", 3)),
    ("3S 3H 4S 4H", None),  # D4.2: three pairs at least
    ("KS KH AS AH 2S 2H", None),
    ("3S 3H 3D 4S 4H 4D", ("airplane", "4", 2)),
    ("KS KH KD AS AH AD 2S 2H 2D", None),  # D4.2: no 2 in an airplane
    # D4.3 airplanes with attachments
    ("3S 3H 3D 4S 4H 4D 5S 6S", ("airplane_singles", "4", 2)),
    ("3S 3H 3D 4S 4H 4D 5S 5H", ("airplane_singles", "4", 2)),  # 333444 + 55 is legal
    ("3S 3H 3D 4S 4H 4D BJ RJ", None),  # not both jokers
    ("3S 3H 3D 4S 4H 4D 3C 5S", None),  # no attached card of a trio's rank
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D", ("airplane", "6", 4)),  # never 333444555 + 666
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S", None),  # 777 next to the chain
    ("QS QH QD KS KH KD AS AH AD 2S 2H 2D", ("airplane_singles", "A", 3)),  # + 222
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 9S 9H 9D", ("airplane_singles", "5", 3)),  # 999 not adjacent
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 9S TS JS QS", ("airplane_singles", "7", 5)),
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H 8D 9S 9H 9D TS JS QS KS", None),
    ("3S 3H 3D 4S 4H 4D 9S 9H 9D 9C TS JS", None),  # no four among attachments (k=3 needs 3 trios)
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 9S 9H 9D 9C TS JS QS", None),  # 16 cards: a four attached
    ("3S 3H 3D 4S 4H 4D 5S 5H 6S 6H", ("airplane_pairs", "4", 2)),
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 5C", None),  # a four is not two pairs
    ("3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 7S 7H 8S 8H", ("airplane_pairs", "5", 3)),
    ("9S 9H 9D 9C 3S 4S", ("four_two_singles", "9", 1)),
    ("9S 9H 9D 9C 3S 3H", ("four_two_singles", "9", 1)),  # 444455 reads as four with two
    ("9S 9H 9D 9C BJ RJ", None),  # not both jokers
    ("9S 9H 9D 9C 3S 3H 4S 4H", ("four_two_pairs", "9", 1)),
    ("3S 3H 3D 3C 4S 4H 4D 4C", None),  # 33334444 is not a four with two pairs
    ("9S 9H 9D 9C 3S 3H 3D", None),
    # D4.5 bombs
    ("9S 9H 9D 9C", ("bomb", "9", 1)),
    ("2S 2H 2D 2C", ("bomb", "2", 1)),
]


@pytest.mark.parametrize(("text", "expected"), READINGS)
def test_d4_readings(text: str, expected: tuple[str, str | None, int] | None) -> None:
    """D4.1-D4.5, D4.6 (at most one reading)."""
    assert meaning(text) == expected


BEATS = [
    # (play, last, beats?) D2.2 rank order, D4.4 same kind and size, D4.5 bombs and rocket
    ("4S", "3S", True),
    ("3S", "3H", False),
    ("2S", "AS", True),
    ("BJ", "2S", True),
    ("RJ", "BJ", True),
    ("BJ", "RJ", False),
    ("4S 4H", "3S", False),  # D4.4: another kind
    ("4S 5H 6D 7C 8S", "3S 4H 5D 6C 7S", True),
    ("4S 5H 6D 7C 8S 9S", "3S 4H 5D 6C 7S", False),  # D4.4: another size
    ("TS TH TD 3S", "9S 9H 9D AS", True),  # D4.4: attachments never count
    ("9S 9H 9D 3S", "TS TH TD AS", False),
    ("TS TH TD 3S 3H", "9S 9H 9D 3C", False),
    ("5S 5H 5D 6S 6H 6D 3S 4S", "4S 4H 4D 5C 5D 5S 7S 8S", True),
    ("3S 3H 3D 3C", "2S 2H 2D 2C", False),
    ("3S 3H 3D 3C", "AS KH QD JC TS", True),  # D4.5: a bomb beats every non-bomb
    ("4S 4H 4D 4C", "3S 3H 3D 3C", True),  # D4.5: a higher bomb
    ("BJ RJ", "2S 2H 2D 2C", True),  # D4.5: the rocket beats everything
    ("2S 2H 2D 2C", "BJ RJ", False),
    ("9S 9H 9D 9C 3S 4S", "8S 8H 8D 8C 3H 4H", True),  # four with two: not a bomb, D4.3
    ("3S 3H 3D 3C", "9S 9H 9D 9C 3H 4H", True),
    ("9S 9H 9D 9C 3S 4S", "3S 3H 3D 3C", False),
]


@pytest.mark.parametrize(("text", "last", "expected"), BEATS)
def test_d4_4_d4_5_beats(text: str, last: str, expected: bool) -> None:
    assert ddz.beats(combo(text), combo(last)) is expected


def test_d2_2_rank_order() -> None:
    ranks = "3 4 5 6 7 8 9 T J Q K A 2 BJ RJ".split()
    assert [ddz.rank_value(r) for r in ranks] == list(range(15)) and ddz.ORDER == tuple(ranks)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 20))
def test_d4_every_generated_play_reads_as_itself(rng: random.Random, size: int) -> None:
    """The plays listed for a hand are exactly the sub-multisets that read as a combination."""
    pack = single_pack()
    rng.shuffle(pack)
    hand = pack[:size]
    for kind, value, length, values in plays(counts_of(hand)):
        made = build(hand, kind, value, length, values)
        assert [(c.kind, c.length) for c in ddz.interpretations(made.cards)] == [(kind, length)]
        assert Counter(made.cards) <= Counter(hand)


# --- D2 setup and bidding ----------------------------------------------------------------------


def test_d2_1_deal() -> None:
    state = ddz.new_deal(seed=3)
    assert state.hand_counts == (17, 17, 17) and len(state.kitty) == 3
    cards = [c for s in range(3) for c in state.hand(s)] + list(state.kitty)
    assert Counter(cards) == Counter(single_pack())
    assert all(state.view(s).kitty is None for s in range(3))  # D2.1: nobody sees it
    phase: str = state.phase  # a phase equals its string (GamePhase)
    assert phase == ddz.Phase.BID and phase == "bid" and state.stage == ddz.BID


BIDDING = [
    # (first bidder, bids in turn order, landlord, base) D2.3
    (0, [1, 2, 3], 2, 3),
    (0, [3], 0, 3),  # a bid of 3 ends the bidding at once
    (1, [0, 0, 1], 0, 1),
    (2, [1, 0, 2], 1, 2),
    (2, [2, 0, 0], 2, 2),
    (1, [0, 2, 0], 2, 2),
]


@pytest.mark.parametrize(("first", "bids", "landlord", "base"), BIDDING)
def test_d2_3_bidding(first: int, bids: list[int], landlord: int, base: int) -> None:
    state = ddz.new_deal(seed=9, first_bidder=first)
    for i, value in enumerate(bids):
        assert state.current_player == (first + i) % 3
        state.apply(bid(value))
    assert state.landlord == landlord and state.base == base
    assert state.stage == ddz.PLAY and state.current_player == landlord  # D2.5: leads


def test_d2_3_bids_offered_and_refused() -> None:
    state = ddz.new_deal(seed=9, first_bidder=0)
    assert [bid_value(a) for a in state.legal_actions()] == [1, 2, 3, 0]
    state.apply(bid(2))
    assert [bid_value(a) for a in state.legal_actions()] == [3, 0]
    before = state.view(1)
    with pytest.raises(IllegalActionError) as info:
        state.apply(bid(2))
    assert info.value.reason == "bid_too_low" and info.value.details["highest"] == 2
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("play", tuple(state.hand(1)[:1])))
    assert info.value.reason == "not_now"
    assert state.view(1) == before
    # a plain Action naming the bid by its combination works too
    state.apply(Action("bid", (), ddz.Bid("bid", 3)))
    assert state.landlord == 1


def test_d2_4_all_pass_redeals_with_the_same_first_bidder() -> None:
    state = ddz.new_deal(seed=4, first_bidder=1)
    hands = [state.hand(s) for s in range(3)]
    for _ in range(3):
        state.apply(bid(0))
    assert state.redeals == 1 and state.stage == ddz.BID and state.current_player == 1
    assert [state.hand(s) for s in range(3)] != hands
    assert state.log[-1].action.kind == "redeal" and state.log[-1].auto
    assert state.view(0).redeals == 1 and state.hand_counts == (17, 17, 17)
    again = ddz.new_deal(seed=4, first_bidder=1)  # the redeal is seeded
    for _ in range(3):
        again.apply(bid(0))
    assert [again.hand(s) for s in range(3)] == [state.hand(s) for s in range(3)]


def test_d2_5_kitty_goes_to_the_landlord_and_is_shown() -> None:
    state = ddz.new_deal(seed=12, first_bidder=0)
    kitty = state.kitty
    state.apply(bid(0))
    state.apply(bid(1))
    state.apply(bid(0))
    assert state.landlord == 1 and state.hand_counts == (17, 20, 17)
    assert set(kitty) <= set(state.hand(1))
    assert all(state.view(s).kitty == kitty for s in range(3))
    assert state.log[-1].action.kind == "kitty" and state.log[-1].auto


# --- D3 playing a turn -------------------------------------------------------------------------


def test_d3_turns_rounds_and_passing() -> None:
    state = scripted(["3S 3H 9S", "4S 4H 5S 9H", "6S 7S 8S"], landlord=0)
    assert PASS not in state.legal_actions()  # D3.2: the leader may not pass
    with pytest.raises(IllegalActionError) as info:
        state.apply(PASS)
    assert info.value.reason == "leader_cannot_pass"
    play(state, "3S 3H")
    assert state.current_player == 1  # D3.1: 0 → 1 → 2
    play(state, "4S 4H")
    state.apply(PASS)
    assert state.current_player == 0 and state.last_play is not None
    state.apply(PASS)  # D3.3: both others passed; seat 1 leads again
    assert state.current_player == 1 and state.leading
    play(state, "5S")
    play(state, "6S")  # D3.3: seat 2 passed before and plays again
    assert state.current_player == 0


REFUSALS = [
    # (hands, plays before, cards, reason) — the reason codes of the engine's docstring
    (["3S 3H 9S", "4S 4H 5S", "6S"], [], "3S 3H 9S", "no_combination"),
    (["3S 4S 5S 6S 9S", "4H", "6H"], [], "3S 4S 5S 6S", "too_short"),
    (["JS QS KS AS 2S", "4H", "6H"], [], "JS QS KS AS 2S", "sequence_with_two"),
    (["3S 3H 3D 4S 5S", "4H", "6H"], [], "3S 3H 3D 4S 5S", "bad_attachment"),
    (["3S 3H 9S", "4S", "6S"], [], "3D", "not_in_hand"),
    (["3S 3H 9S", "4S 4H 5S", "6S"], ["3S 3H"], "5S", "wrong_shape"),
    (["5S 5H 9S", "4S 4H 5D", "6S"], ["5S 5H"], "4S 4H", "does_not_beat"),
    (["5S 5H 5D 5C 9S", "AS AH 4S", "6S"], ["5S 5H 5D 5C"], "AS AH", "only_bomb_beats"),
    (["BJ RJ 9S", "AS AH AD AC", "6S"], ["BJ RJ"], "AS AH AD AC", "rocket_unbeatable"),
    (["3S 3H 9S", "4S 4H 5S", "6S"], [], "", "no_cards"),
]


@pytest.mark.parametrize(("hands", "before", "cards", "reason"), REFUSALS)
def test_refusal_reasons_leave_the_state_unchanged(
    hands: list[str], before: list[str], cards: str, reason: str
) -> None:
    state = scripted(hands, landlord=0)
    for text in before:
        play(state, text)
    seen = (state.view(0), state.view(1), state.view(2))
    assert state.actions_for(cards) == []
    assert known(state.explain(cards)).reason == reason
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action("play", tuple(parse_cards(cards))))
    assert info.value.reason == reason and "seat" in info.value.details
    assert (state.view(0), state.view(1), state.view(2)) == seen


def test_d4_6_actions_for_accepts_any_cards_of_a_listed_play() -> None:
    state = scripted(["3S 3H 3D 3C 9S 9H", "4S", "6S"], landlord=0)
    listed = {known(a.combo).kind for a in state.legal_actions() if a.cards}
    assert {"bomb", "four_two_singles", "trio_single", "trio_pair"} <= listed
    (action,) = state.actions_for("3C 3D 3H 9H")  # other cards than the listed choice
    assert known(action.combo).kind == "trio_single" and known(action.combo).rank == "3"


# --- D5 scoring --------------------------------------------------------------------------------


SCORING = [
    # (hands, landlord, base, moves, (spring, multiplier, settlement))
    # spring: the landlord goes out and no peasant played a card (D5.2): 3 x 2 each
    (["3S 3H 4S", "5S", "6S"], 0, 3, ["3S 3H", "pass", "pass", "4S"], ("spring", 2, (12, -6, -6))),
    # a peasant goes out after the landlord's second play: no anti-spring (D5.3)
    (
        ["3S 5S 8S", "4S 9S", "7S"],
        0,
        1,
        ["3S", "4S", "pass", "5S", "pass", "7S"],
        (None, 1, (-2, 1, 1)),
    ),
    # anti-spring: a peasant goes out and the landlord made only its first play (D5.2)
    (["3S 4S", "5S", "6S"], 0, 2, ["3S", "5S"], ("anti_spring", 2, (-8, 4, 4))),
    # a bomb and the rocket double twice (D5.1): 1 x 4 each
    (
        ["3S 3H 3D 3C 5S 8S", "BJ RJ 4S 9S", "6S 7S"],
        0,
        1,
        ["3S 3H 3D 3C", "BJ RJ", "pass", "pass", "4S", "6S", "8S", "9S"],
        (None, 4, (-8, 4, 4)),
    ),
    # the landlord wins with a bomb in it: 2 x 2 each, the landlord gains two units
    (
        ["3S 3H 3D 3C 5S 6S", "4S 9S", "7S 8S"],
        0,
        2,
        ["5S", "9S", "pass", "3S 3H 3D 3C", "pass", "pass", "6S"],
        (None, 2, (8, -4, -4)),
    ),
]


@pytest.mark.parametrize("case", SCORING, ids=range(len(SCORING)))
def test_d5_scoring(
    case: tuple[list[str], int, int, list[str], tuple[str | None, int, tuple[int, int, int]]],
) -> None:
    """D5.1-D5.3: base x multiplier per peasant; spring and anti-spring double."""
    hands, landlord, base, moves, expected = case
    state = scripted(hands, landlord=landlord, base=base)
    for text in moves:
        if text == "pass":
            state.apply(PASS)
        else:
            play(state, text)
    assert state.is_terminal and state.phase == ddz.Phase.OVER and state.finish_order
    result = known(state.result)
    assert (result.spring, result.multiplier, result.settlement) == expected
    assert sum(result.settlement) == 0 and state.multiplier == result.multiplier
    assert state.returns() == tuple(float(p) for p in expected[2])
    assert dict(enumerate(expected[2])) == state.settlement
    assert state.legal_actions() == [] and state.current_player is None


# --- VD1-VD3 house rules -----------------------------------------------------------------------

ROBBING = [
    # (first bidder, actions in turn order, landlord, robs) VD1
    (0, [("call", 1), ("bid", 0), ("bid", 0)], 0, 0),
    (0, [("call", 1), ("rob", 1), ("rob", 1)], 2, 2),
    (0, [("call", 1), ("rob", 1), ("bid", 0)], 1, 1),
    (1, [("bid", 0), ("call", 1), ("rob", 1)], 0, 1),
    (1, [("bid", 0), ("bid", 0), ("call", 1)], 0, 0),  # who declined to call may not rob
]


@pytest.mark.parametrize(("first", "moves", "landlord", "robs"), ROBBING)
def test_vd1_call_and_rob(
    first: int, moves: list[tuple[str, int]], landlord: int, robs: int
) -> None:
    state = ddz.new_deal(seed=2, first_bidder=first, options={"bidding": "rob"})
    called = False
    for kind, value in moves:
        offered = {a.kind: bid_value(a) for a in state.legal_actions() if bid_value(a)}
        assert offered == ({"rob": 1} if called else {"call": 1})
        state.apply(bid(value, kind))
        called = called or kind == "call"
    assert state.stage == ddz.PLAY and state.landlord == landlord
    assert state.base == 1 and state.robs == robs and state.multiplier == 2**robs


def test_vd1_nobody_calls_redeals() -> None:
    state = ddz.new_deal(seed=2, first_bidder=2, options={"bidding": "rob"})
    assert sorted(a.kind for a in state.legal_actions()) == ["bid", "call"]
    with pytest.raises(IllegalActionError) as info:
        state.apply(bid(1, "rob"))
    assert info.value.reason == "bad_bid"
    for _ in range(3):
        state.apply(bid(0))
    assert state.redeals == 1 and state.current_player == 2


DOUBLING = [
    # (doubles of landlord, seat 1, seat 2 in turn order from landlord 0; factors to 1 and 2)
    ((0, 0, 0), (1, 1)),
    ((1, 0, 0), (2, 2)),
    ((0, 1, 0), (2, 1)),
    ((1, 1, 1), (4, 4)),
]


@pytest.mark.parametrize(("doubles", "factors"), DOUBLING)
def test_vd2_doubling_is_per_payment(doubles: tuple[int, ...], factors: tuple[int, ...]) -> None:
    state = ddz.new_deal(hands=["3S 3H 4S", "5S", "6S"], first_bidder=0, options={"doubling": True})
    state.apply(bid(3))
    assert state.stage == ddz.DOUBLE and state.phase == "double"
    for seat, value in enumerate(doubles):
        assert state.current_player == seat
        state.apply(bid(value, "double"))
    assert state.stage == ddz.PLAY and state.current_player == 0
    for text in ("3S 3H", "pass", "pass", "4S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    # spring x2, base 3
    assert [p.factor for p in known(state.result).payments] == [2 * f for f in factors]
    assert [p.points for p in known(state.result).payments] == [6 * f for f in factors]


@pytest.mark.parametrize(("cap", "factor"), [(0, 16), (8, 8), (16, 16), (32, 16)])
def test_vd3_cap(cap: int, factor: int) -> None:
    """VD3: three bombs and the rocket make the multiplier 16 (D5.1); a cap of 8 bounds each
    payment to 8, a cap of 16 or more (or none) leaves it at 16. (The test used to reach 8
    only, where no cap of the allowed ones could act.)"""
    hands = ["3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S", "BJ RJ 9S", "7S"]
    state = scripted(hands, landlord=0, options={"multiplier_cap": cap})
    for text in ("3S 3H 3D 3C", "pass", "pass", "4S 4H 4D 4C", "pass", "pass"):
        state.apply(PASS) if text == "pass" else play(state, text)
    for text in ("5S 5H 5D 5C", "BJ RJ", "pass", "pass", "9S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    assert (
        known(state.result).multiplier == 16 and known(state.result).spring is None
    )  # uncapped (D5.1)
    assert [p.factor for p in known(state.result).payments] == [factor, factor]
    assert [p.points for p in known(state.result).payments] == [
        known(state.result).base * factor
    ] * 2


def test_vd3_cap_bounds_the_payment_after_the_vd2_doublings() -> None:
    """VD3 caps a payment's whole factor, its VD2 doublings included (doudizhu.md): a bomb and
    a spring make 4, the landlord's and the first peasant's doublings make that payment 16,
    capped at 8; the other peasant's (landlord doubled only) is 8. Capping before doubling
    would pay 16."""
    options = {"doubling": True, "multiplier_cap": 8}
    state = ddz.new_deal(hands=["3S 3H 3D 3C 4S", "5S", "6S"], first_bidder=0, options=options)
    state.apply(bid(3))
    for value in (1, 1, 0):
        state.apply(bid(value, "double"))
    for text in ("3S 3H 3D 3C", "pass", "pass", "4S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    result = known(state.result)
    assert result.multiplier == 4 and result.spring == "spring"
    assert [(p.payer, p.factor, p.points) for p in result.payments] == [(1, 8, 24), (2, 8, 24)]


def test_vd3_cap_bounds_each_payment() -> None:
    hands = ["3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S", "BJ RJ 9S", "7S"]
    state = scripted(hands, landlord=0, options={"multiplier_cap": 8})
    for text in ("3S 3H 3D 3C", "BJ RJ", "pass", "pass", "9S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    assert known(state.result).multiplier == 8 and known(state.result).spring == "anti_spring"
    state = scripted(hands, landlord=0, options={"multiplier_cap": 8})
    for text in ("3S 3H 3D 3C", "pass", "pass", "4S 4H 4D 4C", "pass", "pass"):
        state.apply(PASS) if text == "pass" else play(state, text)
    for text in ("5S 5H 5D 5C", "BJ RJ", "pass", "pass", "9S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    assert known(state.result).multiplier == 16 and known(state.result).spring is None
    assert [p.factor for p in known(state.result).payments] == [8, 8]


def test_options_schema_and_bad_options() -> None:
    schema = ddz.options_schema()
    assert (
        schema["bidding"]["allowed"] == ["points", "rob"]
        and schema["bidding"]["default"] == "points"
    )
    assert schema["doubling"]["default"] is False
    assert schema["multiplier_cap"]["allowed"] == [0, 8, 16, 32, 64]
    with pytest.raises(BadOptionError):
        ddz.new_deal(seed=1, options={"multiplier_cap": 10})
    with pytest.raises(BadOptionError):
        ddz.new_match(seed=1, options={"rob": True})
    assert ddz.new_deal(seed=1).options["bidding"] == "points"


def test_bad_arguments() -> None:
    with pytest.raises(BadArgumentError):
        ddz.new_deal(hands=["3S 3S", "4S", "5S"])
    with pytest.raises(BadArgumentError):
        ddz.new_deal(seed=1, kitty="3S 4S 5S")
    with pytest.raises(BadArgumentError):
        ddz.new_deal(hands=["3S", "4S", "5S"], landlord=0, base=4)


# --- D1.3 sessions, and random deals against invariants ------------------------------------------


def test_d1_3_session_running_totals_and_first_bidders() -> None:
    match = ddz.new_match(seed=21)
    rng = random.Random(0)
    firsts = []
    for _ in range(6):
        firsts.append(match.state.first_bidder)
        while not match.state.is_terminal:
            match.state.apply(rng.choice(match.state.legal_actions()))
        match.advance()
    assert all((b - a) % 3 == 1 for a, b in zip(firsts, firsts[1:], strict=False))  # D2.3
    assert sum(match.totals.values()) == 0 and not match.is_over
    for seat in range(3):
        assert match.totals[seat] == sum(r.settlement[seat] for r in match.results)
    with pytest.raises(IllegalActionError) as info:
        match.advance()
    assert info.value.reason == "deal_not_over"


@pytest.mark.parametrize(
    "options", [{}, {"bidding": "rob", "doubling": True, "multiplier_cap": 16}]
)
def test_random_deals_keep_the_invariants(options: dict[str, object]) -> None:
    """Random legal play from many seeds: cards are conserved, every listed action applies and
    is found again from its cards, the multiplier counts the bombs, payments sum to zero."""
    for seed in range(40):
        rng = random.Random(seed)
        state = ddz.new_deal(seed=seed, options=options)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            action = rng.choice(legal)
            if action.cards:
                assert action in state.actions_for(list(action.cards))
            if state.stage == ddz.PLAY and state.last_play is None:
                assert PASS not in legal
            state.apply(action)
            held = [c for s in range(3) for c in state.hand(s)]
            played = [c for s in range(3) for c in state.view(0).played[s]]
            kitty = [] if state.landlord is not None else list(state.kitty)
            assert Counter(held + played + kitty) == Counter(single_pack())
        result = known(state.result)
        bombs = len(
            [r for r in state.log if r.action.kind == "play" and known(r.action.combo).is_bomb]
        )
        assert result.bombs + result.rockets == bombs
        assert sum(result.settlement) == 0
        assert len({result.settlement[s] for s in range(3) if s != result.landlord}) <= 2


def test_views_hide_hands_and_the_kitty() -> None:
    state = ddz.new_deal(seed=8, first_bidder=0)
    view = state.view(0)
    assert view.kitty is None and view.hand == tuple(state.hand(0))
    assert format_cards(view.hand) and view.hand_counts == (17, 17, 17)
    assert "kitty" not in {r.action.kind for r in view.log}


# --- the state protocol, checked by the contract test's own helpers ---------------------------

SPEC = GameSpec(
    id="doudizhu",
    seats=3,
    teams=((0,), (1,), (2,)),
    rules_path="game.games.doudizhu.rules",
    heuristic_path="game.ai.random_bot:RandomBot",
    search_path="game.games.doudizhu.search:HOOKS",
    sort_key_path="",
    table_view_path="",
    outcome_unit="points",
    pack_path="game.rules.cards:single_pack",
)


@pytest.mark.parametrize("options", [{}, {"bidding": "rob", "doubling": True}])
def test_contract_playouts_and_replay(options: dict[str, object]) -> None:
    """tests/test_contract.py's checks before the game has its registry entry: every listed
    action applies on a clone, refusals change nothing, views, returns; and a session replays
    from its seed and the non-auto actions (autosave, crash replay)."""
    for seed in range(3):
        match = ddz.new_match(seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(2):
            contract.play_out(SPEC, match.state, rng)
            contract.check_finished(SPEC, match.state)
            match.advance()
    rng = random.Random(7)
    match = ddz.new_match(seed=11)
    deals = []
    while not match.state.is_terminal:
        match.state.apply(rng.choice(match.state.legal_actions()))
    deals.append(non_auto_actions(match.state))
    match.advance()
    for _ in range(9):
        match.state.apply(rng.choice(match.state.legal_actions()))
    deals.append(non_auto_actions(match.state))
    again = replay_match(ddz, 11, deals)
    assert contract.fingerprint(again.state, 3) == contract.fingerprint(match.state, 3)


def test_each_seat_measures_its_own_settlement() -> None:  # D5.3
    """The statistics' Dou Dizhu measure of a seat is its own net points, by its role: the
    landlord's and the peasants' sum to zero and a peasant's sign is not the landlord's."""
    from game import registry

    spec = registry.get("doudizhu")
    hands = ["3S 3H 3D 3C 4S 4H 4D 4C 5S", "BJ RJ 9S", "6S"]
    state = scripted(hands, landlord=0)
    for text in ("3S 3H 3D 3C", "BJ RJ", "pass", "pass", "9S"):
        state.apply(PASS) if text == "pass" else play(state, text)
    measured = [spec.measure(state, seat) for seat in range(3)]
    assert measured[0] == {"points_landlord": float(known(state.result).settlement[0])}
    # The landlord made one play only: the peasants' anti-spring, a record of theirs (D5.2).
    assert known(state.result).spring == "anti_spring"
    for seat in (1, 2):
        points = float(known(state.result).settlement[seat])
        assert measured[seat] == {"points_peasant": points, "spring": 1.0}
    assert sum(next(iter(m.values())) for m in measured) == 0
    assert measured[0]["points_landlord"] < 0 < measured[1]["points_peasant"]
