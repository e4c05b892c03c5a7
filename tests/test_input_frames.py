"""Issue 54: input no longer draws whole frames for 1.5 s; the frame's keys hold what input
changes (the top bar's hover, focus and sliders, the table's buttons, the hand's hover lift and
focus), so a frame after input is drawn only where it changed, and must still equal the whole
frame drawn anew, pixel for pixel, top bar included."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.postfx import PostFX
from game.scenes.table import TableScene
from tests.test_moving_frames import _reference, settled_table


def _bar_reference(app: App) -> bytes:
    """The top bar of the frame drawn whole (the bar is not graded)."""
    whole = pygame.Surface(app.screen.get_size(), 0, app.screen)
    kept = app.postfx
    app.postfx = PostFX()
    try:
        app.draw(whole)
    finally:
        app.postfx = kept
    return pygame.image.tobytes(whole.subsurface(app.topbar.rect), "RGB")


def _shown(app: App) -> tuple[bytes, bytes]:
    bar = pygame.image.tobytes(app.screen.subsurface(app.topbar.rect), "RGB")
    film = app.frames.film_area(app.screen)
    assert film is not None  # the table is graded
    return bar, pygame.image.tobytes(film, "RGB")


def _inputs(app: App, scene: TableScene) -> list[tuple[str, Callable[[], pygame.event.Event]]]:
    """Input that changes what is drawn, each made when it comes (the layout is live)."""
    bar_button = next(c.button for c in app.topbar.controls if c.button is not None)
    knob = next(iter(app.topbar.sliders.values())).sliding_button
    assert knob is not None
    card = scene.player_hand.widget.positions()[2]
    button = next(b for b in scene.bar.buttons if b.enabled)
    felt = scene.layout.ceremony_centre()

    def motion(pos: Callable[[], tuple[int, int]]) -> Callable[[], pygame.event.Event]:
        return lambda: pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos(), rel=(1, 1), buttons=(0, 0, 0)
        )

    def key(code: int) -> Callable[[], pygame.event.Event]:
        return lambda: pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)

    return [
        ("the bar's button hovered", motion(lambda: bar_button.rect.center)),
        ("a slider's knob hovered", motion(lambda: knob.rect.center)),
        ("the felt: nothing hovered", motion(lambda: felt)),
        ("a card hovered (it lifts)", motion(lambda: (card.centerx, card.bottom - 4))),
        ("the play button hovered", motion(lambda: button.rect.center)),
        ("the felt again", motion(lambda: felt)),
        ("the focus moved by a key", key(pygame.K_RIGHT)),
    ]


@pytest.mark.parametrize("effects", ["normal", "off"])
def test_a_frame_after_input_shows_what_changed_and_equals_the_whole_frame(
    app: App, monkeypatch: pytest.MonkeyPatch, effects: str
) -> None:
    scene = settled_table(app, "runfast", effects)
    pointer = [(0, 0)]
    # pygame_gui reads the pointer itself (its sliders' hover): follow the events' pointer.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    mismatched: list[tuple[str, int, str]] = []
    for name, make in _inputs(app, scene):
        bar_before = _bar_reference(app)
        event = make()
        if event.type == pygame.MOUSEMOTION:
            pointer[0] = event.pos
        pygame.event.post(event)
        app.handle_events()
        for index in range(18):  # a card's spring settles within them
            app.tick(1 / 60, only_changes=True)
            bar, film = _shown(app)
            if bar != _bar_reference(app):
                mismatched.append((name, index, "bar"))
            if film != _reference(app):
                mismatched.append((name, index, "table"))
        if name.startswith(("the bar's", "a slider's")):  # else this would prove nothing
            assert _bar_reference(app) != bar_before, f"{name}: the bar looks the same"
    assert not mismatched, mismatched[:8]


def test_input_that_changes_nothing_draws_no_whole_frame(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = settled_table(app, "runfast", "normal")
    felt = scene.layout.ceremony_centre()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: felt)
    app.frame_kinds.clear()
    for step in range(60):  # a second of the pointer wandering over the felt
        pos = (felt[0] + step, felt[1])
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
        )
        app.handle_events()
        app.tick(1 / 60, only_changes=True)
    assert app.frame_kinds["full"] == 0, app.frame_kinds
    assert app.frame_kinds["places"] > 50, app.frame_kinds  # a strip each frame (a safety net)
