"""The log file and crash reports (issue 10): what happened, in the user's data folder.

``setup_logging()`` sends the game's log (INFO and above) to ``cardavia.log`` in
:func:`game.paths.data_dir` (rotated at 1 MB, two old files kept) and warnings to stderr. One
record is cut to :data:`LOG_RECORD_MAX_CHARS` (message and traceback), so a huge message cannot
bypass the rotation, and a handler that cannot write (full disk, closed stderr) drops the record
quietly instead of printing logging's own traceback.
``install(context_provider)`` makes every uncaught exception — in the main thread or in a
background thread such as a thinking bot — write a crash report; the app also calls
``report(exc, context)`` itself from the try/except around its frame loop.

A crash report is one JSON file ``crashes/crash-<UTC time>-<pid>.json`` in the data folder::

    {"version": 1, "time": "...", "game_version": "0.1.0", "python": "...", "platform": "...",
     "exception": "ValueError: ...", "traceback": "Traceback (most recent call last): ...",
     "thread": "MainThread",
     "context": {"scene": "TableScene", "language": "en", "size": [1280, 720],
                 "preset": "guandan", "seed": 123, "deal_index": 0, "phase": "play",
                 "current_player": 2, "ai_level": "normal", "autoplay": false,
                 "deal_log": ["seat 0: play 3H 3S as pair 3", ...],
                 "replay": {"version": 1, "preset": "guandan", "seed": 123,
                            "ai_level": "normal", "deals": [[{"seat": 0, ...}, ...]]},
                 "shown_deal": 0}}

``replay`` has the autosave's format (``TableController.snapshot()``) and ``shown_deal`` is
the index in it of the deal on screen, so :func:`replay_report` rebuilds the match exactly
where it was (same hands, same history) and a developer can step it again. ``deal_log`` is the same deal in words, for a person reading it.

Choices where the spec is silent:
- Reports are JSON (machine-readable for the replay, still readable by a person); the newest
  :data:`KEEP_REPORTS` are kept and older ones deleted, so a crash loop cannot fill the disk.
- Nothing here may raise: building the context, writing the report or opening the log file
  can fail (read-only home, full disk, a half-built app) and then the failure is logged or
  printed, never raised over the original error.
- The player sees ``crash.message`` (with the report's path) on stderr, in the log and, when
  there is a real display, in a system message box; the process then exits with
  :data:`EXIT_CODE`.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from game import paths
from game.logfile import (
    LOG_NAME,
    game_version,
    log_path,
    platform_name,
    setup_logging,
    shutdown_logging,
)
from game.rules.base import Match

log = logging.getLogger(__name__)

#: Report format version.
VERSION = 1
CRASH_DIR = "crashes"
#: Crash reports kept in the folder (the oldest are deleted beyond this).
KEEP_REPORTS = 20
#: Exit code of the game after a crash (0 is a normal quit, 2 a usage error).
EXIT_CODE = 3

#: A report's ``context``: JSON values of every kind, as the game knew them.
Context = dict[str, object]
ContextProvider = Callable[[], Context]
#: ``sys.excepthook`` and ``threading.excepthook``.
ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
ThreadHook = Callable[[threading.ExceptHookArgs], object]

_provider: ContextProvider | None = None
_previous_hooks: tuple[ExceptHook, ThreadHook] | None = None


def crash_dir() -> Path:
    """The folder of crash reports."""
    return paths.data_dir() / CRASH_DIR


# --- crash reports ---------------------------------------------------------------------------


def install(context_provider: ContextProvider | None = None) -> None:
    """Write a crash report for every uncaught exception (main thread and other threads).

    ``context_provider`` returns the game's context at the time of the crash (see
    :func:`app_context`); it is called only when a crash happens.
    """
    global _provider, _previous_hooks
    _provider = context_provider
    if _previous_hooks is None:
        _previous_hooks = (sys.excepthook, threading.excepthook)
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook


def uninstall() -> None:
    """Give back the previous exception hooks (tests)."""
    global _provider, _previous_hooks
    _provider = None
    if _previous_hooks is not None:
        sys.excepthook, threading.excepthook = _previous_hooks
        _previous_hooks = None


def _excepthook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    if not issubclass(kind, KeyboardInterrupt):
        report(value)
    previous = _previous_hooks[0] if _previous_hooks else sys.__excepthook__
    previous(kind, value, tb)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None and not isinstance(args.exc_value, KeyboardInterrupt):
        report(args.exc_value, thread=args.thread.name if args.thread else None)
    previous = _previous_hooks[1] if _previous_hooks else threading.__excepthook__
    previous(args)


def report(
    exc: BaseException, context: Context | None = None, *, thread: str | None = None
) -> Path | None:
    """Write a crash report for ``exc``; returns its path (None when it could not be written).

    ``context`` defaults to what the installed provider returns. Never raises.
    """
    try:
        if context is None:
            context = _safe_context()
        data = {
            "version": VERSION,
            "time": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "game_version": game_version(),
            "python": platform.python_version(),
            "platform": platform_name(),
            "thread": thread or threading.current_thread().name,
            "exception": "".join(traceback.format_exception_only(type(exc), exc)).strip(),
            "traceback": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
            "context": context,
        }
        text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = folder / f"crash-{stamp}-{os.getpid()}.json"
        from game import storage

        storage.atomic_write_text(path, text + "\n")
        _prune(folder)
    except Exception as error:  # noqa: BLE001 - the report must never hide the crash
        try:
            log.error("crash report not written (%s); the error was:", error, exc_info=exc)
        except Exception:  # noqa: BLE001
            pass
        return None
    log.error("unexpected error; crash report written to %s", path, exc_info=exc)
    return path


def _prune(folder: Path) -> None:
    reports = sorted(folder.glob("crash-*.json"))
    for old in reports[:-KEEP_REPORTS]:
        try:
            old.unlink()
        except OSError:
            pass


def _safe_context() -> Context:
    if _provider is None:
        return {}
    try:
        context = _provider()
        return dict(context) if isinstance(context, dict) else {"context": repr(context)}
    except Exception as error:  # noqa: BLE001 - a half-built app still gets its report
        return {"context_error": f"{type(error).__name__}: {error}"}


# --- what the app knows ----------------------------------------------------------------------


# Any: an app maybe half built, each attribute read guarded
def app_context(app: Any) -> Context:
    """The context of a running :class:`game.app.App`: screen, language and, at a table, the
    preset, seed, deal, its log in words and the replay data (see the module docstring).
    ``app`` may be half built when it crashes: every attribute is read guarded (``Any``)."""
    context: Context = {}
    stack = getattr(app, "stack", None)
    top = getattr(stack, "top", None) if stack is not None else None
    context["scene"] = type(top).__name__ if top is not None else None
    try:
        context["scenes"] = [type(scene).__name__ for scene in stack] if stack else []
    except Exception:  # noqa: BLE001
        pass
    try:
        from game import i18n

        context["language"] = i18n.language()
    except Exception:  # noqa: BLE001
        pass
    try:
        context["size"] = list(app.size)
    except Exception:  # noqa: BLE001
        pass
    context["seed_arg"] = getattr(app, "seed", None)
    controller = None
    if stack is not None:
        for scene in reversed(list(stack)):
            controller = getattr(scene, "controller", None)
            if controller is not None:
                break
    if controller is not None:
        context.update(controller_context(controller))
    return context


# Any: a table maybe half built, each attribute read guarded
def controller_context(controller: Any) -> Context:
    """Preset, seed, deal, phase, the deal's log in words and the replay data of a table
    (``controller`` read guarded, as ``app`` in :func:`app_context`)."""
    context: Context = {
        "preset": getattr(controller, "preset", None),
        "seed": getattr(controller, "seed", None),
        "deal_index": getattr(controller, "deal_index", None),
        "ai_level": getattr(controller, "ai_level", None),
        "autoplay": getattr(controller, "autoplay", None),
    }
    state = getattr(controller, "state", None)
    if state is not None:
        for name in ("phase", "current_player", "is_terminal"):
            try:
                context[name] = getattr(state, name)
            except Exception as error:  # noqa: BLE001
                context[name] = f"<{type(error).__name__}>"
        try:
            context["deal_log"] = [
                f"seat {r.seat}: {r.action}" + (" (auto)" if r.auto else "") for r in state.log
            ]
        except Exception as error:  # noqa: BLE001
            context["deal_log"] = f"<{type(error).__name__}: {error}>"
    try:
        replay = controller.snapshot(full=True)
        context["replay"] = replay
        # At a deal's end the match has already moved on to the next (untouched) deal; the
        # deal on screen, which the log above describes, is then the one before it.
        shown = len(replay["deals"]) - 1
        if getattr(controller, "awaiting_next", False) and not getattr(
            getattr(controller, "match", None), "is_over", False
        ):
            shown -= 1
        context["shown_deal"] = shown
    except Exception as error:  # noqa: BLE001
        context["replay"] = None
        context["replay_error"] = f"{type(error).__name__}: {error}"
    return context


# Any: the JSON as parsed, each value checked where it is read
def load_report(path: Path | str) -> dict[str, Any]:
    """A crash report read back (the guarded reader of :mod:`game.storage`: a regular file of
    at most ``CRASH_REPORT_MAX_BYTES``); ValueError when it is missing, not one or not JSON.
    The JSON as parsed (``Any``: its values are checked where they are read)."""
    from game import storage

    try:
        raw = storage.read_capped(path, storage.CRASH_REPORT_MAX_BYTES)
        if raw is None:
            raise storage.BadFileError("no such file")
        data = json.loads(raw.decode("utf-8"))
    except storage.BadFileError as error:
        raise ValueError(f"{path}: {error}") from None
    except (OSError, RecursionError, MemoryError) as error:
        raise ValueError(f"{path}: {storage.describe(error)}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a crash report")
    return data


# Any: a report as parsed (load_report)
def replay_report(path_or_data: Path | str | dict[str, Any]) -> Match:
    """The match of a crash report rebuilt from its seed and actions, its ``state`` being the
    deal that was on screen (same hands, same log) and ready to step on from there.

    Raises ValueError (and nothing else, whatever the report holds) when the report has no
    replay data or it does not replay.
    """
    if isinstance(path_or_data, dict):
        data = path_or_data
    elif isinstance(path_or_data, str | os.PathLike):
        data = load_report(path_or_data)
    else:
        raise ValueError("not a crash report")
    context = data.get("context") if isinstance(data, dict) else None
    context = context if isinstance(context, dict) else {}
    replay = context.get("replay")
    if not replay or not isinstance(replay, dict):
        raise ValueError("the report holds no table to replay")
    try:
        return _rebuild(replay, context.get("shown_deal"))
    except ValueError:
        raise
    except Exception as error:  # noqa: BLE001 - any other failure: a report that does not replay
        raise ValueError(f"the report's table does not replay: {type(error).__name__}") from None


# Any: the report's table as parsed, checked by save.snapshot_problem first
def _rebuild(replay: dict[str, Any], shown: object) -> Match:
    from game import registry, save
    from game.table.record import rebuild_match

    problem = save.snapshot_problem(
        {**replay, "version": min(_int(replay.get("version")), save.VERSION)}
    )
    if problem is not None:
        raise ValueError(f"the report's table is not a saved match: {problem}")
    deals = [list(deal) for deal in replay["deals"]]
    if type(shown) is int and 0 <= shown < len(deals):
        deals = deals[: shown + 1]
    module = registry.get(str(replay["preset"])).rules
    rules = replay.get("options") or None
    if rules is not None and not isinstance(rules, dict):
        raise ValueError("the report's house rules are not a table")
    return rebuild_match(module, int(replay["seed"]), deals, replay.get("start"), options=rules)


def _int(value: object) -> int:
    return value if type(value) is int else 1


# --- telling the player ----------------------------------------------------------------------


def crash_message(path: Path | None) -> str:
    """The player's message after a crash (``crash.message`` / ``crash.message_no_report``)."""
    try:
        from game import i18n

        if path is None:
            return i18n.tr("crash.message_no_report", log=str(log_path()))
        return i18n.tr("crash.message", path=str(path))
    except Exception:  # noqa: BLE001 - the catalog itself may be what broke
        return f"Cardavia stopped because of an unexpected error. Report: {path}"


def tell_player(path: Path | None) -> None:
    """Print the crash message to stderr and, with a real display, show it in a message box."""
    message = crash_message(path)
    try:
        print(message, file=sys.stderr, flush=True)
    except Exception:  # noqa: BLE001 - no stderr (a windowed executable)
        pass
    if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return
    try:
        import pygame

        from game import i18n

        title = i18n.tr("crash.title")
        pygame.display.message_box(title, message, message_type="error")
    except Exception:  # noqa: BLE001 - older pygame, no display: stderr and the log have it
        pass


__all__ = [
    "EXIT_CODE",
    "LOG_NAME",
    "app_context",
    "controller_context",
    "crash_dir",
    "crash_message",
    "install",
    "load_report",
    "log_path",
    "replay_report",
    "report",
    "setup_logging",
    "shutdown_logging",
    "tell_player",
    "uninstall",
]
