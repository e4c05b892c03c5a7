#!/usr/bin/env python3
"""Bot-vs-bot arena, duplicate style (issue 11; contract in shared/spec/tools.md).

    python tools/arena.py --preset guandan --a normal --b random --deals 100 --seed 1
    python tools/arena.py --preset runfast --a hard --b normal --deals 200 --seed 7 --json --workers 2
    python tools/arena.py --preset runfast --a normal --b random --deals 50 --options must_beat=warned_only

``--options KEY=VALUE ...`` plays every deal under those house rules (shared/spec/variants.md;
the keys of the game's ``options_schema()``, values read by the key's type). Shengji with
``first_dealer=first_declarer`` plays first deals (declaring from a random starting seat), the
only deals that option changes. Guandan with ``a_level_tries=3`` (VG3, which acts between the
deals of a match) plays deals at level A: a random team at A with 0..2 tries already played
(the other team at a random level, with its own count when at A too), a random leader, no
tribute; a team that drops back to 2 after its last try loses 12 levels more in the score
(``game.games.guandan.search.arena_deal``, ``arena_result``).

Each seeded deal is played once per seat arrangement with the same cards, so luck of the deal
cancels out: Guandan and Shengji twice (A on seats 0+2, then A on seats 1+3), Run Fast three
times (A on seat 0, 1 and 2; B plays the two other seats).

Deals: each game's registry entry names its seeded deal (``GameSpec.arena_deal``). Guandan and
Shengji play single deals from a seeded ``new_deal`` (not whole matches): the level rank is
drawn at random for each deal (Shengji also the dealer; Guandan the leader), and in Guandan
every other deal starts with tribute and return after a random previous finishing order, so
those phases are played too. Run Fast plays ordinary seeded deals.

Per played deal the score of A is: Guandan, the levels gained by A's team minus B's (G1.2);
Shengji, the same (S5.3; a take-over without promotion counts as a win worth 0 levels);
Run Fast, A's settlement (R5). A wins a deal when its team won it (Run Fast: when A's
settlement is positive). Each seeded deal gives one value, the mean over its arrangements;
the 95 % intervals are mean ± 1.96 standard errors over those per-deal values (normal
approximation), so the duplicate pairing is respected. ``decision_ms`` covers bot A's
decisions only (timed around ``choose``, one process per worker). Hard runs on a fixed sample
count (``--hard-samples``, default :data:`DEFAULT_HARD_SAMPLES`: at most that many samples per
decision, fewer only by the search's deterministic early stops, so runs repeat) unless
``--hard-samples 0`` gives it the game's time budget. ``a_samples`` tells how many samples A's
search evaluated per decision it searched; in budget mode it shows what fixed count matches
the game's Hard on this machine.

Frozen yardsticks (issues 31, 42, 53): ``normal-v1`` is a game's Normal as it was before it
learned an evaluation (Guandan's of 2 December 2026, Run Fast's of 3 December), ``normal-v2`` and
later a later day's, so ``--a normal --b normal-v1`` measures how far Normal has come. They are
tools, not game code (``tools/yardsticks/<game>/normal_v1.py``, :mod:`yardsticks`): arena names
only, never a game level; a game without one so named refuses it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the yardsticks, also when imported

import yardsticks  # noqa: E402

from game import registry  # noqa: E402
from game.ai.base import ALL_LEVELS, Bot, decide  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402
from game.rules.base import DealState  # noqa: E402

#: A job of :func:`pool_map` and its result.
J = TypeVar("J")
R = TypeVar("R")
MAX_PLIES = 5000  # no deal of any preset comes near this; a stuck engine must not hang the arena
#: Hard's fixed sample count: the median the game's former 1 s budget gave a searched decision
#: on one core (``--hard-samples 0``, ``a_samples``), so the arena measures about the Hard the
#: player meets (figures and results at this count: docs/ai-notes.md).
DEFAULT_HARD_SAMPLES = 16
#: Arena-only bots (the games' frozen yardsticks): name -> the games that have one so named.
FROZEN_BOTS = yardsticks.catalogue([spec.id for spec in registry.all_games()])
BOT_NAMES = (*ALL_LEVELS, *FROZEN_BOTS)


def frozen_problem(preset: str, name: str) -> str | None:
    """Why the frozen bot ``name`` cannot play ``preset`` (None when it can or is no frozen bot)."""
    if name in FROZEN_BOTS and preset not in FROZEN_BOTS[name]:
        return f"{name} is a {' or '.join(FROZEN_BOTS[name])} bot; it cannot play {preset}"
    return None


@dataclass
class DealOutcome:
    """Everything one seeded deal (all its arrangements) contributes to the totals."""

    index: int
    win: float = 0.0
    score: float = 0.0
    a_ms: list[float] = field(default_factory=list)
    b_ms: list[float] = field(default_factory=list)
    #: Samples of each decision A's search bot searched (Hard only; none for the heuristics).
    a_samples: list[int] = field(default_factory=list)
    illegal: int = 0
    errors: list[str] = field(default_factory=list)
    games: int = 0


def arrangements(preset: str) -> list[tuple[int, ...]]:
    """The seats A plays in each arrangement of one deal: each team of the game in turn."""
    return list(registry.get(preset).teams)


def parse_options(preset: str, pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` texts as the game's option values (bool: true/false, int: digits);
    raises ValueError naming a bad pair or key (the rules check the values: bad_option)."""
    schema = registry.get(preset).options_schema()
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or key not in schema:
            known = ", ".join(schema) or "none"
            raise ValueError(f"--options {pair!r}: not KEY=VALUE of {preset} (keys: {known})")
        kind = schema[key]["type"]
        if kind == "bool":
            if text.lower() not in ("true", "false"):
                raise ValueError(f"--options {pair!r}: {key} is true or false")
            options[key] = text.lower() == "true"
        elif kind == "int":
            try:
                options[key] = int(text)
            except ValueError:
                raise ValueError(f"--options {pair!r}: {key} is a number") from None
        else:
            options[key] = text
    registry.get(preset).rules.new_deal(seed=0, options=options)  # bad values: bad_option
    return options


