"""Shengji's guided deal (issue 41): declaring and overcalling, the kitty, following suit, trumps
and effective suits, pairs and tractors, points and the 80 line, the kitty bonus. Played by
:class:`game.table.lesson.LessonRunner`.

The player's overcall makes hearts trump because its hand holds the 10♥ pair beside its level
cards (six trumps of seven; spades would give five). Every number a note quotes is the
engine's (issue 55: tests/test_lesson_claims.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.table.lesson import Claim, Lesson, Note, Part, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.games.shengji.rules import ShengjiState

HANDS = (
    "KS 2S 2S 2H 2H TH TH",
    "2D 4S 3H 5H 3C 4C 6D",
    "6S KH 4H 6H 8H 5C 6C",
    "7S 7H 9H JH QH 7C 8C",
)
KITTY = "5D 5C TD KD 7D 8D 9D JD"
TRACTOR = "2S 2S 2H 2H"


def _deal() -> ShengjiState:
    from game.games.shengji import rules as shengji

    return shengji.new_deal(hands=list(HANDS), kitty=KITTY, level="2", starting_seat=1)


def _n(name: str, marks: str = "", *claims: Claim) -> Note:
    return Note(f"lesson.shengji.{name}", marks, claims)


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
                    notes=(_n("declare", "2H 2H TH TH", Claim("beats", "2H 2H")),),
                ),
                _pass(1),
                _pass(2),
                _pass(3),
                Step(
                    1,
                    "bury",
                    KITTY,
                    notes=(_n("kitty", "TH TH", Claim("left", value=6, field="trumps")),),
                ),
                Step(1, "play", "4S"),
                Step(2, "play", "6S"),
                Step(3, "play", "7S"),
                Step(
                    0,
                    "play",
                    "KS",
                    refuse="lesson.shengji.want_follow",
                    notes=(
                        _n(
                            "follow",
                            "KS",
                            Claim("must"),
                            Claim("after", value=0, field="leader"),
                            Claim("after", value=10, field="attacker_points"),
                        ),
                    ),
                ),
                Step(
                    0,
                    "play",
                    TRACTOR,
                    refuse="lesson.shengji.want_tractor",
                    notes=(_n("trumps", TRACTOR), _n("tractor", TRACTOR, Claim("beats", TRACTOR))),
                ),
                Step(1, "play", "2D 3H 5H 6D"),
                Step(2, "play", "KH 4H 6H 8H"),
                Step(3, "play", "7H 9H JH QH"),
                Step(
                    0,
                    "play",
                    "TH TH",
                    refuse="lesson.shengji.want_pair",
                    notes=(
                        _n(
                            "points",
                            "TH TH",
                            *(
                                Claim("left", value=0, seat=seat, field="trumps")
                                for seat in (1, 2, 3)
                            ),
                        ),
                    ),
                ),
                Step(1, "play", "3C 4C"),
                Step(2, "play", "5C 6C"),
                Step(3, "play", "7C 8C"),
            ),
            closing=(
                _n(
                    "bonus",
                    "",
                    Claim("result", value=30, field="kitty_points"),
                    Claim("result", value=4, field="kitty_multiplier"),
                    Claim("result", value=170, field="attacker_points"),
                    Claim("result", value=2, field="levels_gained"),
                ),
            ),
        ),
    ),
)
