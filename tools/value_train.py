"""The training driver the learned evaluations share (issues 42, 56): the command line, the
seeded self-play loop (:func:`self_play`, in chunks, optionally on a pool of worker processes),
joining saved data, the fit (tools/value_fit.py) and writing the weights module. Each game's
tools/train_<game>_value.py keeps only what differs: its :class:`SelfPlay` (the seeded deal,
who plays, the scored candidates with their inputs, the label) and its defaults
(:class:`Trainer`).

A chunk's job is ``(first deal, deal count, noise, policy)``; the policy is ``--learned`` (True:
today's weights play) or, for a game that names its policies, the ``--policy`` chosen.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import value_fit

if TYPE_CHECKING:
    from value_fit import Array, Params

ROOT = Path(__file__).resolve().parent.parent
Job = tuple[int, int, float, Any]
#: A decision's candidates: their scores, the actions (in the scores' order) and the inputs of
#: the one chosen, by its index (None: that action teaches nothing, e.g. going out).
PlayDeals = Callable[[Job], tuple[list[list[float]], list[float]]]
Scored = tuple[list[float], list[Any], Callable[[int], "list[float] | None"]]


@dataclass(frozen=True)
class SelfPlay:
    """One game's part of :func:`self_play`; each field a module-level function (the worker
    pool pickles them)."""

    #: The seeded deal of the deal number (drawn from the deal's ``rng`` if it needs one).
    deal: Callable[[int, random.Random], Any]
    #: Who plays, from the job's policy (whatever ``forced`` and ``scored`` take as ``player``).
    player: Callable[[Any], Any]
    #: ``(player, state, legal, rng)``: the action of a decision that teaches nothing (one legal
    #: action, a phase the evaluation does not judge), or None for a decision to learn from.
    forced: Callable[[Any, Any, list[Any], random.Random], Any]
    #: ``(player, view, legal)``: the candidates of a decision to learn from (:data:`Scored`).
    scored: Callable[[Any, Any, list[Any]], Scored]
    #: ``(finished state, seat)``: what the deal was worth to the seat, the network's target.
    label: Callable[[Any, int], float]
    #: The jitter's unit: a score gets Gaussian noise of ``noise × jitter`` so that second
    #: choices are played too.
    jitter: float = 1.0


def only_choice(player: Any, state: Any, legal: list[Any], rng: random.Random) -> Any:
    """The usual :attr:`SelfPlay.forced`: a decision with one legal action teaches nothing."""
    return legal[0] if len(legal) == 1 else None


def self_play(game: SelfPlay, job: Job) -> tuple[list[list[float]], list[float]]:
    """Self-play of deals ``start`` .. ``start + count - 1`` of ``job``: the inputs of each
    chosen action (a decision with a choice, its scores jittered) and, when the deal ends, its
    seat's label. Seeded by the deal number alone, so a chunk repeats exactly."""
    start, count, noise, policy = job
    player = game.player(policy)
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(start, start + count):
        rng = random.Random(index * 7919 + 17)
        state = game.deal(index, rng)
        pending: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            forced = game.forced(player, state, legal, rng)
            if forced is not None:
                state.apply(forced)
                continue
            seat = state.current_player
            scores, actions, inputs = game.scored(player, state.view(seat), legal)
            jittered = [s + rng.gauss(0.0, noise * game.jitter) for s in scores]
            best = max(range(len(actions)), key=jittered.__getitem__)
            x = inputs(best)
            if x is not None:
                pending.append((seat, x))
            state.apply(actions[best])
        for seat, x in pending:
            xs.append(x)
            ys.append(game.label(state, seat))
    return xs, ys


@dataclass(frozen=True)
class Trainer:
    """One game's training: what plays a chunk, where the weights go, and the defaults."""

    #: The tool's docstring (its first line is the command's description).
    doc: str
    #: Self-play of one chunk: (inputs, labels); picklable (the pool sends it to its workers),
    #: e.g. ``functools.partial(self_play, <the game's SelfPlay>)``.
    play_deals: PlayDeals
    #: The game's folder name (``game/games/<game>/``: its value.py and value_weights.py) and
    #: its name in the weights module's docstring.
    game: str
    title: str
    deals: int
    seed: int
    noise: float
    noise_help: str
    hidden: int
    epochs: int
    #: Deals per chunk: the held-out tenth is every tenth chunk.
    chunk: int
    #: Decimals of the reported mean squared errors.
    digits: int = 3
    #: Named self-play policies (``--policy``); the first plays by default, the second with
    #: ``--learned``. Empty: the job's policy is the ``--learned`` flag itself.
    policies: tuple[str, ...] = ()
    policy_help: str = ""
    #: The game's module whose ``FEATURES`` the network reads, and the weights module it loads.
    reader: str = "value"
    weights_module: str = "value_weights"
    #: The tool's file name (in the weights module's docstring).
    tool: str = ""

    @property
    def weights(self) -> Path:
        """The weights module the game's reader loads."""
        return ROOT / "game" / "games" / self.game / f"{self.weights_module}.py"

    def features(self) -> Sequence[str]:
        """The input names the weights are made for (imported when writing, after self-play)."""
        module = importlib.import_module(f"game.games.{self.game}.{self.reader}")
        features: Sequence[str] = module.FEATURES
        return features


