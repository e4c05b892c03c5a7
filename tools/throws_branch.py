#!/usr/bin/env python3
"""What each of Shengji Normal's throw decisions is worth, the deal played on both ways (issue 58).

    python tools/throws_branch.py --deals 1000 --seed 5891 --workers 2 --json

Each seeded deal is played as ``tools/arena.py --preset shengji --options throws=true`` plays it
(``--a`` against ``--b``, both seat arrangements). At each lead of A's seats in the deal's first
``THROW_TRICKS`` tricks (throw_plan.py) where Normal's scoring weighs a throw it would risk (one
not sunk below every other lead), the game is branched: ``T`` leads the best-scored throw, ``N``
the best lead that is not a throw (the lead ``normal-nothrow`` would choose), and both are played
to the end by the same bots from the same random state. ``T`` − ``N`` of A's win (0/1), levels and
final points is the decision's worth, with the true hands' continuation; the game itself goes on
with A's own choice. A decision is ``chosen`` when the scores put the throw first (A's own when
A is ``normal``, the bot this tool is for).

The summary groups the decisions (``chosen`` and ``offered``, the throws scored below the best
lead) by what the thrower's view showed: the trick, A's side, a trump throw, whether the view
proved every component, the throw's cards and points. Per group: ``n``, ``dw``, ``dl``, ``dp``
(summed changes of A's wins, levels, points) and ``dl_mean`` with ``dl_ci95``.

JSON keys: ``a``, ``b``, ``seed``, ``deals``, ``decisions``, ``groups``, ``seconds``. ``--rows``
writes every decision: the features (``trick``, ``attack``, ``dealer``, ``trump``, ``cards``,
``parts``, ``pairs``, ``points``, ``rest``: the thrower's cards of the suit left, ``ruff``: its
view's chance of a ruff, ``proved``, ``margin``: the throw's score less the best other lead's,
``chosen``), the changes ``dw``, ``dl``, ``dp``, both branches' results ``t`` and ``n``, and
the game's own result ``game`` with the lead it played (``led``: ``T``, ``N`` or ``other``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena import arrangements, ci95, pool_map  # noqa: E402
from throws_gain import PRESET, bot_and_deal_arguments, start  # noqa: E402
from throws_gain import outcome as game_outcome  # noqa: E402

from game.ai.base import Bot, decide  # noqa: E402
from game.games.shengji.bot import ShengjiBot  # noqa: E402
from game.games.shengji.memory import unseen_cards  # noqa: E402
from game.games.shengji.rules import TRUMP, Format, ShengjiState, points_of  # noqa: E402
from game.games.shengji.throw_plan import (  # noqa: E402
    RISKY_THROW,
    THROW_TRICKS,
    ThrowJudge,
    is_throw,
    pairless_suits,
)
from game.rules.base import Action  # noqa: E402

#: Result of a finished game for A's team: win (0/1), signed levels, signed final points.
Result = tuple[float, float, float]


def outcome(state: ShengjiState, a_seats: tuple[int, ...]) -> Result:
    """A's win, levels and final points (throws_gain.py)."""
    return game_outcome(state, a_seats)[:3]


def finish(
    state: ShengjiState, bots: dict[int, Bot], rng: random.Random, a_seats: tuple[int, ...]
) -> Result:
    """Play ``state`` to its end with ``bots``; A's result."""
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        state.apply(decide(state, bots[seat], rng).action)
    return outcome(state, a_seats)


def candidates(
    state: ShengjiState, seat: int, judge_bot: ShengjiBot
) -> tuple[Action, Action, dict[str, Any]] | None:
    """The best throw Normal's scores would risk for ``seat``, its best other lead and the
    throw's features, or None."""
    view = state.view(seat)
    scored = judge_bot.play_scores(view, list(state.legal_actions()))
    others = [(s, a) for s, a in scored if not is_throw(a)]
    floor = min((s for s, _ in others), default=0.0)
    throws = [(s, a) for s, a in scored if is_throw(a) and s > floor + RISKY_THROW / 2]
    if not throws or not others:
        return None
    t_score, throw = max(throws, key=lambda pair: pair[0])
    n_score, other = max(others, key=lambda pair: pair[0])
    trump, fmt, attackers = view.trump, throw.combo, view.attackers
    assert trump is not None and attackers is not None  # known in play (S2.6)
    assert isinstance(fmt, Format)  # a throw
    unseen = unseen_cards(view)
    judge = ThrowJudge(view, unseen, pairless_suits(view))
    in_suit = sum(1 for c in view.hand if trump.effective_suit(c) == fmt.suit)
    features = {
        "trick": len(view.tricks) + 1,
        "attack": seat % 2 == attackers % 2,
        "dealer": seat == view.dealer,
        "trump": fmt.suit == TRUMP,
        "cards": len(throw.cards),
        "parts": len(fmt.components),
        "pairs": fmt.pairs,
        "points": points_of(throw.cards),
        "rest": in_suit - len(throw.cards),
        "ruff": round(judge.ruff_chance(fmt.suit), 3),
        "proved": judge.safe(fmt),
        "margin": round(t_score - n_score, 2),
        "chosen": t_score > n_score,
    }
    return throw, other, features


