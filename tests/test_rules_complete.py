"""Legal-action lists are complete (issue 33, "Test gaps to close"): on small random hands,
every subset of the hand that the rules accept (``actions_for``) is listed by
``legal_actions()``, and every listed action is accepted, for leads and follows of every game.

Guandan and Run Fast list one concrete card choice per meaning, so they are compared by meaning
(kind, main rank, size); Shengji lists exact card sets while a follow has at most
``FOLLOW_EXACT_LIMIT`` of them (always, with these hand sizes), so it is compared card for card.
Hands are dealt from small rank windows so that pairs, runs, tractors (S4.3, off-suit level
pairs included), wild cards (G2.2) and the opening play with 3H (R2.2) come up often. The same
walk checks that a state that is not over always has a legal action. A longer run is marked slow.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

import pytest

from game.rules import guandan as gd
from game.rules import runfast as rf
from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import RANKS, SUITS, Card, double_pack
from game.rules.runfast import runfast_pack

ROUNDS = 24  # random positions per game and kind of turn in the quick suite
SLOW_ROUNDS = 300


def submultisets(hand: list[Card], sizes: range | None = None) -> list[list[Card]]:
    """Every distinct sub-multiset of ``hand`` (optionally only of the given sizes)."""
    counts = sorted(Counter(hand).items(), key=lambda item: item[0].index)
    out = []
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        chosen = [card for (card, _), k in zip(counts, picks, strict=True) for _ in range(k)]
        if chosen and (sizes is None or len(chosen) in sizes):
            out.append(chosen)
    return out


def check_complete(
    state: Any,
    hand: list[Card],
    key: Callable[[Action], Hashable],
    sizes: range | None = None,
) -> None:
    """Accepted subsets (through ``actions_for``) and listed actions agree, compared by ``key``."""
    listed = [a for a in state.legal_actions() if a.cards]
    accepted: set[Hashable] = set()
    for cards in submultisets(hand, sizes):
        for action in state.actions_for(cards):
            accepted.add(key(action))
    listed_keys = {key(a) for a in listed}
    where = f"{state!r} hand {' '.join(map(str, hand))}"
    assert accepted - listed_keys == set(), f"accepted but not listed: {where}"
    assert listed_keys - accepted == set(), f"listed but not accepted: {where}"
    for action in listed:  # a listed action is accepted with its own cards
        assert key(action) in {key(a) for a in state.actions_for(list(action.cards))}, where


def meaning(action: Action) -> Hashable:
    combo = action.combo
    assert combo is not None  # a play has its meaning
    return (action.kind, combo.kind, combo.rank, len(action.cards))


def card_set(action: Action) -> Hashable:
    return (action.kind, tuple(sorted(card.index for card in action.cards)))


def assert_playable(state: Any) -> None:
    """A deal that is not over always offers its player something to do."""
    assert state.is_terminal or state.legal_actions(), repr(state)


# --- Guandan (G4, G5) ---------------------------------------------------------------------


def guandan_position(rng: random.Random, lead: bool) -> tuple[Any, list[Card]]:
    """Four small hands from a five-rank window (with the level's wild hearts) and, for a
    follow, a random legal lead by seat 0 first."""
    level = rng.choice(RANKS)
    start = rng.randrange(len(RANKS) - 4)
    window = set(RANKS[start : start + 5]) | {level}
    pool = [c for c in double_pack() if c.rank in window or (c.is_joker and rng.random() < 0.3)]
    rng.shuffle(pool)
    sizes = [rng.randint(6, 9) for _ in range(4)]
    hands, at = [], 0
    for size in sizes:
        hands.append(pool[at : at + size])
        at += size
    state = gd.new_deal(seed=rng.randrange(1 << 30), hands=hands, level=level, leader=0)
    if not lead:
        state.apply(rng.choice(state.legal_actions()))
    assert_playable(state)
    assert state.current_player is not None
    return state, state.hand(state.current_player)


@pytest.mark.parametrize("lead", [True, False], ids=["lead", "follow"])
def test_guandan_legal_actions_are_complete(lead: bool) -> None:  # G4.2, G4.4, G5
    rng = random.Random(33 + lead)
    for _ in range(ROUNDS):
        state, hand = guandan_position(rng, lead)
        check_complete(state, hand, meaning)
        if not lead:  # G4.2: a follower may always pass
            assert Action("pass") in state.legal_actions()


# --- Run Fast (R2.2, R3, R4) --------------------------------------------------------------


def runfast_position(rng: random.Random, plies: int) -> tuple[Any, list[Card]]:
    """Three small pair-rich hands from a six-rank window with 3H (and often another 3) in
    one of them, then ``plies`` random legal actions (0: the opening play, R2.2)."""
    # A window of Run Fast ranks (3 .. 2); the opening play's runs start at 3, so its window does.
    start = 0 if plies == 0 or rng.random() < 0.3 else rng.randint(1, 7)
    window = list(rf.ORDER[start : start + 6])
    by_rank: dict[str, list[Card]] = {}
    for card in runfast_pack():
        if card != Card("3", "H"):
            by_rank.setdefault(card.rank, []).append(card)
    for cards in by_rank.values():
        rng.shuffle(cards)
    hands: list[list[Card]] = [[], [], []]
    opener = rng.randrange(3)
    hands[opener].append(Card("3", "H"))
    if rng.random() < 0.7:
        hands[opener].append(by_rank["3"].pop())
    for hand in hands:
        size = rng.randint(5, 9)
        while len(hand) < size and any(by_rank[rank] for rank in window):
            group = by_rank[rng.choice(window)]
            for _ in range(min(len(group), rng.choice((1, 2, 2)))):
                hand.append(group.pop())
    state = rf.new_deal(seed=rng.randrange(1 << 30), hands=hands)
    for _ in range(plies):
        assert_playable(state)
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return runfast_position(rng, plies)
    assert_playable(state)
    assert state.current_player is not None
    return state, list(state.hands[state.current_player])


@pytest.mark.parametrize("plies", [0, 1, 2, 5], ids=["opening", "follow", "second", "later"])
def test_runfast_legal_actions_are_complete(plies: int) -> None:  # R2.2, R3.3, R3.4, R4
    rng = random.Random(330 + plies)
    for _ in range(ROUNDS):
        state, hand = runfast_position(rng, plies)
        check_complete(state, hand, meaning)
        plays = [a for a in state.legal_actions() if a.kind == "play"]
        assert (state.legal_actions() == [Action("pass")]) == (not plays)  # R3.4


# --- Shengji (S4.2–S4.4) ------------------------------------------------------------------


def shengji_position(rng: random.Random, lead: bool) -> tuple[Any, list[Card]]:
    """Small hands rich in pairs of level cards, aces, kings and jokers; the trump comes from
    the revealed kitty (S2.5) or, one time in five, a declared joker pair (no-trump). For a
    follow, seat 0 leads a random legal lead (tractors preferred) first."""
    level = rng.choice(RANKS)
    size = rng.randint(7, 10)
    no_trump = rng.random() < 0.2
    deck = Counter(double_pack())
    rich = [c for c in deck if c.rank in {level, "A", "K", "Q"} or c.is_joker]

    def take(card: Card) -> None:
        deck[card] -= 1

    hands: list[list[Card]] = [[], [], [], []]
    if no_trump:
        hands[0] += [Card("BJ"), Card("BJ")]
        take(Card("BJ"))
        take(Card("BJ"))
    for seat in (0, 1):
        while len(hands[seat]) < size:
            card = rng.choice(rich)
            pair = len(hands[seat]) + 2 <= size and rng.random() < 0.7 and deck[card] == 2
            for _ in range(2 if pair else 1 if deck[card] else 0):
                hands[seat].append(card)
                take(card)
    rest = list(deck.elements())
    rng.shuffle(rest)
    if not no_trump:  # keep joker pairs away from the undeclaring seats' decisions
        suit = rng.choice(SUITS)
        first = next(c for c in rest if c.suit == suit)
        rest.remove(first)
        rest.insert(0, first)
        kitty, rest = rest[:8], rest[8:]
    else:
        kitty, rest = rest[:8], rest[8:]
    hands[2], hands[3] = rest[:size], rest[size : 2 * size]
    state = sj.new_deal(
        seed=rng.randrange(1 << 30), hands=hands, kitty=kitty, level=level, dealer=0
    )
    while state.phase == "declare":
        if no_trump and state.current_player == 0 and not state.declarations:
            state.apply(Action("declare", (Card("BJ"), Card("BJ"))))
        else:
            state.apply(Action("pass"))
    (bury,) = state.actions_for(list(kitty) if not no_trump else state.hand(0)[-8:])
    state.apply(bury)
    assert state.phase == "play" and state.current_player == 0
    if not lead:
        leads = state.legal_actions()
        shaped = [a for a in leads if a.combo is not None and a.combo.kind != "single"]
        state.apply(rng.choice(shaped if shaped and rng.random() < 0.8 else leads))
    assert_playable(state)
    return state, state.hand(state.current_player)


@pytest.mark.parametrize("lead", [True, False], ids=["lead", "follow"])
def test_shengji_legal_actions_are_complete(lead: bool) -> None:  # S4.2, S4.3, S4.4
    rng = random.Random(3300 + lead)
    for _ in range(ROUNDS * 2):
        state, hand = shengji_position(rng, lead)
        sizes = None if lead else range(state.lead.length, state.lead.length + 1)
        check_complete(state, hand, card_set, sizes)


@pytest.mark.slow
def test_legal_actions_are_complete_long_run() -> None:
    rng = random.Random(3333)
    for _ in range(SLOW_ROUNDS):
        for lead in (True, False):
            check_complete(*guandan_position(rng, lead), meaning)
            state, hand = shengji_position(rng, lead)
            sizes = None if lead else range(state.lead.length, state.lead.length + 1)
            check_complete(state, hand, card_set, sizes)
        check_complete(*runfast_position(rng, rng.choice((0, 1, 3))), meaning)
