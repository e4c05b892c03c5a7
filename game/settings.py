"""The player's settings: one table of setting specs, and the settings kept as TOML.

:data:`SPECS` is the one place a setting is described: its key (the name in the file and on
:class:`Settings`), default, range and step, choices, label, how its value is shown and where
it appears (``place``: the top bar, the Game menu, or nowhere). Loading and validation, the top
bar (:mod:`game.widgets.topbar`) and the Game menu are built from it. :class:`Settings` is a
plain dataclass, so a type checker sees every field: one field per spec, in its order, whose
default is read from the spec (``tests/test_settings_specs.py`` checks that they agree). Adding
a setting is one entry here, its field, and its locale keys in every catalog.

The file (``settings.toml`` in :func:`game.paths.config_dir`) is read with tomllib and written
by tomli-w, atomically (:mod:`game.storage`). It carries a ``version``. A file that is
truncated, not TOML, holds a value of the wrong type, or comes from a newer version of the game
is renamed aside and the game starts with the defaults; :func:`load` then returns the locale
key of a notice that the app shows once (``settings.reset_notice``). Reading the file
(:func:`load`, :func:`_parse`) is kept apart from checking its values (:func:`from_mapping`,
:func:`normalised`).

Choices where the spec is silent:
- The look sliders (contrast, grain, temperature) and the animation speed are whole percents
  0–100, 50 neutral, except grain (issue 40): 0 % is none, 100 % strong, default none. A file
  of version 1 (grain 50 % none, 0 % and 100 % strong) is migrated on load: the new grain is
  twice the old distance from 50, so the player's amount of grain is kept. Values of the right
  type but out of range are clamped, not rejected; an unknown language or AI level falls back
  to the default (a newer game may add some).
- Animation speed 50 % plays animations at their designed length; each 25 % doubles or halves
  the speed (0 % = quarter speed, 100 % = four times as fast).
- The AI think delay is in milliseconds, 0–3000 (default 700): how long an AI seat "thinks"
  before its play is shown, so the table is followable.
- Unknown keys are ignored (and dropped on the next save).
- The free-text settings (``hand_orders``, ``lessons_done``) keep only well-formed words, at
  most :data:`MAX_WORDS` (issue 57): the file stays far below its reader's cap and is plain
  ASCII, so every file the game writes reads back equal (a test over the whole settings space).
"""

from __future__ import annotations

import dataclasses
import logging
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import tomli_w

from game import i18n, storage
from game.paths import config_dir

log = logging.getLogger(__name__)

#: The version this build writes; a file with a higher one is from a newer game.
VERSION = 2
FILE_NAME = "settings.toml"
#: The largest window side (the command line's and the remembered window's): SDL's surfaces
#: and the film look stay workable up to 8K.
MAX_WINDOW_SIDE = 8192
#: The file's first line.
HEADER = "# Cardavia settings (written by the game; safe to edit while it is closed)"
#: Locale key of the one-time notice shown when a bad settings file was set aside.
RESET_NOTICE = "settings.reset_notice"

LANGUAGES = i18n.LANGUAGES
AI_LEVELS = ("easy", "normal", "hard")
UNDO_MODES = ("auto", "on", "off")
COACH_MODES = ("auto", "on", "off")
#: The effects' speeds (game.widgets.fx.SPEEDS: "off" none, "fast" twice as fast).
EFFECT_SPEEDS = ("normal", "fast", "off")

#: Where a setting's control is: on the top bar, in its Game menu, or nowhere (kept in the file
#: only, or with a control of its own such as the language menu and the full-screen switch).
BAR, MENU, NOWHERE = "bar", "menu", ""


def animation_factor(percent: int) -> float:
    """Speed multiplier for animations: 1.0 at 50 %, ×2 per +25 %, ÷2 per −25 %."""
    return float(2.0 ** ((percent - 50) / 25.0))


def _show_speed(percent: int) -> str:
    return i18n.tr("topbar.speed", value=i18n.format_number(round(animation_factor(percent), 2)))


def _show_seconds(ms: int) -> str:
    return i18n.tr("topbar.seconds", value=i18n.format_number(round(ms / 1000, 1)))


