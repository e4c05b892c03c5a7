"""Issue 30: a frame where only a few places move (a turning ring, cards in flight) is drawn,
graded and grained again in those places only; its picture must equal, pixel for pixel, the
whole table drawn and graded anew. Checked over frames of autoplay in each game."""

from __future__ import annotations

import pygame
import pytest

from game.ai.random_bot import RandomBot
from game.places import BANDS
from game.postfx import REST, WIDE, PostFX
from game.scenes.table import TableScene
from game.scenes.table.anchors import Scene
from game.table.controller import TableController
from game.table.moments import Moment

LOOKS = [(70, 65, 60), (30, 35, 40)]


def _reference(app) -> bytes:  # noqa: ANN001 - game.app.App
    """The film area of the frame drawn whole and graded whole (the app's own ``draw``), with
    the grain tiles of the app's own film look and, in each band of it, the grain pattern
    that band shows (a new pattern reaches one band a frame, issue 54), the finished frame
    then shaken and lit by the table's camera (issue 54)."""
    screen = app.screen
    kept = app.postfx
    target = app.frames.film_area(screen)
    out = pygame.Surface(target.get_size(), 0, screen)
    drawn: dict[object, pygame.Surface] = {}
    for band, pattern in zip(kept._band_rects(target), kept._bands, strict=True):
        pattern = pattern or kept._pattern
        if pattern not in drawn:
            whole = pygame.Surface(screen.get_size(), 0, screen)
            fx = _AtRest()
            fx._noise, fx.cell, fx._pattern = kept._noise, kept.cell, pattern
            app.postfx = fx
            try:
                app.draw(whole)
            finally:
                app.postfx = kept
            drawn[pattern] = app.frames.film_area(whole)
        out.blit(drawn[pattern], band, band)
    dx, dy, light = app.stack.visible()[0].camera()
    out.scroll(dx, dy)  # the strips it uncovers keep the picture at rest
    out.fill((light, light, int(light * 0.85)), special_flags=pygame.BLEND_RGB_ADD)
    return pygame.image.tobytes(out, "RGB")


class _AtRest(PostFX):
    """The film look with the camera held at rest (the reference shakes the finished frame)."""

    def apply(self, frame, contrast, grain, temperature, *, keep=False, camera=REST):  # noqa: ANN001, ANN201
        super().apply(frame, contrast, grain, temperature, keep=keep)


def autoplay_table(
    app,  # noqa: ANN001 - game.app.App
    preset: str,
    *,
    seed: int,
    delay_ms: int,
    look: tuple[int, int, int] = LOOKS[0],
) -> TableScene:
    """``preset``'s table in autoplay by random bots that think ``delay_ms`` a turn, with the
    film look ``look``, input forcing no whole frames and the frame kinds counted afresh."""
    app.settings.contrast, app.settings.grain, app.settings.temperature = look
    app.settings.ai_delay_ms = delay_ms
    app.autoplay = True
    controller = TableController(
        preset, seed=seed, think_delay=delay_ms / 1000, threaded=False, autoplay=True,
        bot_factory=lambda *_: RandomBot(),
    )  # fmt: skip
    scene = TableScene(app, preset, controller=controller)
    app.stack.push(scene)
    app.frames.input_until = 0.0
    app.frame_kinds.clear()
    return scene


def settled_table(app, preset: str, effects: str) -> TableScene:  # noqa: ANN001 - game.app.App
    """``preset``'s table at the player's turn with the film look 70/65/60, nothing moving,
    the still picture kept."""
    app.settings.contrast, app.settings.grain, app.settings.temperature = LOOKS[0]
    app.settings.effects = effects
    scene = TableScene(app, preset, seed=3, threaded=False)
    app.stack.push(scene)
    for _ in range(600):
        scene.controller.run_bots_until_human()
        app.tick(1 / 30)
        if scene.controller.is_human_turn() and not scene.busy() and not scene.board.flyers:
            break
    app.frames.input_until = 0.0
    for _ in range(40):  # the last springs and effects settle, the still picture is kept
        app.tick(1 / 60, only_changes=True)
    return scene


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_moving_places_redrawn_equal_the_whole_frame_redrawn(app, preset):
    look = LOOKS[0] if preset != "shengji" else LOOKS[1]
    # the thinking ring turns for a while before each play
    scene = autoplay_table(app, preset, seed=3, delay_ms=400, look=look)
    mismatched = []
    for index in range(240):
        if index == 150:  # a panel over the table (not graded) while places move under it
            scene.board.show_counter = True
        app.tick(1 / 30, only_changes=True)
        shown = pygame.image.tobytes(app.frames.film_area(app.screen), "RGB")
        if shown != _reference(app):
            mismatched.append(index)
    assert not mismatched, f"frames {mismatched[:10]} differ from the whole redraw"
    # The cheap paths were taken (else this test would prove nothing).
    assert app.frame_kinds["places"] > 20, app.frame_kinds
    assert app.frame_kinds["full"] < 120, app.frame_kinds


