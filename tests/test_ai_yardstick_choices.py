"""Each yardstick frozen in issue 56 makes the choices the game's Normal made on the day it was
frozen (issue 56: Guandan's ``normal-v3``, Dou Dizhu's ``normal-v1``), recorded before the
game's bot changed in tests/data/<game>_<name>_choices.json. The positions are reached by a bot
that never changes (the game's ``normal-v1`` yardstick) playing every seat of the arena's
deals; every ``EVERY``-th decision with a choice is asked.

To record a fixture (only for a new yardstick, from the live Normal it freezes, from tests/):
``python -c "import test_ai_yardstick_choices as t; t.record('doudizhu', 'normal-v1')"``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import yardsticks  # noqa: E402

from game import registry  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
#: (game, yardstick, deals, every k-th decision asked)
CASES = [("guandan", "normal-v3", 10, 2), ("doudizhu", "normal-v1", 30, 2)]


def _fixture(game: str, name: str) -> Path:
    return DATA / f"{game}_{name.replace('-', '_')}_choices.json"


def _positions(game: str, deals: int, every: int) -> Iterator[tuple[int, int, Any, list[Any]]]:
    """(deal, step, view, legal) at every ``every``-th decision with a choice."""
    spec = registry.get(game)
    driver = yardsticks.make(game, "normal-v1")
    for deal in range(deals):
        state = spec.arena_deal(deal, random.Random(deal), None)
        rng = random.Random(deal + 1000)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            assert state.current_player is not None
            view = state.view(state.current_player)
            if len(legal) > 1:
                step += 1
                if step % every == 0:
                    yield deal, step, view, legal
            state.apply(driver.choose(view, legal, rng))


def choices(game: str, bot: Any, deals: int, every: int) -> list[dict[str, Any]]:
    """What ``bot`` chooses at each position of :func:`_positions`."""
    return [
        {"deal": deal, "step": step, "choice": str(bot.choose(view, legal, random.Random(step)))}
        for deal, step, view, legal in _positions(game, deals, every)
    ]


def record(game: str, name: str) -> None:
    """Write the fixture of ``name`` from today's Normal of ``game`` (before it changes)."""
    deals, every = next((d, e) for g, n, d, e in CASES if (g, n) == (game, name))
    rows = choices(game, make_bot(game, "normal", seed=0), deals, every)
    lines = ",\n".join(json.dumps(row) for row in rows)
    _fixture(game, name).write_text(f"[\n{lines}\n]\n", encoding="utf-8")


@pytest.mark.parametrize(("game", "name", "deals", "every"), CASES)
def test_the_yardstick_makes_the_recorded_choices_of_the_normal_it_froze(
    game: str, name: str, deals: int, every: int
) -> None:
    want = json.loads(_fixture(game, name).read_text(encoding="utf-8"))
    assert len(want) > 150 and len({row["choice"] for row in want}) > 40
    assert choices(game, yardsticks.make(game, name), deals, every) == want