#: A setting's value: its spec's default's type.
SettingValue = bool | int | str


@dataclass(frozen=True)
class SettingSpec:
    """One setting. Its type is its default's (bool, int or str); that decides its control:
    a switch (bool), a slider (int with a range) or one segment per choice (str)."""

    key: str
    default: SettingValue
    #: Ints are clamped into ``low``–``high``; a slider moves by ``step`` (key, wheel, click).
    low: int = 0
    high: int = 0
    step: int = 1
    #: Strings: the known values; an unknown one falls back to the default.
    choices: tuple[str, ...] = ()
    #: Locale key of the label; ``choice_prefix`` + "." + choice is each choice's locale key.
    label_key: str = ""
    choice_prefix: str = ""
    #: Where a slider leaves things as they are (marked by a tick on its track); None: no
    #: such place (a volume).
    neutral: int | None = None
    #: The value as shown beside its slider (translated); the plain number when None.
    formatter: Callable[[int], str] | None = None
    place: str = NOWHERE
    #: Screens lay out again when it changes (it changes how cards are drawn).
    relayout: bool = False

    @property
    def kind(self) -> type:
        return type(self.default)

    def clamp(self, value: SettingValue) -> SettingValue:
        """``value`` brought into range (ints) or back to the default (unknown choices)."""
        if self.kind is int and self.low < self.high:
            # an int setting's value (its type is checked where a file is read)
            return max(self.low, min(self.high, cast(int, value)))
        if self.choices and value not in self.choices:
            return self.default
        return value

    def shown(self, value: int) -> str:
        """The text beside the slider."""
        return self.formatter(value) if self.formatter else i18n.format_number(value)


def _show_percent(value: int) -> str:
    return i18n.tr("topbar.percent", value=i18n.format_number(value))


def _percent(
    key: str,
    place: str = BAR,
    neutral: int = 50,
    formatter: Callable[[int], str] = _show_percent,
) -> SettingSpec:
    return SettingSpec(
        key,
        neutral,
        low=0,
        high=100,
        step=5,
        label_key=f"topbar.{key}",
        place=place,
        neutral=neutral,
        formatter=formatter,
    )


