"""Issue 40: in an 800×600 window no control lies outside the window or over another one, in
any of the seven languages: the title, a game's Table tab, house rules (free and locked),
statistics, history, the Game and language menus."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import house_rules, i18n, text
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
    unique = list({id(b): b for b in found}.values())  # a button kept in a list and by name
    return [b for b in unique if b.rect.width and b.rect.height]


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
        # a title card's own buttons (Resume, Challenges) stand wholly on it
        and not (a.startswith("card:") and ra.contains(rb))
        and not (b.startswith("card:") and rb.contains(ra))
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


def _challenge_screens(app):  # noqa: ANN001 - yields (name, a scene to push)
    """Each game's Challenges list, a puzzle at its position and with its result up."""
    from game.ai import puzzles
    from game.challenge_progress import Progress
    from game.scenes.challenges import ChallengesScene, PuzzleScene

    app.settings.ai_delay_ms = 0  # the defence answers without its pause
    for game in puzzles.games_with_puzzles():
        yield f"{game} challenges", ChallengesScene(app, game)
        found = puzzles.load(game)
        yield f"{game} puzzle", PuzzleScene(app, found, 0, Progress(), threaded=False)
        solved = PuzzleScene(app, found, 0, Progress(), threaded=False)
        for _ in range(80):  # the hints played through to the result's panel
            solved.update(0.0)
            if solved.result() is not None:
                break
            if solved.run.mine() and solved.run.ask_hint():
                solved.update(0.0)
                hinted = solved.run.hinted
                if hinted is not None and hinted.kind == "pass":
                    solved.pass_turn()
                elif hinted is not None:
                    solved._play(hinted)
        assert solved.result() is True
        yield f"{game} puzzle solved", solved


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_challenge_screens_fit_at_800x600(small_app, lang):
    """Issue 59: each game's Challenges list, a puzzle in play and its result's panel."""
    app = small_app
    app.set_language(lang)
    try:
        _check_each(app, lang, _challenge_screens(app))
    finally:
        app.stack.clear()
        app.set_language("en")


def _check_each(app, lang: str, screens) -> None:  # noqa: ANN001
    """Each of ``screens`` (name, scene) alone on the stack, laid out and checked."""
    for name, scene in screens:
        app.stack.clear()
        app.stack.push(scene)
        app.relayout()
        _check(app, f"{lang} {name}")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_control_off_screen_or_overlapping_at_800x600(small_app, lang):
    app = small_app
    app.set_language(lang)
    try:
        _check_each(app, lang, _screens(app))
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
        scene.bar.build(True, [], selected=0, by_suit=scene.player_hand.by_suit, lesson=False)
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
    from game.scenes.title import TitleScene

    i18n.set_language(lang)
    app = App(parse_args(["--windowed", f"{size[0]}x{size[1]}"]), settings_path=tmp_path / "s.toml")
    try:
        app.start()
        app.tick(1 / 60)
        title = app.stack.top
        assert isinstance(title, TitleScene)
        app.draw(app.screen)
        assert title.cut_taglines == set(), f"{lang} {size}: {sorted(title.cut_taglines)}"
        for card in title.cards:
            assert card.rect.bottom <= size[1] and card.rect.width > 0
    finally:
        app.stack.clear()
        i18n.set_language("en")


# --- About, the file picker, the replay and the tables (issue 40) --------------------------


def _page_controls(scene) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001 - any scene
    """What a page shows besides its buttons: About's scrolling text, the picker's rows."""
    found = []
    rect = getattr(getattr(scene, "view", None), "rect", None)
    if isinstance(rect, pygame.Rect) and rect.width:
        found.append((f"{type(scene).__name__}:text", rect))
    found += [(f"row:{name}", rect) for rect, name, _path in getattr(scene, "rows", [])]
    return found


def _check_more(
    app,  # noqa: ANN001
    where: str,
    more: list[tuple[str, pygame.Rect]],
    *,
    covered: bool = False,
) -> None:
    """_check with ``more`` controls, and none of them under the top bar; ``covered``: the
    scene's own buttons lie under ``more`` (a panel over them) and are left out."""
    app.tick(1 / 60)
    window = pygame.Rect((0, 0), app.size)
    below_bar = pygame.Rect(0, app.topbar.height, app.size[0], app.size[1] - app.topbar.height)
    controls = _controls(app)
    if covered:
        controls = [(name, rect) for name, rect in controls if name.startswith(("bar:", "menu:"))]
    known = {id(rect) for _, rect in controls}
    controls += [(name, rect) for name, rect in more if id(rect) not in known]
    outside = [name for name, rect in controls if not window.contains(rect)]
    assert not outside, (where, outside)
    under_bar = [name for name, rect in more if not below_bar.contains(rect)]
    assert not under_bar, (where, under_bar)
    overlapping = [
        (a, b) for (a, ra), (b, rb) in itertools.combinations(controls, 2) if ra.colliderect(rb)
    ]
    assert not overlapping, (where, overlapping)


