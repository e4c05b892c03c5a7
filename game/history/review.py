"""The AI review of a recorded deal (issue 27 item 3; no pygame).

At each of the player's decisions (the player's seat to act with more than one legal action)
Hard's search is asked, from that seat's view at that point only (rebuilt from the action log
by the replay), what it would play and how much more or less it values the move that was
played: both are rolled out on the same sampled deals, so the difference is the search's own
paired estimate, in the game's outcome units (levels, or points in Run Fast). The search uses a
fixed number of samples and a seed made from the deal's actions and the decision's number, so
the same decision always gets the same verdict.

:class:`ReviewJob` works through a deal's decisions in a worker process (``python -m game
--review-worker``, or the executable itself, fed by a thread; in that thread when no process
can be started), so the frame loop only polls it; it can be cancelled at any time and hands
each verdict back to the caller, which caches it in the database's ``reviews`` table.
"""

from __future__ import annotations

import json
import logging
import math
import os
import queue
import random
import subprocess
import sys
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.ai.registry import make_bot
from game.history import replay as replay_mod
from game.history.replay import ReplayDeal
from game.rules.base import Action, DealState
from game.table.record import action_to_data

log = logging.getLogger(__name__)

#: Changes when the review's search changes; cached verdicts of another version are redone.
VERSION = 1
#: Sampled deals per decision (fixed: no clock is read, so a verdict repeats exactly).
SAMPLES = 24


@dataclass(frozen=True, slots=True)
class Verdict:
    """Hard's opinion of one decision: ``played`` and ``best`` as action data
    (:func:`game.table.record.action_to_data`), ``difference`` the search's value of the played
    move minus that of its own choice (0 when they agree)."""

    ply: int
    seat: int
    played: dict[str, Any]
    best: dict[str, Any]
    difference: float
    samples: int

    @property
    def agrees(self) -> bool:
        return _same(self.played, self.best)

    def as_data(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "difference": self.difference,
            "samples": self.samples,
        }

    @classmethod
    def from_data(cls, ply: int, data: Any) -> Verdict | None:
        """A cached (or a worker's) verdict, or None when it is of another version or
        malformed (every value is checked: the replay reads them without asking)."""
        if not isinstance(data, dict) or data.get("v") != VERSION or type(ply) is not int:
            return None
        seat: Any = data.get("seat")
        samples: Any = data.get("samples")
        difference: Any = data.get("difference")
        played: Any = data.get("played")
        best: Any = data.get("best")
        if not (_action_data(played) and _action_data(best)):
            return None
        if type(seat) is not int or type(samples) is not int or not 0 <= seat < 16:
            return None
        if type(difference) not in (int, float) or not math.isfinite(difference):
            return None
        return cls(ply, seat, dict(played), dict(best), float(difference), samples)


