"""The history database's schema and its errors: the migrations, the columns, the check that a
file's tables are ours, and what an SQLite error says about the file (:func:`error_kind`).
Read :mod:`game.history.db` first; it re-exports these names."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

log = logging.getLogger("game.history.db")

#: The schema this game writes; a file with a larger ``user_version`` is set aside.
SCHEMA_VERSION = 6
#: How long a statement waits for another connection's lock (SQLite's busy handler) …
BUSY_TIMEOUT_S = 1.0
#: … and the pauses before each retry of a call that still found the file busy or locked.
RETRY_DELAYS_S: tuple[float, ...] = (0.1, 0.3, 0.6)

# Version 1: the deals. Version 2: bombs and the replay's summary columns, the AI review's cache
# and the statistics' reset mark. Version 3: covering indexes for the statistics screen (its
# queries read the narrow indexes, never the wide rows with their actions). Version 4: each
# game's measures in their own table as (deal, name, value), the per-game columns copied there
# and dropped (issue 39), so a new game adds no column. Version 5: the coach's mark (issue 41).
# Version 6: the date of a deal of the day (issue 59; NULL for every other deal), indexed for
# the day's best result.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE deals (
            id INTEGER PRIMARY KEY,
            finished_at REAL NOT NULL,
            preset TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            match_key TEXT NOT NULL,
            deal_index INTEGER NOT NULL,
            actions TEXT NOT NULL,
            ai_level TEXT NOT NULL,
            ai_levels TEXT NOT NULL,
            human_seat INTEGER NOT NULL,
            returns TEXT NOT NULL,
            value REAL NOT NULL,
            won INTEGER NOT NULL,
            levels_before TEXT,
            levels_after TEXT,
            totals_after TEXT,
            place INTEGER,
            points_attack INTEGER,
            points_defend INTEGER,
            settlement INTEGER,
            duration_s REAL NOT NULL DEFAULT 0,
            undo_used INTEGER NOT NULL DEFAULT 0,
            hints_used INTEGER NOT NULL DEFAULT 0,
            autoplay INTEGER NOT NULL DEFAULT 0,
            match_over INTEGER NOT NULL DEFAULT 0,
            match_won INTEGER
        )""",
        "CREATE INDEX deals_by_time ON deals (finished_at)",
        "CREATE INDEX deals_by_match ON deals (match_key, deal_index)",
    ),
    2: (
        "ALTER TABLE deals ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX deals_for_stats ON deals (autoplay, preset, ai_level)",
        """CREATE TABLE reviews (
            deal_id INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (deal_id, ply)
        )""",
        "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    3: (
        "DROP INDEX deals_for_stats",
        """CREATE INDEX deals_for_stats ON deals (autoplay, preset, ai_level, finished_at,
            match_key, won, match_over, match_won, value, levels_after, place, points_attack,
            points_defend, settlement, bombs, undo_used)""",
        """CREATE INDEX deals_for_charts ON deals (autoplay, preset, finished_at, won, value,
            match_key, match_over, match_won)""",
    ),
    4: (
        """CREATE TABLE measures (
            deal_id INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (deal_id, name)
        ) WITHOUT ROWID""",
        *(
            f"INSERT INTO measures SELECT id, '{name}', {name} FROM deals WHERE {name} IS NOT NULL"
            for name in ("place", "points_attack", "points_defend", "settlement")
        ),
        "DROP INDEX deals_for_stats",
        """CREATE INDEX deals_for_stats ON deals (autoplay, preset, ai_level, finished_at,
            match_key, won, match_over, match_won, value, levels_after, bombs, undo_used)""",
        *(
            f"ALTER TABLE deals DROP COLUMN {name}"
            for name in ("place", "points_attack", "points_defend", "settlement")
        ),
    ),
    # A deal played with the coach on (issue 41), marked like undo.
    5: ("ALTER TABLE deals ADD COLUMN coached INTEGER NOT NULL DEFAULT 0",),
    # A deal of the day (issue 59): its date, ISO.
    6: (
        "ALTER TABLE deals ADD COLUMN daily TEXT",
        "CREATE INDEX deals_by_day ON deals (daily, preset, autoplay, value)",
    ),
}

