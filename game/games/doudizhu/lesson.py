"""Dou Dizhu's guided deals (issue 43, the Learn issue 41's runner): bidding and the landlord,
the kitty, a trio with a kicker, the peasants playing together, a bomb and the rocket doubling
the stake, a straight; then, as the landlord, an airplane with wings and a spring, and the
settlement. Played by :class:`game.table.lesson.LessonRunner`; the player is seat 0."""

from __future__ import annotations

from typing import Any

from game.table.lesson import Lesson, Note, Part, Step

#: First deal: the player is a peasant; seat 1 bids 3 and becomes the landlord (seat 2, the
#: player's partner, plays between the landlord and the player).
PEASANT_HANDS = (
    "7C 8C 9C TC JC BJ RJ",
    "5S 5H 5D 3C 6S 6H 6D 2C 2S",
    "9S 9H 9D 4C 8S TS QS QH 3S",
)
PEASANT_KITTY = "6C KS AS"
#: Second deal: the player is the landlord (the bid already made) and goes out before either
#: peasant plays a card.
LANDLORD_HANDS = (
    "7S 7H 7D 8S 8H 8D 3C 4C 2S 2H JS JH JD 5S 5H",
    "3S 4S 6H 9D TD QS KH",
    "3H 4H 5D 6C 9S TS QH KD",
)


def _peasant_deal() -> Any:
    from game.games.doudizhu import rules as doudizhu

    return doudizhu.new_deal(hands=list(PEASANT_HANDS), kitty=PEASANT_KITTY, first_bidder=0)


def _landlord_deal() -> Any:
    from game.games.doudizhu import rules as doudizhu

    return doudizhu.new_deal(hands=list(LANDLORD_HANDS), landlord=0, base=2)


def _n(name: str, marks: str = "") -> Note:
    return Note(f"lesson.doudizhu.{name}", marks)


def _pass(seat: int) -> Step:
    return Step(seat, "pass")


PEASANT = Part(
    _peasant_deal,
    (
        Step(0, "bid", value=0, refuse="lesson.doudizhu.want_no_bid", notes=(_n("bidding"),)),
        Step(1, "bid", value=3),
        Step(1, "play", "5S 5H 5D 3C"),
        Step(2, "play", "9S 9H 9D 4C"),
        Step(
            0,
            "pass",
            refuse="lesson.doudizhu.want_stand",
            notes=(_n("kitty"), _n("trio"), _n("together")),
        ),
        Step(1, "play", "6S 6H 6D 6C"),
        _pass(2),
        Step(
            0,
            "play",
            "BJ RJ",
            refuse="lesson.doudizhu.want_rocket",
            notes=(_n("bomb"), _n("rocket", "BJ RJ")),
        ),
        _pass(1),
        _pass(2),
        Step(
            0,
            "play",
            "7C 8C 9C TC JC",
            refuse="lesson.doudizhu.want_straight",
            notes=(_n("straight", "7C 8C 9C TC JC"),),
        ),
    ),
    closing=(_n("peasants_win"),),
)

LANDLORD = Part(
    _landlord_deal,
    (
        Step(
            0,
            "play",
            "7S 7H 7D 8S 8H 8D 3C 4C",
            combo="airplane_singles",
            refuse="lesson.doudizhu.want_airplane",
            notes=(_n("landlord"), _n("airplane", "7S 7H 7D 8S 8H 8D 3C 4C")),
        ),
        _pass(1),
        _pass(2),
        Step(0, "play", "2S 2H", refuse="lesson.doudizhu.want_twos", notes=(_n("twos", "2S 2H"),)),
        _pass(1),
        _pass(2),
        Step(
            0,
            "play",
            "JS JH JD 5S 5H",
            combo="trio_pair",
            refuse="lesson.doudizhu.want_trio_pair",
            notes=(_n("trio_pair", "JS JH JD 5S 5H"),),
        ),
    ),
    closing=(_n("spring"), _n("done")),
)

LESSON = Lesson("doudizhu", (PEASANT, LANDLORD))