def _action_data(value: Any) -> bool:
    """Whether ``value`` is an action as :func:`action_to_data` writes it (kind and cards)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("kind"), str)
        and isinstance(value.get("cards"), str)
    )


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["kind"], sorted(a["cards"].split()), a["combo"]) == (
        b["kind"],
        sorted(b["cards"].split()),
        b["combo"],
    )


def played_action(deal: ReplayDeal, ply: int) -> Action:
    """The action taken at position ``ply`` (from ``states[ply]`` to ``states[ply + 1]``)."""
    action: Action = deal.played(ply).action
    return action


def decisions(deal: ReplayDeal, seat: int) -> list[int]:
    """The positions where ``seat`` acted with a choice of more than one legal action."""
    plies = []
    for ply, state in enumerate(deal.states[:-1]):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            plies.append(ply)
    return plies


def deal_key(deal: ReplayDeal) -> int:
    """A number that names the deal: the CRC of its game and actions (a recorded deal and its
    exported copy get the same)."""
    final = deal.states[-1]
    words = [deal.preset] + [str(action_to_data(r.seat, r.action)) for r in final.log]
    return zlib.crc32("\n".join(words).encode("utf-8"))


def review_decision(
    preset: str,
    state: DealState,
    played: Action,
    *,
    seed: int,
    samples: int = SAMPLES,
    cancel: threading.Event | None = None,
) -> tuple[Action, float, int]:
    """(Hard's choice, the played move's value minus that choice's, samples) at ``state``,
    seen only through ``state.view`` of the seat to act. ``cancel`` set stops it at the next
    rollout (:class:`Cancelled`)."""
    from game.ai.search import SearchBot

    seat = state.current_player
    assert seat is not None  # a decision: some seat is to act
    bot = make_bot(preset, "hard", samples=samples)
    if not isinstance(bot, SearchBot):
        raise TypeError(f"Hard of {preset!r} is not a search")
    if cancel is not None:
        rollout = bot.rollout

        def stoppable(state: DealState, seat: int, rng: random.Random) -> float:
            if cancel.is_set():
                raise Cancelled
            return rollout(state, seat, rng)

        # This one bot's rollouts look at the cancel flag first (it is never reused).
        bot.rollout = stoppable  # type: ignore[method-assign]
    view = state.view(seat)
    return bot.appraise(view, list(state.legal_actions()), played, random.Random(seed))


class Cancelled(Exception):
    """The review was cancelled (the replay closed)."""


def seed_of(deal: ReplayDeal, ply: int) -> int:
    """The search's seed at decision ``ply`` of ``deal`` (fixed: the verdict repeats)."""
    return deal_key(deal) * 1009 + ply


def judge(
    preset: str,
    ply: int,
    state: DealState,
    played: Action,
    seed: int,
    *,
    samples: int = SAMPLES,
    cancel: threading.Event | None = None,
) -> Verdict:
    """The verdict on ``played`` at ``state`` (position ``ply``)."""
    seat = state.current_player
    assert seat is not None  # a decision: some seat is to act
    best, difference, used = review_decision(
        preset, state.clone(), played, seed=seed, samples=samples, cancel=cancel
    )
    return Verdict(
        ply,
        seat,
        action_to_data(seat, played),
        action_to_data(seat, best),
        round(difference, 4),
        used,
    )


def verdict(deal: ReplayDeal, ply: int, *, samples: int = SAMPLES, cancel: Any = None) -> Verdict:
    """The verdict on the decision at ``ply`` of ``deal`` (the same every time)."""
    return judge(
        deal.preset,
        ply,
        deal.states[ply],
        played_action(deal, ply),
        seed_of(deal, ply),
        samples=samples,
        cancel=cancel,
    )


# --- the worker process ------------------------------------------------------------------------
#: The first argument that makes ``python -m game`` (or the executable) a review worker.
WORKER_FLAG = "--review-worker"


def stop_worker(process: subprocess.Popen[bytes] | None) -> None:
    """Kill a review worker that is still running (the review or the coach was cancelled)."""
    if process is not None and process.poll() is None:
        try:
            process.kill()
        except OSError:
            pass


def worker_command() -> list[str]:
    """How to start a review worker: the executable itself when frozen, else this Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "game", WORKER_FLAG]


#: How long a worker may take for one verdict (from the job's start or the verdict before):
#: after that it is stopped and the rest is reviewed in the thread (issue 57: a worker that
#: never answered left the review at 0/N for ever). A verdict takes seconds.
ANSWER_DEADLINE_S = 60.0
#: How often a wait for the worker looks whether the review was cancelled.
_POLL_S = 0.1


def parse_answer(line: bytes) -> Verdict | None:
    """A worker's line ``[ply, verdict data]`` as a verdict, or None when it is not one."""
    try:
        item = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(item, list) and len(item) == 2):
        return None
    return Verdict.from_data(item[0], item[1])


