"""A real window under Xvfb: ``python -m game`` full screen at 1920×1080 leaves a picture.

Slow and skipped without ``xvfb-run`` (CI installs it, see .ci/run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed"),
]


@pytest.mark.parametrize("extra", [[], ["--preset", "guandan"]], ids=["title", "guandan-table"])
def test_full_screen_window_autoplays_and_leaves_a_picture(tmp_path, extra):
    shot = tmp_path / "last.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(CARDAVIA_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy")
    command = [
        "xvfb-run",
        "-a",
        "-s",
        "-screen 0 1920x1080x24",
        sys.executable,
        "-m",
        "game",
        "--autoplay",
        "--frames",
        "120",
        "--screenshot",
        str(shot),
        "--stats",
        "--seed",
        "3",
        *extra,
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    stats = json.loads(done.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 120
    picture = pygame.image.load(str(shot))
    # Full screen at the desktop resolution of the virtual display.
    assert picture.get_size() == (1920, 1080)
    samples = {
        tuple(picture.get_at((x, y)))[:3] for x in range(0, 1920, 24) for y in range(0, 1080, 24)
    }
    assert len(samples) > 50, "the picture is (nearly) blank"
    bright = sum(1 for colour in samples if sum(colour) > 600)
    assert bright > 5, "no text or cards visible"
