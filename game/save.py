"""The autosave: one match in progress per game, written after every action, offered again on
the title screen and the game's Table tab.

Each game keeps its own file, ``autosave-<game id>.json`` in the user's data folder, so a
Guandan, a Shengji and a Run Fast match can all be in progress at once (issue 45). The file of
the single save of earlier versions, ``autosave.json``, is taken over on the first start
(:func:`adopt_legacy`: moved to its game's file, or set aside when that game has a newer one).
The file is JSON::

    {"version": 2, "preset": "guandan", "seed": 123, "ai_level": "normal",
     "deals": [[{"seat": 0, "kind": "play", "cards": "3H 3S", "combo": ["pair", "3", 2]}, …], …],
     "status": {"deal": 4, "levels": ["5", "8"]}}

``deals`` holds the non-auto actions of every deal of the match, the last one being the deal in
progress; resuming replays them from the seed (``TableController.from_snapshot``), which gives
back the same hands and history. A session whose deals depend only on the seed and the deal's
number (Run Fast, whose sessions never end) is saved from the current deal's start instead:
``"start": {"deal_index": 812, "totals": [40, -12, -28]}`` and ``deals`` holding that one deal
(its finished deals are in the history database), so the file stays small and resuming replays
one deal (a crash report's copy also holds the run's finished deals, ``deals`` then begin at
``start``). ``status`` is what the menus show of the match without replaying it (the deal's
number, the team levels or the running totals, as the game has them; :func:`status`; the
words come from the game's table view). ``match_key`` names the match in the history
database; ``undo_used`` and ``hints_used`` mark the deal in progress. Version 1 files (no
``start``) are still read. Writes are atomic (``game.storage``); when one fails (full disk,
read-only folder) the game plays on and the player is told once (:data:`NOT_SAVED_NOTICE`, see
:func:`game.storage.note_write`).

A file is read with :func:`game.storage.read_or_set_aside` (at most
:data:`game.storage.AUTOSAVE_MAX_BYTES`, regular files only). A save that cannot be used —
corrupt, truncated, nested too deep, of the wrong shape (see :func:`snapshot_problem`: a known game,
a seed within :data:`MAX_SEED`, at most :data:`MAX_DEALS` deals of at most :data:`MAX_ACTIONS`
small actions), of another game than its file's name, or from a newer version of the game — is
set aside (``autosave-<game>.json.broken-<time>``) and reported once through the app's notices
(:func:`game.storage.notice`, a locale key shown as a toast) instead of crashing. A save that
reads but does not replay is set aside by ``TableScene.resume`` the same way. An unknown AI level or house rule is no reason to lose the
match (issue 57): the level falls back to Normal and the option to its default, with one logged
line (:func:`_fall_back`), as the settings and the house rules file do.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, TypedDict

from game import paths, registry, storage
from game.ai.base import ALL_LEVELS
from game.table.record import Snapshot

log = logging.getLogger(__name__)

#: The newest save format this game reads and the one it writes.
VERSION = 2
#: The file of each game's save (``{game}``: its id), and the single save of older versions.
FILENAME = "autosave-{game}.json"
LEGACY_FILENAME = "autosave.json"

#: Locale key of the notice shown once when the autosave cannot be written.
NOT_SAVED_NOTICE = "table.autosave_not_saved"

#: Shape limits of a save (a real match is far below them): deals per match, actions per deal,
#: characters of an action's ``cards`` and of its other strings, and the seed's magnitude.
MAX_DEALS = 10_000
MAX_ACTIONS = 2000
MAX_CARDS_CHARS = 512
MAX_WORD_CHARS = 32
#: The seed's and every whole number's magnitude: the one limit of every reader and of the
#: command line (a seed the game accepts can always be saved, stored and read back).
MAX_SEED = storage.MAX_SEED
#: The AI level a save naming an unknown one plays at (the settings' default).
FALLBACK_LEVEL = "normal"


def autosave_path(game: str) -> Path:
    """The save file of ``game`` (a registered game id)."""
    if game not in registry.ids():
        raise registry.UnknownGameError(f"no game {game[:MAX_WORD_CHARS]!r}")
    return paths.data_dir() / FILENAME.format(game=game)


def legacy_path() -> Path:
    return paths.data_dir() / LEGACY_FILENAME


def write_autosave(snapshot: Snapshot) -> None:
    """Store ``snapshot`` (``TableController.snapshot()``) in its game's file; never raises on
    a disk error."""
    data = snapshot.copy()
    data["version"] = VERSION
    game = data["preset"]
    if not data.get("deals"):
        clear_autosave(game)
        return
    path = autosave_path(game)
    try:
        storage.atomic_write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except OSError as error:  # a full or read-only disk must not stop the game
        log.warning("autosave not written: %s", error)
        storage.note_write(NOT_SAVED_NOTICE, False, path.parent)
    else:
        storage.note_write(NOT_SAVED_NOTICE, True)


def clear_autosave(game: str | None = None) -> None:
    """Forget ``game``'s saved match (it ended, or the player gave it up); None: every game's."""
    for path in [autosave_path(game)] if game is not None else _every_path():
        try:
            path.unlink(missing_ok=True)
        except OSError as error:  # the finished match would be offered again: say so
            log.warning("autosave not removed: %s", error)
            storage.note_write(NOT_SAVED_NOTICE, False, path.parent)
        else:
            storage.note_write(NOT_SAVED_NOTICE, True)


def _every_path() -> list[Path]:
    return [autosave_path(game) for game in registry.ids()] + [legacy_path()]


def move_aside(game: str, reason: str, problem: str = "table.save_unreadable") -> Path | None:
    """Set ``game``'s unusable save aside so it is never offered again (kept for a bug
    report)."""
    _tell(problem)
    path = autosave_path(game)
    if not path.exists() and not path.is_symlink():
        return None
    target = storage.set_aside(path)
    log.warning("autosave set aside to %s: %s", target, reason)
    return target


def _small_word(value: object) -> bool:
    return value is None or (isinstance(value, str) and len(value) <= MAX_WORD_CHARS)


def _action_problem(action: object) -> str | None:
    """Why one stored action is malformed, or None (legality is checked by the replay)."""
    if not isinstance(action, dict):
        return "an action is not an object"
    seat = action.get("seat")
    if seat is not None and (type(seat) is not int or not 0 <= seat < 16):
        return "an action's seat is not a seat number"
    if not isinstance(action.get("kind"), str) or not _small_word(action["kind"]):
        return "an action has no kind"
    cards = action.get("cards", "")
    if not isinstance(cards, str) or len(cards) > MAX_CARDS_CHARS:
        return "an action's cards are not a short card list"
    combo = action.get("combo")
    if combo is not None:
        if not isinstance(combo, list) or len(combo) > 3:
            return "an action's combo is not a short list"
        if not all(type(part) is int or _small_word(part) for part in combo):
            return "an action's combo holds something else than words and numbers"
    return None


def start_problem(start: object) -> str | None:
    """Why a saved ``start`` (deal number and running totals) is malformed, or None."""
    if not isinstance(start, dict):
        return "the start is not an object"
    index, totals = start.get("deal_index"), start.get("totals")
    if not storage.whole(index, 0):
        return "the start's deal number is not a number"
    if not isinstance(totals, list) or len(totals) > 16:
        return "the start's totals are not a short list"
    if not all(storage.whole(points) for points in totals):
        return "the start's totals are not numbers"
    return None


def snapshot_problem(data: object) -> str | None:
    """Why ``data`` is not a usable save, or None."""
    if not isinstance(data, dict):
        return "not a JSON object"
    version = data.get("version")
    if type(version) is not int:
        return "no version"
    if version > VERSION:
        return f"version {version} is newer than this game ({VERSION})"
    preset, seed = data.get("preset"), data.get("seed")
    if not isinstance(preset, str) or not storage.whole(seed):
        return "no preset or seed"
    if preset not in registry.ids():
        return f"unknown game {preset[:MAX_WORD_CHARS]!r}"
    if not _small_word(data.get("ai_level")):
        return "the AI level is not a word"
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        return "no deals"
    start = data.get("start")
    if start is not None:
        problem = start_problem(start)
        if problem is not None:
            return problem
    if len(deals) > MAX_DEALS:
        return f"{len(deals)} deals, more than {MAX_DEALS}"
    for deal in deals:
        if not isinstance(deal, list):
            return "a deal is not a list of actions"
        if len(deal) > MAX_ACTIONS:
            return f"a deal of {len(deal)} actions, more than {MAX_ACTIONS}"
        for action in deal:
            problem = _action_problem(action)
            if problem is not None:
                return problem
    return None


def _fall_back(data: Snapshot) -> Snapshot:
    """A usable save with an unknown AI level or house rule plays on (issue 57): the level
    falls back to :data:`FALLBACK_LEVEL` and each unknown or invalid option to its default
    (it is dropped), each with one logged line, as the settings and house rules do."""
    level = data.get("ai_level")
    if level not in ALL_LEVELS:
        log.warning("the save's AI level %.32r is unknown: %s", level, FALLBACK_LEVEL)
        data["ai_level"] = FALLBACK_LEVEL
    raw = data.get("options")
    if raw is None:
        return data
    schema = registry.get(data["preset"]).options_schema()
    # Any: the file's house rules as parsed; a rule is kept only where its schema allows it
    options: dict[Any, Any] = raw if isinstance(raw, dict) else {}
    kept = {
        key: value
        for key, value in options.items()
        if key in schema
        and type(value).__name__ == schema[key]["type"]
        and value in schema[key]["allowed"]
    }
    if kept != raw:
        dropped = sorted(str(key)[:MAX_WORD_CHARS] for key in options if key not in kept)
        log.warning("the save's house rules fall back to their defaults: %s", dropped or raw)
    data["options"] = kept
    return data


def _parse(raw: bytes) -> Snapshot:
    data = json.loads(raw.decode("utf-8"))
    problem = snapshot_problem(data)
    if problem is not None:
        raise storage.BadFileError(problem)
    return _fall_back(data)


def _read(path: Path, game: str | None) -> Snapshot | None:
    """The save at ``path`` (of ``game`` when given), or None: missing, or set aside and the
    player told (:func:`_tell`)."""

    def parse(raw: bytes) -> Snapshot:
        data = _parse(raw)
        if game is not None and data["preset"] != game:
            raise storage.BadFileError(f"a save of {data['preset']!r} in {game!r}'s file")
        return data

    data, _aside, problem = storage.read_or_set_aside(
        path, parse, max_bytes=storage.AUTOSAVE_MAX_BYTES
    )
    if problem is not None:
        _tell("table.save_newer" if "newer" in problem else "table.save_unreadable")
    return data


def _tell(problem: str | None) -> None:
    """Tell the player once that a save was set aside (a locale key; the app shows it)."""
    if problem is not None:
        storage.notice(problem)


def adopt_legacy() -> str | None:
    """Take over the single ``autosave.json`` of earlier versions (the first start): it
    becomes its game's file, unless that game has a save already (then it is set aside, as
    is an unusable one). Returns the game whose save it became."""
    path = legacy_path()
    if not os.path.lexists(path):
        return None
    data = _read(path, None)
    if data is None:
        return None
    target = autosave_path(data["preset"])
    if os.path.lexists(target):
        storage.set_aside(path)
        log.warning("the old autosave.json is set aside: %s has its own save", data["preset"])
        return None
    try:
        os.replace(path, target)
    except OSError as error:
        log.warning("the old autosave.json could not be taken over: %s", error)
        return None
    storage.fsync_folder(target.parent)
    log.info("the old autosave.json is now %s", target.name)
    game: str = data["preset"]
    return game


def load_autosave(game: str) -> Snapshot | None:
    """``game``'s saved snapshot, or None (nothing saved, or set aside and the player told)."""
    return _read(autosave_path(game), game)


