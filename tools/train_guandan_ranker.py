#!/usr/bin/env python3
"""Train Guandan's learned ranker (issue 42; ``game.games.guandan.value.ranker``) from branches.

    python tools/train_guandan_ranker.py --deals 3000 --workers 2 --data /tmp/branches
    python tools/train_guandan_ranker.py --data /tmp/branches --train-only --hidden 16
    python tools/train_guandan_ranker.py --policy normal --deals 1600 --seed 8 --workers 2 \
        --data /tmp/next /tmp/branches     # the next generation, fitted on both

1. Branches: the ``--policy`` (``normal-v2``, or ``normal``: today's Normal with its ranker, the
   next generation's loop), without its end-game search, plays the arena's kind of deals in all
   four seats, its scores jittered as in tools/train_guandan_value.py. At each play-phase decision
   whose best scores are close (the best ``RANK_TOP`` within ``RANK_WINDOW`` value units, none
   going out; judged on the scores before any ranker), each of those candidates is played and the
   deal played out from there by the policy without jitter, on the true hands: the outcome
   (levels, G1.2) of each candidate of one decision differs only by that choice. Today's inputs,
   the score before any ranker and the outcome of each candidate are saved, a file per chunk of
   deals (a stopped run keeps its chunks and resumes). ``--data`` may name several folders.
2. Fit: networks of one hidden layer (``--members`` of them from different seeds, averaged: one
   alone is noisy) over the inputs and the candidate's score below the best
   (``gap``), trained so that score / 40 + its estimate, centred within each decision, matches
   the outcomes centred the same way: it learns what the score misjudges between close choices,
   not what a position is worth (tools/value_fit.py ``fit_centred``). A tenth of the deals is
   held out; the report gives the mean outcome of the candidates picked with and without it.
   With ``--on-top`` the ranker in play (``value.ranker``) stays, and the new networks learn
   what score / 40 plus its estimate still misjudges (issue 56: a generation on few branches
   adds to the one fitted on many, instead of replacing it); they are written to ``--weights``
   and play as the sum of both (tools/gd_screen.py).
3. Write ``game/games/guandan/ranker_weights.py`` (plain Python at run time).

Needs numpy (the ``dev`` extra). Deterministic for a given seed and deal count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import value_fit  # noqa: E402

if TYPE_CHECKING:
    from value_fit import Array
    from yardsticks.guandan.normal_v2 import GuandanBotV2

    from game.ai.value_net import ValueNet
    from game.games.guandan.bot import GuandanBot
    from game.games.guandan.rules import State, View
    from game.rules.base import Action

WEIGHTS = ROOT / "game" / "games" / "guandan" / "ranker_weights.py"
#: Deals per saved chunk (the held-out tenth is by deal).
CHUNK = 20
#: Jitter of the main line's scores (× 25 value units), as the value training's.
NOISE = 0.15


def _best(scores: list[float]) -> int:
    return max(range(len(scores)), key=lambda i: scores[i])


def play_out(state: State, bot: _Policy) -> State:
    """Play ``state`` to its end with ``bot`` in every seat (no jitter); returns the state."""
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        seat = state.current_player
        assert seat is not None  # a deal not over has a seat to act
        state.apply(legal[_best(bot.scores(state.view(seat), legal))])
    return state


def close_choices(scores: list[float]) -> list[int]:
    """The candidates the ranker reorders (``value.rerank``): the best RANK_TOP within
    RANK_WINDOW of the best, none when fewer than two or when the best goes out."""
    from game.games.guandan.value import RANK_TOP, RANK_WINDOW

    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    best = scores[order[0]]
    if best >= 400.0:
        return []
    top = [i for i in order[:RANK_TOP] if scores[i] >= best - RANK_WINDOW]
    return top if len(top) >= 2 else []


class _Policy:
    """A policy without its end-game search: ``scores`` (the ranker's reordering included)
    play, while ``last``, the same decision's scores before any ranker, picks and labels the
    close choices as ``value.rerank`` sees them in play."""

    def __init__(self, bot: GuandanBot | GuandanBotV2, ranker: ValueNet | None) -> None:
        from game.games.guandan.bot import GuandanBot

        self.bot = bot
        self.ranker = ranker
        self.weight = GuandanBot.rank_weight
        self.last: list[float] = []

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        from game.games.guandan import value

        if self.ranker is None or view.phase != "play":
            self.last = self.bot.scores(view, legal)
            return self.last
        feats: list[list[float] | None] = []
        self.last = self.bot.scores(view, legal, feats)
        out = list(self.last)
        value.rerank(out, feats, self.ranker, self.weight)
        return out


def _policy(name: str) -> _Policy:
    """``normal-v2`` (no ranker), or ``normal``: today's Normal, its ranker applied here."""
    from yardsticks.guandan.normal_v2 import GuandanBotV2

    from game.games.guandan.bot import GuandanBot

    if name != "normal":
        return _Policy(GuandanBotV2(endgame=False), None)
    bot = GuandanBot(endgame=False)
    bot._ranker = lambda: None  # type: ignore[method-assign]  # no ranker: a stand-in
    return _Policy(bot, GuandanBot._ranker())


def branch_deals(job: tuple[int, int, str, str]) -> tuple[int, float]:
    """Deals ``first`` .. ``first + count - 1`` with their branches by ``policy``, saved to
    ``path`` (.npz: decision ``g``, score ``s``, outcome ``y``, inputs ``x``); returns
    (rows, seconds)."""
    import numpy as np

    from game.games.guandan.bot import GuandanBot
    from game.games.guandan.search import arena_deal, outcome

    first, count, path, policy = job
    bot = _policy(policy)
    recorder = GuandanBot(endgame=False, learned=False)
    rows: list[tuple[int, float, float, list[float]]] = []
    start = time.perf_counter()
    for index in range(first, first + count):
        rng = random.Random(index * 7919 + 17)
        state = arena_deal(index, rng, None)
        decision = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None  # a deal not over has a seat to act
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            view = state.view(seat)
            played = bot.scores(view, legal)
            scores = bot.last
            top = close_choices(scores) if state.phase == "play" else []
            inputs = [recorder.inputs_of(view, legal, i) for i in top]
            if top and all(x is not None for x in inputs):
                decision += 1
                for i, x in zip(top, inputs, strict=True):
                    branch = state.clone()
                    branch.apply(legal[i])
                    result = play_out(branch, bot).result
                    assert result is not None  # played to its end
                    y = outcome(result, seat)
                    rows.append((index * 1000 + decision, scores[i], y, x))  # type: ignore[arg-type]  # a play's inputs, recorded by the scores
            jittered = [s + rng.gauss(0.0, NOISE * 25.0) for s in played]
            state.apply(legal[_best(jittered)])
    np.savez_compressed(
        path,
        g=np.array([r[0] for r in rows], np.int64),
        s=np.array([r[1] for r in rows], float),
        y=np.array([r[2] for r in rows], float),
        x=np.array([r[3] for r in rows], float).reshape(len(rows), -1),
    )
    return len(rows), time.perf_counter() - start


def generate(folder: Path, deals: int, seed: int, workers: int, policy: str) -> None:
    """Branch ``deals`` deals (numbered from ``seed`` × 1,000,000) by ``policy`` into
    ``folder``, a file per chunk; chunks already there are kept."""
    folder.mkdir(parents=True, exist_ok=True)
    base = seed * 1_000_000
    jobs = [
        (base + a, min(CHUNK, deals - a), str(folder / f"c{base + a:09d}.npz"), policy)
        for a in range(0, deals, CHUNK)
    ]
    jobs = [job for job in jobs if not Path(job[2]).exists()]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for rows, seconds in pool.imap_unordered(branch_deals, jobs):
                print(f"chunk: {rows} rows in {seconds:.0f} s", flush=True)
    else:
        for job in jobs:
            rows, seconds = branch_deals(job)
            print(f"chunk: {rows} rows in {seconds:.0f} s", flush=True)


def load(folders: list[Path]) -> tuple[Array, ...]:
    """Every chunk of ``folders`` joined: decisions, scores, outcomes, inputs."""
    import numpy as np

    paths = sorted(path for folder in folders for path in folder.glob("c*.npz"))
    parts = [np.load(path) for path in paths]
    parts = [p for p in parts if len(p["y"])]
    if not parts:
        raise SystemExit(f"no branch data in {', '.join(map(str, folders))}")
    return tuple(np.concatenate([p[k] for p in parts]) for k in ("g", "s", "y", "x"))


def in_play_estimates(x: Array, s: Array, g: Array) -> Array:
    """The estimate of the ranker in play (``value.ranker``) of every candidate, as
    ``value.rerank`` computes it: the inputs and the score below the decision's best / 40."""
    import numpy as np

    from game.games.guandan.value import ranker

    net = ranker()
    if net is None:
        raise SystemExit("--on-top needs the ranker in play (ranker_weights.py)")
    _, groups = np.unique(g, return_inverse=True)
    best = np.full(groups.max() + 1, -np.inf)
    np.maximum.at(best, groups, s)
    gaps = (s - best[groups]) / 40.0
    return np.array([net([*row, gap]) for row, gap in zip(x.tolist(), gaps.tolist(), strict=True)])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").strip().splitlines()[0])
    p.add_argument("--deals", type=int, default=3000, help="self-play deals to branch")
    p.add_argument("--seed", type=int, default=7, help="deals are numbered from seed × 10^6")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--hidden", type=int, default=16)
    p.add_argument("--epochs", type=int, default=15)
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's step size")
    p.add_argument(
        "--members", type=int, default=5, help="networks fitted from different seeds, averaged"
    )
    p.add_argument(
        "--policy", choices=("normal-v2", "normal"), default="normal-v2", help="who plays"
    )
    p.add_argument(
        "--data", type=Path, nargs="+", required=True,
        help="the folder of branch chunks (self-play writes to the first; the fit reads all)",
    )  # fmt: skip
    p.add_argument("--train-only", action="store_true", help="fit on --data, no self-play")
    p.add_argument("--no-write", action="store_true", help="fit and report only")
    p.add_argument(
        "--on-top", action="store_true", help="learn what the ranker in play still misjudges"
    )
    p.add_argument("--weights", type=Path, default=WEIGHTS, help="where to write")
    args = p.parse_args(argv)
    start = time.perf_counter()
    if not args.train_only:
        generate(args.data[0], args.deals, args.seed, args.workers, args.policy)
    played = time.perf_counter() - start
    g, s, y, x = load(args.data)
    from game.games.guandan.value import RANKER_FEATURES

    base = in_play_estimates(x, s, g) if args.on_top else None
    members = []
    for seed in range(1, args.members + 1):
        params, mean, scale, info = value_fit.fit_centred(
            x, s, y, g, hidden=args.hidden, epochs=args.epochs, seed=seed, lr=args.lr, base=base
        )
        print(f"member {seed}: epoch {info['epoch']}, held-out pick {info['pick']:+.4f}")
        members.append(params)
    params = value_fit.merge(members)
    info = value_fit.centred_report(params, mean, scale, x, s, y, g, base)
    summary = (
        f"{len(y)} candidates of {info['decisions']} decisions, the mean of {args.members} "
        f"networks of {args.hidden} hidden units{' on top of the ranker in play' * args.on_top}"
        f", held-out centred mse {info['mse']:.4f} (without it {info['mse_none']:.4f}); "
        f"held-out mean outcome of the pick {info['pick']:+.4f} levels against "
        f"{info['pick_none']:+.4f} by the score alone"
    )
    if args.on_top:
        summary += f" and {info['pick_base']:+.4f} by the score and the ranker in play"
    print(f"{summary}; branches {played:.0f} s, fit {time.perf_counter() - start - played:.0f} s")
    if not args.no_write:
        doc = (
            "Weights of the learned Guandan ranker (game/games/guandan/value.py ``ranker``), "
            f"written by\ntools/train_guandan_ranker.py: {summary}."
        )
        value_fit.write_weights(args.weights, RANKER_FEATURES, params, mean, scale, doc=doc)
        print(f"wrote {args.weights}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
