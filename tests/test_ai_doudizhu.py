"""The Dou Dizhu heuristic bot (issue 43): bidding, cooperation between the peasants, bombs,
legal and quick decisions; the hidden-card sampling of the search bot."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.games.doudizhu.bot import DoudizhuBot
from game.games.doudizhu.plan import hand_cost, split
from game.games.doudizhu.rules.combos import counts_of
from game.games.doudizhu.strength import bid_for
from game.rules import doudizhu as ddz
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards, single_pack

PASS = Action("pass")
STRONG = "BJ RJ 2S 2H 2D 2C AS AH KS KH QS QH JS TS 9S 8S 7S"
WEAK = "3S 4H 5D 7C 8S 9H JD QC 3H 4D 6C 8D TS JH 5C 6D 9C"


def full_deal(hand: str, **kwargs) -> ddz.DoudizhuState:
    """Seat 0 holds ``hand`` (17 cards); the rest of the pack is dealt in order."""
    mine = parse_cards(hand)
    rest = [card for card in single_pack() if card not in mine]
    return ddz.new_deal(hands=[mine, rest[:17], rest[17:34]], kitty=rest[34:], **kwargs)


def kind_of(action: Action) -> str:
    """The kind of a play's combination (a play has one)."""
    assert action.combo is not None, action
    return action.combo.kind


def choose(state: ddz.DoudizhuState, bot: DoudizhuBot | None = None) -> Action:
    seat = state.current_player
    assert seat is not None
    return (bot or DoudizhuBot()).choose(state.view(seat), state.legal_actions(), random.Random(0))


def apply_all(state: ddz.DoudizhuState, moves: list[str]) -> None:
    for text in moves:
        if text == "pass":
            state.apply(PASS)
        else:
            (action,) = state.actions_for(text)
            state.apply(action)


def test_plan_costs_order_hands() -> None:
    """A sequence is one turn; low singles cost more than high ones; bombs and the rocket
    cost almost nothing; a trio carries a single (D4.1)."""
    straight = counts_of(parse_cards("3S 4S 5S 6S 7S"))
    assert split(tuple(straight)) == (("straight", 4, 5),)
    assert hand_cost(counts_of(parse_cards("3S"))) > hand_cost(counts_of(parse_cards("AS")))
    assert hand_cost(counts_of(parse_cards("BJ RJ"))) < 0.1
    trio = hand_cost(counts_of(parse_cards("9S 9H 9D 3C")))
    assert trio == pytest.approx(hand_cost(counts_of(parse_cards("9S 9H 9D"))))


@pytest.mark.parametrize(("hand", "expected"), [(STRONG, 3), (WEAK, 0)])
def test_bidding_by_hand_strength(hand: str, expected: int) -> None:
    """D2.3: a hand with the rocket and four 2s bids 3; a hand of low cards passes."""
    state = full_deal(hand, first_bidder=0)
    assert choose(state).value == expected  # type: ignore[attr-defined]  # a bid's value (Dou Dizhu's BidAction)
    assert bid_for(parse_cards(hand)) == expected


def test_vd1_and_vd2_choices() -> None:
    state = full_deal(STRONG, first_bidder=0, options={"bidding": "rob", "doubling": True})
    assert choose(state).kind == "call"
    weak = full_deal(WEAK, first_bidder=0, options={"bidding": "rob"})
    assert choose(weak).value == 0  # type: ignore[attr-defined]  # a bid's value (Dou Dizhu's BidAction)
    state.apply(choose(state))
    state.apply(ddz.BidAction.of("bid", 0))
    state.apply(ddz.BidAction.of("bid", 0))
    assert state.stage == ddz.DOUBLE and state.current_player == 0
    assert choose(state).value == 1  # type: ignore[attr-defined]  # a bid's value (Dou Dizhu's BidAction)


def test_a_peasant_lets_the_partners_play_stand() -> None:
    state = ddz.new_deal(hands=["3S 4S KS KH", "9S 5D 5H", "TS 4D 4H 6C 6D"], landlord=0)
    apply_all(state, ["3S", "9S"])
    assert state.current_player == 2 and choose(state) == PASS


def test_the_peasant_before_the_landlord_tops_its_partners_low_answer() -> None:
    # D3.2, issue 56 session 11: the partner's low single (7H) on the landlord's lead is what
    # the landlord, holding 16 cards, beats anyway, so the peasant before it overtakes with its
    # A; a partner's K or higher stands (LET_STAND_LOW, STANDS_FROM in bot.py)
    hands = [
        "3S 4H 5C 6D 7S 8H 9C TD JS QH KC AD 2H 3D 4S 5H 6C",
        "3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS 2D 7D 8D 9H TH",
        "3C 4D 5S 6H 7C 8S 9S TC JD QS KH AH 2S 2C JC QD KS",
    ]
    for answer, expected in (("7H", "AH"), ("KD", "")):
        state = ddz.new_deal(hands=hands, landlord=0)
        apply_all(state, ["4H", answer])
        assert state.current_player == 2
        assert format_cards(choose(state).cards) == expected