class Worker:
    """One review worker process (:func:`worker_main`) asked one job (:func:`job_data`).
    Starting it raises OSError or ValueError when no process can be started."""

    def __init__(self, job: dict[str, Any]) -> None:
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0
        self.process = subprocess.Popen(
            worker_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, creationflags=flags,
        )  # fmt: skip
        self._job = json.dumps(job, ensure_ascii=False).encode("utf-8")
        self._lines: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()

    def _read(self) -> None:
        stdout = self.process.stdout
        try:
            if stdout is not None:
                for line in stdout:
                    self._lines.put(line)
        except (OSError, ValueError):
            pass
        finally:
            self._lines.put(None)

    def verdicts(
        self, cancel: threading.Event, deadline_s: float | None = None
    ) -> Iterator[Verdict]:
        """The verdicts as the worker writes them (a line that is not one is skipped with one
        logged line). Ends when the worker ends, when ``cancel`` is set, or when no line came
        for ``deadline_s`` seconds (default :data:`ANSWER_DEADLINE_S`); the worker is stopped
        then."""
        limit = ANSWER_DEADLINE_S if deadline_s is None else deadline_s
        try:
            stdin = self.process.stdin
            if stdin is None:
                return
            stdin.write(self._job)
            stdin.close()
            threading.Thread(target=self._read, name="cardavia-review-read", daemon=True).start()
            waited = 0.0
            while not cancel.is_set():
                try:
                    line = self._lines.get(timeout=_POLL_S)
                except queue.Empty:
                    waited += _POLL_S
                    if waited >= limit:
                        log.warning("review worker silent for %.0f s: stopped", limit)
                        return
                    continue
                if line is None:
                    return
                waited = 0.0
                found = parse_answer(line)
                if found is None:
                    log.warning("review worker wrote a line that is not a verdict: %.80r", line)
                else:
                    yield found
        finally:
            stop_worker(self.process)
            self.process.wait()


#: The largest job a worker reads (a deal and its match's earlier deals are far below it).
MAX_JOB_BYTES = 8 * 1024 * 1024


def job_data(deal: ReplayDeal, plies: list[int], samples: int) -> dict[str, Any]:
    """The worker's job as plain data (JSON): the deal's ``source`` (game, house rules, seed,
    where it sits in its match, actions), the samples, and each decision's position and seed."""
    if deal.source is None:
        raise ValueError("the deal has no source to send")
    return {
        "preset": deal.preset,
        "samples": samples,
        "source": deal.source,
        "tasks": [[ply, seed_of(deal, ply)] for ply in plies],
    }


def run_job(job: Any) -> Any:
    """The verdicts of a job (:func:`job_data`), one ``(ply, verdict data)`` at a time; a job
    that is not one raises ValueError, KeyError or TypeError."""
    if not isinstance(job, dict) or not isinstance(job.get("tasks"), list):
        raise ValueError("not a review job")
    samples = job["samples"]
    if type(samples) is not int or not 1 <= samples <= 10_000:
        raise ValueError("the samples are not a small number")
    deal = replay_mod.rebuild(job["source"])
    for ply, seed in job["tasks"]:
        if type(ply) is not int or type(seed) is not int or not 0 <= ply < len(deal.states) - 1:
            raise ValueError("a task is not a position and a seed")
        found = judge(deal.preset, ply, deal.states[ply], played_action(deal, ply), seed,
                      samples=samples)  # fmt: skip
        yield ply, found.as_data()


def worker_main() -> int:
    """A review worker: reads one JSON job (:func:`job_data`, from its own parent) on stdin and
    writes one JSON line ``[ply, verdict data]`` per decision on stdout. Any failure ends it
    quietly (the parent then reviews in a thread)."""
    try:
        source = sys.stdin.buffer if sys.stdin is not None else os.fdopen(0, "rb")
        sink = sys.stdout.buffer if sys.stdout is not None else os.fdopen(1, "wb")
        raw = source.read(MAX_JOB_BYTES + 1)
        if len(raw) > MAX_JOB_BYTES:
            return 1
        for ply, data in run_job(json.loads(raw.decode("utf-8"))):
            sink.write((json.dumps([ply, data]) + "\n").encode("utf-8"))
            sink.flush()
    except Exception:  # noqa: BLE001 - the parent falls back; nothing to tell here
        return 1
    return 0


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
        self.plies = decisions(deal, seat)
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
                (ply, self.deal.states[ply], played_action(self.deal, ply), seed_of(self.deal, ply))
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

    def _run(self, tasks: list[tuple[int, Any, Action, int]]) -> None:
        try:
            left = self._in_process(tasks) if not self._cancel.is_set() else []
            for ply, state, played, seed in left:
                if self._cancel.is_set():
                    return
                self._queue.put(
                    judge(
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

    def _in_process(self, tasks: list[tuple[int, Any, Action, int]]) -> list[Any]:
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
