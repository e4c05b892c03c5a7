"""Guandan's learned ranker (issue 42; ``value.ranker``, ``value.rerank``) and its training
tool (tools/train_guandan_ranker.py): it only reorders Normal's close best plays, the branches'
outcomes are the deal's levels (G1.2), and the centred fit learns what the score misses."""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import sys
from pathlib import Path
from typing import cast

import pytest

from game.ai.value_net import ValueNet
from game.games.guandan import value as guandan_value
from game.games.guandan.bot import GuandanBot
from game.games.guandan.value import RANK_TOP, RANK_WINDOW

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))


def _tool():
    return importlib.import_module("train_guandan_ranker")


class _Fixed:
    """A ranker whose estimate is the first input (tests plant it per action)."""

    def __call__(self, x):
        return x[0]


def _rerank(scores, estimates):
    feats = [None if e is None else [e] for e in estimates]
    out = list(scores)
    guandan_value.rerank(out, feats, cast(ValueNet, _Fixed()), 40.0)  # rerank only calls it
    return out


# scores, planted estimates (levels), the index that ends best
RERANK = [
    # the second of three close plays is worth a level more: it wins
    ([10.0, 5.0, 0.0], [0.0, 1.0, 0.0], 1),
    # the third is outside the window of the best: it keeps its score however good
    ([10.0, 5.0, 10.0 - RANK_WINDOW - 1], [0.0, 0.0, 5.0], 0),
    # a fourth play, even within the window, is not among the best RANK_TOP
    ([10.0, 9.0, 8.0, 7.0], [0.0, 0.0, 0.0, 3.0], 0),
    # a play that goes out (score 500) is never reordered
    ([500.0, 5.0], [0.0, 5.0], 0),
    # a pass or play without inputs (None) is left out of the ranking
    ([10.0, 5.0], [None, 2.0], 0),
]


@pytest.mark.parametrize(("scores", "estimates", "best"), RERANK)
def test_the_ranker_reorders_only_the_close_best_plays(scores, estimates, best) -> None:
    out = _rerank(scores, estimates)
    assert max(range(len(out)), key=lambda i: out[i]) == best
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    for i in order[RANK_TOP:]:  # the rest keep their scores
        assert out[i] == scores[i]
    assert all(o >= s for o, s in zip(out, scores, strict=True))  # nothing is lowered


def test_the_committed_ranker_loads_and_normal_reads_it() -> None:
    ranker = guandan_value.ranker()
    assert ranker is not None
    assert len(ranker.mean) == len(guandan_value.RANKER_FEATURES)
    assert guandan_value.RANKER_FEATURES[-1] == "gap"
    assert math.isfinite(ranker([0.5] * len(guandan_value.RANKER_FEATURES)))
    assert GuandanBot._ranker() is ranker
    assert GuandanBot(fast=True).learned is False  # the quick rollouts never rank


def test_close_choices_are_those_the_bot_reorders() -> None:
    tool = _tool()
    assert tool.close_choices([10.0, 5.0, 0.0, -5.0]) == [0, 1, 2]
    assert tool.close_choices([10.0, -20.0]) == []  # one within the window: no choice
    assert tool.close_choices([500.0, 490.0]) == []  # the best goes out
    assert tool.close_choices([0.0, 3.0, 3.0 - RANK_WINDOW]) == [1, 0, 2]


