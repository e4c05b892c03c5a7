"""The card counter (issue 27 item 5) against a brute-force count over random deals: the cards
the player has not seen are exactly those in the other hands (and a kitty buried by someone
else), less the cards the player itself gave away into another hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import registry
from game.rules.cards import Card
from game.scenes.table.view import view_class
from game.table import counter

#: The kinds of the player's own actions whose cards leave its hand unplayed, per game (the
#: same as each table view's ``gives_away``; checked below).
GIVES = {"guandan": ("tribute", "return"), "shengji": ("bury",), "runfast": ()}


def brute_force(state, seat: int, gives: tuple[str, ...], pack: list[Card]) -> Counter[Card]:
    hidden: Counter[Card] = Counter()
    for other in range(len(state.hand_counts)):
        if other != seat:
            hidden.update(state.hand(other))
    # Cards in no hand and never played lie face down (Shengji's kitty, before or after it
    # is taken and buried).
    nowhere = Counter(pack)
    for any_seat in range(len(state.hand_counts)):
        nowhere.subtract(state.hand(any_seat))
    for record in state.log:
        if record.action.kind == "play":
            nowhere.subtract(record.action.cards)
    hidden.update(+nowhere)
    given: Counter[Card] = Counter()
    for record in state.log:
        if record.seat == seat and record.action.kind in gives:
            given.update(record.action.cards)
    hidden.subtract(given)
    return +hidden


@pytest.mark.parametrize("preset", sorted(GIVES))
def test_the_counter_matches_a_brute_force_count(preset):
    spec = registry.get(preset)
    assert view_class(preset).gives_away == GIVES[preset]
    pack = spec.pack()
    rng = random.Random(preset)
    checked = 0
    for deal in range(12):
        match = spec.rules.new_match(seed=rng.randrange(1 << 30))
        for _ in range(rng.randrange(3)):  # later deals too (Guandan's tributes)
            while not match.state.is_terminal:
                match.state.apply(rng.choice(match.state.legal_actions()))
            match.advance()
            if match.is_over:
                break
        state = match.state
        while not state.is_terminal:
            for seat in range(spec.seats):
                hand = state.hand(seat)
                unseen = counter.unseen_cards(pack, hand, state.log, seat, GIVES[preset])
                assert unseen == brute_force(state, seat, GIVES[preset], pack), (deal, seat)
                ranks = counter.by_rank(unseen, pack)
                assert sum(n for _, n in ranks) == sum(unseen.values())
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 500


def test_ranks_are_listed_highest_first_with_zero_counts():
    pack = registry.get("runfast").pack()
    ranks = counter.by_rank(Counter(), pack)
    assert ranks[0] == ("A", 0) and ranks[-1] == ("2", 0) and "RJ" not in dict(ranks)
    assert [r for r, _ in counter.by_rank(Counter(), registry.get("guandan").pack())][:3] == [
        "RJ",
        "BJ",
        "A",
    ]
