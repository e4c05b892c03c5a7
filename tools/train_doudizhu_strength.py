#!/usr/bin/env python3
"""Train Dou Dizhu's hand strength (issue 56; game/games/doudizhu/strength.py) from self-play:
what a hand can expect as a bidder (the kitty unknown), as the landlord (the kitty taken) and as
either peasant, for the bidding (D2.3, VD1) and the doubling (VD2).

    python tools/train_doudizhu_strength.py --deals 8000 --workers 2 --learned --data /tmp/str.npz
    python tools/train_doudizhu_strength.py --data /tmp/str.npz --train-only --hidden 16

1. Self-play: each seeded deal is played three times, each seat in turn made the landlord with
   base 1 and no bidding, so that every hand is seen as the landlord's whether or not it would
   have bid; Normal's heuristic plays every seat (``--learned``: Normal with its learned
   evaluation, as the committed strength was made). Odd deals give each seat from 5 to 17
   cards (the kitty still 3), so the strength of the short hands of puzzles and the lesson is
   learned too. Each game gives four rows: the
   landlord's hand before the kitty (a bidder) and after it, and each peasant's hand, each
   labelled with that seat's settlement in points (D5.3).
2. Fit (tools/value_fit.py) and write ``game/games/doudizhu/strength_weights.py``.

The command line and the fit are tools/value_train.py's. Needs numpy (the ``dev`` extra).
Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_train  # noqa: E402

if TYPE_CHECKING:
    from game.rules.cards import Card

#: Deals per chunk (the held-out tenth is every tenth chunk).
CHUNK = 20


def _rows(
    hands: Sequence[Sequence[Card]],
    kitty: Sequence[Card],
    landlord: int,
    settlement: Mapping[int, int],
) -> list[tuple[list[float], float]]:
    """The four rows of one game (see the module docstring)."""
    from game.games.doudizhu import strength

    sizes = [len(hand) for hand in hands]
    peasants = [s for s in range(3) if s != landlord]
    others = [sizes[s] for s in peasants]
    rows: list[tuple[list[float], float]] = [
        (strength.features(hands[landlord], strength.BIDDER, others), settlement[landlord]),
        (
            strength.features([*hands[landlord], *kitty], strength.LANDLORD, others),
            settlement[landlord],
        ),
    ]
    for seat in peasants:
        partner = 3 - seat - landlord
        role = strength.NEXT if seat == (landlord + 1) % 3 else strength.BEFORE
        them = [sizes[landlord] + len(kitty), sizes[partner]]
        rows.append((strength.features(hands[seat], role, them), settlement[seat]))
    return rows


def play_deals(job: tuple[int, int, float, bool]) -> tuple[list[list[float]], list[float]]:
    """Deals ``start`` .. ``start + count - 1``, each seat the landlord in turn: (inputs,
    labels)."""
    from game.games.doudizhu import rules as doudizhu
    from game.games.doudizhu.bot import DoudizhuBot
    from game.rules.cards import single_pack

    start, count, _noise, learned = job
    bot = DoudizhuBot(learned=learned, endgame=False)
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(start, start + count):
        rng = random.Random(index * 7919 + 17)
        pack = single_pack()
        rng.shuffle(pack)
        sizes = [rng.randint(5, 17) for _ in range(3)] if index % 2 else [17, 17, 17]
        hands, first = [], 0
        for size in sizes:
            hands.append(pack[first : first + size])
            first += size
        kitty = pack[first : first + 3]
        for landlord in range(3):
            state = doudizhu.new_deal(hands=hands, kitty=kitty, landlord=landlord)
            while not state.is_terminal:
                legal = state.legal_actions()
                seat = state.current_player
                assert seat is not None  # a deal not over has a seat to act
                state.apply(bot.choose(state.view(seat), legal, rng))
            assert state.settlement is not None  # a finished deal
            for x, y in _rows(hands, kitty, landlord, state.settlement):
                xs.append(x)
                ys.append(float(y))
    return xs, ys


TRAINER = value_train.Trainer(
    doc=__doc__ or "",
    play_deals=play_deals,
    game="doudizhu",
    title="Dou Dizhu hand strength",
    deals=8000,
    seed=57,
    noise=0.0,
    noise_help="unused (Normal plays)",
    hidden=16,
    epochs=20,
    chunk=CHUNK,
    digits=3,
    reader="strength",
    weights_module="strength_weights",
    tool="train_doudizhu_strength.py",
)


def main(argv: list[str] | None = None) -> int:
    return value_train.main(TRAINER, argv)


if __name__ == "__main__":
    sys.exit(main())
