"""Finished deals the history database could not take yet (issues 45, 57): kept, then written.

When a deal cannot be written (the file stays locked by another program, the disk is full, an
I/O error), its row is kept here: in memory, and in a small JSON file (a list of
:meth:`DealRow.as_dict` objects) written atomically, so neither quitting nor a crash loses it.
The file lies beside the database (``history.sqlite3.pending.json``); when the data folder
cannot take it (full, read-only, gone), in the config folder, else in a private folder of the
temp folder (:func:`fallback_paths`: named after the database's path, so two data folders never
share one). :func:`flush` merges every copy, writes each kept row the database does not hold
yet (a deal is known by its match, number and finishing time, so a flush killed midway and run
again never doubles a deal), then forgets them and removes the files. The history's writer
(:mod:`game.history.writer`) calls it when it opens the database (the next start), after each
deal it wrote and while deals wait.

Every value is checked before it is kept or stored (:func:`row_problem`): whole numbers within
:data:`game.storage.MAX_SEED`, finite numbers, the right shapes. The module's state is guarded
by one lock: the writer's thread and the main thread (quitting, tests) may both use it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import stat
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol

from game import paths, storage
from game.table.summary import DealRow, dumps

log = logging.getLogger(__name__)

SUFFIX = ".pending.json"
#: A real pending file holds a few deals (about 2 KB each); more than this is not ours.
MAX_BYTES = 16 * 1024 * 1024
#: Locale key of the notice shown once when finished deals wait in memory.
NOTICE = "history.db_pending"
#: The largest finishing time accepted (seconds since 1970: the year 5138).
MAX_TIME = 1e11

_lock = threading.RLock()
_rows: list[DealRow] = []
_told = False


def path_for(database: Path) -> Path:
    """The pending file beside ``database`` (its first place)."""
    return database.with_name(database.name + SUFFIX)


def _private_temp() -> Path:
    """This user's folder in the temp folder (``cardavia-<uid>``, mode 0700)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"cardavia-{uid}"


def fallback_paths(database: Path) -> list[Path]:
    """Where the pending file goes when the data folder cannot take it: the config folder,
    else this user's private folder in the temp folder; named after the database's path."""
    tag = hashlib.sha256(str(database).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    name = f"history-pending-{tag}.json"
    return [paths.config_dir() / name, _private_temp() / name]


def every_path(database: Path) -> list[Path]:
    """Every place a pending file of ``database`` may be, in the order they are tried."""
    return [path_for(database), *fallback_paths(database)]


def key(row: DealRow) -> tuple[str, str, int, float]:
    """What tells one finished deal from every other."""
    return (row.preset, row.match_key, row.deal_index, row.finished_at)


def _number(value: object) -> bool:
    """A finite float, or a whole number the database can store (never raises)."""
    if type(value) is float:
        return math.isfinite(value)
    return storage.whole(value)


_KINDS: dict[str, type] = {
    "preset": str, "match_key": str, "ai_level": str, "actions": list, "ai_levels": list,
    "returns": list, "seed": int, "deal_index": int, "human_seat": int,
}  # fmt: skip


# Any: a row's fields as parsed (JSON), each checked here before it is used
def row_problem(data: dict[str, Any]) -> str | None:
    """Why ``data`` (a row's fields, JSON already parsed) is not a usable deal, or None."""
    for name, kind in _KINDS.items():
        if type(data.get(name)) is not kind:
            return f"{name} is not a {kind.__name__}"
    if not storage.whole(data["seed"]) or not storage.whole(data["deal_index"], 0):
        return "the seed or the deal's number is out of range"
    returns, seat = data["returns"], data["human_seat"]
    if not all(_number(value) for value in returns) or not 0 <= seat < max(1, len(returns)):
        return "returns are not numbers for every seat"
    at: Any = data.get("finished_at")  # as parsed: checked on the next line
    if not _number(at) or not 0 <= at < MAX_TIME:
        return "the finishing time is not a date"
    if not isinstance(data.get("options", {}), dict):
        return "the house rules are not a table"
    for name in ("levels_before", "levels_after"):
        if data.get(name) is not None and not isinstance(data[name], dict):
            return f"{name} is not a table"
    totals = data.get("totals_after")
    if totals is not None and not (
        isinstance(totals, list) and all(storage.whole(value) for value in totals)
    ):
        return "totals_after is not a list of whole numbers"
    for name in ("bombs", "duration_s"):
        if data.get(name) is not None and not _number(data[name]):
            return f"{name} is not a number"
    if data.get("daily") is not None and not isinstance(data["daily"], str):
        return "the day of a deal of the day is not a date"
    measures = data.get("measures", {})
    if not isinstance(measures, dict) or not all(_number(v) for v in measures.values()):
        return "the measures are not numbers by name"
    return None


def row_from(data: object) -> DealRow | None:
    """The deal of a parsed object, or None when it is not one (never raises)."""
    if not isinstance(data, dict):
        return None
    try:
        if row_problem(data) is not None:
            return None
        fields = set(DealRow.__dataclass_fields__)
        return DealRow(**{name: value for name, value in data.items() if name in fields})
    except Exception:  # noqa: BLE001 - a required field missing, or a value no check foresaw
        return None


def rows() -> list[DealRow]:
    """The deals waiting (oldest first)."""
    with _lock:
        return list(_rows)


def _usable(path: Path, *, create: bool) -> bool:
    """Whether ``path``'s folder may hold a pending file: any folder but the temp folder's,
    which must be this user's own real folder (made, mode 0700, when ``create``)."""
    folder = path.parent
    if folder != _private_temp():
        return True
    try:
        if create:
            folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return False
    own = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    return stat.S_ISDIR(info.st_mode) and own


def _write(database: Path) -> Path | None:
    """Write the waiting rows to the first place that takes them (or remove every copy when
    none wait); the place written, or None when none could (the rows stay in memory)."""
    places = every_path(database)
    if not _rows:
        for path in places:
            if not _usable(path, create=False):
                continue
            try:
                path.unlink(missing_ok=True)
            except OSError as error:
                log.warning("pending file %s not removed: %s", path, storage.describe(error))
        return None
    text = dumps([row.as_dict() for row in _rows])
    for index, path in enumerate(places):
        if not _usable(path, create=True):
            continue
        try:
            storage.atomic_write_text(path, text)
        except OSError as error:  # full or read-only: the next place
            log.warning("pending deals not written to %s: %s", path, storage.describe(error))
            continue
        for later in places[index + 1 :]:  # older copies hold only rows kept here too
            try:
                later.unlink(missing_ok=True)
            except OSError:
                pass
        return path
    return None


def keep(row: DealRow, database: Path | None) -> Path | None:
    """Keep a deal the database could not take (the player is told once per run); returns
    the file that holds it now, or None (memory only)."""
    global _told
    with _lock:
        if all(key(row) != key(kept) for kept in _rows):
            _rows.append(row)
        where = None
        if database is not None:
            _load(database)  # a copy left elsewhere by an earlier run is merged, never lost
            where = _write(database)
        if not _told:
            _told = True
            folder = str(database.parent) if database is not None else ""
            storage.notice(NOTICE, folder=folder)
        return where


def _parse(raw: bytes) -> list[Any]:  # Any: the deals as parsed, checked by row_problem
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, list):
        raise storage.BadFileError("not a list of deals")
    return data


