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

The command line and the self-play loop are tools/value_train.py's; this script gives its game's part
(``SELF_PLAY``) and defaults.

Needs numpy (the ``dev`` extra). Deterministic for a given seed, deal count and worker count.
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
    from game.games.shengji.bot import ShengjiBot
    from game.games.shengji.rules import ShengjiState, ShengjiView
    from game.rules.base import Action

#: Deals per chunk (the held-out tenth is every tenth chunk).
CHUNK = 10


def _player(learned: bool) -> ShengjiBot:
    from game.games.shengji.bot import ShengjiBot

    return ShengjiBot(learned=learned)


def _deal(index: int, rng: random.Random) -> ShengjiState:
    from game.games.shengji.search import arena_deal

    return arena_deal(index, rng, None)


def _forced(
    bot: ShengjiBot, state: ShengjiState, legal: list[Action], rng: random.Random
) -> Action | None:
    """Declaring, burying and a follow with one choice: as Normal does, nothing recorded."""
    if len(legal) == 1 or state.phase != "play":
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        return bot.choose(state.view(seat), legal, rng)
    return None


def _scored(bot: ShengjiBot, view: ShengjiView, legal: list[Action]) -> value_train.Scored:
    feats: list[list[float]] = []
    scored = bot.play_scores(view, legal, feats)
    return [score for score, _ in scored], [action for _, action in scored], feats.__getitem__


def _label(state: ShengjiState, seat: int) -> float:
    from game.games.shengji.search import outcome

    result = state.result
    assert result is not None  # a finished deal
    return outcome(result, seat)


SELF_PLAY = value_train.SelfPlay(
    deal=_deal, player=_player, forced=_forced, scored=_scored, label=_label
)

#: Self-play of one chunk (tools/value_train.py's loop with this game's part): (inputs, labels).
play_deals = functools.partial(value_train.self_play, SELF_PLAY)


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
