"""Shengji throws (VS4) in random deals: random play that leads random one-suit sets checked
against invariants: cards conserved (S2.1), trick points + defender points = 200 (VS4.8), the
penalty is 10 per card taken back, a failed throw's revealer really holds a higher component
and nobody before it does (VS4.3, VS4.4, checked by brute force here, not by the engine's
code), nothing a seat sees before a lead depends on the hidden hands, replays fail again."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping

import pytest

from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import Card, double_pack
from tests.test_shengji_random import all_cards

ON = {"throws": True}
PACK = Counter(double_pack())


def random_lead(state: sj.ShengjiState, rng: random.Random) -> Action:
    """Half the time a random set of two or more cards of one effective suit of the hand."""
    seat = state.current_player
    assert seat is not None and state.trump is not None
    by_suit: dict[str, list[Card]] = {}
    for card in state.hand(seat):
        by_suit.setdefault(state.trump.effective_suit(card), []).append(card)
    suits = [cards for cards in by_suit.values() if len(cards) >= 2]
    if not suits or rng.random() < 0.5:
        return rng.choice(state.legal_actions())
    cards = rng.choice(suits)
    chosen = rng.sample(cards, rng.randrange(2, len(cards) + 1))
    actions = state.actions_for(chosen)
    assert len(actions) == 1, state.explain(chosen)  # rules-api: exactly one action
    return actions[0]


def higher_exists(hand: Counter[Card], shape: tuple[Card, ...], trump: sj.Trump) -> bool:
    """Brute force (VS4.3): whether ``hand`` holds a set of ``shape``'s size, of its effective
    suit, that is a single, pair or tractor of the same kind and pairs and a higher step."""
    fmt = sj.lead_format(shape, trump)
    assert fmt is not None and fmt.kind in ("single", "pair", "tractor")
    suit_cards = [c for c in hand.elements() if trump.effective_suit(c) == fmt.suit]
    for combo in set(itertools.combinations(sorted(suit_cards, key=trump.sort_key), len(shape))):
        other = sj.lead_format(combo, trump)
        if other and (other.kind, other.pairs) == (fmt.kind, fmt.pairs) and other.high > fmt.high:
            return True
    return False


def check_hidden_hands_unseen(state: sj.ShengjiState, rng: random.Random) -> None:
    """The same deal with the other three hands redealt among them: the leader sees the same
    legal actions, answers, refusals and view (rules-api: nothing before the throw applies)."""
    seat = state.current_player
    assert seat is not None
    other = state.clone()
    pool = [c for s in range(4) if s != seat for c in Counter(state.hands[s]).elements()]
    rng.shuffle(pool)
    for s in range(4):
        if s != seat:
            size = sum(state.hands[s].values())
            other.hands[s] = dict(Counter(pool[:size]))
            del pool[:size]
    other._changed()
    assert other.legal_actions() == state.legal_actions()
    hand = state.hand(seat)
    for _ in range(4):
        chosen = rng.sample(hand, rng.randrange(1, min(len(hand), 6) + 1))
        assert other.actions_for(chosen) == state.actions_for(chosen)
        mine, theirs = state.explain(chosen), other.explain(chosen)
        assert str(mine) == str(theirs) and getattr(mine, "details", None) == getattr(
            theirs, "details", None
        )
    assert other.view(seat) == state.view(seat)


def play_deal(
    seed: int, options: Mapping[str, object], checks: bool
) -> tuple[sj.ShengjiState, int]:
    """A random deal with random throws; returns it and how many throws failed."""
    rng = random.Random(seed)
    state = sj.new_deal(seed=seed, dealer=rng.randrange(4), options=options)
    failed = 0
    while not state.is_terminal:
        trump = state.trump
        if state.phase == "play" and not state.trick:
            if checks:
                check_hidden_hands_unseen(state, rng)
            seat = state.current_player
            assert seat is not None and trump is not None
            before = [Counter(state.hands[(seat + k) % 4]) for k in (1, 2, 3)]
            action = random_lead(state, rng)
            logged = len(state.log)
            state.apply(action)
            records = state.log[logged:]
            assert records[0].action.cards == action.cards  # the play as attempted
            if len(records) == 2:
                failed += 1
                check_failure(records, before, seat, state, trump)
            else:
                assert state.trick == [(seat, action.cards)]
        else:
            state.apply(rng.choice(state.legal_actions()))
        assert all_cards(state) == PACK
    return state, failed


def check_failure(records, before, seat, state, trump) -> None:
    """VS4.4: the forced component is a component of the throw, the revealer holds a higher
    one, nobody between the leader and the revealer does, and the trick holds only it."""
    attempt, failure = records
    assert failure.auto and failure.action.kind == "throw_failed"
    forced = failure.action.cards
    assert not (Counter(forced) - Counter(attempt.action.cards))
    fmt = attempt.action.combo
    assert fmt.kind == "throw" and sj.lead_format(forced, trump) in fmt.components
    revealer = (failure.seat - seat) % 4 - 1
    assert higher_exists(before[revealer], forced, trump)
    assert not any(higher_exists(before[k], forced, trump) for k in range(revealer))
    assert state.trick == [(seat, forced)]
    taken = Counter(attempt.action.cards) - Counter(forced)
    assert all(state.hands[seat].get(card, 0) >= n for card, n in taken.items())


@pytest.mark.parametrize("options", [ON, {**ON, "tractor_duty": True}])
def test_random_deals_with_throws_keep_the_invariants(options: Mapping[str, object]) -> None:
    failures = 0
    for seed in range(40):
        state, failed = play_deal(seed, options, checks=seed < 6)
        failures += failed
        result = state.result
        assert result is not None
        assert result.trick_points + result.defender_points == 200  # VS4.8
        attackers = result.attackers
        taken = [0, 0]
        for index, record in enumerate(state.log):
            if record.action.kind == "throw_failed":
                attempt = state.log[index - 1]
                assert attempt.seat is not None  # a throw is a seat's play
                taken[attempt.seat % 2] += len(attempt.action.cards) - len(record.action.cards)
        assert result.throw_penalty == 10 * (taken[1 - attackers] - taken[attackers])
        assert result.attacker_points == max(
            0, result.trick_points + result.kitty_bonus + result.throw_penalty
        )
        last = state.tricks[-1].plays[0][1]
        assert state.trump is not None  # a deal played out has its trump
        lead = sj.lead_format(last, state.trump, options)
        assert lead is not None  # the last trick's lead was a legal lead
        size = lead.components[0].length if lead.components else lead.length  # VS4.7
        assert result.kitty_multiplier == sj.kitty_multiplier(size, options)
        again = sj.replay(state)
        assert again.log == state.log and again.result == result  # failed throws fail again
    assert failures > 20  # the deals did test failures


def test_samples_of_a_view_after_throws_agree_with_it() -> None:
    rng = random.Random(3)
    state, _ = play_deal(3, ON, checks=False)
    again = sj.new_deal(**state.deal_args)
    for record in [r for r in state.log if not r.auto][:60]:
        again.apply(record.action)
    for seat in range(4):
        sample = sj.sample_state(again.view(seat), rng)
        assert sample.view(seat).taken_back == again.view(seat).taken_back
        assert sample.hand(seat) == again.hand(seat)
        while not sample.is_terminal:
            sample.apply(rng.choice(sample.legal_actions()))
        assert sample.result is not None


def test_ordinary_leads_play_the_same_with_throws_on_or_off() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        off = sj.new_deal(seed=seed, dealer=seed % 4)
        on = sj.new_deal(seed=seed, dealer=seed % 4, options=ON)
        while not off.is_terminal:
            action = rng.choice(off.legal_actions())
            off.apply(action)
            on.apply(on.actions_for(action.cards)[0] if action.cards else action)
        assert on.log == off.log
        assert on.result is not None and off.result is not None
        assert on.result == off.result