def test_the_centred_fit_learns_what_the_score_misses() -> None:
    """Outcomes are score / 40 plus a planted level where the first input is high: the fitted
    ranker finds it, and its held-out picks beat the score's."""
    np = pytest.importorskip("numpy")
    import value_fit

    rng = np.random.default_rng(3)
    decisions = np.repeat(np.arange(6000), 3) + 1000 * np.repeat(np.arange(6000) // 3, 3)
    n = len(decisions)
    x = rng.uniform(0.0, 1.0, (n, 4))
    s = rng.uniform(-20.0, 0.0, n)
    y = s / 40.0 + 1.0 * (x[:, 0] > 0.5) + rng.normal(0.0, 0.2, n)
    params, mean, scale, info = value_fit.fit_centred(
        x, s, y, decisions, hidden=8, epochs=15, seed=1, lr=1e-2
    )
    assert info["mse"] < 0.5 * info["mse_none"]
    assert info["pick"] > info["pick_none"] + 0.2
    assert params["w1"].shape == (8, 5)  # the inputs and the gap


def test_a_fit_on_top_learns_only_what_the_ranker_in_play_misses() -> None:
    """Outcomes plant two rules; ``base`` (the ranker in play) knows the first: the new fit
    learns the second, and its picks with the base beat the base's own (issue 56)."""
    np = pytest.importorskip("numpy")
    import value_fit

    rng = np.random.default_rng(4)
    decisions = np.repeat(np.arange(6000), 3) + 1000 * np.repeat(np.arange(6000) // 3, 3)
    n = len(decisions)
    x = rng.uniform(0.0, 1.0, (n, 4))
    s = rng.uniform(-20.0, 0.0, n)
    first, second = 1.0 * (x[:, 0] > 0.5), 1.0 * (x[:, 1] > 0.5)
    y = s / 40.0 + first + second + rng.normal(0.0, 0.2, n)
    params, mean, scale, info = value_fit.fit_centred(
        x, s, y, decisions, hidden=8, epochs=15, seed=1, lr=1e-2, base=first
    )
    assert info["pick_base"] > info["pick_none"] + 0.2  # the base alone already helps
    assert info["pick"] > info["pick_base"] + 0.1  # and the new fit adds the second rule
    assert info["mse"] < 0.5 * info["mse_none"]
    z = (np.column_stack([x, np.zeros(n)]) - mean) / scale
    r = np.maximum(0.0, z @ params["w1"].T + params["b1"]) @ params["w2"]
    gain_second = r[second == 1].mean() - r[second == 0].mean()
    gain_first = r[first == 1].mean() - r[first == 0].mean()
    assert gain_second > 0.6 and abs(gain_first) < 0.3  # it learned the rule the base missed


def test_a_tiny_branch_run_labels_levels_and_writes_loadable_weights(tmp_path) -> None:
    """Two deals branched (each candidate played out by normal-v2 on the true hands), a fit, the
    weights module; every decision has two or three candidates and each outcome is a G1.2 result
    of the acting seat's team (±1, ±2 or ±3 levels)."""
    np = pytest.importorskip("numpy")
    tool = _tool()
    data = tmp_path / "branches"
    target = tmp_path / "ranker.py"
    args = ["--data", str(data), "--deals", "2", "--seed", "5", "--epochs", "2", "--hidden", "4"]
    args += ["--members", "2"]
    assert tool.main([*args, "--weights", str(target)]) == 0
    g, s, y, x = tool.load([data])
    assert len(y) > 10 and x.shape[1] == len(guandan_value.FEATURES)
    _, sizes = np.unique(g, return_counts=True)
    assert set(sizes.tolist()) <= set(range(2, RANK_TOP + 1))
    assert set(np.abs(y).tolist()) <= {1.0, 2.0, 3.0}
    spec = importlib.util.spec_from_file_location("w", target)
    assert spec is not None and spec.loader is not None  # a Python file: a source loader
    w = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(w)
    # two members of 4 hidden units, side by side in one network
    assert tuple(w.FEATURES) == guandan_value.RANKER_FEATURES and len(w.HIDDEN) == 8
    net = ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)
    assert math.isfinite(net([0.5] * len(guandan_value.RANKER_FEATURES)))
    # a second run resumes: the chunks are kept, nothing is played again
    assert tool.main([*args, "--no-write"]) == 0


def test_normal_plays_whole_deals_with_the_ranker() -> None:
    from game.games.guandan.search import arena_deal

    bot = GuandanBot()
    for seed in range(2):
        state = arena_deal(seed, random.Random(seed), None)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal, seat = state.legal_actions(), state.current_player
            assert seat is not None  # a deal not over has a player to move
            action = bot.choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)


def test_the_next_generation_policy_plays_normal_and_labels_its_scores_before_the_ranker() -> None:
    """``--policy normal``: the branches' main line and play-outs are today's Normal without its
    end-game search (the same scores), while the close choices and their saved scores are those
    before the ranker, as ``value.rerank`` sees them in play."""
    from game.games.guandan.search import arena_deal

    tool = _tool()
    policy = tool._policy("normal")
    normal = GuandanBot(endgame=False)
    plain = GuandanBot(endgame=False)
    plain._ranker = lambda: None  # type: ignore[method-assign]  # no ranker: a stand-in
    raised = 0
    state = arena_deal(3, random.Random(3), None)
    while not state.is_terminal:
        legal, seat = state.legal_actions(), state.current_player
        assert seat is not None  # a deal not over has a player to move
        view = state.view(seat)
        played = policy.scores(view, legal)
        assert played == normal.scores(view, legal)
        assert policy.last == plain.scores(view, legal)
        raised += played != policy.last
        state.apply(legal[max(range(len(played)), key=lambda i: played[i])])
    assert raised > 0  # the ranker moved some close choices in this deal


def test_a_branch_run_of_the_next_generation_reads_several_folders(tmp_path) -> None:
    np = pytest.importorskip("numpy")
    tool = _tool()
    first, second = tmp_path / "v2", tmp_path / "normal"
    assert tool.branch_deals((5_000_000, 1, str(tmp_path / "v2.npz"), "normal-v2"))[0] > 0
    assert tool.branch_deals((6_000_000, 1, str(tmp_path / "n.npz"), "normal"))[0] > 0
    first.mkdir()
    second.mkdir()
    (tmp_path / "v2.npz").rename(first / "c005000000.npz")
    (tmp_path / "n.npz").rename(second / "c006000000.npz")
    g, s, y, x = tool.load([first, second])
    assert len(np.unique(g // 1000)) == 2  # both deals, each its own decisions
    assert set(np.abs(y).tolist()) <= {1.0, 2.0, 3.0}
