"""Run Fast's guided deal (issue 41): the 3 of hearts leads, the sky bomb, a pair led,
must-beat, bombs and the ace bomb with its bonus, the highest single, settlement. Played by
:class:`game.table.lesson.LessonRunner`.

Every move the player is asked to make is one Hard's search agrees with, and the settlement's
numbers are the engine's (issue 55: tests/test_lesson_claims.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.lesson import Claim, Lesson, Note, Part, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.games.runfast.rules import RunFastState

HANDS = (
    "3H 3S 3D 3C 5C 2S AS AD AC 7S 7D",
    "9D 8S 8H 8D 8C 4S 6D JC",
    "KS 4D 5D 6C 9S TS QH",
)
SKY = "3H 3S 3D 3C"
ACES = "AS AD AC"
GOOD = Claim("good")


def _deal() -> RunFastState:
    from game.games.runfast import rules as runfast

    return runfast.new_deal(hands=list(HANDS))


def _n(name: str, marks: str = "", *claims: Claim) -> Note:
    return Note(f"lesson.runfast.{name}", marks, claims)


def _pass(seat: int) -> Step:
    return Step(seat, "pass")


LESSON = Lesson(
    "runfast",
    (
        Part(
            _deal,
            (
                Step(
                    0,
                    "play",
                    SKY,
                    refuse="lesson.runfast.want_sky",
                    notes=(_n("three_hearts", "3H"), _n("sky", SKY, GOOD)),
                ),
                _pass(1),
                _pass(2),
                Step(
                    0,
                    "play",
                    "7S 7D",
                    refuse="lesson.runfast.want_pair",
                    notes=(_n("lead", "7S 7D 2S", GOOD),),
                ),
                Step(1, "play", "8S 8H 8D 8C"),
                _pass(2),
                Step(
                    0,
                    "play",
                    ACES,
                    refuse="lesson.runfast.want_aces",
                    notes=(_n("must_beat", ACES, Claim("must")), _n("bombs", ACES)),
                ),
                _pass(1),
                _pass(2),
                Step(
                    0,
                    "play",
                    "2S",
                    refuse="lesson.runfast.want_two",
                    notes=(_n("out", "2S", GOOD),),
                ),
                _pass(1),
                _pass(2),
                Step(0, "play", "5C", refuse="lesson.runfast.want_last"),
            ),
            closing=(
                _n(
                    "settlement",
                    "",
                    Claim("left", value=4, seat=1),
                    Claim("left", value=7, seat=2),
                    Claim("result", value=-14, seat=1, field="returns"),
                    Claim("result", value=-24, seat=2, field="returns"),
                    Claim("result", value=38, seat=0, field="returns"),
                ),
            ),
        ),
    ),
)
