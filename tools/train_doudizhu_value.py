#!/usr/bin/env python3
"""Train Dou Dizhu's learned evaluation (issue 56; game/games/doudizhu/value.py) from self-play.

    python tools/train_doudizhu_value.py --deals 20000 --workers 2 --data /tmp/ddz1.npz
    python tools/train_doudizhu_value.py --data /tmp/ddz1.npz --train-only --hidden 32

1. Self-play: seeded deals (``rules.new_deal``, bidding included: the bidding and VD2's
   doubling as Normal does, nothing recorded), Normal without its learned term in all three
   seats (``--learned``: with today's weights, the next generation), its play scores jittered
   by a Gaussian of ``--noise`` plan-cost units so that second choices are played too. At each
   play decision with a choice the inputs of the chosen action are kept (an action that goes
   out has none), and when the deal ends each is labelled with its seat's settlement per base
   point (D5.3: the landlord ±2 × the multiplier, a peasant ±1 ×).
2. Fit (tools/value_fit.py): one hidden layer of ReLU units, mean squared error, Adam, a tenth
   of the deals held out; the epoch with the least held-out error is kept.
3. Write ``game/games/doudizhu/value_weights.py`` (the forward pass is plain Python at run time).

The command line and the self-play loop are tools/value_train.py's; this script gives its game's
part (``SELF_PLAY``) and defaults.

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
    from game.games.doudizhu.bot import DoudizhuBot
    from game.games.doudizhu.rules import DoudizhuState, DoudizhuView
    from game.rules.base import Action

#: Deals per chunk (the held-out tenth is every tenth chunk).
CHUNK = 50


def _player(learned: bool) -> DoudizhuBot:
    from game.games.doudizhu.bot import DoudizhuBot

    return DoudizhuBot(learned=learned, endgame=False)


def _deal(index: int, rng: random.Random) -> DoudizhuState:
    from game.games.doudizhu import rules as doudizhu

    return doudizhu.new_deal(seed=index)


def _forced(
    bot: DoudizhuBot, state: DoudizhuState, legal: list[Action], rng: random.Random
) -> Action | None:
    """The bidding and the doubling as the bot does; a play with one choice: nothing recorded."""
    if len(legal) == 1 or state.stage != "play":
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        return bot.choose(state.view(seat), legal, rng)
    return None


def _scored(bot: DoudizhuBot, view: DoudizhuView, legal: list[Action]) -> value_train.Scored:
    return bot.scores(view, legal), legal, lambda best: bot.inputs_of(view, legal, best)


def _label(state: DoudizhuState, seat: int) -> float:
    settlement = state.settlement
    assert settlement is not None  # a finished deal
    return settlement[seat] / state.base


SELF_PLAY = value_train.SelfPlay(
    deal=_deal, player=_player, forced=_forced, scored=_scored, label=_label
)

#: Self-play of one chunk (tools/value_train.py's loop with this game's part): (inputs, labels).
play_deals = functools.partial(value_train.self_play, SELF_PLAY)


TRAINER = value_train.Trainer(
    doc=__doc__ or "",
    play_deals=play_deals,
    game="doudizhu",
    title="Dou Dizhu",
    deals=20000,
    seed=56,
    noise=0.3,
    noise_help="score jitter (plan-cost units)",
    hidden=32,
    epochs=20,
    chunk=CHUNK,
    digits=3,
)


def main(argv: list[str] | None = None) -> int:
    return value_train.main(TRAINER, argv)


if __name__ == "__main__":
    sys.exit(main())
