"""The AI review of one deal's decisions, worked out off the frame loop (issue 27; no pygame):
a worker process (:mod:`game.history.review_worker`) fed by a thread, or that thread itself when
no process can be started; the replay polls it each frame.
"""

from __future__ import annotations

import logging
import queue
import subprocess
import threading

from game.history import review
from game.history.replay import ReplayDeal
from game.history.review import SAMPLES, Cancelled, Verdict
from game.history.review_worker import Worker, job_data, stop_worker
from game.rules.base import Action, DealState

#: One decision to review: its ply, the state before it, the action played and its seed.
Task = tuple[int, DealState, Action, int]

log = logging.getLogger(__name__)


class ReviewJob:
    """The review of one deal's decisions for ``seat``, off the frame loop.

    The work runs in a worker process (:func:`worker_command`: the interpreter lock stays with
    the frame loop, which keeps its full rate); a thread feeds it and reads its answers. When
    no process can be started, or it stops before the end, the rest is reviewed in that
    thread. ``cached`` verdicts (from the database) are not computed again. The caller polls
    :meth:`collect` each frame (the new verdicts, to show and to store) and reads
    :attr:`progress`; :meth:`cancel` ends the process and stops the thread at its next
    rollout."""

    def __init__(
        self,
        deal: ReplayDeal,
        seat: int,
        cached: dict[int, Verdict] | None = None,
        *,
        samples: int = SAMPLES,
        process: bool = True,
    ) -> None:
        self.deal = deal
        self.plies = review.decisions(deal, seat)
        self.verdicts: dict[int, Verdict] = {
            ply: v for ply, v in (cached or {}).items() if ply in self.plies
        }
        self.samples = samples
        self.use_process = process
        self.failed = False
        self._todo = [ply for ply in self.plies if ply not in self.verdicts]
        self._queue: queue.SimpleQueue[Verdict] = queue.SimpleQueue()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if self._todo and self._thread is None:
            tasks = [
                (
                    ply,
                    self.deal.states[ply],
                    review.played_action(self.deal, ply),
                    review.seed_of(self.deal, ply),
                )
                for ply in self._todo
            ]
            self._thread = threading.Thread(
                target=self._run, args=(tasks,), name="cardavia-review", daemon=True
            )
            self._thread.start()

    def _spawn(self, plies: list[int]) -> Worker | None:
        if not self.use_process or self.deal.source is None:
            return None
        try:
            worker = Worker(job_data(self.deal, plies, self.samples))
        except (OSError, ValueError) as error:
            log.warning("no review worker process (%s); reviewing in a thread", error)
            return None
        self._process = worker.process
        return worker

    def _run(self, tasks: list[Task]) -> None:
        try:
            left = self._in_process(tasks) if not self._cancel.is_set() else []
            for ply, state, played, seed in left:
                if self._cancel.is_set():
                    return
                self._queue.put(
                    review.judge(
                        self.deal.preset,
                        ply,
                        state,
                        played,
                        seed,
                        samples=self.samples,
                        cancel=self._cancel,
                    )
                )
        except Cancelled:
            return
        except Exception:  # noqa: BLE001 - a failed review must not take the replay down
            log.exception("AI review failed")
            self.failed = True

    def _in_process(self, tasks: list[Task]) -> list[Task]:
        """Let a worker process review ``tasks``; returns those it did not answer."""
        worker = self._spawn([task[0] for task in tasks])
        if worker is None:
            return tasks
        wanted = {task[0] for task in tasks}
        answered: set[int] = set()
        try:
            for found in worker.verdicts(self._cancel):
                if found.ply in wanted:
                    answered.add(found.ply)
                    self._queue.put(found)
        except OSError as error:
            if not self._cancel.is_set():
                log.warning("review worker stopped: %s", error)
        left = [task for task in tasks if task[0] not in answered]
        if left and not self._cancel.is_set():
            log.warning("review worker ended early; reviewing the rest in a thread")
        return left

    def cancel(self) -> None:
        self._cancel.set()
        stop_worker(self._process)

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def collect(self) -> list[Verdict]:
        """The verdicts finished since the last call (they are also kept in ``verdicts``)."""
        new = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            self.verdicts[item.ply] = item
            new.append(item)
        return new

    @property
    def progress(self) -> tuple[int, int]:
        """(decisions reviewed, decisions in all)."""
        return len(self.verdicts), len(self.plies)

    @property
    def done(self) -> bool:
        return len(self.verdicts) >= len(self.plies) or self.failed
