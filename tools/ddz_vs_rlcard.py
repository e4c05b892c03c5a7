#!/usr/bin/env python3
"""Dou Dizhu: our bots against RLCard's rule agent (or another bot) on duplicate deals, roles
swapped (issue 43). Needs the optional ``rlcard`` extra for ``--them rlcard``.

    python tools/ddz_vs_rlcard.py --us normal --them rlcard --deals 200 --seed 1
    python tools/ddz_vs_rlcard.py --us normal --them random --deals 100
    python tools/ddz_vs_rlcard.py --us hard --them normal --deals 100 --hard-samples 24
    python tools/ddz_vs_rlcard.py --us normal --them normal-v1 --deals 400 --workers 2

Each seeded deal is played twice with the same cards and the same landlord seat: once with
``--us`` as the landlord against ``--them`` as both peasants, once the other way round. RLCard's
agent cannot bid, so the landlord is chosen as RLCard's own game does (the highest
``get_landlord_score`` of the 17 dealt cards; ties to the lower seat), with base 1 and no
bidding. Reported per role: the deals won by our side and its points per deal (the landlord's
settlement, or the two peasants' together), each with a 95 % interval (normal approximation;
win rates by the Wilson interval), and our side's p95 decision time.

A bot is a level (``random easy normal hard``), ``rlcard``, or one of the game's frozen
yardsticks (``normal-v1``, tools/yardsticks/doudizhu/). Each game reseeds the bots' own random
states from the deal's seed, so a run repeats exactly whatever ``--workers`` (processes) is.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.games.doudizhu import rules as ddz  # noqa: E402
from game.games.doudizhu.rules.combos import ORDER  # noqa: E402
from game.rules.base import Action  # noqa: E402

_CHAR = {rank: rank[0] for rank in ORDER}
_RL_ORDER = "3456789TJQKA2BR"


def rl_text(cards: Any) -> str:
    """Cards as RLCard's sorted rank string (``"3345BR"``)."""
    return "".join(sorted((_CHAR[c.rank] for c in cards), key=_RL_ORDER.index))


class RLCardAgent:
    """RLCard's ``doudizhu-rule-v1`` agent playing from one of our views."""

    name = "rlcard"

    def __init__(self) -> None:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

        self.agent = DouDizhuRuleAgentV1()

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        import numpy as np

        np.random.seed(rng.randrange(1 << 31))  # its random fallback, seeded from ours
        by_text: dict[str, Action] = {}
        for action in legal:
            by_text.setdefault("pass" if action.kind == "pass" else rl_text(action.cards), action)
        trace = []
        for record in view.log:
            if record.action.kind == "play":
                trace.append((record.seat, rl_text(record.action.cards)))
            elif record.action.kind == "pass":
                trace.append((record.seat, "pass"))
        raw = {
            "trace": trace,
            "current_hand": rl_text(view.hand),
            "actions": list(by_text),
            "landlord": view.landlord,
            "self": view.seat,
        }
        return by_text[self.agent.step({"raw_obs": raw})]


def make(level: str, samples: int) -> Any:
    if level == "rlcard":
        return RLCardAgent()
    import yardsticks

    from game import registry
    from game.ai.registry import make_bot

    if level in yardsticks.names("doudizhu"):
        return yardsticks.make("doudizhu", level)
    if "doudizhu" not in registry.ids():  # before the game has its registry entry
        registry.register(draft_spec())
    if level == "hard":
        return make_bot("doudizhu", "hard", seed=0, samples=samples or None)
    return make_bot("doudizhu", level, seed=0)


def draft_spec() -> Any:
    from game.registry.spec import GameSpec

    return GameSpec(
        id="doudizhu",
        seats=3,
        teams=((0,), (1,), (2,)),
        rules_path="game.games.doudizhu.rules",
        heuristic_path="game.games.doudizhu.bot:DoudizhuBot",
        search_path="game.games.doudizhu.search:HOOKS",
        sort_key_path="",
        table_view_path="",
        outcome_unit="points",
        pack_path="game.rules.cards:single_pack",
    )


