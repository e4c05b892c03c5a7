"""Issue 26 (clarity, second part): the status line under autoplay, the layouts per window
size, text sizes, overlaps and the film look kept off dialogs."""

from __future__ import annotations

import time

import pygame
import pytest

from game import i18n
from game.scenes.table.scene import TableScene
from game.table.controller import TableController
from tests.test_table_scene import DT, _pygame, make_app, random_bots  # noqa: F401


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
    waiting_you = i18n.tr("table.waiting_for", name=scene._seat_name(0))
    said: dict[object, int] = {}
    for _ in range(4000):
        now[0] += DT
        scene.update(DT)
        if scene.notice or scene.dealing():
            continue
        message = scene._message()
        thinking = scene.frame.thinking_seat
        shown = None if message is None else message[0]
        assert shown != waiting_you
        if thinking is None:
            assert shown is None, shown
        elif thinking == 0:
            assert shown == i18n.tr("table.thinking_for_you")
        else:
            assert shown == i18n.tr("table.waiting_for", name=scene._seat_name(thinking))
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
        table.show_counter = True
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
        app._drawn_key = app._still_key()
        assert app._drawn_key is not None
        app._drawn_at = time.monotonic()
        app._input_until = 0.0
        app.postfx._pattern = (1, 7, 11)
        app._draw_if_changed()
        assert app.postfx._shown == (1, 7, 11)  # regrained, not drawn anew
        regrained = pygame.surfarray.array3d(app.screen)
        assert all((regrained[p] == plain[p]).all() for p in covered)
        app.settings.grain = 50
