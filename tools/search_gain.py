#!/usr/bin/env python3
"""What one bot's departures from another are worth, decision by decision (issue 31).

    python tools/search_gain.py --preset guandan --deals 100 --every 4 --seed 1000 --json
    python tools/search_gain.py --preset guandan --a hard --b normal --hard-samples 16

Positions: the arena's seeded deals (``GameSpec.arena_deal``) played by B in every seat; every
``--every``-th decision with a choice is kept. At each, A (Hard by default, at the game's time
budget unless ``--hard-samples``) and B (Normal) choose from the deciding seat's view. Where they
differ, both actions are played out on the real deal by B in every seat, and the departure's
gain is the difference of the deciding seat's outcomes (``GameSpec.outcome``: Guandan and
Shengji levels, Run Fast points). B is deterministic (no noise, seeded searches), so one
playout per action gives exactly "this one departure, then everyone plays as B".

Why beside the arena: a 40-deal arena run of Hard at the game's budget takes about 18 minutes
of one core and its 95 % interval is about ±10 points; here every position where A agrees with
B counts exactly 0, so the noise comes only from the departures. The figure is a screen, not the
arena's goal: it values single departures with B playing on (not A's whole game), on the real
hands (which A never sees), and the deciding seat's own later plays are B's too.

JSON keys: ``positions``, ``departures`` (A chose otherwise), ``changed`` (the outcome differed),
``gain`` (mean gain per position) and ``gain_ci95``, ``gain_per_departure``, ``a_ms`` (p50, p95,
max of A's decisions), ``a_samples`` (median samples of A's searched decisions), and, where B
has an end game (Guandan: a live seat holds 8 cards or fewer), ``endgame`` and ``before``
(positions, gain, interval) for the two parts.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import arena_bot, ci95, new_deal, percentiles  # noqa: E402

from game import registry  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from game.registry.spec import GameSpec  # noqa: E402
from game.rules.base import DealState  # noqa: E402


def to_act(state: DealState) -> int:
    """The seat to act in a deal not over."""
    seat = state.current_player
    assert seat is not None, "a deal not over has a seat to act"
    return seat


def positions(preset: str, b: Bot, seed: int, deals: int, every: int) -> list[DealState]:
    """Every ``every``-th decision with a choice of ``deals`` arena deals played by ``b``."""
    found: list[DealState] = []
    for index in range(deals):
        state = new_deal(preset, seed * 1_000_003 + index)
        rng = random.Random(index)
        choices = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(legal) > 1:
                choices += 1
                if choices % every == 0:
                    found.append(state.clone())
                action = b.choose(state.view(to_act(state)), legal, rng)
            else:
                action = legal[0]
            state.apply(action)
    return found


def playout(state: DealState, b: Bot, seat: int, spec: GameSpec, seed: int) -> float:
    """``state`` played to its end by ``b`` in every seat; ``seat``'s outcome."""
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else b.choose(state.view(to_act(state)), legal, rng)
        state.apply(action)
    return spec.outcome(state, seat)


def summary(gains: list[float]) -> dict[str, Any]:
    """Positions, mean gain and its 95 % interval."""
    return {
        "positions": len(gains),
        "gain": round(statistics.fmean(gains), 4) if gains else math.nan,
        "gain_ci95": ci95(gains),
    }


def run(
    preset: str,
    a_name: str = "hard",
    b_name: str = "normal",
    *,
    deals: int = 100,
    every: int = 4,
    seed: int = 1000,
    hard_samples: int = 0,
    budget_ms: int | None = None,
) -> dict[str, Any]:
    """The measurement of the module docstring, as the JSON's dictionary."""
    spec = registry.get(preset)
    a = arena_bot(preset, a_name, seed=seed, budget_ms=budget_ms, samples=hard_samples or None)
    b = arena_bot(preset, b_name, seed=seed, budget_ms=budget_ms, samples=None)
    late = getattr(b, "in_endgame", None)
    gains: list[float] = []
    parts: dict[str, list[float]] = {"endgame": [], "before": []}
    times: list[float] = []
    samples: list[int] = []
    departures = changed = 0
    started = time.perf_counter()
    for index, state in enumerate(positions(preset, b, seed, deals, every)):
        seat = to_act(state)
        view, legal = state.view(seat), state.legal_actions()
        clock = time.perf_counter()
        mine = a.choose(view, legal, random.Random(index))
        times.append((time.perf_counter() - clock) * 1000.0)
        searched = getattr(a, "last_samples", 0)  # Hard's sampled deals (the other bots: none)
        if searched:
            samples.append(searched)
        theirs = b.choose(view, legal, random.Random(index))
        gain = 0.0
        if mine != theirs:
            departures += 1
            values: list[float] = []
            for action in (mine, theirs):
                after = state.clone()
                after.apply(action)
                values.append(playout(after, b, seat, spec, index))
            gain = values[0] - values[1]
            changed += gain != 0.0
        gains.append(gain)
        if late is not None:
            parts["endgame" if late(view) else "before"].append(gain)
    result = {
        "preset": preset,
        "a": a_name,
        "b": b_name,
        "seed": seed,
        "deals": deals,
        "every": every,
        "hard_samples": hard_samples or None,
        **summary(gains),
        "departures": departures,
        "changed": changed,
        "gain_per_departure": round(sum(gains) / departures, 4) if departures else 0.0,
        "a_ms": percentiles(times),
        "a_samples": statistics.median(samples) if samples else None,
        "seconds": round(time.perf_counter() - started, 1),
    }
    if late is not None:
        result.update({name: summary(values) for name, values in parts.items()})
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", required=True, choices=[g.id for g in registry.all_games()])
    parser.add_argument("--a", default="hard", help="the bot whose departures are valued")
    parser.add_argument("--b", default="normal", help="the reference, which also plays on")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--every", type=int, default=4, help="keep every k-th decision")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--hard-samples", type=int, default=0, help="Hard's fixed samples (0: its time budget)"
    )
    parser.add_argument("--budget-ms", type=int, default=None, help="Hard's time budget")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.every < 1:
        parser.error("--deals and --every must be at least 1")
    result = run(
        args.preset, args.a, args.b, deals=args.deals, every=args.every, seed=args.seed,
        hard_samples=args.hard_samples, budget_ms=args.budget_ms,
    )  # fmt: skip
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
