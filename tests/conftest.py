"""Test set-up: headless SDL and a throwaway user folder for every test run."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("CARDAVIA_HOME", tempfile.mkdtemp(prefix="cardavia-test-"))
