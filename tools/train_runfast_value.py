#!/usr/bin/env python3
"""Train Run Fast's learned evaluation (issue 42; game/games/runfast/value.py) from self-play.

    python tools/train_runfast_value.py --deals 20000 --data /tmp/rf.npz
    python tools/train_runfast_value.py --data /tmp/rf.npz --train-only --hidden 24

1. Self-play: seeded deals (``rules.new_deal``), Normal without its learned term in all three
   seats (``--learned``: with today's weights, the next generation), its scores jittered by a
   Gaussian of ``--noise`` plan-cost units so that second choices are played too. At each
   decision with a choice the inputs of the chosen action are kept (an action that goes out
   has none), and when the deal ends each is labelled with its seat's settlement in points (R5).
2. Fit (tools/value_fit.py): one hidden layer of ReLU units, mean squared error, Adam, a tenth
   of the deals held out; the epoch with the least held-out error is kept.
3. Write ``game/games/runfast/value_weights.py`` (the forward pass is plain Python at run time).

Needs numpy (the ``dev`` extra). Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_fit  # noqa: E402

WEIGHTS = ROOT / "game" / "games" / "runfast" / "value_weights.py"
#: Deals per chunk: the held-out tenth is every tenth chunk.
CHUNK = 50


def play_deals(job: tuple[int, int, float, bool]) -> tuple[list[list[float]], list[float]]:
    """Self-play of deals ``start`` .. ``start + count - 1``: (inputs, labels)."""
    from game.games.runfast.bot import RunFastBot
    from game.rules import runfast

    start, count, noise, learned = job
    bot = RunFastBot(learned=learned)
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(start, start + count):
        rng = random.Random(index * 7919 + 17)
        state = runfast.new_deal(seed=index)
        pending: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            feats: list[list[float] | None] = []
            scores = bot.scores(state.view(seat), legal, feats)
            jittered = [s + rng.gauss(0.0, noise) for s in scores]
            best = max(range(len(legal)), key=jittered.__getitem__)
            chosen = feats[best]
            if chosen is not None:
                pending.append((seat, chosen))
            state.apply(legal[best])
        for seat, x in pending:
            xs.append(x)
            ys.append(float(state.settlement[seat]))
    return xs, ys


def generate(deals: int, seed: int, noise: float, learned: bool):
    """Inputs, labels and each row's chunk (for the held-out split) as numpy arrays."""
    import numpy as np

    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for number, first in enumerate(range(0, deals, CHUNK)):
        x, y = play_deals((seed * 1_000_003 + first, min(CHUNK, deals - first), noise, learned))
        xs.extend(x)
        ys.extend(y)
        groups.extend([number] * len(y))
    return np.asarray(xs, float), np.asarray(ys, float), np.asarray(groups, np.int64)


def write_weights(path: Path, params, mean, scale, summary: str) -> None:
    """The weights as a Python module (read by game/games/runfast/value.py)."""
    from game.games.runfast.value import FEATURES

    doc = (
        "Weights of the learned Run Fast evaluation (game/games/runfast/value.py), written by\n"
        f"tools/train_runfast_value.py: {summary}."
    )
    value_fit.write_weights(path, FEATURES, params, mean, scale, doc=doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="self-play deals")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--noise", type=float, default=0.3, help="score jitter (plan units)")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--learned", action="store_true", help="self-play with today's weights")
    parser.add_argument("--data", type=Path, help="save the self-play data here (.npz)")
    parser.add_argument("--train-only", action="store_true", help="fit on --data, no self-play")
    parser.add_argument("--no-write", action="store_true", help="fit and report only")
    parser.add_argument("--weights", type=Path, default=WEIGHTS, help="where to write")
    args = parser.parse_args(argv)
    import numpy as np

    start = time.perf_counter()
    if args.train_only:
        data = np.load(args.data)
        x, y, groups = data["x"], data["y"], data["groups"]
    else:
        x, y, groups = generate(args.deals, args.seed, args.noise, args.learned)
        if args.data:
            np.savez_compressed(args.data, x=x, y=y, groups=groups)
    played = time.perf_counter() - start
    print(f"{len(y)} positions in {played:.0f} s", flush=True)
    fitted = value_fit.fit(x, y, groups, hidden=args.hidden, epochs=args.epochs, seed=1)
    params, mean, scale, info = fitted
    summary = (
        f"{len(y)} positions of {int(groups.max()) + 1} chunks of {CHUNK} self-play deals, "
        f"{args.hidden} hidden units, held-out mse {info['mse']:.2f} "
        f"(a constant: {info['mse_constant']:.2f}), epoch {info['epoch']}"
    )
    print(f"{summary}; self-play {played:.0f} s, fit {time.perf_counter() - start - played:.0f} s")
    if not args.no_write:
        write_weights(args.weights, params, mean, scale, summary)
        print(f"wrote {args.weights}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
