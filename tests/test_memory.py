"""Memory (issues 10, 33): 20,000 headless frames at an autoplayed table of each game keep
resident memory flat.

The real App (dummy video driver, 1280×720, uncapped: ``App.tick`` back to back with a fixed
1/60 s step) opens each registered game's table in turn with ``--autoplay`` and the fastest
pacing (AI think delay 0, animation speed 100 %), so deal after deal is dealt, played,
animated, settled and shown on the result panel; a finished match is followed by a new one.
Resident memory is read from ``/proc/self/statm`` (``resource.getrusage`` gives only the peak)
after a warm-up of :data:`WARMUP` frames, in which the caches (fonts, card images per size,
post-processing buffers) fill, and again at the end. The growth after the warm-up must stay within
:data:`MAX_GROWTH_MIB` (caches still filling: Guandan +6.5, Shengji +2.0 MiB on the 20,000
frames measured), and within :data:`MAX_TAIL_GROWTH_MIB` over the last :data:`TAIL` frames,
where caches have flattened (+0.3 and +0.4 MiB) and a leak still grows.

Run Fast's bot keeps a memo of hand splits (``game/games/runfast/plan.py``, ``_PLANS``); it is
capped at 2**14 entries (about 6 MiB) so it fills during the warm-up and stays flat after.
"""

from __future__ import annotations

import gc
import os
import resource
from pathlib import Path
from typing import Any

import pytest

from game import i18n, registry, save
from game.app import App, parse_args
from game.scenes.table import TableScene

FRAMES = 20_000
WARMUP = 2_000
SAMPLE_EVERY = 1_000
#: The growth allowed after the warm-up, and over the last TAIL frames (MiB).
MAX_GROWTH_MIB = 8.0
TAIL = 5_000
MAX_TAIL_GROWTH_MIB = 1.5


def rss_bytes() -> int:
    """The process's resident memory now (Linux /proc), else its peak (other systems)."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        resident_pages = int(statm.read_text().split()[1])
        return resident_pages * os.sysconf("SC_PAGE_SIZE")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if os.uname().sysname == "Darwin" else peak * 1024


def autoplayed_frames(tmp_path: Path, preset: str, frames: int, seed: int) -> dict[str, Any]:
    save.clear_autosave()
    i18n.set_language("en")
    app = App(
        parse_args(
            ["--windowed", "1280x720", "--preset", preset, "--autoplay", "--seed", str(seed)]
            + ["--max-fps", "0"]
        ),
        settings_path=tmp_path / "settings.toml",
    )
    app.settings.ai_delay_ms = 0
    app.settings.animation_speed = 100
    app.quit_when_done = False
    app.start()
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.controller.autoplay
    samples: list[tuple[int, int]] = []
    baseline = 0
    matches = 1
    try:
        for frame in range(1, frames + 1):
            app.tick(1 / 60)
            if scene.controller.match_over:
                scene.choices.new_match()
                matches += 1
            if frame == WARMUP:
                gc.collect()
                baseline = rss_bytes()
                samples.append((frame, baseline))
            elif frame > WARMUP and frame % SAMPLE_EVERY == 0:
                samples.append((frame, rss_bytes()))
        gc.collect()
        final = rss_bytes()
        deals = scene.controller.deal_index + 1
    finally:
        app.stack.clear()
        save.clear_autosave()
    assert app.running, "the table stopped the app"
    return {
        "baseline": baseline,
        "final": final,
        "peak": max(value for _, value in samples + [(0, final)]),
        "samples": samples,
        "deals_in_last_match": deals,
        "matches": matches,
    }


@pytest.mark.slow
@pytest.mark.parametrize("preset", registry.ids())
def test_resident_memory_stays_flat_over_20000_frames(tmp_path, preset):
    figures = autoplayed_frames(tmp_path, preset, FRAMES, seed=77)
    mb = 1024 * 1024
    growth = figures["final"] - figures["baseline"]
    print(
        f"\nmemory {preset}: RSS after {WARMUP} frames {figures['baseline'] / mb:.1f} MiB, after "
        f"{FRAMES} frames {figures['final'] / mb:.1f} MiB ({growth / mb:+.1f} MiB), peak "
        f"{figures['peak'] / mb:.1f} MiB; {figures['matches']} match(es), "
        f"{figures['deals_in_last_match']} deal(s) in the last"
    )
    print("memory samples MiB:", [(f, round(v / mb, 1)) for f, v in figures["samples"]])
    assert figures["deals_in_last_match"] > 1 or figures["matches"] > 1, "the AI played on"
    tail_start = dict(figures["samples"])[FRAMES - TAIL]
    tail = figures["final"] - tail_start
    print(f"memory {preset}: last {TAIL} frames {tail / mb:+.1f} MiB")
    assert growth <= MAX_GROWTH_MIB * mb
    assert tail <= MAX_TAIL_GROWTH_MIB * mb, "memory still grows at the end: a leak"
