"""The standalone executable (issue 9): builds with PyInstaller and runs headless.

Slow (a minute or two): marked ``slow``; skipped when PyInstaller is not installed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def test_executable_builds_and_plays_headless(tmp_path):
    pytest.importorskip("PyInstaller")
    pygame = pytest.importorskip("pygame")
    dist = tmp_path / "dist"
    build = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build_exe.py"),
            "--onefile",
            "--dist",
            str(dist),
            "--work",
            str(tmp_path / "build"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    exe = dist / ("cardavia.exe" if sys.platform == "win32" else "cardavia")
    assert exe.is_file()
    assert exe.stat().st_size <= 70_000_000, f"executable is {exe.stat().st_size} bytes"

    shot = tmp_path / "shot.png"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CARDAVIA_HOME=str(tmp_path / "home"),
    )
    env.pop("PYTHONPATH", None)
    run = subprocess.run(
        [
            str(exe),
            "--windowed",
            "1280x720",
            "--preset",
            "guandan",
            "--autoplay",
            "--frames",
            "120",
            "--screenshot",
            str(shot),
            "--stats",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    stats = json.loads(run.stdout.strip().splitlines()[-1])
    assert stats["frames"] == 120

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)
    }
    assert len(colours) > 20, "the screenshot is nearly blank"
