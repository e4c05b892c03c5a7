"""Issue 54: a play is no whole frame. The table's still key holds what each part of the picture
shows (game/scenes/table/shown.py): a play redraws, grades and grains only the places of the
parts it changes (the seat's play, its plate, the next seat's ring, the message line, the hand,
a game's panels). Every frame must equal the whole table drawn and graded anew, pixel for
pixel, in every game; and the plays must have taken the places path."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.places import Parts, changed_places
from game.scenes.table.shown import game_panels
from game.scenes.table.view import GameView, view_class
from tests.test_moving_frames import _reference, autoplay_table


@pytest.mark.parametrize(
    ("preset", "effects", "lang"),
    [
        ("guandan", "normal", "en"),
        ("shengji", "normal", "en"),
        ("runfast", "normal", "en"),
        ("doudizhu", "normal", "en"),
        ("doudizhu", "off", "fa"),
    ],
)
def test_a_play_is_drawn_in_its_places_and_equals_the_whole_frame(app, preset, effects, lang):
    app.set_language(lang)  # the fixture sets English back
    app.settings.effects, app.settings.reduced_motion = effects, False
    scene = autoplay_table(app, preset, seed=5, delay_ms=200)
    kinds = app.frame_kinds
    mismatched, plays = [], {"places": 0, "full": 0}
    last = scene.frame
    for index in range(260):
        before = kinds["full"]
        app.tick(1 / 30, only_changes=True)
        frame = scene.frame
        if frame is not last and frame.deal_index == last.deal_index and frame.log != last.log:
            if frame.phase == last.phase and index > 60:  # a play, the deal dealt
                plays["full" if kinds["full"] > before else "places"] += 1
        last = frame
        shown = pygame.image.tobytes(app.frames.film_area(app.screen), "RGB")
        if shown != _reference(app):
            mismatched.append(index)
    assert not mismatched, f"frames {mismatched[:10]} differ from the whole redraw"
    # The plays took the places path (else this test would prove nothing).
    assert plays["places"] >= 8 and plays["places"] > 3 * plays["full"], plays


def test_parts_give_the_places_of_what_changed():
    header, hand = pygame.Rect(0, 0, 50, 20), pygame.Rect(0, 100, 200, 40)
    old = ("rest", Parts({"header": ("A", [header]), "hand": ("3S 4S", [hand])}))
    assert (
        changed_places(old, ("rest", Parts({"header": ("A", [header]), "hand": ("3S 4S", [hand])})))
        == []
    )
    moved = pygame.Rect(0, 90, 180, 40)
    new = ("rest", Parts({"header": ("A", [header]), "hand": ("3S", [moved])}))
    assert changed_places(old, new) == [hand, moved]  # where it was and where it is
    assert changed_places(old, ("other", new[1])) is None  # the rest changed: a whole frame
    anywhere = ("rest", Parts({"header": ("B", None), "hand": ("3S 4S", [hand])}))
    assert changed_places(old, anywhere) is None  # a part that may draw anywhere
    fewer = ("rest", Parts({"header": ("A", [header])}))
    assert changed_places(old, fewer) is None


def test_every_view_that_draws_a_panel_says_what_it_shows():
    """A game whose view draws a side panel or a middle says, in its ``panels`` module, what
    of the frame they show (else a play that changes them would not be drawn there)."""
    for game in registry.ids():
        cls = view_class(game)
        draws = any(
            getattr(cls, name) is not getattr(GameView, name)
            for name in ("draw_side", "draw_center")
        )
        panels = game_panels(cls)
        if draws:
            assert panels is not None, game
        if panels is not None:
            assert callable(panels.side_part) and callable(panels.centre_part), game
