"""Units from the game (issue 55, M3): each game declares in its folder what its outcome counts
(levels in Guandan and Shengji, points in Run Fast and Dou Dizhu), and the coach, the AI review
and the summaries speak in it. Dou Dizhu took the registry's default, "levels", and the coach
said "Its search expects about 0.2 levels more" of a game that has none."""

from __future__ import annotations

import dataclasses

import pytest

from game import i18n, registry
from game.history import coach

UNITS = {"guandan": "levels", "shengji": "levels", "runfast": "points", "doudizhu": "points"}


def test_each_game_declares_the_unit_of_its_outcome():
    assert {game: registry.get(game).outcome_unit for game in registry.ids()} == UNITS


def test_a_game_must_declare_its_unit():
    fields = {f.name: f for f in dataclasses.fields(registry.get("guandan"))}
    assert fields["outcome_unit"].default is dataclasses.MISSING
    with pytest.raises(ValueError, match="outcome_unit"):
        dataclasses.replace(registry.get("doudizhu"), outcome_unit="goals")


@pytest.mark.parametrize("game,unit", sorted(UNITS.items()))
def test_the_coach_speaks_in_the_games_unit(game, unit):
    """D5.3: a Dou Dizhu settlement is in points; the coach's fallback line says so."""
    state = registry.get(game).rules.new_deal(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    legal = list(state.legal_actions())
    why, params = coach.reason(game, state, legal[0], legal[1], -0.4)
    if why in ("levels", "points"):
        assert why == unit
    for lang in ("en", "zh", "ar"):
        i18n.set_language(lang)
        line = i18n.tr(f"coach.why.{unit}", value=i18n.format_number(2), count=2)
        assert "{" not in line and line != f"coach.why.{unit}"
    i18n.set_language("en")
    assert unit in i18n.tr(f"coach.why.{unit}", value="2", count=2)
    assert unit in i18n.tr(f"history.review_value_{unit}", value="-2", count=-2)


def test_minus_one_level_is_singular():
    """ "-1 levels" (issue 55): the review's estimate takes the plural of its number."""
    i18n.set_language("en")
    assert i18n.tr("history.review_value_levels", value="-1", count=-1).endswith("-1 level")
    assert i18n.tr("history.review_value_points", value="-2.5", count=-2.5).endswith("points")
