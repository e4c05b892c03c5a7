"""Taking back the player's actions (the Game menu's undo option): :class:`UndoLog` keeps the
deal as dealt and the AI's random states before each of the player's actions, so that undoing
replays the kept actions from the start and the same actions again meet the same replies."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.rules.base import DealState, Record
from game.table.frame import is_leading


class UndoLog:
    """One deal's undo record: ``start`` is the deal as dealt (cloned, never played)."""

    def __init__(self, start: DealState) -> None:
        self.start = start.clone()
        # The AI's random states before each of the player's actions, by its number in the deal.
        self.marks: dict[int, list[Any]] = {}

    @staticmethod
    def player_actions(state: DealState, seat: int) -> int:
        """How many actions ``seat`` has made in the deal so far (its next action's number)."""
        return sum(1 for r in state.log if r.seat == seat and not r.auto)

    def mark(self, number: int, rngs: list[random.Random]) -> None:
        """The random states ``rngs`` before the player's action ``number``."""
        self.marks[number] = [rng.getstate() for rng in rngs]

    def rewind(self, state: DealState, seat: int, rngs: list[random.Random]) -> DealState:
        """``state`` before ``seat``'s last action (replayed from the start without it and
        everything after it); ``rngs`` are put back as they were before it (when marked: an
        action made before a resume has no mark)."""
        records = [r for r in state.log if not r.auto]
        last = max(i for i, r in enumerate(records) if r.seat == seat)
        mine = sum(1 for r in records[:last] if r.seat == seat)
        marks = self.marks.pop(mine, None)
        if marks is not None:
            for rng, saved in zip(rngs, marks, strict=True):
                rng.setstate(saved)
        rewound = self.start.clone()
        for record in records[:last]:
            rewound.apply(record.action)
        return rewound

    def round_start(self, log: Sequence[Record]) -> int | None:
        """The log index of the play that opened the current round or trick of ``log`` (this
        deal's; None before the first play), replayed from the deal as dealt: after a resume or
        an undo the table did not see the round's plays happen, and lays them again from here
        (issue 55)."""
        replay = self.start.clone()
        start = None
        for index, record in enumerate(log):
            if record.auto:
                continue
            if record.action.kind == "play" and is_leading(replay):
                start = index
            replay.apply(record.action)
        return start
