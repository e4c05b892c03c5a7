"""Safe files for the user's data: atomic writes, one guarded reader, and failed-save notices.

Every file the game reads back from the user's folders (settings, the autosave, crash reports)
goes through :func:`read_capped`: it opens without blocking (``O_NONBLOCK``, so a FIFO named
``autosave.json`` cannot hang the start), refuses anything that is not a regular file (a FIFO,
a device such as a link to ``/dev/zero``, a directory) and anything larger than the file's cap,
and never reads more than the cap. :func:`read_or_set_aside` adds the parser: *any* failure of
it (including ``RecursionError`` from a deeply nested file and ``MemoryError``) or of the shape
check renames the file aside (``name.broken-<UTC time>``) and returns one short problem text, so
the caller shows its one notice and the game goes on with defaults.

Writes go to a temporary file in the same folder (``.<name>.<random>.tmp``), are fsynced and
moved over the old file with :func:`os.replace` (atomic), and the folder is fsynced after that
so the rename itself survives a power cut. A write killed midway leaves its temporary file;
:func:`remove_stale_temp_files` deletes those at start.

When the autosave or the settings cannot be written (read-only folder, full disk) the game plays
on; :func:`note_write` queues the file's notice once when its writes start failing, and again
only after a later write succeeded and then failed; the app shows what :func:`take_notices`
returns.
"""

from __future__ import annotations

import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeGuard, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Size caps of the files read back (bytes). A real settings file is under 1 KB. The autosave
#: holds every deal of a Guandan or Shengji match (about 2 KB a deal); a Run Fast session, which
#: never ends, is saved from its current deal (game.save); a crash report holds a traceback and a
#: whole match.
SETTINGS_MAX_BYTES = 64 * 1024
AUTOSAVE_MAX_BYTES = 16 * 1024 * 1024
CRASH_REPORT_MAX_BYTES = 16 * 1024 * 1024
#: Temporary files older than this (seconds) are a killed write's leftovers, not a write of a
#: second running copy of the game.
STALE_TEMP_AGE_S = 60.0
#: A problem text (logged, kept for the notice) is cut to this length: a bad file's content can
#: be megabytes and must not be copied into the log.
PROBLEM_MAX_CHARS = 300

_READ_CHUNK = 64 * 1024

#: The largest magnitude of any whole number a file of the game holds or the command line takes
#: (a seed, a deal's number, running totals): SQLite's INTEGER is a signed 64-bit number, so a
#: value the game accepts anywhere can always be stored and read back (issue 57).
MAX_SEED = 2**63 - 1


def whole(value: object, low: int = -MAX_SEED, high: int = MAX_SEED) -> TypeGuard[int]:
    """Whether ``value`` is an ``int`` (not a bool) from ``low`` to ``high``, both included."""
    return type(value) is int and low <= value <= high


class BadFileError(ValueError):
    """A file whose content, type or size the game cannot accept."""


# --- writing ---------------------------------------------------------------------------------


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file in the same folder + os.replace)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp_name, path)
    except BaseException:
        # Never leave the temporary file behind, whatever went wrong.
        try:
            os.unlink(temp_name)
        except OSError:
            pass
        raise
    fsync_folder(path.parent)


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def fsync_folder(folder: Path | str) -> None:
    """Flush a folder's entries (a rename) to disk; a no-op where folders cannot be opened."""
    if os.name == "nt":  # Windows cannot open a folder as a file; NTFS journals renames
        return
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse fsync on folders: the data itself is synced
    finally:
        os.close(handle)


def remove_stale_temp_files(*folders: Path | str, min_age_s: float = STALE_TEMP_AGE_S) -> int:
    """Delete the temporary files of killed writes (``.<name>.*.tmp``); returns how many."""
    removed = 0
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if not (name.startswith(".") and name.endswith(".tmp")):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= min_age_s:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    if removed:
        log.info("removed %d temporary file(s) left by interrupted writes", removed)
    return removed


# --- failed writes: told once ------------------------------------------------------------------

_failing: set[str] = set()
_notices: list[tuple[str, dict[str, str]]] = []


