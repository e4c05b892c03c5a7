"""What the learned evaluations' training scripts share (issues 31, 42): the fit of a network of
one hidden layer (numpy, at training time only) and the weights module it writes, read at run time
by ``game.ai.value_net``. Used by tools/train_guandan_value.py, train_runfast_value.py and
train_shengji_value.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def fit(x, y, groups, *, hidden: int, epochs: int, seed: int, lr: float = 3e-3):
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

    def forward(p, data):
        h = np.maximum(0.0, data @ p["w1"].T + p["b1"])
        return h, h @ p["w2"] + p["b2"]

    best = (float("inf"), None, -1)
    batch = 512
    for epoch in range(epochs):
        order = rng.permutation(len(yt))
        for first in range(0, len(order), batch):
            idx = order[first : first + batch]
            data, target = zt[idx], yt[idx]
            h, out = forward(params, data)
            err = (out - target) * (2.0 / len(idx))
            grads = {
                "w2": h.T @ err,
                "b2": np.array(err.sum()),
            }
            dh = np.outer(err, params["w2"]) * (h > 0)
            grads["w1"] = dh.T @ data
            grads["b1"] = dh.sum(axis=0)
            step += 1
            for key, grad in grads.items():
                m, v = moments[key]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                mhat = m / (1 - 0.9**step)
                vhat = v / (1 - 0.999**step)
                params[key] = params[key] - lr * mhat / (np.sqrt(vhat) + 1e-8)
        loss = float(((forward(params, zv)[1] - yv) ** 2).mean())
        print(f"epoch {epoch + 1}: held-out mse {loss:.4f}", flush=True)
        if loss < best[0]:
            best = (loss, {k: np.array(v, copy=True) for k, v in params.items()}, epoch + 1)
    base = float(((yv - yt.mean()) ** 2).mean())
    return best[1], mean, scale, {"mse": best[0], "mse_constant": base, "epoch": best[2]}


def write_weights(path: Path, features: Sequence[str], params, mean, scale, *, doc: str) -> None:
    """The weights as a Python module (read by ``game.ai.value_net.load``) whose docstring is
    ``doc`` (what the weights are for and how they were trained)."""

    def floats(values) -> str:
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
