"""The deal-end service: one thread that writes the history, so the frame loop never waits on it.

The table hands each finished deal to :meth:`HistoryWriter.record` (the app gives the table the
writer as ``app.history``, :class:`game.services.DealRecorder`), which only puts it on a queue.
The writer's own thread, with its own connection (:class:`game.history.db.Handle`), opens the
database when the game starts (setting a broken file aside, migrating an older one, writing the
deals a previous run left waiting), then writes each deal in its own transaction. A deal that cannot be written (another program holds the file, a full or
read-only disk) is kept by :mod:`game.history.pending` (beside the database, else in the config
or the temp folder) and written by this thread as soon as the file takes it again: it tries
every :data:`RETRY_S` seconds while deals wait. So while another process holds the file for a
long time, the table goes on at its full rate and no deal is lost.

The main thread only ever queues work, except :meth:`HistoryWriter.settle` (tests, tools) and
:meth:`HistoryWriter.close` (quitting: it waits at most ``timeout`` seconds for the queue, then
keeps whatever is left in the pending file, so a held lock never delays quitting for long).
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable

from game.history import db, pending
from game.table.summary import DealRow

log = logging.getLogger(__name__)

#: Seconds between two tries to write the deals that wait (another program holds the file).
RETRY_S = 5.0
#: How long quitting waits for the writer before it keeps the rest in the pending file.
CLOSE_S = 3.0

Job = Callable[[db.Handle], object]


def _open_at_start(handle: db.Handle) -> None:
    """Open (and migrate) the history and write the deals left waiting; a game that never
    kept a deal gets its file with its first deal, not at the start."""
    path = db.db_path()
    if pending.waiting(path) or os.path.lexists(path):
        handle.flush_pending()


class HistoryWriter:
    """The history's one writer (see the module docstring); :meth:`start` it once."""

    def __init__(self, *, retry_s: float = RETRY_S) -> None:
        self.retry_s = retry_s
        self._handle = db.Handle(flush=True)
        self._jobs: queue.SimpleQueue[tuple[Job, DealRow | None] | None] = queue.SimpleQueue()
        self._done = threading.Condition()
        self._queued = self._finished = 0
        self._current: DealRow | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    # --- what the game asks (never waits) ---------------------------------------------------
    def start(self) -> None:
        """Start the thread: it opens the database and writes the deals left waiting."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="cardavia-history", daemon=True)
        self._thread.start()
        db.on_close(self.close)
        self._put(_open_at_start, None)

    def record(self, row: DealRow) -> None:
        """Hand a finished deal to the writer (the deal-end service; returns at once)."""
        if self._closed:  # quitting already: it waits for the next start
            pending.keep(row, db.db_path())
            return
        self.start()
        self._put(lambda handle: handle.record(row), row)

    @property
    def idle(self) -> bool:
        """Whether every job handed in is done."""
        with self._done:
            return self._finished >= self._queued

    # --- waiting (tests, tools, quitting) ---------------------------------------------------
    def settle(self, timeout: float | None = None) -> bool:
        """Wait until every job handed in so far is done; False when ``timeout`` ran out."""
        with self._done:
            goal = self._queued
            return self._done.wait_for(lambda: self._finished >= goal, timeout)

    def close(self, timeout: float = CLOSE_S) -> None:
        """Finish the queue (at most ``timeout`` seconds), keep what is left in the pending
        file, and close the writer's connection."""
        if self._closed:
            return
        self._closed = True
        thread = self._thread
        if thread is None:
            self._keep_left()
            return
        self._jobs.put(None)
        thread.join(timeout)
        if thread.is_alive():  # held up by a lock: what it holds waits for the next start
            log.warning("history writer still busy at exit; its deals wait in the pending file")
            self._keep_left()

    # --- the thread ---------------------------------------------------------------------------
    def _put(self, job: Job, row: DealRow | None) -> None:
        with self._done:
            self._queued += 1
        self._jobs.put((job, row))

    def _keep_left(self) -> None:
        """Keep the deals still queued or being written (a deal written meanwhile is known by
        its key and never doubled)."""
        rows = [self._current] if self._current is not None else []
        while True:
            try:
                item = self._jobs.get_nowait()
            except queue.Empty:
                break
            if item is not None and item[1] is not None:
                rows.append(item[1])
        self._jobs.put(None)  # the thread, when it is free again, ends
        for row in rows:
            pending.keep(row, db.db_path())

    def _run(self) -> None:
        while True:
            waiting = pending.waiting(db.db_path())
            try:
                item = self._jobs.get(timeout=self.retry_s if waiting else None)
            except queue.Empty:
                self._work(lambda handle: handle.flush_pending(), None)
                continue
            if item is None:
                break
            self._work(*item)
            with self._done:
                self._finished += 1
                self._done.notify_all()
        if pending.waiting(db.db_path()):
            self._work(lambda handle: handle.flush_pending(), None)
        self._handle.close()

    def _work(self, job: Job, row: DealRow | None) -> None:
        self._current = row
        try:
            job(self._handle)
        except Exception:  # noqa: BLE001 - the writer never dies: the deal waits instead
            log.exception("history writer: a job failed")
            if row is not None:
                pending.keep(row, db.db_path())
        finally:
            self._current = None
