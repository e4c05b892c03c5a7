"""Soak (issue 10): bot-only deals per preset through the state protocol, every invariant of
tools/soak.py checked after every action. The suite plays a sample (issue 39: long runs
belong in tools/); ``python tools/soak.py`` plays the issue's 2,000 deals per game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from soak import QUICK_DEALS, soak  # noqa: E402

#: The slow suite's sample per game (Guandan's deals cost the most; tools/soak.py runs 2,000).
SAMPLE_DEALS = {"guandan": 300, "shengji": 600, "runfast": 2000}


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_quick_soak(preset):
    figures = soak(preset, QUICK_DEALS, seed=101)
    assert figures["deals"] == QUICK_DEALS and figures["actions"] > QUICK_DEALS * 10


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_soak_sample_of_deals(preset):
    figures = soak(preset, SAMPLE_DEALS[preset], seed=20260)
    print(
        f"\nsoak {preset}: {figures['deals']} deals, {figures['matches']} matches, "
        f"{figures['actions']} actions in {figures['seconds']:.1f} s"
    )
    assert figures["deals"] == SAMPLE_DEALS[preset]
