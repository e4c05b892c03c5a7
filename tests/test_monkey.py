"""Monkey test (issue 10): the real App, headless, takes random mouse and keyboard input.

The dummy video driver, the real :class:`game.app.App` with its top bar, post-processing and
scene stack. A seeded stream of events — clicks, drags, wheel turns, key presses (Esc, Enter,
arrows, F10, F11, Tab, Space, P, H, S, L, N, letters), text input and window resizes from
320×200 to 3840×2160 — goes through ``App.handle_event`` and frames are drawn in between with
``App.tick``. Every so often the monkey jumps to another screen, first to each once in a
seeded order and then at random, so that all are covered: the title, each preset's Table and
Full rules tabs, each table (a fresh seed, played on by the AI for a random while first so the
deal is in various phases: declaring, burying, tribute and return, play, the result panel), and
the top bar's Game and Language menus.

Some jumps resume the saved match from the title (the monkey's own play at a table wrote it).

Nothing may raise, and nothing may be logged at ERROR level (the menus catch a failing table
and log it, which would otherwise hide a crash). A resume that fails — the title's "could not be
restored" or "could not be read" notice, or an autosave set aside — fails the run too: the
table catches it and goes on, which would otherwise hide a save that does not replay (issue 33).
When the monkey quits the game (Esc then Enter on the title), the run goes on from a new jump.
The full 20,000 events are ``slow``.

The end of the file checks hostile surroundings: no sound device, no display, a window made
tiny (320×200) by the window manager and a 4K window, on every screen.
"""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pygame
import pytest

from game import i18n, save
from game.app import App, parse_args
from game.scenes.preset import RULES_TAB, TABLE_TAB, PresetScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene

PRESETS = ("guandan", "shengji", "runfast")
KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_F10,
    pygame.K_F11,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_p,
    pygame.K_h,
    pygame.K_s,
    pygame.K_l,
    pygame.K_n,
    pygame.K_a,
    pygame.K_q,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_BACKSPACE,
]
SIZES = [(320, 200), (640, 360), (800, 600), (1280, 720), (1366, 768), (1920, 1080)]
BIG = (3840, 2160)
#: Events between two jumps to another screen (a random number up to this).
JUMP_EVERY = 400
MONKEY_EVENTS = 20_000
QUICK_EVENTS = 600
#: Notices that mean a saved match could not be resumed.
RESUME_FAILURES = ("title.resume_failed", "table.save_unreadable", "table.save_newer")