def new_deal(preset: str, deal_seed: int, options: dict[str, Any] | None = None) -> DealState:
    """The seeded deal of the arena (see the module docstring), under ``options``."""
    rng = random.Random(deal_seed * 7919 + 17)
    return registry.get(preset).arena_deal(deal_seed, rng, options)


def arena_bot(
    preset: str, name: str, *, seed: int, budget_ms: int | None, samples: int | None
) -> Bot:
    """A bot by arena name: a registry level or a frozen yardstick (FROZEN_BOTS)."""
    if name not in FROZEN_BOTS:
        return make_bot(preset, name, seed=seed, budget_ms=budget_ms, samples=samples)
    problem = frozen_problem(preset, name)
    if problem:
        raise ValueError(problem)
    bot = yardsticks.make(preset, name)
    bot.rng = random.Random(seed)
    return bot


def a_result(preset: str, state: DealState, a_seats: tuple[int, ...]) -> tuple[float, float]:
    """(win 0/1, score) of A in a finished deal (the game's ``GameSpec.arena_result``: Guandan
    and Shengji signed levels, a Shengji take-over without promotion a win; Run Fast points)."""
    won, score = registry.get(preset).arena_result(state, a_seats[0])
    return (1.0 if won else 0.0), score


#: One deal's job: the game, A's and B's names, the deal's index, the seed, Hard's samples, the
#: time budget and the house rules.
DealJob = tuple[str, str, str, int, int, int, int | None, dict[str, Any] | None]


def play_deal(args: DealJob) -> DealOutcome:
    """All arrangements of one seeded deal."""
    preset, a_name, b_name, index, seed, hard_samples, budget_ms, options = args
    deal_seed = seed * 1_000_003 + index
    outcome = DealOutcome(index)
    wins: list[float] = []
    scores: list[float] = []
    for arrangement, a_seats in enumerate(arrangements(preset)):
        state = new_deal(preset, deal_seed, options)
        seats = registry.get(preset).seats
        bots: dict[int, Bot] = {}
        for seat in range(seats):
            name = a_name if seat in a_seats else b_name
            bots[seat] = arena_bot(
                preset,
                name,
                seed=deal_seed * 31 + seat,
                budget_ms=budget_ms,
                samples=hard_samples or None,
            )
        rng = random.Random(deal_seed * 101 + arrangement)
        try:
            plies = 0
            while not state.is_terminal:
                if plies >= MAX_PLIES:
                    raise RuntimeError(f"deal {deal_seed} did not end in {MAX_PLIES} plies")
                mover = state.current_player
                assert mover is not None  # a deal not over has a seat to act
                seat = mover
                turn = decide(state, bots[seat], rng)
                (outcome.a_ms if seat in a_seats else outcome.b_ms).append(turn.elapsed_ms)
                searched = getattr(bots[seat], "last_samples", 0)
                if seat in a_seats and searched:
                    outcome.a_samples.append(searched)
                if turn.fallback:
                    outcome.illegal += 1
                    outcome.errors.append(f"deal {deal_seed} seat {seat}: {turn.error}")
                state.apply(turn.action)
                plies += 1
            win, score = a_result(preset, state, a_seats)
            wins.append(win)
            scores.append(score)
        except Exception as exc:  # noqa: BLE001 - counted and reported, the run goes on
            outcome.errors.append(
                f"deal {deal_seed} arrangement {arrangement}: {type(exc).__name__}: {exc}\n"
                + traceback.format_exc(limit=4)
            )
        outcome.games += 1
    if wins:
        outcome.win = statistics.fmean(wins)
        outcome.score = statistics.fmean(scores)
    else:
        outcome.win = outcome.score = math.nan
    return outcome


def ci95(values: list[float], low: float = -math.inf, high: float = math.inf) -> list[float]:
    """Mean ± 1.96 standard errors (normal approximation), clipped to [low, high]."""
    if not values:
        return [math.nan, math.nan]
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return [round(max(low, mean - half), 4), round(min(high, mean + half), 4)]


