#!/usr/bin/env python3
"""How often the coach speaks (issue 41): whole deals with the player's seat played by a bot of
the table's level (a stand-in for a player of that strength), every decision of that seat judged
by the coach's review (``game.history.review.judge``, its fixed samples), and each verdict's loss
(how much better Hard values its own choice, in the game's outcome) compared with the thresholds.

    python tools/coach_rate.py --deals 3 --games guandan shengji runfast --levels easy normal hard

Prints, per game and level: deals, decisions, notes per deal at the coach's threshold
(``GameSpec.coach_threshold``) and at a lower and a higher one, and the loss quantiles of
the verdicts where Hard disagreed (interpolated: with few values they may lie outside them) and
those losses themselves. ``--json`` prints the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402
from game.history import coach, review  # noqa: E402

SEAT = 0


def one_deal(preset: str, level: str, seed: int) -> list[float]:
    """The losses (>= 0) of every decision of seat 0 in one deal, 0 where Hard agrees."""
    spec = registry.get(preset)
    state = spec.rules.new_deal(seed=seed)
    bots = {s: make_bot(preset, level, seed=seed * 10 + s) for s in range(spec.seats)}
    rng = random.Random(seed)
    losses = []
    ply = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        legal = list(state.legal_actions())
        action = bots[seat].choose(state.clone().view(seat), legal, rng)
        if seat == SEAT and len(legal) > 1:
            found = review.judge(preset, ply, state, action, seed * 1009 + ply)
            losses.append(0.0 if found.agrees else max(0.0, -found.difference))
        state.apply(action)
        ply += 1
    return losses


def measure(preset: str, level: str, deals: int, first_seed: int) -> dict[str, Any]:
    losses: list[float] = []
    for index in range(deals):
        losses += one_deal(preset, level, first_seed + index)
    limit = coach.threshold(preset)
    wrong = sorted(x for x in losses if x > 0)

    def per_deal(threshold: float) -> float:
        return round(sum(1 for x in losses if x >= threshold) / deals, 2)

    quantiles = statistics.quantiles(wrong, n=4) if len(wrong) >= 2 else wrong
    return {
        "game": preset,
        "level": level,
        "deals": deals,
        "decisions": len(losses),
        "disagree": len(wrong),
        "threshold": limit,
        "notes_per_deal": per_deal(limit),
        "at_half": per_deal(limit / 2),
        "at_double": per_deal(limit * 2),
        "loss_quartiles": [round(q, 3) for q in quantiles],
        "loss_max": round(max(wrong), 3) if wrong else 0.0,
        "losses": [round(x, 3) for x in wrong],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--games", nargs="+", default=list(registry.ids()))
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for preset in args.games:
        for level in args.levels:
            row = measure(preset, level, args.deals, args.seed)
            rows.append(row)
            if not args.json:
                print(
                    f"{preset:8} {level:6} deals {row['deals']} decisions {row['decisions']:3} "
                    f"disagree {row['disagree']:3} notes/deal {row['notes_per_deal']:5} "
                    f"(at {row['threshold'] / 2:g}: {row['at_half']}, "
                    f"at {row['threshold'] * 2:g}: {row['at_double']}) "
                    f"loss quartiles {row['loss_quartiles']} max {row['loss_max']} "
                    f"losses {row['losses']}",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
