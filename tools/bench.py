#!/usr/bin/env python3
"""Benchmarks: rules throughput, AI-facing hot paths, frame and post-processing times.

    python tools/bench.py            # a table
    python tools/bench.py --json     # one JSON object (keys in shared/spec/tools.md)
    python tools/bench.py --quick    # fewer repetitions, for a smoke run

Each benchmark is a function registered with ``@bench``; it receives ``quick`` and returns a
dict of named figures (milliseconds unless the key says otherwise). Medians are taken over
enough repetitions to be stable.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BENCHES: list[Callable[[bool], dict[str, float]]] = []


def bench(function: Callable[[bool], dict[str, float]]) -> Callable[[bool], dict[str, float]]:
    BENCHES.append(function)
    return function


def timings_ms(call: Callable[[], object], repeats: int) -> list[float]:
    """Wall-clock times of ``repeats`` calls, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3)


def random_deals_per_s(new_deal: Callable[..., object], seconds: float, seed: int = 1) -> float:
    """Random-play deals per second through the state protocol (legal_actions + apply)."""
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_deal(seed=rng.randrange(1 << 30))
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        deals += 1
    return round(deals / (time.perf_counter() - start), 1)


# --- Benchmarks (each owner adds its own below) ------------------------------------------


# Run Fast (owner: Run Fast engine).
@bench
def runfast_bench(quick: bool) -> dict[str, float]:
    """Random-play Run Fast deals per second (issue 4 goal: >= 300)."""
    from game.rules import runfast

    return {"runfast_deals_per_s": random_deals_per_s(runfast.new_deal, 1.0 if quick else 4.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args(argv)
    results: dict[str, float] = {}
    for function in BENCHES:
        results.update(function(args.quick))
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        width = max((len(key) for key in results), default=10)
        for key, value in sorted(results.items()):
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
