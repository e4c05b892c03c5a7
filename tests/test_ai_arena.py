"""tools/arena.py (issue 11, shared/spec/tools.md): a small seeded duplicate run per preset
shows the heuristic beating the random bot, with no illegal action and no exception."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import arena  # noqa: E402

from game import registry  # noqa: E402

KEYS = {
    "deals",
    "a_win_rate",
    "a_win_ci95",
    "a_mean_score",
    "a_score_ci95",
    "decision_ms",
    "illegal",
    "errors",
}


def ready(preset: str) -> None:
    """Every preset's engine and heuristic bot are part of the game: importing them must work."""
    spec = registry.get(preset)
    assert spec.rules is not None and spec.heuristic_class() is not None


@pytest.mark.parametrize("preset, deals", [("guandan", 3), ("shengji", 3), ("runfast", 4)])
def test_heuristic_beats_random(preset: str, deals: int) -> None:
    ready(preset)
    summary = arena.run(preset, "normal", "random", deals, seed=5)
    assert KEYS <= summary.keys()
    assert summary["illegal"] == 0 and summary["errors"] == 0, summary["error_messages"]
    assert summary["games"] == deals * len(arena.arrangements(preset))
    if preset == "runfast":  # R5: mean settlement per deal
        assert summary["a_mean_score"] > 0
    else:  # G1.2 / S5.3: deals won by the team
        assert summary["a_win_rate"] > 0.5 and summary["a_mean_score"] > 0
    assert set(summary["decision_ms"]) == {"p50", "p95", "max"}


def test_cli_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    ready("runfast")
    code = arena.main(
        [
            "--preset",
            "runfast",
            "--a",
            "random",
            "--b",
            "random",
            "--deals",
            "2",
            "--seed",
            "3",
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and KEYS <= out.keys() and out["deals"] == 2
    lo, hi = out["a_win_ci95"]
    assert lo <= out["a_win_rate"] <= hi


def test_duplicate_arrangements_cover_every_seat() -> None:
    assert arena.arrangements("runfast") == [(0,), (1,), (2,)]
    assert arena.arrangements("guandan") == [(0, 2), (1, 3)]
    assert arena.ci95([1.0, 0.0, 1.0, 0.0])[0] < 0.5 < arena.ci95([1.0, 0.0, 1.0, 0.0])[1]
    assert arena.percentiles([1.0, 2.0, 3.0])["max"] == 3.0


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_soak_bot_only_deals_without_illegal_actions_or_errors(preset: str) -> None:
    """A longer seeded sample of the issue's "no illegal action, no exception" goal."""
    ready(preset)
    # Guandan's deals cost the most: a sample (tools/arena.py runs as many as asked).
    many = {"guandan": 30}.get(preset, 100)
    for a, b, deals, samples in (("normal", "easy", many, 8), ("hard", "random", 4, 2)):
        summary = arena.run(preset, a, b, deals, seed=77, hard_samples=samples)
        assert summary["illegal"] == 0 and summary["errors"] == 0, summary["error_messages"]
        assert summary["deals_scored"] == deals


def test_samples_per_searched_decision_are_reported() -> None:
    """Hard's fixed sample count bounds every searched decision; the heuristic searches none."""
    ready("runfast")
    hard = arena.run("runfast", "hard", "normal", 1, seed=4, hard_samples=3)
    counts = hard["a_samples"]
    assert counts is not None and counts["decisions"] > 0
    assert 1 <= counts["p10"] <= counts["p50"] <= counts["p90"] <= 3
    assert 1.0 <= counts["mean"] <= 3.0
    assert arena.run("runfast", "normal", "hard", 1, seed=4, hard_samples=3)["a_samples"] is None
    assert arena.sample_counts([4, 1, 3, 2]) == {
        "decisions": 4,
        "p10": 1,
        "p50": 2.5,
        "mean": 2.5,
        "p90": 3,
    }
