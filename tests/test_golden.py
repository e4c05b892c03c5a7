"""Golden playthroughs (issue 53): every game's committed playthroughs in ``tests/golden/`` are
what the engine plays now, so a change of the rules is always a visible diff. The files hold the
deals of G…, S…, R…, D… rules as played (the tribute of G3, the kitty of S2 and D2, VS4's
failed throws in ``shengji-house.txt``); ``python tools/golden.py --update`` rewrites them after
a change that is meant (review the diff).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game import registry
from game.protocol.base import Action, DealState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import golden  # noqa: E402

GOLDENS = golden.goldens()
GAMES = golden.ROOT / "game" / "games"


@pytest.mark.parametrize("case", GOLDENS, ids=[g.name for g in GOLDENS])
def test_the_engine_plays_the_committed_playthrough(case: golden.Golden) -> None:
    diff = golden.differences(case)
    assert not diff, (
        f"{case.path.name} differs from what the engine plays now; if the change is meant, "
        "run `python tools/golden.py --update` and review the diff:\n" + "\n".join(diff[:60])
    )


def test_every_game_has_its_files_and_no_file_is_left_over() -> None:
    names = {g.name for g in GOLDENS}
    folders = {path.parent.name for path in GAMES.glob("*/__init__.py")}
    assert folders and folders <= names  # every game folder (not a test's toy game)
    for game in folders:  # a game with house rules has its second file
        assert (f"{game}-house" in names) == bool(registry.get(game).options_schema())
    assert {path.stem for path in golden.GOLDEN_DIR.glob("*.txt")} == names


def test_house_options_leave_every_default() -> None:
    schema: dict[str, dict[str, object]] = {
        "flag": {"default": False, "allowed": [False, True]},
        "kind": {"default": "linear", "allowed": ["linear", "power"]},
        "cap": {"default": 0, "allowed": [0, 8, 16]},
        "bare": {"default": True},
    }
    assert golden.house_options(schema) == {"flag": True, "kind": "power", "cap": 8, "bare": False}


def test_the_house_files_play_the_house_rules() -> None:
    """VS4 (throws) is on in Shengji's house file, and a throw is played there."""
    house = {g.game: g for g in GOLDENS if g.name.endswith("-house")}
    for game, case in house.items():
        assert case.options != {
            k: v["default"] for k, v in registry.get(game).options_schema().items()
        }
    if "shengji" in house:
        text = house["shengji"].path.read_text(encoding="utf-8")
        assert '"throws": true' in text and '"kind": "throw"' in text


def test_a_planted_change_of_the_rules_shows_as_a_diff(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: an engine that lists its legal actions in another order (or plays
    other ones) no longer matches its file."""
    case = GOLDENS[0]
    state_class = type(registry.get(case.game).rules.new_deal(seed=golden.SEED))
    listed: Callable[[DealState], list[Action]] = state_class.legal_actions
    monkeypatch.setattr(state_class, "legal_actions", lambda self: listed(self)[::-1])
    assert golden.differences(case)


def test_the_playthrough_is_the_seeds_alone() -> None:
    """Two runs agree, and another seed gives another playthrough."""
    case = GOLDENS[0]
    assert golden.playthrough(case) == golden.playthrough(case)
    assert golden.playthrough(case, seed=golden.SEED + 1) != golden.playthrough(case)
