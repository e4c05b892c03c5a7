"""The Dou Dizhu blunder suite (issue 56): positions in card notation where the right action is
clear to a good player, each checked for Normal and Hard. Both roles: the opening straight met
without the rocket or a bomb (D4.5, D5.1), the partner's winning play left standing (D3.2), the
last cards of an opponent stopped by the highest answer and no lead it can answer (D3.2), a
partner fed its last cards, the 2s, the rocket or a bomb played when the rest of the hand goes
out behind them (D4.4, D4.5), the peasant after the landlord answering a low single low, and no
bomb spent as a four with two (D4.3).

Each case: the hands of seats 0, 1 and 2 (``REST``: the cards the others do not hold), the
landlord (it takes no kitty when the hands leave none), the plays that lead to the position
(``pass`` or cards), and what the seat to act must do: ``("in", plays)`` one of them,
``("not", plays)`` none of them, ``("not_kind", kinds)`` no play of those kinds, ``("max",
kind, rank)`` a play of that kind no higher than the rank.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.registry import make_bot
from game.games.doudizhu.rules import DoudizhuState, new_deal
from game.rules.base import Action
from game.rules.cards import parse_cards, single_pack

A_L = "3S 4S 5S 6S 7S 8S 9S 9H TD JD KD AD 2D 4D 5D 6D 8D 3C 7C 5H"
A_N = "BJ RJ 2S 2H AS KS KH JS TS TH 8H 6H 4H 3H 3D 7D 9D"
A_B = "QS QH QD QC 2C AC AH KC JC JH 9C 8C 7H 6C 5C 4C"
STRAIGHT = "3S 4S 5S 6S 7S 8S 9S"
ORDER = "3456789TJQKA2"

# (name, rule, hands, landlord, plays so far, judge)
CASES = [
    # --- A: the opening straight and the long hand (D4.5, D5.1)
    (
        "A1 next peasant keeps the rocket on the landlord's opening straight",
        "D4.5",
        (A_L, A_N, A_B),
        0,
        [STRAIGHT],
        ("in", ["pass"]),
    ),
    (
        "A2 peasant before the landlord keeps its bomb on the opening straight",
        "D4.5",
        (A_L, A_N, A_B),
        0,
        [STRAIGHT, "pass"],
        ("in", ["pass"]),
    ),
    (
        "A3 landlord keeps the rocket on a peasant's early straight",
        "D4.5",
        (
            "BJ RJ 3S 3H 4S 4H 5S 5H 6S 7S 8S 8H 9S 2S 2H 6D 7D 3D 4D 5D",
            "TS JS QS KS AS TH 9H 7H 6H 2D KD QD JD 9D 8D AC KC",
            "AH AD 2C JH TD TC 9C 8C 7C 6C 5C 4C 3C QH QC KH JC",
        ),
        0,
        ["3S", "KD", "pass", "pass", "TS JS QS KS AS", "pass"],
        ("in", ["pass"]),
    ),
    (
        "A4 next peasant does not bomb a landlord's opening pair run",
        "D4.5",
        (
            "3S 3H 4S 4H 5S 5H 9S TS JS QS KS 2S 2H 9D 7D 8D AS AH KH QH",
            "6S 6H 6C 6D 7S 8S 9H TH JH 3D 4D 5D TD JD KD AC",
            "7H 7C 8H 8C 9C TC JC QC KC 2C 2D BJ RJ 3C 4C 5C QD",
        ),
        0,
        ["3S 3H 4S 4H 5S 5H"],
        ("not_kind", ["bomb", "rocket"]),
    ),
    (
        "A5 landlord's opening lead keeps its rocket and its bomb",
        "D4.5",
        (
            "BJ RJ 7S 7H 7D 7C 3S 4H 5D 6C 8S 9H TD JC QS KH AD 2S 3H 9S",
            "4S 5S 6S 8H JD QD KD 3D 5C 6D 8D TS JS 2H 2D AS KS",
            "REST",
        ),
        0,
        [],
        ("not_kind", ["bomb", "rocket", "four_two_singles", "four_two_pairs"]),
    ),
    (
        "A6 next peasant does not split the rocket on the landlord's first single",
        "D4.5",
        (A_L, A_N, A_B),
        0,
        ["3C"],
        ("not", ["BJ", "RJ"]),
    ),
    # --- B: let the partner's winning play stand
    (
        "B1 before peasant lets the partner's ace over the landlord stand",
        "D3.2",
        ("9S 3S 4S 5D 6D 7C 8C JD QD KD", "AS 4H 5H 6H 8H 9H TH", "2S 3H 4D 7D 8D TD JC"),
        0,
        ["9S", "AS"],
        ("in", ["pass"]),
    ),
    (
        "B2 before peasant lets the partner's pair of kings stand",
        "D3.2",
        ("3S 3H 5S 6S 7S 8D 9D TD QD", "4S 4H KS KH 8H 9H TH JH", "AS AH 5D 6D 7D JC QC"),
        0,
        ["3S 3H", "KS KH"],
        ("in", ["pass"]),
    ),
    (
        "B3 next peasant lets the partner's straight stand",
        "D3.2",
        ("3S 4S 5S 9D TD JD KD", "7H 8H 9H TH JH QS 3D 4D", "6S 7S 8S 9S TS 2C 5C 5D"),
        0,
        ["3S", "pass", "2C", "pass", "pass", "6S 7S 8S 9S TS", "pass"],
        ("in", ["pass"]),
    ),
    (
        "B4 before peasant lets a partner down to two cards hold the round",
        "D3.2",
        ("3S 4S 5S 6D 7D 8D 9C TC JC", "KS 8H 9H", "AS 2S 4H 5H 6H 7H"),
        0,
        ["3S", "KS"],
        ("in", ["pass"]),
    ),
    # --- C: stop the last cards
    (
        "C1 next peasant stops the landlord's last single with the red joker",
        "D3.2",
        ("9S 8H", "RJ 2S 5S 7S 9D JD", "4H 6H TH QH KH AH"),
        0,
        ["9S"],
        ("in", ["RJ"]),
    ),
    (
        "C2 before peasant stops the landlord's last single with its highest",
        "D3.2",
        ("JS 8H", "4D 5D", "BJ 2H 5C 7C 9C TC"),
        0,
        ["JS", "pass"],
        ("in", ["BJ"]),
    ),
    (
        "C3 a peasant leading into a one-card landlord leads no single",
        "D3.2",
        ("3S 9S", "5S 5H 8D TC KS", "4H 6H TH QH"),
        0,
        ["3S", "KS", "pass", "pass"],
        ("not_kind", ["single"]),
    ),
    (
        "C4 landlord stops a one-card peasant's single with its highest",
        "D3.2",
        ("BJ AS 9D 6C 5C 4C", "3S 8H", "7S 7H TD"),
        0,
        ["4C", "8H", "pass"],
        ("in", ["BJ"]),
    ),
    (
        "C5 landlord leading into a one-card peasant leads no single",
        "D3.2",
        ("5S 5H 8D TC KS 3D", "9S 4C", "7S 7H QD"),
        0,
        ["3D", "9S", "pass", "KS", "pass", "pass"],
        ("not_kind", ["single"]),
    ),
    (
        "C6 the peasant before the landlord bombs a two-card landlord's pair",
        "D4.5",
        ("KS KH 4S 4H", "5S 6D", "7S 7H 7D 7C 9C TC"),
        0,
        ["KS KH", "pass"],
        ("in", ["7S 7H 7D 7C"]),
    ),
    (
        "C7 a peasant answers a two-card landlord's single rather than pass",
        "D3.2",
        ("9S 3S 4D", "BJ RJ 2S 2H AS 5D 6D 8C", "TC JC QC"),
        0,
        ["4D", "5D", "pass", "9S"],
        ("not", ["pass"]),
    ),
    (
        "C8 a peasant answers a two-card landlord's pair with its 2s",
        "D3.2",
        ("7S 7H 3S 4D", "2S 2H AS BJ RJ 5D 6D 8C", "TC JC QC"),
        0,
        ["7S 7H"],
        ("not", ["pass"]),
    ),
    # --- D: feed the partner
    (
        "D1 next peasant leads its lowest single to a one-card partner",
        "D3.2",
        ("3D 9D JD QD KD", "3S 9C KH KS AS", "5H"),
        0,
        ["3D", "9C", "pass", "JD", "KH", "pass", "pass"],
        ("in", ["3S"]),
    ),
    (
        "D2 next peasant leads its lowest pair to a partner holding a pair",
        "D3.2",
        ("3D 9D JD QD KD", "4S 4H 9C KH KS AS", "6H 6D"),
        0,
        ["3D", "9C", "pass", "JD", "AS", "pass", "pass"],
        ("in", ["4S 4H"]),
    ),
    # --- E: the 2s, the rocket, the bomb when the rest goes out behind
    (
        "E1 landlord takes the lead with its pair of 2s and goes out behind it",
        "D4.4",
        ("2S 2H 5S 6S 7S 8S 9S 3D", "9D 9H 4C 4D JC QC KC AC", "TD TH JS QS 3C 6C"),
        0,
        ["3D", "AC", "pass", "pass", "9D 9H", "pass"],
        ("in", ["2S 2H"]),
    ),
    (
        "E2 landlord plays the rocket when only its straight is left behind",
        "D4.5",
        ("BJ RJ 5S 6S 7S 8S 9S 3D", "AS 4C 4D", "KD TD 3C"),
        0,
        ["3D", "AS", "pass"],
        ("in", ["BJ RJ"]),
    ),
    (
        "E3 a peasant bombs the landlord's 2 when its last pair goes out behind",
        "D4.5",
        ("2S 3D 5D 6D 7D 9D JD", "8S 8H 8D 8C TS TH", "4S 4H 4D 9C"),
        0,
        ["2S"],
        ("in", ["8S 8H 8D 8C"]),
    ),
    (
        "E4 landlord bombs a peasant's aces when its straight goes out behind",
        "D4.5",
        ("9S 9H 9D 9C 3S 4S 5S 6S 7S 8D", "AS AH 2D 3D", "KS QS JD"),
        0,
        ["8D", "2D", "pass", "pass", "AS AH", "pass"],
        ("in", ["9S 9H 9D 9C"]),
    ),
    (
        "E5 a peasant plays the rocket on the landlord's 2 and goes out with its straight",
        "D4.5",
        ("2S 3D 4D 6D 8D TD QD", "BJ RJ 7S 8S 9S TS JS", "4S 4H 5C"),
        0,
        ["2S"],
        ("in", ["BJ RJ"]),
    ),
    (
        "E6 landlord plays its pair of 2s when its trio with a pair goes out behind",
        "D4.4",
        ("2S 2H 7S 7H 7D 4S 4H 3C", "QS QH 5D 6D 9C JC", "TS TH 8C 9D KD"),
        0,
        ["3C", "JC", "KD", "pass", "pass", "TS TH"],
        ("in", ["2S 2H"]),
    ),
    (
        "E7 landlord leads the rocket first into a one-card peasant, then its last single",
        "D4.5",
        ("BJ RJ 3D", "5S", "9S 9H KD"),
        0,
        [],
        ("not", ["3D"]),
    ),
    # --- F: the peasants' defence by seat
    (
        "F1 next peasant answers the landlord's low single low",
        "D3.2",
        (A_L, A_N, A_B),
        0,
        ["4D"],
        ("max", "single", "J"),
    ),
    # --- G: four with two
    (
        "G1 landlord does not spend its four 7s as a four with two",
        "D4.3",
        (
            "7S 7H 7D 7C 3S 4H 9D JC QS KH 5S 5H 8S 8H TD TC AS AH 6D 2D",
            "3D 4S 6S 9S JS 8D 9C QC KC 2C BJ RJ 4D 5D 6H JH QH",
            "REST",
        ),
        0,
        [],
        ("not_kind", ["four_two_singles", "four_two_pairs", "bomb"]),
    ),
    (
        "C9 a peasant leading into a two-card landlord leads no pair",
        "D3.2",
        ("3S 9S 9H", "5S 5H 8D TC KS", "4H 6H TH QH"),
        0,
        ["3S", "KS", "pass", "pass"],
        ("not_kind", ["pair"]),
    ),
    (
        "C10 landlord leading into a two-card peasant leads no pair",
        "D3.2",
        ("5S 5H 8D TC KS 3D", "9S 9H 4C", "7S 7H QD"),
        0,
        ["3D", "4C", "pass", "KS", "pass", "pass"],
        ("not_kind", ["pair"]),
    ),
    (
        "C11 a peasant forced to lead a single into a one-card landlord leads its highest",
        "D3.2",
        ("8C 3D", "3H 4S 5H 6S 6C 7S 7D 8S 9H TD JS", "7C 8D 2S"),
        0,
        ["3D", "pass", "2S", "pass", "pass"],
        ("in", ["8D"]),
    ),
    (
        "C12 a peasant answers a two-card landlord's pair rather than let it lead its last two",
        "D3.2",
        ("5S 5H QS QH", "KS KH 3D 4C 6D 7C TS", "4S 6S 8S JD KD"),
        0,
        ["5S 5H"],
        ("in", ["KS KH"]),
    ),
    (
        "C13 the next peasant keeps its pair of 2s on a four-card landlord's pair of 10s once the"
        " landlord, passing on a single 2, has shown it holds no joker: its partner answers next",
        "D3.2",
        (
            "8H 8D 9C TS JH JD QS KC",
            "7S 6H TH TC 8S JS QH 2D",
            "2S 5H 3S 3C 4D 8C 9D TD JC QC 2H 2C",
        ),
        1,
        ["7S", "2S", "pass", "pass", "5H", "pass", "6H", "pass", "pass", "TH TC"],
        ("in", ["pass"]),
    ),
    (
        "F2 next peasant answers the landlord's low single low, keeping its 2 and joker",
        "D3.2",
        ("3S 5D 7C 9H JD QD KD AD 2D", "4H 6H 8S TS QS AS 2S BJ", "3D 4D 6D 8D TD"),
        0,
        ["3S"],
        ("max", "single", "J"),
    ),
    (
        "G2 a peasant does not spend its four 9s as a four with two",
        "D4.3",
        ("3S 4D 6C 8H TS QD KC AS 2H 5H", "9S 9H 9D 9C 4S 5S 7H JD QS KD AD", "6S 7S 8S JH QH"),
        0,
        ["3S"],
        ("not_kind", ["four_two_singles", "four_two_pairs", "bomb"]),
    ),
]


def position(hands: tuple[str, ...], landlord: int, moves: list[str]) -> DoudizhuState:
    """The scripted deal after ``moves``."""
    if hands[-1] == "REST":
        held = {card for hand in hands[:-1] for card in parse_cards(hand)}
        rest = " ".join(str(card) for card in single_pack() if card not in held)
        hands = (*hands[:-1], rest)
    state = new_deal(hands=list(hands), landlord=landlord)
    for move in moves:
        if move == "pass":
            state.apply(Action("pass"))
        else:
            (action,) = state.actions_for(move)
            state.apply(action)
    return state


def _same(action: Action, cards: str) -> bool:
    if cards == "pass":
        return action.kind == "pass"
    return action.kind != "pass" and sorted(action.cards) == sorted(parse_cards(cards))


def right(action: Action, judge: tuple[Any, ...]) -> bool:
    """Whether ``action`` is what the case's judge asks for (see the module docstring)."""
    how = judge[0]
    kind = None if action.kind == "pass" else getattr(action.combo, "kind", None)
    if how == "in":
        return any(_same(action, cards) for cards in judge[1])
    if how == "not":
        return not any(_same(action, cards) for cards in judge[1])
    if how == "not_kind":
        return kind not in judge[1]
    rank = getattr(action.combo, "rank", None)
    return kind == judge[1] and rank is not None and ORDER.index(rank) <= ORDER.index(judge[2])


def test_the_suite_covers_both_roles_and_thirty_positions() -> None:
    seats = set()
    for _name, _rule, hands, landlord, moves, _judge in CASES:
        seat = position(hands, landlord, moves).current_player
        seats.add("landlord" if seat == landlord else "peasant")
    assert len(CASES) >= 30 and seats == {"landlord", "peasant"}


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(
    ("name", "rule", "hands", "landlord", "moves", "judge"), CASES, ids=[c[0][:3] for c in CASES]
)
def test_no_blunder(
    name: str,
    rule: str,
    hands: tuple[str, ...],
    landlord: int,
    moves: list[str],
    judge: tuple[Any, ...],
    level: str,
) -> None:
    state = position(hands, landlord, moves)
    bot = make_bot("doudizhu", level, seed=0, samples=16)
    seat = state.current_player
    assert seat is not None  # a position in play
    action = bot.choose(state.view(seat), state.legal_actions(), random.Random(0))
    assert right(action, judge), f"{rule} {name}: {level} played {action}"