@pytest.fixture(scope="module")
def picker_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("picker")
    for name in ("a deal.txt", "match of the week.txt", "notes.txt"):
        (folder / name).write_text("not a deal", encoding="utf-8")
    (folder / "older deals").mkdir()
    return folder


@pytest.fixture(scope="module")
def replays():
    """One recorded deal of Run Fast and of Guandan (random bots), as replays."""
    from game.ai.random_bot import RandomBot
    from game.history import db, replay
    from game.table.controller import TableController

    deals = {}
    for preset in ("runfast", "guandan"):
        rows: list[int] = []

        def keep(_ctl, row, rows=rows) -> None:  # noqa: ANN001
            deal_id = db.shared().record(row)
            assert deal_id is not None  # a new deal: stored, not found there already
            rows.append(deal_id)

        ctl = TableController(
            preset,
            seed=4,
            threaded=False,
            think_delay=0.0,
            autoplay=True,
            autoplay_pause=0.0,
            bot_factory=lambda p, level, s: RandomBot(),
            on_deal_end=keep,
        )
        while not rows:
            ctl.update()
        deals[preset] = replay.load(db.shared(), rows[0])
    return deals


def _more_screens(app, picker_folder, replays):  # noqa: ANN001 - yields (name, scene)
    from game.scenes.about import AboutScene
    from game.scenes.file_picker import FilePickerScene
    from game.scenes.replay import ReplayScene

    yield "about", AboutScene(app)
    yield "file picker", FilePickerScene(app, lambda path: None, start=picker_folder)
    for preset, deal in replays.items():
        scene = ReplayScene(app, deal)
        yield f"{preset} replay", scene
        scene.go(len(deal.states) // 2)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_about_picker_and_replay_fit_800x600(small_app, lang, picker_folder, replays):
    app = small_app
    app.set_language(lang)
    s = app.scale
    try:
        for name, scene in _more_screens(app, picker_folder, replays):
            app.stack.clear()
            app.stack.push(scene)
            app.relayout()
            _check_more(app, f"{lang} {name}", _page_controls(scene))
            if "replay" in name:  # two lines of buttons rather than squeezed words
                squeezed = [b.key for b in scene.buttons if b.rect.width < b.natural_width(s)]
                assert not squeezed, (lang, name, squeezed)
    finally:
        app.stack.clear()
        app.set_language("en")


def _table_at_turn(app, preset: str):  # noqa: ANN001 - the table scene at the player's turn
    from game.scenes.table import TableScene
    from game.table.controller import TableController

    controller = TableController(preset, seed=3, think_delay=0.0, threaded=False)
    scene = TableScene(app, preset, controller=controller)
    app.stack.clear()
    app.stack.push(scene)
    for _ in range(2000):
        scene.update(1 / 30)
        if controller.is_human_turn() and not scene.busy():
            break
    assert controller.is_human_turn(), preset
    return scene


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_table_fits_800x600(small_app, lang):
    """Each game's table at the player's turn: the action bar and the hand inside the window,
    below the top bar, none over another."""
    from game import registry

    app = small_app
    app.set_language(lang)
    try:
        for spec in registry.all_games():
            scene = _table_at_turn(app, spec.id)
            app.relayout()
            scene.update(0.0)
            controls = scene.controls()
            assert any(name.startswith("action:") for name, _ in controls), spec.id
            assert any(name.startswith("plate:") for name, _ in controls), spec.id
            _check_more(app, f"{lang} {spec.id} table", controls)
    finally:
        app.stack.clear()
        app.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fa", "zh", "hu"])
def test_no_text_below_12_px_on_about_picker_replay_and_tables(
    small_app, lang, monkeypatch, picker_folder, replays
):
    from game import registry, text

    app = small_app
    app.set_language(lang)
    try:
        text.clear_cache()
        seen = _text_sizes(app, monkeypatch)
        for _name, scene in _more_screens(app, picker_folder, replays):
            app.stack.clear()
            app.stack.push(scene)
            app.relayout()
            app.draw(app.screen)
        for spec in registry.all_games():
            _table_at_turn(app, spec.id)
            app.relayout()
            app.draw(app.screen)
        small = {size: sorted(words)[:3] for size, words in seen.items() if size < 12}
        assert not small, small
    finally:
        app.stack.clear()
        app.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_title_cards_with_matches_in_progress_fit_800x600(small_app, lang):
    """Issue 40: with a match in progress in every game, each title card's Resume and New
    match hold their words unsqueezed (one above the other when the card is narrow), inside
    the window and over nothing else."""
    import random

    from game.scenes.title import TitleScene
    from tests.test_save_per_game import play, table

    app = small_app
    for game in ("guandan", "runfast"):
        scene = table(app, game, 3)
        app.stack.clear()
        app.stack.push(scene)
        play(scene, random.Random(1), deals=0, actions=1)
    app.stack.clear()
    app.set_language(lang)
    try:
        title = app.stack.push(TitleScene(app))
        app.relayout()
        buttons = [b for card in title.cards for b in card.buttons]
        assert len(buttons) == 4
        for card in title.cards:
            for button in card.buttons:
                assert button.rect.width >= button.natural_width(app.scale), (lang, button.key)
                assert card.rect.contains(button.rect), (lang, button.key)
        _check(app, f"{lang} title with matches in progress")
        from game.scenes.preset import TABLE_TAB, PresetScene

        for game in ("guandan", "runfast"):  # the Table tab: Resume, New match, House rules, Back
            tab = app.stack.push(PresetScene(app, app.presets[game], TABLE_TAB))
            app.tick(1 / 60)  # as opened from the title: no extra layout
            row = tab._row_buttons()
            assert len(row) == 4 and all(tab._card_rect.contains(b.rect) for b in row), lang
            assert all(b.rect.width >= b.natural_width(app.scale) for b in row), lang
            words_h = sum(image.get_height() for image, _below in tab._words())
            assert tab._card_rect.top + words_h < min(b.rect.top for b in row), lang
            _check(app, f"{lang} {game} table tab with a match in progress")
            app.stack.pop()
    finally:
        app.stack.clear()
        app.set_language("en")


def _table_at_result(app, preset: str):  # noqa: ANN001 - the table with its result panel open
    """A whole deal played (the player plays the hint) until the result panel is open."""
    import random

    from game.scenes.table import TableScene
    from game.table.controller import TableController

    controller = TableController(preset, seed=3, think_delay=0.0, threaded=False)
    scene = TableScene(app, preset, controller=controller)
    app.stack.clear()
    app.stack.push(scene)
    rng = random.Random(1)
    for _ in range(40000):
        scene.update(1 / 30)
        if scene.overlay == "result":
            return scene
        if controller.is_human_turn() and not scene.busy() and scene.overlay is None:
            controller.request_hint()
            controller.human_apply(controller.take_hint() or rng.choice(controller.human_options()))
    raise AssertionError(f"{preset}: no result panel")


def _check_result(app, lang: str, preset: str) -> None:  # noqa: ANN001
    scene = _table_at_result(app, preset)
    app.relayout()
    scene.update(0.0)
    controls = scene.controls()  # the result panel is up: only its buttons
    assert len(controls) >= 2 and all(n.startswith("overlay:") for n, _ in controls), preset
    squeezed = [b.key for b in scene.overlays.buttons if b.rect.width < b.natural_width(app.scale)]
    assert not squeezed, (lang, preset, squeezed)
    _check_more(app, f"{lang} {preset} result panel", controls, covered=True)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_result_panels_fit_800x600(small_app, lang):
    """The result panel's buttons (Next deal, New match, Menu) inside the window, unsqueezed,
    over nothing else: Run Fast and Dou Dizhu here, Guandan and Shengji in the slow suite."""
    app = small_app
    app.set_language(lang)
    try:
        for preset in ("runfast", "doudizhu"):
            _check_result(app, lang, preset)
    finally:
        app.stack.clear()
        app.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_result_panels_of_the_long_games_fit_800x600(small_app, lang):
    app = small_app
    app.set_language(lang)
    try:
        for preset in ("guandan", "shengji"):
            _check_result(app, lang, preset)
    finally:
        app.stack.clear()
        app.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "fa", "pl", "tr"])