def percentiles(times: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum in milliseconds."""
    if not times:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(math.ceil(0.95 * len(ordered))) - 1)]
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(p95, 2),
        "max": round(ordered[-1], 2),
    }


def sample_counts(counts: list[int]) -> dict[str, float] | None:
    """How many sampled deals A's search evaluated per decision it searched (forced moves
    and single candidates excluded): the count, median, mean and 10th/90th percentiles.
    None when A never searched (not Hard)."""
    if not counts:
        return None
    ordered = sorted(counts)
    n = len(ordered)
    return {
        "decisions": n,
        "p10": ordered[(n - 1) // 10],
        "p50": round(statistics.median(ordered), 1),
        "mean": round(statistics.fmean(ordered), 2),
        "p90": ordered[(9 * (n - 1)) // 10],
    }


def pool_map(fn: Callable[[J], R], jobs: list[J], workers: int) -> list[R]:
    """``fn`` of every job in order, in ``workers`` spawned processes when more than one."""
    if workers <= 1:
        return [fn(job) for job in jobs]
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        return pool.map(fn, jobs, chunksize=1)


def run(
    preset: str,
    a: str,
    b: str,
    deals: int,
    seed: int,
    *,
    workers: int = 1,
    hard_samples: int = DEFAULT_HARD_SAMPLES,
    budget_ms: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the arena and return the JSON summary (keys in shared/spec/tools.md)."""
    for name in (a, b):  # a frozen bot of another game fails here, before any deal
        problem = frozen_problem(preset, name)
        if problem:
            raise ValueError(problem)
    jobs = [(preset, a, b, index, seed, hard_samples, budget_ms, options) for index in range(deals)]
    start = time.perf_counter()
    outcomes = pool_map(play_deal, jobs, workers)
    elapsed = time.perf_counter() - start
    done = [o for o in outcomes if not math.isnan(o.win)]
    wins = [o.win for o in done]
    scores = [o.score for o in done]
    a_ms = [t for o in outcomes for t in o.a_ms]
    b_ms = [t for o in outcomes for t in o.b_ms]
    a_samples = [n for o in outcomes for n in o.a_samples]
    errors = [e for o in outcomes for e in o.errors]
    return {
        "preset": preset,
        "a": a,
        "b": b,
        "seed": seed,
        "options": dict(options or {}),
        "deals": deals,
        "games": sum(o.games for o in outcomes),
        "deals_scored": len(done),
        "a_win_rate": round(statistics.fmean(wins), 4) if wins else math.nan,
        "a_win_ci95": ci95(wins, 0.0, 1.0),
        "a_mean_score": round(statistics.fmean(scores), 4) if scores else math.nan,
        "a_score_ci95": ci95(scores),
        "decision_ms": percentiles(a_ms),
        "b_decision_ms": percentiles(b_ms),
        "decisions": len(a_ms),
        "illegal": sum(o.illegal for o in outcomes),
        "errors": len(errors),
        "error_messages": errors[:10],
        "hard_samples": hard_samples or None,
        "a_samples": sample_counts(a_samples),
        "deal_kind": registry.get(preset).arena_deals,
        "seconds": round(elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", required=True, choices=registry.ids())
    parser.add_argument("--a", required=True, choices=BOT_NAMES, help="bot of side A")
    parser.add_argument("--b", required=True, choices=BOT_NAMES, help="bot of side B")
    parser.add_argument("--deals", type=int, default=20, help="seeded deals (each duplicated)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--workers", type=int, default=1, help="processes (one core each)")
    parser.add_argument(
        "--hard-samples",
        type=int,
        default=DEFAULT_HARD_SAMPLES,
        help="samples per Hard decision, at most (0: use the time budget instead)",
    )
    parser.add_argument("--budget-ms", type=int, default=None, help="Hard's time budget")
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="KEY=VALUE", help="house rules (variants.md)"
    )
    args = parser.parse_args(argv)
    try:
        options = parse_options(args.preset, args.options)
    except ValueError as error:
        parser.error(str(error))
    for name in (args.a, args.b):
        problem = frozen_problem(args.preset, name)
        if problem:
            parser.error(problem)
    summary = run(
        args.preset,
        args.a,
        args.b,
        args.deals,
        args.seed,
        workers=args.workers,
        hard_samples=args.hard_samples,
        budget_ms=args.budget_ms,
        options=options,
    )
    if args.json:
        print(json.dumps(summary))
    else:
        ms = summary["decision_ms"]
        print(f"{args.preset}: {args.a} (A) vs {args.b} (B), {args.deals} duplicate deals")
        if options:
            print("  options " + " ".join(f"{k}={v}" for k, v in options.items()))
        print(f"  win rate of A   {summary['a_win_rate']:.3f}  95% {summary['a_win_ci95']}")
        print(f"  mean score of A {summary['a_mean_score']:.3f}  95% {summary['a_score_ci95']}")
        print(f"  A decision ms   p50 {ms['p50']}  p95 {ms['p95']}  max {ms['max']}")
        print(f"  illegal {summary['illegal']}  errors {summary['errors']}")
        for message in summary["error_messages"]:
            print("   ", message.splitlines()[0])
        print(f"  {summary['games']} games in {summary['seconds']} s")
    return 0 if summary["illegal"] == 0 and summary["errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