def has_autosave(game: str) -> bool:
    """Whether ``game`` has a usable save (an unusable one is moved aside here already)."""
    return load_autosave(game) is not None


def saved_games() -> list[str]:
    """The games with a match in progress, in the registry's order (the first start takes
    over the old single save; a save set aside is told once)."""
    adopt_legacy()
    return [game for game in registry.ids() if load_autosave(game) is not None]


class SaveStatus(TypedDict):
    """What the menus show of a saved match (:func:`status`)."""

    deal: int
    levels: list[str] | None
    totals: list[int] | None


def status(data: Snapshot) -> SaveStatus:
    """What the menus show of a saved match: ``deal`` (its number, from 0), ``levels`` (the
    teams' levels, or None) and ``totals`` (the seats' running totals, or None). A save
    without a usable ``status`` (an older one) shows its deal number only."""
    raw = data.get("status")
    raw = raw if isinstance(raw, dict) else {}
    start: object = data.get("start")
    start = start if isinstance(start, dict) else {}
    deal = raw.get("deal")
    if not storage.whole(deal, 0):
        deal = int(start.get("deal_index", 0)) + max(0, len(data.get("deals", [])) - 1)
    levels = raw.get("levels")
    if not (isinstance(levels, list) and 0 < len(levels) <= 16):
        levels = None
    elif not all(isinstance(level, str) and len(level) <= 3 for level in levels):
        levels = None
    totals = raw.get("totals")
    if not (isinstance(totals, list) and 0 < len(totals) <= 16):
        totals = None
    elif not all(storage.whole(value) for value in totals):
        totals = None
    return {"deal": deal, "levels": levels, "totals": totals}
