"""Shengji's learned evaluation (issue 42, game/games/shengji/value.py) and its training script:
the run-time forward pass equals numpy's on the committed weights, every lead's and follow's
inputs are well formed, the learned term is the only change to Normal's play scores, the
self-play labels are the deal's outcome (S5.3) and a tiny training run works end to end."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path

import pytest

from game.ai.search import SearchBot
from game.ai.value_net import ValueNet
from game.games.shengji import bot as shengji_bot
from game.games.shengji import burying
from game.games.shengji import value as shengji_value
from game.games.shengji.bot import ShengjiBot
from game.games.shengji.search import arena_deal
from game.rules.base import Action
from game.rules.shengji import ShengjiState, ShengjiView

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
NET = shengji_value.net()
needs_weights = pytest.mark.skipif(NET is None, reason="no Shengji weights committed")


def _trainer():
    """The training tool, imported as the other tool tests import theirs."""
    return importlib.import_module("train_shengji_value")


def mover(state: ShengjiState) -> int:
    """The seat to move (a deal not over has one)."""
    seat = state.current_player
    assert seat is not None
    return seat


def _positions(count: int, seed: int = 5) -> list[tuple[ShengjiView, list[Action]]]:
    """(view, legal) of play-phase decisions with a choice from a few deals (random play)."""
    rng = random.Random(seed)
    normal = ShengjiBot(learned=False)
    out: list[tuple[ShengjiView, list[Action]]] = []
    deal = 0
    while len(out) < count:
        state = arena_deal(seed * 100 + deal, random.Random(deal), None)
        deal += 1
        while not state.is_terminal and len(out) < count:
            legal = state.legal_actions()
            view = state.view(mover(state))
            if state.phase != "play":
                state.apply(normal.choose(view, legal, rng))
                continue
            if len(legal) > 1:
                out.append((view, legal))
            state.apply(rng.choice(legal))
    return out


@needs_weights
def test_committed_weights_match_the_features() -> None:
    assert NET is not None
    assert len(NET.mean) == len(NET.scale) == len(shengji_value.FEATURES)
    assert all(len(row) == len(shengji_value.FEATURES) for row in NET.hidden)


@needs_weights
def test_forward_pass_equals_numpy_on_sample_positions() -> None:
    np = pytest.importorskip("numpy")
    from game.games.shengji import value_weights as w

    assert NET is not None
    mean, scale = np.array(w.MEAN), np.array(w.SCALE)
    w1, b1, w2 = np.array(w.HIDDEN), np.array(w.BIAS), np.array(w.OUT)
    checked = 0
    for view, legal in _positions(20):
        feats: list[list[float]] = []
        ShengjiBot().play_scores(view, legal, feats)
        for x in feats:
            expected = np.maximum(0.0, w1 @ ((np.array(x) - mean) / scale) + b1) @ w2 + w.OUT_BIAS
            assert NET(x) == pytest.approx(float(expected), rel=1e-9, abs=1e-9)
            checked += 1
    assert checked > 40


def test_inputs_of_every_lead_and_follow() -> None:
    bot = ShengjiBot()
    for view, legal in _positions(40):
        feats: list[list[float]] = []
        scored = bot.play_scores(view, legal, feats)
        assert len(feats) == len(scored) and {a for _, a in scored} <= set(legal)
        for (_, action), x in zip(scored, feats, strict=True):
            assert len(x) == len(shengji_value.FEATURES) and all(math.isfinite(v) for v in x)
            assert x[shengji_value.FEATURES.index("leading")] == (not view.trick)
            size = x[shengji_value.FEATURES.index("size")] * 4
            assert size == pytest.approx(len(action.cards))


@needs_weights
def test_learned_term_is_the_only_difference() -> None:
    assert NET is not None
    on, off = ShengjiBot(), ShengjiBot(learned=False)
    for view, legal in _positions(30, seed=9):
        feats: list[list[float]] = []
        with_net = on.play_scores(view, legal, feats)
        without = off.play_scores(view, legal)
        for (a, _), (b, _), x in zip(with_net, without, feats, strict=True):
            assert a == pytest.approx(b + shengji_bot.LEARNED_WEIGHT * NET(x))


def test_self_play_labels_are_the_deal_outcome() -> None:  # S5.3
    trainer = _trainer()
    xs, ys = trainer.play_deals((11, 2, 2.0, False))
    assert len(xs) == len(ys) > 40
    assert all(len(x) == len(shengji_value.FEATURES) for x in xs)
    # each seat's label is its team's: two values of opposite sign per deal
    assert all(y != 0 for y in ys) and len({abs(y) for y in ys}) <= 2
    assert trainer.play_deals((11, 2, 2.0, False)) == (xs, ys)  # seeded: repeats


def test_a_tiny_training_run_writes_loadable_weights(tmp_path) -> None:
    pytest.importorskip("numpy")
    trainer = _trainer()
    target = tmp_path / "weights.py"
    args = ["--deals", "12", "--epochs", "2", "--hidden", "4", "--weights", str(target)]
    assert trainer.main([*args, "--data", str(tmp_path / "d.npz")]) == 0
    spec = importlib.util.spec_from_file_location("w", target)
    assert spec is not None and spec.loader is not None  # a Python file: a source loader
    w = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(w)
    assert tuple(w.FEATURES) == shengji_value.FEATURES and len(w.HIDDEN) == 4
    net = ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)
    assert math.isfinite(net([0.5] * len(shengji_value.FEATURES)))
    assert trainer.main([*args, "--data", str(tmp_path / "d.npz"), "--train-only"]) == 0


def test_hard_rolls_out_without_the_learned_term() -> None:
    """Hard's candidates carry the learned term; its rollouts do not (as good in the screen at
    half the cost, docs/ai-notes.md)."""
    from game.ai.registry import make_bot
    from game.games.shengji.search import HOOKS

    hard = make_bot("shengji", "hard", seed=1, samples=2)
    assert isinstance(hard, SearchBot)  # Hard searches, Normal's bots inside
    assert isinstance(hard.policy, ShengjiBot) and isinstance(hard.heuristic, ShengjiBot)
    assert hard.policy.learned is False and hard.heuristic.learned is True
    assert HOOKS.policy is not None
    policy = HOOKS.policy()
    assert isinstance(policy, ShengjiBot) and policy.learned is False


def _bury_states(count: int, seed: int = 3) -> list[ShengjiState]:
    """Deals at the dealer's burial (S2.7), declared by Normal."""
    normal = ShengjiBot()
    out: list[ShengjiState] = []
    deal = 0
    while len(out) < count:
        rng = random.Random(deal)
        state = arena_deal(seed * 100 + deal, rng, None)
        deal += 1
        while state.phase == "declare":
            legal = state.legal_actions()
            state.apply(normal.choose(state.view(mover(state)), legal, rng))
        if state.phase == "bury":
            out.append(state)
    return out


