"""Issue 26 (clarity, second part): the status line under autoplay, the layouts per window
size, text sizes, overlaps and the film look kept off dialogs."""

from __future__ import annotations

import time

import pygame
import pytest

from game import i18n
from game.scenes.table.scene import TableScene
from game.table.controller import TableController
from game.widgets.cards import card_size
from tests.test_table_scene import DT, _pygame, make_app, make_scene, random_bots  # noqa: F401


@pytest.mark.parametrize("preset,seed", [("guandan", 3), ("shengji", 4), ("runfast", 5)])
def test_autoplay_status_names_only_the_seat_that_is_thinking(preset, seed):
    """Issue 26: with the AI playing every seat the status line never says "Waiting for
    You…"; it names the seat whose bot is choosing, and is empty while nobody is."""
    now = [0.0]
    app = make_app()
    app.autoplay = True
    app.settings.ai_delay_ms = 50  # a bot is seen choosing for a few frames
    controller = TableController(
        preset,
        seed=seed,
        think_delay=0.05,  # (the scene sets it from the settings)
        threaded=False,
        autoplay=True,
        clock=lambda: now[0],
        bot_factory=random_bots,
    )
    scene = TableScene(app, preset, controller=controller)
    app.stack.push(scene)
    waiting_you = i18n.tr("table.waiting_for", name=scene.names.seat_name(0))
    said: dict[object, int] = {}
    for _ in range(4000):
        now[0] += DT
        scene.update(DT)
        if scene.board.notice or scene.dealing():
            continue
        message = scene.message_line.message(scene.frame)
        thinking = scene.frame.thinking_seat
        shown = None if message is None else message[0]
        assert shown != waiting_you
        if thinking is None:
            assert shown is None, shown
        elif thinking == 0:
            assert shown == i18n.tr("table.thinking_for_you")
        else:
            assert shown == i18n.tr("table.waiting_for", name=scene.names.seat_name(thinking))
        said[thinking] = said.get(thinking, 0) + 1
    # Every seat was seen thinking (the player's own under autoplay), and quiet moments too.
    assert set(range(scene.seats)) | {None} <= set(said), said