def game(deal_seed: int, arrangement: int, a_name: str, b_name: str) -> list[dict[str, Any]]:
    """The arena's game of ``deal_seed`` on ``arrangement``, branched at A's throw decisions."""
    state, bots, rng, a_seats = start(deal_seed, arrangement, a_name, b_name)
    judge_bot = ShengjiBot()  # Normal's scores name the best throw and the best other lead
    rows: list[dict[str, Any]] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        found = None
        if seat in a_seats and state.phase == "play" and not state.trick:
            if len(state.tricks) < THROW_TRICKS:
                found = candidates(state, seat, judge_bot)
        action = decide(state, bots[seat], rng).action
        if found is not None:
            throw, other, row = found
            results = {}
            for name, lead in (("t", throw), ("n", other)):
                branch, branch_rng = state.clone(), random.Random()
                branch_rng.setstate(rng.getstate())
                branch.apply(lead)
                results[name] = finish(branch, bots, branch_rng, a_seats)
            t, n = results["t"], results["n"]
            row.update(dw=t[0] - n[0], dl=t[1] - n[1], dp=t[2] - n[2], t=t, n=n)
            row["led"] = "T" if action == throw else "N" if action == other else "other"
            rows.append(row)
        state.apply(action)
    result = outcome(state, a_seats)
    for row in rows:
        row.update(game=result, deal=deal_seed, arrangement=arrangement)
    return rows


def job(args: tuple[int, int, str, str]) -> list[dict[str, Any]]:
    """Both arrangements of one deal."""
    seed, index, a_name, b_name = args
    deal_seed = seed * 1_000_003 + index
    rows = []
    for arrangement in range(len(arrangements(PRESET))):
        rows += game(deal_seed, arrangement, a_name, b_name)
    return rows


def groups_of(row: dict[str, Any]) -> list[str]:
    """The groups a decision belongs to (see the module docstring)."""
    kind = "chosen" if row["chosen"] else "offered"
    cards = row["cards"] if row["cards"] < 5 else "5+"
    points = next(
        f"{low}-{high}"
        for low, high in ((0, 0), (5, 10), (15, 20), (25, 200))
        if low <= row["points"] <= high
    )
    names = [
        f"trick {row['trick']}",
        "attack" if row["attack"] else "defence",
        "trump" if row["trump"] else "side suit",
        "proved" if row["proved"] else "searched",
        f"{cards} cards",
        f"points {points}",
    ]
    return [kind] + [f"{kind}, {name}" for name in names]


def summarize(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per group: decisions, summed changes and the levels' mean with its interval."""
    members: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        for name in groups_of(row):
            members.setdefault(name, []).append(row)
    groups = {}
    for name, rs in sorted(members.items()):
        levels = [r["dl"] for r in rs]
        groups[name] = {
            "n": len(rs),
            "dw": sum(r["dw"] for r in rs),
            "dl": sum(levels),
            "dp": sum(r["dp"] for r in rs),
            "dl_mean": round(statistics.fmean(levels), 4),
            "dl_ci95": ci95(levels) if len(rs) > 1 else [levels[0], levels[0]],
        }
    return groups


def run(
    a: str, b: str, deals: int, seed: int, *, workers: int = 1
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play and branch the deals; the JSON summary and every decision's row."""
    start = time.perf_counter()
    parts = pool_map(job, [(seed, index, a, b) for index in range(deals)], workers)
    rows = [row for part in parts for row in part]
    summary: dict[str, Any] = {"a": a, "b": b, "seed": seed, "deals": deals}
    summary.update(decisions=len(rows), groups=summarize(rows))
    summary["seconds"] = round(time.perf_counter() - start, 1)
    return summary, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bot_and_deal_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--rows", type=Path, help="write every decision's row (JSON) here")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    summary, rows = run(args.a, args.b, args.deals, args.seed, workers=args.workers)
    if args.rows:
        args.rows.write_text(json.dumps(rows))
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"shengji throw decisions: {args.a} (A) vs {args.b}, {args.deals} deals")
    print(f"  {summary['decisions']} decisions branched")
    for name, group in summary["groups"].items():
        print(f"  {name:34} " + " ".join(f"{k} {v}" for k, v in group.items()))
    print(f"  {summary['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
