"""The app shell: the running game, its scene stack, top bar, settings, notices and
post-processing (the window itself is :mod:`game.window`; the process and its frame loop,
:func:`game.launch.main` and :func:`game.launch.run`).

Each frame: events go to the top bar first (it owns F10 and its menus and sliders), then to
the top scene; Esc that nobody used goes back (``scene.go_back()``), F11 toggles full screen.
Scenes advance in fixed steps of 1/120 s (at most 12 per frame, so a stall does not snowball);
then the visible scenes draw; over a film screen (the table) post-processing grades its table
(``draw_film``) and then its panels (``draw_over``), the screens above it, the top bar, its
menus and any notice are drawn as they are; and the frame is shown. A frame whose picture did not change is not drawn
again: when every visible scene reports the same ``still_key()`` (None: something moves), no
input came for 1.5 s and the last full draw is under 0.5 s old, only the film grain is put anew
over the kept graded picture (PostFX.regrain), and an unchanged frame is not flipped. The
drawing of frames is :class:`game.frames.FramePresenter` (``app.frames``); the window's
smallest size, its icon and the process age are in :mod:`game.startup`.

Choices where the spec is silent:
- ``--lang`` and ``--windowed`` apply to this run only; they are not written to the settings
  (changing the language or full screen in the game is).
- ``--autoplay`` also sets ``app.quit_when_done``: the table quits once the match is over.
- The window's own choices (no display, the scale, the smallest size) are in
  :mod:`game.window`.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment set-up above)

from game import crashlog, i18n, paths, save, storage, window  # noqa: E402
from game import settings as settings_mod  # noqa: E402
from game.audio import Audio  # noqa: E402
from game.cli import parse_args  # noqa: E402
from game.frames import FramePresenter  # noqa: E402
from game.history import db as history_db  # noqa: E402
from game.history.writer import HistoryWriter  # noqa: E402
from game.notices import Notices  # noqa: E402
from game.postfx import PostFX  # noqa: E402
from game.scenes.base import SceneStack  # noqa: E402
from game.startup import at_least_minimum  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Screen

log = logging.getLogger(__name__)

#: Fixed simulation step (seconds) and the most steps run for one frame.
STEP = 1.0 / 120.0
MAX_STEPS = 12
#: Locale key of the notice shown once when the settings cannot be written.
SETTINGS_NOT_SAVED = "settings.not_saved"


class App:
    """The running game: window, settings, scene stack, top bar and post-processing.

    Scenes and widgets see it as :class:`game.services.Services` (what they may use of it).
    """

    #: Time not yet stepped by :meth:`tick` (fixed steps of STEP seconds).
    _accumulator = 0.0

    def __init__(
        self, args: argparse.Namespace | None = None, *, settings_path: Path | None = None
    ) -> None:
        self.args = args or parse_args([])
        self.settings_path = settings_path
        # Leftovers of writes killed midway go first; failed-save notices start afresh.
        storage.remove_stale_temp_files(paths.config_dir(), paths.data_dir(), crashlog.crash_dir())
        storage.reset_write_notices()
        self.settings, notice = settings_mod.load(settings_path)
        self.autoplay: bool = bool(self.args.autoplay)
        self.seed: int | None = self.args.seed
        #: With --autoplay the table quits the game once the match is over (unattended runs).
        self.quit_when_done: bool = self.autoplay
        i18n.set_language(self.args.lang or self.settings.language)
        self.fullscreen = self.settings.fullscreen and self.args.windowed is None
        self.windowed_size: tuple[int, int] = at_least_minimum(
            self.args.windowed or (self.settings.window_width, self.settings.window_height)
        )
        if self.args.windowed and self.windowed_size != tuple(self.args.windowed):
            asked = "x".join(str(v) for v in self.args.windowed)
            size = "x".join(str(v) for v in self.windowed_size)
            print(
                f"cardavia: {i18n.tr('app.window_raised', asked=asked, size=size)}", file=sys.stderr
            )
        self.running = True
        self.exit_code = 0
        self._dirty_since: float | None = None
        self.notices = Notices()
        self._bar_scene: Screen | None = None
        self._layout_size: tuple[int, int] = (0, 0)
        # Frames: whole, or only where the picture changed (game/frames.py).
        self.frames = FramePresenter(self)
        #: The deal-end service: finished deals are written by its thread (game.history.writer).
        self.history = HistoryWriter()

        window.init_display(unattended=bool(self.args.frames))
        self.screen = window.first_window(self._open_window, unattended=bool(self.args.frames))
        self.postfx = PostFX(seed=self.seed or 0)
        self.audio = Audio()
        self.stack = SceneStack()
        from game.scenes.preset import load_presets
        from game.widgets.topbar import TopBar

        self.presets = load_presets()
        self.topbar = TopBar(self)
        self.postfx.set_scale(self.scale)
        self._layout_size = self.size
        if notice:
            self.toast(notice)

    @staticmethod
    def init_audio() -> bool:
        """Open the sound device; False (and a silent game) when there is none."""
        try:
            pygame.mixer.init()
            return True
        except pygame.error as error:
            log.info("audio unavailable: %s", error)
            return False

    # --- window ------------------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        return window.open_window(self.fullscreen, self.windowed_size)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return window.layout_scale(self.size)

    @property
    def topbar_height(self) -> int:
        return self.topbar.height

    @property
    def menu_open(self) -> bool:
        return self.topbar.menu is not None

    def toggle_fullscreen(self) -> None:
        """F11 and the top bar's switch: full screen at the desktop size, or the window."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.screen = self._open_window()
        self._mark_dirty()
        self.on_resize()

    def on_resize(self) -> None:
        surface = window.resized_surface(self.fullscreen)
        if surface is not None:
            self.screen = surface
        # Card images are cached per size: drop the old sizes rather than keep them all.
        from game.widgets import cards as card_art

        card_art.clear_cache()
        if not self.fullscreen:
            self.windowed_size = self.size
            self.settings.window_width, self.settings.window_height = self.size
            self._mark_dirty()
        self.relayout()

    def relayout(self) -> None:
        """Lay everything out again (size, scale or language changed)."""
        self._layout_size = self.size
        self.postfx.set_scale(self.scale)
        self.topbar.relayout()
        self.stack.relayout()
        self.notices.relayout()

    # --- settings ----------------------------------------------------------------------------

    def anim_factor(self) -> float:
        return self.settings.animation_factor()

    def set_setting(self, name: str, value: object) -> None:
        """Change one setting live; it is saved shortly after (and at exit)."""
        spec = settings_mod.spec(name)
        if getattr(self.settings, name) == value:
            return
        setattr(self.settings, name, value)
        settings_mod.normalised(self.settings)
        self._mark_dirty()
        if spec.relayout:
            self.stack.relayout()

    def set_language(self, code: str) -> None:
        """Switch the language now: every scene and the top bar lay out again at once."""
        i18n.set_language(code)
        self.settings.language = i18n.language()
        self._mark_dirty()
        pygame.display.set_caption(i18n.tr("app.name"))
        self.relayout()

    def _mark_dirty(self) -> None:
        if self._dirty_since is None:
            self._dirty_since = time.monotonic()

    def save_settings(self) -> None:
        self._dirty_since = None
        path = self.settings_path or settings_mod.default_path()
        ok = settings_mod.save(self.settings, path)
        storage.note_write(SETTINGS_NOT_SAVED, ok, path.parent)

    # --- notices -----------------------------------------------------------------------------

    def toast(self, key: str, **params: object) -> None:
        """Show a notice from the locale under the top bar for a few seconds."""
        self.notices.add(key, **params)

    @property
    def notices_shown(self) -> bool:
        """Whether a notice is on screen."""
        return bool(self.notices.shown)

    def draw_notices(self, surface: pygame.Surface) -> None:
        """The notices under the top bar, newest lowest."""
        self.notices.draw(surface, self.size, self.scale, self.topbar_height)

    # --- loop --------------------------------------------------------------------------------

    def quit(self) -> None:
        self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            # Both events come for one resize (and after a mode switch): lay out once per size.
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self._layout_size:
                self.on_resize()
            return

        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.topbar.handle_event(event):
            return
        if self.stack.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            top = self.stack.top
            if top is not None:
                top.go_back()
            if not len(self.stack):
                self.quit()

    def update(self, dt: float) -> None:
        self.stack.update(dt)

    def draw(self, surface: pygame.Surface, *, keep: bool = False) -> None:
        """Draw one whole frame (see :meth:`game.frames.FramePresenter.draw`)."""
        self.frames.draw(surface, keep=keep)

    @property
    def frame_kinds(self) -> Counter[str]:
        """How the frame loop's frames were made (see :class:`game.frames.FramePresenter`)."""
        return self.frames.frame_kinds

    def note_input(self) -> None:
        """Input arrived (see :meth:`game.frames.FramePresenter.note_input`)."""
        self.frames.note_input()

    def tick(self, dt: float, *, only_changes: bool = False) -> None:
        """Everything but the events for one frame of ``dt`` seconds (tests call it too).
        ``only_changes`` (the frame loop) skips drawing a picture that did not change."""
        self._accumulator += dt
        steps = 0
        while self._accumulator >= STEP and steps < MAX_STEPS:
            self.update(STEP)
            self._accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self._accumulator = 0.0
        self.topbar.update(dt)
        self.postfx.update(dt)
        self._update_audio(dt)
        self.notices.update(dt)
        if self._dirty_since is not None and time.monotonic() - self._dirty_since > 1.0:
            self.save_settings()
        for key, params in storage.take_notices():  # a save that stopped working: say so once
            self.toast(key, **params)
        if not len(self.stack):
            self.quit()
            return
        if self.stack.top is not self._bar_scene:
            # A new screen: the bar's back button and title follow the top scene.
            self._bar_scene = self.stack.top
            self.topbar.relayout()
        if only_changes:
            self.frames.draw_if_changed()
        else:
            self.frames.draw_whole()

    def present(self) -> None:
        """Show the frame drawn by :meth:`tick` (an unchanged frame is not sent again)."""
        self.frames.present()

    def handle_events(self) -> None:
        """Every waiting event; any of them means the picture may change."""
        events = pygame.event.get()
        if events:
            self.note_input()
        for event in events:
            self.handle_event(event)

    def frame(self, dt: float) -> None:
        """One whole frame of the loop: events, :meth:`tick` and :meth:`present` (benchmarks)."""
        self.handle_events()
        if self.running:
            self.tick(dt, only_changes=True)
        if self.running:
            self.present()

    def _update_audio(self, dt: float) -> None:
        """Volumes from the settings, the music of the topmost screen that has one."""
        self.audio.configure(
            self.settings.effects_volume, self.settings.music_volume, self.settings.mute
        )
        music = next((s.music for s in reversed(list(self.stack)) if s.music), None)
        self.audio.set_music(music)
        self.audio.update(dt)

    def shut_down(self) -> None:
        """The frame loop is over: the screens go, the settings and the history are written."""
        self.stack.clear()
        if self._dirty_since is not None:
            self.save_settings()
        self.history.close()  # the writer finishes its queue (at most a few seconds)
        history_db.close_shared()  # folds the write-ahead log into the file

    # --- start -------------------------------------------------------------------------------

    def start(self) -> None:
        """Push the first scenes: the title, and the preset's table when ``--preset`` asks."""
        from game.scenes.opening import open_table
        from game.scenes.title import TitleScene

        # The writer opens the history off the frame loop; deals kept last time go in then.
        self.history.start()
        self.stack.push(TitleScene(self))
        if self.args.preset:
            # A match in progress is resumed, as the title card's Resume does: a new match over
            # it only through the confirmation (issue 57). An --autoplay run never saves.
            preset = self.presets[self.args.preset]
            resume = not self.autoplay and save.has_autosave(preset.id)
            if not resume or open_table(self, preset, resume=True) is None:
                open_table(self, preset)


__all__ = ["App", "parse_args"]
