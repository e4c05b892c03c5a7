"""A language switch is total (issue 55, M1): on every screen tools/screenshots.py walks (the
title with matches in progress, the preset tabs and house rules, every table and its panels and
menus, the statistics, the history, the replay), the language is switched from the top bar's
way (``App.set_language``) and what is drawn next holds no string of the old catalog.

zh -> ja showed "第 1 局，本方打 2…" on the title; ja -> ar showed Japanese inside Arabic.

What is drawn is every string given to ``text.render`` while a frame is drawn. A string of the
old catalog is recognised by a piece of one of its texts (between placeholders) that no text of
the new catalog holds: 3 characters of Chinese or Japanese, 6 of any other script.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from game import i18n, text
from game.words import Words

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import screenshots  # noqa: E402

#: The switches, one per screen, round a ring that crosses scripts (the issue's zh -> ja and
#: ja -> ar first).
RING = ("zh", "ja", "ar", "fa", "en", "hu", "zh-Hant", "ko", "pl", "es", "tr", "id")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def pieces(lang: str) -> set[str]:
    """The literal pieces of ``lang``'s catalog texts (placeholders cut out)."""
    found: set[str] = set()
    for value in i18n.catalog(lang).values():
        for piece in re.split(r"\{\w+\}", value):
            piece = piece.strip(" \t\n.,:;!?()[]«»“”„「」『』·—-–…%×+/|")
            if len(piece) >= (3 if _CJK.search(piece) else 6):
                found.add(piece)
    return found


def fingerprints(old: str, new: str) -> set[str]:
    """Pieces of ``old``'s catalog that no text of ``new``'s catalog (nor a language's own
    name, which the language menu shows in every language) holds."""
    corpus = "\n".join(i18n.catalog(new).values())
    names = [i18n.language_name(code) for code in i18n.LANGUAGES]
    return {
        piece
        for piece in pieces(old)
        if piece not in corpus and not any(piece in name for name in names)
    }


class Switcher(screenshots.Shooter):
    """Walks the screenshot tool's screens; at each, instead of saving it, switches the
    language along :data:`RING` and checks the next frames."""

    def __init__(self, out: Path, size: str = "1280x720") -> None:
        super().__init__(out, RING[0], size)
        self.switches = 0
        self.stale: list[tuple[str, str, str, str, str]] = []

    def shoot(self, preset: str, phase: str) -> None:
        app = self.app
        # any screen: one with a controller is a table, read by what it has
        top: Any = app.stack.top if len(app.stack) else None
        if hasattr(top, "controller") and phase == "result" and top.overlay == "result":
            top.overlays.result.skip()
        app.tick(0.0)
        old = i18n.language()
        new = RING[(RING.index(old) + 1) % len(RING)]
        marks = fingerprints(old, new)
        drawn: list[str] = []
        render = text.render

        def recording(words: str, *args: Any, **kwargs: Any):
            drawn.append(words)
            return render(words, *args, **kwargs)

        app.set_language(new)
        text.render = recording  # type: ignore[assignment]  # a recording stand-in
        try:
            for _ in range(3):
                shown = app.stack.top
                if shown is not None and hasattr(shown, "controller"):
                    shown.update(0.0)
                app.tick(0.0)
        finally:
            text.render = render
        self.switches += 1
        for words in drawn:
            for mark in marks:
                if mark in words:
                    self.stale.append((preset, phase, f"{old}->{new}", mark, words))
                    break


@pytest.fixture
def switcher(tmp_path):
    walker = Switcher(tmp_path)
    walker.app.settings.ai_delay_ms = 0
    yield walker
    walker.clear()
    i18n.set_language("en")


def report(stale: list[tuple[str, str, str, str, str]]) -> str:
    return "\n".join(
        f"{p}/{ph} {switch}: {mark!r} in {words!r}" for p, ph, switch, mark, words in stale[:20]
    )


def test_the_fingerprints_tell_the_catalogs_apart():
    title_line = "比赛进行中：第 1 局，本方打 2，对方打 2"  # what ja showed after zh (M1)
    assert any(mark in title_line for mark in fingerprints("zh", "ja"))
    assert not any(mark in "進行中の試合：第 1 局" for mark in fingerprints("zh", "ja"))
    assert not fingerprints("en", "en")


@pytest.mark.parametrize("part", ["menus", "title-saved", "runfast", "doudizhu", "challenges"])
def test_a_language_switch_leaves_nothing_of_the_old_catalog(switcher, part):
    getattr(switcher, screenshots.PARTS[part])()
    assert switcher.switches >= 1
    assert not switcher.stale, report(switcher.stale)


@pytest.mark.slow
@pytest.mark.parametrize(
    "part", ["guandan", "guandan-match-end", "shengji", "shengji-match-end", "runfast-totals"]
)
def test_a_language_switch_on_every_table_phase(switcher, part):
    getattr(switcher, screenshots.PARTS[part])()
    assert not switcher.stale, report(switcher.stale)


def test_a_language_switch_on_the_statistics_history_and_replay(switcher):
    recorded = {game: switcher.record(game, 2, 3) for game in ("guandan", "runfast", "doudizhu")}
    switcher.memory(recorded)
    assert switcher.switches >= 5
    assert not switcher.stale, report(switcher.stale)


def test_words_are_said_in_the_language_of_the_moment():
    """What a screen keeps between frames is words, not text: drawn after a switch, they are
    in the new language, their parameters (a seat's name) too."""
    said = Words("doudizhu.warn_1", name=Words("table.seat_left"))
    line = Words.joined([Words("doudizhu.said_bomb", value=2), said])
    i18n.set_language("zh")
    assert "左家" in str(line) and "×" in str(line)
    i18n.set_language("ar")
    assert "左家" not in str(line) and str(said) == i18n.tr(
        "doudizhu.warn_1", name=i18n.tr("table.seat_left")
    )
    assert str(Words.literal("C:/deal-3.txt")) == "C:/deal-3.txt"
    i18n.set_language("en")
