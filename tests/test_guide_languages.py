"""docs/guide.md names every language the game speaks (issue 55: it listed seven of twelve)."""

from __future__ import annotations

import re
from pathlib import Path

from game import i18n


def test_the_guide_lists_every_lang_code():
    guide = (Path(__file__).resolve().parent.parent / "docs" / "guide.md").read_text(
        encoding="utf-8"
    )
    row = next(line for line in guide.splitlines() if line.startswith("| `--lang CODE`"))
    found = re.search(r"\(`([^`]+)`", row)
    assert found is not None
    codes = found.group(1).split()
    assert sorted(codes) == sorted(i18n.LANGUAGES)
