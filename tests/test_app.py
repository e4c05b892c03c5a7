"""The app shell: command line, top bar sliders and menus, language switch, presets, window."""

from __future__ import annotations

import dataclasses
import json
import tomllib

import pygame
import pytest

from game import i18n
from game import settings as settings_mod
from game.app import App, parse_args
from game.launch import main
from game.paths import games_dir, preset_files
from game.scenes.preset import PresetError, load_presets, read_preset
from game.scenes.title import TitleScene


@pytest.fixture(autouse=True)
def _still_title(monkeypatch):
    """The title's fans and shimmer hold still here, so a changed frame means a changed
    setting (tests/test_title_motion.py covers the motion)."""
    monkeypatch.setattr(TitleScene, "update", lambda self, dt: None)


def send(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        app.handle_event(event)
    app.tick(1 / 60)
    # pygame_gui posts its own events (slider moved …) to the queue: deliver them.
    for event in pygame.event.get():
        app.handle_event(event)


def key(app: App, code: int, mod: int = 0) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    send(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def frame_bytes(app: App) -> bytes:
    app.tick(1 / 60)
    return pygame.image.tobytes(app.screen, "RGB")


def control(app: App, name: str):
    return next(c for c in app.topbar.controls + app.topbar.menu_controls if c.name == name)


# --- sliders --------------------------------------------------------------------------------


def test_dragging_a_slider_changes_the_setting_and_the_frame(app):
    neutral = frame_bytes(app)
    assert frame_bytes(app) == neutral  # the title held still at 50 %
    slider = app.topbar.sliders["contrast"]
    start = slider.sliding_button.rect.center
    pygame.mouse.set_pos(start)
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for dx in range(10, 60, 10):
        pos = (start[0] + dx, start[1])
        pygame.mouse.set_pos(pos)
        send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(10, 0), buttons=(1, 0, 0)))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert app.settings.contrast > 50
    assert frame_bytes(app) != neutral


@pytest.mark.parametrize("name", ["contrast", "grain", "temperature"])
def test_clicking_a_slider_track_sets_that_value(app, name):
    rect = control(app, name).rect
    click(app, (rect.left + 2, rect.centery))
    assert getattr(app.settings, name) <= 5
    click(app, (rect.right - 2, rect.centery))
    assert getattr(app.settings, name) >= 95
    assert app.topbar.sliders[name].get_current_value() == getattr(app.settings, name)


def bar_focus_on(app: App, name: str) -> None:
    """F10, then Up out of the Game menu onto the bar, then Tab to the control ``name``."""
    key(app, pygame.K_F10)
    key(app, pygame.K_UP)
    names = [c.name for c in app.topbar.controls]
    focus = app.topbar.focus
    assert focus is not None
    for _ in range((names.index(name) - focus) % len(names)):
        key(app, pygame.K_TAB)
    focus = app.topbar.focus
    assert focus is not None and app.topbar.controls[focus].name == name


def test_f10_opens_the_settings_menu_with_focus_and_esc_closes_it(app):
    """Issue 40: F10 opens the Game menu (the settings) with the keyboard on its first control;
    Enter there changes that setting; Esc closes it and gives the keys back to the title."""
    key(app, pygame.K_F10)
    bar = app.topbar
    assert bar.menu == "game" and bar.menu_focus == 0
    first = bar.menu_controls[0]
    assert first.button is None or first.button.focused
    assert all(not c.button.focused for c in bar.menu_controls[1:] if c.button is not None)
    if first.choice is not None:  # a segment (the AI level): Enter picks it
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        assert getattr(app.settings, first.spec.key) == bar.menu_controls[1].choice
    key(app, pygame.K_ESCAPE)
    assert bar.menu is None and not bar.has_focus and isinstance(app.stack.top, TitleScene)
    key(app, pygame.K_F10)
    key(app, pygame.K_F10)  # F10 again closes it too
    assert bar.menu is None and not bar.has_focus


def test_keyboard_reaches_the_top_bar_and_adjusts_sliders(app):
    neutral = frame_bytes(app)
    bar_focus_on(app, "contrast")
    assert app.topbar.menu is None and app.topbar.has_focus
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.contrast == 60
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert app.settings.grain == 5
    assert frame_bytes(app) != neutral
    key(app, pygame.K_ESCAPE)  # leaves the bar; the title does not see it
    assert not app.topbar.has_focus and isinstance(app.stack.top, TitleScene)


def test_settings_are_saved_and_come_back(app, tmp_path):
    bar_focus_on(app, "contrast")
    key(app, pygame.K_RIGHT)
    app.save_settings()
    loaded, notice = settings_mod.load(tmp_path / "settings.toml")
    assert notice is None and loaded.contrast == 55


