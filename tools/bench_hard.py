"""Hard's think time for tools/bench.py (issue 56: Hard within a second in every game): each
game's arena deals with Hard (the app's budget) in one seat, a different seat each deal, and
Normal in the others, until Hard has made ``DECISIONS`` searched decisions (``QUICK`` with
``--quick``): decisions with a choice where its ``searched`` hook says it searches (Guandan:
the end game; elsewhere Hard is Normal and as quick).

Keys: ``<game>_hard_ms_p95`` (wall time, as the player waits: the goal is at most 1000 ms on
a quiet machine), ``<game>_hard_ms_max``, and ``<game>_hard_cpu_ms_p95`` (this process's CPU
time of the same decisions: on a busy machine the budget is wall time, so CPU time falls below
it while wall time stays near the budget).
"""

from __future__ import annotations

import random
import time

#: Hard's decisions with a choice measured per game (about 15 s a game at most).
DECISIONS = 16
QUICK = 4
#: Arena deals tried at most per game.
MAX_DEALS = 6


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3) if values else 0.0


def hard_think_bench(quick: bool) -> dict[str, float]:
    """Hard's wall and CPU time per decision with a choice, in every game (the module
    docstring)."""
    from game import registry
    from game.ai.base import decide
    from game.ai.registry import make_bot

    wanted = QUICK if quick else DECISIONS
    figures: dict[str, float] = {}
    for spec in registry.all_games():
        searched = spec.search_hooks().searched
        wall: list[float] = []
        cpu: list[float] = []
        for index in range(MAX_DEALS):
            if len(wall) >= wanted:
                break
            state = spec.arena_deal(1000 + index, random.Random(index), None)
            hard_seat = index % spec.seats
            bots = [
                make_bot(spec.id, "hard" if seat == hard_seat else "normal", seed=index)
                for seat in range(spec.seats)
            ]
            rng = random.Random(index)
            while not state.is_terminal and len(wall) < wanted:
                seat = state.current_player
                assert seat is not None  # a deal not over has a seat to act
                if len(state.legal_actions()) == 1:
                    state.apply(state.legal_actions()[0])
                    continue
                timed = seat == hard_seat and (searched is None or searched(state.view(seat)))
                start = time.process_time()
                turn = decide(state, bots[seat], rng)
                if timed:
                    cpu.append((time.process_time() - start) * 1000.0)
                    wall.append(turn.elapsed_ms)
                state.apply(turn.action)
        figures[f"{spec.id}_hard_ms_p95"] = _p95(wall)
        figures[f"{spec.id}_hard_ms_max"] = round(max(wall), 3) if wall else 0.0
        figures[f"{spec.id}_hard_cpu_ms_p95"] = _p95(cpu)
    return figures