def test_places_merge_overlaps_and_refuse_the_bar():
    from game.places import BANDS, MAX_PLACES, Places

    screen = pygame.Surface((400, 300))
    target = screen.subsurface((0, 40, 400, 260))  # the graded area below a 40 px bar
    places = Places()
    places.moved = [pygame.Rect(10, 50, 20, 20)]
    dirty = places.dirty([pygame.Rect(25, 60, 20, 20), pygame.Rect(200, 200, 5, 5)], target)
    assert dirty == [pygame.Rect(10, 10, 35, 30), pygame.Rect(200, 160, 5, 5)]
    assert places.dirty([pygame.Rect(10, 30, 20, 20)], target) is None  # under the bar
    places.moved = []
    apart = [pygame.Rect(i * 50, 100, 10, 10) for i in range(MAX_PLACES + 1)]
    joined = places.dirty(apart, target)
    # Too many places: the two nearest are joined (not all of them into one rectangle).
    assert joined is not None and len(joined) == MAX_PLACES
    assert pygame.Rect(0, 60, 60, 10) in joined
    assert sorted(r.x for r in joined) == [0] + [50 * i for i in range(2, MAX_PLACES + 1)]
    bands = [places.next_band(target) for _ in range(BANDS)]  # one round covers it all
    assert sum(r.height for r, _ in bands) == 260 and bands[-1][1] and not bands[0][1]


def test_the_hand_drawn_in_strips_equals_the_hand_drawn_whole():
    """The hand skips its drawing when a moving place's clip misses it: every strip of the
    picture, drawn clipped, equals the whole drawing there (new-card dots, focus ring and
    a raised card included)."""
    from collections import Counter

    from game.rules.cards import parse_cards
    from game.widgets.hand import HandWidget

    hand = HandWidget()
    hand.layout(pygame.Rect(40, 120, 700, 150), 120)
    hand.set_cards(parse_cards("3S 4H 4H 9C TD JD QS KH AS BJ"))
    hand.new = Counter(parse_cards("4H 9C"))
    hand.selected = {2}
    hand.focus = 5

    def drawn(clip: pygame.Rect | None) -> pygame.Surface:
        surface = pygame.Surface((800, 320))
        surface.fill((20, 60, 40))
        surface.set_clip(clip)
        hand.draw(surface, show_focus=True)
        surface.set_clip(None)
        return surface

    whole = drawn(None)
    for top in range(0, 320, 8):
        strip = pygame.Rect(0, top, 800, 8)
        part = drawn(strip)
        assert pygame.image.tobytes(part.subsurface(strip), "RGB") == pygame.image.tobytes(
            whole.subsurface(strip), "RGB"
        ), top


@pytest.mark.parametrize(("effects", "lang"), [("normal", "en"), ("off", "en"), ("normal", "fa")])
def test_a_ceremony_is_a_moving_place_equal_to_the_whole_frame(app, effects, lang):
    """Issue 54: a bomb's ceremony (its burst of rays and its words over the middle) is a
    moving place, not a whole frame each frame; every frame equals the whole redraw (in
    Persian too: other words, right to left). With effects off the bomb's own shake still
    moves the whole table (whole frames)."""
    app.set_language(lang)  # the fixture sets English back
    scene = settled_table(app, "guandan", effects)
    app.frame_kinds.clear()
    scene.ceremonies.bomb("bomb", 8)
    mismatched = []
    for index in range(70):
        app.tick(1 / 30, only_changes=True)
        shown = pygame.image.tobytes(app.frames.film_area(app.screen), "RGB")
        if shown != _reference(app):
            mismatched.append(index)
    assert not mismatched, f"frames {mismatched[:10]} differ from the whole redraw"
    if effects == "normal":  # the ceremony's 43 frames were whole frames before
        assert app.frame_kinds["places"] > 30 and app.frame_kinds["full"] < 20, app.frame_kinds


