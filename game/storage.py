"""Safe files for the user's data: atomic writes and reads that set a bad file aside.

Settings and the autosave both use these helpers, so a crash or a power cut mid-write never
leaves a half-written file behind (the new content is written to a temporary file in the same
folder and moved over the old one with :func:`os.replace`, which is atomic), and a file that
cannot be read is renamed aside (``name.broken-<UTC time>``) instead of being lost or crashing
the game.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class BadFileError(ValueError):
    """Raised by a parser given to :func:`read_or_set_aside` for content it cannot accept."""


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


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def set_aside(path: Path | str) -> Path | None:
    """Rename ``path`` to ``<name>.broken-<UTC time>`` (a free name); returns the new path.

    Returns None when the file could not be renamed (it is then deleted if possible, so the
    game does not trip over it again).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.broken-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
        return target
    except OSError as error:
        log.warning("could not set %s aside (%s); removing it", path, error)
        try:
            path.unlink()
        except OSError:
            pass
        return None


def read_or_set_aside(
    path: Path | str, parse: Callable[[bytes], T]
) -> tuple[T | None, Path | None, str | None]:
    """Read ``path`` and parse it; a file that fails is renamed aside.

    Returns ``(value, None, None)`` on success, ``(None, None, None)`` when the file does not
    exist, and ``(None, aside_path, problem)`` when it could not be read or ``parse`` raised
    (any ``ValueError`` — including :class:`BadFileError` and ``tomllib.TOMLDecodeError`` —
    ``TypeError``, ``KeyError``, ``UnicodeDecodeError`` or ``OSError``).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, None, None
    except OSError as error:
        problem = f"unreadable: {error}"
    else:
        try:
            return parse(data), None, None
        except (ValueError, TypeError, KeyError, OSError) as error:
            problem = f"{type(error).__name__}: {error}"
    log.warning("%s set aside (%s)", path, problem)
    return None, set_aside(path), problem
