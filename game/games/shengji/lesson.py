"""Shengji's guided deal (issue 41): declaring and overcalling, the kitty, following suit, trumps
and effective suits, pairs and tractors, points and the 80 line, the kitty bonus. Played by
:class:`game.table.lesson.LessonRunner`."""

from __future__ import annotations

from typing import Any

from game.table.lesson import Lesson, Note, Part, Step

HANDS = (
    "KS 2S 2S 2H 2H TC TC",
    "2D 4S 3H 5H 3C 4C 6D",
    "6S KH 4H 6H 8H 5C 6C",
    "7S 7H 9H JH QH 7C 8C",
)
KITTY = "5D 5C TD KD 7D 8D 9D JD"


def _deal() -> Any:
    from game.games.shengji import rules as shengji

    return shengji.new_deal(hands=list(HANDS), kitty=KITTY, level="2", starting_seat=1)


def _n(name: str, marks: str = "") -> Note:
    return Note(f"lesson.shengji.{name}", marks)


def _pass(seat: int) -> Step:
    return Step(seat, "pass")


LESSON = Lesson(
    "shengji",
    (
        Part(
            _deal,
            (
                Step(1, "declare", "2D"),
                _pass(2),
                _pass(3),
                Step(
                    0,
                    "declare",
                    "2H 2H",
                    refuse="lesson.shengji.want_declare",
                    notes=(_n("declare", "2H 2H"),),
                ),
                _pass(1),
                _pass(2),
                _pass(3),
                Step(1, "bury", KITTY, notes=(_n("kitty"),)),
                Step(1, "play", "4S"),
                Step(2, "play", "6S"),
                Step(3, "play", "7S"),
                Step(
                    0,
                    "play",
                    "KS",
                    refuse="lesson.shengji.want_follow",
                    notes=(_n("follow", "KS"),),
                ),
                Step(
                    0,
                    "play",
                    "2S 2S 2H 2H",
                    refuse="lesson.shengji.want_tractor",
                    notes=(_n("trumps", "2S 2S 2H 2H"), _n("tractor", "2S 2S 2H 2H")),
                ),
                Step(1, "play", "2D 3H 5H 6D"),
                Step(2, "play", "KH 4H 6H 8H"),
                Step(3, "play", "7H 9H JH QH"),
                Step(
                    0,
                    "play",
                    "TC TC",
                    refuse="lesson.shengji.want_pair",
                    notes=(_n("points", "TC TC"),),
                ),
                Step(1, "play", "3C 4C"),
                Step(2, "play", "5C 6C"),
                Step(3, "play", "7C 8C"),
            ),
            closing=(_n("bonus"),),
        ),
    ),
)
