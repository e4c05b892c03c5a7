"""What the play so far shows about the hidden hands (D3), as a strong player reads it.

A seat that passes on a play it could beat, bombs aside, is keeping its cards; one that holds
nothing of that kind above it has to pass. So a pass on an opponent's play is read as "no play
of this kind and size above that value" (a bomb or the rocket may still come), and the reading
stays true: cards only leave a hand. A peasant's pass on its partner's play tells nothing.
``ReadingSearch`` is the search (game/ai/search.py) whose sampled deals agree with such reads.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.search import SearchBot
from game.games.doudizhu.rules.combos import Combo, counts_of

#: Draws a reading search makes at most for one sample that agrees with the landlord's passes.
READ_DRAWS = 8

#: A kind of play and its size in cards: a pass on (single, 1) says nothing about pairs.
Shape = tuple[str, int]


def passed_below(view: Any, seat: int) -> dict[Shape, int]:
    """For each shape ``seat`` passed on an opponent's play of, the lowest value it let stand:
    it holds no play of that shape with a higher value (bombs and the rocket aside)."""
    landlord = view.landlord
    short: dict[Shape, int] = {}
    last: Combo | None = None
    last_seat: int | None = None
    passes = 0
    for record in view.log:
        kind = record.action.kind
        if kind == "play":
            combo = record.action.combo
            if isinstance(combo, Combo):
                last, last_seat, passes = combo, record.seat, 0
        elif kind == "pass" and last is not None:
            opponents = seat == landlord or last_seat == landlord
            if record.seat == seat and opponents and not last.is_bomb:
                shape = (last.kind, len(last.cards))
                short[shape] = min(short.get(shape, last.value), last.value)
            passes += 1
            if passes == 2:
                last, last_seat, passes = None, None, 0
    return short


#: The shapes a sampled hand is checked against, by the cards of one rank they need.
_NEED = {"single": 1, "pair": 2, "trio": 3, "trio_single": 3, "trio_pair": 3}


def fits(counts: list[int], short: dict[Shape, int]) -> bool:
    """Whether a hand of these rank counts agrees with the reading ``short``: for each single,
    pair or trio (with its attachment) passed on, no rank above the value passed holds that
    many cards, a four of a kind (a bomb kept) and the rocket aside."""
    rocket = counts[13] and counts[14]
    for (kind, _size), below in short.items():
        need = _NEED.get(kind)
        if need is None:
            continue  # sequences and fours: not checked
        for value in range(below + 1, 15):
            held = counts[value]
            if need <= held < 4 and not (value >= 13 and rocket):
                return False
    return True


class ReadingSearch(SearchBot):
    """The search of a peasant whose sampled deals agree with what the landlord's passes
    showed (no single, pair or trio above one it let stand): the first of ``READ_DRAWS``
    draws that does, else the last. The landlord's own search samples as is."""

    def draw(self, view: Any, rng: random.Random, hidden: Any = None) -> Any:
        sample = super().draw(view, rng, hidden)
        landlord = view.landlord
        if landlord is None or landlord == view.seat:
            return sample
        short = passed_below(view, landlord)
        for _ in range(READ_DRAWS - 1):
            if not short or fits(counts_of(sample.hand(landlord)), short):
                break
            sample = super().draw(view, rng, hidden)
        return sample


__all__ = ["READ_DRAWS", "ReadingSearch", "Shape", "fits", "passed_below"]
