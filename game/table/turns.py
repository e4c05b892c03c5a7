"""The bots' work at the table (issue 53: split from ``controller.py``): an AI seat's
decision, started when its turn begins and played once it is ready and the think delay has
passed, and the player's hint, asked of the Normal bot. Each is a
:class:`~game.table.bots.BotJob` (a worker thread, or inline), tied to the position it was
asked at, so the frame loop never waits on a bot and an answer to a position gone is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.rules.base import Action, DealState
from game.table.bots import BotJob, BotSeats

log = logging.getLogger(__name__)

#: A position of the table (the controller's state key).
Key = tuple[object, ...]


class BotTurns:
    """The one AI decision under way and the hint asked for, over the seats' bots ``ai``;
    ``threaded`` runs them on a worker thread (see the module docstring)."""

    def __init__(self, ai: BotSeats, threaded: bool) -> None:
        self.ai = ai
        self.threaded = threaded
        self.job: BotJob | None = None
        self.hint_job: BotJob | None = None
        self.turn_key: Key | None = None
        self.turn_started = 0.0

    def restart(self, now: float) -> None:
        """A new deal is shown: nothing is asked, the turn's clock starts ``now``."""
        self.stop()
        self.turn_started = now

    def stop(self) -> None:
        """Forget every answer under way (the deal ended or was taken back)."""
        self.job = None
        self.hint_job = None
        self.turn_key = None

    def start(
        self, state: DealState, seat: int, key: Key, legal: list[Action], now: float
    ) -> BotJob:
        """``seat``'s decision at the position ``key``, from its own view of ``state``."""
        view = state.clone().view(seat)
        return self.ai.turn(seat, key, view, legal, self.threaded, now)

    def begin(self, key: Key, now: float) -> None:
        """The table stands at ``key``: a new position starts a new turn, its clock at ``now``
        (an answer asked at the position before is forgotten)."""
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = now
            self.job = None

    def ready(
        self,
        state: DealState,
        seat: int,
        key: Key,
        legal: Callable[[], list[Action]],
        delay: float,
        now: float,
    ) -> BotJob | None:
        """The AI ``seat``'s answer at ``key`` (asked now if it is not yet) once it is ready
        and its turn is ``delay`` seconds old (it is then forgotten), else None."""
        if self.job is None:
            self.job = self.start(state, seat, key, legal(), now)
        job = self.job
        if job.done and now - self.turn_started >= delay:
            self.job = None
            return job
        return None

    def thinking(self, key: Key) -> bool:
        """Whether a bot is choosing its action at the position ``key`` right now."""
        return self.job is not None and self.job.key == key

    # --- the player's hint ----------------------------------------------------------------
    def ask_hint(
        self,
        state: DealState,
        seat: int,
        key: Key,
        legal: Callable[[], list[Action]],
        now: float,
    ) -> bool:
        """Ask the hint's bot for ``seat``'s move at ``key``; False when it is asked already."""
        if self.hint_job is not None and self.hint_job.key == key:
            return False
        view = state.clone().view(seat)
        self.hint_job = self.ai.hint(key, view, legal(), self.threaded, now)
        return True

    def take_hint(self, key: Key, is_legal: Callable[[Action], bool]) -> Action | None:
        """The hint once computed for the position ``key`` (then forgotten), else None; an
        answer to another position or an illegal one is dropped."""
        job = self.hint_job
        if job is None or not job.done:
            return None
        self.hint_job = None
        if job.key != key or job.result is None:
            return None
        if not is_legal(job.result):
            log.warning("hint bot proposed an illegal action %r", job.result)
            return None
        return job.result

    @property
    def hint_pending(self) -> bool:
        return self.hint_job is not None and not self.hint_job.done


def play_answer(
    state: DealState, seat: int, job: BotJob, legal: Callable[[], list[Action]]
) -> None:
    """Apply the AI ``seat``'s answer to ``state``; when it failed, was refused or is no
    action, the first legal action instead (logged: a bot's bug never stops the table)."""
    action = job.result
    problem: object = job.error
    if problem is None and action is not None:
        try:
            state.apply(action)  # a refused action leaves the state as it was
        except Exception as error:  # refused, malformed (not an Action), or a bot's bug
            problem = error
    else:
        problem = problem or "no action"
    if problem is not None:
        log.error("bot at seat %s failed (%s); playing the first legal action", seat, problem)
        state.apply(legal()[0])
