"""The game's log file (issue 10; issue 53: out of :mod:`game.crashlog`, which writes the crash
reports): ``setup_logging()`` sends the game's log (INFO and above) to ``cardavia.log`` in
:func:`game.paths.data_dir` (rotated at 1 MB, two old files kept) and warnings to stderr. One
record is cut to :data:`LOG_RECORD_MAX_CHARS` (message and traceback), so a huge message cannot
bypass the rotation, and a handler that cannot write (full disk, closed stderr) drops the record
quietly instead of printing logging's own traceback. The file is opened never blocking and never
through a link."""

from __future__ import annotations

import errno
import logging
import logging.handlers
import os
import platform
import stat
import sys
from io import TextIOWrapper
from pathlib import Path
from typing import TextIO

from game import paths

LOG_NAME = "cardavia.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 2
#: The most characters one log record (message plus traceback) may take in a log.
LOG_RECORD_MAX_CHARS = 16_000

_file_handler: logging.Handler | None = None
log = logging.getLogger(__name__)


def log_path() -> Path:
    """Where the game's log file is written."""
    return paths.data_dir() / LOG_NAME


class CappedFormatter(logging.Formatter):
    """A formatter whose records are cut to :data:`LOG_RECORD_MAX_CHARS`."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        if len(text) > LOG_RECORD_MAX_CHARS:
            cut = len(text) - LOG_RECORD_MAX_CHARS
            text = f"{text[:LOG_RECORD_MAX_CHARS]} … [{cut} more characters cut]"
        return text


class _QuietErrors:
    """Mixin: a record that cannot be written is dropped (counted), never printed as an error."""

    dropped = 0

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        self.dropped += 1


def open_log_stream(
    path: str, encoding: str | None = "utf-8", errors: str | None = None
) -> TextIOWrapper:
    """The log file opened for appending through the same careful path as the game's other
    files (issue 45): never blocking (``O_NONBLOCK``: a FIFO there fails at once instead of
    hanging the start), never following a link (``O_NOFOLLOW``: the log never lands outside
    the data folder), and a regular file only (a device such as ``/dev/full`` is refused).
    Raises OSError otherwise."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    for name in ("O_NONBLOCK", "O_NOFOLLOW", "O_NOCTTY", "O_CLOEXEC"):
        flags |= getattr(os, name, 0)
    handle = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(errno.EINVAL, "the log is not a regular file", path)
        return os.fdopen(handle, "a", encoding=encoding, errors=errors)
    except BaseException:
        os.close(handle)
        raise


def _usable_log_path(path: Path) -> bool:
    """Whether ``path`` is free for the log or a regular file (not a link, FIFO, device or
    folder); anything else there is set aside first. False when it cannot be cleared."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if stat.S_ISREG(info.st_mode):
        return True
    from game import storage

    log.warning("%s is not a regular file; set aside", path)
    return storage.set_aside(path) is not None or not os.path.lexists(path)


class QuietRotatingFileHandler(_QuietErrors, logging.handlers.RotatingFileHandler):
    """The log file: rotated by size, opened by :func:`open_log_stream`, silent when the disk
    is full or read-only (its writes, flushes and closing never raise)."""

    def _open(self) -> TextIOWrapper:
        return open_log_stream(self.baseFilename, self.encoding, self.errors)

    def flush(self) -> None:
        try:
            super().flush()
        except (OSError, ValueError):
            self.dropped += 1

    def close(self) -> None:
        try:
            super().close()
        except (OSError, ValueError):
            self.dropped += 1


class QuietStreamHandler(_QuietErrors, logging.StreamHandler[TextIO]):
    """Warnings on stderr, silent when stderr is gone."""

    #: Set on the game's own stderr handler (a second setup finds it and adds none).
    _cardavia_stderr: bool


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to :func:`log_path` (INFO and above) and warnings to stderr; returns the log path.

    Calling it again replaces the earlier file handler (no duplicated lines). When the data
    folder cannot be written the game logs to stderr only and None is returned.
    """
    global _file_handler
    root = logging.getLogger()
    root.setLevel(min(level, logging.WARNING))
    # A windowed executable (Windows, macOS) has no stderr at all: the file is the log then.
    has_stderr = sys.stderr is not None
    if has_stderr and not any(getattr(h, "_cardavia_stderr", False) for h in root.handlers):
        stderr = QuietStreamHandler()
        stderr.setLevel(logging.WARNING)
        stderr.setFormatter(CappedFormatter("%(levelname)s %(name)s: %(message)s"))
        stderr._cardavia_stderr = True  # our handler's mark
        root.addHandler(stderr)
    if _file_handler is not None:
        root.removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _usable_log_path(path):
            raise OSError(errno.EEXIST, "something that is not a file is in the way", str(path))
        handler = QuietRotatingFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError as error:
        log.warning("no log file (%s); logging to stderr only", error)
        return None
    handler.setLevel(level)
    handler.setFormatter(
        CappedFormatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s")
    )
    root.addHandler(handler)
    _file_handler = handler
    log.info(
        "Cardavia %s, Python %s, %s", game_version(), platform.python_version(), platform_name()
    )
    return path


def shutdown_logging() -> None:
    """Close the log file and remove the stderr handler (tests; the exit does it too)."""
    global _file_handler
    root = logging.getLogger()
    if _file_handler is not None:
        root.removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
    for handler in list(root.handlers):
        if getattr(handler, "_cardavia_stderr", False):
            root.removeHandler(handler)


def game_version() -> str:
    """The game's version (for the log's first line and crash reports)."""
    # The package's own constant: the executable leaves out ``email``, which
    # importlib.metadata needs, so the installed metadata cannot be read there.
    try:
        from game import __version__

        return str(__version__)
    except Exception:  # noqa: BLE001
        return "unknown"


def platform_name() -> str:
    """The operating system, as Python names it."""
    try:
        return platform.platform()
    except Exception:  # noqa: BLE001
        return sys.platform
