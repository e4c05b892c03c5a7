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

``--policy normal-v2`` (issue 42): the frozen Normal plays and today's inputs are recorded, so a
new generation learns from the one before even when its inputs changed. The command line and
the chunked self-play are tools/value_train.py's.

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


def _policy(name: str):
    """The self-play policy by name, without its end-game search: ``heuristic`` (today's bot
    without its network), ``normal`` (with it), ``normal-v2`` (the frozen Normal of issue 42)."""
    from game.games.guandan.bot import GuandanBot

    if name == "normal-v2":
        from yardsticks.guandan.normal_v2 import GuandanBotV2

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


TRAINER = value_train.Trainer(
    doc=__doc__ or "",
    play_deals=play_deals,
    game="guandan",
    title="Guandan",
    deals=6000,
    seed=31,
    noise=0.15,
    noise_help="score jitter (× 25 units)",
    hidden=16,
    epochs=12,
    chunk=50,
    digits=4,
    policies=("heuristic", "normal", "normal-v2"),
    policy_help="who plays the self-play deals (default: heuristic, or normal with --learned); "
    "the inputs recorded are today's whichever plays",
)


def main(argv: list[str] | None = None) -> int:
    return value_train.main(TRAINER, argv)


if __name__ == "__main__":
    sys.exit(main())