def test_game_menu_sets_ai_level_speed_delay_and_four_colours(app):
    click(app, control(app, "game").rect.center)
    assert app.topbar.menu == "game"
    click(app, control(app, "ai_level.hard").rect.center)
    assert app.settings.ai_level == "hard"
    click(app, control(app, "four_colour").rect.center)
    assert app.settings.four_colour
    speed = control(app, "animation_speed").rect
    click(app, (speed.right - 1, speed.centery))
    assert app.settings.animation_speed == 100 and app.anim_factor() == 4.0
    delay = control(app, "ai_delay_ms").rect
    click(app, (delay.left + 1, delay.centery))
    assert app.settings.ai_delay_ms == 0
    click(app, (5, app.size[1] - 5))  # a click outside closes the menu
    assert app.topbar.menu is None


def test_language_menu_switches_and_mirrors_at_once(app):
    relayouts: list[int] = []
    title = app.stack.top
    original = title.relayout

    def relayout() -> None:
        relayouts.append(1)
        original()

    title.relayout = relayout
    english_button = control(app, "language").rect
    assert english_button.centerx > app.size[0] // 2
    click(app, english_button.center)
    assert app.topbar.menu == "language"
    click(app, control(app, "lang.fa").rect.center)
    assert i18n.language() == "fa" and app.settings.language == "fa"
    assert relayouts, "a language change lays the scenes out again"
    # Right to left: the language button now sits on the left half.
    assert control(app, "language").rect.centerx < app.size[0] // 2
    app.set_language("en")


def test_each_language_is_listed_by_its_own_name(app):
    click(app, control(app, "language").rect.center)
    labels = [c.button.text() for c in app.topbar.menu_controls]
    assert labels == [i18n.language_name(code) for code in i18n.LANGUAGES]
    assert labels[:2] == ["English", "中文"] and labels[-1] == "العربية"  # each header's name


# --- window ---------------------------------------------------------------------------------


def test_f11_toggles_full_screen_and_back(app):
    assert not app.fullscreen
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)


