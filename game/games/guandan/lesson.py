"""Guandan's guided deal (issue 41): level and wild hearts, a pair, a bomb and the straight
flush, a straight with a wild card, bombs of one size and passing, going out with a bomb, the
partner taking the lead, finishing order and levels; then a second deal for the tribute and
its return. Played by :class:`game.table.lesson.LessonRunner`.

Every move the player is asked to make is one Hard's search agrees with (issue 55: the claims
are checked by tests/test_lesson_claims.py): with two bombs and a straight left, the hand is
three plays from going out, so it takes the lead at once rather than waiting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.lesson import Claim, Lesson, Note, Part, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.games.guandan.rules import State

HANDS = (
    "2H 6S 6D 3C 4D 5S 7H 9S 9H 9D 9C TS JS QS KS AS",
    "8S 8D QH QD QC QS 4C 5C",
    "KH KC",
    "JH JD 4S 5H 6C 7D 8C 3D",
)
#: The second deal: the first deal's finishing order pays tribute (G3).
TRIBUTE_HANDS = ("AH 8C 7C 5D 3S", "4H 4C JC JS", "TD 9D 3H", "KD 6H QC")

FLUSH = "TS JS QS KS AS"
BOMB = "9S 9H 9D 9C"
STRAIGHT = "3C 4D 5S 2H 7H"
GOOD = Claim("good")


def _first() -> State:
    from game.games.guandan import rules as guandan

    return guandan.new_deal(hands=list(HANDS), level="2", leader=0)


def _second() -> State:
    from game.games.guandan import rules as guandan

    return guandan.new_deal(hands=list(TRIBUTE_HANDS), level="5", previous_finish=(0, 2, 3, 1))


def _n(name: str, marks: str = "", *claims: Claim) -> Note:
    return Note(f"lesson.guandan.{name}", marks, claims)


def _pass(seat: int) -> Step:
    return Step(seat, "pass")


LESSON = Lesson(
    "guandan",
    (
        Part(
            _first,
            (
                Step(
                    0,
                    "play",
                    "6S 6D",
                    refuse="lesson.guandan.want_pair",
                    notes=(_n("level", "2H"), _n("pair", "6S 6D", GOOD)),
                ),
                Step(1, "play", "8S 8D"),
                _pass(2),
                Step(3, "play", "JH JD"),
                Step(
                    0,
                    "play",
                    FLUSH,
                    refuse="lesson.guandan.want_flush",
                    notes=(_n("flush", FLUSH, GOOD, Claim("beats", FLUSH)),),
                ),
                _pass(1),
                _pass(2),
                _pass(3),
                Step(
                    0,
                    "play",
                    STRAIGHT,
                    combo="straight",
                    refuse="lesson.guandan.want_straight",
                    notes=(_n("straight", STRAIGHT, GOOD),),
                ),
                Step(1, "play", "QH QD QC QS"),
                _pass(2),
                _pass(3),
                Step(
                    0,
                    "pass",
                    refuse="lesson.guandan.want_pass",
                    notes=(_n("passing", BOMB, Claim("must")),),
                ),
                Step(1, "play", "4C"),
                _pass(2),
                _pass(3),
                Step(
                    0,
                    "play",
                    BOMB,
                    refuse="lesson.guandan.want_bomb",
                    notes=(_n("bomb", BOMB, GOOD, Claim("beats", BOMB)),),
                ),
                _pass(1),
                _pass(2),
                _pass(3),
                Step(2, "play", "KH KC"),
            ),
            closing=(_n("finish", "", Claim("result", value=3, field="levels_gained")),),
        ),
        Part(
            _second,
            (
                Step(
                    0,
                    "return",
                    refuse="lesson.guandan.want_return",
                    notes=(_n("tribute", "KD"),),
                ),
                Step(2, "return", "3H"),
            ),
            closing=(_n("done"),),
        ),
    ),
)
