"""Run Fast's guided deal (issue 41): the 3 of hearts leads, the sky bomb, must-beat, bombs and
the ace bomb, settlement. Played by :class:`game.table.lesson.LessonRunner`."""

from __future__ import annotations

from typing import Any

from game.table.lesson import Lesson, Note, Part, Step

HANDS = (
    "3H 3S 3D 3C 5C 2S AS AD AC 7S 7D",
    "9D 8S 8H 8D 8C 4S 6D JC",
    "KS 4D 5D 6C 9S TS QH",
)


def _deal() -> Any:
    from game.games.runfast import rules as runfast

    return runfast.new_deal(hands=list(HANDS))


def _n(name: str, marks: str = "") -> Note:
    return Note(f"lesson.runfast.{name}", marks)


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
                    "3H 3S 3D 3C",
                    refuse="lesson.runfast.want_sky",
                    notes=(_n("three_hearts", "3H"), _n("sky", "3H 3S 3D 3C")),
                ),
                _pass(1),
                _pass(2),
                Step(0, "play", "5C", refuse="lesson.runfast.want_five", notes=(_n("lead", "5C"),)),
                Step(1, "play", "9D"),
                Step(2, "play", "KS"),
                Step(
                    0,
                    "play",
                    "2S",
                    refuse="lesson.runfast.want_two",
                    notes=(_n("must_beat", "2S AS AD AC"),),
                ),
                Step(1, "play", "8S 8H 8D 8C"),
                _pass(2),
                Step(
                    0,
                    "play",
                    "AS AD AC",
                    refuse="lesson.runfast.want_aces",
                    notes=(_n("bombs", "AS AD AC"),),
                ),
                _pass(1),
                _pass(2),
                Step(
                    0,
                    "play",
                    "7S 7D",
                    refuse="lesson.runfast.want_pair",
                    notes=(_n("out", "7S 7D"),),
                ),
            ),
            closing=(_n("settlement"),),
        ),
    ),
)