def test_the_header_values_keep_their_size_at_800x600(small_app, lang, monkeypatch):
    """Issue 40: Shengji's "Not yet declared" beside the short label "Trump" was narrowed to the
    width kept for a value beside the longest label; a value now has its own row's room, so
    no header value of any game is drawn narrower than its words."""
    from game.scenes.table import TableScene
    from game.scenes.table.pen import TablePen
    from game.table.controller import TableController

    app = small_app
    app.set_language(lang)
    narrowed: list[str] = []
    draw_text = TablePen.text

    def spy(self, surface, value, size, color, pos, anchor="topleft", **kw):  # noqa: ANN001
        rect = draw_text(self, surface, value, size, color, pos, anchor, **kw)
        limit = kw.get("max_width")
        if kw.get("bold") and limit is not None:
            if text.size(value, self.layout.tu(size), bold=True)[0] > limit:
                narrowed.append(value)
        return rect

    monkeypatch.setattr(TablePen, "text", spy)
    try:
        for preset in ("shengji", "guandan", "runfast", "doudizhu"):
            controller = TableController(preset, seed=3, think_delay=0.0, threaded=False)
            scene = TableScene(app, preset, controller=controller)
            app.stack.clear()
            app.stack.push(scene)
            scene.update(1 / 30)
            header = scene.view.header_lines(scene.frame)
            scene.drawer._draw_header(pygame.Surface(app.size), scene.frame)
            values = {value for _, value, _ in header}
            assert values, preset
            assert not values & set(narrowed), (preset, values & set(narrowed))
    finally:
        app.stack.clear()
        app.set_language("en")
