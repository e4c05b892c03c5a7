"""One puzzle played on the Challenges screen (no drawing): the :class:`Challenge` of the table
floor, the positions shown so far (for the plays lying on the table and for undo), the
solver's answers worked out off the frame loop, the pause before the defence's reply is shown,
and the result kept in the player's progress."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import cast

from game.ai.puzzles import Puzzle
from game.challenge_progress import Progress
from game.history.replay import PASS, Laid, PlayKind, ReplayDeal
from game.rules.base import Action, DealState
from game.rules.errors import IllegalActionError
from game.table import refusals
from game.table.bots import BotJob
from game.table.challenge import Challenge
from game.table.frame import is_leading
from game.words import Words

#: The longest pause before the defence's reply is shown (the settings' AI delay, capped).
MAX_PAUSE_S = 1.2


def opening_plays(state: DealState, seats: int) -> dict[int, Laid]:
    """The plays lying on the table at a puzzle's position, in the order they were made: the
    climbing games' play to beat (``last_play`` by ``last_seat``) and the passes since; a trick
    game's cards played to the trick so far (``trick``, pairs of seat and cards)."""
    plays: dict[int, Laid] = {}
    trick = getattr(state, "trick", None)
    if isinstance(trick, list | tuple):
        for seat, cards in trick:
            plays[int(seat)] = tuple(cards)
        return plays
    last, seat = getattr(state, "last_play", None), getattr(state, "last_seat", None)
    if last is None or seat is None:
        return plays
    plays[seat] = tuple(last.cards)
    between = (seat + 1) % seats
    while between != state.current_player and between != seat:
        plays[between] = PASS
        between = (between + 1) % seats
    return plays


