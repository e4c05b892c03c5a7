"""Guandan's ``normal-v2`` (issue 42) is the Normal of 3 December 2026: on seeded positions it
makes the choices that Normal made before the second learned generation, recorded in
tests/data/guandan_normal_v2_choices.json (positions reached by the frozen ``normal-v1`` playing
all four seats of the arena's deals; every second decision with a choice, the end-game search's
decisions included)."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import yardsticks  # noqa: E402
from yardsticks.guandan.normal_v1 import GuandanBotV1  # noqa: E402
from yardsticks.guandan.normal_v2 import GuandanBotV2  # noqa: E402

from game.games.guandan.rules import View  # noqa: E402
from game.games.guandan.search import arena_deal  # noqa: E402
from game.rules.base import Action  # noqa: E402

FIXTURE = Path(__file__).resolve().parent / "data" / "guandan_normal_v2_choices.json"


def _positions(deals: int, every: int) -> Iterator[tuple[int, int, View, list[Action]]]:
    """(deal, step, view, legal) at every ``every``-th decision with a choice."""
    driver = GuandanBotV1()
    for deal in range(deals):
        state = arena_deal(deal, random.Random(deal), None)
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


def test_normal_v2_is_registered_as_a_yardstick() -> None:
    assert isinstance(yardsticks.make("guandan", "normal-v2"), GuandanBotV2)


def test_normal_v2_makes_the_recorded_choices_of_the_normal_it_froze() -> None:
    """normal-v2 still plays as Normal did before the second generation, the mean of two networks
    and the learned ranker (docs/ai-notes.md, issue 42), replaced Normal's judgment."""
    rows = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(rows) > 200 and sum(row["endgame"] for row in rows) > 50
    bot = GuandanBotV2()
    got = []
    for deal, step, view, legal in _positions(10, 2):
        choice = bot.choose(view, legal, random.Random(deal * 1000 + step))
        got.append({"deal": deal, "step": step, "choice": str(choice)})
    want = [{k: row[k] for k in ("deal", "step", "choice")} for row in rows]
    assert got == want