class _Dialog:
    """A confirm dialog over the table: a dark veil and an opaque box."""

    opaque = False
    film = False
    title_key = "app.name"
    music = None

    def __init__(self, app) -> None:
        self.app = app

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, (0, 0))
        box = pygame.Rect(0, 0, 420, 200)
        box.center = (surface.get_width() // 2, surface.get_height() // 2)
        surface.fill((236, 226, 204), box)
        pygame.draw.rect(surface, (40, 30, 20), box.inflate(-60, -120))

    def __getattr__(self, name):  # every other scene hook does nothing
        return lambda *args, **kwargs: None


def _opaque_pixels(scene, draw) -> set[tuple[int, int]]:
    """The pixels ``draw`` covers completely: the same over a black and a white table."""
    shots = []
    for fill in ((0, 0, 0), (255, 255, 255)):
        surface = pygame.Surface(scene.app.size)
        surface.fill(fill)
        draw(surface)
        shots.append(pygame.surfarray.array3d(surface))
    same = (shots[0] == shots[1]).all(axis=2)
    return {(int(x), int(y)) for x, y in zip(*same.nonzero(), strict=True)}


@pytest.mark.parametrize("what", ["counter", "result", "game_menu", "dialog"])
def test_the_film_look_leaves_dialogs_and_menus_as_drawn(app, what):
    """Issue 26 point 4: with the film look at its extremes, every pixel a dialog, panel or
    menu draws over the table equals the ungraded picture; the table itself is graded."""
    from game.scenes.table import TableScene

    app.settings.ai_delay_ms = 0
    app.settings.animation_speed = 100
    controller = TableController(
        "runfast",
        seed=3,
        threaded=False,
        autoplay=True,
        autoplay_pause=1e9,
        bot_factory=random_bots,
    )
    table = TableScene(app, "runfast", controller=controller)
    app.stack.push(table)
    for _ in range(20000 if what == "result" else 200):  # past the deal (to its end)
        table.update(DT)
        if table.overlay == "result" or (what != "result" and not table.dealing()):
            break
    app.tick(1 / 60)
    if what == "counter":
        table.board.show_counter = True
        cover = table.draw_over
    elif what == "result":
        assert table.overlay == "result"
        cover = table.draw_over
    elif what == "game_menu":
        app.topbar.toggle_menu("game")
        cover = app.topbar.draw
    else:
        dialog = _Dialog(app)
        app.stack.push(dialog)
        cover = dialog.draw
    covered = _opaque_pixels(table, cover)
    covered = {p for p in covered if p[1] >= app.topbar_height}  # over the film area
    assert len(covered) > 1000, len(covered)

    def shot():
        app.postfx._pattern = (0, 0, 0)  # the same grain both times
        app.draw(app.screen)
        return pygame.surfarray.array3d(app.screen).copy()

    plain = shot()
    for look in ((0, 100, 0), (100, 0, 100), (100, 100, 100)):
        app.settings.contrast, app.settings.grain, app.settings.temperature = look
        graded = shot()
        differs = [p for p in covered if (graded[p] != plain[p]).any()]
        assert differs == [], (look, len(differs), differs[:5])
        felt = (5, app.size[1] - 5)
        assert (graded[felt] != plain[felt]).any() or what == "dialog"
    app.settings.contrast = app.settings.grain = app.settings.temperature = 50
    if what == "result":
        # A still picture only gets new grain: the panel is drawn again over it.
        app.settings.grain = 100
        app.draw(app.screen, keep=True)
        app.frames.drawn_key = app.frames.still_key()
        assert app.frames.drawn_key is not None
        app.frames.drawn_at = time.monotonic()
        app.frames.input_until = 0.0
        app.postfx._pattern = (1, 7, 11)
        app.frames.draw_if_changed()
        app.frames.draw_if_changed()  # a new grain pattern reaches one band a frame
        assert app.postfx._bands == [(1, 7, 11)] * 2  # regrained, not drawn anew
        regrained = pygame.surfarray.array3d(app.screen)
        assert all((regrained[p] == plain[p]).all() for p in covered)
        app.settings.grain = 50


#: The window sizes the table is laid out for (tools/screenshots.py --size).
SIZES = [(1920, 1080), (1280, 720), (1024, 768), (1024, 600), (800, 600)]


def _plays() -> list[tuple[int, str | None]]:
    """Plays of every size a table shows, each with every kind label of the language (the
    widest label decides how far a play reaches)."""
    names = i18n.catalog("en")
    found = {key.split(".", 1)[1].removeprefix("combo_") for key in names}
    kinds = sorted(k for k in found if f"table.combo_{k}" in names or f"combo.{k}" in names)
    return [(count, None) for count in (1, 2, 5, 8, 10)] + [
        (count, kind) for count in (1, 4, 10) for kind in [*kinds, "bomb"]
    ]


def _laid_out(preset: str, lang: str, size: tuple[int, int]):
    i18n.set_language(lang)
    scene = make_scene(preset, 1, app=make_app(size))
    scene.relayout()
    return scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_no_played_cards_cover_a_plate_the_hand_or_the_prompt(preset, lang, size):
    """Issue 26: in every game, language (Persian mirrored) and window size, the cards a seat
    plays (with the ring of a won trick and the kind's label) cover no seat plate, the hand
    or the prompt band."""
    scene = _laid_out(preset, lang, size)
    try:
        window = pygame.Rect(0, 0, *size)
        plates = {seat: scene.layout.plate_area(seat) for seat in range(scene.seats)}
        hand = scene.layout.hand_area()
        band = scene.layout.rects["message_band"]
        for seat in range(scene.seats):
            for count, kind in _plays():
                area = scene.layout.play_area(seat, count, kind)
                where = (seat, count, kind)
                assert window.contains(area), (*where, area)
                for other, plate in plates.items():
                    assert not area.colliderect(plate), (*where, "plate", other)
                assert not area.colliderect(hand), (*where, "hand")
                assert not area.colliderect(band), (*where, "prompt band")
    finally:
        i18n.set_language("en")


def _table_text_sizes(scene, monkeypatch) -> tuple[list[int], list[tuple[int, int]]]:
    """Draw the table once with every text cache empty; the pixel sizes of the text drawn
    (card faces left out: their index is card art) and the heights of squeezed lines."""
    import inspect

    from game import text
    from game.scenes.table import layout, plays
    from game.widgets import cards as card_art

    sizes: list[int] = []
    squeezed: list[tuple[int, int]] = []
    real_render, real_scale = text.render, pygame.transform.smoothscale

    def render(value, size_px, *args, **kwargs):
        caller = inspect.stack()[1].filename
        if not caller.endswith(("cards.py", "figures.py")) and str(value).strip():
            sizes.append(size_px)
        return real_render(value, size_px, *args, **kwargs)

    def smoothscale(image, size, *args):
        if "scenes/table" in inspect.stack()[1].filename.replace("\\", "/"):
            squeezed.append((image.get_height(), size[1]))
        return real_scale(image, size, *args)

    monkeypatch.setattr(text, "render", render)
    monkeypatch.setattr(pygame.transform, "smoothscale", smoothscale)
    for cached in (layout._rendered_text, layout.wrapped, plays._kind_plate):
        cached.cache_clear()
    card_art.clear_cache()
    scene.seat_plates.plates.clear()
    scene.board.ui_key = None
    scene.update(0.0)
    scene.draw(pygame.Surface(scene.size))
    monkeypatch.undo()
    for cached in (layout._rendered_text, layout.wrapped, plays._kind_plate):
        cached.cache_clear()
    return sizes, squeezed


@pytest.mark.parametrize(
    "size,smallest",
    [((1920, 1080), 14), ((1280, 720), 14), ((1024, 768), 12), ((1024, 600), 12), ((800, 600), 12)],
)
@pytest.mark.parametrize("lang", ["en", "zh", "hu", "fa"])
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_table_text_is_never_smaller_than_the_arrangement_allows(
    preset, lang, size, smallest, monkeypatch
):
    """Issue 26: every text on the table (names, counts, labels, prompts, buttons, the kind of
    a play, the card counter) is at least 14 px at 1280×720 and up and 12 px below; a line
    squeezed into its box keeps at least a 12 or 14 px line's height."""
    from game import text
    from tests.test_table_scene import step_until

    i18n.set_language(lang)
    try:
        scene = make_scene(preset, 2, app=make_app(size))
        assert scene.layout.arrangement.min_text == smallest
        step_until(scene, lambda: scene.can_act())
        scene.board.show_counter = True  # the card counter's grid too
        scene.hand.select_cards(scene.hand.cards[:1])  # a refusal or the play's prompt
        sizes, squeezed = _table_text_sizes(scene, monkeypatch)
        assert sizes and min(sizes) >= smallest, sorted(sizes)[:5]
        line = text.size("Ag", smallest, bold=True)[1]
        for before, after in squeezed:
            assert after >= 0.9 * line or after >= before, (before, after, line)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    "size,rows",
    [((1920, 1080), 1), ((1280, 720), 1), ((1024, 768), 2), ((1024, 600), 2), ((800, 600), 2)],
)
@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_a_full_hand_takes_two_rows_in_a_small_window(preset, size, rows):
    """Issue 26: at 1024×600 and 4:3 a full hand lies in two rows (one row would show too
    little of each card); each card shows its corner, and clicks find the card on top."""
    from tests.test_table_scene import step_until

    scene = make_scene(preset, 3, app=make_app(size))
    step_until(scene, lambda: not scene.dealing())
    hand = scene.hand
    assert hand.rows_used() == rows
    rects = hand.positions()
    assert len(rects) == len(hand.cards) >= 25
    tops = sorted({r.top for r in rects})
    assert len(tops) == rows
    width = hand.card_width()
    for row_top in tops:  # each row from left to right, its cards overlapping no more than
        row = [r for r in rects if r.top == row_top]  # the design allows
        steps = [b.left - a.left for a, b in zip(row, row[1:], strict=False)]
        assert min(steps) >= width * 0.5 - 1, (min(steps), width)
    assert pygame.Rect(0, 0, *size).contains(rects[0].unionall(rects))
    for i, rect in enumerate(rects):  # the corner index of every card can be clicked
        corner = (rect.left + 4, rect.top + 4)
        assert hand.index_at(corner) == i
    if rows == 2:  # the upper row first (reading order), the second row below it
        assert rects[0].top < rects[-1].top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_cards_leaving_a_seat_start_at_its_plates_edge(preset, size):
    """Issue 26: a card a seat plays or pays sets off from its plate's edge facing the
    middle, so even its first frame leaves the seat's name in view."""
    scene = _laid_out(preset, "en", size)
    middle = (size[0] // 2, size[1] // 2)
    for seat in range(1, scene.seats):
        plate = scene.layout.rects["seats"][seat]
        x, y = scene.layout.seat_edge(seat)
        on_edge = x in (plate.left, plate.right) or y in (plate.top, plate.bottom)
        assert plate.inflate(2, 2).collidepoint(x, y) and on_edge
        assert abs(x - middle[0]) + abs(y - middle[1]) < abs(plate.centerx - middle[0]) + abs(
            plate.centery - middle[1]
        )
        # Issue 40: a card that size set off there covers no part of the plate (a tribute).
        for height in (scene.layout.u(120), scene.layout.rects["play_h"]):
            card = pygame.Rect((0, 0), card_size(height))
            card.center = scene.layout.seat_edge(seat, card.size)
            assert not card.colliderect(plate), (seat, height)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh", "hu", "fa", "ar", "pl"])
@pytest.mark.parametrize("level", ["2", "3", "9", "T", "A"])
def test_the_level_ladders_labels_never_overlap(level, lang, size):
    """Issue 26, G1.3: the header ladder's rank labels 2…A stand apart in one row (issue 40:
    never two staggered rows), none under the level card, all inside the panel and above the
    teams' rails, each over its own rail column."""
    from dataclasses import replace

    scene = _laid_out("guandan", lang, size)
    try:
        frame = scene.frame
        frame = replace(frame, seat_view=replace(frame.seat_view, level=level))
        u = scene.layout.u
        box = pygame.Rect(0, 0, scene.layout.rects["side"].width, u(150))
        card, labels, centre = scene.view.ladder_places(box, frame)
        assert len(labels) == 13
        middles = [rect.centery for rect in labels]
        assert max(middles) - min(middles) <= u(6), middles  # one row
        step = abs(centre(1) - centre(0))
        assert all(abs(rect.centerx - centre(i)) <= step / 2 for i, rect in enumerate(labels))
        rails_top = box.top + u(84) - u(10)  # the first team's row and its marker
        for i, rect in enumerate(labels):
            assert box.contains(rect) and rect.bottom <= rails_top, (i, rect)
            assert not rect.colliderect(card), (i, rect, card)
            for other in labels[i + 1 :]:
                assert not rect.colliderect(other), (i, rect, other)
        assert box.contains(card) and card.bottom <= rails_top
        scene.view.draw_side(pygame.Surface(size), frame)  # draws with these places
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "hu", "fa"])
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_no_play_covers_another_seats_play(preset, lang, size):
    """Issue 26: two seats' plays of up to 10 cards, with any kind label, never overlap (a
    long play's fan is pressed together instead)."""
    scene = _laid_out(preset, lang, size)
    try:
        plays = _plays()
        areas = {
            seat: [scene.layout.play_area(seat, count, kind) for count, kind in plays]
            for seat in range(scene.seats)
        }
        for a in range(scene.seats):
            for b in range(a + 1, scene.seats):
                for i, area in enumerate(areas[a]):
                    hit = area.collidelist(areas[b])
                    assert hit < 0, (a, plays[i], area, b, plays[hit], areas[b][hit])
    finally:
        i18n.set_language("en")
