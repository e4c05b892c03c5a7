"""tools/throws_gain.py (issue 58): where Shengji throws (VS4) win or lose levels, by replaying
the games A threw in with the base bot in A's seats."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import arena  # noqa: E402
import throws_gain  # noqa: E402


def test_the_figures_are_the_arenas_on_the_same_deals() -> None:  # VS4, S5.3
    """With the base as B, A's win rate and levels are exactly the arena's, though only the
    games A threw in are replayed; every throw is classed and its trick counted."""
    summary, rows = throws_gain.run("normal", "normal-nothrow", "normal-nothrow", 4, 58)
    played = arena.run("shengji", "normal", "normal-nothrow", 4, 58, options={"throws": True})
    assert summary["a_win_rate"] == played["a_win_rate"]
    assert summary["a_levels"] == played["a_mean_score"]
    led = [t for row in rows for t in row["throws"]]
    assert led, "Normal throws in these deals"
    assert summary["throws"]["led"] == len(led)
    assert sum(summary["throws"][c] for c in throws_gain.WORST) == len(led)
    assert summary["replayed"] == sum(1 for r in rows if r["throws"] or r["followed"])
    assert all(r.get("replayed") for r in rows if r["throws"])
    assert not any(r["dw"] or r["dl"] or r["dp"] for r in rows if not r.get("replayed"))


def test_a_bot_against_itself_changes_nothing() -> None:  # VS4
    """Normal replayed by Normal (``--all``) plays the same games: every difference is 0."""
    summary, rows = throws_gain.run("normal", "normal", "normal", 2, 5, replay_all=True)
    assert summary["replayed"] == summary["games"] == 4
    assert summary["changed"] == 0 and summary["win_gain"] == summary["levels_gain"] == 0.0
    assert summary["a_win_rate"] == 0.5


def _row(**fields: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"index": 0, "dw": 1.0, "dl": 2.0, "dp": 30.0, "attack": False}
    row.update(followed=0, replayed=True, throws=[])
    row.update(fields)
    return row


def _throw(trick: int, kind: str, proved: bool = True) -> dict[str, Any]:
    return {
        "trick": trick,
        "class": kind,
        "proved": proved,
        "taken_back": 0,
        "cashed": 10,
        "cards": 3,
    }


@pytest.mark.parametrize(
    ("throws", "followed", "expected"),
    [
        ([_throw(1, "stood")], 0, ["stood", "first throw in tricks 1-2", "defence", "proved"]),
        (
            [_throw(3, "stood"), _throw(8, "failed", False)],
            0,
            ["failed", "first throw in tricks 3-4", "defence", "searched"],
        ),
        (
            [_throw(9, "ruffed"), _throw(10, "stood")],
            1,
            ["followed", "ruffed", "first throw from trick 7", "defence", "proved"],
        ),
        ([], 2, ["followed"]),
    ],
)
def test_a_game_is_grouped_by_its_worst_throw(
    throws: list[dict[str, Any]], followed: int, expected: list[str]
) -> None:  # VS4.4, VS4.6
    assert throws_gain.game_groups(_row(throws=throws, followed=followed)) == expected


def test_the_groups_sum_the_changes_per_game() -> None:
    rows = [
        _row(index=0, throws=[_throw(1, "stood")]),
        _row(index=0, dw=-1.0, dl=-3.0, dp=-40.0, attack=True, throws=[_throw(2, "ruffed")]),
        _row(index=1, dw=0.0, dl=0.0, dp=0.0, replayed=False),
        _row(index=1, dw=0.0, dl=0.0, dp=0.0, replayed=False),
    ]
    summary = throws_gain.summarize(rows, 2)
    assert summary["groups"]["first throw in tricks 1-2"] == {
        "games": 2,
        "dw": 0.0,
        "dl": -1.0,
        "dp": -10.0,
    }
    assert summary["groups"]["ruffed"]["dl"] == -3.0
    assert summary["win_gain"] == 0.0 and summary["levels_gain"] == -0.25
    assert summary["throws"]["led"] == 2 and summary["throws"]["cashed"] == 20


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = tmp_path / "rows.json"
    assert throws_gain.main(["--deals", "1", "--seed", "58", "--json", "--rows", str(rows)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and summary["base"] == "normal-nothrow"
    assert len(json.loads(rows.read_text())) == 2
    with pytest.raises(SystemExit):
        throws_gain.main(["--deals", "0"])
