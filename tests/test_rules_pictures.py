"""Issues 40 and 44: the full rules are one catalog key per block, read in the order the game
folder gives, with each picture under the rule it shows. Each picture is a real play of the
kind it names in its own game (a house-rule kind only under its option, a refused play refused),
every kind of the game is shown, every key of every order exists in all twelve catalogs, and
the rules view lays out every game in every language with its pictures fitting the width."""

from __future__ import annotations

from collections.abc import Mapping

import pygame
import pytest

from game import i18n
from game.games.doudizhu.rules import combos as doudizhu
from game.games.guandan.rules import combos as guandan
from game.games.runfast.rules import combos as runfast
from game.games.shengji.rules.plays import follow_kind, lead_format
from game.games.shengji.rules.trump import Trump
from game.presets import Picture
from game.rules.cards import parse_cards
from game.rules.errors import RulesError
from game.scenes.preset import load_presets
from game.scenes.preset_rules import PresetRulesView, picture_tile
from game.widgets import gallery
from game.widgets.rules_view import block_kind

GAMES = ["guandan", "shengji", "runfast", "doudizhu"]


@pytest.fixture(scope="module")
def presets():
    return load_presets()


def _kinds(preset: str, picture: Picture, options: Mapping[str, object] | None) -> set[str]:
    cards = picture.cards
    if preset == "guandan":  # the match's first deal is at level 2 (G1.4): 2H is wild
        return {combo.kind for combo in guandan.interpretations(cards, "2", options)}
    if preset == "runfast":  # the sky bomb exists only as the deal's first play (R4.3)
        first = picture.kind == "sky_bomb"
        found = runfast.interpretations(cards, first_play=first, options=options)
        return {combo.kind for combo in found}
    if preset == "doudizhu":
        return {combo.kind for combo in doudizhu.interpretations(cards)}
    trump = Trump("2", "H")  # level 2, hearts trump: VS4's examples
    if picture.lead:  # a follow (a ruff of a throw): its kind to that lead (S4.5, VS4.6)
        try:
            return {follow_kind(picture.lead, cards, trump, options)}
        except RulesError:  # the lead is no lead without its house rule
            return set()
    lead = lead_format(list(cards), trump, options)  # a lead (S4.2, VS4.1)
    return {lead.kind} if lead is not None else set()


def _option_of(preset, picture: Picture) -> str:
    """The house rule a picture needs: its own, or the one whose rules show it (issue 58)."""
    shown = [key for key, order in preset.option_rules.items() if f"@{picture.id}" in order]
    return picture.option or (shown[0] if shown else "")


def _orders(preset) -> list[tuple[str, ...]]:
    """The preset's rules and the rules of each of its house rules (read alike)."""
    return [preset.rules, *preset.option_rules.values()]


@pytest.mark.parametrize("preset", GAMES)
def test_each_picture_is_a_play_of_its_kind(presets, preset):
    pictures = presets[preset].pictures
    assert pictures
    for picture in pictures.values():
        option = _option_of(presets[preset], picture)
        options = {option: True} if option else None
        kinds = _kinds(preset, picture, options)
        if not picture.allowed:  # drawn as refused: these rules must refuse it (S4.2)
            assert kinds == set(), (preset, picture.id, kinds)
            continue
        assert picture.kind in kinds, (preset, picture.id, picture.cards)
        if option:  # a house-rule kind (VR1, VS4) does not exist without its option
            assert picture.kind not in _kinds(preset, picture, None), picture.id


# The kinds a player can meet, house rules included (G5, S4.2 with VS4's throw and a ruff of
# one, R4 and VR1, D4).
EVERY_KIND = {
    "guandan": set(guandan.KINDS),
    "runfast": set(runfast.KINDS),
    "shengji": {"single", "pair", "tractor", "throw", "ruff"},
    "doudizhu": set(doudizhu.KINDS),
}


@pytest.mark.parametrize("preset", GAMES)
def test_every_kind_is_shown_beside_its_rule(presets, preset):
    found = presets[preset]
    assert {p.kind for p in found.pictures.values()} == EVERY_KIND[preset]
    orders = _orders(found)
    placed = [entry[1:] for order in orders for entry in order if entry.startswith("@")]
    assert sorted(placed) == sorted(found.pictures)  # each picture placed exactly once
    # A picture stands after a paragraph of the rules, never first or after a heading.
    for order in orders:
        for index, entry in enumerate(order):
            if entry.startswith("@"):
                before = next(e for e in reversed(order[:index]) if not e.startswith("@"))
                assert block_kind(before) in ("paragraph", "bullet", "sub"), (entry, before)