@pytest.mark.parametrize(
    ("size", "scale"),
    [((1280, 720), 2 / 3), ((1920, 1080), 1.0), ((3840, 2160), 2.0), ((1280, 1024), 2 / 3)],
)
def test_resize_rescales_the_layout(app, size, scale):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    send(app, pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    assert app.scale == pytest.approx(scale)
    assert app.topbar.height == round(56 * scale)
    assert all(c.rect.right <= size[0] and c.rect.left >= 0 for c in app.topbar.controls)
    title = app.stack.top
    assert all(card.rect.right <= size[0] for card in title.cards)


def test_corrupt_settings_start_with_defaults_and_a_notice(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"contrast = [[[")
    game = App(parse_args(["--windowed", "1280x720"]), settings_path=path)
    assert game.settings == settings_mod.Settings()
    assert [toast[0] for toast in game.notices.shown] == [settings_mod.RESET_NOTICE]
    assert list(tmp_path.glob("settings.toml.broken-*"))


# --- command line ---------------------------------------------------------------------------


def test_parse_args_reads_every_flag(tmp_path):
    args = parse_args(
        "--preset runfast --lang zh --windowed 1600x900 --seed 7 --autoplay --frames 5 "
        f"--screenshot {tmp_path / 'x.png'} --max-fps 0 --stats".split()
    )
    assert (args.preset, args.lang, args.windowed, args.seed) == ("runfast", "zh", (1600, 900), 7)
    assert args.autoplay and args.frames == 5 and args.max_fps == 0 and args.stats


@pytest.mark.parametrize("bad", [["--windowed", "big"], ["--windowed", "0x100"], ["--lang", "xx"]])
def test_bad_flags_are_usage_errors(bad):
    with pytest.raises(SystemExit) as stop:
        parse_args(bad)
    assert stop.value.code == 2


def test_main_runs_frames_saves_a_screenshot_and_prints_stats(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    shot = tmp_path / "shot.png"
    code = main(
        [
            "--windowed",
            "1280x720",
            "--frames",
            "5",
            "--max-fps",
            "0",
            "--screenshot",
            str(shot),
            "--stats",
        ]
    )
    assert code == 0
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert stats["frames"] == 5
    assert stats["frame_ms_median"] > 0 and stats["frame_ms_p95"] >= stats["frame_ms_median"]
    assert stats["startup_ms"] > 0
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    assert (
        len({tuple(picture.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)})
        > 10
    )
    i18n.set_language("en")


def test_main_rejects_an_unknown_preset(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))
    assert main(["--windowed", "1280x720", "--preset", "poker"]) == 2
    assert "poker" in capsys.readouterr().err
    i18n.set_language("en")


def test_lang_flag_applies_to_the_run_only(tmp_path):
    game = App(
        parse_args(["--windowed", "1280x720", "--lang", "hu"]), settings_path=tmp_path / "s.toml"
    )
    assert i18n.language() == "hu" and game.settings.language == "en"
    i18n.set_language("en")


# --- presets --------------------------------------------------------------------------------


def test_every_preset_file_loads_with_its_strings_and_rules_module():
    import importlib.util

    files = preset_files()
    presets = load_presets()
    assert [p.id for p in presets.values()] == ["guandan", "shengji", "runfast", "doudizhu"]
    assert len(files) == len(presets)
    english = i18n.catalog("en")
    for preset in presets.values():
        for key in (
            preset.name_key,
            preset.line_key,
            preset.tagline_key,
            preset.rules_title_key,
            *(f"rules.{preset.id}.{key}" for key in preset.rules if not key.startswith("@")),
        ):
            assert key in english, key
        assert importlib.util.find_spec(preset.game.rules_path) is not None
    assert presets["runfast"].seats == 3 and presets["guandan"].seats == 4  # R1.1, G1.1


def write_preset(folder, name, **changes):
    data = tomllib.loads((games_dir() / "guandan" / "preset.toml").read_text(encoding="utf-8"))
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    lines = []
    for k, v in data.items():
        if isinstance(v, dict | list):  # tables, and the rules' order naming the pictures
            continue
        lines.append(f"{k} = {json.dumps(v)}")
    path = folder / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"id": None}, "missing 'id'"),
        ({"tagline": 4}, "'tagline' must be str"),
        ({"id": "other"}, "differs from the file name"),
        ({"seats": 4}, "unknown field 'seats'"),
        ({"showcase": "ZZ"}, "not a card"),
    ],
)
def test_bad_preset_files_are_refused_with_a_reason(tmp_path, changes, message):
    if changes.get("id") is None and "id" in changes:
        path = write_preset(tmp_path, "guandan", **changes)
    else:
        path = write_preset(tmp_path, "guandan", **changes)
    with pytest.raises(PresetError, match=message):
        read_preset(path)
    assert load_presets(tmp_path) == {}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("straight_flush_as_straight = true\na_level_tries = 3", None),  # VG1, VG3
        ("no_such_rule = true", "'no_such_rule' is not an option of guandan"),
        ("a_level_tries = 2", "option 'a_level_tries' must be one of"),
        ("return_excludes_level = 1", "option 'return_excludes_level' must be one of"),
    ],
)
def test_preset_option_defaults_follow_the_games_schema(tmp_path, options, message):
    path = write_preset(tmp_path, "guandan")
    path.write_text(path.read_text(encoding="utf-8") + f"[options]\n{options}\n", "utf-8")
    if message is None:
        assert read_preset(path).options == {"straight_flush_as_straight": True, "a_level_tries": 3}
    else:
        with pytest.raises(PresetError, match=message):
            read_preset(path)


def test_a_preset_needs_a_registered_game(tmp_path):
    path = write_preset(tmp_path, "mini", id="mini")
    with pytest.raises(PresetError, match="unknown game 'mini'"):
        read_preset(path)
    from game import registry

    spec = registry.register(dataclasses.replace(registry.get("runfast"), id="mini"))
    try:
        write_preset(tmp_path, "guandan")
        presets = load_presets(tmp_path)
        assert list(presets) == ["guandan", "mini"]  # the registry's order
        assert presets["mini"].game is spec and presets["mini"].seats == 3
    finally:
        registry.unregister("mini")


def test_no_sound_device_is_not_fatal(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert App.init_audio() is False


def test_a_notice_shows_for_a_while_then_goes(app):
    app.toast("settings.reset_notice")
    before = frame_bytes(app)
    app.notices.shown[0][3] = 0.01
    assert frame_bytes(app) != before
    assert app.notices.shown == []


def test_sliders_run_right_to_left_in_persian(app):
    app.set_language("fa")
    app.tick(1 / 60)
    rect = control(app, "contrast").rect
    click(app, (rect.right - 2, rect.centery))
    assert app.settings.contrast <= 5
    click(app, (rect.left + 2, rect.centery))
    assert app.settings.contrast >= 95
    # The wheel is not a direction of writing: down is less in every language.
    before = app.settings.contrast
    pygame.mouse.set_pos(rect.center)
    send(
        app,
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0
        ),
    )
    assert app.settings.contrast == before - 5
    app.set_language("en")