class Monkey:
    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.counts: Counter[str] = Counter()
        self.screens: Counter[str] = Counter()
        self.phases: Counter[str] = Counter()
        self.mouse = (10, 10)
        self.big_frames = 0
        # The first jumps visit every screen once, in a seeded order, so the coverage the slow
        # test checks does not hang on luck: the same seed does not always take the same path
        # (it missed a screen in one run and not in another), so random jumps alone may miss one.
        # A jump is (kind, preset or menu): 0 title, 1 Table tab, 2 Full rules tab, 3 a
        # table, 6 a top-bar menu, 8 resume the saved match from the title.
        self.tour: list[tuple[int, str | None]] = [(0, None), (6, "game"), (6, "language")]
        self.tour += [(kind, preset) for kind in (1, 2, 3) for preset in PRESETS]
        self.rng.shuffle(self.tour)

    # --- screens ---------------------------------------------------------------------------
    def jump(self) -> None:
        app, rng = self.app, self.rng
        app.running = True
        if app.topbar.menu:
            app.topbar.toggle_menu(app.topbar.menu)  # the same name again closes it
        app.stack.clear()
        title = app.stack.push(TitleScene(app))
        if self.tour:
            choice, name = self.tour.pop()
        else:
            choice, name = rng.randrange(9), None
        if choice == 0:
            self.screens["title"] += 1
        elif choice == 8:
            # The title offers the match the monkey left at a table (when it played there).
            if title.resume_buttons:
                title.resume_buttons[0].activate()
                assert isinstance(app.stack.top, TableScene), "the saved match did not resume"
                self.screens["resume"] += 1
            else:
                self.screens["title"] += 1
        elif choice in (1, 2):
            tab = TABLE_TAB if choice == 1 else RULES_TAB
            preset = name or rng.choice(PRESETS)
            scene = app.stack.push(PresetScene(app, app.presets[preset], tab))
            scene.set_tab(tab)
            self.screens[f"{preset}:{tab}"] += 1
        elif choice in (3, 4, 5):
            preset = name or rng.choice(PRESETS)
            app.stack.push(PresetScene(app, app.presets[preset]))
            table = app.stack.push(TableScene(app, preset, seed=rng.randrange(1, 10**6)))
            # Let the AI play the human seat for a while so the deal is in some later phase:
            # a number of frames, or until the result panel, or into the second deal (tribute
            # and return in Guandan, a known dealer in Shengji). The monkey may have slowed the
            # AI or the animations in the Game menu: fast again for this.
            app.settings.ai_delay_ms = 0
            app.settings.animation_speed = 100
            table.controller.autoplay = True
            goal = rng.choice([0, 5, 40, 150, 400, "result", "result", "second_deal"])
            for _ in range(goal if isinstance(goal, int) else 6000):
                if goal == "result" and table.overlay == "result":
                    break
                if goal == "second_deal" and table.controller.deal_index >= 1:
                    for _ in range(rng.choice([1, 10, 60])):
                        app.tick(0.05)
                    break
                app.tick(0.05)
            table.controller.autoplay = False
            self.screens[f"{preset}:playing"] += 1
            self.phases[f"{preset}:{table.state.phase}:{table.overlay}"] += 1
        else:
            menu = name or rng.choice(["game", "language"])
            app.topbar.toggle_menu(menu)
            self.screens[f"menu:{menu}"] += 1
        del title
        app.tick(1 / 60)

    # --- events ----------------------------------------------------------------------------
    def point(self) -> tuple[int, int]:
        width, height = self.app.size
        if self.rng.random() < 0.5:
            # Aim at something: a button or a card of the current screen when there is one.
            targets = self.targets()
            if targets:
                rect = self.rng.choice(targets)
                return (
                    self.rng.randint(rect.left, max(rect.left, rect.right - 1)),
                    self.rng.randint(rect.top, max(rect.top, rect.bottom - 1)),
                )
        return self.rng.randrange(width), self.rng.randrange(height)

    def targets(self) -> list[pygame.Rect]:
        rects: list[pygame.Rect] = []
        top = self.app.stack.top
        for control in self.app.topbar.controls + self.app.topbar.menu_controls:
            rect = getattr(control, "rect", None)
            if rect is not None:
                rects.append(pygame.Rect(rect))
        for name in ("buttons", "overlay_buttons"):
            found = getattr(top, name, None)
            # list screens offer their buttons by a method, the table by a list
            for button in (found() if callable(found) else found) or []:
                rects.append(pygame.Rect(button.rect))
        hand = getattr(top, "hand", None)
        if hand is not None and hasattr(hand, "positions"):
            rects += [pygame.Rect(r) for r in hand.positions()]
        for card in getattr(top, "cards", None) or []:
            rect = getattr(card, "rect", None)
            if rect is not None:
                rects.append(pygame.Rect(rect))
        return [r for r in rects if r.width > 0 and r.height > 0]

    def send(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            pygame.mouse.set_pos(event.pos)
        self.app.handle_event(event)

    def motion(self, pos: tuple[int, int], buttons=(0, 0, 0)) -> pygame.event.Event:
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)

    def one(self) -> int:
        """Send one random gesture; returns the number of events it made."""
        rng = self.rng
        kind = rng.choices(
            ["click", "drag", "move", "wheel", "key", "text", "resize", "rclick"],
            weights=[30, 6, 14, 8, 34, 2, 1, 2],
        )[0]
        self.counts[kind] += 1
        if kind in ("click", "rclick"):
            pos = self.point()
            button = 1 if kind == "click" else rng.choice([2, 3])
            self.send(self.motion(pos))
            self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
            return 3
        if kind == "drag":
            start, end = self.point(), self.point()
            self.send(self.motion(start))
            self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            steps = rng.randint(2, 6)
            for step in range(1, steps + 1):
                pos = (
                    start[0] + (end[0] - start[0]) * step // steps,
                    start[1] + (end[1] - start[1]) * step // steps,
                )
                self.send(self.motion(pos, (1, 0, 0)))
            self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            return steps + 3
        if kind == "move":
            self.send(self.motion(self.point()))
            return 1
        if kind == "wheel":
            self.send(self.motion(self.point()))
            dy = rng.choice([-3, -1, 1, 3])
            self.send(
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=dy,
                    flipped=False,
                    precise_x=0.0,
                    precise_y=float(dy),
                    touch=False,
                    which=0,
                )
            )
            return 2
        if kind == "key":
            code = rng.choice(KEYS)
            mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
            char = chr(code) if 32 <= code < 127 else ""
            down = dict(key=code, mod=mod, unicode=char, scancode=0)
            self.send(pygame.event.Event(pygame.KEYDOWN, down))
            self.send(pygame.event.Event(pygame.KEYUP, down))
            return 2
        if kind == "text":
            self.send(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "中", "ş", "۳"])))
            return 1
        size = BIG if rng.random() < 0.1 else rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.send(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        self.send(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        return 2

    def run(self, events: int) -> int:
        sent = 0
        next_jump = 0
        while sent < events:
            if sent >= next_jump or not self.app.running or not len(self.app.stack):
                if not self.app.running:
                    self.counts["quit"] += 1
                self.jump()
                next_jump = sent + self.rng.randint(50, JUMP_EVERY)
            for _ in range(self.rng.randint(1, 4)):
                sent += self.one()
                if not self.app.running:
                    break
            if self.app.running:
                self.app.tick(self.rng.choice([0.0, 1 / 120, 1 / 60, 1 / 20, 0.25]))
                if self.app.size == BIG:
                    self.big_frames += 1
                    if self.big_frames % 8 == 0:  # 4K frames are slow: do not stay long
                        pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
                        self.send(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))
            # pygame_gui posts its own events (slider moved, button pressed): deliver them.
            for event in pygame.event.get():
                if event.type != pygame.QUIT:
                    self.app.handle_event(event)
        return sent


def monkey_run(tmp_path, events: int, seed: int, caplog, monkeypatch) -> Monkey:
    caplog.set_level(logging.ERROR)
    # A user folder of its own: any autosave set aside here is the monkey's.
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    i18n.set_language("en")
    app = App(
        parse_args(["--windowed", "1280x720", "--seed", str(seed)]),
        settings_path=tmp_path / "settings.toml",
    )
    app.settings.ai_delay_ms = 0
    app.settings.animation_speed = 100
    notices: list[str] = []
    show = app.toast

    def toast(key: str, **params: object) -> None:
        notices.append(key)
        show(key, **params)

    app.toast = toast  # type: ignore[method-assign]  # a recording stand-in
    app.start()
    monkey = Monkey(app, seed)
    try:
        sent = monkey.run(events)
        assert sent >= events
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        failed = [key for key in notices if key in RESUME_FAILURES]
        assert not failed, f"a saved match did not resume: {failed}"
        set_aside = list(save.legacy_path().parent.glob("autosave*.broken-*"))
        assert not set_aside, f"an autosave was set aside: {set_aside}"
    finally:
        app.stack.clear()
        i18n.set_language("en")
        save.clear_autosave()
        pygame.display.set_mode((1280, 720))
    return monkey


def test_quick_monkey(tmp_path, caplog, monkeypatch):
    monkey = monkey_run(tmp_path, QUICK_EVENTS, seed=3, caplog=caplog, monkeypatch=monkeypatch)
    assert monkey.counts["click"] > 20 and monkey.counts["key"] > 20


def test_the_monkey_fails_on_a_failed_resume(tmp_path, caplog, monkeypatch):
    """The check bites: a saved match that does not replay stops the run."""
    import json

    from game import storage

    class ResumeFirst(Monkey):
        def __init__(self, app: App, seed: int) -> None:
            super().__init__(app, seed)
            self.tour = [(8, None)]

    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    illegal = {"seat": 0, "kind": "play", "cards": "2S"}  # not the opening play of this deal
    data = {"version": 1, "preset": "runfast", "seed": 12, "deals": [[illegal]]}
    storage.atomic_write_text(save.autosave_path("runfast"), json.dumps(data))
    monkeypatch.setattr(sys.modules[__name__], "Monkey", ResumeFirst)
    with pytest.raises(AssertionError, match="did not resume"):
        monkey_run(tmp_path, 40, seed=3, caplog=caplog, monkeypatch=monkeypatch)


@pytest.mark.slow
def test_monkey_20000_events(tmp_path, caplog, monkeypatch):
    monkey = monkey_run(tmp_path, MONKEY_EVENTS, seed=2026, caplog=caplog, monkeypatch=monkeypatch)
    print(f"\nmonkey gestures {dict(monkey.counts)}")
    print(f"monkey screens {dict(sorted(monkey.screens.items()))}")
    print(f"monkey table phases {dict(sorted(monkey.phases.items()))}")
    # Every screen and tab was visited.
    for preset in PRESETS:
        for where in (TABLE_TAB, RULES_TAB, "playing"):
            assert monkey.screens[f"{preset}:{where}"] > 0
    assert monkey.screens["title"] and monkey.screens["menu:game"]
    assert monkey.screens["menu:language"]
    assert any(":result" in phase for phase in monkey.phases), "a result panel was reached"
    assert monkey.screens["resume"] > 0, "a saved match was resumed"


# --- hostile surroundings --------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def run_game(
    tmp_path: Path, env: dict[str, str | None], *argv: str
) -> subprocess.CompletedProcess[str]:
    """``python -m game`` with no display server and ``env`` (None removes a variable)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environment["CARDAVIA_HOME"] = str(tmp_path / "home")
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return subprocess.run(
        [sys.executable, "-m", "game", *argv],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_no_sound_device_plays_silently_and_logs_it(tmp_path):
    run = run_game(
        tmp_path,
        {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no-such-audio-device"},
        *("--windowed", "640x360", "--preset", "runfast", "--autoplay", "--frames", "20"),
    )
    assert run.returncode == 0, run.stderr
    log_text = (tmp_path / "home" / "data" / "cardavia.log").read_text(encoding="utf-8")
    assert "audio unavailable" in log_text


def test_no_display_runs_unattended_off_screen_and_tells_a_person_why(tmp_path):
    # No X server, no Wayland and SDL left to pick its driver: what a bare server has.
    no_display = {"SDL_VIDEODRIVER": None, "SDL_AUDIODRIVER": "dummy"}
    unattended = run_game(tmp_path, no_display, "--windowed", "640x360", "--frames", "5")
    assert unattended.returncode == 0, unattended.stderr
    person = run_game(tmp_path, no_display, "--windowed", "640x360")
    assert person.returncode == 1
    assert "cannot open a window" in person.stderr
    assert not list((tmp_path / "home" / "data").glob("crashes/*")), "not a crash"


def test_a_window_too_small_on_the_command_line_is_raised_clearly(tmp_path, capsys):
    """Issue 26: below the smallest arrangement (800×600, text at 12 px) the window opens
    at that size, and says so; a size that is not one is refused."""
    app = App(parse_args(["--windowed", "320x700"]), settings_path=tmp_path / "s.toml")
    try:
        assert app.size == (800, 700)
        said = capsys.readouterr().err
        assert "320x700" in said and "800x700" in said
    finally:
        pygame.display.set_mode((1280, 720))
    with pytest.raises(SystemExit) as stop:
        parse_args(["--windowed", "0x200"])
    assert stop.value.code == 2


def every_screen(app: App, frames: int = 3, table_ticks: int = 300) -> list[str]:
    """Visit the title, each preset's two tabs and table (a few phases), and the menus."""
    seen = []

    def draw(name: str) -> None:
        for _ in range(frames):
            app.tick(1 / 30)
        seen.append(name)

    app.stack.clear()
    app.stack.push(TitleScene(app))
    draw("title")
    for menu in ("game", "language"):
        app.topbar.toggle_menu(menu)
        draw(f"menu:{menu}")
        app.topbar.toggle_menu(menu)
    for preset in PRESETS:
        scene = app.stack.push(PresetScene(app, app.presets[preset]))
        draw(f"{preset}:table_tab")
        scene.set_tab(RULES_TAB)
        draw(f"{preset}:rules_tab")
        table = app.stack.push(TableScene(app, preset, seed=11))
        table.controller.autoplay = True
        phases = set()
        for _ in range(table_ticks):
            app.tick(0.05)
            phases.add((table.state.phase, table.overlay))
            if table.overlay == "result":
                break
        draw(f"{preset}:table:{sorted(phases, key=str)}")
        app.stack.pop()
        app.stack.pop()
    return seen


@pytest.mark.parametrize("size", [(320, 200), (3840, 2160)])
def test_every_screen_runs_in_a_tiny_and_a_4k_window(tmp_path, size):
    save.clear_autosave()
    app = App(parse_args(["--windowed", "1280x720"]), settings_path=tmp_path / "s.toml")
    app.settings.ai_delay_ms = 0
    app.settings.animation_speed = 100
    app.start()
    try:
        # The window manager (or the player) gives the window another size.
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        # A window below the smallest arrangement is held at it (issue 26).
        size = (max(size[0], 800), max(size[1], 600))
        assert app.size == size and app.scale == pytest.approx(min(size[0] / 1920, size[1] / 1080))
        # 4K frames cost ~10x more: a shorter run of each table there.
        seen = every_screen(app, table_ticks=300 if size[0] < 1000 else 60)
        assert len(seen) == 1 + 2 + 3 * 3
        assert app.running and app.screen.get_size() == size
    finally:
        app.stack.clear()
        save.clear_autosave()
        i18n.set_language("en")
        pygame.display.set_mode((1280, 720))
