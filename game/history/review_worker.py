"""The AI review's worker process (issue 27; no pygame): ``python -m game --review-worker``,
or the executable itself, reads one job (a deal's source and the decisions to judge) on stdin
and writes one verdict a line on stdout, so the search runs outside the frame loop's
interpreter. :class:`Worker` is the parent's end of it; :mod:`game.history.review_job` and the
coach (:mod:`game.history.coach`) feed it.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any, TypedDict

from game.history import replay as replay_mod
from game.history import review
from game.history.replay import DealSource, ReplayDeal
from game.history.review import Verdict, VerdictData

log = logging.getLogger(__name__)


class Job(TypedDict):
    """A worker's job (:func:`job_data`): the game, the samples per decision, the deal's
    source and each decision's ``[ply, seed]``."""

    preset: str
    samples: int
    source: DealSource
    tasks: list[list[int]]


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

    def __init__(self, job: Job) -> None:
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


def job_data(deal: ReplayDeal, plies: list[int], samples: int) -> Job:
    """The worker's job as plain data (JSON): the deal's ``source`` (game, house rules, seed,
    where it sits in its match, actions), the samples, and each decision's position and seed."""
    if deal.source is None:
        raise ValueError("the deal has no source to send")
    return {
        "preset": deal.preset,
        "samples": samples,
        "source": deal.source,
        "tasks": [[ply, review.seed_of(deal, ply)] for ply in plies],
    }


# Any: a job as the worker read it (JSON), each value checked before it is used
def run_job(job: Any) -> Iterator[tuple[int, VerdictData]]:
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
        found = review.judge(deal.preset, ply, deal.states[ply], review.played_action(deal, ply), seed,
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
