"""Shengji blunders (issue 56): positions in card notation where a good player's action is clear,
each asked of Normal and Hard.

Every position is a short scripted deal at level 2: the kitty is revealed, its first suited card
a heart makes hearts trump (S2.5), dealer seat 0 buries it and leads (S2.7); a first trick then
gives the lead to the seat named. The seat deciding plays last to the trick wherever the answer
would depend on a later seat's cards, so the right action does not depend on the unseen cards.

Asking Hard here found that its sampled deals (game/games/shengji/rules/sampling.py) could not be
drawn for a scripted deal of fewer than 108 cards: every hidden card had to fit a hand or the
kitty, and Hard raised. Now, as Guandan's samples do, the cards no one holds are left out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from game.games.shengji.rules import ShengjiState, new_deal
from game.games.shengji.rules.sampling import sample_state
from game.rules.base import Action
from game.rules.cards import format_cards
from tests.blunders import LEVELS, Blunder, check, play

KITTY = "KH KD TC 5C 6C 7C 8C 9C"


def deal(hands: list[str], *plays: str) -> ShengjiState:
    """Dealer seat 0, hearts trump, the kitty buried; then ``plays`` from seat 0's lead on."""
    state = new_deal(hands=hands, kitty=KITTY, dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    for text in plays:
        play(state, text)
    return state


def position(hands: list[str], *plays: str) -> Callable[[], ShengjiState]:
    return lambda: deal(hands, *plays)


CASES = [
    Blunder(
        "feed_partner_master",
        # seat 3 leads 3S, the partner's AS is master, seat 1 follows: seat 2 is last
        position(
            ["3D AS 7D 8D", "4D 4S 9D JD", "6D KS 9S 4C", "AD 3S 5C 6C"],
            "3D",
            "4D",
            "6D",
            "AD",
            "3S",
            "AS",
            "4S",
        ),
        ("KS",),
        "the partner wins the trick: the king's 10 points go to its side (S5.1)",
    ),
    Blunder(
        "no_points_to_opponent",
        # seat 2 leads the master AD; seat 1 is last and cannot win it
        position(
            ["3C 5S 7S 8S", "KD 9D 6D 4C", "AC AD 9S JS", "6C 4D 6S QS"],
            "3C",
            "4C",
            "AC",
            "6C",
            "AD",
            "4D",
            "7S",
        ),
        ("6D",),
        "the trick is lost: the king would give the other side 10 points (S4.4, S5.1)",
    ),
    Blunder(
        "win_point_trick_last",
        position(
            ["AS KS 4S 3D", "TS 6D 7D AD", "3S 9D JD QD", "QS 4D 5D 6S"],
            "3D",
            "AD",
            "9D",
            "4D",
            "TS",
            "3S",
            "QS",
        ),
        ("KS", "AS"),
        "last to play, the king wins the 10 points cheaply; the 4 gives them away (S4.5)",
    ),
    Blunder(
        "ruff_point_trick",
        position(
            ["3H 4H 5H 9D", "TS AD 7D 8D", "KS 3D JD QD", "AS 4D 5D 6S"],
            "9D",
            "AD",
            "JD",
            "4D",
            "TS",
            "KS",
            "AS",
        ),
        ("3H", "4H", "5H"),
        "void in spades and last: any trump takes the 20 points (S4.5, S5.1)",
    ),
    Blunder(
        "no_ruff_over_partner",
        position(
            ["3H 4H KD 6D", "4S AD 8D 9D", "AS 3D JD QD", "5S 5D TD 6S"],
            "6D",
            "AD",
            "JD",
            "5D",
            "4S",
            "AS",
            "5S",
        ),
        ("KD",),
        "the partner's ace wins the trick: trumping it only spends a trump; the king's 10 "
        "points are safe there (S4.5, S5.1)",
    ),
    Blunder(
        "no_joker_on_empty_trick",
        position(
            ["BJ 3H 7C 8C 9S", "3D AS 4S 5S 6S", "4D 7S 8S 9C JS", "6D TS JC QS QC"],
            "9S",
            "AS",
            "JS",
            "QS",
            "3D",
            "4D",
            "6D",
        ),
        ("3H", "7C", "8C"),
        "a trick of no points: the black joker, the second trump of all, is wasted on it (S3.1)",
    ),
    Blunder(
        "no_overtake_partner",
        position(
            ["AS TS 4S 3D", "QD 6S 7S 8D", "KS 3S 9D JD", "7D 8S 9S 5D"],
            "3D",
            "QD",
            "9D",
            "7D",
            "6S",
            "KS",
            "8S",
        ),
        ("TS", "4S"),
        "the partner's king wins the trick: the ace over it wins nothing more (S4.5)",
    ),
    Blunder(
        "lead_master_tractor",
        position(
            [
                "AS AS KS KS 3D 4D 5S 6D",
                "3S 4S 6S 7S 7D 8D 9D TD",
                "8S 9S TS JS JD QD KD AD",
                "QS QS 3C 4C 5D 9C JC QC",
            ]
        ),
        ("AS AS KS KS",),
        "no tractor of spades can beat AAKK: leading it takes four cards' worth (S4.2, S4.3)",
    ),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_no_blunder(case: Blunder, level: str) -> None:
    check("shengji", level, case)


def test_a_scripted_deal_of_few_cards_can_be_sampled() -> None:
    state = deal(["3D AS 7D 8D", "4D 4S 9D JD", "6D KS 9S 4C", "AD 3S 5C 6C"], "3D")
    view = state.view(2)
    for index in range(10):
        sample = sample_state(view, random.Random(index))
        assert [len(sample.hand(seat)) for seat in range(4)] == list(view.hand_counts)
        assert format_cards(sample.hand(2)) == format_cards(state.hand(2))
        held = Counter(card for seat in range(4) for card in sample.hand(seat))
        held.update(card for trick in view.tricks for _, cards in trick.plays for card in cards)
        held.update(card for _, cards in view.trick for card in cards)
        assert max(held.values()) <= 2  # two packs: no card is both held and played twice over
