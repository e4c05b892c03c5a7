"""tools/search_gain.py (issue 31): one bot's departures from another, valued by playing both
actions out on the real deal with the reference in every seat."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import arena  # noqa: E402
import search_gain  # noqa: E402

from game import registry  # noqa: E402


def test_a_bot_never_departs_from_itself() -> None:
    result = search_gain.run("runfast", "normal", "normal", deals=3, every=2)
    assert result["positions"] > 0
    assert result["departures"] == result["changed"] == 0
    assert result["gain"] == 0.0 and result["gain_ci95"] == [0.0, 0.0]


def test_random_departures_cost_points() -> None:  # R5: settlement points
    """Random departs from Normal often and, played on by Normal, those departures lose."""
    result = search_gain.run("runfast", "random", "normal", deals=12, every=2)
    assert result["departures"] > result["positions"] // 3
    assert 0 < result["changed"] <= result["departures"]
    assert result["gain"] < 0
    assert result["gain_per_departure"] == pytest.approx(
        result["gain"] * result["positions"] / result["departures"], abs=1e-3
    )


def test_a_departure_is_valued_by_playing_both_actions_out() -> None:  # G1.2: levels
    """The playout ends the deal and is exact: the same action gives the same value."""
    spec = registry.get("guandan")
    normal = arena.arena_bot("guandan", "normal", seed=1, budget_ms=None, samples=None)
    state = search_gain.positions("guandan", normal, 1000, 1, 9)[2]
    seat = state.current_player
    assert seat is not None
    for action in state.legal_actions()[:2]:
        runs = []
        for _ in range(2):
            after = state.clone()
            after.apply(action)
            runs.append(search_gain.playout(after, normal, seat, spec, 0))
            assert after.is_terminal
        assert runs[0] == runs[1] and abs(runs[0]) in (1.0, 2.0, 3.0)


def test_guandan_splits_end_game_from_before() -> None:
    result = search_gain.run("guandan", "easy", "normal", deals=1, every=3)
    assert result["endgame"]["positions"] + result["before"]["positions"] == result["positions"]
    assert result["endgame"]["positions"] > 0 and result["before"]["positions"] > 0
    assert 0 < result["departures"] < result["positions"]


def test_cli_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert search_gain.main(["--preset", "runfast", "--a", "random", "--deals", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    keys = {"positions", "departures", "changed", "gain", "gain_ci95", "a_ms", "a_samples"}
    assert keys <= result.keys()
