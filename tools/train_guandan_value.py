#!/usr/bin/env python3
"""Train Guandan's learned evaluation (issue 31; game/games/guandan/value.py) from self-play.

    python tools/train_guandan_value.py --deals 6000 --workers 2 --data /tmp/gd.npz
    python tools/train_guandan_value.py --data /tmp/gd.npz /tmp/gd2.npz --train-only --hidden 16

1. Self-play: the arena's seeded deals (game/ai/guandan_search.arena_deal: random levels, every
   other deal with tribute), Normal without its end-game search in all four seats, its scores
   jittered by ``--noise`` × 25 value units so that second choices are played too. At each
   play-phase decision with a choice the inputs of the chosen action are kept, and when the
   deal ends each is labelled with the levels its seat's team gained (negative when lost).
2. Fit: a network of one hidden layer (``--hidden`` ReLU units) by mean squared error, Adam,
   minibatches, a tenth of the deals held out; the epoch with the least held-out error is kept.
3. Write ``game/games/guandan/value_weights.py`` (the forward pass is plain Python at run time).

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
from value_fit import fit  # noqa: E402

WEIGHTS = ROOT / "game" / "games" / "guandan" / "value_weights.py"


def _policy(name: str):
    """The self-play policy by name, without its end-game search: ``heuristic`` (today's bot
    without its network), ``normal`` (with it), ``normal-v2`` (the frozen Normal of issue 42)."""
    from game.games.guandan.bot import GuandanBot

    if name == "normal-v2":
        from game.games.guandan.frozen_v2 import GuandanBotV2

        return GuandanBotV2(endgame=False)
    return GuandanBot(endgame=False, learned=name == "normal")


def play_deals(job: tuple[int, int, float, str]) -> tuple[list[list[float]], list[float]]:
    """Self-play of deals ``start`` .. ``start + count - 1``: (inputs, labels). The inputs are
    always today's (``GuandanBot.inputs_of``), whichever policy plays."""
    from game.games.guandan.bot import GuandanBot
    from game.games.guandan.search import arena_deal, outcome

    start, count, noise, policy = job
    bot = _policy(policy)
    recorder = None if type(bot) is GuandanBot else GuandanBot(endgame=False, learned=False)
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(start, start + count):
        rng = random.Random(index * 7919 + 17)
        state = arena_deal(index, rng, None)
        pending: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            view = state.view(seat)
            feats: list = []
            scores = bot.scores(view, legal, feats if recorder is None else None)
            jittered = [s + rng.gauss(0.0, noise * 25.0) for s in scores]
            best = max(range(len(legal)), key=lambda i: jittered[i])
            x = feats[best] if recorder is None else recorder.inputs_of(view, legal, best)
            if x is not None:
                pending.append((seat, x))
            state.apply(legal[best])
        for seat, x in pending:
            xs.append(x)
            ys.append(outcome(state.result, seat))
    return xs, ys


def generate(deals: int, seed: int, noise: float, workers: int, policy: str):
    """Inputs, labels and each row's deal (for the held-out split) as numpy arrays."""
    import numpy as np

    chunk = 50
    jobs = [
        (seed * 1_000_003 + start, min(chunk, deals - start), noise, policy)
        for start in range(0, deals, chunk)
    ]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(play_deals, jobs, chunksize=1)
    else:
        parts = [play_deals(job) for job in jobs]
    xs, ys, groups = [], [], []
    for number, (x, y) in enumerate(parts):
        xs.extend(x)
        ys.extend(y)
        groups.extend([number] * len(y))
    return (
        np.asarray(xs, dtype=np.float64),
        np.asarray(ys, dtype=np.float64),
        np.asarray(groups, dtype=np.int64),
    )


def write_weights(params, mean, scale, info: dict) -> None:
    """The weights as a Python module (read by game/games/guandan/value.py)."""
    from game.games.guandan.value import FEATURES

    doc = (
        "Weights of the learned Guandan evaluation (game/games/guandan/value.py), written by\n"
        f"tools/train_guandan_value.py: {info['summary']}."
    )
    value_fit.write_weights(WEIGHTS, FEATURES, params, mean, scale, doc=doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6000, help="self-play deals")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--noise", type=float, default=0.15, help="score jitter (× 25 units)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--learned", action="store_true", help="self-play with today's weights")
    parser.add_argument(
        "--policy",
        choices=("heuristic", "normal", "normal-v2"),
        help="who plays the self-play deals (default: heuristic, or normal with --learned); "
        "the inputs recorded are today's whichever plays",
    )
    parser.add_argument(
        "--data",
        type=Path,
        nargs="+",
        help="save the self-play data here (.npz); with "
        "--train-only, the files to fit on (several are joined)",
    )
    parser.add_argument("--train-only", action="store_true", help="fit on --data, no self-play")
    parser.add_argument("--no-write", action="store_true", help="fit and report only")
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
        policy = args.policy or ("normal" if args.learned else "heuristic")
        x, y, groups = generate(args.deals, args.seed, args.noise, args.workers, policy)
        if args.data:
            np.savez_compressed(args.data[0], x=x, y=y, groups=groups)
    played = time.perf_counter() - start
    print(f"{len(y)} positions in {played:.0f} s", flush=True)
    params, mean, scale, info = fit(x, y, groups, hidden=args.hidden, epochs=args.epochs, seed=1)
    fitted = time.perf_counter() - start - played
    summary = (
        f"{len(y)} positions of {int(groups.max()) + 1} chunks of 50 self-play deals, "
        f"{args.hidden} hidden units, held-out mse {info['mse']:.4f} "
        f"(a constant: {info['mse_constant']:.4f}), epoch {info['epoch']}"
    )
    print(f"{summary}; self-play {played:.0f} s, fit {fitted:.0f} s", flush=True)
    if not args.no_write:
        write_weights(params, mean, scale, {"summary": summary})
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