COLUMNS = (
    "finished_at preset options seed match_key deal_index actions ai_level ai_levels human_seat "
    "returns value won levels_before levels_after totals_after duration_s undo_used hints_used "
    "autoplay match_over match_won bombs coached daily"
).split()
JSON_COLUMNS = {
    "options",
    "actions",
    "ai_levels",
    "returns",
    "levels_before",
    "levels_after",
    "totals_after",
}
BOOL_COLUMNS = {"won", "undo_used", "hints_used", "autoplay", "match_over", "match_won", "coached"}


class NewerDatabaseError(sqlite3.DatabaseError):
    """The file was written by a newer Cardavia (its schema version is larger than ours)."""


class UnknownSchemaError(sqlite3.DatabaseError):
    """The file's ``user_version`` is one no Cardavia writes, or its tables are not ours."""


#: What using the file may raise besides a bug: SQLite's and the system's errors, text that does
#: not decode (a damaged schema's text, issue 57), a number SQLite cannot take, a row too large.
FILE_ERRORS: tuple[type[BaseException], ...] = (
    sqlite3.Error,
    OSError,
    ValueError,
    OverflowError,
    MemoryError,
    RecursionError,
)

_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_BROKEN_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def error_kind(error: BaseException) -> str:
    """What an error says about the file: ``"busy"`` (another program holds a lock: wait),
    ``"newer"``, ``"broken"`` (corrupt, not a database, a schema not ours: set aside once
    confirmed) or ``"unwritable"`` (full disk, I/O error, read-only, anything else: keep the
    deal and write it later; the file is left alone)."""
    if isinstance(error, NewerDatabaseError):
        return "newer"
    if isinstance(error, UnknownSchemaError):
        return "broken"
    if isinstance(error, UnavailableError):
        return "unwritable"  # opening retried already
    if isinstance(error, UnicodeError):
        return "broken"  # the file's own text does not decode: confirmed by quick_check
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        if primary in _BUSY_CODES:
            return "busy"
        if primary in _BROKEN_CODES:
            return "broken"
        return "unwritable"
    message = str(error).lower()
    if "locked" in message or "busy" in message:
        return "busy"
    if "malformed" in message or "not a database" in message:
        return "broken"
    return "unwritable"


def retrying(action: Callable[[], T], delays: tuple[float, ...] = RETRY_DELAYS_S) -> T:
    """``action()``, tried again after each pause of ``delays`` (:data:`RETRY_DELAYS_S`) while
    it finds the database busy or locked; any other error, or the last one, is raised."""
    for delay in (*delays, None):
        try:
            return action()
        except sqlite3.Error as error:
            if delay is None or error_kind(error) != "busy":
                raise
            log.info("history database busy (%s); trying again in %.1f s", error, delay)
            time.sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


class UnavailableError(sqlite3.OperationalError):
    """The database is healthy but cannot be used now (locked too long, full disk, I/O)."""


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring ``connection``'s schema up to ``target``; returns the version found first.

    Raises :class:`NewerDatabaseError` for a newer file. Each step is one transaction.
    """
    found = connection.execute("PRAGMA user_version").fetchone()[0]
    if type(found) is not int or found < 0:
        raise UnknownSchemaError(f"schema version {found!r} is not one of Cardavia's")
    if found > SCHEMA_VERSION:
        raise NewerDatabaseError(f"schema version {found} is newer than this game's")
    for version in range(found + 1, target + 1):
        try:
            with connection:
                connection.execute("BEGIN IMMEDIATE")
                # Another connection (the writer's, or a second Cardavia) may have taken this
                # step since the version was read: the lock is held now, so read it again.
                if connection.execute("PRAGMA user_version").fetchone()[0] >= version:
                    continue
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {version}")
        except sqlite3.Error as error:
            if error_kind(error) != "unwritable" or "exists" not in str(error):
                raise
            # A table or index of the step is there already: the file is not one of ours.
            raise UnknownSchemaError(f"step {version}: {error}") from error
    if target == SCHEMA_VERSION:
        _check_schema(connection)
    return found


def _check_schema(connection: sqlite3.Connection) -> None:
    """Raise :class:`UnknownSchemaError` when the tables the version promises are not there."""
    columns = {row[1] for row in connection.execute("PRAGMA table_info(deals)")}
    missing = set(COLUMNS) - columns
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    if missing or not {"reviews", "meta", "measures"} <= tables:
        raise UnknownSchemaError(f"tables or columns missing ({sorted(missing)[:3]})")
