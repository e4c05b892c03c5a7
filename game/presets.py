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
    rules = ["s1", "s1_p1", "@pair"]    # optional: the full rules' reading order (below)
    [options]                           # optional: option defaults, keys of options_schema()
    [pictures]                          # optional: the rule pictures (:class:`Picture`)
    [option_rules]                      # optional: option key -> more rules, read like rules

The rules module, seats and teams come from the game registry (``Preset.game``), and the title
lists presets in the registry's order. The rules screen reads ``rules.<id>.title`` and, in the
order of ``rules``, the paragraph keys ``rules.<id>.<key>`` from the locale; an ``"@id"`` entry
draws the picture ``id`` under the paragraph before it (issues 44, 40). ``option_rules``
gives, per house rule, more of the same (keys under ``rules.<id>.``, pictures) that the full
rules show after the game's own while that house rule is on (issue 58).
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from game import registry
from game.paths import preset_files
from game.rules.cards import Card, parse_cards
from game.rules.options import OptionValue

log = logging.getLogger(__name__)


class PresetError(ValueError):
    """A preset file that cannot be used (the message names the file and the problem)."""


@dataclass(frozen=True)
class Picture:
    """One rule picture: a play of ``kind`` drawn with the game's ``cards`` (issue 40)."""

    id: str
    kind: str
    cards: tuple[Card, ...]
    #: The house rule (option key) the kind exists under, named in the caption ("" none).
    option: str = ""
    #: False for a play these rules refuse (the caption says so).
    allowed: bool = True
    #: Cards drawn with the wild marker.
    wild: frozenset[Card] = frozenset()
    #: A caption line, the key ``rules.pictures.<note>`` ("" none).
    note: str = ""
    #: For a picture of a follow (a ruff): the cards led before it (none for a lead).
    lead: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Preset:
    """One preset read from its TOML file."""

    id: str
    name_key: str
    line_key: str
    tagline_key: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    showcase: tuple[Card, ...] = ()
    showcase_wild: frozenset[Card] = frozenset()
    #: The full rules' reading order: paragraph keys and "@picture" ids (issues 44, 40).
    rules: tuple[str, ...] = ()
    #: The rule pictures by id.
    pictures: dict[str, Picture] = field(default_factory=dict)
    #: Per house rule (option key): the rules shown after the game's own while it is on.
    option_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    path: Path | None = None

    @property
    def game(self) -> registry.GameSpec:
        """The registered game this preset shows (rules module, seats, teams …)."""
        return registry.get(self.id)

    @property
    def seats(self) -> int:
        return self.game.seats

    @property
    def rules_title_key(self) -> str:
        return f"rules.{self.id}.title"


_REQUIRED: dict[str, type] = {"id": str, "name": str, "line": str, "tagline": str}
_OPTIONAL: dict[str, type] = {
    "showcase": str,
    "showcase_wild": str,
    "options": dict,
    "rules": list,
    "pictures": dict,
    "option_rules": dict,
}
_PICTURE_FIELDS = {
    "kind": str,
    "cards": str,
    "option": str,
    "allowed": bool,
    "wild": str,
    "note": str,
    "lead": str,
}


def read_picture(ident: str, data: object) -> Picture:
    """A ``[pictures]`` entry: cards in notation, or a table of :data:`_PICTURE_FIELDS`
    (ValueError names the problem)."""
    fields = {"cards": data} if isinstance(data, str) else data
    if not isinstance(fields, dict) or "cards" not in fields:
        raise ValueError(f"picture {ident!r} needs cards")
    for key, value in fields.items():
        if type(value) is not _PICTURE_FIELDS.get(key):
            raise ValueError(f"picture {ident!r}: bad field {key!r}")
    return Picture(
        id=ident,
        kind=str(fields.get("kind", ident)),
        cards=tuple(parse_cards(str(fields["cards"]))),
        option=str(fields.get("option", "")),
        allowed=bool(fields.get("allowed", True)),
        wild=frozenset(parse_cards(str(fields.get("wild", "")))),
        note=str(fields.get("note", "")),
        lead=tuple(parse_cards(str(fields.get("lead", "")))),
    )


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
        spec = registry.get(data["id"])
    except registry.UnknownGameError as error:
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
        pictures = {str(k): read_picture(str(k), v) for k, v in data.get("pictures", {}).items()}
        rules = tuple(str(entry) for entry in data.get("rules", []))
        option_rules: dict[str, tuple[str, ...]] = {}
        for key, entries in data.get("option_rules", {}).items():
            if key not in schema or not isinstance(entries, list):
                raise ValueError(f"option_rules: {key!r} is not an option of {spec.id} with a list")
            option_rules[str(key)] = tuple(str(entry) for entry in entries)
        for entry in (*rules, *(e for entries in option_rules.values() for e in entries)):
            if entry.startswith("@") and entry[1:] not in pictures:
                raise ValueError(f"rules: no picture {entry[1:]!r}")
    except ValueError as error:
        raise PresetError(f"{path.name}: {error}") from error
    for picture in pictures.values():
        if picture.option and picture.option not in schema:
            raise PresetError(f"{path.name}: picture {picture.id!r}: no option {picture.option!r}")
    return Preset(
        id=data["id"],
        name_key=data["name"],
        line_key=data["line"],
        tagline_key=data["tagline"],
        options=options,
        showcase=showcase,
        showcase_wild=wild,
        rules=rules,
        pictures=pictures,
        option_rules=option_rules,
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
    order = {game_id: index for index, game_id in enumerate(registry.ids())}
    presets.sort(key=lambda preset: order[preset.id])
    return {preset.id: preset for preset in presets}
