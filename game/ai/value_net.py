"""The learned evaluations' network (issues 31, 42): one hidden layer of ReLU units over
standardized inputs, evaluated in plain Python (no numpy at run time).

Each game that learns an evaluation keeps its inputs (``FEATURES`` and ``features``) in its own
``value.py`` and its weights in ``value_weights.py``, a module written by the game's
``tools/train_<game>_value.py``; :func:`load` reads such a module and refuses weights made for
another feature list.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence


class ValueNet:
    """One hidden layer of ReLU units over standardized inputs; the output is in the game's
    outcome unit (levels, points)."""

    __slots__ = ("mean", "scale", "hidden", "bias", "out", "out_bias")

    def __init__(
        self,
        mean: Sequence[float],
        scale: Sequence[float],
        hidden: Sequence[Sequence[float]],
        bias: Sequence[float],
        out: Sequence[float],
        out_bias: float,
    ) -> None:
        self.mean = tuple(mean)
        self.scale = tuple(scale)
        self.hidden = tuple(tuple(row) for row in hidden)
        self.bias = tuple(bias)
        self.out = tuple(out)
        self.out_bias = out_bias

    def __call__(self, x: Sequence[float]) -> float:
        z = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        total = self.out_bias
        for row, b, w in zip(self.hidden, self.bias, self.out, strict=True):
            h = b
            for weight, value in zip(row, z, strict=True):
                h += weight * value
            if h > 0.0:
                total += w * h
        return total


def load(module: str, features: Sequence[str]) -> ValueNet | None:
    """The network of the weights module ``module`` (a dotted path), or None when it is missing
    or was made for another feature list (then the game plays without it until retrained)."""
    try:
        w = importlib.import_module(module)
    except ImportError:
        return None
    if tuple(w.FEATURES) != tuple(features):
        return None
    return ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)


class Ensemble:
    """The mean of several networks' estimates (issue 42: a new generation next to the one it
    learned from judges better than either alone). Each member reads the first inputs it was made
    for, so a network of an earlier, shorter input list joins one of a longer list that extends
    it."""

    __slots__ = ("members",)

    def __init__(self, members: Sequence[ValueNet]) -> None:
        self.members = tuple(members)

    def __call__(self, x: Sequence[float]) -> float:
        total = 0.0
        for net in self.members:
            total += net(x[: len(net.mean)])
        return total / len(self.members)
