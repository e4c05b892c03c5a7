#!/usr/bin/env python3
"""Where Shengji throws (house rule VS4) win or lose levels, deal by deal (issue 58).

    python tools/throws_gain.py --deals 200 --seed 58 --workers 2
    python tools/throws_gain.py --a normal --b normal-nothrow --base normal-nothrow --all --json

Each seeded deal is played as ``tools/arena.py --preset shengji --options throws=true`` plays it
(the same deal, bots, seeds, both seat arrangements): A against B. Every game in which A's seats
led a throw (every game with ``--all``) is played again with ``--base`` in A's seats, so the
difference of the two games is what A's throwing (or, with ``--all``, anything else in which A
differs from the base) changed. With ``--base`` equal to ``--b`` the base games are the same bot
in all four seats, whose duplicate pair is worth exactly 0.5 and 0 levels, so ``a_win_rate`` and
``a_levels`` equal the arena's figures for the same deals; only the games A threw in are
replayed, so a try is judged on the deals where it acts.

Each throw A led is classed: ``stood`` (the trick went to A's team), ``ruffed`` (it stood but an
opponent won the trick by trumps, VS4.6), ``failed`` (VS4.4; ``taken_back`` cards cost 10
points each, VS4.8); ``proved`` when the thrower's view proved every component (throw_plan.py),
else ``searched``; its ``cashed`` points are the trick's points, signed for A's team; the rows
(``--rows``) also keep each throw's ``ruff`` (the chance the thrower's view gave a ruff),
``points``, ``trump`` and ``rest`` (the thrower's cards of the suit left). Games are
grouped by the worst of their throws (``failed`` > ``ruffed`` > ``stood``), by the trick of A's
first throw, by A's side (``attack`` / ``defence``), by proof, and ``followed`` (A's seats
followed a throw of B's). Per group: ``games``, ``dw`` (summed change of A's wins), ``dl``
(levels), ``dp`` (A's team's final points, the kitty bonus and penalties included).

JSON keys: ``a``, ``b``, ``base``, ``seed``, ``deals``, ``games``, ``replayed``, ``changed``,
``win_gain`` and ``levels_gain`` (mean change per deal, with ``*_ci95``), ``a_win_rate`` and
``a_levels`` (when ``--base`` is ``--b``), ``throws`` (counts), ``groups``, ``seconds``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import BOT_NAMES, a_result, arena_bot, arrangements, ci95, new_deal, pool_map  # noqa: E402
from throws_missed import (  # noqa: E402
    REASONS,
    calibration,
    missed_at,
    summarize_calibration,
    summarize_missed,
    true_throw,
)

from game.ai.base import Bot, decide  # noqa: E402
from game.games.shengji.bot import ShengjiBot  # noqa: E402
from game.games.shengji.rules import TRUMP, Format, ShengjiState, points_of  # noqa: E402
from game.games.shengji.rules.throws import split, throw_format  # noqa: E402
from game.games.shengji.throw_plan import ThrowJudge, pairless_suits  # noqa: E402
from game.rules.base import Action  # noqa: E402

PRESET = "shengji"
OPTIONS: dict[str, Any] = {"throws": True}
#: Buckets of the trick (1-based) of A's first throw in a game.
TRICK_BUCKETS = ((1, 2), (3, 4), (5, 6), (7, 99))
#: A game's class is its worst throw's.
WORST = ("failed", "ruffed", "stood")


@dataclass
class Game:
    """One played game seen from A's team: its result and the throws A's seats led."""

    win: float
    levels: float
    points: float
    attack: bool
    throws: list[dict[str, Any]] = field(default_factory=list)
    followed: int = 0
    #: With ``missed``: the standing throws at each of A's leads (throws_missed.py).
    missed: list[dict[str, Any]] = field(default_factory=list)
    #: With ``missed``: the search's candidate throws at A's leads (throws_missed.py).
    calibration: list[dict[str, Any]] = field(default_factory=list)


def _judged(state: ShengjiState, seat: int, fmt: Format) -> tuple[bool, float]:
    """Whether ``seat``'s view proves every component of the throw ``fmt``, and the chance
    it gives a ruff of it (throw_plan.py)."""
    view = state.view(seat)
    judge = ThrowJudge(view, ShengjiBot().unseen(view), pairless_suits(view))
    return judge.safe(fmt), round(judge.ruff_chance(fmt.suit), 3)


def start(
    deal_seed: int, arrangement: int, a_name: str, b_name: str
) -> tuple[ShengjiState, dict[int, Bot], random.Random, tuple[int, ...]]:
    """The arena's game of ``deal_seed`` with A (``a_name``) on the arrangement's seats: the
    dealt state, the four bots, the game's random state and A's seats."""
    a_seats = arrangements(PRESET)[arrangement]
    state = new_deal(PRESET, deal_seed, OPTIONS)
    assert isinstance(state, ShengjiState)
    bots = {
        seat: arena_bot(
            PRESET,
            a_name if seat in a_seats else b_name,
            seed=deal_seed * 31 + seat,
            budget_ms=None,
            samples=16,
        )
        for seat in range(4)
    }
    return state, bots, random.Random(deal_seed * 101 + arrangement), a_seats


def outcome(state: ShengjiState, a_seats: tuple[int, ...]) -> tuple[float, float, float, bool]:
    """A's win (0/1), levels and final points (the kitty bonus and penalties included, VS4.8)
    in the finished ``state``, and whether A attacked."""
    win, levels = a_result(PRESET, state, a_seats)
    result = state.result
    assert result is not None  # the deal is over
    attack = a_seats[0] % 2 == result.attackers % 2
    points = result.attacker_points if attack else -result.attacker_points
    return win, levels, float(points), attack


def play(
    deal_seed: int,
    arrangement: int,
    a_name: str,
    b_name: str,
    missed: bool = False,
    oracle: frozenset[str] = frozenset(),
) -> Game:
    """The arena's game of ``deal_seed`` with A (``a_name``) on the arrangement's seats;
    ``missed`` records at A's leads the throws that would stand (throws_missed.py); with
    ``oracle`` classes A leads instead the clean standing throw of such a class (a cheat that
    sees the hands: the most a better judgement of that class could gain)."""
    state, bots, rng, a_seats = start(deal_seed, arrangement, a_name, b_name)
    throws: list[dict[str, Any]] = []
    open_throw: dict[str, Any] | None = None
    followed = 0
    standing: list[dict[str, Any]] = []
    candidates: list[dict[str, Any]] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        action = decide(state, bots[seat], rng).action
        if (missed or oracle) and seat in a_seats and state.phase == "play" and not state.trick:
            found = missed_at(state, seat, action)
            candidates += calibration(state, seat) if missed else []
            standing += found
            action = cheat(state, seat, found, oracle) or action
        lead = state.lead if state.trick else None
        if lead is not None and lead.kind == "throw" and seat in a_seats:
            followed += state.trick[0][0] not in a_seats  # a throw of B's that A follows
        combo, trump = action.combo, state.trump
        if isinstance(combo, Format) and combo.kind == "throw" and seat in a_seats and trump:
            proved, ruff = _judged(state, seat, combo)
            open_throw = {
                "seat": seat,
                "trick": len(state.tricks) + 1,
                "cards": len(action.cards),
                "parts": len(combo.components),
                "proved": proved,
                "ruff": ruff,
                "taken_back": 0,
                "trump": combo.suit == TRUMP,
                "points": points_of(action.cards),
                "rest": sum(
                    n for c, n in state.hands[seat].items() if trump.effective_suit(c) == combo.suit
                )
                - len(action.cards),  # the thrower's cards of the suit left
            }
            throws.append(open_throw)
        tricks = len(state.tricks)
        state.apply(action)
        if open_throw is not None and state.log[-1].action.kind == "throw_failed":
            open_throw["taken_back"] = len(action.cards) - len(state.log[-1].action.cards)
        if open_throw is not None and len(state.tricks) > tricks:
            _close(open_throw, state)
            open_throw = None
    win, levels, points, attack = outcome(state, a_seats)
    return Game(win, levels, points, attack, throws, followed, standing, candidates)


def cheat(
    state: ShengjiState, seat: int, found: list[dict[str, Any]], oracle: frozenset[str]
) -> Action | None:
    """The clean standing throw of a class in ``oracle`` with the most points, then cards."""
    chosen = [r for r in found if r["clean"] and r["class"] in oracle]
    if not chosen:
        return None
    best = max(chosen, key=lambda r: (r["points"], r["cards"]))
    cards = true_throw(state, seat, best["suit"])
    trump = state.trump
    assert cards is not None and trump is not None  # found by missed_at
    parts = split(cards, trump)
    assert parts is not None
    return Action("play", cards, throw_format(parts))


def _close(throw: dict[str, Any], state: ShengjiState) -> None:
    """Class the throw whose trick just ended and count its points for the thrower's team."""
    trick = state.tricks[-1]
    ours = trick.winner % 2 == throw["seat"] % 2
    throw["cashed"] = trick.points if ours else -trick.points
    if throw["taken_back"]:
        throw["class"] = "failed"
    else:
        throw["class"] = "stood" if ours else "ruffed"


