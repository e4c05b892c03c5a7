#!/usr/bin/env python3
"""Train Shengji's learned evaluation (issue 42; game/games/shengji/value.py) from self-play.

    python tools/train_shengji_value.py --deals 3000 --workers 1 --data /tmp/sj.npz
    python tools/train_shengji_value.py --data /tmp/sj.npz --train-only --hidden 16

1. Self-play: the arena's seeded deals (game/games/shengji/search.arena_deal: a random level and
   dealer), Normal without its learned term in all four seats (``--learned``: with today's
   weights), declaring and burying as Normal does; at each lead or follow with a choice its
   scores are jittered by a Gaussian of ``--noise`` points so that second choices are played
   too, and the inputs of the chosen play are kept. When the deal ends each is labelled with its
   seat's outcome (game/games/shengji/search.outcome: ±0.5, the levels of S5.3 and a quarter of
   the points margin).
2. Fit (tools/value_fit.py): one hidden layer of ReLU units, mean squared error, Adam, a tenth
   of the deals held out; the epoch with the least held-out error is kept.
3. Write ``game/games/shengji/value_weights.py`` (the forward pass is plain Python at run time).

Needs numpy (the ``dev`` extra). Deterministic for a given seed, deal count and worker count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_fit  # noqa: E402

WEIGHTS = ROOT / "game" / "games" / "shengji" / "value_weights.py"
#: Deals per chunk: the held-out tenth is every tenth chunk.
CHUNK = 10


def play_deals(job: tuple[int, int, float, bool]) -> tuple[list[list[float]], list[float]]:
    """Self-play of deals ``start`` .. ``start + count - 1``: (inputs, labels)."""
    from game.games.shengji.bot import ShengjiBot
    from game.games.shengji.search import arena_deal, outcome

    start, count, noise, learned = job
    bot = ShengjiBot(learned=learned)
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(start, start + count):
        rng = random.Random(index * 7919 + 17)
        state = arena_deal(index, rng, None)
        pending: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            view = state.view(seat)
            if len(legal) == 1 or state.phase != "play":
                state.apply(bot.choose(view, legal, rng))
                continue
            feats: list[list[float]] = []
            scored = bot.play_scores(view, legal, feats)
            jittered = [score + rng.gauss(0.0, noise) for score, _ in scored]
            best = max(range(len(scored)), key=jittered.__getitem__)
            pending.append((seat, feats[best]))
            state.apply(scored[best][1])
        assert state.result is not None
        for seat, x in pending:
            xs.append(x)
            ys.append(outcome(state.result, seat))
    return xs, ys


def generate(deals: int, seed: int, noise: float, workers: int, learned: bool):
    """Inputs, labels and each row's chunk (for the held-out split) as numpy arrays."""
    import numpy as np

    jobs = [
        (seed * 1_000_003 + first, min(CHUNK, deals - first), noise, learned)
        for first in range(0, deals, CHUNK)
    ]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(play_deals, jobs, chunksize=1)
    else:
        parts = [play_deals(job) for job in jobs]
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for number, (x, y) in enumerate(parts):
        xs.extend(x)
        ys.extend(y)
        groups.extend([number] * len(y))
    return np.asarray(xs, float), np.asarray(ys, float), np.asarray(groups, np.int64)


def write_weights(path: Path, params, mean, scale, summary: str) -> None:
    """The weights as a Python module (read by game/games/shengji/value.py)."""
    from game.games.shengji.value import FEATURES

    doc = (
        "Weights of the learned Shengji evaluation (game/games/shengji/value.py), written by\n"
        f"tools/train_shengji_value.py: {summary}."
    )
    value_fit.write_weights(path, FEATURES, params, mean, scale, doc=doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="self-play deals")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--noise", type=float, default=2.0, help="score jitter (points)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--learned", action="store_true", help="self-play with today's weights")
    parser.add_argument(
        "--data",
        type=Path,
        nargs="+",
        help="save the self-play data here "
        "(.npz); with --train-only, the files to fit on (several are joined)",
    )
    parser.add_argument("--train-only", action="store_true", help="fit on --data, no self-play")
    parser.add_argument("--no-write", action="store_true", help="fit and report only")
    parser.add_argument("--weights", type=Path, default=WEIGHTS, help="where to write")
    args = parser.parse_args(argv)
    import numpy as np

    start = time.perf_counter()
    if args.train_only:
        parts = [np.load(path) for path in args.data]
        x = np.concatenate([part["x"] for part in parts])
        y = np.concatenate([part["y"] for part in parts])
        # chunk numbers stay distinct across files (the held-out split is by chunk)
        offsets = np.cumsum([0] + [int(part["groups"].max()) + 1 for part in parts[:-1]])
        groups = np.concatenate([p["groups"] + o for p, o in zip(parts, offsets, strict=True)])
    else:
        x, y, groups = generate(args.deals, args.seed, args.noise, args.workers, args.learned)
        if args.data:
            np.savez_compressed(args.data[0], x=x, y=y, groups=groups)
    played = time.perf_counter() - start
    print(f"{len(y)} positions in {played:.0f} s", flush=True)
    fitted = value_fit.fit(x, y, groups, hidden=args.hidden, epochs=args.epochs, seed=1)
    params, mean, scale, info = fitted
    summary = (
        f"{len(y)} positions of {int(groups.max()) + 1} chunks of {CHUNK} self-play deals, "
        f"{args.hidden} hidden units, held-out mse {info['mse']:.3f} "
        f"(a constant: {info['mse_constant']:.3f}), epoch {info['epoch']}"
    )
    print(f"{summary}; self-play {played:.0f} s, fit {time.perf_counter() - start - played:.0f} s")
    if not args.no_write:
        write_weights(args.weights, params, mean, scale, summary)
        print(f"wrote {args.weights}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
