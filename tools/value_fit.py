"""What the learned evaluations' training scripts share (issues 31, 42): the fit of a network of
one hidden layer (numpy, at training time only) and the weights module it writes, read at run time
by ``game.ai.value_net``. Used by tools/train_guandan_value.py, train_runfast_value.py and
train_shengji_value.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is imported where it is used: only the training needs it
    import numpy as np

    Array = np.ndarray[Any, Any]
    #: A network's weights by name: ``w1``, ``b1`` (hidden layer), ``w2``, ``b2`` (output).
    Params = dict[str, Array]
    Moments = dict[str, tuple[Array, Array]]


def _descend(
    params: Params,
    moments: Moments,
    data: Array,
    h: Array,
    err: Array,
    step: int,
    lr: float,
    *,
    out_bias: bool = True,
) -> None:
    """One Adam step of a network of one hidden layer (``h``: its hidden units on ``data``)
    down the gradient of a loss whose derivative by each output is ``err``."""
    import numpy as np

    grads = {"w2": h.T @ err, "b2": np.array(err.sum() if out_bias else 0.0)}
    dh = np.outer(err, params["w2"]) * (h > 0)
    grads["w1"] = dh.T @ data
    grads["b1"] = dh.sum(axis=0)
    for key, grad in grads.items():
        m, v = moments[key]
        m *= 0.9
        m += 0.1 * grad
        v *= 0.999
        v += 0.001 * grad * grad
        mhat = m / (1 - 0.9**step)
        vhat = v / (1 - 0.999**step)
        params[key] = params[key] - lr * mhat / (np.sqrt(vhat) + 1e-8)


def fit(
    x: Array, y: Array, groups: Array, *, hidden: int, epochs: int, seed: int, lr: float = 3e-3
) -> tuple[Params | None, Array, Array, dict[str, float]]:
    """Adam on mean squared error; returns the weights with the least held-out error."""
    import numpy as np

    rng = np.random.default_rng(seed)
    held = groups % 10 == 9
    if not held.any():  # fewer than ten chunks (a tiny run): hold out the last one
        held = groups == groups.max()
    if held.all():  # a single chunk: hold out every tenth row
        held = np.arange(len(y)) % 10 == 9
    mean = x[~held].mean(axis=0)
    scale = x[~held].std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    zt, yt, zv, yv = z[~held], y[~held], z[held], y[held]
    n_in = z.shape[1]
    params = {
        "w1": rng.normal(0.0, np.sqrt(2.0 / n_in), (hidden, n_in)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0.0, np.sqrt(1.0 / hidden), hidden),
        "b2": np.array(float(yt.mean())),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    step = 0

    def forward(p: Params, data: Array) -> tuple[Array, Array]:
        h = np.maximum(0.0, data @ p["w1"].T + p["b1"])
        return h, h @ p["w2"] + p["b2"]

    best: tuple[float, Params | None, int] = (float("inf"), None, -1)
    batch = 512
    for epoch in range(epochs):
        order = rng.permutation(len(yt))
        for first in range(0, len(order), batch):
            idx = order[first : first + batch]
            data, target = zt[idx], yt[idx]
            h, out = forward(params, data)
            err = (out - target) * (2.0 / len(idx))
            step += 1
            _descend(params, moments, data, h, err, step, lr)
        loss = float(((forward(params, zv)[1] - yv) ** 2).mean())
        print(f"epoch {epoch + 1}: held-out mse {loss:.4f}", flush=True)
        if loss < best[0]:
            best = (loss, {k: np.array(v, copy=True) for k, v in params.items()}, epoch + 1)
    base = float(((yv - yt.mean()) ** 2).mean())
    return best[1], mean, scale, {"mse": best[0], "mse_constant": base, "epoch": best[2]}


def _centred(values: Array, groups: Array) -> Array:
    """``values`` less the mean of their group (``groups``: 0..G-1 per row)."""
    import numpy as np

    means = np.bincount(groups, weights=values) / np.bincount(groups)
    return values - means[groups]


def _first_of_best(score: Array, groups: Array) -> Array:
    """Per group, the row of the highest ``score`` (ties: the first)."""
    import numpy as np

    order = np.lexsort((-score, groups))
    first = np.ones(len(order), bool)
    first[1:] = groups[order][1:] != groups[order][:-1]
    return order[first]


def fit_centred(
    x: Array,
    s: Array,
    y: Array,
    decisions: Array,
    *,
    hidden: int,
    epochs: int,
    seed: int,
    lr: float = 3e-3,
    base: Array | None = None,
) -> tuple[Params, Array, Array, dict[str, float]]:
    """A ranker over close candidates (issue 42, tools/train_guandan_ranker.py): inputs ``x`` and
    the score below the decision's best (``gap``, in levels: score / 40) in, an estimate r out,
    fitted so that score / 40 + r, centred within each decision, matches the outcomes ``y``
    centred the same way (Adam, minibatches of 256 decisions). A tenth of the deals (decision
    number // 1000) is held out; returns the weights of the epoch with the least held-out error
    and a report: that error, the error without a ranker, and the held-out mean outcome of the
    candidates picked by score / 40 + r and by the score alone. ``base``, an estimate per row of
    a ranker already in play (in levels), is added to score / 40 everywhere: the new one learns
    what both still misjudge (issue 56)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    _, groups = np.unique(decisions, return_inverse=True)
    best = np.full(groups.max() + 1, -np.inf)
    np.maximum.at(best, groups, s)
    z0 = np.column_stack([x, (s - best[groups]) / 40.0])
    target = y - s / 40.0 - (base if base is not None else 0.0)
    held = held_out(decisions)
    if held.all() or not held.any():  # a tiny run: hold out every tenth decision
        held = groups % 10 == 9
    mean = z0[~held].mean(axis=0)
    scale = z0[~held].std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = (z0 - mean) / scale
    _, gt = np.unique(groups[~held], return_inverse=True)
    _, gv = np.unique(groups[held], return_inverse=True)
    zt, tt, zv, tv = z[~held], target[~held], z[held], _centred(target[held], gv)
    rows = np.argsort(gt, kind="stable")
    starts = np.searchsorted(gt[rows], np.arange(gt.max() + 2))
    n_in = z.shape[1]
    params = {
        "w1": rng.normal(0.0, np.sqrt(2.0 / n_in), (hidden, n_in)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0.0, 0.1 / np.sqrt(hidden), hidden),
        "b2": np.array(0.0),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}

    def forward(p: Params, data: Array) -> tuple[Array, Array]:
        h = np.maximum(0.0, data @ p["w1"].T + p["b1"])
        return h, h @ p["w2"] + p["b2"]

    kept: tuple[float, Params, int] = (float("inf"), params, 0)
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(gt.max() + 1)
        for first in range(0, len(order), 256):
            chosen = order[first : first + 256]
            idx = np.concatenate([rows[starts[k] : starts[k + 1]] for k in chosen])
            local = np.repeat(np.arange(len(chosen)), starts[chosen + 1] - starts[chosen])
            h, out = forward(params, zt[idx])
            # the loss is the centred error squared; its gradient is the centred error itself
            err = (_centred(out, local) - _centred(tt[idx], local)) * (2.0 / len(idx))
            step += 1
            # the output bias does not change a centred estimate: it stays where it starts
            _descend(params, moments, zt[idx], h, err, step, lr, out_bias=False)
        loss = float(((_centred(forward(params, zv)[1], gv) - tv) ** 2).mean())
        print(f"epoch {epoch + 1}: held-out centred mse {loss:.4f}", flush=True)
        if loss < kept[0]:
            kept = (loss, {k: np.array(v, copy=True) for k, v in params.items()}, epoch + 1)
    info = centred_report(kept[1], mean, scale, x, s, y, decisions, base)
    info["epoch"] = kept[2]
    return kept[1], mean, scale, info


def held_out(decisions: Array) -> Array:
    """The held-out rows of :func:`fit_centred`: a tenth of the deals (decision number // 1000)."""
    held: Array = (decisions // 1000) % 10 == 9
    return held


def centred_report(
    params: Params,
    mean: Array,
    scale: Array,
    x: Array,
    s: Array,
    y: Array,
    decisions: Array,
    base: Array | None = None,
) -> dict[str, float]:
    """On :func:`fit_centred`'s held-out decisions: the centred error with the ranker ``params``
    and without one, the mean outcome of the candidates picked by score / 40 + its estimate and
    by the score alone, and the number of decisions in all (with ``base``: score / 40 + base
    stands for the score, and ``pick_base`` is the pick by it)."""
    import numpy as np

    _, groups = np.unique(decisions, return_inverse=True)
    best = np.full(groups.max() + 1, -np.inf)
    np.maximum.at(best, groups, s)
    held = held_out(decisions)
    if held.all() or not held.any():
        held = groups % 10 == 9
    _, gv = np.unique(groups[held], return_inverse=True)
    z = (np.column_stack([x, (s - best[groups]) / 40.0])[held] - mean) / scale
    r = np.maximum(0.0, z @ params["w1"].T + params["b1"]) @ params["w2"] + params["b2"]
    sv, yv = s[held], y[held]
    known = sv / 40.0 + (base[held] if base is not None else 0.0)
    target = _centred(yv - known, gv)
    return {
        "mse": float(((_centred(r, gv) - target) ** 2).mean()),
        "mse_none": float((target**2).mean()),
        "decisions": int(groups.max()) + 1,
        "pick": float(yv[_first_of_best(known + r, gv)].mean()),
        "pick_none": float(yv[_first_of_best(sv, gv)].mean()),
        "pick_base": float(yv[_first_of_best(known, gv)].mean()),
    }


def merge(members: Sequence[Params]) -> Params:
    """Networks of one hidden layer over the same standardized inputs, as one network whose
    output is their mean (their hidden units side by side)."""
    import numpy as np

    n = len(members)
    return {
        "w1": np.vstack([m["w1"] for m in members]),
        "b1": np.concatenate([m["b1"] for m in members]),
        "w2": np.concatenate([m["w2"] for m in members]) / n,
        "b2": np.array(sum(float(m["b2"]) for m in members) / n),
    }


def write_weights(
    path: Path, features: Sequence[str], params: Params, mean: Array, scale: Array, *, doc: str
) -> None:
    """The weights as a Python module (read by ``game.ai.value_net.load``) whose docstring is
    ``doc`` (what the weights are for and how they were trained)."""

    def floats(values: Iterable[Any]) -> str:
        return "(" + ", ".join(f"{float(v):.6g}" for v in values) + ",)"

    rows = ",\n    ".join(floats(row) for row in params["w1"])
    text = (
        f'"""{doc}"""\n\n'
        "# fmt: off\n"
        f"FEATURES = {tuple(features)!r}\n"
        f"MEAN = {floats(mean)}\n"
        f"SCALE = {floats(scale)}\n"
        f"HIDDEN = (\n    {rows},\n)\n"
        f"BIAS = {floats(params['b1'])}\n"
        f"OUT = {floats(params['w2'])}\n"
        f"OUT_BIAS = {float(params['b2']):.6g}\n"
    )
    path.write_text(text, encoding="utf-8")
