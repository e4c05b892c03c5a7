"""The history database: one SQLite file (``history.sqlite3`` in the user's data folder).

One row per finished deal (:class:`game.table.summary.DealRow`), written in one transaction
when the deal ends; the statistics screen reads SQL aggregates of it, the history list pages
through it, the replay rebuilds a deal from its match's stored actions, and the AI review's
answers are cached beside it. The file is in WAL mode (a reader never waits for the writer)
with ``synchronous=NORMAL`` (a commit costs no fsync; a power cut may lose the last deal, never
the file).

The schema carries its version in ``PRAGMA user_version`` and :data:`MIGRATIONS` takes a file
of any older version up step by step, each step in one transaction.

Only a file that is really broken is set aside (issue 45): one that is not a database, fails
``PRAGMA quick_check``, carries a ``user_version`` this game does not know (negative, or from a
newer Cardavia) or lacks the tables its version promises. It is renamed
``history.sqlite3.broken-<time>`` (with its ``-wal`` and ``-shm``), the player is told once and
a new database is started; when even the rename fails the game remembers this run in memory.
A busy or locked file (another program writing) is waited for: SQLite's busy timeout, then
:func:`guarded` retries with back-off. A finished deal that still cannot be written (locked
too long, full disk, I/O error) is kept by :mod:`game.history.pending` in memory and in a small
file beside the database, the player is told once, and it is written at the next chance (the
next deal, quitting, or at the latest the next start). Rows and meta values that do not parse
are skipped with one logged line. The game never crashes over the database.
"""

from __future__ import annotations

