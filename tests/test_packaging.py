"""Packaging and first run (issue 29): one version, a one-line message for a missing
dependency, and ``--help`` naming the language and preset codes found on disk."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game import __main__ as launcher
from game.app import parse_args
from game.paths import locale_dir, preset_files

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_has_one_source():
    assert importlib.metadata.version("cardavia") == game.__version__
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


@pytest.mark.parametrize("module", sorted(launcher.DEPENDENCIES))
def test_a_missing_dependency_is_one_line_not_a_traceback(module, monkeypatch, capsys):
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    real = importlib.util.find_spec
    monkeypatch.setattr(launcher, "find_spec", lambda name: None if name == module else real(name))
    assert launcher.main() == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and launcher.DEPENDENCIES[module] in err
    assert "Traceback" not in err


def test_the_message_comes_before_pygame_is_imported():
    # -S skips site-packages: pygame & co. cannot be found, the checkout's game package can.
    for lang, start in (
        ("en_US.UTF-8", "cardavia: pygame-ce, "),
        ("zh_CN.UTF-8", "cardavia：此 Python"),
    ):
        run = subprocess.run(
            [
                sys.executable,
                "-S",
                "-c",
                "import sys; from game.__main__ import main; sys.exit(main())",
            ],
            cwd=ROOT,
            env={"LC_ALL": lang, "PATH": os.environ.get("PATH", "")},
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
        )
        assert run.returncode == 1
        assert run.stderr.startswith(start), run.stderr
        assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1


def test_help_lists_every_catalog_and_preset(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    languages = sorted(path.stem for path in locale_dir().glob("*.toml"))
    presets = sorted(path.parent.name for path in preset_files())
    assert len(languages) >= 7 and len(presets) >= 3
    for code in languages + presets:
        assert code in out


def test_version_flag(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--version"])
    assert capsys.readouterr().out.strip() == f"cardavia {game.__version__}"
