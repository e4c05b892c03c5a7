"""The autosave: one match in progress, written after every action, offered on the title screen.

The file (``autosave.json`` in the user's data folder) is JSON::

    {"version": 1, "preset": "guandan", "seed": 123, "ai_level": "normal",
     "deals": [[{"seat": 0, "kind": "play", "cards": "3H 3S", "combo": ["pair", "3", 2]}, …], …]}

``deals`` holds the non-auto actions of every deal of the match, the last one being the deal in
progress; resuming replays them from the seed (``TableController.from_snapshot``), which gives
back the same hands and history. Writes are atomic (``game.storage``). A save that cannot be
read — corrupt, truncated, not an object, or from a newer version of the game — is set aside
(``autosave.json.broken-<time>``, see ``game.storage``) and reported through
:data:`last_problem` (a locale key) instead of crashing. A save that reads but does not replay
is set aside by ``TableScene.resume`` the same way.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game import paths, storage

log = logging.getLogger(__name__)

#: The newest save format this game reads and the one it writes.
VERSION = 1
FILENAME = "autosave.json"

#: Locale key of the last problem met while loading (None when there was none).
last_problem: str | None = None


def autosave_path() -> Path:
    return paths.data_dir() / FILENAME


def write_autosave(snapshot: dict[str, Any]) -> None:
    """Store ``snapshot`` (``TableController.snapshot()``); never raises on a disk error."""
    data = dict(snapshot)
    data["version"] = VERSION
    if not data.get("deals"):
        clear_autosave()
        return
    try:
        storage.atomic_write_text(
            autosave_path(), json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        )
    except OSError as error:  # a full or read-only disk must not stop the game
        log.warning("autosave not written: %s", error)


def clear_autosave() -> None:
    """Forget the saved match (a match ended, or the player started a new one)."""
    try:
        autosave_path().unlink(missing_ok=True)
    except OSError as error:
        log.warning("autosave not removed: %s", error)


def move_aside(reason: str, problem: str = "table.save_unreadable") -> Path | None:
    """Set an unusable save aside so it is never offered again (kept for a bug report)."""
    global last_problem
    last_problem = problem
    path = autosave_path()
    if not path.exists():
        return None
    target = storage.set_aside(path)
    log.warning("autosave set aside to %s: %s", target, reason)
    return target


def _validate(data: Any) -> str | None:
    """Why ``data`` is not a usable save, or None."""
    if not isinstance(data, dict):
        return "not a JSON object"
    version = data.get("version")
    if not isinstance(version, int):
        return "no version"
    if version > VERSION:
        return f"version {version} is newer than this game ({VERSION})"
    if not isinstance(data.get("preset"), str) or not isinstance(data.get("seed"), int):
        return "no preset or seed"
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        return "no deals"
    for deal in deals:
        if not isinstance(deal, list) or not all(isinstance(a, dict) for a in deal):
            return "a deal is not a list of actions"
    return None


def _parse(raw: bytes) -> dict[str, Any]:
    data = json.loads(raw.decode("utf-8"))
    problem = _validate(data)
    if problem is not None:
        raise storage.BadFileError(problem)
    return data


def load_autosave() -> dict[str, Any] | None:
    """The saved snapshot, or None (nothing saved, or set aside: see :data:`last_problem`)."""
    global last_problem
    last_problem = None
    data, _aside, problem = storage.read_or_set_aside(autosave_path(), _parse)
    if problem is not None:
        last_problem = "table.save_newer" if "newer" in problem else "table.save_unreadable"
    return data


def has_autosave() -> bool:
    """Whether a usable save exists (an unusable one is moved aside here already)."""
    return load_autosave() is not None


def saved_preset() -> str | None:
    """The preset of the saved match, for the title's Resume button."""
    data = load_autosave()
    return data["preset"] if data else None
