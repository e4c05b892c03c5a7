"""Shengji: random full deals and matches checked against the state protocol and S1–S5.

Seeded random play (OpenSpiel random_sim_test style): cards are conserved (S2.1), only legal
actions are listed and every one is accepted, points add up (S5.1), clones and logs replay
identically, views hide what they must, sampled states agree with views, matches end (S1.3).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from game.games.shengji.rules import (
    REASONS,
    Trump,
    canon_cards,
    is_legal_follow,
    legal_follows,
    new_deal,
    new_match,
    points_of,
    replay,
    sample_state,
    trick_winner,
)
from game.rules.base import Action
from game.rules.cards import RANKS, Card, double_pack
from game.rules.errors import IllegalActionError

DOUBLE_PACK = Counter(double_pack())


def all_cards(state) -> Counter[Card]:
    """Every card of the deal wherever it is: hands, kitty, tricks, current trick."""
    cards: Counter[Card] = Counter()
    for seat in range(4):
        cards.update(state.hands[seat])
    cards.update(state.kitty)
    for trick in state.tricks:
        for _, play in trick.plays:
            cards.update(play)
    for _, play in state.trick:
        cards.update(play)
    return cards


def check_actions(state, rng, try_all: bool) -> None:
    actions = state.legal_actions()
    assert actions, "a live state always has an action"
    keys = [(a.kind, a.cards) for a in actions]
    assert len(set(keys)) == len(keys), "no duplicate actions"
    for action in actions:
        assert state.explain(action.cards) is None, action
        # the UI's path: the same cards give back the same action
        assert action in state.actions_for(action.cards), action
        if state.phase == "play":
            assert action.cards == canon_cards(action.cards, state.trump)
    if try_all:
        for action in actions:
            copy = state.clone()
            copy.apply(action)  # every listed action is accepted
    # Another seat's view never shows this seat's hand.
    other = (state.current_player + 1) % 4
    assert state.view(other).hand == tuple(state.hand(other))


def play_random_deal(seed: int, *, checks: bool, try_all: bool = False):
    rng = random.Random(seed)
    dealer: dict[str, Any] = rng.choice([{"dealer": rng.randrange(4)}, {}])
    state = new_deal(seed=seed, **dealer)
    steps = 0
    while not state.is_terminal:
        if checks:
            assert all_cards(state) == DOUBLE_PACK
            check_actions(state, rng, try_all and steps % 7 == 0)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert all_cards(state) == DOUBLE_PACK
    return state


def test_random_deals_keep_the_invariants():
    for seed in range(300):
        state = play_random_deal(seed, checks=seed < 40, try_all=seed < 8)
        result = state.result
        # S5.1 attackers' + defenders' points = 200 before the kitty bonus
        assert result.trick_points + result.defender_points == 200
        assert sum(t.points for t in state.tricks) + points_of(state.kitty) == 200
        assert sum(len(t.plays[0][1]) for t in state.tricks) == 25 and len(state.kitty) == 8
        assert all(len({len(p) for _, p in t.plays}) == 1 for t in state.tricks)  # S4.1
        assert all(not hand for hand in state.hands)
        # S5.2 the bonus only when the attackers win the last trick
        attackers_won_last = state.tricks[-1].winner % 2 == result.attackers
        expected_bonus = result.kitty_points * result.kitty_multiplier if attackers_won_last else 0
        assert result.kitty_bonus == expected_bonus
        assert result.kitty_multiplier == 2 * len(state.tricks[-1].plays[0][1])
        # the winner of each trick leads the next (S4.5)
        for before, after in itertools.pairwise(state.tricks):
            assert after.leader == before.winner
            assert (
                before.winner
                == before.plays[trick_winner([p for _, p in before.plays], state.trump)][0]
            )


def test_clones_replay_identically():
    for seed in range(20):
        rng = random.Random(seed)
        state = new_deal(seed=seed)
        cut = rng.randrange(40, 90)
        for _ in range(cut):
            state.apply(rng.choice(state.legal_actions()))
        copy = state.clone()
        actions = []
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply(action)
        assert copy.phase != "over" and copy.result is None  # the clone did not move
        for action in actions:
            copy.apply(action)
        assert copy.result == state.result
        assert copy.log == state.log


def test_logs_replay_from_the_seed():
    for seed in range(10):
        state = play_random_deal(seed, checks=False)
        again = replay(state)
        assert again.result == state.result and again.log == state.log


def test_illegal_actions_change_nothing():
    rng = random.Random(5)
    state = new_deal(seed=5)
    refused = 0
    while not state.is_terminal:
        assert state.current_player is not None
        hand = state.hand(state.current_player)
        legal = {a.cards for a in state.legal_actions()}
        for _ in range(5):
            guess = tuple(rng.sample(hand, min(len(hand), rng.choice((1, 2, 4, 8)))))
            kind = {"declare": "declare", "bury": "bury", "play": "play"}[state.phase]
            if state.explain(guess) is None or canon_cards(guess, state.trump) in legal:
                continue
            before = (state.phase, state.current_player, len(state.log), all_cards(state))
            with pytest.raises(IllegalActionError) as info:
                state.apply(Action(kind, guess))
            assert info.value.reason in REASONS
            assert f"seat {state.current_player}" in str(info.value)
            assert before == (state.phase, state.current_player, len(state.log), all_cards(state))
            refused += 1
        state.apply(rng.choice(state.legal_actions()))
    assert refused > 20


def test_random_matches_end():
    for seed in range(6):
        rng = random.Random(seed)
        match = new_match(seed=seed)
        deals = 0
        while not match.is_over:
            state = match.state
            if match.deal_index == 0:
                assert state.level == "2"
            else:  # S2.2: a later deal has its dealer (S5.3) from the start
                assert state.dealer is not None
                assert state.level == match.levels[state.dealer % 2]
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
            before = dict(match.levels)
            match.advance()
            deals += 1
            assert all(RANKS.index(match.levels[t]) >= RANKS.index(before[t]) for t in (0, 1))
            assert deals < 400
        assert match.winner in (0, 1) and len(match.results) == deals
        last = match.results[-1]
        assert last.winning_team == match.winner and last.levels_gained >= 1


def test_match_clone_and_seed_determine_the_match():
    def play(match, rng, deals):
        for _ in range(deals):
            while not match.state.is_terminal:
                match.state.apply(rng.choice(match.state.legal_actions()))
            match.advance()

    match = new_match(seed=31)
    play(match, random.Random(1), 2)
    again = new_match(seed=31)
    play(again, random.Random(1), 2)  # same seed, same actions: the same match
    assert again.levels == match.levels and again.results == match.results
    assert [again.state.hand(s) for s in range(4)] == [match.state.hand(s) for s in range(4)]
    copy = match.clone()
    assert [copy.state.hand(s) for s in range(4)] == [match.state.hand(s) for s in range(4)]
    rng = random.Random(2)
    while not copy.state.is_terminal:
        copy.state.apply(rng.choice(copy.state.legal_actions()))
    assert not match.state.is_terminal and match.state.log == []  # the original did not move
    copy.advance()
    assert copy.is_over or copy.deal_index == match.deal_index + 1
    assert len(match.results) == 2 and len(copy.results) == 3


# --- S4.4: the listed follows against brute force ---------------------------------------------


def shape(play, trump, lead_suit):
    groups: dict[str, Counter[Card]] = {}
    for card in play:
        groups.setdefault(trump.effective_suit(card), Counter())[card] += 1
    return frozenset(
        (suit, sum(c.values()), sum(v // 2 for v in c.values())) for suit, c in groups.items()
    )


def brute_force_follows(hand, lead, trump):
    plays = set()
    for combo in itertools.combinations(range(len(hand)), len(lead)):
        play = [hand[i] for i in combo]
        if is_legal_follow(hand, lead, play, trump):
            plays.add(canon_cards(play, trump))
    return plays


def random_follow_position(rng):
    level = rng.choice(RANKS)
    trump = Trump(level, rng.choice(["S", "H", "D", "C", None]))
    deck = double_pack()
    rng.shuffle(deck)
    leader, deck = deck[:25], deck[25:]
    state_hand = deck[: rng.choice((8, 10, 12))]
    # Leads: prefer pairs and tractors, so that S4.4's pair rule is exercised.
    counts = Counter(leader)
    by_suit: dict[str, list[Card]] = {}
    for card, count in counts.items():
        if count == 2:
            by_suit.setdefault(trump.effective_suit(card), []).append(card)
    leads = [[c] for c in leader] + [[c, c] for cs in by_suit.values() for c in cs]
    for suit_cards in by_suit.values():
        ordered = sorted(suit_cards, key=trump.step)
        for a, b in itertools.pairwise(ordered):
            if trump.step(b) == trump.step(a) + 1:
                leads += [[a, a, b, b]] * 4
    lead = rng.choice(leads)
    # Bias the follower's hand towards the led suit.
    suit = trump.effective_suit(lead[0])
    if rng.random() < 0.3:
        # void or short in the led suit: the fill is free, the grouping is exercised
        rest = [c for c in deck if trump.effective_suit(c) != suit]
        hand = rest[:11] + [c for c in deck if trump.effective_suit(c) == suit][: rng.randrange(2)]
        return trump, lead, hand
    extra = [c for c in deck[12:] if trump.effective_suit(c) == suit][: rng.randrange(0, 5)]
    hand = (state_hand + extra)[:12]
    return trump, lead, hand


def test_s4_4_listed_follows_match_brute_force():
    rng = random.Random(2024)
    exact = grouped = 0
    for _ in range(250):
        trump, lead, hand = random_follow_position(rng)
        listed = legal_follows(hand, lead, trump)
        assert len(set(listed)) == len(listed)
        truth = brute_force_follows(hand, lead, trump)
        assert set(listed) <= truth, "only legal follows are listed"
        if len(truth) <= 120:
            assert set(listed) == truth
            exact += 1
        else:
            grouped += 1
            lead_suit = trump.effective_suit(lead[0])
            assert {shape(p, trump, lead_suit) for p in listed} == {
                shape(p, trump, lead_suit) for p in truth
            }
            winners = {p for p in truth if trick_winner([lead, list(p)], trump) == 1}
            assert winners <= set(listed), "every play that can win is listed"
    assert exact > 100 and grouped > 0


def test_s4_4_tractor_lead_void_hand_groups_by_shape():
    trump = Trump("2", "H")
    hand = "3H 3H 4H 4H 9H KH AD AD KD QD JD TD 9D 8D 8D 7D 5S 6S 7S 9S JS QS KS AS AS"
    listed = legal_follows(hand, "5C 5C 6C 6C", trump)
    texts = {" ".join(map(str, p)) for p in listed}
    assert "4H 4H 3H 3H" in texts  # the trumping tractor
    assert all(is_legal_follow(hand, "5C 5C 6C 6C", p, trump) for p in listed)
    assert any(Counter(p)[Card("8", "D")] == 2 for p in listed)  # a discarded pair
    assert len(listed) < 400


# --- views and sampling -----------------------------------------------------------------------


def test_sample_state_agrees_with_the_view():
    rng = random.Random(77)
    checked = 0
    for seed in range(25):
        state = new_deal(seed=seed)
        stops = sorted(rng.sample(range(1, 110), 3))
        step = 0
        while not state.is_terminal:
            if step in stops or state.phase == "bury":
                for seat in range(4):
                    view = state.view(seat)
                    sample = sample_state(view, random.Random(seed * 10 + seat))
                    assert sample.view(seat) == view
                    assert all_cards(sample) == DOUBLE_PACK
                    for other in range(4):
                        assert len(sample.hand(other)) == len(state.hand(other))
                        if state.trump is not None:
                            suits = {state.trump.effective_suit(c) for c in sample.hand(other)}
                            assert not suits & view.voids[other]
                    for d in view.declarations:
                        held = Counter(sample.hand(d.seat)) + Counter(sample.kitty)
                        plays = [sp for t in view.tricks for sp in t.plays] + list(view.trick)
                        played = Counter(c for s, p in plays if s == d.seat for c in p)
                        for card, n in Counter(d.cards).items():
                            assert held[card] + played[card] >= n or d.seat == seat
                    if state.current_player == seat:
                        assert {a.cards for a in sample.legal_actions()} == {
                            a.cards for a in state.legal_actions()
                        }
                    # a sampled state plays on to the end
                    play_rng = random.Random(seed)
                    while not sample.is_terminal:
                        sample.apply(play_rng.choice(sample.legal_actions()))
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 200


def test_view_of_others_is_counts_only():
    state = new_deal(seed=3, dealer=0)
    view = state.view(2)
    assert view.hand == tuple(state.hand(2))
    assert view.hand_sizes == (25, 25, 25, 25)
    assert view.kitty is None and view.revealed_kitty is None
    text = repr(view)
    for seat in (0, 1, 3):
        assert repr(tuple(state.hand(seat))) not in text
