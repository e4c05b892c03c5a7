"""Start-up helpers of the app shell: the window's smallest size and icon, how long the
process has run (``startup_ms`` of ``--stats``), the figures ``--stats`` prints and the frame
``--screenshot`` saves."""

from __future__ import annotations

import logging
import os
import statistics
import sys
import time
from pathlib import Path

import pygame

from game import i18n, storage

log = logging.getLogger(__name__)

#: The smallest window: the table's smallest arrangement, whose text stays at 12 px (issue 26;
#: game/scenes/table/layout.py). Smaller sizes asked for are raised to it.
MIN_WINDOW = (800, 600)


def process_age_s(imported_at: float) -> float:
    """Seconds since this process started (Linux /proc), else since ``imported_at`` (a
    ``time.perf_counter()`` taken as early as possible: the import of game.app)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of stat: start time in clock ticks after boot
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        age = uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        if 0.0 <= age < 3600.0:
            return age
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    return time.perf_counter() - imported_at


def window_icon() -> pygame.Surface:
    """The window's icon: the app icon file (tools/make_icon.py draws it from
    game.widgets.icon, the executable's icon too); drawn anew if the file is missing."""
    from game.paths import assets_dir

    try:
        return pygame.image.load(str(assets_dir() / "icons" / "cardavia.png"))
    except (pygame.error, FileNotFoundError) as error:
        log.warning("app icon unreadable (%s): drawing it", error)
        from game.widgets.icon import draw_icon

        return draw_icon(64)


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` raised to :data:`MIN_WINDOW` where it is smaller."""
    return max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1])


def frame_stats(
    frames: int, frame_times: list[float], startup_ms: float | None
) -> dict[str, float | int | None]:
    """What ``--stats`` prints: the frames drawn, the median and 95th percentile of a frame's
    work in milliseconds (the first frame left out), and ``startup_ms``."""
    ordered = sorted(frame_times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else None
    return {
        "frames": frames,
        "frame_ms_median": round(statistics.median(ordered), 3) if ordered else None,
        "frame_ms_p95": round(p95, 3) if p95 is not None else None,
        "startup_ms": round(startup_ms, 1) if startup_ms is not None else None,
    }


def save_screenshot(surface: pygame.Surface, path: Path) -> bool:
    """Save ``surface`` as a PNG at ``path``; a path that cannot be written gives one clear
    line on stderr (never a traceback) and False."""
    try:
        if path.parent and not path.parent.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    except (OSError, ValueError, pygame.error) as error:
        line = i18n.tr("cli.screenshot_failed", path=str(path), error=storage.describe(error))
        print(line, file=sys.stderr)
        return False
    return True
