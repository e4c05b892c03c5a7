"""The standalone executable (issues 9 and 29): builds with PyInstaller from
packaging/cardavia.spec, is small, starts quickly and plays every preset headless.

Slow (under a minute here): marked ``slow``; skipped when PyInstaller is not installed, and
on macOS and Windows (see the skip below).
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
    if not sys.platform.startswith("linux"):
        # macOS builds an .app bundle and Windows a program without a console (no --stats
        # output): .github/workflows/build.yml builds those; this test is the Linux one.
        pytest.skip("the headless executable test runs on Linux")
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
    # 57 MB before issue 29 (pygame_gui's CJK fonts); 18.9 MB after, on Linux.
    assert exe.stat().st_size <= 30_000_000, f"executable is {exe.stat().st_size} bytes"
    if sys.platform.startswith("linux"):
        assert (dist / "cardavia.desktop").is_file() and (dist / "cardavia.png").is_file()

    from PyInstaller.archive.readers import CArchiveReader

    inside = set(CArchiveReader(str(exe)).toc)
    assert {"THIRD_PARTY_NOTICES", "LICENSE", "licenses/LGPL-2.1.txt"} <= inside
    assert "licenses/python-bidi/COPYING.LESSER" in inside
    assert "pygame_gui/data/NotoSans-Regular.ttf" in inside
    # The history database needs sqlite3's extension module (issue 27).
    assert [name for name in inside if "_sqlite3" in name], sorted(inside)
    assert not [name for name in inside if "NotoSansSC" in name or "NotoSansJP" in name]

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
    assert "Traceback" not in run.stderr, run.stderr

    # Every preset's rules, bot and table are inside (they are imported by name).
    for preset in ("shengji", "runfast"):
        other = subprocess.run(
            [str(exe), "--windowed", "1280x720", "--preset", preset, "--autoplay"]
            + ["--frames", "30", "--max-fps", "0"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert other.returncode == 0, other.stdout + other.stderr
        assert "ERROR" not in other.stderr and "Traceback" not in other.stderr, other.stderr

    # One frame and out, as the start-up bench runs it (its time is tools/bench.py's
    # exe_startup key, not a test's: no clock in the suite).
    for _ in range(1):
        one = subprocess.run(
            [str(exe), "--windowed", "1280x720", "--frames", "1"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            timeout=120,
        )
        assert one.returncode == 0

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)
    }
    assert len(colours) > 20, "the screenshot is nearly blank"
