"""The frozen Guandan Normal ``normal-v1`` (issue 31): an arena-only yardstick that plays only
legal moves, is no game level, and refuses other games."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import arena  # noqa: E402

from game.ai.base import ALL_LEVELS  # noqa: E402


def test_normal_v1_plays_legal_moves_through_the_arena() -> None:
    summary = arena.run("guandan", "normal-v1", "random", 3, seed=11)
    assert summary["illegal"] == 0 and summary["errors"] == 0
    assert summary["games"] == 6 and summary["a_win_rate"] > 0.5


def test_normal_v1_against_normal_runs_clean() -> None:
    summary = arena.run("guandan", "normal", "normal-v1", 2, seed=3)
    assert summary["illegal"] == 0 and summary["errors"] == 0 and summary["deals_scored"] == 2


def test_normal_v1_is_no_game_level() -> None:
    assert "normal-v1" not in ALL_LEVELS


@pytest.mark.parametrize("preset", ["shengji", "runfast"])
def test_normal_v1_refuses_other_games(preset: str) -> None:
    with pytest.raises(ValueError, match="guandan"):
        arena.run(preset, "normal-v1", "normal", 1, seed=1)
    with pytest.raises(SystemExit):
        arena.main(["--preset", preset, "--a", "normal-v1", "--b", "normal", "--deals", "1"])