@pytest.mark.parametrize(
    ("places", "left"),
    [
        ([], [(0, 100, 800, 20)]),
        ([(300, 50, 200, 200)], [(0, 100, 300, 20), (500, 100, 300, 20)]),  # crosses it
        ([(0, 90, 100, 40), (700, 100, 100, 20)], [(100, 100, 600, 20)]),  # at both ends
        (
            [(300, 50, 200, 200), (100, 0, 50, 500)],
            [(0, 100, 100, 20), (150, 100, 150, 20), (500, 100, 300, 20)],
        ),
        ([(300, 105, 200, 200)], [(0, 100, 800, 20)]),  # only part of its height: whole
        ([(300, 300, 200, 200)], [(0, 100, 800, 20)]),  # elsewhere
        ([(0, 0, 800, 400)], []),  # all of it
    ],
)
def test_the_strip_drawn_anew_leaves_out_the_places_that_cross_it(places, left):
    """Issue 54: the strip drawn anew with moving places is cut round those that cross it,
    so that no two overlap and each place is graded where it was drawn (one pass fewer)."""
    from game.places import Places

    band = pygame.Rect(0, 100, 800, 20)
    pieces = Places.around(band, [pygame.Rect(p) for p in places])
    assert pieces == [pygame.Rect(p) for p in left]
    assert all(p.collidelist([pygame.Rect(q) for q in places]) < 0 for p in pieces) or (
        pieces == [band]
    )


def test_the_strip_waits_for_a_frame_without_a_camera_step_or_a_new_grain_band(app):
    """Issue 54: below 2560 wide a frame with moving places that also shows the whole frame
    through a moved camera or a new grain pattern's band (PostFX.busy) leaves the safety
    net's strip for a later frame; the others draw it, so the strips still go round while a
    moment plays (a rocket's flashes and its ring), and every frame equals the whole redraw;
    a round so left unfinished is finished by strips, not a whole frame, once at rest."""
    scene = settled_table(app, "doudizhu", "normal")
    app.frame_kinds.clear()
    busy_now = app.postfx.busy
    asked: list[bool] = []

    def busy(camera, grain: int) -> bool:  # noqa: ANN001 - game.postfx.Camera
        asked.append(busy_now(camera, grain))
        return asked[-1]

    app.postfx.busy = busy
    scene.moments.show(Moment("rocket", 1, 8, 0), Scene(), scene.frame)  # as tools/bench_fx.py
    places = app.frames.places
    waited = drawn = mismatched = stepped = 0
    shown = app.postfx.camera
    for index in range(60):
        asked.clear()
        band = places.band
        app.tick(1 / 60, only_changes=True)
        stepped += app.postfx.camera != shown
        shown = app.postfx.camera
        if asked:  # a frame with moving places
            moved = places.band != band
            assert moved != asked[0], index  # fails when a busy frame draws its strip
            waited, drawn = waited + asked[0], drawn + moved
        if pygame.image.tobytes(app.frames.film_area(app.screen), "RGB") != _reference(app):
            mismatched += 1
    assert waited > 10 and drawn > 5 and stepped > 10, (waited, drawn, stepped)
    assert not mismatched
    assert places.waited  # a round left unfinished (else the rest proves nothing)
    scene.moments.fx.skip()  # the moment ends now (any key): the picture comes to rest
    kinds = app.frame_kinds.copy()
    for _ in range(BANDS):  # at rest, half a second since the last whole draw
        app.frames.drawn_at -= 1.0
        app.tick(1 / 60, only_changes=True)
        if not places.waited:
            break
        if pygame.image.tobytes(app.frames.film_area(app.screen), "RGB") != _reference(app):
            mismatched += 1
    assert not places.waited and places.band == 0 and not mismatched, places.band
    assert app.frame_kinds["full"] == kinds["full"]  # fails when a whole frame finishes it
    app.frames.drawn_at -= 1.0
    app.tick(1 / 60, only_changes=True)
    assert app.frame_kinds["full"] == kinds["full"] + 1  # then whole every half second again
    flash = (0, 0, 9)  # a camera step: from 2560 wide the strip never waits
    assert app.frames.strip_waits(flash, pygame.Surface((WIDE - 1, 8)), 65)
    assert not app.frames.strip_waits(flash, pygame.Surface((WIDE, 8)), 65)
