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
the self-play loop are tools/value_train.py's; this script gives its game's part (``SELF_PLAY``)
and defaults.

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
    from yardsticks.guandan.normal_v2 import GuandanBotV2

    from game.games.guandan.bot import GuandanBot
    from game.games.guandan.rules import State, View
    from game.rules.base import Action

    #: The policy that plays, and the bot that records today's inputs when the policy's differ.
    Player = tuple[GuandanBot | GuandanBotV2, GuandanBot | None]


def _player(name: str) -> Player:
    """The self-play policy by name, without its end-game search, and the bot that records its
    inputs when the policy's own differ: ``heuristic`` (today's bot without its network),
    ``normal`` (with it), ``normal-v2`` (the frozen Normal of issue 42)."""
    from game.games.guandan.bot import GuandanBot

    if name == "normal-v2":
        from yardsticks.guandan.normal_v2 import GuandanBotV2

        return GuandanBotV2(endgame=False), GuandanBot(endgame=False, learned=False)
    return GuandanBot(endgame=False, learned=name == "normal"), None


def _deal(index: int, rng: random.Random) -> State:
    from game.games.guandan.search import arena_deal

    return arena_deal(index, rng, None)


def _scored(player: Player, view: View, legal: list[Action]) -> value_train.Scored:
    """The policy's scores; the inputs are always today's (``GuandanBot.inputs_of``), whichever
    policy plays."""
    bot, recorder = player
    feats: list[list[float] | None] = []
    scores = bot.scores(view, legal, feats if recorder is None else None)
    if recorder is None:
        return scores, legal, feats.__getitem__
    return scores, legal, lambda best: recorder.inputs_of(view, legal, best)


def _label(state: State, seat: int) -> float:
    from game.games.guandan.search import outcome

    result = state.result
    assert result is not None  # a finished deal
    return outcome(result, seat)


SELF_PLAY = value_train.SelfPlay(
    deal=_deal,
    player=_player,
    forced=value_train.only_choice,
    scored=_scored,
    label=_label,
    jitter=25.0,
)

#: Self-play of one chunk (tools/value_train.py's loop with this game's part): (inputs, labels).
play_deals = functools.partial(value_train.self_play, SELF_PLAY)


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