def generate(
    trainer: Trainer, deals: int, seed: int, noise: float, workers: int, policy: Any
) -> tuple[Array, Array, Array]:
    """Inputs, labels and each row's chunk (for the held-out split) as numpy arrays."""
    import numpy as np

    jobs = [
        (seed * 1_000_003 + first, min(trainer.chunk, deals - first), noise, policy)
        for first in range(0, deals, trainer.chunk)
    ]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            parts = pool.map(trainer.play_deals, jobs, chunksize=1)
    else:
        parts = [trainer.play_deals(job) for job in jobs]
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for number, (x, y) in enumerate(parts):
        xs.extend(x)
        ys.extend(y)
        groups.extend([number] * len(y))
    return np.asarray(xs, float), np.asarray(ys, float), np.asarray(groups, np.int64)


def load(paths: Sequence[Path]) -> tuple[Array, Array, Array]:
    """The saved self-play data of ``paths`` joined: inputs, labels, chunk numbers."""
    import numpy as np

    parts = [np.load(path) for path in paths]
    x = np.concatenate([part["x"] for part in parts])
    y = np.concatenate([part["y"] for part in parts])
    # chunk numbers stay distinct across files (the held-out split is by chunk)
    offsets = np.cumsum([0] + [int(part["groups"].max()) + 1 for part in parts[:-1]])
    groups = np.concatenate([p["groups"] + o for p, o in zip(parts, offsets, strict=True)])
    return x, y, groups


def parser(trainer: Trainer) -> argparse.ArgumentParser:
    """The command line every training tool shares, with the game's defaults."""
    p = argparse.ArgumentParser(description=trainer.doc.strip().splitlines()[0])
    p.add_argument("--deals", type=int, default=trainer.deals, help="self-play deals")
    p.add_argument("--seed", type=int, default=trainer.seed)
    p.add_argument("--noise", type=float, default=trainer.noise, help=trainer.noise_help)
    p.add_argument("--workers", type=int, default=1, help="self-play processes")
    p.add_argument("--hidden", type=int, default=trainer.hidden)
    p.add_argument("--epochs", type=int, default=trainer.epochs)
    p.add_argument("--learned", action="store_true", help="self-play with today's weights")
    if trainer.policies:
        p.add_argument("--policy", choices=trainer.policies, help=trainer.policy_help)
    p.add_argument(
        "--data",
        type=Path,
        nargs="+",
        help="save the self-play data here (.npz); with --train-only, the files to fit on "
        "(several are joined)",
    )
    p.add_argument("--train-only", action="store_true", help="fit on --data, no self-play")
    p.add_argument("--no-write", action="store_true", help="fit and report only")
    p.add_argument("--weights", type=Path, default=trainer.weights, help="where to write")
    return p


def write_weights(
    trainer: Trainer, path: Path, params: Params, mean: Array, scale: Array, summary: str
) -> None:
    """The weights as a Python module (read by the game's value.py)."""
    tool = trainer.tool or f"train_{trainer.game}_value.py"
    doc = (
        f"Weights of the learned {trainer.title} evaluation "
        f"(game/games/{trainer.game}/{trainer.reader}.py), written by\ntools/{tool}: {summary}."
    )
    value_fit.write_weights(path, trainer.features(), params, mean, scale, doc=doc)


def main(trainer: Trainer, argv: list[str] | None = None) -> int:
    """Self-play (or load ``--data``), fit, report and write the weights."""
    args = parser(trainer).parse_args(argv)
    import numpy as np

    start = time.perf_counter()
    if args.train_only:
        if not args.data:
            raise SystemExit("--train-only needs --data")
        x, y, groups = load(args.data)
    else:
        policy: Any = args.learned
        if trainer.policies:
            policy = args.policy or trainer.policies[1 if args.learned else 0]
        x, y, groups = generate(trainer, args.deals, args.seed, args.noise, args.workers, policy)
        if args.data:
            np.savez_compressed(args.data[0], x=x, y=y, groups=groups)
    played = time.perf_counter() - start
    print(f"{len(y)} positions in {played:.0f} s", flush=True)
    params, mean, scale, info = value_fit.fit(
        x, y, groups, hidden=args.hidden, epochs=args.epochs, seed=1
    )
    d = trainer.digits
    summary = (
        f"{len(y)} positions of {int(groups.max()) + 1} chunks of {trainer.chunk} self-play "
        f"deals, {args.hidden} hidden units, held-out mse {info['mse']:.{d}f} "
        f"(a constant: {info['mse_constant']:.{d}f}), epoch {info['epoch']}"
    )
    print(f"{summary}; self-play {played:.0f} s, fit {time.perf_counter() - start - played:.0f} s")
    if not args.no_write:
        if params is None:  # no epoch gave a finite held-out error
            raise SystemExit("the fit diverged: no weights to write")
        write_weights(trainer, args.weights, params, mean, scale, summary)
        print(f"wrote {args.weights}")
    return 0
