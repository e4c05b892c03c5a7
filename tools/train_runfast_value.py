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

The command line and the self-play loop are tools/value_train.py's; this script gives its game's part
(``SELF_PLAY``) and defaults.

Needs numpy (the ``dev`` extra). Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_train  # noqa: E402

if TYPE_CHECKING:
    from game.games.runfast.bot import RunFastBot
    from game.games.runfast.rules import RunFastState, RunFastView
    from game.rules.base import Action

#: Deals per chunk (the held-out tenth is every tenth chunk).
CHUNK = 50


def _player(learned: bool) -> RunFastBot:
    from game.games.runfast.bot import RunFastBot

    return RunFastBot(learned=learned)


def _deal(index: int, rng: random.Random) -> RunFastState:
    from game.games.runfast import rules as runfast

    return runfast.new_deal(seed=index)


def _scored(bot: RunFastBot, view: RunFastView, legal: list[Action]) -> value_train.Scored:
    feats: list[list[float] | None] = []
    return bot.scores(view, legal, feats), legal, feats.__getitem__


def _label(state: RunFastState, seat: int) -> float:
    settlement = state.settlement
    assert settlement is not None  # a finished deal
    return float(settlement[seat])


SELF_PLAY = value_train.SelfPlay(
    deal=_deal, player=_player, forced=value_train.only_choice, scored=_scored, label=_label
)

#: Self-play of one chunk (tools/value_train.py's loop with this game's part): (inputs, labels).
play_deals = functools.partial(value_train.self_play, SELF_PLAY)


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
