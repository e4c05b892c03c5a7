"""Which throws Shengji's Normal leads with house rule VS4 on (issue 58, fourth and fifth
rounds): not a large trump throw before its last lead (it spends at once the trumps that regain
the lead), none at all when attacking, nor a large pointless throw as the deal's first lead;
the partner's standing throw gets the follower's points (docs/ai-notes.md)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.games.shengji import throw_plan
from game.games.shengji.bot import ShengjiBot
from game.games.shengji.rules import ShengjiState
from game.games.shengji.throw_plan import is_throw
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards
from game.rules.shengji import new_deal
from tests.test_ai_shengji_throws import KITTY, ON, opened

# Level 2, hearts trump (opened()): seat 0 holds a joker tractor and 2H, which no card beats.
TRUMP_THROW = ["RJ RJ BJ BJ 2H 5C", "QS QS 9S 4S 5D 6D", "JS 8S 3D 7D 8C 9C", "TS 7S 5S 6S JD QD"]


def lead_of(state: ShengjiState) -> str:
    action = ShengjiBot().choose(state.view(0), state.legal_actions(), random.Random(1))
    return format_cards(action.cards)


def test_no_trump_throw_over_the_limit_before_the_last_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # VS4.1, VS4.3
    """`RJ RJ BJ BJ 2H` must stand (VS4.3), yet Normal leads the tractor alone and keeps 2H;
    without the limit (the third round's bot) it throws all five."""
    assert throw_plan.TRUMP_THROW_CARDS < 5
    assert lead_of(opened(TRUMP_THROW)) == "RJ RJ BJ BJ"
    monkeypatch.setattr(throw_plan, "TRUMP_THROW_CARDS", 99)
    monkeypatch.setattr(throw_plan, "FIRST_THROW_CARDS", 99)  # no point card: see below
    assert lead_of(opened(TRUMP_THROW)) == "RJ RJ BJ BJ 2H"


def test_a_small_trump_throw_and_the_whole_hand_are_still_offered() -> None:  # VS4.1
    state = opened(TRUMP_THROW)
    view = state.view(0)
    judge = throw_plan.ThrowJudge(view, ShengjiBot().unseen(view), {})
    small, large = state.actions_for("RJ RJ BJ")[0], state.actions_for("RJ RJ BJ BJ 2H")[0]
    assert is_throw(small) and is_throw(large)
    offered = throw_plan.with_throws(view, [*state.legal_actions(), small], judge, True)
    assert small in offered and large not in offered
    last = dataclasses.replace(view, hand=large.cards)  # the whole hand: its last lead
    assert large in throw_plan.with_throws(last, [large], judge, True)


def test_no_trump_throw_by_the_attackers_before_their_last_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # VS4.1, VS4.3
    """Dealer seat 1, so seat 0 attacks; it wins trick 1 with AC and leads. `RJ RJ BJ` must
    stand (VS4.3: no pair above RJ RJ, both RJ in its hand), yet an attacker leads the pair
    alone and keeps BJ; the fourth round's bot (trump throws of 4 cards for both sides) threw
    all three. The defenders' small trump throw stays allowed."""
    hands = [
        "RJ RJ BJ 5S 6S 7D AC",
        "3C 4S 8S 9S TS JD QD",
        "4C 9D TD 3S 3D 4D 5D",
        "5C 8D 9C TC JC QC KC",
    ]
    state = new_deal(hands=hands, kitty=KITTY, dealer=1, options=ON)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for card in ("3C", "4C", "5C", "AC"):
        state.apply(state.actions_for(card)[0])
    assert state.current_player == 0 and state.view(0).attackers == 0
    assert lead_of(state) == "RJ RJ"
    monkeypatch.setattr(throw_plan, "ATTACK_TRUMP_THROW_CARDS", throw_plan.TRUMP_THROW_CARDS)
    assert lead_of(state) == "RJ RJ BJ"


@pytest.mark.parametrize(
    ("partner", "gives"),
    [
        ("KS 5S 6S 3S JD 3C", "KS 5S 3S"),  # spades left: its points in the suit (S4.4)
        ("TD 5D KC JD KD 3C", "KC KD TD"),  # void in spades: its point cards (VS4.5)
    ],
)
def test_the_partner_gives_points_to_a_standing_throw(partner: str, gives: str) -> None:
    """Seat 0's `AS AS KS` stands (VS4.3) and no opponent is known void in spades: seat 2, its
    partner, gives it points (checked in issue 58's fourth round; no change needed)."""
    hands = ["AS AS KS 3S 4D 5C", "QS QS 9S 4S 5D 6D", partner, "JS 8S 7S 7S 8C 9C"]
    state = opened(hands)
    state.apply(state.actions_for("AS AS KS")[0])
    state.apply(state.actions_for("QS QS 4S")[0])
    action = ShengjiBot().choose(state.view(2), state.legal_actions(), random.Random(1))
    assert format_cards(action.cards) == gives


def test_no_pointless_throw_of_five_or_more_as_the_first_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # VS4.1, VS4.3
    """Level K, hearts trump: `AS AS QS QS` is a tractor (S4.3, K is the level) and JS is
    beaten only by an AS or a QS, all four in seat 0's hand, so `AS AS QS QS JS` must stand.
    As the deal's first lead, with no point card, Normal leads the tractor alone; without the
    rule (the third round's bot) it throws all five."""
    hands = [
        "AS AS QS QS JS 3C 4C 5D 6D 7D",
        "9S 8S 7S 6S 4S 5S 2D 3D 8C 9C",
        "TS 9S 8S 7S 6S 2C 8D 9D TC JC",
        "TS 5S 4S 3S 3S 2S QD JD QC AC",
    ]
    state = new_deal(hands=hands, kitty=KITTY, dealer=0, level="K", options=ON)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    assert lead_of(state) == "AS AS QS QS"
    monkeypatch.setattr(throw_plan, "FIRST_THROW_CARDS", 99)
    assert lead_of(state) == "AS AS QS QS JS"


def test_the_sampled_deals_keep_what_the_view_knows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's deals of a suit's unseen cards (VS4.3): every unseen spade goes to a seat
    that may hold spades while they have room (the rest lies out of their hands), none
    beyond a seat's hand, none to a seat shown void; the seats' shares follow their room."""
    monkeypatch.setattr(throw_plan, "SAMPLES", 600)
    state = new_deal(seed=5, dealer=0, options=ON)
    while state.phase != "play":
        seat = state.current_player
        assert seat is not None
        state.apply(ShengjiBot().choose(state.view(seat), state.legal_actions(), random.Random(1)))
    view = state.view(1)  # not the dealer: the kitty is unseen
    unseen = ShengjiBot().unseen(view)
    trump = view.trump
    assert trump is not None and not trump.is_trump(parse_cards("3S")[0])
    spades = sum(n for c, n in unseen.items() if trump.effective_suit(c) == "S")
    for voids, expect in (({}, (1 / 3, 1 / 3, 1 / 3)), ({3: "S"}, (0.5, 0.0, 0.5))):
        shown = tuple(frozenset(voids.get(s, "")) for s in range(4))
        judge = throw_plan.ThrowJudge(dataclasses.replace(view, voids=shown), unseen, {})
        deals = judge._hands("S")
        assert len(deals) == 600
        seats = [(view.seat + k) % 4 for k in (1, 2, 3)]
        room = sum(view.hand_sizes[s] for s in seats if s not in voids)
        got = [0, 0, 0]
        for deal in deals:
            assert sum(sum(hand.values()) for hand in deal) == min(spades, room)
            for k, hand in enumerate(deal):
                assert sum(hand.values()) <= view.hand_sizes[seats[k]]
                got[k] += sum(hand.values())
        for k in range(3):
            assert abs(got[k] / sum(got) - expect[k]) < 0.04