import json
import logging
import math
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game import paths, registry, storage
from game.history import pending
from game.history.schema import (  # noqa: F401 - re-exported: the database's public names
    _BOOL,
    _COLUMNS,
    _JSON,
    BUSY_TIMEOUT_S,
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
from game.table.summary import DealRow, dumps

log = logging.getLogger(__name__)

FILENAME = "history.sqlite3"

#: Locale keys of the notices shown once when the database was set aside.
NOTICE_UNREADABLE = "history.db_unreadable"
NOTICE_NEWER = "history.db_newer"
NOTICE_MEMORY = "history.db_memory"
NOTICE_PENDING = pending.NOTICE


def db_path() -> Path:
    return paths.data_dir() / FILENAME


def _row_values(row: DealRow) -> list[Any]:
    data = {name: getattr(row, name) for name in _COLUMNS if name != "value"}
    data["value"] = row.returns[row.human_seat] if row.returns else 0.0
    values = []
    for name in _COLUMNS:
        value = data[name]
        if name in _JSON:
            value = None if value is None else dumps(value)
        elif name in _BOOL and value is not None:
            value = int(bool(value))
        values.append(value)
    return values


def _row_from(record: sqlite3.Row) -> DealRow | None:
    """The deal of a stored row, or None when a value does not parse (a damaged row)."""
    data = {name: record[name] for name in record.keys()}
    data.pop("value", None)
    try:
        for name in _JSON:
            if data.get(name) is not None:
                data[name] = json.loads(data[name])
    except (TypeError, ValueError, RecursionError):
        return None
    for name in _BOOL:
        if data.get(name) is not None:
            data[name] = bool(data[name])
    if type(data.get("finished_at")) is int:
        data["finished_at"] = float(data["finished_at"])
    row = pending.row_from(data)
    if row is not None and row.preset not in registry.ids():
        return None  # a game this Cardavia does not know (a newer one's deal)
    return row


def _rows_from(records: list[sqlite3.Row]) -> list[DealRow]:
    """The deals of stored rows; those that do not parse are skipped with one logged line."""
    rows = [_row_from(record) for record in records]
    good = [row for row in rows if row is not None]
    if len(good) < len(rows):
        log.warning("history database: %d damaged row(s) skipped", len(rows) - len(good))
    return good


def _number(value: Any, default: float = 0.0) -> float:
    """A stored value as a finite number (a damaged cell counts as ``default``)."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return number if math.isfinite(number) else default


def _optional(value: Any) -> float | None:
    return None if value is None else _number(value)


@dataclass(frozen=True, slots=True)
class StatLine:
    """The player's statistics for one preset at one AI level (autoplay deals left out)."""

    preset: str
    ai_level: str
    deals: int
    deals_won: int
    matches: int
    matches_won: int
    climb_per_deal: float | None
    bombs: int
    undo_deals: int
    #: The average of each of the game's measures (game.table.measures) over the deals that
    #: measured it, by name.
    measures: dict[str, float] = field(default_factory=dict)
    #: Finished matches (``matches`` counts every match with a finished deal).
    matches_over: int = 0

    @property
    def win_rate(self) -> float:
        return self.deals_won / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class Chart:
    """What one game's chart on the statistics screen shows (autoplay deals left out):
    ``matches`` the player's last finished matches, oldest first, as (won, levels its team
    climbed over the match); ``deals`` the last deals as (won, value to the player); ``levels``
    whether the game climbs levels (its chart is per match) or keeps a running score."""

    preset: str
    matches: list[tuple[bool, float]]
    deals: list[tuple[bool, float]]
    levels: bool

    def win_rates(self) -> list[float]:
        """The share of matches won so far, after each of :attr:`matches` (0 to 1)."""
        rates, won = [], 0
        for index, (win, _) in enumerate(self.matches, 1):
            won += win
            rates.append(won / index)
        return rates

    def running(self) -> list[float]:
        """The running score over :attr:`deals`."""
        total, line = 0.0, []
        for _, value in self.deals:
            total += value
            line.append(total)
        return line


class Database:
    """The open history database (see the module docstring). ``path`` None: in memory."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.in_memory = path is None
        self._lock = threading.Lock()
        self.connection = self._connect()

    def _connect(self) -> sqlite3.Connection:
        target = ":memory:" if self.path is None else str(self.path)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(
            target, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
        try:
            connection.row_factory = sqlite3.Row
            if self.path is not None:
                connection.execute("PRAGMA journal_mode=WAL").fetchone()
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA foreign_keys=ON")
            migrate(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    def close(self) -> None:
        with self._lock:
            try:
                self.connection.close()
            except sqlite3.Error:
                pass

    # --- writing ---------------------------------------------------------------------------
    def _insert(self, row: DealRow) -> int | None:
        """Insert one deal and its measures (inside the caller's transaction); its id."""
        marks = ",".join("?" * len(_COLUMNS))
        sql = f"INSERT INTO deals ({','.join(_COLUMNS)}) VALUES ({marks})"
        deal_id = self.connection.execute(sql, _row_values(row)).lastrowid
        self.connection.executemany(
            "INSERT INTO measures (deal_id, name, value) VALUES (?, ?, ?)",
            [(deal_id, str(name), float(value)) for name, value in row.measures.items()],
        )
        return deal_id

    def record(self, row: DealRow) -> int | None:
        """Store one finished deal in one transaction; returns its id (None if it failed)."""
        with self._lock:
            with self.connection:
                return self._insert(row)

    def record_many(self, rows: list[DealRow]) -> None:
        """Store many deals in one transaction (tools and tests)."""
        with self._lock, self.connection:
            for row in rows:
                self._insert(row)

    def _with_measures(self, rows: list[DealRow]) -> list[DealRow]:
        """``rows`` with their measures read from the measures table."""
        ids = [row.id for row in rows if row.id is not None]
        if not ids:
            return rows
        found: dict[int, dict[str, float]] = {}
        marks = ",".join("?" * len(ids))
        sql = f"SELECT deal_id, name, value FROM measures WHERE deal_id IN ({marks})"
        for r in self._query(sql, tuple(ids)):  # a damaged value counts as none
            value = _number(r["value"], math.nan)
            if math.isfinite(value):
                found.setdefault(int(r["deal_id"]), {})[str(r["name"])] = value
        return [replace(row, measures=found.get(row.id, {})) for row in rows]

    def record_missing(self, rows: list[DealRow]) -> int:
        """Store those of ``rows`` the file does not hold yet (a deal is known by its game,
        match, number and finishing time), in one transaction; returns how many were new."""
        known = (
            "SELECT 1 FROM deals WHERE preset = ? AND match_key = ? AND deal_index = ? "
            "AND finished_at = ?"
        )
        written = 0
        with self._lock, self.connection:
            self.connection.execute("BEGIN IMMEDIATE")
            for row in rows:
                if self.connection.execute(known, pending.key(row)).fetchone() is None:
                    self._insert(row)
                    written += 1
        return written

    def reset_statistics(self) -> None:
        """Start the statistics afresh; the history (and replays) keep every deal."""
        with self._lock, self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO meta (name, value) VALUES ('stats_since', ?)",
                (repr(time.time()),),
            )

    # --- reading ---------------------------------------------------------------------------
    def _query(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.connection.execute(sql, params).fetchall()

    def stats_since(self) -> float:
        rows = self._query("SELECT value FROM meta WHERE name = 'stats_since'")
        since = _number(rows[0]["value"], -1.0) if rows else 0.0
        if since < 0:
            log.warning("history database: the statistics' reset mark does not parse")
            return 0.0
        return since

    def count(self) -> int:
        return int(self._query("SELECT COUNT(*) AS n FROM deals")[0]["n"])

    def statistics(self) -> list[StatLine]:
        """One line per preset and AI level the player has played (autoplay left out)."""
        rows = self._query(
            """SELECT preset, ai_level, COUNT(*) AS deals, SUM(won) AS deals_won,
                COUNT(DISTINCT match_key) AS matches,
                SUM(match_over) AS matches_over, SUM(COALESCE(match_won, 0)) AS matches_won,
                AVG(CASE WHEN levels_after IS NULL THEN NULL WHEN value > 0 THEN value ELSE 0 END)
                    AS climb,
                SUM(bombs) AS bombs, SUM(undo_used) AS undo_deals
            FROM deals WHERE autoplay = 0 AND finished_at >= ?
            GROUP BY preset, ai_level ORDER BY preset, ai_level""",
            (self.stats_since(),),
        )
        measures = self._measure_means(self.stats_since())
        return [
            StatLine(
                preset=r["preset"],
                ai_level=r["ai_level"],
                deals=int(_number(r["deals"])),
                deals_won=int(_number(r["deals_won"])),
                matches=int(_number(r["matches"])),
                matches_won=int(_number(r["matches_won"])),
                climb_per_deal=_optional(r["climb"]),
                bombs=int(_number(r["bombs"])),
                undo_deals=int(_number(r["undo_deals"])),
                measures=measures.get((r["preset"], r["ai_level"]), {}),
                matches_over=r["matches_over"] or 0,
            )
            for r in rows
            if isinstance(r["preset"], str) and isinstance(r["ai_level"], str)
        ]

    def _measure_means(self, since: float) -> dict[tuple[str, str], dict[str, float]]:
        """The average of each measure per (preset, AI level), autoplay deals left out."""
        rows = self._query(
            """SELECT d.preset, d.ai_level, m.name, AVG(m.value) AS mean
            FROM measures m JOIN deals d ON d.id = m.deal_id
            WHERE d.autoplay = 0 AND d.finished_at >= ?
            GROUP BY d.preset, d.ai_level, m.name""",
            (since,),
        )
        means: dict[tuple[str, str], dict[str, float]] = {}
        for r in rows:
            mean = _number(r["mean"], math.nan)
            if math.isfinite(mean):
                means.setdefault((r["preset"], r["ai_level"]), {})[str(r["name"])] = mean
        return means

    def recent_matches(
        self, preset: str, limit: int = 30, since: float | None = None
    ) -> list[tuple[bool, float]]:
        """(won, levels climbed) of the player's last ``limit`` finished matches, oldest first."""
        rows = self._query(
            """SELECT match_key, MAX(finished_at) AS at,
                SUM(CASE WHEN value > 0 THEN value ELSE 0 END) AS climb,
                MAX(COALESCE(match_won, 0)) AS won
            FROM deals WHERE autoplay = 0 AND preset = ? AND finished_at >= ?
            GROUP BY match_key HAVING MAX(match_over) = 1 ORDER BY at DESC LIMIT ?""",
            (preset, self.stats_since() if since is None else since, limit),
        )
        return [(bool(r["won"]), _number(r["climb"])) for r in reversed(rows)]

    def recent_deals(
        self, preset: str, limit: int = 60, since: float | None = None
    ) -> list[tuple[bool, float]]:
        """(won, value to the player) of the player's last ``limit`` deals, oldest first."""
        rows = self._query(
            """SELECT won, value FROM deals WHERE autoplay = 0 AND preset = ? AND finished_at >= ?
            ORDER BY finished_at DESC, id DESC LIMIT ?""",
            (preset, self.stats_since() if since is None else since, limit),
        )
        return [(bool(r["won"]), _number(r["value"])) for r in reversed(rows)]

    def charts(self, matches: int = 30, deals: int = 40) -> dict[str, Chart]:
        """Each played game's chart data (:class:`Chart`): its last ``matches`` finished
        matches and last ``deals`` deals, read through the narrow index."""
        since = self.stats_since()
        games = self._query(
            """SELECT preset, MAX(levels_after IS NOT NULL) AS levels FROM deals
            WHERE autoplay = 0 AND finished_at >= ? GROUP BY preset""",
            (since,),
        )
        return {
            str(r["preset"]): Chart(
                r["preset"],
                self.recent_matches(r["preset"], matches, since),
                self.recent_deals(r["preset"], deals, since),
                bool(r["levels"]),
            )
            for r in games
        }

    def history(self, page: int = 0, per_page: int = 12) -> list[DealRow]:
        """Finished deals, newest first, one page (autoplay deals included)."""
        rows = self._query(
            f"SELECT id, {','.join(c for c in _COLUMNS if c != 'actions')}, '[]' AS actions "
            "FROM deals ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?",
            (per_page, max(0, page) * per_page),
        )
        return self._with_measures(_rows_from(rows))

    def deal(self, deal_id: int) -> DealRow | None:
        rows = self._query(f"SELECT id, {','.join(_COLUMNS)} FROM deals WHERE id = ?", (deal_id,))
        found = self._with_measures(_rows_from(rows))
        return found[0] if found else None

    def match_actions(self, match_key: str, before: int) -> list[list[dict[str, Any]]] | None:
        """The stored actions of the deals of ``match_key`` before deal ``before``, in order;
        None when one of them is missing (the match cannot be rebuilt from the database)."""
        rows = self._query(
            "SELECT deal_index, actions FROM deals WHERE match_key = ? AND deal_index < ? "
            "ORDER BY deal_index",
            (match_key, before),
        )
        if [r["deal_index"] for r in rows] != list(range(before)):
            return None
        try:
            actions = [json.loads(r["actions"]) for r in rows]
        except (TypeError, ValueError, RecursionError):
            log.warning("history database: the actions of match %s do not parse", match_key)
            return None
        return actions if all(isinstance(deal, list) for deal in actions) else None

    def review(self, deal_id: int) -> dict[int, Any]:
        """The AI review cached for a deal: its data by ply (damaged entries skipped)."""
        rows = self._query("SELECT ply, data FROM reviews WHERE deal_id = ?", (deal_id,))
        found: dict[int, Any] = {}
        for r in rows:
            try:
                if type(r["ply"]) is int:
                    found[r["ply"]] = json.loads(r["data"])
            except (TypeError, ValueError, RecursionError):
                pass
        if len(found) < len(rows):
            log.warning("history database: %d damaged review(s) skipped", len(rows) - len(found))
        return found

    def store_review(self, deal_id: int, ply: int, data: Any) -> None:
        with self._lock, self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO reviews (deal_id, ply, data) VALUES (?, ?, ?)",
                (deal_id, ply, dumps(data)),
            )


# --- opening, with the bad file set aside ------------------------------------------------------

_shared: Database | None = None


def _set_aside(path: Path) -> bool:
    """Rename the database and its WAL files aside; False (nothing removed) if that failed."""
    target = storage.aside_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return False
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
    """Whether the file at ``path`` is not a database or fails ``PRAGMA quick_check`` (a busy
    or unreadable file is not broken: it is waited for, never set aside)."""
    try:
        probe = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            result = probe.execute("PRAGMA quick_check").fetchall()
        finally:
            probe.close()
    except sqlite3.Error as error:
        return error_kind(error) == "broken"
    return [tuple(row) for row in result] != [("ok",)]


def open_database(path: Path | None = None) -> Database:
    """Open (or create) the database at ``path`` (default :func:`db_path`) and write the deals
    still waiting beside it (:mod:`game.history.pending`).

    A file that is not a database, fails ``quick_check``, has an unknown or newer schema is set
    aside with one notice and a new file started; if that fails too the database lives in
    memory for this run (its own notice). A healthy file that stays busy or cannot be opened
    now raises :class:`UnavailableError` and is left alone.
    """
    path = db_path() if path is None else Path(path)
    try:
        special = os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False
    if special:  # a folder, a FIFO (SQLite would wait on it) or a device: never a database
        return _start_afresh(path, "not a regular file", NOTICE_UNREADABLE)
    try:
        database = retrying(lambda: Database(path), RETRY_DELAYS_S)
    except (sqlite3.Error, OSError) as error:
        kind, problem = error_kind(error), storage.describe(error)
        confirmed = isinstance(error, UnknownSchemaError) or _really_broken(path)
        if kind in ("busy", "unwritable") or (kind == "broken" and not confirmed):
            log.warning("history database %s not available now: %s", path, problem)
            raise UnavailableError(problem) from error
        return _start_afresh(path, problem, NOTICE_NEWER if kind == "newer" else NOTICE_UNREADABLE)
    try:
        pending.flush(database)
    except (sqlite3.Error, OSError) as error:
        log.warning("pending deals not written yet: %s", storage.describe(error))
    return database


def _start_afresh(path: Path, problem: str, notice: str) -> Database:
    """Set the broken file aside and start a new one (or one in memory, if that fails)."""
    log.warning("history database %s cannot be used: %s", path, problem)
    if _set_aside(path):
        try:
            database = Database(path)
        except (sqlite3.Error, OSError) as error:
            log.warning("new history database failed too: %s", error)
        else:
            storage.notice(notice, folder=str(path.parent))
            return database
    storage.notice(NOTICE_MEMORY, folder=str(path.parent))
    return Database(None)


def shared() -> Database:
    """The game's database, opened on first use (:class:`UnavailableError` while it cannot
    be opened; the next call tries again)."""
    global _shared
    if _shared is None:
        _shared = open_database()
    return _shared


def close_shared() -> None:
    """Write the waiting deals if possible and close the database (the game quits)."""
    global _shared
    if pending.rows():
        flush_pending()
    if _shared is not None:
        _shared.close()
        _shared = None


def guarded(call: Callable[[Database], Any], default: Any = None) -> Any:
    """Run ``call`` on the shared database and return its value, or ``default`` when it
    failed. A busy or locked file is waited for (:func:`retrying`); a full disk or an I/O
    error gives ``default`` and leaves the file alone; a file found broken (confirmed by
    ``quick_check``) is set aside with one notice and the call tried once on the new file."""
    global _shared
    for attempt in range(2):
        try:
            return retrying(lambda: call(shared()), RETRY_DELAYS_S)
        except (sqlite3.Error, OSError) as error:
            log.warning("history database: %s", storage.describe(error))
            database = _shared
            if attempt or error_kind(error) != "broken" or database is None:
                return default
            if database.in_memory or database.path is None or not _really_broken(database.path):
                return default
            database.close()
            _shared = _start_afresh(database.path, storage.describe(error), NOTICE_UNREADABLE)
    return default


_FAILED = object()


def record_deal(row: DealRow) -> int | None:
    """Store a finished deal (the table calls this); returns its id, or None when it waits
    (:mod:`game.history.pending`: the player is told once, and it is written later)."""
    ident = guarded(lambda database: database.record(row), _FAILED)
    if ident is _FAILED or (_shared is not None and _shared.in_memory):
        # Kept beside the file too when only a database in memory took it (lost at exit).
        pending.keep(row, db_path())
        return None if ident is _FAILED else ident
    if pending.rows():
        flush_pending()
    return ident


def flush_pending() -> int:
    """Write the deals waiting for the database (at start, after a deal, at quit)."""
    written = guarded(lambda database: pending.flush(database), 0)
    return int(written or 0)


def flush_at_start() -> None:
    """Write the deals a previous run left waiting (its pending file), if there are any."""
    try:
        waiting = os.path.lexists(pending.path_for(db_path()))
    except OSError:
        return
    if waiting:
        flush_pending()
