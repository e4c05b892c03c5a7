"""Where the moments sit at small windows (issue 54's faults seen at 800×600): a bomb's name
never hides the bomb played across the table, and the side seats' plays (their ring included)
keep clear of the table's rim."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import parse_cards
from game.scenes.table.layout import seat_sides
from game.scenes.table.plays import LONG_PLAY
from tests.test_table_scene import _pygame, make_app, make_scene  # noqa: F401

SIZES = [(800, 600), (1024, 768), (1280, 720), (1920, 1080)]


def ceremony_scene(preset, size):
    """A table of ``preset`` at ``size`` with the effects on at a speed that shows ceremonies."""
    app = make_app(size)
    app.settings.effects = "normal"
    app.settings.animation_speed = 50  # the fastest speed shows no ceremony
    scene = make_scene(preset, 5, app=app)
    scene.update(0.0)
    scene.layout.fit(size)
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mine", [None, "3S"])
def test_a_bombs_name_leaves_the_bomb_across_the_table_readable(size, mine):
    """G5.2: the partner's eight-card bomb lands; the ceremony's words (the bomb's name) lie
    below its cards, ring and kind tag, and above the player's own play when there is one
    (made smaller for it where the table is short)."""
    from game.games.guandan.rules import interpretations

    scene = ceremony_scene("guandan", size)
    layout, state = scene.layout, scene.board
    bomb = tuple(parse_cards("TH TS TD TC TH TS TD TC"))
    combo = next(c for c in interpretations(bomb, "2") if c.kind == "bomb")
    state.plays = {2: bomb}
    state.play_kinds[2] = (bomb, combo)
    own_cards = tuple(parse_cards(mine)) if mine is not None else ()
    if own_cards:
        state.plays[0] = own_cards
    scene.ceremonies.bomb(combo, len(bomb))
    words = scene.ceremonies.ceremony.words
    assert words is not None
    centre, fit = scene.ceremonies.words_place()
    width, height = words.get_size()
    spot = pygame.Rect(0, 0, round(width * fit), round(height * fit))
    spot.center = centre
    across = layout.play_box(2, bomb, combo)
    assert not spot.colliderect(across), (spot, across)
    if mine is None:  # room enough: the words at their full size
        assert fit == 1.0
    else:  # smaller where the table is short, over the player's own play only when narrow
        own = layout.play_box(0, own_cards)
        assert fit >= 0.6
        if size[0] >= 1280:
            assert spot.bottom <= own.top + 1, (spot, own)


def rocket_under_banner(size):
    """D4.5: a Dou Dizhu table at ``size`` where Left's rocket has just landed as it comes down
    to one card: the banner says so and the rocket's ceremony runs."""
    from game.games.doudizhu.rules.combos import interpretations

    scene = ceremony_scene("doudizhu", size)
    state = scene.board
    rocket = tuple(parse_cards("BJ RJ"))
    (combo,) = interpretations(rocket)
    state.plays = {1: rocket}
    state.play_kinds[1] = (rocket, combo)
    state.banner = ("Rocket! Stakes ×2 · Left has one card left!", state.time + 5.0)
    scene.ceremonies.bomb(combo, len(rocket))
    return scene


@pytest.mark.parametrize("size", SIZES)
def test_a_rockets_name_leaves_the_banner_readable(size):
    """D4.5: the landlord's rocket lands as it comes down to one card, and the banner says so;
    the ceremony's words (the rocket's name) rise above the banner's plate instead of covering
    its sentence."""
    scene = rocket_under_banner(size)
    state = scene.board
    words = scene.ceremonies.ceremony.words
    banner = scene.drawer.banner_box()
    assert words is not None and banner is not None
    centre, fit = scene.ceremonies.words_place()
    spot = pygame.Rect(0, 0, round(words.get_width() * fit), round(words.get_height() * fit))
    spot.center = centre
    assert spot.bottom <= banner.top, (spot, banner)
    assert spot.top >= scene.layout.rects["top"], (spot, scene.layout.rects["top"])
    state.banner = None  # no banner: the words in the middle of the table, as before
    assert scene.ceremonies.words_place()[0] == scene.layout.ceremony_centre()


def test_a_ceremonys_burst_goes_under_the_banner_and_its_words_over_it(monkeypatch):
    """D4.5: with a banner up, a frame draws the ceremony's burst, then the banner (no ray or
    ring crosses its sentence), then the ceremony's words over both."""
    scene = rocket_under_banner((1920, 1080))
    drawn: list[str] = []
    ceremony, drawer = scene.ceremonies.ceremony, scene.drawer
    ceremony_draw, banner_draw = ceremony.draw, drawer._draw_banner

    def draw(*args, burst=True, words=True, **kwargs):
        drawn.extend(part for part, on in (("burst", burst), ("words", words)) if on)
        ceremony_draw(*args, burst=burst, words=words, **kwargs)

    def banner(*args):
        drawn.append("banner")
        banner_draw(*args)

    monkeypatch.setattr(ceremony, "draw", draw)
    monkeypatch.setattr(drawer, "_draw_banner", banner)
    scene.draw(pygame.Surface(scene.size))
    assert drawn == ["burst", "banner", "words"]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 1024)])
@pytest.mark.parametrize("preset", ["guandan", "doudizhu"])
def test_the_side_seats_plays_keep_clear_of_the_tables_rim(preset, size):
    """A narrow window lays the side seats' plays below their plates: the longest play, its
    ring and its kind tag stay inside the plates' margin, off the table's rim."""
    app = make_app(size)
    scene = make_scene(preset, 5, app=app)
    scene.update(0.0)
    scene.layout.fit(size)
    layout = scene.layout
    seats = layout.rects["seats"]
    left, right = min(r.left for r in seats.values()), max(r.right for r in seats.values())
    inner = pygame.Rect(left, 0, right - left, size[1])
    for seat, side in seat_sides(len(seats)).items():
        if side in ("left", "right"):
            for count in (1, 4, LONG_PLAY):
                box = layout.play_area(seat, count, "bomb")
                assert inner.contains(box), (seat, count, box, inner)
