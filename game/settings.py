"""The player's settings: a dataclass kept as TOML in the user's config folder.

The file (``settings.toml`` in :func:`game.paths.config_dir`) is read with tomllib and written
atomically (:mod:`game.storage`). It carries a ``version``. A file that is truncated, not TOML,
holds a value of the wrong type, or comes from a newer version of the game is renamed aside and
the game starts with the defaults; :func:`load` then returns the locale key of a notice that the
app shows once (``settings.reset_notice``).

Choices where the spec is silent:
- The look sliders (contrast, grain, temperature) and the animation speed are whole percents
  0–100, 50 neutral. Values of the right type but out of range are clamped, not rejected; an
  unknown language or AI level falls back to the default (a newer game may add some).
- Animation speed 50 % plays animations at their designed length; each 25 % doubles or halves
  the speed (0 % = quarter speed, 100 % = four times as fast).
- The AI think delay is in milliseconds, 0–3000 (default 700): how long an AI seat "thinks"
  before its play is shown, so the table is followable.
- Unknown keys are ignored (and dropped on the next save).
"""

from __future__ import annotations

import dataclasses
import logging
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.paths import config_dir

log = logging.getLogger(__name__)

#: The version this build writes; a file with a higher one is from a newer game.
VERSION = 1
FILE_NAME = "settings.toml"
#: Locale key of the one-time notice shown when a bad settings file was set aside.
RESET_NOTICE = "settings.reset_notice"

LANGUAGES = ("en", "zh", "hu", "tr", "pl", "id", "fa")
AI_LEVELS = ("easy", "normal", "hard")
PERCENT_FIELDS = ("contrast", "grain", "temperature", "animation_speed")
AI_DELAY_RANGE = (0, 3000)


@dataclass
class Settings:
    """Everything the player can set; changes apply live and are remembered between runs."""

    version: int = VERSION
    language: str = "en"
    #: Look of the frame (post-processing), percent; 50 leaves the image unchanged.
    contrast: int = 50
    grain: int = 50
    temperature: int = 50
    fullscreen: bool = True
    #: Last size of the resizable window, used when full screen is off.
    window_width: int = 1280
    window_height: int = 720
    ai_level: str = "normal"
    animation_speed: int = 50
    ai_delay_ms: int = 700
    four_colour: bool = False

    def animation_factor(self) -> float:
        """Speed multiplier for animations: 1.0 at 50 %, ×2 per +25 %, ÷2 per −25 %."""
        return float(2.0 ** ((self.animation_speed - 50) / 25.0))

    def to_toml(self) -> str:
        """The settings as TOML text (strings, ints and booleans only)."""
        lines = ["# Cardavia settings (written by the game; safe to edit while it is closed)"]
        for item in dataclasses.fields(self):
            lines.append(f"{item.name} = {_toml_value(getattr(self, item.name))}")
        return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    raise TypeError(f"cannot write {value!r} as a setting")


def _field_types() -> dict[str, type]:
    defaults = Settings()
    return {item.name: type(getattr(defaults, item.name)) for item in dataclasses.fields(Settings)}


def from_mapping(data: dict[str, Any]) -> Settings:
    """Settings from parsed TOML; raises ``storage.BadFileError`` for what must be set aside."""
    if not isinstance(data, dict):
        raise storage.BadFileError("settings must be a table")
    version = data.get("version", VERSION)
    if type(version) is not int:
        raise storage.BadFileError("version must be an integer")
    if version > VERSION:
        raise storage.BadFileError(f"settings version {version} is newer than {VERSION}")
    values: dict[str, Any] = {}
    for name, kind in _field_types().items():
        if name not in data:
            continue
        value = data[name]
        # bool is a subclass of int: compare exact types so `contrast = true` is rejected.
        if type(value) is not kind:
            raise storage.BadFileError(f"{name} must be {kind.__name__}, not {value!r}")
        values[name] = value
    settings = Settings(**values)
    settings.version = VERSION
    return normalised(settings)


def normalised(settings: Settings) -> Settings:
    """Clamp numbers into range and replace unknown choices by defaults (in place)."""
    for name in PERCENT_FIELDS:
        setattr(settings, name, max(0, min(100, getattr(settings, name))))
    low, high = AI_DELAY_RANGE
    settings.ai_delay_ms = max(low, min(high, settings.ai_delay_ms))
    settings.window_width = max(640, min(16384, settings.window_width))
    settings.window_height = max(360, min(16384, settings.window_height))
    if settings.language not in LANGUAGES:
        settings.language = Settings.language
    if settings.ai_level not in AI_LEVELS:
        settings.ai_level = Settings.ai_level
    return settings


def _parse(data: bytes) -> Settings:
    return from_mapping(tomllib.loads(data.decode("utf-8")))


def default_path() -> Path:
    return config_dir() / FILE_NAME


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and the locale key of a notice to show once, or None.

    A bad file is renamed aside (see :func:`game.storage.read_or_set_aside`).
    """
    path = path or default_path()
    settings, aside, problem = storage.read_or_set_aside(path, _parse)
    if settings is not None:
        return settings, None
    if aside is not None or problem is not None:
        log.warning("settings reset to defaults: %s", problem)
        return Settings(), RESET_NOTICE
    return Settings(), None


def save(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; False (logged) when the folder is not writable."""
    path = path or default_path()
    try:
        storage.atomic_write_text(path, settings.to_toml())
        return True
    except OSError as error:
        log.warning("settings not saved to %s: %s", path, error)
        return False
