"""The history database: one SQLite file (``history.sqlite3`` in the user's data folder).

One row per finished deal (:class:`game.table.summary.DealRow`), written in one transaction
when the deal ends; the statistics screen reads SQL aggregates of it, the history list pages
through it, the replay rebuilds a deal from its match's stored actions, and the AI review's
answers are cached beside it. The file is in WAL mode (a reader never waits for the writer)
with ``synchronous=NORMAL`` (a commit costs no fsync; a power cut may lose the last deal, never
the file).

The schema carries its version in ``PRAGMA user_version`` and :data:`MIGRATIONS` takes a file
of any older version up step by step, each step in one transaction. A file that is not a
database (corrupt), that stays locked by another program, or that a newer Cardavia wrote is
renamed aside (``history.sqlite3.broken-<time>``, with its ``-wal`` and ``-shm``), the player
is told once (a notice through :func:`game.storage.notice`) and a new database is started;
when even the rename fails the game remembers this run in memory only and leaves the file
alone. The game never crashes over the database: :class:`Database` methods log and give up
on an unexpected SQLite error.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game import paths, storage
from game.table.summary import DealRow, dumps

log = logging.getLogger(__name__)

FILENAME = "history.sqlite3"
#: The schema this game writes; a file with a larger ``user_version`` is set aside.
SCHEMA_VERSION = 4
#: How long a statement waits for another connection's lock before the file counts as locked.
BUSY_TIMEOUT_S = 0.5

#: Locale keys of the notices shown once when the database was set aside.
NOTICE_UNREADABLE = "history.db_unreadable"
NOTICE_NEWER = "history.db_newer"
NOTICE_MEMORY = "history.db_memory"

# Version 1: the deals. Version 2: bombs and the replay's summary columns, the AI review's cache
# and the statistics' reset mark. Version 3: covering indexes for the statistics screen (its
# queries read the narrow indexes, never the wide rows with their actions). Version 4: each
# game's measures in their own table as (deal, name, value), the per-game columns copied there
# and dropped (issue 39), so a new game adds no column.
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
}

_COLUMNS = (
    "finished_at preset options seed match_key deal_index actions ai_level ai_levels human_seat "
    "returns value won levels_before levels_after totals_after duration_s undo_used hints_used "
    "autoplay match_over match_won bombs"
).split()
_JSON = {
    "options",
    "actions",
    "ai_levels",
    "returns",
    "levels_before",
    "levels_after",
    "totals_after",
}
_BOOL = {"won", "undo_used", "hints_used", "autoplay", "match_over", "match_won"}


class NewerDatabaseError(sqlite3.DatabaseError):
    """The file was written by a newer Cardavia (its schema version is larger than ours)."""


def db_path() -> Path:
    return paths.data_dir() / FILENAME


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring ``connection``'s schema up to ``target``; returns the version found first.

    Raises :class:`NewerDatabaseError` for a newer file. Each step is one transaction.
    """
    found = connection.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise NewerDatabaseError(f"schema version {found} is newer than this game's")
    for version in range(found + 1, target + 1):
        with connection:
            connection.execute("BEGIN IMMEDIATE")
            for statement in MIGRATIONS[version]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {version}")
    return found


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


def _row_from(record: sqlite3.Row) -> DealRow:
    data = {name: record[name] for name in record.keys()}
    data.pop("value", None)
    for name in _JSON:
        if data.get(name) is not None:
            data[name] = json.loads(data[name])
    for name in _BOOL:
        if data.get(name) is not None:
            data[name] = bool(data[name])
    return DealRow(**data)


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
        for r in self._query(sql, tuple(ids)):
            found.setdefault(int(r["deal_id"]), {})[str(r["name"])] = float(r["value"])
        return [replace(row, measures=found.get(row.id, {})) for row in rows]

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
        return float(rows[0]["value"]) if rows else 0.0

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
                deals=r["deals"],
                deals_won=r["deals_won"] or 0,
                matches=r["matches"],
                matches_won=r["matches_won"] or 0,
                climb_per_deal=r["climb"],
                bombs=r["bombs"] or 0,
                undo_deals=r["undo_deals"] or 0,
                measures=measures.get((r["preset"], r["ai_level"]), {}),
            )
            for r in rows
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
            means.setdefault((r["preset"], r["ai_level"]), {})[r["name"]] = float(r["mean"])
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
        return [(bool(r["won"]), float(r["climb"] or 0)) for r in reversed(rows)]

    def recent_deals(
        self, preset: str, limit: int = 60, since: float | None = None
    ) -> list[tuple[bool, float]]:
        """(won, value to the player) of the player's last ``limit`` deals, oldest first."""
        rows = self._query(
            """SELECT won, value FROM deals WHERE autoplay = 0 AND preset = ? AND finished_at >= ?
            ORDER BY finished_at DESC, id DESC LIMIT ?""",
            (preset, self.stats_since() if since is None else since, limit),
        )
        return [(bool(r["won"]), float(r["value"])) for r in reversed(rows)]

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
            r["preset"]: Chart(
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
        return self._with_measures([_row_from(r) for r in rows])

    def deal(self, deal_id: int) -> DealRow | None:
        rows = self._query(f"SELECT id, {','.join(_COLUMNS)} FROM deals WHERE id = ?", (deal_id,))
        return self._with_measures([_row_from(rows[0])])[0] if rows else None

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
        return [json.loads(r["actions"]) for r in rows]

    def review(self, deal_id: int) -> dict[int, Any]:
        """The AI review cached for a deal: its data by ply."""
        rows = self._query("SELECT ply, data FROM reviews WHERE deal_id = ?", (deal_id,))
        return {int(r["ply"]): json.loads(r["data"]) for r in rows}

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


def open_database(path: Path | None = None) -> Database:
    """Open (or create) the database at ``path`` (default :func:`db_path`); never raises.

    A corrupt, locked or newer file is set aside with one notice and a new file started; if
    that fails too the database lives in memory for this run (its own notice).
    """
    path = db_path() if path is None else Path(path)
    try:
        return Database(path)
    except NewerDatabaseError as error:
        problem, notice = str(error), NOTICE_NEWER
    except (sqlite3.Error, OSError) as error:
        problem, notice = storage.describe(error), NOTICE_UNREADABLE
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
    """The game's database, opened on first use."""
    global _shared
    if _shared is None:
        _shared = open_database()
    return _shared


def close_shared() -> None:
    global _shared
    if _shared is not None:
        _shared.close()
        _shared = None


def guarded(call: Callable[[Database], Any], default: Any = None) -> Any:
    """Run ``call`` on the shared database; an SQLite error that says the file went bad
    sets it aside (one notice) and the call is tried once on the new file."""
    global _shared
    for attempt in range(2):
        database = shared()
        try:
            return call(database)
        except sqlite3.Error as error:
            log.warning("history database: %s", error)
            if attempt or database.in_memory:
                return default
            database.close()
            _shared = None
            path = database.path
            if path is not None and _set_aside(path):
                storage.notice(NOTICE_UNREADABLE, folder=str(path.parent))
                _shared = open_database(path)
            else:
                _shared = Database(None)
                storage.notice(NOTICE_MEMORY, folder=str(path.parent if path else ""))
    return default
