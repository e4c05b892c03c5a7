"""Guandan blunders (issue 56): positions in card notation where a good player's action is clear,
each asked of Normal and Hard.

A position is a real deal caught late: the four hands are given, and every other card of the two
packs was played before (:func:`deal_at` sheds them as single leads that the others pass), so what
a seat has not seen is exactly what the other seats hold, as at a table. Level 2 unless named: the
2s are level cards and 2H is wild (G2.2, G4.3).

Normal and Hard once played KH here (``stop_last_single``) and 66 (``stop_last_pair``): a play an
opponent on its last cards can beat lets it go out and win the deal (G1.2); Normal now weighs
that (``GuandanBot`` BLOCK_COST, docs/ai-notes.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from game.games.guandan import rules as guandan
from game.games.guandan.rules.combos import level_of
from game.rules.cards import Card, double_pack, parse_cards
from tests.blunders import LEVELS, Blunder, check, play


def _single(state: guandan.State, card: Card) -> bool:
    """Play ``card`` as a single when that is legal now (``actions_for`` lists only legal
    meanings); False when it is not."""
    actions = [a for a in state.actions_for([card]) if getattr(a.combo, "kind", "") == "single"]
    if not actions:
        return False
    state.apply(actions[0])
    return True


def _passes(state: guandan.State, count: int = 3) -> None:
    for _ in range(count):
        play(state, "pass")


def _shed(
    hands: list[list[Card]], extras: list[list[Card]], leader: int, level: str
) -> guandan.State | None:
    """The deal of ``hands`` + ``extras`` after every seat has shed its extras as single leads
    (the others passing), from the seat after ``leader`` round to ``leader``: each hands the lead
    on by leading its lowest extra last, which the next seat beats with its highest. None when
    some single cannot beat the one before it (another split of the extras is tried)."""
    first = (leader + 1) % 4
    deal = [hand + extra for hand, extra in zip(hands, extras, strict=True)]
    state = guandan.new_deal(hands=deal, level=level, leader=first, seed=1)
    lv = level_of(level)
    for k in range(4):
        seat = (first + k) % 4
        mine = sorted(extras[seat], key=lv.card_strength)
        if k and not (mine and _single(state, mine.pop())):  # take the lead
            return None
        if k:
            _passes(state)
        last = [] if seat == leader else mine[:1]
        for card in reversed(mine[len(last) :]):
            if not _single(state, card):
                return None
            _passes(state)
        if last and not _single(state, last[0]):  # the next seat beats it
            return None
    ready = state.current_player == leader and state.last_play is None
    return state if ready else None


def deal_at(hands: list[str | int], leader: int, level: str = "2", seed: int = 1) -> guandan.State:
    """A deal in which the seats hold ``hands`` (notation, or a count of cards drawn at random
    from the rest of the packs) and ``leader`` is to lead; every other card has been played."""
    rng = random.Random(seed)
    rest = Counter(double_pack())
    for hand in hands:
        if isinstance(hand, str):
            rest.subtract(parse_cards(hand))
    pool = sorted(rest.elements(), key=lambda card: card.index)
    rng.shuffle(pool)
    final: list[list[Card]] = []
    for hand in hands:
        if isinstance(hand, str):
            final.append(parse_cards(hand))
        else:
            final.append(pool[:hand])
            pool = pool[hand:]
    for _ in range(200):
        rng.shuffle(pool)
        extras: list[list[Card]] = []
        at = 0
        for cards in final:
            extras.append(pool[at : at + 27 - len(cards)])
            at += 27 - len(cards)
        state = _shed(final, extras, leader, level)
        if state is not None:
            return state
    raise AssertionError("no history sheds these extras")


def position(
    hands: list[str | int], leader: int, *plays: str, level: str = "2"
) -> Callable[[], guandan.State]:
    """:func:`deal_at`, then ``plays`` (notation, or ``pass``) from ``leader`` on."""

    def build() -> guandan.State:
        state = deal_at(hands, leader, level)
        for text in plays:
            play(state, text)
        return state

    return build


def tribute_return() -> guandan.State:
    """Seat 0 came first and seat 3 last: seat 3 paid its red joker (G3.1, G3.3) and seat 0
    returns a card of face 2..10 (G3.5)."""
    hands: list[str | int] = [
        "2S 3S 3D 3C 7S 7D 9C JD JS JC JH QH QS QD KH KC KD AH AD AS AC 5H 5D 5C 5S BJ BJ",
        27,
        27,
        "RJ 3H 4D 7C 9S 9D TH TS TD QC 4S 4H 6C 6H 7H 8D 8S 8C 6S 4C 6D 8H TC 9H 2C 2D KS",
    ]
    pool = Counter(double_pack())
    for hand in (hands[0], hands[3]):
        pool.subtract(parse_cards(str(hand)))
    rest = sorted(pool.elements(), key=lambda card: card.index)
    random.Random(3).shuffle(rest)
    deal = [parse_cards(str(hands[0])), rest[:27], rest[27:54], parse_cards(str(hands[3]))]
    return guandan.new_deal(hands=deal, level="2", previous_finish=[0, 1, 2, 3], seed=1)


CASES = [
    Blunder(
        "stop_last_single",
        # every 2 and joker is played: AD is beaten by no single, KH by the aces still out
        position(
            [
                "5D 8C TS KH AD 6S 6H 9C 9D",
                "AC",
                "AS AH 3C 4C 7D 8D JD QD",
                "4S AC AH 3D 7S TD JS QS",
            ],
            3,
            "4S",
        ),
        ("AD",),
        "seat 1 holds one card: anything but the ace lets it go out on it (G1.2, G4.4)",
    ),
    Blunder(
        "stop_last_pair",
        position(
            ["6S 6D AS AD 3C 8H JD QS", "KC KD", "3D 7D 8D 8C QH QC 5H", "4S 4D 9S 9C TD TC KS"],
            3,
            "4S 4D",
        ),
        ("AS AD",),
        "seat 1 holds two cards: a pair of 6s lets a pair of 9s to kings go out (G1.2, G4.4)",
    ),
    Blunder(
        "no_single_to_last_card",
        position(["3S 3D 6C 6H 8S 9D JH", "KC", "4C 5C 7D 8D JD QD", "4S 5S 7S 7C TD"], 0),
        ("3S 3D", "6C 6H"),
        "the next seat holds one card: a single lead lets it go out, a pair cannot (G4.4)",
    ),
    Blunder(
        "feed_partner",
        position(["3C 5S 5D 9H 9C KD KS", 10, "6S", 10], 0),
        ("3C",),
        "the partner holds one card: only a low single lets it follow and go out (G1.2)",
    ),
    Blunder(
        "partner_last_card_lead",
        position(["3C 5S 6D 9H 9C KD KS AD JS", 10, "9S 6S", 10], 2, "9S", "pass"),
        ("pass",),
        "the partner's 9 keeps the round: passing lets it lead its last card (G4.2)",
    ),
    Blunder(
        "partner_pair_stands",
        position(["7S 7D 7C 7H 3S 4D 5C 9S 9D JC QH KS", 12, "AS AD 6C", 12], 2, "AS AD", "pass"),
        ("pass",),
        "the partner's pair of aces holds the round: a bomb over it only wastes the bomb (G5.6)",
    ),
    Blunder(
        "boss_first",
        position(["RJ RJ 4S", 10, 10, 10], 0),
        ("RJ RJ",),
        "only a bomb beats the red jokers: lead them, then the 4 goes out (G5.2, G5.6)",
    ),
    Blunder(
        "idle_bomb",
        position(
            [
                "8S 8D 8C 8H 4C 6S 9H JD QS KC 3H 5D 7C TS JS QD AH 3S 5S 6D",
                20,
                20,
                "3D 4D 5H 6H 7S 9S TH KS AS AC 3C 4S 5S 6S 7S 9C TC JH QH KH",
            ],
            3,
            "3D",
        ),
        (
            "4C",
            "5D",
            "5S",
            "6S",
            "6D",
            "7C",
            "9H",
            "TS",
            "JD",
            "JS",
            "QS",
            "QD",
            "KC",
            "AH",
            "pass",
        ),
        "a bomb on the first low single with twenty cards left wastes it (G5.6)",
    ),
    Blunder(
        "bomb_not_broken",
        position(
            [
                "9S 9D 9C 9H 3S 3D 4C 6S JH QS KC AH 7D 8C",
                14,
                14,
                "5S 5D 3H 4D 6C 7H 8D TD JS QH KH AC 3C 6D",
            ],
            3,
            "5S 5D",
        ),
        ("pass",),
        "the only pair above the 5s is two 9s of the bomb: breaking it loses the bomb (G5.6)",
    ),
    Blunder(
        "bomb_to_go_out",
        position(["7S 7D 7C 7H 3S", 2, 6, "AS 4S 5S 8S TD JS QS"], 3, "AS"),
        ("7S 7D 7C 7H",),
        "the bomb takes the lead and the 3 goes out next (G5.6, G1.2)",
    ),
    Blunder(
        "wild_not_wasted",
        position(
            ["2H 8S 8D 8C 8H 5C 6D KD 3S 4S", 12, 12, "JS 3D 4D 7S 7C TD JC QD 9C 9D TC TH"],
            3,
            "JS",
        ),
        ("KD", "pass"),
        "the wild 2H alone is a mere level single; with the 8s it is a five-card bomb (G5.4)",
    ),
    Blunder(
        "tribute_return",
        tribute_return,
        ("9C",),
        "return the lone 9, not the level card 2S nor a card of a pair, triple or bomb (G3.5)",
    ),
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_no_blunder(case: Blunder, level: str) -> None:
    check("guandan", level, case)


def test_the_history_leaves_only_the_hands_unseen() -> None:
    # deal_at's promise: the cards a seat has not seen are the other seats' hands
    state = deal_at(["5D 8C TS KH AD", "AC", "AS AH 3C", "4S AC AH"], 3)
    view = state.view(0)
    unseen = Counter(double_pack())
    unseen.subtract(view.hand)
    unseen.subtract(view.played)
    others = Counter(parse_cards("AC AS AH 3C 4S AC AH"))
    assert +unseen == others
    assert state.current_player == 3 and view.hand_counts == (5, 1, 3, 3)
