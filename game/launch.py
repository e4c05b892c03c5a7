"""The game as a process: :func:`main` (the command line, the crash log, the exit code) and
:func:`run`, the frame loop of the :class:`~game.app.App` it opens.

``python -m game`` and the ``cardavia`` console script both call :func:`main` (through
``game/__main__.py``). Flags (see shared/spec/tools.md): ``--preset NAME --lang CODE
--windowed WxH --seed N --autoplay --frames N --screenshot PATH --max-fps N --stats``.

Each frame of the loop handles the events, steps the scenes and draws what changed
(:meth:`App.tick <game.app.App.tick>`), then shows it; sound starts after the first picture so
it does not delay it.

Choices where the spec is silent:
- ``frame_ms_*`` in ``--stats`` time the work of a frame (events, updates, drawing,
  post-processing and the flip), not the idle wait of the frame cap; the first frame (start-up)
  is left out. ``startup_ms`` runs from the process start (Linux: from /proc; elsewhere from
  the import of this module) to the first frame on screen.
- ``--frames N`` stops after N frames; ``--screenshot`` then saves the last one. ``--preset``
  with an unknown (or empty) name is a usage error (exit 2); a game with a match in progress
  opens that match, as its title card's Resume does (issue 57).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

_IMPORTED_AT = time.perf_counter()

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment set-up above)

from game import crashlog, i18n  # noqa: E402
from game.app import App  # noqa: E402
from game.cli import parse_args  # noqa: E402
from game.startup import frame_stats, process_age_s, save_screenshot  # noqa: E402


def run(app: App) -> int:
    """The frame loop of ``app`` (see the module docstring); returns the exit code."""
    clock = pygame.time.Clock()
    frame_times: list[float] = []
    startup_ms: float | None = None
    frames = 0
    limit = max(0, app.args.frames)
    last = time.perf_counter()
    while app.running:
        start = time.perf_counter()
        app.handle_events()
        if not app.running:
            break
        now = time.perf_counter()
        dt = min(0.25, now - last)
        last = now
        app.tick(dt, only_changes=True)
        if not app.running:
            break
        frames += 1
        if limit and frames >= limit and app.args.screenshot:
            screenshot(app, app.args.screenshot)
        app.present()
        if startup_ms is None:
            startup_ms = process_age_s(_IMPORTED_AT) * 1000.0
            # Sound starts after the first picture so it does not delay it.
            if app.init_audio():
                app.audio.start()
        else:
            frame_times.append((time.perf_counter() - start) * 1000.0)
        if limit and frames >= limit:
            break
        clock.tick(app.args.max_fps if app.args.max_fps > 0 else 0)
    if app.args.screenshot and not (limit and frames >= limit):
        screenshot(app, app.args.screenshot)
    app.shut_down()
    if app.args.stats:
        print(json.dumps(frame_stats(frames, frame_times, startup_ms)), flush=True)
    return app.exit_code


def screenshot(app: App, path: Path) -> None:
    """Save the last frame (``--screenshot``); a path that cannot be written: exit 1."""
    if not save_screenshot(app.screen, Path(path)):
        app.exit_code = 1


def main(argv: list[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # The log file and crash reports in the user's data folder (game.crashlog, issue 10).
    crashlog.setup_logging()
    app: App | None = None
    crashlog.install(lambda: crashlog.app_context(app) if app is not None else {})
    try:
        try:
            app = App(args)
        except pygame.error as error:
            print(i18n.tr("cli.no_window", error=str(error)), file=sys.stderr)
            return 1
        if args.preset is not None and args.preset not in app.presets:  # "" too
            codes = ", ".join(app.presets)
            print(i18n.tr("cli.unknown_preset", name=args.preset, codes=codes), file=sys.stderr)
            return 2
        app.start()
        return run(app)
    except Exception as error:  # noqa: BLE001 - anything unexpected: report it, exit non-zero
        crashlog.tell_player(crashlog.report(error))
        return crashlog.EXIT_CODE
    finally:
        crashlog.uninstall()
        crashlog.shutdown_logging()  # closes the log file (and leaves a test process as it was)
        # Close the window now; pygame's own exit hook shuts the rest down. (A full
        # pygame.quit() here would invalidate the fonts cached by game.text for a caller
        # that goes on, such as the tests.)
        pygame.display.quit()
