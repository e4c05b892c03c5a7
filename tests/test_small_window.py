"""Issue 40: in an 800×600 window no control lies outside the window or over another one, in
any of the seven languages: the title, a game's Table tab, house rules (free and locked),
statistics, history, the Game and language menus."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import house_rules, i18n
from game.widgets.common import Button


@pytest.fixture(scope="module")
def small_app(tmp_path_factory):
    from game.app import App, parse_args

    path = tmp_path_factory.mktemp("small") / "settings.toml"
    game = App(parse_args(["--windowed", "800x600"]), settings_path=path)
    game.start()
    game.tick(1 / 60)
    yield game
    game.stack.clear()
    i18n.set_language("en")


def _buttons(scene) -> list[Button]:  # noqa: ANN001 - any scene
    """The buttons a scene shows now: its ``buttons()`` when it has them, else every Button it
    holds (directly, in a list or in a dict) that has been laid out."""
    if callable(getattr(scene, "buttons", None)):
        # locked house rules still show their (disabled) values
        return list(scene.buttons()) + [
            b for b in getattr(scene, "value_buttons", {}).values() if b not in scene.buttons()
        ]
    if callable(getattr(scene, "_row_buttons", None)):  # a game's page: its row and its tabs
        return [*scene._row_buttons(), *scene.tab_buttons.values()]
    found: list[Button] = []
    for value in vars(scene).values():
        items = value.values() if isinstance(value, dict) else value
        items = items if isinstance(items, list | tuple | type({}.values())) else [value]
        found += [item for item in items if isinstance(item, Button)]
    return [b for b in found if b.rect.width and b.rect.height]


def _controls(app) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001 - game.app.App
    bar = app.topbar
    shown = bar.menu_controls if bar.menu is not None else []
    controls = [(f"bar:{c.name}", c.rect) for c in bar.controls]
    controls += [(f"menu:{c.name}", c.rect) for c in shown]
    scene = app.stack.top
    controls += [(f"{type(scene).__name__}:{b.text()}", b.rect) for b in _buttons(scene)]
    # the title's game cards are controls too (click or Enter opens one)
    controls += [(f"card:{i}", card.rect) for i, card in enumerate(getattr(scene, "cards", []))]
    return controls


def _check(app, where: str) -> None:  # noqa: ANN001
    app.tick(1 / 60)
    window = pygame.Rect((0, 0), app.size)
    controls = _controls(app)
    assert controls, where
    outside = [name for name, rect in controls if not window.contains(rect)]
    assert not outside, (where, outside)
    menu = app.topbar.menu_rect if app.topbar.menu is not None else None
    overlapping = [
        (a, b)
        for (a, ra), (b, rb) in itertools.combinations(controls, 2)
        if ra.colliderect(rb)
        # a scene's controls under an open menu are hidden by it, not crowded by it
        and not (menu is not None and a.startswith("menu:") != b.startswith("menu:"))
    ]
    assert not overlapping, (where, overlapping)


def _screens(app):  # noqa: ANN001 - yields (name, a scene to push)
    from game.scenes.history import HistoryScene
    from game.scenes.house_rules import HouseRulesScene
    from game.scenes.preset import TABLE_TAB, PresetScene
    from game.scenes.statistics import StatisticsScene
    from game.scenes.title import TitleScene

    yield "title", TitleScene(app)
    for preset_id, preset in app.presets.items():
        yield f"{preset_id} table tab", PresetScene(app, preset, TABLE_TAB)
        values = house_rules.defaults(preset_id, preset.options)
        yield f"{preset_id} house rules", HouseRulesScene(app, preset_id, values)
        match = {k: house_rules.next_value(preset_id, k, v) for k, v in values.items()}
        yield (
            f"{preset_id} house rules locked",
            HouseRulesScene(app, preset_id, values, match=match),
        )
    yield "statistics", StatisticsScene(app)
    yield "history", HistoryScene(app)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_control_off_screen_or_overlapping_at_800x600(small_app, lang):
    app = small_app
    app.set_language(lang)
    try:
        for name, scene in _screens(app):
            app.stack.clear()
            app.stack.push(scene)
            app.relayout()
            _check(app, f"{lang} {name}")
        for menu in ("game", "language"):
            app.topbar.toggle_menu(menu)
            _check(app, f"{lang} {menu} menu")
            app.topbar.close_menu()
    finally:
        app.topbar.close_menu()
        app.set_language("en")


def _text_sizes(app, monkeypatch) -> dict[int, set[str]]:  # noqa: ANN001
    """Every text size drawn by the screens and the top bar (not card faces), with a sample of
    the words drawn at it."""
    import sys

    from game import text

    seen: dict[int, set[str]] = {}
    render = text.render

    def spy(words, size_px, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        caller = sys._getframe(1).f_code.co_filename
        if "cards.py" not in caller and "title_art" not in caller:
            seen.setdefault(int(size_px), set()).add(f"{words[:30]} ({caller.split('/')[-1]})")
        return render(words, size_px, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    return seen


@pytest.mark.parametrize("lang", ["en", "fa", "zh"])
def test_no_text_below_12_px_at_800x600(small_app, lang, monkeypatch):
    app = small_app
    app.set_language(lang)
    try:
        text_module_cache_clear = __import__("game.text", fromlist=["clear_cache"]).clear_cache
        text_module_cache_clear()
        seen = _text_sizes(app, monkeypatch)
        for _name, scene in _screens(app):
            app.stack.clear()
            app.stack.push(scene)
            app.relayout()
            app.draw(app.screen)
        app.topbar.toggle_menu("game")
        app.draw(app.screen)
        app.topbar.close_menu()
        small = {size: sorted(words)[:3] for size, words in seen.items() if size < 12}
        assert not small, small
    finally:
        app.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "fa", "pl"])
def test_shengji_declarations_fit_the_row_at_800x600(small_app, lang):
    """Issue 40: Shengji's declaration buttons (two or three long labels) and the rest of the
    action bar stay inside an 800x600 window without overlapping."""
    from game.scenes.table import TableScene
    from game.table.controller import TableController

    app = small_app
    app.set_language(lang)
    try:
        controller = TableController("shengji", seed=3, think_delay=0.0, threaded=False)
        scene = TableScene(app, "shengji", controller=controller)
        app.stack.clear()
        app.stack.push(scene)
        for _ in range(300):
            scene.update(1 / 30)
            if scene.frame.phase == "declare" and controller.is_human_turn() and not scene.busy():
                break
        scene._build_buttons(True, [])
        declares = [b for b in scene.buttons if b.key == "table.declare"]
        assert len(declares) >= 2, "the seed gives the player two declarations or more"
        window = pygame.Rect((0, 0), app.size)
        rects = [b.rect for b in scene.buttons]
        assert all(window.contains(r) for r in rects), (lang, rects)
        assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    finally:
        app.stack.clear()
        app.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_title_card_holds_its_words(lang, size, tmp_path):
    """Four title cards side by side: each card's fan gives up height before its words would
    run past the card (issue 40: the Hungarian taglines)."""
    from game.app import App, parse_args

    i18n.set_language(lang)
    app = App(parse_args(["--windowed", f"{size[0]}x{size[1]}"]), settings_path=tmp_path / "s.toml")
    try:
        app.start()
        app.tick(1 / 60)
        title = app.stack.top
        app.draw(app.screen)
        assert title.cut_taglines == set(), f"{lang} {size}: {sorted(title.cut_taglines)}"
        for card in title.cards:
            assert card.rect.bottom <= size[1] and card.rect.width > 0
    finally:
        app.stack.clear()
        i18n.set_language("en")
