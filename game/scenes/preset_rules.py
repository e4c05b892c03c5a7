"""The preset screen's Full rules tab (issue 40; issue 53: out of the preset screen): the game's
rules with its pictures beside the rules they show, and its house rules with their values."""

from __future__ import annotations

from typing import Any

from game import house_rules, i18n
from game.presets import Picture, Preset
from game.widgets import gallery
from game.widgets.rules_view import Block, RulesView, parse


class PresetRulesView(RulesView):
    """The preset's full rules, with its pictures beside the rules they show (issue 40),
    followed by its house rules, each with its value at this table: the options of the match
    in progress, else the remembered choice that the next match will play by."""

    def __init__(self, preset: Preset, values: dict[str, Any]) -> None:
        super().__init__(preset.id, preset.rules)
        self.values = values
        self.preset = preset

    def pictures(self, ids: list[str]) -> tuple[gallery.Tile, ...]:
        return tuple(picture_tile(self.preset, self.preset.pictures[i]) for i in ids)

    def source_blocks(self) -> list[Block]:
        blocks = super().source_blocks()
        markup = house_rules.rules_markup(self.preset_id, self.values)
        if markup:
            number = sum(1 for block in blocks if block.kind == "heading") + 1
            markup = markup.replace("# ", f"# {i18n.format_number(number)}. ", 1)
            blocks.extend(parse(markup))
        return blocks


def picture_tile(preset: Preset, picture: Picture) -> gallery.Tile:
    """A rule picture as the gallery draws it: the kind's name over its cards, the caption
    naming the house rule it needs, or that these rules refuse it, or its note."""
    if picture.option:
        caption = i18n.tr(
            "rules.pictures.house", option=house_rules.name(preset.id, picture.option)
        )
    elif not picture.allowed:
        caption = i18n.tr("rules.pictures.not_allowed")
    elif picture.note:
        caption = i18n.tr(f"rules.pictures.{picture.note}")
    else:
        caption = ""
    return gallery.Tile(
        gallery.label(picture.kind, len(picture.cards)),
        picture.cards,
        caption,
        picture.wild,
        refused=not picture.allowed,
    )
