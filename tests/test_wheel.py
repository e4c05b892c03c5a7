"""Install it like any Python app (issue 29): the sdist and wheel build, the wheel installs into
a fresh venv outside the repository, and ``cardavia`` plays headless from another folder.

Slow (about a minute: a build, a venv, pip): marked ``slow``. pip fetches the dependencies the
way it is configured (its cache and any local index or --find-links), as a user's pip would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from game.paths import preset_files

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _data_files() -> set[str]:
    """Every file under assets/ and locale/ as the wheel should hold it (game/…), and the games'
    title cards."""
    return {
        "game/" + path.relative_to(ROOT).as_posix()
        for folder in ("assets", "locale")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    } | {
        "game/games/" + path.relative_to(ROOT / "game/games").as_posix() for path in preset_files()
    }


def test_wheel_installs_into_a_fresh_venv_and_plays_from_another_folder(tmp_path):
    pytest.importorskip("build")
    pygame = pytest.importorskip("pygame")
    dist = tmp_path / "dist"
    # python -m build makes the sdist, then the wheel from the sdist: both must be whole.
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    # No setuptools warning block (issue 29's "quiet first run").
    assert "Please be careful with folders" not in built.stdout + built.stderr
    (wheel,) = dist.glob("cardavia-*.whl")
    (sdist,) = dist.glob("cardavia-*.tar.gz")

    names = set(zipfile.ZipFile(wheel).namelist())
    missing = _data_files() - names
    assert not missing, f"the wheel lacks {sorted(missing)[:5]}"
    assert {"game/THIRD_PARTY_NOTICES", "game/LICENSE"} <= names
    assert any(name.endswith("licenses/THIRD_PARTY_NOTICES") for name in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "[gui_scripts]" in zipfile.ZipFile(wheel).read(entry_points).decode()
    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"game/games/guandan/preset.toml", "locale/fa.toml", "THIRD_PARTY_NOTICES"} <= members

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shot = elsewhere / "shot.png"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CARDAVIA_HOME=str(tmp_path / "home"),
    )
    env.pop("PYTHONPATH", None)
    cardavia = bin_dir / ("cardavia.exe" if os.name == "nt" else "cardavia")
    run = subprocess.run(
        [
            str(cardavia),
            "--autoplay",
            "--frames",
            "120",
            "--windowed",
            "1280x720",
            "--screenshot",
            str(shot),
            "--stats",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1])["frames"] == 120
    # The installed copy ran, not the checkout: its data came from inside the package.
    where = subprocess.run(
        [str(python), "-c", "from game import paths; print(paths.resource_root())"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert Path(where.stdout.strip()).is_relative_to(env_dir), where.stdout + where.stderr

    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 720, 23)
    }
    assert len(colours) > 20, "the screenshot is nearly blank"

    # The editable install tools/dev.py makes: quiet (no setuptools warning block about the
    # layout) and still finds the data beside the package in the checkout.
    editable = subprocess.run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--no-deps"]
        + ["-e", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert editable.returncode == 0, editable.stdout[-3000:] + editable.stderr[-3000:]
    said = editable.stdout + editable.stderr
    assert "BuildBackendWarning" not in said and "Please be careful" not in said, said
    where = subprocess.run(
        [str(python), "-c", "from game import paths; print(paths.locale_dir())"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert Path(where.stdout.strip()) == ROOT / "locale", where.stdout + where.stderr

    help_text = subprocess.run(
        [str(cardavia), "--help"], cwd=elsewhere, env=env, capture_output=True, text=True
    ).stdout
    codes = [
        p.stem for folder in ("locale", "assets/presets") for p in (ROOT / folder).glob("*.toml")
    ]
    assert all(code in help_text for code in codes), help_text
