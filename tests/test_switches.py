"""Issue 40: an on/off house rule looks on or off (a switch), not a button whose word alone
changes; in a right-to-left language the switch is mirrored."""

from __future__ import annotations

import pygame
import pytest

from game import house_rules, i18n
from game.widgets.common import BRASS


def _brass_share(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The share of the rect's pixels in the brass of an 'on' switch."""
    hits = total = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            total += 1
            hits += tuple(surface.get_at((x, y)))[:3] == BRASS
    return hits / max(1, total)


def _knob_side(surface: pygame.Surface, rect: pygame.Rect) -> str:
    """Where the switch's knob (the middle of its lightest pixels) is: "left" or "right"."""
    pixels = [
        (sum(tuple(surface.get_at((x, y)))[:3]), x)
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom, 2)
    ]
    light = max(value for value, _ in pixels)
    xs = [x for value, x in pixels if value >= light - 10]
    return "left" if sum(xs) / len(xs) < rect.centerx else "right"


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_on_and_off_look_different(app, lang):
    from game.scenes.house_rules import HouseRulesScene

    app.set_language(lang)
    try:
        values = house_rules.defaults("runfast", {})
        assert values["attachments"] is False and values["first_play_with_three"] is True
        scene = HouseRulesScene(app, "runfast", values)
        app.stack.push(scene)
        scene.focus.set(scene.buttons(), -1)  # no focus ring over the switches
        app.tick(1 / 60)
        surface = app.screen
        off = scene.value_buttons["attachments"].rect
        on = scene.value_buttons["first_play_with_three"].rect

        # the switch is the start-side part of the control (its word comes after it)
        def start(r: pygame.Rect) -> pygame.Rect:
            body = round(max(18, round(r.height * 0.8)) * 1.9) + 6
            left = r.left if lang == "en" else r.right - body
            return pygame.Rect(left, r.top, body, r.height)

        assert _brass_share(surface, start(on)) > 0.2
        assert _brass_share(surface, start(off)) == 0
        # the knob at the end side when on, at the start side when off (mirrored in fa)
        end, begin = ("right", "left") if lang == "en" else ("left", "right")
        assert _knob_side(surface, start(on)) == end
        assert _knob_side(surface, start(off)) == begin
    finally:
        app.stack.clear()
        app.set_language("en")
        i18n.set_language("en")