class PuzzleRun:
    """A puzzle in play for the screen: the person's moves, the defence's (on a thread when
    ``threaded``, shown ``pause()`` seconds after the position before it), hints, undo, retry;
    ``outcome`` True once the goal is met (``stars`` kept in ``progress``), False once it has
    failed, None while play decides."""

    def __init__(
        self,
        puzzle: Puzzle,
        progress: Progress,
        seats: int,
        *,
        pause: Callable[[], float] = lambda: 0.0,
        threaded: bool = True,
    ) -> None:
        self.puzzle = puzzle
        self.progress = progress
        self.seats = seats
        self.pause = pause
        self.threaded = threaded
        self.challenge = Challenge(puzzle)
        self.opening = opening_plays(self.challenge.state, seats)
        #: The positions shown: the puzzle's, then one after each action.
        self.states: list[DealState] = [self.challenge.state.clone()]
        #: How many positions were shown before each of the person's moves (for undo).
        self._marks: list[int] = []
        self.job: BotJob | None = None
        self._job_kind = ""
        self._shown_at = time.monotonic()
        #: What the screen says now (a refusal, the hint's word), as words.
        self.message: Words | None = None
        #: The hint's move while its cards are still selected (its meaning is the one played).
        self.hinted: Action | None = None
        #: Set when a hint arrives: the screen selects its cards.
        self.hint_ready: Action | None = None
        self.stars = 0
        #: Whether the stars just won beat the best kept before.
        self.best = False

    # --- what is shown -------------------------------------------------------------------
    @property
    def state(self) -> DealState:
        return self.challenge.state

    def outcome(self) -> bool | None:
        met = self.challenge.met()
        if met is None and self.state.is_terminal:
            return False
        return met

    def mine(self) -> bool:
        """Whether the person may move now (their turn, no answer being worked out)."""
        return self.challenge.mine() and self.job is None

    def thinking(self) -> bool:
        """Whether the defence is working out or about to show its reply."""
        return self.outcome() is None and not self.challenge.mine()

    def table_plays(self) -> tuple[dict[int, Laid], dict[int, PlayKind]]:
        """The plays in front of each seat now and their (meaning, lead), by the table's rule
        (:meth:`ReplayDeal.table_plays`); the position's own plays until a new lead."""
        deal = ReplayDeal(row=None, states=self.states, rounds=[])
        plays, kinds = deal.table_plays(len(self.states) - 1)
        led = any(
            is_leading(self.states[ply]) and self._action_kind(ply) == "play"
            for ply in range(len(self.states) - 1)
        )
        if led:
            return plays, kinds
        merged = dict(self.opening)
        for seat, play in plays.items():
            merged.pop(seat, None)
            merged[seat] = play
        return merged, kinds

    def _action_kind(self, ply: int) -> str:
        before = len(self.states[ply].log)
        kinds = [r.action.kind for r in self.states[ply + 1].log[before:] if not r.auto]
        return kinds[0] if kinds else ""

    # --- the person's side -----------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Play the person's ``action``; False (and the refusal in ``message``) when refused."""
        if not self.mine():
            return False
        mark = len(self.states)
        try:
            self.challenge.play(action)
        except IllegalActionError as error:
            self.message = refusals.describe_refusal(self.puzzle.game, error)
            return False
        self._marks.append(mark)
        self._shown(None, moved=True)
        return True

    def pass_turn(self) -> bool:
        """The person passes; False (the reason in ``message``) when they may not."""
        passes = [a for a in self.state.legal_actions() if a.kind == "pass"]
        if not passes:
            self.message = refusals.pass_refusal(self.state, self.puzzle.game)
            return False
        return self.play(passes[0])

    def ask_hint(self) -> bool:
        """Work out a winning move (on the thread); False when it is not the person's turn."""
        if not self.mine():
            return False
        self.message = Words("table.hint_thinking")
        self._start("hint", self.challenge.hint)
        return True

    def undo(self) -> bool:
        """Back to the person's previous decision; False when there is none or an answer is
        being worked out."""
        if not self.can_undo():
            return False
        self.job = None  # a reply worked out and waiting to be shown is dropped
        self.challenge.undo()
        del self.states[self._marks.pop() :]
        self._shown(Words("table.undone"))
        return True

    def retry(self) -> bool:
        """Back to the puzzle's position (an answer waiting to be shown is dropped); False
        while the solver is still at work (one solver serves one search at a time)."""
        if not self.idle():
            return False
        self.job = None
        self.challenge.retry()
        self.states = [self.challenge.state.clone()]
        self._marks.clear()
        self.stars, self.best = 0, False
        self._shown(None)
        return True

    def idle(self) -> bool:
        """Whether the solver is not at work (an answer may be waiting to be shown)."""
        return self.job is None or self.job.done

    def can_undo(self) -> bool:
        return self.idle() and bool(self._marks)

    # --- the defence and the clock -----------------------------------------------------------
    def update(self) -> Action | None:
        """Start, collect and show the solver's answers; returns the defence's move when one
        was just applied."""
        job = self.job
        if job is not None:
            if not job.done:
                return None
            if job.error is not None:
                raise job.error
            if self._job_kind == "hint":
                self.job = None
                self._hinted(job.result)
                return None
            if time.monotonic() - self._shown_at < min(MAX_PAUSE_S, self.pause()):
                return None
            self.job = None
            action = job.result
            assert action is not None  # a finished defence job always answers
            self.challenge.state.apply(action)
            self._shown(None, moved=True)
            return action
        if self.thinking():
            self._start("defence", self.challenge.defence)
        return None

    def _start(self, kind: str, call: Callable[[], Action | None]) -> None:
        key = (kind, len(self.states))
        self._job_kind = kind
        # A hint may be None (no winning move left): the job keeps whatever the call returns.
        job_call = cast(Callable[[], Action], call)
        self.job = BotJob(key, job_call, self.threaded, time.monotonic())

    def _hinted(self, action: Action | None) -> None:
        self.hinted = self.hint_ready = action
        if action is None:
            self.message = Words("challenges.no_winning_move")
        elif action.kind == "pass":
            self.message = Words("table.hint_pass")
        else:
            self.message = None

    def _shown(self, message: Words | None, *, moved: bool = False) -> None:
        """A new position is shown (``moved``: after an action, kept for the plays and undo):
        timed from now, and the result kept when the goal is met."""
        if moved:
            self.states.append(self.challenge.state.clone())
        self._shown_at = time.monotonic()
        self.message, self.hinted = message, None
        if self.outcome() is True and not self.stars:
            self.stars = self.challenge.stars()
            self.best = self.progress.record(self.puzzle.game, self.puzzle.id, self.stars)
