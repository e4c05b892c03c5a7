"""Scenes driven by synthetic pygame events: title → preset → rules → table tab and back."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App, parse_args
from game.scenes.base import Scene, SceneStack
from game.scenes.confirm import ConfirmDialog
from game.scenes.preset import RULES_TAB, TABLE_TAB, PresetScene
from game.scenes.title import TitleScene
from game.widgets.rules_view import RulesView, parse


def key(app: App, code: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.tick(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    for event in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ):
        app.handle_event(event)
    app.tick(1 / 60)


def wheel(app: App, y: int) -> None:
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
        )
    )
    app.tick(1 / 60)


# --- the scene stack ------------------------------------------------------------------------


class Probe(Scene):
    def __init__(self, app, name, log, opaque=True):
        super().__init__(app)
        self.name, self.log, self.opaque = name, log, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_stack_lifecycle_and_opaque_drawing():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe(None, "a", log), Probe(None, "b", log), Probe(None, "c", log, opaque=False)
    stack.push(a)
    stack.push(b)
    stack.push(c)
    assert log == ["enter a", "leave a", "enter b", "leave b", "enter c"]
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["draw b", "draw c"]  # b is opaque: a is hidden
    log.clear()
    stack.replace(Probe(None, "d", log))
    assert log == ["leave c", "enter d"]
    log.clear()
    stack.pop()
    assert log == ["leave d", "enter b"] and stack.top is b
    stack.clear()
    assert len(stack) == 0 and stack.pop() is None


# --- navigation -----------------------------------------------------------------------------


def test_keyboard_title_preset_rules_table_and_back(app):
    assert isinstance(app.stack.top, TitleScene)
    key(app, pygame.K_RIGHT)  # second preset
    key(app, pygame.K_LEFT)  # back to the first
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, PresetScene) and scene.preset.id == "guandan"
    assert scene.tab == TABLE_TAB
    key(app, pygame.K_TAB)
    assert scene.tab == RULES_TAB
    assert scene.rules.max_offset > 0
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_DOWN)
    assert scene.rules.offset > 0
    key(app, pygame.K_END)
    assert scene.rules.offset == scene.rules.max_offset
    key(app, pygame.K_HOME)
    assert scene.rules.offset == 0
    key(app, pygame.K_TAB)
    assert scene.tab == TABLE_TAB
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_mouse_title_preset_rules_table_and_back(app):
    title = app.stack.top
    runfast = next(card for card in title.cards if card.preset.id == "runfast")
    click(app, runfast.rect.center)
    scene = app.stack.top
    assert isinstance(scene, PresetScene) and scene.preset.id == "runfast"
    click(app, scene.tab_buttons[RULES_TAB].rect.center)
    assert scene.tab == RULES_TAB
    # The top bar reads the wheel's pointer from SDL: put it over the page, whatever an
    # earlier test left it on.
    pygame.mouse.set_pos(scene.rules.rect.center)
    app.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=scene.rules.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    wheel(app, -3)
    assert scene.rules.offset > 0
    wheel(app, 10)
    assert scene.rules.offset == 0
    click(app, scene.tab_buttons[TABLE_TAB].rect.center)
    assert scene.tab == TABLE_TAB
    click(app, scene.back_button.rect.center)
    assert isinstance(app.stack.top, TitleScene)
    # The top bar's back button works the same way.
    click(app, runfast.rect.center)
    assert isinstance(app.stack.top, PresetScene)
    back = next(c for c in app.topbar.controls if c.name == "back")
    click(app, back.rect.center)
    assert isinstance(app.stack.top, TitleScene)


def test_start_pushes_the_table_scene_with_the_preset_id(app, monkeypatch):
    import game.scenes.table as table_module

    opened: list[str] = []

    class FakeTable(Scene):
        def __init__(self, app, preset, options=None):
            super().__init__(app)
            opened.append(preset)
            house.append(options)

    house: list[dict[str, object] | None] = []
    monkeypatch.setattr(table_module, "TableScene", FakeTable)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # shengji
    scene = app.stack.top
    assert scene.start_button.enabled
    click(app, scene.start_button.rect.center)
    assert opened == ["shengji"] and isinstance(app.stack.top, FakeTable)
    assert house == [scene.house]  # the remembered house rules (issue 28)
    key(app, pygame.K_ESCAPE)  # the default go_back pops
    assert app.stack.top is scene


def test_a_failing_table_leaves_the_menus_working(app, monkeypatch):
    import game.scenes.table as table_module

    def explode(*args, **kwargs):
        raise RuntimeError("table bug")

    monkeypatch.setattr(table_module, "TableScene", explode)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    key(app, pygame.K_RETURN)  # Start has the focus
    assert app.stack.top is scene
    assert any(toast[0] == "preset.table_failed" for toast in app.notices.shown)


def test_escape_on_title_asks_then_stays_or_quits(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_quit_dialog_is_drawn_over_the_title(app):
    key(app, pygame.K_ESCAPE)
    assert [type(s) for s in app.stack.visible()] == [TitleScene, ConfirmDialog]


# --- rules view -----------------------------------------------------------------------------


def test_rules_markup_blocks_and_numbering():
    blocks = parse(
        "# Objective\nPlay well.\nStill the same paragraph.\n\n- a bullet\n  - a sub-bullet\n# 2. Setup\n# Play"
    )
    kinds = [(b.kind, b.text) for b in blocks]
    assert kinds == [
        ("heading", "1. Objective"),
        ("paragraph", "Play well. Still the same paragraph."),
        ("bullet", "a bullet"),
        ("sub", "a sub-bullet"),
        ("heading", "2. Setup"),  # already numbered: kept as written
        ("heading", "3. Play"),
    ]


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_every_preset_has_its_rules_in_english(preset):
    view = RulesView(preset)
    view.layout(pygame.Rect(0, 0, 900, 500), 1.0)
    headings = [b for b in view.blocks if b.kind == "heading"]
    assert view.blocks[0].kind == "title" and len(headings) >= 3
    assert view.content_height > 500


def test_scroll_bar_drag_and_track_click():
    view = RulesView("guandan")
    view.layout(pygame.Rect(100, 100, 900, 500), 1.0)
    thumb = view._thumb()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1)
    assert view.handle_event(down)
    view.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(thumb.centerx, thumb.centery + 100),
            rel=(0, 100),
            buttons=(1, 0, 0),
        )
    )
    assert view.offset > 0
    view.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, thumb.centery + 100), button=1)
    )
    before = view.offset
    track = view._track()
    view.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.centerx, track.bottom - 2), button=1)
    )
    assert view.offset > before


def test_rules_right_to_left_are_right_aligned_and_mirrored():
    rect = pygame.Rect(0, 0, 800, 600)
    drawn = {}
    for lang in ("en", "fa"):
        i18n.set_language(lang)
        view = RulesView("guandan")
        view.layout(rect, 1.0)
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        view.draw(surface)
        drawn[lang] = (surface.get_bounding_rect(), view._track())
    i18n.set_language("en")
    (en_box, en_track), (fa_box, fa_track) = drawn["en"], drawn["fa"]
    assert en_track.right == rect.right and fa_track.left == rect.left
    # Text hugs the left edge in English and the right edge in Persian (scroll bar excepted).
    assert en_box.left < 10 and fa_box.right > rect.right - 10


# --- resume, sizes --------------------------------------------------------------------------


def test_resume_appears_with_an_autosave_and_reopens_the_match(app, monkeypatch):
    import game.save as save_module
    import game.scenes.table as table_module

    monkeypatch.setattr(save_module, "saved_games", lambda: ["runfast"])
    monkeypatch.setattr(
        save_module, "load_autosave", lambda game: {"deals": [[]], "status": {"deal": 3}}
    )
    resumed: list[object] = []

    class FakeTable(Scene):
        @classmethod
        def resume(cls, app, preset):
            resumed.append((app, preset))
            return cls(app)

    monkeypatch.setattr(table_module, "TableScene", FakeTable)
    title = app.stack.top
    title.enter()  # re-checks the autosave, as when coming back from a table
    card = next(card for card in title.cards if card.preset.id == "runfast")
    assert card.saved == "deal 4" and title.resume_buttons == card.buttons
    click(app, card.resume_button.rect.center)
    assert resumed == [(app, "runfast")] and isinstance(app.stack.top, FakeTable)


def test_no_resume_without_an_autosave(app, monkeypatch):
    import game.save as save_module

    monkeypatch.setattr(save_module, "saved_games", lambda: [])
    title = app.stack.top
    title.enter()
    assert title.resume_buttons == [] and all(card.saved is None for card in title.cards)


@pytest.mark.parametrize("size", ["1280x720", "3840x2160"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_screen_draws_at_the_extreme_sizes(tmp_path, size, lang):
    game = App(parse_args(["--windowed", size, "--lang", lang]), settings_path=tmp_path / "s.toml")
    game.start()
    width, height = game.size
    game.tick(1 / 60)
    title = game.stack.top
    assert isinstance(title, TitleScene)
    for card in title.cards:
        assert 0 <= card.rect.left and card.rect.right <= width and card.rect.bottom <= height
    scene = game.stack.push(PresetScene(game, game.presets["shengji"]))
    game.tick(1 / 60)
    assert scene.start_button.rect.bottom <= height and scene.back_button.rect.right <= width
    scene.set_tab(RULES_TAB)
    game.tick(1 / 60)
    assert (
        scene.rules.rect.bottom <= height and scene.rules.content_height > scene.rules.rect.height
    )
    game.topbar.toggle_menu("game")
    game.tick(1 / 60)
    assert game.topbar.menu_rect.right <= width and game.topbar.menu_rect.left >= 0
    game.stack.clear()
    i18n.set_language("en")


def test_every_confirmation_is_one_dialog_class(app, monkeypatch):
    """Issue 40: quitting, a new match over one in progress and wiping the statistics ask with
    the same ConfirmDialog (one look, one set of keys); only the default focus differs."""
    from game.scenes import confirm
    from game.scenes.statistics import StatisticsScene

    key(app, pygame.K_ESCAPE)  # quit: Enter quits at once
    quit_dialog = app.stack.top
    key(app, pygame.K_ESCAPE)
    confirm.ask_new_match(app, "guandan", "Level 5", lambda: None)  # Esc and Enter keep it
    new_match = app.stack.top
    app.stack.pop()
    wiped: list[bool] = []
    monkeypatch.setattr(StatisticsScene, "reset", lambda self: wiped.append(True))
    stats = app.stack.push(StatisticsScene(app))
    stats.reset_button.activate()
    reset = app.stack.top
    dialogs = (quit_dialog, new_match, reset)
    assert {type(d) for d in dialogs} == {ConfirmDialog}
    assert [d.confirm_button.focused for d in dialogs] == [True, False, False]
    assert [d.keep_button.focused for d in dialogs] == [False, True, True]
    key(app, pygame.K_RETURN)  # the statistics' Keep has the focus: nothing is wiped
    assert app.stack.top is stats and not wiped
    stats.reset_button.activate()
    app.stack.top.confirm_button.activate()
    assert app.stack.top is stats and wiped


def test_quit_dialog_by_keyboard_can_stay(app):
    key(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert dialog.confirm_button.focused and dialog.confirm_button.key == "title.quit"
    key(app, pygame.K_TAB)
    assert dialog.keep_button.focused and dialog.keep_button.key == "title.stay"
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and app.running


def test_lifting_a_card_leaves_the_words_above_it_intact(app):
    title = app.stack.top
    middle = title.cards[1]
    band = pygame.Rect(
        middle.rect.left,
        app.topbar_height + 200,
        middle.rect.width,
        middle.rect.top - app.topbar_height - 200 - 12,
    )

    def words_above() -> bytes:
        app.tick(1 / 60)
        return pygame.image.tobytes(app.screen.subsurface(band), "RGB")

    title._set_focus(0)
    resting = words_above()
    title._set_focus(1)
    assert words_above() == resting
