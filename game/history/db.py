"""The history database: one SQLite file (``history.sqlite3`` in the user's data folder).

This module opens it and guards every use; :mod:`game.history.database` is the open file
(:class:`Database`: writes and the deals' readers), :mod:`game.history.stats` the statistics'
readers, :mod:`game.history.schema` the migrations and what an error means, and
:mod:`game.history.writer` the one thread that writes finished deals, so the frame loop never
waits on the file. The schema carries its version in ``PRAGMA user_version`` and
:data:`MIGRATIONS` takes a file of any older version up step by step, each step in one
transaction.

Only a file that is really broken is set aside (issues 45, 57): one that is not a database, fails
``PRAGMA quick_check``, carries a ``user_version`` this game does not know (negative, or from a
newer Cardavia), lacks the tables its version promises, whose schema text is not even text, or
that is a link (SQLite would follow it out of the data folder; a link loop would never open),
a folder, a FIFO or a device. It is renamed ``history.sqlite3.broken-<time>`` (with its
``-wal`` and ``-shm``), the player is told once and a new database is started; when even the
rename fails the game remembers this run in memory. A busy or locked file (another program
writing) is waited for: SQLite's busy timeout, then :func:`Handle.guarded` retries with
back-off. A finished deal that still cannot be written (locked too long, full disk, I/O error)
is kept by :mod:`game.history.pending` (in memory and in a small file, beside the database or
in a fallback folder), the player is told once, and it is written at the next chance. Rows and
meta values that do not parse are skipped with one logged line. The game never crashes over
the database.

Each thread keeps its own :class:`Handle` (its own connection): :func:`shared` and
:func:`guarded` are the screens' (the main thread's, reading), the writer has one of its own.
When one of them sets a broken file aside, the others open the new file at their next use.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, overload

from game import paths, storage
from game.history import pending, schema
from game.history.database import Database
from game.history.schema import (  # noqa: F401 - re-exported: the database's public names
    BOOL_COLUMNS,
    BUSY_TIMEOUT_S,
    COLUMNS,
    FILE_ERRORS,
    JSON_COLUMNS,
    MIGRATIONS,
    RETRY_DELAYS_S,
    SCHEMA_VERSION,
    NewerDatabaseError,
    UnavailableError,
    UnknownSchemaError,
    error_kind,
    migrate,
    retrying,
)
from game.history.stats import Chart, StatLine  # noqa: F401 - re-exported
from game.table.summary import DealRow

__all__ = [
    "Chart", "Database", "FILENAME", "Handle", "RETRY_DELAYS_S", "StatLine", "UnavailableError",
    "close_shared", "db_path", "flush_at_start", "flush_pending", "guarded", "open_database",
    "record_deal", "shared",
]  # fmt: skip

log = logging.getLogger(__name__)
T = TypeVar("T")
D = TypeVar("D")

FILENAME = "history.sqlite3"

#: Locale keys of the notices shown once when the database was set aside.
NOTICE_UNREADABLE = "history.db_unreadable"
NOTICE_NEWER = "history.db_newer"
NOTICE_MEMORY = "history.db_memory"
NOTICE_PENDING = pending.NOTICE

#: Opening and setting aside happen one at a time in the whole process.
_opening = threading.RLock()
#: Counts the files set aside: a handle whose file was set aside opens the new one.
_generation = 0


def db_path() -> Path:
    return paths.data_dir() / FILENAME


def _set_aside(path: Path) -> bool:
    """Rename the database and its WAL files aside; False (nothing removed) if that failed."""
    global _generation
    target = storage.aside_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return False
    _generation += 1
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if os.path.lexists(side):
            try:
                os.replace(side, target.with_name(target.name + suffix))
            except OSError as error:
                log.warning("could not set %s aside: %s", side, error)
    storage.fsync_folder(path.parent)
    log.warning("history database set aside to %s", target)
    return True


def _really_broken(path: Path) -> bool:
    """Whether the file at ``path`` is not a database, fails ``PRAGMA quick_check`` or cannot
    even say why (a schema that is not text): a busy or unreadable file is not broken (it is
    waited for, never set aside)."""
    try:
        probe = sqlite3.connect(str(path), timeout=schema.BUSY_TIMEOUT_S, isolation_level=None)
        try:
            result = probe.execute("PRAGMA quick_check").fetchall()
        finally:
            probe.close()
    except sqlite3.Error as error:
        return error_kind(error) == "broken"
    except FILE_ERRORS:  # noqa: B014 - e.g. UnicodeDecodeError from a damaged schema's text
        return True
    return [tuple(row) for row in result] != [("ok",)]


def _refused(path: Path) -> str | None:
    """Why what sits at ``path`` (or its ``-wal``/``-shm``) is never opened as the database:
    a link (SQLite follows it; the log refuses links too), a folder, a FIFO (SQLite would wait
    on it) or a device; None for a regular file or nothing."""
    for candidate in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            info = os.lstat(candidate)
        except FileNotFoundError:
            continue
        except OSError:
            return None  # cannot look: opening will say what is wrong
        if stat.S_ISLNK(info.st_mode):
            return f"{candidate.name} is a link"
        if not stat.S_ISREG(info.st_mode):
            return f"{candidate.name} is not a regular file"
    return None


def open_database(path: Path | None = None, *, flush: bool = True) -> Database:
    """Open (or create, or migrate) the database at ``path`` (default :func:`db_path`) and,
    when ``flush``, write the deals still waiting (:mod:`game.history.pending`).

    A file that is a link or not a regular file, not a database, fails ``quick_check`` or has
    an unknown or newer schema is set aside with one notice and a new file started; if that
    fails too the database lives in memory for this run (its own notice). A healthy file that
    stays busy or cannot be opened now raises :class:`UnavailableError` and is left alone.
    """
    path = db_path() if path is None else Path(path)
    with _opening:
        refused = _refused(path)
        if refused is not None:
            return _start_afresh(path, refused, NOTICE_UNREADABLE)
        try:
            database: Database = retrying(lambda: Database(path), RETRY_DELAYS_S)
        except FILE_ERRORS as error:  # noqa: B014 - sqlite3, OS and decoding errors alike
            kind, problem = error_kind(error), storage.describe(error)
            confirmed = isinstance(error, UnknownSchemaError) or _really_broken(path)
            if kind in ("busy", "unwritable") or (kind == "broken" and not confirmed):
                log.warning("history database %s not available now: %s", path, problem)
                raise UnavailableError(problem) from error
            notice = NOTICE_NEWER if kind == "newer" else NOTICE_UNREADABLE
            return _start_afresh(path, problem, notice)
    if flush:
        try:
            pending.flush(database)
        except FILE_ERRORS as error:  # noqa: B014
            log.warning("pending deals not written yet: %s", storage.describe(error))
    return database


def _start_afresh(path: Path, problem: str, notice: str) -> Database:
    """Set the broken file aside and start a new one (or one in memory, if that fails)."""
    log.warning("history database %s cannot be used: %s", path, problem)
    if _set_aside(path):
        try:
            database = Database(path)
        except FILE_ERRORS as error:  # noqa: B014
            log.warning("new history database failed too: %s", storage.describe(error))
        else:
            storage.notice(notice, folder=str(path.parent))
            return database
    storage.notice(NOTICE_MEMORY, folder=str(path.parent))
    return Database(None)


class Handle:
    """One thread's way to the database: opened on first use, guarded on every use.

    ``flush``: whether opening writes the waiting deals (the writer's handle does; the
    screens' does not, so a reader never waits for those writes)."""

    def __init__(self, *, flush: bool) -> None:
        self.flush = flush
        self.database: Database | None = None
        self._generation = _generation

    def get(self) -> Database:
        """The open database (:class:`UnavailableError` while it cannot be opened; the next
        call tries again). A file set aside meanwhile by another handle is left for the new."""
        if self.database is not None and self._generation != _generation:
            self.close()
        if self.database is None:
            self.database = open_database(flush=self.flush)
            self._generation = _generation  # a file it set aside itself is not a reason to reopen
        return self.database

    def close(self) -> None:
        if self.database is not None:
            self.database.close()
            self.database = None

    def guarded(self, call: Callable[[Database], T], default: T) -> T:
        """Run ``call`` on the database and return its value, or ``default`` when it failed.
        A busy or locked file is waited for (:func:`retrying`); a full disk or an I/O error
        gives ``default`` and leaves the file alone; a file found broken (confirmed by
        ``quick_check``) is set aside with one notice and the call tried once on the new
        file."""
        for attempt in range(2):
            try:
                result: T = retrying(lambda: call(self.get()), RETRY_DELAYS_S)
                return result
            except FILE_ERRORS as error:  # noqa: B014 - sqlite3, OS and decoding errors alike
                log.warning("history database: %s", storage.describe(error))
                database = self.database
                if attempt or error_kind(error) != "broken" or database is None:
                    return default
                if database.in_memory or database.path is None:
                    return default
                with _opening:
                    if not _really_broken(database.path):
                        return default
                    database.close()
                    self.database = _start_afresh(
                        database.path, storage.describe(error), NOTICE_UNREADABLE
                    )
                    self._generation = _generation
        return default

    def record(self, row: DealRow) -> int | None:
        """Store a finished deal; its id, or None when it waits (:mod:`game.history.pending`:
        the player is told once, and it is written later)."""
        failed: int | None = -1
        ident = self.guarded(lambda database: database.record(row), failed)
        database = self.database
        if ident == failed or (database is not None and database.in_memory):
            # Kept beside the file too when only a database in memory took it (lost at exit).
            pending.keep(row, db_path())
            return None if ident == failed else ident
        if pending.rows():
            self.flush_pending()
        return ident

    def flush_pending(self) -> int:
        """Write the deals waiting for the database; how many were new."""
        return self.guarded(lambda database: pending.flush(database), 0)


#: The main thread's handle: the screens read through it.
_main = Handle(flush=False)


def shared() -> Database:
    """The screens' database, opened on first use (:class:`UnavailableError` while it cannot
    be opened; the next call tries again)."""
    return _main.get()


@overload
def guarded(call: Callable[[Database], T]) -> T | None: ...
@overload
def guarded(call: Callable[[Database], T], default: D) -> T | D: ...
def guarded(call: Callable[[Database], T], default: object = None) -> object:
    """:meth:`Handle.guarded` on the screens' database (None when it failed and no
    ``default`` is given)."""
    return _main.guarded(call, default)


#: Called by :func:`close_shared` before the database closes (the writer: finish first).
_closers: list[Callable[[], None]] = []


def on_close(closer: Callable[[], None]) -> None:
    """Have ``closer`` run when the history closes (the writer drains its queue)."""
    _closers.append(closer)


def close_shared() -> None:
    """Finish the writers, write the waiting deals if possible and close the database (the
    game quits)."""
    while _closers:
        _closers.pop()()
    if pending.rows():
        _main.flush_pending()
    _main.close()


def record_deal(row: DealRow) -> int | None:
    """Store a finished deal now, on the calling thread (tools and tests; the game's table
    hands it to :class:`game.history.writer.HistoryWriter`)."""
    return _main.record(row)


def flush_pending() -> int:
    """Write the deals waiting for the database, on the calling thread."""
    return _main.flush_pending()


def flush_at_start() -> None:
    """Write the deals a previous run left waiting (a pending file), if there are any."""
    if pending.waiting(db_path()):
        flush_pending()
