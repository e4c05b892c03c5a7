"""Dou Dizhu's guided deals (issue 43, the Learn issue 41's runner): first the auction and the
landlord, the kitty shown, a trio with a kicker, the peasants playing together, a bomb and the
rocket doubling the stakes, a straight; then, bidding as the landlord, the kitty joining the
hand, an airplane with wings, a spring and the settlement. Played by
:class:`game.table.lesson.LessonRunner`; the player is seat 0.

The auction comes first, as in the game (issue 55): in the first deal the player on the right
speaks first and its bid of 3 ends the auction before the player's turn; in the second the
player bids 3 on a hand the bid judgment calls strong. Every move the player is asked to make
is one Hard's search agrees with, and every number a note quotes is the engine's
(tests/test_lesson_claims.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.lesson import Claim, Lesson, Note, Part, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.games.doudizhu.rules.deal import DoudizhuState

#: First deal: seat 1 bids 3 and becomes the landlord; the player is a peasant with seat 2,
#: its partner, which plays between the landlord and the player.
PEASANT_HANDS = (
    "BJ RJ 7C 8C 9C TC JC 3D",
    "5S 5H 5D 3C 6S 6H 6D KS AS",
    "9S 9H 9D 4C 2H",
)
PEASANT_KITTY = "6C QD QC"
#: Second deal: the player bids first on a full hand; the kitty brings the wings of its
#: airplane, and it goes out before either peasant plays a card (the peasants hold no bomb,
#: no rocket and no trio above the jacks: nobody can answer).
LANDLORD_HANDS = (
    "7S 7H 7D 8S 8H 8D 9S 9H 9C JS JH JD 2S 2H 2D 2C 5S",
    "3S 3H 4S 4H 5H 5D 6S 7C TS TH QS QH KS KH AS AH BJ",
    "3D 4D 5C 6H 6D 8C 9D JC TD TC QD QC KD KC AD AC RJ",
)
LANDLORD_KITTY = "3C 4C 6C"
AIRPLANE = "7S 7H 7D 8S 8H 8D 9S 9H 9C 3C 4C 6C"
TWOS = "2S 2H 2D 2C"
LAST = "JS JH JD 5S"
GOOD = Claim("good")


def _peasant_deal() -> DoudizhuState:
    from game.games.doudizhu import rules as doudizhu

    return doudizhu.new_deal(hands=list(PEASANT_HANDS), kitty=PEASANT_KITTY, first_bidder=1)


def _landlord_deal() -> DoudizhuState:
    from game.games.doudizhu import rules as doudizhu

    return doudizhu.new_deal(hands=list(LANDLORD_HANDS), kitty=LANDLORD_KITTY, first_bidder=0)


def _n(name: str, marks: str = "", *claims: Claim) -> Note:
    return Note(f"lesson.doudizhu.{name}", marks, claims)


def _pass(seat: int) -> Step:
    return Step(seat, "pass")


PEASANT = Part(
    _peasant_deal,
    (
        Step(1, "bid", value=3, notes=(_n("bidding"),)),
        Step(1, "play", "5S 5H 5D 3C", notes=(_n("kitty"),)),
        Step(2, "play", "9S 9H 9D 4C"),
        Step(
            0,
            "pass",
            refuse="lesson.doudizhu.want_stand",
            notes=(_n("trio"), _n("together", "BJ RJ", GOOD, Claim("left", value=1, seat=2))),
        ),
        Step(1, "play", "6S 6H 6D 6C"),
        _pass(2),
        Step(
            0,
            "play",
            "BJ RJ",
            refuse="lesson.doudizhu.want_rocket",
            notes=(_n("bomb"), _n("rocket", "BJ RJ", GOOD, Claim("only", "BJ RJ"))),
        ),
        _pass(1),
        _pass(2),
        Step(
            0,
            "play",
            "7C 8C 9C TC JC",
            refuse="lesson.doudizhu.want_straight",
            notes=(_n("straight", "7C 8C 9C TC JC", GOOD),),
        ),
        _pass(1),
        _pass(2),
        Step(0, "play", "3D", refuse="lesson.doudizhu.want_last"),
    ),
    closing=(
        _n(
            "peasants_win",
            "",
            Claim("result", value=3, field="base"),
            Claim("result", value=4, field="multiplier"),
            Claim("result", value=12, seat=0, field="returns"),
            Claim("result", value=-24, seat=1, field="returns"),
        ),
    ),
)

LANDLORD = Part(
    _landlord_deal,
    (
        Step(
            0,
            "bid",
            value=3,
            refuse="lesson.doudizhu.want_bid",
            notes=(_n("landlord", "7S 7H 7D 8S 8H 8D 9S 9H 9C " + TWOS, Claim("bid", value=3)),),
        ),
        Step(
            0,
            "play",
            AIRPLANE,
            combo="airplane_singles",
            refuse="lesson.doudizhu.want_airplane",
            notes=(_n("kitty_yours", LANDLORD_KITTY), _n("airplane", AIRPLANE, GOOD)),
        ),
        _pass(1),
        _pass(2),
        Step(
            0,
            "play",
            LAST,
            combo="trio_single",
            refuse="lesson.doudizhu.want_keep_bomb",
            notes=(_n("keep_bomb", LAST, GOOD),),
        ),
        _pass(1),
        _pass(2),
        Step(0, "play", TWOS, refuse="lesson.doudizhu.want_twos", notes=(_n("twos", TWOS, GOOD),)),
    ),
    closing=(
        _n(
            "spring",
            "",
            Claim("result", value=3, field="base"),
            Claim("result", value=4, field="multiplier"),
            Claim("result", value=24, seat=0, field="returns"),
            Claim("result", value=-12, seat=1, field="returns"),
        ),
        _n("done"),
    ),
)

LESSON = Lesson("doudizhu", (PEASANT, LANDLORD))
