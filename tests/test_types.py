"""The rules, AI and table layers and every game's parts in them type-check under ``mypy
--strict`` (issue 39). The files and options are pyproject.toml's ``[tool.mypy]``, so a plain
``mypy`` from the repository root runs the same check; its cache (``.mypy_cache``) keeps a
second run quick."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mypy", reason="mypy is in the test extra (pip install -e .[test])")


def _config() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_typed_layers_pass_mypy_strict() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mypy --strict found problems:\n{run.stdout}{run.stderr}"
    assert "Success: no issues found" in run.stdout


def test_the_check_is_strict_and_covers_every_game_folder() -> None:
    config = _config()
    assert config["strict"] is True
    patterns = [str(pattern) for pattern in config["files"]]  # type: ignore[attr-defined]
    for layer in ("game/rules", "game/ai", "game/table", "game/games/spec.py"):
        assert layer in patterns
    # Globs, not names: a new game folder's rules, bot, search hooks, order and measures are
    # checked as soon as it exists (Dou Dizhu's too).
    parts = ("rules", "bot.py", "search.py", "order.py", "measures.py")
    folders = [path for path in (ROOT / "game" / "games").iterdir() if path.is_dir()]
    checked = 0
    for folder in folders:
        for part in parts:
            if (folder / part).exists():
                relative = f"game/games/{folder.name}/{part}"
                assert any(fnmatch(relative, pattern) for pattern in patterns), relative
                checked += 1
    assert checked >= 3 * len(parts)  # three games at least, each with every part
    assert "game/games/*/rules" in patterns and "game/games/doudizhu/rules" not in patterns