def test_a_peasant_feeds_a_partner_with_one_card() -> None:
    state = ddz.new_deal(hands=["3S 4S KS KH", "AH 5S 6S 8S QH QD", "TD"], landlord=0)
    apply_all(state, ["3S", "AH", "pass", "pass"])
    assert state.current_player == 1
    action = choose(state)
    assert kind_of(action) == "single" and format_cards(action.cards) == "5S"


def test_nobody_leads_a_single_into_the_landlords_last_card() -> None:
    state = ddz.new_deal(hands=["3S AS", "4S 5S 7S 7H", "6S 8D 8H"], landlord=0)
    apply_all(state, ["3S", "4S", "pass", "pass"])
    assert state.current_player == 1 and state.hand_counts[0] == 1
    assert kind_of(choose(state)) == "pair"


def test_the_bomb_stops_a_landlord_with_one_card() -> None:
    state = ddz.new_deal(hands=["3S 3H AS", "9S 9H 9D 9C 4D 5D 6C", "TS 4H"], landlord=0)
    apply_all(state, ["3S 3H"])
    assert state.current_player == 1 and state.hand_counts[0] == 1
    assert kind_of(choose(state)) == "bomb"


def test_going_out_beats_everything() -> None:
    """D1.2: a lead that empties the hand is chosen over keeping the straight for later."""
    state = ddz.new_deal(hands=["5S 6S 7S 8S 9S", "3S", "4H"], landlord=0)
    assert kind_of(choose(state)) == "straight"


@pytest.mark.parametrize("options", [{}, {"bidding": "rob", "doubling": True}])
def test_bots_play_legal_and_quick_decisions(options: dict[str, object]) -> None:
    """Normal and Easy in every seat, bidding included; every choice legal. Timings are in
    tools/ddz_vs_rlcard.py, not here (no wall-clock assertion)."""
    bots = [DoudizhuBot(), DoudizhuBot(noise=0.35), DoudizhuBot()]
    rng = random.Random(5)
    for seed in range(12):
        state = ddz.new_deal(seed=seed, options=options)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)
        assert state.result is not None
        assert sum(state.result.settlement) == 0


@pytest.mark.parametrize("options", [{}, {"bidding": "rob", "doubling": True}])
def test_sample_state_keeps_what_the_seat_knows(options: dict[str, object]) -> None:
    """Hard's samples: the same view for the seat, the same multiplier and turn, the whole
    pack, and the landlord keeps the unplayed kitty cards (D2.5)."""
    for seed in range(25):
        rng = random.Random(seed)
        state = ddz.new_deal(seed=seed, options=options)
        while not state.is_terminal:
            for seat in range(3):
                view = state.view(seat)
                sample = ddz.sample_state(view, rng)
                assert sample.view(seat) == view
                assert sample.multiplier == state.multiplier
                if seat == state.current_player:
                    assert sample.legal_actions() == state.legal_actions()
                held = [c for s in range(3) for c in sample.hand(s)]
                played = [c for s in range(3) for c in view.played[s]]
                kitty = [] if sample.landlord is not None else list(sample.kitty)
                assert Counter(held + played + kitty) == Counter(single_pack())
                if state.landlord is not None and seat != state.landlord:
                    unplayed = set(state.kitty) - set(view.played[state.landlord])
                    assert unplayed <= set(sample.hand(state.landlord))
            state.apply(rng.choice(state.legal_actions()))


def test_the_peasants_share_the_defence_by_seat() -> None:
    """The peasant right after the landlord answers its single low; the one before the
    landlord, its partner having passed, stops it high (the bot module's defence shares)."""
    landlord = "8S 3D 3H 6D 6H TC TD"
    state = ddz.new_deal(hands=[landlord, "5D 9C KS 7C 7H", "9H JD AS 4C 4H"], landlord=0)
    apply_all(state, ["8S"])
    assert format_cards(choose(state).cards) == "9C"  # low: the partner still plays after
    state = ddz.new_deal(hands=[landlord, "3C 4S 5S 7D 7S", "9H JD AS 4C 4H"], landlord=0)
    apply_all(state, ["8S", "pass"])
    # the heuristic's own rule: Normal's end-game search reads a landlord that leads an 8 over
    # two low pairs as holding none, and may choose otherwise (docs/doudizhu-notes.md)
    heuristic = DoudizhuBot(endgame=False)
    assert format_cards(choose(state, heuristic).cards) == "AS"  # high: the landlord plays next


def test_four_of_a_kind_is_kept_as_a_bomb() -> None:
    """D4.3 four-with-two exists, but a lead does not spend the bomb of 2s on two low singles."""
    state = ddz.new_deal(
        hands=["3C 7S 2S 2H 2D 2C 9D 9C KD", "4S 5S 6H 8H TH JD QS", "4H 5H 6C 8D TD JC QH"],
        landlord=0,
    )
    assert not kind_of(choose(state)).startswith("four_two")