#: Every setting, in file order; the bar and the Game menu show theirs in this order. A new one:
#: add its SettingSpec here (``place=MENU`` for a Game menu row) and its label key (and any key
#: its formatter uses) to every catalog; read it as ``app.settings.<key>``, change it with
#: ``app.set_setting(key, value)``.
SPECS: tuple[SettingSpec, ...] = (
    SettingSpec("language", "en", choices=LANGUAGES),
    # The look of the frame (post-processing); 50 leaves the image unchanged (grain: 0).
    _percent("contrast"),
    _percent("grain", neutral=0),
    _percent("temperature"),
    SettingSpec("fullscreen", True),
    # Last size of the resizable window, used when full screen is off.
    SettingSpec("window_width", 1280, low=800, high=MAX_WINDOW_SIDE),
    SettingSpec("window_height", 720, low=600, high=MAX_WINDOW_SIDE),
    # The hand order the player chose per game, "guandan:rank shengji:suit" (the table scene).
    SettingSpec("hand_orders", ""),
    SettingSpec(
        "ai_level",
        "normal",
        choices=AI_LEVELS,
        label_key="topbar.ai_level",
        choice_prefix="ai.level",
        place=MENU,
    ),
    _percent("animation_speed", place=MENU, formatter=_show_speed),
    SettingSpec(
        "ai_delay_ms",
        700,
        low=0,
        high=3000,
        step=100,
        label_key="topbar.ai_delay",
        formatter=_show_seconds,
        place=MENU,
    ),
    # Undo at the table (issue 27): "auto" allows it at Easy and Normal, not at Hard.
    SettingSpec(
        "undo",
        "auto",
        choices=UNDO_MODES,
        label_key="topbar.undo",
        choice_prefix="undo.mode",
        place=MENU,
    ),
    # The coach at the table (issue 41): "auto" speaks at Easy only.
    SettingSpec(
        "coach",
        "auto",
        choices=COACH_MODES,
        label_key="topbar.coach",
        choice_prefix="coach.mode",
        place=MENU,
    ),
    # The games whose lesson was played to its end (issue 41), "guandan runfast".
    SettingSpec("lessons_done", ""),
    SettingSpec("four_colour", False, label_key="topbar.four_colour", place=MENU, relayout=True),
    # Sound (game.audio): effects and music volumes in percent, music low by default.
    # Shown as percents like the look sliders (issue 40: "70" beside "50 %" read unitless).
    SettingSpec(
        "effects_volume",
        70,
        low=0,
        high=100,
        step=5,
        label_key="topbar.effects_volume",
        place=MENU,
        formatter=_show_percent,
    ),
    SettingSpec(
        "music_volume",
        25,
        low=0,
        high=100,
        step=5,
        label_key="topbar.music_volume",
        place=MENU,
        formatter=_show_percent,
    ),
    SettingSpec("mute", False, label_key="topbar.mute", place=MENU),
    # The look of the table: card back (game.widgets.card_backs.BACKS) and felt colour (FELTS).
    SettingSpec(
        "card_back",
        "lattice",
        choices=("lattice", "navy", "jade"),
        label_key="topbar.card_back",
        choice_prefix="look.back",
        place=MENU,
        relayout=True,
    ),
    SettingSpec(
        "felt",
        "green",
        choices=("green", "blue", "wine"),
        label_key="topbar.felt",
        choice_prefix="look.felt",
        place=MENU,
        relayout=True,
    ),
    # The table's effects (issue 54): their speed ("off": the table as before effects) and
    # reduced motion (their light and shapes, no shake, no flash, no particles).
    SettingSpec(
        "effects",
        "normal",
        choices=EFFECT_SPEEDS,
        label_key="fx.effects",
        choice_prefix="fx.speed",
        place=MENU,
    ),
    SettingSpec("reduced_motion", False, label_key="fx.reduced_motion", place=MENU),
)


def spec(key: str) -> SettingSpec:
    """The spec of setting ``key``; KeyError naming the known keys otherwise."""
    for item in SPECS:
        if item.key == key:
            return item
    raise KeyError(f"no setting {key!r}; known: {', '.join(item.key for item in SPECS)}")


def placed(place: str) -> list[SettingSpec]:
    """The settings shown in ``place`` (BAR or MENU), in table order."""
    return [item for item in SPECS if item.place == place]


def _default(key: str) -> Any:  # Any: the default of each key is its own field's type
    """The default of setting ``key`` (its spec's: the one place it is written)."""
    return spec(key).default


#: Free-text settings hold words: remembered hand orders ``game:order`` and finished lessons'
#: game ids. Each is kept only when it is such a word, at most MAX_WORDS of them, so the file
#: never outgrows what its reader accepts (issue 57) and holds only plain ASCII.
_ORDER_WORD = re.compile(r"[a-z0-9_]{1,32}:(rank|suit)")
_GAME_WORD = re.compile(r"[a-z0-9_]{1,32}")
MAX_WORDS = 64


def _words(value: str, pattern: re.Pattern[str], key: Callable[[str], str]) -> str:
    """The words of ``value`` that match ``pattern``, the last one per ``key`` kept, in order,
    at most :data:`MAX_WORDS`."""
    kept: dict[str, str] = {}
    for word in value.split():
        if pattern.fullmatch(word):
            kept.pop(key(word), None)
            kept[key(word)] = word
    return " ".join(list(kept.values())[-MAX_WORDS:])


