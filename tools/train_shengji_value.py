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

The command line and the chunked self-play are tools/value_train.py's.

Needs numpy (the ``dev`` extra). Deterministic for a given seed, deal count and worker count.
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


TRAINER = value_train.Trainer(
    doc=__doc__ or "",
    play_deals=play_deals,
    game="shengji",
    title="Shengji",
    deals=3000,
    seed=42,
    noise=2.0,
    noise_help="score jitter (points)",
    hidden=32,
    epochs=20,
    chunk=CHUNK,
    digits=3,
)


def main(argv: list[str] | None = None) -> int:
    return value_train.main(TRAINER, argv)


if __name__ == "__main__":
    sys.exit(main())
