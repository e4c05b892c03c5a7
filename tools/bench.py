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


# Shengji (owner: Shengji engine).
def shengji_tractor_positions(count: int, seed: int = 7) -> list[object]:
    """First-trick positions where the dealer led a tractor and the next seat (25 cards)
    must follow: the states of ``shengji_follow_ms_median``."""
    from game.rules import shengji

    rng = random.Random(seed)
    positions: list[object] = []
    while len(positions) < count:
        state = shengji.new_deal(seed=rng.randrange(1 << 30))
        while state.phase == "declare":
            state.apply(rng.choice(state.legal_actions()))
        state.apply(state.legal_actions()[0])  # bury
        tractors = [a for a in state.legal_actions() if a.combo and a.combo.kind == "tractor"]
        if tractors:
            state.apply(rng.choice(tractors))
            positions.append(state)
    return positions


@bench
def shengji_bench(quick: bool) -> dict[str, float]:
    """Random-play Shengji deals per second (issue 3 goal: >= 100) and the median time of
    ``legal_actions()`` following a tractor lead with a 25-card hand."""
    from game.rules import shengji

    deals = random_deals_per_s(shengji.new_deal, 1.0 if quick else 4.0)
    positions = shengji_tractor_positions(20 if quick else 60)
    times: list[float] = []
    for state in positions:
        times += timings_ms(state.legal_actions, 3 if quick else 10)
    return {
        "shengji_deals_per_s": deals,
        "shengji_follow_ms_median": median(times),
        "shengji_follow_ms_p95": p95(times),
    }


# Text (owner: i18n engineer).


@bench
def text_bench(quick: bool) -> dict[str, float]:
    """game.text: drawing a line uncached (shaping, bidi, runs) in English, Persian and
    Chinese, a cached draw (what a frame pays), and a whole Persian rules page wrapped."""
    import pygame

    from game import i18n, text

    pygame.font.init()
    samples = {
        "en": "Alice plays a pair of 7s and has 12 cards left",
        "fa": "بازیکن Alice با ۲۵ امتیاز (در دور 3) برنده شد.",
        "zh": "第3轮：Alice 出了一对7，还剩12张牌。",
    }
    repeats = 20 if quick else 100
    figures: dict[str, float] = {}
    for lang, line in samples.items():

        def uncached(line: str = line, lang: str = lang) -> None:
            text.clear_cache()
            text.render(line, 24, (240, 230, 210), lang=lang)

        figures[f"text_line_{lang}_ms_median"] = median(timings_ms(uncached, repeats))
    text.render(samples["fa"], 24, (240, 230, 210), lang="fa")
    figures["text_cached_ms_median"] = median(
        timings_ms(lambda: text.render(samples["fa"], 24, (240, 230, 210), lang="fa"), repeats)
    )
    page = i18n.catalog("fa").get("rules.guandan.text", "")
    if page:

        def whole_page() -> None:
            text.clear_cache()
            text.render(page, 22, (240, 230, 210), max_width=1100, lang="fa")

        figures["text_rules_page_fa_ms_median"] = median(timings_ms(whole_page, 2 if quick else 5))
    text.clear_cache()
    return figures


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