def job(
    args: tuple[int, int, str, str, str, bool, bool, frozenset[str]],
) -> list[dict[str, Any]]:
    """Both arrangements of one deal: A's game, and the base game where it must be replayed
    (with ``missed``, never: the standing throws at A's leads instead)."""
    seed, index, a_name, b_name, base, replay_all, missed, oracle = args
    deal_seed = seed * 1_000_003 + index
    rows = []
    for arrangement in range(len(arrangements(PRESET))):
        game = play(deal_seed, arrangement, a_name, b_name, missed, oracle)
        row: dict[str, Any] = {"index": index, "arrangement": arrangement, "dw": 0.0}
        row.update(dl=0.0, dp=0.0, attack=game.attack, throws=game.throws)
        row["followed"] = game.followed
        if missed:
            row["missed"], row["calibration"] = game.missed, game.calibration
        elif game.throws or game.followed or replay_all:
            other = play(deal_seed, arrangement, base, b_name)
            row.update(dw=game.win - other.win, dl=game.levels - other.levels)
            row.update(dp=game.points - other.points, replayed=True)
        rows.append(row)
    return rows


def game_groups(row: dict[str, Any]) -> list[str]:
    """The groups a game with throws or follows belongs to (see the module docstring)."""
    throws = row["throws"]
    groups = []
    if row["followed"]:
        groups.append("followed")
    if not throws:
        return groups
    classes = {t["class"] for t in throws}
    groups.append(next(c for c in WORST if c in classes))
    first = throws[0]["trick"]
    low, high = next(b for b in TRICK_BUCKETS if b[0] <= first <= b[1])
    groups.append(
        f"first throw in tricks {low}-{high}" if high < 99 else f"first throw from trick {low}"
    )
    groups.append("attack" if row["attack"] else "defence")
    groups.append("proved" if all(t["proved"] for t in throws) else "searched")
    return groups