def test_language_by_keyboard_only(app):
    bar_focus_on(app, "language")
    key(app, pygame.K_RETURN)
    assert app.topbar.menu == "language"
    for _ in range(i18n.LANGUAGES.index("pl")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert i18n.language() == "pl" and app.topbar.menu is None
    key(app, pygame.K_F10)
    assert not app.topbar.has_focus
    app.set_language("en")


def test_no_display_is_a_clear_message_not_a_traceback(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path))

    def no_display(self):
        raise pygame.error("No available video device")

    monkeypatch.setattr(App, "_open_window", no_display)
    assert main(["--windowed", "1280x720"]) == 1
    assert "cannot open a window" in capsys.readouterr().err
    i18n.set_language("en")


# --- still frames (issue 30) ----------------------------------------------------------------


class StillScene(TitleScene):
    """The title screen reporting itself still, with a key the test changes."""

    key: object = 1
    film = True  # graded like the table, so the kept graded picture is what is tested

    def still_key(self) -> object:
        return self.key


def test_a_still_picture_is_not_drawn_again_until_it_changes(app, monkeypatch):
    scene = StillScene(app)
    app.stack.push(scene)
    draws = []
    real_draw = app.frames.draw

    def draw(surface: pygame.Surface, **kw: bool) -> None:
        draws.append(kw)
        real_draw(surface, **kw)

    monkeypatch.setattr(app.frames, "draw", draw)
    app.frames.input_until = 0.0
    app.tick(1 / 60, only_changes=True)
    app.tick(1 / 60, only_changes=True)  # settled: drawn once more, graded picture kept
    assert draws[-1] == {"keep": True}
    count = len(draws)
    for _ in range(12):
        app.tick(1 / 60, only_changes=True)
    assert len(draws) == count  # only the grain moved
    scene.key = 2  # the picture changed
    app.tick(1 / 60, only_changes=True)
    assert len(draws) == count + 1
    # Input: no whole frame (the keys hold what input changes, issue 54), a strip each frame.
    app.note_input()
    strips = app.frame_kinds["places"]
    app.tick(1 / 60, only_changes=True)
    app.tick(1 / 60, only_changes=True)
    assert len(draws) == count + 1
    assert app.frame_kinds["places"] == strips + 2
    app.tick(1 / 60)  # the tests' own tick always draws
    assert len(draws) == count + 2


def test_a_moving_scene_is_drawn_every_frame(app, monkeypatch):
    draws = []
    real_draw = app.frames.draw

    def draw(surface: pygame.Surface, **kw: bool) -> None:
        draws.append(kw)
        real_draw(surface, **kw)

    monkeypatch.setattr(app.frames, "draw", draw)
    app.frames.input_until = 0.0
    for _ in range(5):
        app.tick(1 / 60, only_changes=True)
    assert draws == [{"keep": False}] * 5  # the title has no still_key: it always moves


def test_the_film_look_grades_the_table_only_not_the_bar_or_menus(app):
    """Issue 26 point 4: the film look applies to the table below the top bar; the bar (whose
    sliders undo it) and the menus are drawn as they are."""
    from game.scenes.table import TableScene

    assert app.frames.film_area(app.screen) is None  # the title: a menu
    app.stack.push(TableScene(app, "runfast", seed=3))
    app.tick(1 / 60)
    area = app.frames.film_area(app.screen)
    assert area is not None and area.get_abs_offset() == (0, app.topbar_height)
    corner = pygame.Rect(0, 0, 240, app.topbar_height)  # the screen's name, left of the sliders

    def shot() -> tuple[bytes, bytes]:
        app.draw(app.screen)
        bar = pygame.image.tobytes(app.screen.subsurface(corner), "RGB")
        table = pygame.image.tobytes(app.screen.subsurface((0, 300, 400, 200)), "RGB")
        return bar, table

    neutral = shot()
    for value in (0, 100):
        app.settings.contrast = value
        graded = shot()
        assert graded[0] == neutral[0]  # the bar untouched
        assert graded[1] != neutral[1]  # the felt graded
    app.settings.contrast = 50


@pytest.mark.parametrize("contrast", [0, 100])
def test_the_film_look_extremes_keep_dark_text_on_a_card_readable(contrast):
    """Issue 26 point 4: at 0 % and 100 % a card's black ink and white paper stay far apart
    (legible), while the look is still strong."""
    from game.postfx import PostFX

    frame = pygame.Surface((64, 64))
    frame.fill((245, 240, 230))  # card paper
    frame.fill((30, 30, 30), pygame.Rect(0, 0, 32, 64))  # ink
    fx = PostFX(seed=1)
    fx.apply(frame, contrast, 100, 50)
    ink = sum(frame.get_at((16, 32))[:3]) / 3
    paper = sum(frame.get_at((48, 32))[:3]) / 3
    assert paper - ink > 120
