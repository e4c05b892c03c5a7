"""The frozen yardsticks (issues 31, 42, 53): arena-only bots in tools/yardsticks/, outside the
shipped package, that play only legal moves in whole games, are no game level, and refuse the
games that have none."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import arena  # noqa: E402
import yardsticks  # noqa: E402

from game import registry  # noqa: E402
from game.ai.base import ALL_LEVELS  # noqa: E402

FROZEN = [(g.id, name) for g in registry.all_games() for name in yardsticks.names(g.id)]
#: (game, a yardstick another game has and this one has not)
WITHOUT = [
    (g.id, name)
    for g in registry.all_games()
    for name in sorted({n for _, n in FROZEN} - set(yardsticks.names(g.id)))
]


def test_the_issue_s_yardsticks_are_registered() -> None:
    assert {
        ("guandan", "normal-v1"),
        ("guandan", "normal-v2"),
        ("guandan", "normal-v3"),
        ("doudizhu", "normal-v1"),
        ("runfast", "normal-v1"),
        ("shengji", "normal-v1"),
    } <= set(FROZEN)


def test_no_frozen_module_in_the_shipped_package() -> None:
    """Issue 53: the yardsticks are tools; nothing under game/ is one, or imports one."""
    frozen = [p for p in (ROOT / "game").rglob("*.py") if "frozen" in p.name]
    assert frozen == []
    importers = [
        p
        for p in (ROOT / "game").rglob("*.py")
        if "yardsticks" in p.read_text(encoding="utf-8").replace("tools/yardsticks", "")
    ]
    assert importers == []


def test_an_unknown_yardstick_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        yardsticks.make("guandan", "normal-v0")
    assert yardsticks.names("no-such-game") == ()


@pytest.mark.parametrize(("preset", "name"), FROZEN)
def test_frozen_bot_plays_legal_moves_in_full_random_games(preset: str, name: str) -> None:
    """Every decision of whole deals against random players is legal: one of the legal actions,
    or (a Shengji bury, whose list is a sample) an action the engine accepts."""
    spec = registry.get(preset)
    bot = yardsticks.make(preset, name)
    from game.ai.random_bot import RandomBot

    other = RandomBot()
    for seed in range(3):
        state = spec.arena_deal(seed, random.Random(seed), None)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            player = bot if seat % 2 == 0 else other
            action = player.choose(state.view(seat), legal, rng)
            assert action in legal or action.kind == "bury"
            state.apply(action)  # raises on an illegal action


@pytest.mark.parametrize(("preset", "name"), FROZEN)
def test_frozen_bot_through_the_arena(preset: str, name: str) -> None:
    summary = arena.run(preset, name, "random", 3, seed=11)
    assert summary["illegal"] == 0 and summary["errors"] == 0 and summary["deals_scored"] == 3
    assert summary["a_win_rate"] > 0.5
    summary = arena.run(preset, "normal", name, 2, seed=3)
    assert summary["illegal"] == 0 and summary["errors"] == 0 and summary["deals_scored"] == 2


def test_frozen_bots_are_no_game_level() -> None:
    assert not {name for _, name in FROZEN} & set(ALL_LEVELS)


@pytest.mark.parametrize(("preset", "name"), WITHOUT)
def test_a_game_without_a_yardstick_refuses_it(preset: str, name: str) -> None:
    with pytest.raises(ValueError, match="cannot play"):
        arena.run(preset, name, "normal", 1, seed=1)
    with pytest.raises(SystemExit):
        arena.main(["--preset", preset, "--a", name, "--b", "normal", "--deals", "1"])