def note_write(notice: str, ok: bool, folder: Path | str | None = None) -> None:
    """Record whether a write of the file whose failure notice is ``notice`` worked.

    The notice (a locale key; ``folder`` is its ``{folder}`` parameter) is queued when writes
    of that file start failing; further failures stay quiet until a write succeeds again.
    """
    if ok:
        _failing.discard(notice)
    elif notice not in _failing:
        _failing.add(notice)
        _notices.append((notice, {"folder": str(folder) if folder is not None else ""}))


def failing(notice: str) -> bool:
    """Whether the last write of the file whose failure notice is ``notice`` failed."""
    return notice in _failing


def take_notices() -> list[tuple[str, dict[str, str]]]:
    """The failed-write notices ``(locale key, parameters)`` queued since the last call."""
    taken = []
    while _notices:  # popped one by one: the history's writer thread may add one meanwhile
        taken.append(_notices.pop(0))
    return taken


def reset_write_notices() -> None:
    """Forget every failure (a new app, tests)."""
    _failing.clear()
    _notices.clear()


# --- reading ---------------------------------------------------------------------------------


def read_capped(path: Path | str, max_bytes: int) -> bytes | None:
    """The bytes of the regular file ``path``, or None when there is no such file.

    Raises :class:`BadFileError` for anything that is not a regular file or holds more than
    ``max_bytes``, and ``OSError`` when it cannot be read. Never blocks and never reads more
    than ``max_bytes + 1`` bytes.
    """
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_BINARY", 0)
    )
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise BadFileError(f"not a regular file (mode {stat.filemode(info.st_mode)})")
        if info.st_size > max_bytes:
            raise BadFileError(f"{info.st_size} bytes, more than the {max_bytes} allowed")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(handle, min(_READ_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # it grew while being read
                raise BadFileError(f"more than the {max_bytes} bytes allowed")
        return b"".join(chunks)
    finally:
        os.close(handle)


def describe(error: BaseException) -> str:
    """``Kind: message`` of an error, cut to :data:`PROBLEM_MAX_CHARS` (never raises)."""
    try:
        message = str(error)
    except Exception:  # noqa: BLE001 - the message of a deep structure may not print
        message = ""
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    if len(text) > PROBLEM_MAX_CHARS:
        text = text[:PROBLEM_MAX_CHARS] + f"… ({len(text)} characters)"
    return text


def aside_name(path: Path) -> Path:
    """A free name ``<name>.broken-<UTC time>`` (``-1``, ``-2`` … when taken) beside ``path``."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.broken-{stamp}")
    counter = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.broken-{stamp}-{counter}")
        counter += 1
    return target


def set_aside(path: Path | str) -> Path | None:
    """Rename ``path`` to ``<name>.broken-<UTC time>`` (a free name); returns the new path.

    Works for whatever sits at ``path`` (a file, a FIFO, a link, a folder). Returns None when
    it could not be renamed (it is then deleted if possible, so the game does not trip over it
    again).
    """
    path = Path(path)
    target = aside_name(path)
    try:
        os.replace(path, target)
    except OSError as error:
        log.warning("could not set %s aside (%s); removing it", path, error)
        try:
            path.unlink()
        except OSError:
            pass
        return None
    fsync_folder(path.parent)
    return target


def read_or_set_aside(
    path: Path | str, parse: Callable[[bytes], T], *, max_bytes: int = SETTINGS_MAX_BYTES
) -> tuple[T | None, Path | None, str | None]:
    """Read ``path`` safely (:func:`read_capped`) and parse it; a file that fails is set aside.

    Returns ``(value, None, None)`` on success, ``(None, None, None)`` when the file does not
    exist, and ``(None, aside_path, problem)`` when it could not be read, is not a regular file,
    is larger than ``max_bytes`` (by default the smallest cap), or ``parse`` raised anything at all (``parse`` decodes and
    checks the shape, raising :class:`BadFileError` for a wrong one). ``aside_path`` is None
    when the file could not even be renamed.
    """
    path = Path(path)
    try:
        data = read_capped(path, max_bytes)
        if data is None:
            return None, None, None
        return parse(data), None, None
    except Exception as error:  # noqa: BLE001 - incl. RecursionError, MemoryError: any bad file
        problem = describe(error)
    log.warning("%s set aside (%s)", path, problem)
    return None, set_aside(path), problem


def notice(key: str, **params: str) -> None:
    """Queue a notice (a locale key and its parameters) for the app to show once."""
    _notices.append((key, dict(params)))
