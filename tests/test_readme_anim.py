"""The README's animated moment (issue 54) is made by tools/make_readme_anim.py and repeats
frame for frame: the same seed, steps and effects give the same pictures."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))


def test_the_readme_moment_repeats_frame_for_frame(monkeypatch):
    import os

    # The tools point the user folder at a throwaway one when imported; the suite's stays.
    monkeypatch.setenv("CARDAVIA_HOME", os.environ["CARDAVIA_HOME"])
    import make_readme_anim

    first = make_readme_anim.frames(12)
    second = make_readme_anim.frames(12)
    assert len(first) == 12 and first == second
    assert len(set(first[3:])) > 4  # the bomb moves from frame to frame


def test_the_readme_shows_the_moment():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/images/moment.gif" in readme and (ROOT / "docs/images/moment.gif").is_file()