def landlord_of(hands: list[list[Any]]) -> int:
    from rlcard.games.doudizhu.utils import get_landlord_score

    scores = [get_landlord_score(rl_text(hand)) for hand in hands]
    return scores.index(max(scores))


def play(state: Any, bots: list[Any], us: set[int], rng: random.Random, times: list[float]) -> None:
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        start = time.perf_counter()
        action = bots[seat].choose(state.view(seat), legal, rng)
        if seat in us:
            times.append(time.perf_counter() - start)
        state.apply(action)


def interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def wilson(wins: int, n: int) -> tuple[float, float, float]:
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


_BOTS: dict[tuple[str, int], Any] = {}


def _bot(level: str, samples: int, seed: int) -> Any:
    """The process's bot of ``level`` (made once), its random state reseeded for this game."""
    bot = _BOTS.get((level, samples))
    if bot is None:
        bot = _BOTS[(level, samples)] = make(level, samples)
    if hasattr(bot, "rng"):
        bot.rng = random.Random(seed)
    return bot


def play_deal(
    job: tuple[str, str, int, int, int, str],
) -> tuple[dict[str, tuple[bool, float]], list[float]]:
    """Both games of one seeded deal: our side's (won, points) per role, our decision times."""
    us_level, them_level, samples, index, seed, landlords = job
    dealt = ddz.new_deal(seed=seed)
    hands = [dealt.hand(s) for s in range(3)]
    landlord = landlord_of(hands) if landlords == "rlcard" else index % 3
    rows: dict[str, tuple[bool, float]] = {}
    times: list[float] = []
    for role in ("landlord", "peasants"):
        state = ddz.new_deal(hands=hands, kitty=dealt.kitty, landlord=landlord)
        us = {landlord} if role == "landlord" else {s for s in range(3) if s != landlord}
        ours, theirs = _bot(us_level, samples, seed), _bot(them_level, samples, seed + 1)
        bots = [ours if s in us else theirs for s in range(3)]
        play(state, bots, us, random.Random(seed ^ 0x5EED), times)
        result = state.result
        assert result is not None  # played to its end
        points = sum(result.settlement[s] for s in us)
        rows[role] = (points > 0, float(points))
    return rows, times


def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    jobs = [
        (args.us, args.them, args.hard_samples, index, rng.randrange(1 << 62), args.landlord)
        for index in range(args.deals)
    ]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            outcomes = pool.map(play_deal, jobs, chunksize=1)
    else:
        outcomes = [play_deal(job) for job in jobs]
    rows: dict[str, list[tuple[bool, float]]] = {"landlord": [], "peasants": []}
    times: list[float] = []
    for deal_rows, deal_times in outcomes:
        for role, row in deal_rows.items():
            rows[role].append(row)
        times.extend(deal_times)
    times.sort()
    report: dict[str, Any] = {
        "us": args.us,
        "them": args.them,
        "deals": args.deals,
        "seed": args.seed,
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
    }
    for role, results in rows.items():
        wins = sum(w for w, _ in results)
        p, low, high = wilson(wins, len(results))
        mean, half = interval([pts for _, pts in results])
        report[role] = {
            "win_rate": round(p, 3),
            "win_95": [round(low, 3), round(high, 3)],
            "points_per_deal": round(mean, 3),
            "points_95": round(half, 3),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--us", default="normal", help="easy, normal, hard, random or normal-v1")
    parser.add_argument(
        "--them", default="rlcard", help="rlcard, random, easy, normal, hard or normal-v1"
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard-samples", type=int, default=24)
    parser.add_argument(
        "--landlord",
        choices=("rlcard", "rotate"),
        default="rlcard",
        help="who is landlord: RLCard's hand score (default) or seat index %% 3",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (one core each)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = run(args)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.us} against {args.them}: {args.deals} duplicate deals, seed {args.seed}")
    for role in ("landlord", "peasants"):
        r = report[role]
        print(
            f"  {args.us} as {role:8}: wins {r['win_rate']:.1%} "
            f"[{r['win_95'][0]:.1%}, {r['win_95'][1]:.1%}], "
            f"points/deal {r['points_per_deal']:+.2f} ± {r['points_95']:.2f}"
        )
    print(f"  {args.us} decision p95: {report['p95_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
