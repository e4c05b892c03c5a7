"""Presets as data: a game folder's ``preset.toml`` read and checked (the preset screen,
:mod:`game.scenes.preset`, shows them).

A preset is a game folder's file ``game/games/<id>/preset.toml`` holding a registered game's display data and
its house-rule defaults only::

    id = "guandan"              # a registered game id, also the name of the game's folder
    name = "preset.guandan.name"        # locale keys, never text
    line = "preset.guandan.line"
    tagline = "preset.guandan.tagline"
    showcase = "AS RJ BJ 2H 2H"         # optional: cards fanned on its title card
    showcase_wild = "2H"                # optional: which of those carry the wild marker
    [options]                           # optional: option defaults, keys of options_schema()

The rules module, seats and teams come from the game registry (``Preset.game``), and the title
lists presets in the registry's order. The rules screen reads ``rules.<id>.title`` and
``rules.<id>.text`` from the locale.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import games
from game.paths import preset_files
from game.rules.cards import Card, parse_cards

log = logging.getLogger(__name__)


class PresetError(ValueError):
    """A preset file that cannot be used (the message names the file and the problem)."""


@dataclass(frozen=True)
class Preset:
    """One preset read from its TOML file."""

    id: str
    name_key: str
    line_key: str
    tagline_key: str
    options: dict[str, Any] = field(default_factory=dict)
    showcase: tuple[Card, ...] = ()
    showcase_wild: frozenset[Card] = frozenset()
    #: One example per kind of play, for the full rules' pictures: (kind, cards).
    examples: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    path: Path | None = None

    @property
    def game(self) -> games.GameSpec:
        """The registered game this preset shows (rules module, seats, teams …)."""
        return games.get(self.id)

    @property
    def seats(self) -> int:
        return self.game.seats

    @property
    def rules_title_key(self) -> str:
        return f"rules.{self.id}.title"

    @property
    def rules_text_key(self) -> str:
        return f"rules.{self.id}.text"


_REQUIRED: dict[str, type] = {"id": str, "name": str, "line": str, "tagline": str}
_OPTIONAL: dict[str, type] = {
    "showcase": str,
    "showcase_wild": str,
    "options": dict,
    "examples": dict,
}


def read_preset(path: Path) -> Preset:
    """Read one preset file; raises :class:`PresetError` naming the file and the problem."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PresetError(f"{path.name}: {error}") from error
    for key in _REQUIRED:
        if key not in data:
            raise PresetError(f"{path.name}: missing {key!r}")
    unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise PresetError(f"{path.name}: unknown field {unknown[0]!r}")
    for key, kind in {**_REQUIRED, **_OPTIONAL}.items():
        if key in data and type(data[key]) is not kind:
            raise PresetError(f"{path.name}: {key!r} must be {kind.__name__}")
    stem = path.parent.name if path.name == "preset.toml" else path.stem
    if data["id"] != stem:
        raise PresetError(f"{path.name}: id {data['id']!r} differs from the file name")
    try:
        spec = games.get(data["id"])
    except games.UnknownGameError as error:
        raise PresetError(f"{path.name}: {error}") from error
    options = dict(data.get("options", {}))
    schema = spec.options_schema()
    for key, value in options.items():
        if key not in schema:
            raise PresetError(f"{path.name}: {key!r} is not an option of {spec.id}")
        allowed = schema[key].get("allowed", [])
        if type(value).__name__ != schema[key].get("type") or value not in allowed:
            raise PresetError(f"{path.name}: option {key!r} must be one of {allowed}")
    try:
        showcase = tuple(parse_cards(data.get("showcase", "")))
        wild = frozenset(parse_cards(data.get("showcase_wild", "")))
        examples = tuple(
            (str(kind), tuple(parse_cards(str(cards))))
            for kind, cards in data.get("examples", {}).items()
        )
    except ValueError as error:
        raise PresetError(f"{path.name}: {error}") from error
    return Preset(
        id=data["id"],
        name_key=data["name"],
        line_key=data["line"],
        tagline_key=data["tagline"],
        options=options,
        showcase=showcase,
        showcase_wild=wild,
        examples=examples,
        path=path,
    )


def load_presets(folder: Path | None = None) -> dict[str, Preset]:
    """Every usable preset, in title-screen order; a broken file is logged and skipped. The
    presets are the game folders' ``preset.toml``, or the ``<id>.toml`` files of ``folder``."""
    paths = preset_files() if folder is None else sorted(folder.glob("*.toml"))
    presets: list[Preset] = []
    for path in paths:
        try:
            presets.append(read_preset(path))
        except PresetError as error:
            log.error("preset skipped: %s", error)
    order = {game_id: index for index, game_id in enumerate(games.ids())}
    presets.sort(key=lambda preset: order[preset.id])
    return {preset.id: preset for preset in presets}
