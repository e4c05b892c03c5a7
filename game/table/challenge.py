"""One challenge being played (issue 59): a puzzle's position, the person's moves, the
solver's defence, hints, undo and retry (no pygame; the Challenges screen drives it).

    from game.ai import puzzles
    from game.table.challenge import Challenge
    puzzle = puzzles.load("doudizhu")[0]
    play = Challenge(puzzle)
    play.words()                     # the goal: [("challenge.goal_landlord", {}), …]
    play.mine()                      # True: the person's side is to move
    play.hint()                      # a move that forces the goal (counts as a hint used)
    play.play(action)                # the person's move (IllegalActionError when refused)
    play.reply()                     # the defence's move, applied (the solver's, see below)
    play.met()                       # True met, False failed, None still open
    play.forced()                    # whether the goal can still be forced from here
    play.undo(); play.retry()

The person plays every seat of the goal's side (``puzzle.goal.seats``; seat 0 is theirs, a
partner's seat is played by them too, every hand being shown) and the solver every other seat:
among its moves that make the goal fail it plays the first; when every move loses, the one that
holds out longest (``game.ai.solver.Solver.reply``). One solver serves the whole challenge, so
each answer reuses what the earlier ones searched. Stars: 3 for a first try without hints, 2
for a first try with hints or a later one without, 1 otherwise.
"""

from __future__ import annotations

from typing import Any

from game.ai.puzzles import Phrase, Puzzle
from game.ai.solver import Solver
from game.rules.base import Action, DealState
from game.rules.errors import RulesError


class Challenge:
    """A puzzle in play: its ``state`` (the rules' deal state, every hand known)."""

    # Any: the solver's nodes and moves are the puzzle's game's own
    def __init__(self, puzzle: Puzzle, *, solver: Solver[Any, Any] | None = None) -> None:
        self.puzzle = puzzle
        self.solver = solver if solver is not None else puzzle.solver()
        self.state: DealState = puzzle.start()
        #: The states before each of the person's moves, for undo.
        self._before: list[DealState] = []
        #: Tries started (1 for the first), hints asked for in all of them.
        self.tries = 1
        self.hints = 0

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats the person plays."""
        seats: tuple[int, ...] = self.puzzle.goal.seats
        return seats

    def words(self) -> tuple[Phrase, ...]:
        """The goal in words (``[challenge]`` locale keys with their values)."""
        return self.puzzle.words()

    def met(self) -> bool | None:
        """True once the goal is met, False once it has failed, None while play decides."""
        met: bool | None = self.puzzle.goal.met(self.state)
        return met

    def over(self) -> bool:
        """Whether the goal is decided or the deal has ended."""
        return self.met() is not None or self.state.is_terminal

    def mine(self) -> bool:
        """Whether the person is to move (the goal still open)."""
        return not self.over() and self.state.current_player in self.seats

    def forced(self) -> bool:
        """Whether the goal can still be forced from here, whoever is to move."""
        met = self.met()
        return met if met is not None else self.solver.forced(self.state)

    def play(self, action: Action) -> None:
        """The person's move; raises :class:`RulesError` (the engine's refusal, or not the
        person's turn) and changes nothing when it cannot be made."""
        if not self.mine():
            raise RulesError("it is not the player's turn in this challenge")
        before = self.state.clone()
        self.state.apply(action)  # IllegalActionError (a RulesError) leaves the state as it was
        self._before.append(before)

    def defence(self) -> Action:
        """The defence's move in the current position, not applied."""
        if self.over() or self.mine():
            raise RulesError("the defence is not to move in this challenge")
        return self.solver.reply(self.state)

    def reply(self) -> Action:
        """The defence's move, applied; returned for the table to show."""
        action = self.defence()
        self.state.apply(action)
        return action

    def hint(self) -> Action | None:
        """A move of the person's that forces the goal (None when none does any more)."""
        if not self.mine():
            raise RulesError("it is not the player's turn in this challenge")
        self.hints += 1
        return self.solver.hint(self.state)

    def undo(self) -> bool:
        """Back to the person's previous decision (the defence's replies since taken back
        too); False when there is none."""
        if not self._before:
            return False
        self.state = self._before.pop()
        return True

    def retry(self) -> None:
        """Back to the puzzle's position for another try."""
        self.state = self.puzzle.start()
        self._before.clear()
        self.tries += 1

    def stars(self) -> int:
        """Stars earned once the goal is met (0 before): see the module docstring."""
        if self.met() is not True:
            return 0
        return 3 - (self.tries > 1) - (self.hints > 0)
