"""Test set-up: headless SDL and a throwaway user folder for every test run."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import settings

# CI runs Hypothesis derandomized (issue 33): the same examples on every run, so a property
# test that passes locally by luck cannot flip in CI. Locally the examples stay random.
# No example has a deadline: a clock in a test fails it on a busy machine (issue 39); speed is
# measured by tools/bench.py.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.load_profile("local")
if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
    settings.load_profile("ci")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CARDAVIA_HOME", tempfile.mkdtemp(prefix="cardavia-test-"))


@pytest.fixture
def app(tmp_path):
    """The real App in a 1280x720 window with its own settings file, English, title on top."""
    from game import i18n
    from game.app import App, parse_args

    i18n.set_language("en")
    game = App(parse_args(["--windowed", "1280x720"]), settings_path=tmp_path / "settings.toml")
    game.start()
    game.tick(1 / 60)
    yield game
    game.stack.clear()
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Every test has its own user folder (settings, saves, history, log), so no test sees
    another's files, whichever worker runs it and in whatever order (issue 39)."""
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path_factory.mktemp("home")))
    yield
    from game.history import db

    db.close_shared()  # the next test opens the database of its own folder