@dataclass
class Settings:
    """Everything the player can set; changes apply live and are remembered. One field per
    entry of :data:`SPECS`, in its order, with its default (a test checks they agree)."""

    version: int = VERSION
    language: str = _default("language")
    contrast: int = _default("contrast")
    grain: int = _default("grain")
    temperature: int = _default("temperature")
    fullscreen: bool = _default("fullscreen")
    window_width: int = _default("window_width")
    window_height: int = _default("window_height")
    hand_orders: str = _default("hand_orders")
    ai_level: str = _default("ai_level")
    animation_speed: int = _default("animation_speed")
    ai_delay_ms: int = _default("ai_delay_ms")
    undo: str = _default("undo")
    coach: str = _default("coach")
    lessons_done: str = _default("lessons_done")
    four_colour: bool = _default("four_colour")
    effects_volume: int = _default("effects_volume")
    music_volume: int = _default("music_volume")
    mute: bool = _default("mute")
    card_back: str = _default("card_back")
    felt: str = _default("felt")
    effects: str = _default("effects")
    reduced_motion: bool = _default("reduced_motion")

    def undo_allowed(self) -> bool:
        """Whether the table offers undo: always, never, or by default below Hard."""
        if self.undo == "auto":
            return self.ai_level != "hard"
        return self.undo == "on"

    def coach_on(self) -> bool:
        """Whether the coach judges the player's moves: always, never, or by default at Easy."""
        if self.coach == "auto":
            return self.ai_level == "easy"
        return self.coach == "on"

    def lesson_done(self, game_id: str) -> bool:
        return game_id in self.lessons_done.split()

    def animation_factor(self) -> float:
        """Speed multiplier for animations (see :func:`animation_factor`)."""
        return animation_factor(self.animation_speed)

    def to_toml(self) -> str:
        """The settings as TOML text, by a real TOML writer (any string is escaped as TOML
        needs, so whatever the game accepts reads back equal)."""
        values = {item.name: getattr(self, item.name) for item in dataclasses.fields(self)}
        return f"{HEADER}\n{tomli_w.dumps(values)}"


def from_mapping(data: dict[str, object]) -> Settings:
    """Settings from parsed TOML; raises ``storage.BadFileError`` for what must be set aside."""
    if not isinstance(data, dict):
        raise storage.BadFileError("settings must be a table")
    version = data.get("version", VERSION)
    if type(version) is not int:
        raise storage.BadFileError("version must be an integer")
    if version > VERSION:
        raise storage.BadFileError(f"settings version {version} is newer than {VERSION}")
    data = _migrated(data, version)
    values: dict[str, Any] = {}  # Any: each value's type is checked below to be its field's
    for item in SPECS:
        if item.key not in data:
            continue
        value = data[item.key]
        # bool is a subclass of int: compare exact types so `contrast = true` is rejected.
        if type(value) is not item.kind:
            raise storage.BadFileError(f"{item.key} must be {item.kind.__name__}, not {value!r}")
        values[item.key] = value
    settings = Settings(**values)
    settings.version = VERSION
    return normalised(settings)


def _migrated(data: dict[str, object], version: int) -> dict[str, object]:
    """Values of an older file in this version's meaning (a copy)."""
    data = dict(data)
    grain = data.get("grain")
    if version < 2 and type(grain) is int:
        # Version 1: 50 % no grain, more toward either end; now 0 % none up to 100 % strong.
        data["grain"] = min(100, 2 * abs(grain - 50))
    return data


def normalised(settings: Settings) -> Settings:
    """Clamp numbers into range, replace unknown choices by defaults and keep only the
    well-formed words of the free-text settings (in place)."""
    for item in SPECS:
        setattr(settings, item.key, item.clamp(getattr(settings, item.key)))
    settings.hand_orders = _words(settings.hand_orders, _ORDER_WORD, lambda w: w.split(":")[0])
    settings.lessons_done = _words(settings.lessons_done, _GAME_WORD, lambda w: w)
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
    settings, aside, problem = storage.read_or_set_aside(
        path, _parse, max_bytes=storage.SETTINGS_MAX_BYTES
    )
    if settings is not None:
        return settings, None
    if aside is not None or problem is not None:
        log.warning("settings reset to defaults: %s", problem)
        return Settings(), RESET_NOTICE
    return Settings(), None


def save(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; False (logged) when the folder is not writable."""
    path = path or default_path()
    # What is written is what the reader accepts: in range, known choices, well-formed words.
    text = normalised(dataclasses.replace(settings)).to_toml()
    try:
        storage.atomic_write_text(path, text)
        return True
    except OSError as error:
        log.warning("settings not saved to %s: %s", path, error)
        return False