@needs_weights
def test_a_burial_is_judged_by_the_best_lead_it_leaves() -> None:  # S2.7
    """``_leaves`` equals the best single or pair lead's score in the real position after the
    burial, and each candidate's score is the heuristic's plus that, times the weight."""
    on, off = ShengjiBot(), ShengjiBot(learned=False)
    for state in _bury_states(6):
        view = state.view(mover(state))
        plain = off._bury_scores(view, random.Random(0))
        judged = on._bury_scores(view, random.Random(0))
        assert [a for _, a in plain] == [a for _, a in judged] and len(judged) > 1
        for (base, action), (score, _) in zip(plain, judged, strict=True):
            after = state.clone()
            after.apply(action)
            leads = [
                a for a in after.legal_actions() if len(set(a.cards)) == 1 and len(a.cards) <= 2
            ]
            real = max(s for s, _ in on.play_scores(after.view(mover(after)), leads))
            assert on._leaves(view, action) == pytest.approx(real)
            assert score == pytest.approx(base + burying.BURY_LEAVE_WEIGHT * real)


def test_learned_burials_are_legal_and_deals_finish() -> None:  # S2.7, S4
    normal = ShengjiBot()
    for number, state in enumerate(_bury_states(8, seed=4)):
        rng = random.Random(number)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = normal.choose(state.view(mover(state)), legal, rng)
            assert state.explain(action.cards) is None
            if state.phase == "bury":
                dealer = mover(state)
                state.apply(action)
                assert sorted(state.view(dealer).kitty or ()) == sorted(action.cards)
            else:
                state.apply(action)
        assert state.result is not None
