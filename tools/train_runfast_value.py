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

The command line and the chunked self-play are tools/value_train.py's.

Needs numpy (the ``dev`` extra). Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_train  # noqa: E402

#: Deals per chunk (the held-out tenth is every tenth chunk).
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


TRAINER = value_train.Trainer(
    doc=__doc__ or "",
    play_deals=play_deals,
    game="runfast",
    title="Run Fast",
    deals=20000,
    seed=42,
    noise=0.3,
    noise_help="score jitter (plan units)",
    hidden=16,
    epochs=20,
    chunk=CHUNK,
    digits=2,
)


def main(argv: list[str] | None = None) -> int:
    return value_train.main(TRAINER, argv)


if __name__ == "__main__":
    sys.exit(main())
