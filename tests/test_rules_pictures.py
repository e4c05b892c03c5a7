"""Issue 40: the full rules show every kind of play drawn with the game's own cards. Each
preset's examples are real plays of the kind they name in its own rules, every kind of the
game is shown, and the gallery fits the rules' width in every language."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.games.doudizhu.rules import combos as doudizhu
from game.games.guandan.rules import combos as guandan
from game.games.runfast.rules import combos as runfast
from game.games.shengji.rules.plays import lead_format
from game.games.shengji.rules.trump import Trump
from game.scenes.preset import load_presets
from game.widgets import gallery


@pytest.fixture(scope="module")
def presets():
    return load_presets()


def _kinds(preset: str, cards) -> set[str]:  # noqa: ANN001 - a tuple of cards
    if preset == "guandan":  # the match's first deal is at level 2 (G1.4)
        return {combo.kind for combo in guandan.interpretations(cards, "2")}
    if preset == "runfast":
        return {combo.kind for combo in runfast.interpretations(cards)}
    if preset == "doudizhu":
        return {combo.kind for combo in doudizhu.interpretations(cards)}
    found = lead_format(list(cards), Trump("2", "S"))  # a lead with 2 and spades trumps
    return {found.kind} if found is not None else set()


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast", "doudizhu"])
def test_each_example_is_a_play_of_its_kind(presets, preset):
    examples = presets[preset].examples
    assert examples
    for kind, cards in examples:
        assert kind in _kinds(preset, cards), (preset, kind, cards)


# The kinds a player meets under the default house rules (G5, S4.2, R4).
EVERY_KIND = {
    "guandan": set(guandan.KINDS),
    "runfast": {"single", "pair", "triple", "straight", "pair_run", "bomb"},
    "shengji": {"single", "pair", "tractor"},
    "doudizhu": set(doudizhu.KINDS),
}


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast", "doudizhu"])
def test_every_kind_is_shown(presets, preset):
    assert {kind for kind, _ in presets[preset].examples} == EVERY_KIND[preset]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_gallery_names_each_kind_and_fits_its_width(presets, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        for preset in presets.values():
            for kind, cards in preset.examples:
                assert gallery.label(kind, len(cards)) != kind, (lang, kind)  # translated
            for width, scale in ((1200, 1.0), (330, 0.42)):
                image = gallery.picture(preset.examples, width, scale, 14)
                assert image.get_width() <= width and image.get_height() > 0
    finally:
        i18n.set_language("en")
