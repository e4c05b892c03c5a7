"""The house rules a table plays by (issue 28, shared/spec/variants.md), remembered per preset.

A game's options come from its rules module's ``options_schema()`` (through the registry);
this module keeps the player's choice per preset in ``house_rules.toml`` in the config folder
(one table per preset id), and words them from the locale: ``house.<game>.<key>.name`` and
``.line`` (a one-sentence rule), values ``house.on``/``house.off`` for a bool, otherwise
``house.<game>.<key>.<value>``. A file that cannot be read is set aside; every value is
checked against the schema and a bad one falls back to its default, so nothing is lost but
the bad entry. The file is written by a real TOML writer (tomli-w): the preset's own table
holds its valid options only, and every other table is kept as it was read.
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeGuard

import tomli_w

from game import i18n, registry, storage
from game import save as autosave
from game.paths import config_dir
from game.rules.options import OptionSpec, OptionValue

log = logging.getLogger(__name__)

FILE_NAME = "house_rules.toml"


#: A preset's house rules: each option's key and value.
HouseRules = dict[str, OptionValue]


def schema(preset: str) -> dict[str, OptionSpec]:
    """The game's option keys with their type, default and allowed values."""
    return registry.get(preset).options_schema()


def defaults(preset: str, base: Mapping[str, object] | None = None) -> HouseRules:
    """Every option at its default; ``base`` (a preset file's ``[options]``) overrides."""
    values = {key: option["default"] for key, option in schema(preset).items()}
    for key, value in (base or {}).items():
        if key in values and _allowed(value, preset, key):
            values[key] = value
    return values


def _allowed(value: object, preset: str, key: str) -> TypeGuard[OptionValue]:
    """Whether ``value`` is one ``preset``'s option ``key`` allows (of its type)."""
    option = schema(preset).get(key)
    return (
        option is not None and type(value).__name__ == option["type"] and value in option["allowed"]
    )


def _path(path: Path | None) -> Path:
    return path or config_dir() / FILE_NAME


# Any: the file's tables as parsed (TOML), each value checked by _allowed
def _parse(data: bytes) -> dict[str, Any]:
    """The file's tables as parsed (each value is checked by :func:`_allowed`)."""
    parsed = tomllib.loads(data.decode("utf-8"))
    if any(not isinstance(table, dict) for table in parsed.values()):
        raise storage.BadFileError("every preset's house rules are a table")
    return parsed


def _read(path: Path | None) -> dict[str, Any]:  # Any: as _parse
    data, _, _ = storage.read_or_set_aside(_path(path), _parse)
    return data or {}


def load(
    preset: str, base: Mapping[str, object] | None = None, path: Path | None = None
) -> HouseRules:
    """The remembered house rules of ``preset`` (every key; unknown or bad entries dropped)."""
    values = defaults(preset, base)
    for key, value in _read(path).get(preset, {}).items():
        if key in values and _allowed(value, preset, key):
            values[key] = value
    return values


def match_options(preset: str) -> HouseRules | None:
    """The house rules of the match in progress for ``preset`` (the autosave's, every key), or
    None when no match of that preset is in progress. They are fixed until the match ends; a
    save from before house rules plays by the defaults, as its replay does."""
    data = autosave.load_autosave(preset)
    if not data:
        return None
    values = defaults(preset)
    recorded = data.get("options")
    for key, value in (recorded if isinstance(recorded, dict) else {}).items():
        if key in values and _allowed(value, preset, key):
            values[key] = value
    return values


def end_match(preset: str) -> bool:
    """Give up the match in progress for ``preset`` (its autosave is removed; its finished
    deals stay in the history), so its house rules can change. False when none was."""
    if match_options(preset) is None:
        return False
    autosave.clear_autosave(preset)
    return True


def save(preset: str, values: Mapping[str, OptionValue], path: Path | None = None) -> bool:
    """Remember ``values`` for ``preset`` (the other presets' choices kept); False when the
    file cannot be written (logged)."""
    everything = _read(path)
    everything[preset] = {k: v for k, v in values.items() if _allowed(v, preset, k)}
    try:
        content = tomli_w.dumps(everything)
    except (TypeError, ValueError) as error:  # a table the writer cannot write: dropped
        log.warning("house rules of other games dropped: %s", error)
        content = tomli_w.dumps({preset: everything[preset]})
    try:
        storage.atomic_write_text(_path(path), content)
        return True
    except OSError as error:
        log.warning("house rules not saved: %s", error)
        return False


def name(preset: str, key: str) -> str:
    return i18n.tr(f"house.{preset}.{key}.name")


def line(preset: str, key: str) -> str:
    return i18n.tr(f"house.{preset}.{key}.line")


def value_label(preset: str, key: str, value: OptionValue) -> str:
    """How a value reads on the options screen and in the rules text."""
    if isinstance(value, bool):
        return i18n.tr("house.on" if value else "house.off")
    return i18n.tr(f"house.{preset}.{key}.{value}")


def next_value(preset: str, key: str, value: OptionValue) -> OptionValue:
    """The allowed value after ``value`` (cycling)."""
    allowed = schema(preset)[key]["allowed"]
    index = allowed.index(value) if value in allowed else -1
    return allowed[(index + 1) % len(allowed)]


def summary(preset: str, values: Mapping[str, OptionValue]) -> str:
    """One line for the Table tab: the options that differ from their defaults."""
    changed = [
        f"{name(preset, key)}: {value_label(preset, key, value)}"
        for key, value in values.items()
        if key in schema(preset) and value != schema(preset)[key]["default"]
    ]
    if not changed:
        return i18n.tr("house.summary_default")
    return i18n.tr("house.summary", list=i18n.join(changed))


def rules_markup(preset: str, values: Mapping[str, OptionValue]) -> str:
    """The Full rules section describing each option and its value at this table (the rules
    view's markup)."""
    if not schema(preset):
        return ""
    parts = [f"# {i18n.tr('house.heading')}", i18n.tr("house.rules_intro"), ""]
    for key in schema(preset):
        value = values.get(key, schema(preset)[key]["default"])
        at_table = i18n.tr("house.at_table", value=value_label(preset, key, value))
        parts.append(f"- {name(preset, key)}: {line(preset, key)} {at_table}")
    return "\n".join(parts)
