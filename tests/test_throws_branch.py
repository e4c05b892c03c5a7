"""tools/throws_branch.py (issue 58): each throw decision of Shengji's Normal played on both
ways (VS4), the game going on with Normal's own choice."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import throws_branch  # noqa: E402

from game.games.shengji.throw_plan import THROW_TRICKS  # noqa: E402


def test_the_branch_of_the_lead_played_is_the_game_itself() -> None:  # VS4, S5.3
    """Both branches start from the game's state and random state, so the one whose lead the
    game played ends exactly as the game did; the changes are T less N."""
    summary, rows = throws_branch.run("normal", "normal-nothrow", 6, 58)
    assert summary["decisions"] == len(rows) > 0
    assert {row["led"] for row in rows} == {"T", "N"}, "Normal throws and declines here"
    for row in rows:
        played = row["t"] if row["led"] == "T" else row["n"]
        assert tuple(played) == tuple(row["game"])
        assert (row["led"] == "T") == row["chosen"]
        assert row["margin"] > 0 if row["chosen"] else row["margin"] <= 0
        assert [row["dw"], row["dl"], row["dp"]] == [
            t - n for t, n in zip(row["t"], row["n"], strict=True)
        ]
        assert 1 <= row["trick"] <= THROW_TRICKS and row["parts"] >= 2
    chosen = [row for row in rows if row["chosen"]]
    assert summary["groups"]["chosen"]["n"] == len(chosen)
    assert summary["groups"]["chosen"]["dl"] == sum(row["dl"] for row in chosen)


def _row(**fields: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"chosen": True, "trick": 2, "attack": False, "trump": False}
    row.update(proved=True, cards=3, points=10)
    row.update(fields)
    return row


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        (
            _row(),
            ["trick 2", "defence", "side suit", "proved", "3 cards", "points 5-10"],
        ),
        (
            _row(chosen=False, trick=6, attack=True, trump=True, proved=False, cards=7, points=25),
            ["trick 6", "attack", "trump", "searched", "5+ cards", "points 25-200"],
        ),
        (
            _row(points=0, cards=2),
            ["trick 2", "defence", "side suit", "proved", "2 cards", "points 0-0"],
        ),
    ],
)
def test_a_decision_is_grouped_by_what_the_thrower_saw(
    row: dict[str, Any], expected: list[str]
) -> None:  # VS4.1, VS4.3
    kind = "chosen" if row["chosen"] else "offered"
    assert throws_branch.groups_of(row) == [kind] + [f"{kind}, {name}" for name in expected]