def summarize(rows: list[dict[str, Any]], deals: int) -> dict[str, Any]:
    """The figures of the module docstring from every game's row."""
    per_deal: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        per_deal.setdefault(row["index"], []).append(row)
    dw = [statistics.fmean(r["dw"] for r in rs) for rs in per_deal.values()]
    dl = [statistics.fmean(r["dl"] for r in rs) for rs in per_deal.values()]
    groups: dict[str, dict[str, float]] = {}
    for row in rows:
        for name in game_groups(row):
            group = groups.setdefault(name, {"games": 0, "dw": 0.0, "dl": 0.0, "dp": 0.0})
            group["games"] += 1
            for key in ("dw", "dl", "dp"):
                group[key] = round(group[key] + row[key], 4)
    led = [t for row in rows for t in row["throws"]]
    classes = Counter(t["class"] for t in led)
    return {
        "deals": deals,
        "games": len(rows),
        "replayed": sum(1 for r in rows if r.get("replayed")),
        "changed": sum(1 for r in rows if r["dw"] or r["dl"] or r["dp"]),
        "win_gain": round(statistics.fmean(dw), 4),
        "win_gain_ci95": ci95(dw),
        "levels_gain": round(statistics.fmean(dl), 4),
        "levels_gain_ci95": ci95(dl),
        "throws": {
            "led": len(led),
            "proved": sum(1 for t in led if t["proved"]),
            **{name: classes[name] for name in WORST},
            "taken_back": sum(t["taken_back"] for t in led),
            "cashed": sum(t["cashed"] for t in led),
            "cards": sum(t["cards"] for t in led),
        },
        "groups": dict(sorted(groups.items())),
    }


