"""Finished deals the history database could not take yet (issue 45): kept, then written.

When a deal cannot be written (the file stays locked by another program, the disk is full, an
I/O error), its row is kept here: in memory, and in a small JSON file beside the database
(``history.sqlite3.pending.json``, a list of :meth:`DealRow.as_dict` objects) written
atomically, so neither quitting nor a crash loses it. :func:`flush` writes every kept row that
the database does not hold yet (a deal is known by its match, number and finishing time, so a
flush killed midway and run again never doubles a deal), then forgets them. The database calls
it after each deal it wrote, when the game quits and when it opens the file (the next start).
"""

from __future__ import annotations

import json
import logging
import math
from pathlib import Path
from typing import Any

from game import storage
from game.table.summary import DealRow, dumps

log = logging.getLogger(__name__)

SUFFIX = ".pending.json"
#: A real pending file holds a few deals (about 2 KB each); more than this is not ours.
MAX_BYTES = 16 * 1024 * 1024
#: Locale key of the notice shown once when finished deals wait in memory.
NOTICE = "history.db_pending"

_rows: list[DealRow] = []
_told = False


def path_for(database: Path) -> Path:
    return database.with_name(database.name + SUFFIX)


def key(row: DealRow) -> tuple[Any, ...]:
    """What tells one finished deal from every other."""
    return (row.preset, row.match_key, row.deal_index, row.finished_at)


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def row_problem(data: dict[str, Any]) -> str | None:
    """Why ``data`` (a row's fields, JSON already parsed) is not a usable deal, or None."""
    kinds = {
        "preset": str, "match_key": str, "ai_level": str, "actions": list, "ai_levels": list,
        "returns": list, "seed": int, "deal_index": int, "human_seat": int,
    }  # fmt: skip
    for name, kind in kinds.items():
        if type(data.get(name)) is not kind:
            return f"{name} is not a {kind.__name__}"
    returns, seat = data["returns"], data["human_seat"]
    if not all(_number(value) for value in returns) or not 0 <= seat < max(1, len(returns)):
        return "returns are not numbers for every seat"
    at = data.get("finished_at")
    if not _number(at) or not 0 <= at < 1e11:
        return "the finishing time is not a date"
    if not isinstance(data.get("options", {}), dict):
        return "the house rules are not a table"
    for name in ("levels_before", "levels_after"):
        if data.get(name) is not None and not isinstance(data[name], dict):
            return f"{name} is not a table"
    if data.get("totals_after") is not None and not isinstance(data["totals_after"], list):
        return "totals_after is not a list"
    for name in ("bombs", "duration_s"):
        if data.get(name) is not None and not _number(data[name]):
            return f"{name} is not a number"
    measures = data.get("measures", {})
    if not isinstance(measures, dict) or not all(_number(v) for v in measures.values()):
        return "the measures are not numbers by name"
    return None


def row_from(data: Any) -> DealRow | None:
    """The deal of a parsed object, or None when it is not one."""
    if not isinstance(data, dict) or row_problem(data) is not None:
        return None
    fields = set(DealRow.__dataclass_fields__)
    try:
        return DealRow(**{name: value for name, value in data.items() if name in fields})
    except TypeError:  # a required field is missing
        return None


def rows() -> list[DealRow]:
    """The deals waiting (oldest first)."""
    return list(_rows)


def _write(database: Path) -> None:
    path = path_for(database)
    try:
        if _rows:
            storage.atomic_write_text(path, dumps([row.as_dict() for row in _rows]))
        else:
            path.unlink(missing_ok=True)
    except OSError as error:  # full disk: the rows stay in memory and are written later
        log.warning("pending deals not written to %s: %s", path, storage.describe(error))


def keep(row: DealRow, database: Path | None) -> None:
    """Keep a deal the database could not take (the player is told once per run)."""
    global _told
    if all(key(row) != key(kept) for kept in _rows):
        _rows.append(row)
    if database is not None:
        _write(database)
    if not _told:
        _told = True
        folder = str(database.parent) if database is not None else ""
        storage.notice(NOTICE, folder=folder)


def load(database: Path) -> None:
    """Add the deals of the pending file beside ``database`` (a bad entry is skipped with one
    logged line; a file that is not a list is set aside)."""

    def parse(raw: bytes) -> list[Any]:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, list):
            raise storage.BadFileError("not a list of deals")
        return data

    data, _aside, _problem = storage.read_or_set_aside(
        path_for(database), parse, max_bytes=MAX_BYTES
    )
    skipped = 0
    known = {key(row) for row in _rows}
    for item in data or []:
        row = row_from(item)
        if row is None:
            skipped += 1
        elif key(row) not in known:
            known.add(key(row))
            _rows.append(row)
    if skipped:
        log.warning("%d pending deal(s) of %s skipped: not deals", skipped, database)


def flush(database: Any) -> int:
    """Write the waiting deals into ``database`` (a :class:`game.history.db.Database` on a
    file) and forget them; returns how many were new. Raises what the database raises (the
    deals then stay waiting)."""
    if database.in_memory or database.path is None:
        return 0  # a database in memory would lose them at exit: they wait for the file
    load(database.path)
    if not _rows:
        return 0
    written = database.record_missing(list(_rows))
    _rows.clear()
    _write(database.path)
    log.info("%d pending deal(s) written to the history database", written)
    return written


def reset() -> None:
    """Forget the waiting deals and the notice (tests, a new app)."""
    global _told
    _rows.clear()
    _told = False
