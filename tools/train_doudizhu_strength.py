#!/usr/bin/env python3
"""Train Dou Dizhu's hand strength (issue 56; game/games/doudizhu/strength.py) from self-play:
what a hand can expect as a bidder (the kitty unknown), as the landlord (the kitty taken) and as
either peasant, for the bidding (D2.3, VD1) and the doubling (VD2).

    python tools/train_doudizhu_strength.py --deals 8000 --workers 2 --learned --data /tmp/str.npz
    python tools/train_doudizhu_strength.py --data /tmp/str.npz --train-only --hidden 16
    python tools/train_doudizhu_strength.py --data /tmp/str.npz --calibrate

1. Self-play: each seeded deal is played three times, each seat in turn made the landlord with
   base 1 and no bidding, so that every hand is seen as the landlord's whether or not it would
   have bid; Normal's heuristic plays every seat (``--learned``: Normal with its learned
   evaluation, as the committed strength was made). Odd deals give each seat from 5 to 17
   cards (the kitty still 3), so the strength of the short hands of puzzles and the lesson is
   learned too. Each game gives four rows: the
   landlord's hand before the kitty (a bidder) and after it, and each peasant's hand, each
   labelled with that seat's settlement in points (D5.3).
2. Fit (tools/value_fit.py) and write ``game/games/doudizhu/strength_weights.py``.
3. ``--calibrate``: on the held-out deals' full bidders (17 cards against two of 17), the
   committed network's strengths in fifths and at the bid thresholds, each against the points
   per base point and the share of deals the landlord really won (docs/doudizhu-notes.md).

The command line and the fit are tools/value_train.py's. Needs numpy (the ``dev`` extra).
Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
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
    hands: list[list[Card]], kitty: list[Card], landlord: int, settlement: Mapping[int, float]
) -> list[tuple[list[float], float]]:
    """The four rows of one game (see the module docstring)."""
    from game.games.doudizhu import strength

    sizes = [len(hand) for hand in hands]
    peasants = [s for s in range(3) if s != landlord]
    others = [sizes[s] for s in peasants]
    rows = [
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
    from game.games.doudizhu.bot import DoudizhuBot
    from game.games.doudizhu.rules import new_deal
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
            state = new_deal(hands=hands, kitty=kitty, landlord=landlord)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None  # a deal in play has a seat to act
                state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
            assert state.settlement is not None  # the deal is over
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


def calibrate(paths: list[Path]) -> list[str]:
    """The calibration table of the committed network on the held-out full bidders of the
    self-play data in ``paths`` (see the module docstring, 3)."""
    import numpy as np

    from game.games.doudizhu import strength

    x, y, groups = value_train.load(paths)
    col = {name: i for i, name in enumerate(strength.FEATURES)}
    full = np.isclose(x[:, col["cards"]], 0.85) & np.isclose(x[:, col["others_max"]], 0.85)
    rows = (groups % 10 == 9) & (x[:, col["bidder"]] == 1.0) & full
    network = strength.net()
    if network is None:
        raise SystemExit("no committed strength weights to calibrate")
    pred = np.array([network(list(v)) for v in x[rows]])
    got = y[rows]
    lines = [f"{len(got)} held-out full bidders; correlation {np.corrcoef(pred, got)[0, 1]:.3f}"]
    edges = np.quantile(pred, [0.2, 0.4, 0.6, 0.8])
    fifth = np.searchsorted(edges, pred)
    cuts = np.searchsorted(np.array(strength.BID_THRESHOLDS), pred, side="right")
    for name, bins, count in (("fifth", fifth, 5), ("bid", cuts, 4)):
        for b in range(count):
            sel = bins == b
            if sel.any():
                lines.append(
                    f"{name} {b}: {sel.mean():.1%} of hands, strength {pred[sel].mean():+.2f}, "
                    f"points {got[sel].mean():+.2f}, landlord wins {(got[sel] > 0).mean():.1%}"
                )
    return lines


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--calibrate" in args:
        args.remove("--calibrate")
        options = value_train.parser(TRAINER).parse_args(args)
        if not options.data:
            raise SystemExit("--calibrate needs --data")
        print("\n".join(calibrate(options.data)))
        return 0
    return value_train.main(TRAINER, args)


if __name__ == "__main__":
    sys.exit(main())