def run(
    a: str,
    b: str,
    base: str,
    deals: int,
    seed: int,
    *,
    workers: int = 1,
    replay_all: bool = False,
    missed: bool = False,
    oracle: frozenset[str] = frozenset(),
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the deals; the JSON summary and every game's row. With ``missed`` nothing is
    replayed: the summary's ``missed`` counts the standing throws by class instead."""
    jobs = [(seed, index, a, b, base, replay_all, missed, oracle) for index in range(deals)]
    start = time.perf_counter()
    parts = pool_map(job, jobs, workers)
    rows = [row for part in parts for row in part]
    summary: dict[str, Any] = {"a": a, "b": b, "base": base, "seed": seed}
    summary.update(summarize(rows, deals))
    if missed:
        summary["missed"] = summarize_missed([row["missed"] for row in rows])
        candidates = [r for row in rows for r in row["calibration"]]
        summary["calibration"] = summarize_calibration(candidates)
    elif base == b:  # the base games are worth exactly 0.5 and 0 levels to A (see above)
        summary["a_win_rate"] = round(0.5 + summary["win_gain"], 4)
        summary["a_levels"] = summary["levels_gain"]
    summary["seconds"] = round(time.perf_counter() - start, 1)
    return summary, rows


def bot_and_deal_arguments(parser: argparse.ArgumentParser) -> None:
    """The options this tool shares with throws_branch.py: the bots, the deals, the workers."""
    parser.add_argument("--a", default="normal", choices=BOT_NAMES, help="the throwing bot")
    parser.add_argument("--b", default="normal-nothrow", choices=BOT_NAMES, help="its opponent")
    parser.add_argument("--deals", type=int, default=20, help="seeded deals (each duplicated)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (one core each)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bot_and_deal_arguments(parser)
    parser.add_argument(
        "--base", default="normal-nothrow", choices=BOT_NAMES, help="A's seats in the replays"
    )
    parser.add_argument("--all", action="store_true", help="replay every game, not only A's throws")
    parser.add_argument(
        "--missed",
        action="store_true",
        help="no replays: count the throws that would stand at A's leads, by why A did not lead them",
    )
    parser.add_argument(
        "--oracle",
        default="",
        help="comma-separated classes of throws_missed.REASONS in which A, seeing the hands, "
        "leads the clean standing throw (an experiment's bound, never a bot)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--rows", type=Path, help="write every game's row (JSON) to this file")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    oracle = frozenset(c.strip() for c in args.oracle.split(",") if c.strip())
    if oracle - set(REASONS):
        parser.error(f"--oracle classes are among: {', '.join(REASONS)}")
    summary, rows = run(
        args.a,
        args.b,
        args.base,
        args.deals,
        args.seed,
        workers=args.workers,
        replay_all=args.all,
        missed=args.missed,
        oracle=oracle,
    )
    if args.rows:
        args.rows.write_text(json.dumps(rows))
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"shengji throws: {args.a} (A) vs {args.b}, base {args.base}, {args.deals} deals")
    if "a_win_rate" in summary:
        print(f"  A as the arena counts: win {summary['a_win_rate']}, levels {summary['a_levels']}")
    print(f"  win gain {summary['win_gain']} {summary['win_gain_ci95']}")
    print(f"  levels gain {summary['levels_gain']} {summary['levels_gain_ci95']}")
    print(
        f"  {summary['replayed']} of {summary['games']} games replayed, {summary['changed']} changed"
    )
    print("  throws " + " ".join(f"{k} {v}" for k, v in summary["throws"].items()))
    for name, group in summary["groups"].items():
        print(f"  {name:28} " + " ".join(f"{k} {v}" for k, v in group.items()))
    for name, counts in summary.get("missed", {}).items():
        print(f"  standing, {name:26} " + " ".join(f"{k} {v}" for k, v in counts.items()))
    for band in summary.get("calibration", []):
        print("  search's candidates, " + " ".join(f"{k} {v}" for k, v in band.items()))
    print(f"  {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