@pytest.mark.parametrize("preset", GAMES)
def test_the_order_lists_every_block_once_and_every_catalog_has_it(presets, preset):
    orders = _orders(presets[preset])
    order = [entry for found in orders for entry in found if not entry.startswith("@")]
    assert len(order) == len(set(order)) and all(block_kind(key) for key in order)
    english = {
        key.removeprefix(f"rules.{preset}.")
        for key in i18n.catalog("en")
        if key.startswith(f"rules.{preset}.") and block_kind(key.rsplit(".", 1)[1])
    }
    assert set(order) == english  # no block left out of the document, none unknown
    for lang in i18n.LANGUAGES:
        missing = [key for key in order if f"rules.{preset}.{key}" not in i18n.catalog(lang)]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_rules_render_with_their_pictures_in_every_language(presets, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        for preset in presets.values():
            for picture in preset.pictures.values():
                tile = picture_tile(preset, picture)
                assert tile.name != picture.kind, (lang, picture.kind)  # translated
                if picture.option or not picture.allowed or picture.note:
                    assert tile.caption and "{" not in tile.caption
            for size, scale in (((1200, 900), 1.0), ((330, 400), 0.42)):
                view = PresetRulesView(preset, {})
                view.layout(pygame.Rect((0, 0), size), scale)
                galleries = [b for b in view.blocks if b.kind == "gallery"]
                runs = [
                    i for i, e in enumerate(preset.rules) if e[0] == "@" != preset.rules[i - 1][0]
                ]
                assert len(galleries) == len(runs)  # each run of pictures in its place
                for block in galleries:
                    assert block.image is not None
                    assert block.indent + block.image.get_width() <= view.text_width
                headings = [b.text for b in view.blocks if b.kind == "heading"]
                assert headings[0].startswith(i18n.format_number(1))
                surface = pygame.Surface(size)
                view.draw(surface)
    finally:
        i18n.set_language("en")


def test_a_long_picture_wraps_its_tiles_within_the_width():
    pygame.init()
    tiles = [gallery.Tile(name, tuple(parse_cards("QS QH QD QC"))) for name in ("a", "b", "c")]
    one = gallery.picture(tiles, 2000, 1.0, 20)  # the three side by side
    narrow = gallery.picture(tiles, 200, 1.0, 20)  # narrower than two tiles: one per row
    assert narrow.get_width() == 200 and narrow.get_height() > 3 * one.get_height()


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ('rules = ["s1", "@nope"]\n', "no picture 'nope'"),
        ('[pictures]\npair = { cards = "QS QH", colour = "red" }\n', "bad field 'colour'"),
        ('[pictures]\npair = { kind = "pair" }\n', "needs cards"),
        ('[pictures]\npair = "QS XX"\n', "XX"),
        ('[pictures]\npair = { cards = "QS QH", option = "no_such" }\n', "no option 'no_such'"),
    ],
)
def test_a_broken_document_or_picture_is_refused(tmp_path, extra, fragment):
    from game.presets import PresetError, read_preset

    path = tmp_path / "guandan.toml"
    head = 'id = "guandan"\nname = "n"\nline = "l"\ntagline = "t"\n'
    path.write_text(head + extra, encoding="utf-8")
    with pytest.raises(PresetError, match=fragment):
        read_preset(path)


@pytest.mark.parametrize("lang", ["en", "zh", "fa"])
def test_a_house_rules_own_rules_show_only_while_it_is_on(presets, lang):
    """VS4 (issue 58): the throws' rules and the pictures of its three examples follow the
    game's own rules, numbered on, when the house rule is on at this table; never when off."""
    pygame.init()
    i18n.set_language(lang)
    try:
        preset = presets["shengji"]
        views = {}
        for on in (False, True):
            view = PresetRulesView(preset, {"throws": on})
            view.layout(pygame.Rect(0, 0, 1200, 900), 1.0)
            views[on] = view.blocks
        off_text = [b.text for b in views[False]]
        on_text = [b.text for b in views[True]]
        title = i18n.tr("rules.shengji.throws.s1")
        assert not any(title in t for t in off_text)
        heading = next(t for t in on_text if title in t)
        assert heading.startswith(i18n.format_number(6))  # after the game's five sections
        tiles = [t for b in views[True] if b.kind == "gallery" for t in b.tiles]
        captions = [i18n.tr(f"rules.pictures.throws.{n}") for n in ("stands", "fails", "ruff")]
        assert all(any(t.caption == c for t in tiles) for c in captions)
        assert len(views[True]) > len(views[False])
    finally:
        i18n.set_language("en")