def _load(database: Path) -> None:
    """Merge the deals of every pending file of ``database`` (a bad entry is skipped with one
    logged line; a file that is not a list is set aside)."""
    skipped = 0
    known = {key(row) for row in _rows}
    for path in every_path(database):
        if not _usable(path, create=False) or not path.parent.is_dir():
            continue  # no folder there (or not ours): no file either
        data, _aside, _problem = storage.read_or_set_aside(path, _parse, max_bytes=MAX_BYTES)
        for item in data or []:
            row = row_from(item)
            if row is None:
                skipped += 1
            elif key(row) not in known:
                known.add(key(row))
                _rows.append(row)
    if skipped:
        log.warning("%d pending deal(s) of %s skipped: not deals", skipped, database)


def load(database: Path) -> None:
    """Add the deals of the pending files of ``database`` to those waiting."""
    with _lock:
        _load(database)


def waiting(database: Path) -> bool:
    """Whether deals wait, in memory or in a pending file of ``database`` (never raises)."""
    with _lock:
        if _rows:
            return True
    try:
        return any(os.path.lexists(path) for path in every_path(database))
    except (OSError, ValueError):
        return False


class Store(Protocol):
    """What :func:`flush` needs of a database (:class:`game.history.database.Database`)."""

    in_memory: bool
    path: Path | None

    def record_missing(self, rows: list[DealRow]) -> int: ...


def flush(database: Store) -> int:
    """Write the waiting deals into ``database`` (one on a file) and forget them; returns how
    many were new. Raises what the database raises (the deals then stay waiting)."""
    if database.in_memory or database.path is None:
        return 0  # a database in memory would lose them at exit: they wait for the file
    with _lock:
        _load(database.path)
        if not _rows:
            _write(database.path)  # empty copies go
            return 0
        written = database.record_missing(list(_rows))
        _rows.clear()
        _write(database.path)
    log.info("%d pending deal(s) written to the history database", written)
    return written


def reset() -> None:
    """Forget the waiting deals and the notice (tests, a new app)."""
    global _told
    with _lock:
        _rows.clear()
        _told = False
