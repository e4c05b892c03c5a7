"""One open history database: the connection, the writes and the readers of deals.

One row per finished deal (:class:`game.table.summary.DealRow`), written in one transaction;
the history list pages through them, the replay rebuilds a deal from its match's stored
actions, and the AI review's answers are cached beside it. The statistics' readers are
:class:`game.history.stats.Statistics`, mixed in. The file is in WAL mode (a reader never waits
for the writer) with ``synchronous=NORMAL`` (a commit costs no fsync; a power cut may lose the
last deal, never the file). Opening a file migrates it (:func:`game.history.schema.migrate`).

A :class:`Database` may be used from several threads (its own lock serializes them), but the
game gives each thread its own: the history's writer thread one, the screens another
(:mod:`game.history.db`), so a write waiting for a busy file never holds up a reader. Rows and
values that do not parse are skipped with one logged line.
"""

from __future__ import annotations

import json
import logging
import math
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from game import registry
from game.history import pending, schema
from game.history.schema import BOOL_COLUMNS, COLUMNS, JSON_COLUMNS, migrate
from game.history.stats import Statistics, number
from game.table.record import ActionData
from game.table.summary import DealRow, dumps

log = logging.getLogger("game.history.db")


def _row_values(row: DealRow) -> list[object]:
    data = {name: getattr(row, name) for name in COLUMNS if name != "value"}
    data["value"] = row.returns[row.human_seat] if row.returns else 0.0
    values = []
    for name in COLUMNS:
        value = data[name]
        if name in JSON_COLUMNS:
            value = None if value is None else dumps(value)
        elif name in BOOL_COLUMNS and value is not None:
            value = int(bool(value))
        values.append(value)
    return values


def _row_from(record: sqlite3.Row) -> DealRow | None:
    """The deal of a stored row, or None when a value does not parse (a damaged row)."""
    data = {name: record[name] for name in record.keys()}
    data.pop("value", None)
    try:
        for name in JSON_COLUMNS:
            if data.get(name) is not None:
                data[name] = json.loads(data[name])
    except (TypeError, ValueError, RecursionError):
        return None
    for name in BOOL_COLUMNS:
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


class Database(Statistics):
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
            target, timeout=schema.BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
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
        marks = ",".join("?" * len(COLUMNS))
        sql = f"INSERT INTO deals ({','.join(COLUMNS)}) VALUES ({marks})"
        deal_id = self.connection.execute(sql, _row_values(row)).lastrowid
        self.connection.executemany(
            "INSERT INTO measures (deal_id, name, value) VALUES (?, ?, ?)",
            [(deal_id, str(name), float(value)) for name, value in row.measures.items()],
        )
        return deal_id

    def _known(self, row: DealRow) -> int | None:
        """The id of the stored deal that is ``row`` (its game, match, number and finishing
        time), or None."""
        found = self.connection.execute(
            "SELECT id FROM deals WHERE preset = ? AND match_key = ? AND deal_index = ? "
            "AND finished_at = ?",
            pending.key(row),
        ).fetchone()
        return None if found is None else int(found[0])

    def record(self, row: DealRow) -> int | None:
        """Store one finished deal in one transaction, unless the file holds it already (a
        deal kept waiting by one thread while another still wrote it is never doubled);
        returns its id."""
        with self._lock, self.connection:
            self.connection.execute("BEGIN IMMEDIATE")
            known = self._known(row)
            return known if known is not None else self._insert(row)

    def record_many(self, rows: list[DealRow]) -> None:
        """Store many deals in one transaction (tools and tests)."""
        with self._lock, self.connection:
            for row in rows:
                self._insert(row)

    def record_missing(self, rows: list[DealRow]) -> int:
        """Store those of ``rows`` the file does not hold yet (a deal is known by its game,
        match, number and finishing time), in one transaction; returns how many were new. A
        row whose values SQLite cannot take is skipped with one logged line."""
        written = 0
        with self._lock, self.connection:
            self.connection.execute("BEGIN IMMEDIATE")
            for row in rows:
                try:
                    if self._known(row) is None:
                        self._insert(row)
                        written += 1
                except (OverflowError, ValueError, TypeError) as error:
                    log.warning("a pending deal skipped: %s", error)
        return written

    def store_review(self, deal_id: int, ply: int, data: object) -> None:
        with self._lock, self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO reviews (deal_id, ply, data) VALUES (?, ?, ?)",
                (deal_id, ply, dumps(data)),
            )

    # --- reading ---------------------------------------------------------------------------
    def _query(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self.connection.execute(sql, params).fetchall()

    def _write_meta(self, name: str, value: str) -> None:
        with self._lock, self.connection:
            self.connection.execute(
                "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value)
            )

    def count(self) -> int:
        return int(self._query("SELECT COUNT(*) AS n FROM deals")[0]["n"])

    def _with_measures(self, rows: list[DealRow]) -> list[DealRow]:
        """``rows`` with their measures read from the measures table."""
        ids = [row.id for row in rows if row.id is not None]
        if not ids:
            return rows
        found: dict[int, dict[str, float]] = {}
        marks = ",".join("?" * len(ids))
        sql = f"SELECT deal_id, name, value FROM measures WHERE deal_id IN ({marks})"
        for r in self._query(sql, tuple(ids)):  # a damaged value counts as none
            value = number(r["value"], math.nan)
            if math.isfinite(value):
                found.setdefault(int(r["deal_id"]), {})[str(r["name"])] = value
        return [replace(row, measures=found.get(row.id or -1, {})) for row in rows]

    def history(self, page: int = 0, per_page: int = 12) -> list[DealRow]:
        """Finished deals, newest first, one page (autoplay deals included)."""
        rows = self._query(
            f"SELECT id, {','.join(c for c in COLUMNS if c != 'actions')}, '[]' AS actions "
            "FROM deals ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?",
            (per_page, max(0, page) * per_page),
        )
        return self._with_measures(_rows_from(rows))

    def deal(self, deal_id: int) -> DealRow | None:
        rows = self._query(f"SELECT id, {','.join(COLUMNS)} FROM deals WHERE id = ?", (deal_id,))
        found = self._with_measures(_rows_from(rows))
        return found[0] if found else None

    def match_actions(self, match_key: str, before: int) -> list[list[ActionData]] | None:
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

    def daily_best(self, preset: str, day: str) -> float | None:
        """The player's best result (in the game's unit) on ``preset``'s deal of the day
        ``day`` (ISO), or None when not played; deals the AI played for them (autoplay) and
        values that do not parse are left out."""
        rows = self._query(
            "SELECT value FROM deals WHERE daily = ? AND preset = ? AND autoplay = 0",
            (day, preset),
        )
        values = [number(r["value"], math.nan) for r in rows]
        return max((value for value in values if math.isfinite(value)), default=None)

    def review(self, deal_id: int) -> dict[int, object]:
        """The AI review cached for a deal: its data by ply (damaged entries skipped)."""
        rows = self._query("SELECT ply, data FROM reviews WHERE deal_id = ?", (deal_id,))
        found: dict[int, object] = {}
        for r in rows:
            try:
                if type(r["ply"]) is int:
                    found[r["ply"]] = json.loads(r["data"])
            except (TypeError, ValueError, RecursionError):
                pass
        if len(found) < len(rows):
            log.warning("history database: %d damaged review(s) skipped", len(rows) - len(found))
        return found
