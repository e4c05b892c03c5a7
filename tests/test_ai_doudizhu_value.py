"""Dou Dizhu's learned evaluation (issue 56, game/games/doudizhu/value.py) and its training
script: which plays unseen cards can beat (D4.4), every candidate's inputs are well formed, the
learned term is the only change to Normal's scores and touches only its best few candidates, the
run-time forward pass equals numpy's on the committed weights, the self-play labels are the
deal's settlement per base point (D5.3) and a tiny training run works end to end."""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import sys
from pathlib import Path

import pytest

from game.ai.value_net import ValueNet
from game.games.doudizhu import bot as ddz_bot
from game.games.doudizhu import value as ddz_value
from game.games.doudizhu.bot import DoudizhuBot
from game.games.doudizhu.rules.combos import counts_of
from game.rules import doudizhu as ddz
from game.rules.base import Action
from game.rules.cards import parse_cards

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))


def _trainer():
    """The training tool, imported as the other tool tests import theirs."""
    return importlib.import_module("train_doudizhu_value")


def _positions(count: int, seed: int = 5):
    """(view, legal) of play decisions with a choice from a few deals played at random."""
    rng = random.Random(seed)
    out: list[tuple[ddz.DoudizhuView, list[Action]]] = []
    deal = 0
    while len(out) < count:
        state = ddz.new_deal(seed=seed * 100 + deal)
        deal += 1
        while not state.is_terminal and len(out) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and state.stage == "play" and state.current_player is not None:
                out.append((state.view(state.current_player), legal))
            state.apply(rng.choice(legal))
    return out


# (kind, main rank value, run, the other cards, can they beat it)
BEATS = [
    ("single", 12, 1, "BJ", True),  # a 2 falls to a joker (D2.2)
    ("single", 14, 1, "2S 2H BJ", False),  # nothing beats the red joker
    ("pair", 11, 1, "2S 2H", True),
    ("pair", 11, 1, "2S BJ RJ", False),  # the jokers are no pair (D4.1)
    ("trio_single", 5, 1, "9S 9H 9D", True),  # attachments never count (D4.4)
    ("straight", 5, 5, "5S 6S 7S 8S 9S", True),  # 5..9 over 4..8
    ("straight", 5, 5, "4S 5S 6S 7S 8S", False),  # the same top: no
    ("straight", 9, 5, "JS QS KS AS 2S", False),  # no 2 in a straight (D4.2)
    ("pair_run", 2, 3, "4S 4H 5S 5H 6S 6H", True),
    ("airplane", 1, 2, "5S 5H 5D 6S 6H 6D", True),
    ("bomb", 5, 1, "BJ RJ", False),  # the rocket is no ordinary answer here
    ("rocket", 15, 1, "2S 2H 2D 2C", False),
]


@pytest.mark.parametrize(("kind", "value", "length", "cards", "beaten"), BEATS)
def test_which_plays_unseen_cards_can_beat(kind, value, length, cards, beaten) -> None:  # D4.4
    assert ddz_value.can_beat(kind, value, length, counts_of(parse_cards(cards))) is beaten


def test_bomb_threats_count_fours_and_the_rocket() -> None:  # D4.5
    assert ddz_value.bomb_threats(counts_of(parse_cards("3S 3H 3D 3C BJ RJ 4S"))) == 2
    assert ddz_value.bomb_threats(counts_of(parse_cards("3S 3H 3D BJ"))) == 0


def test_inputs_of_every_candidate() -> None:
    bot = DoudizhuBot()
    for view, legal in _positions(80):
        for index, action in enumerate(legal):
            x = bot.inputs_of(view, legal, index)
            if len(action.cards) == len(view.hand):  # going out needs no judge (D1.2)
                assert x is None
                continue
            assert x is not None and len(x) == len(ddz_value.FEATURES)
            assert all(math.isfinite(v) for v in x)
            assert x[ddz_value.FEATURES.index("is_pass")] == (action.kind == "pass")
            shed = x[ddz_value.FEATURES.index("shed")] * 20
            assert shed == pytest.approx(len(action.cards))
            cards_after = x[ddz_value.FEATURES.index("cards_after")] * 20
            assert cards_after == pytest.approx(len(view.hand) - len(action.cards))
            landlord = x[ddz_value.FEATURES.index("is_landlord")]
            assert landlord == (view.seat == view.landlord)


def test_the_learned_term_judges_only_the_best_few() -> None:
    """Normal's score is the heuristic's plus the learned term (times the seat's weight) on the
    WINDOW best candidates and the pass; the others rank below all of them, in the heuristic's
    order."""
    net = ddz_value.net()
    assert net is not None, "game/games/doudizhu/value_weights.py is missing or stale: retrain"
    on, off = DoudizhuBot(), DoudizhuBot(learned=False)
    for view, legal in _positions(60, seed=9):
        with_net, without = on.scores(view, legal), off.scores(view, legal)
        weight = DoudizhuBot.learned_weight(view)
        if not weight:
            assert with_net == without
            continue
        judged = set(DoudizhuBot.judged(legal, without))
        assert len(judged) <= ddz_bot.WINDOW + 1
        for i, (a, b) in enumerate(zip(with_net, without, strict=True)):
            if i not in judged:
                assert a == pytest.approx(b - ddz_bot.UNJUDGED)
                continue
            x = on.inputs_of(view, legal, i)
            extra = 0.0 if x is None else weight * net(x)
            assert a == pytest.approx(b + extra)


def test_forward_pass_equals_numpy_on_sample_positions() -> None:
    np = pytest.importorskip("numpy")
    w = importlib.import_module("game.games.doudizhu.value_weights")
    net = ddz_value.net()
    assert net is not None
    mean, scale = np.array(w.MEAN), np.array(w.SCALE)
    w1, b1, w2 = np.array(w.HIDDEN), np.array(w.BIAS), np.array(w.OUT)
    checked = 0
    bot = DoudizhuBot()
    for view, legal in _positions(25):
        for index in range(len(legal)):
            x = bot.inputs_of(view, legal, index)
            if x is None:
                continue
            expected = np.maximum(0.0, w1 @ ((np.array(x) - mean) / scale) + b1) @ w2 + w.OUT_BIAS
            assert net(x) == pytest.approx(float(expected), rel=1e-9, abs=1e-9)
            checked += 1
    assert checked > 50


def test_self_play_labels_are_the_settlement_per_base_point() -> None:  # D5.3
    trainer = _trainer()
    xs, ys = trainer.play_deals((11, 3, 0.3, False))
    assert len(xs) == len(ys) > 20
    assert all(len(x) == len(ddz_value.FEATURES) for x in xs)
    # the landlord wins or loses 2 × the multiplier, a peasant 1 ×
    assert {abs(y) for y in ys} <= {1.0, 2.0, 4.0, 8.0, 16.0, 32.0}
    assert any(y > 0 for y in ys) and any(y < 0 for y in ys)
    assert trainer.play_deals((11, 3, 0.3, False)) == (xs, ys)  # seeded: repeats


def test_a_tiny_training_run_writes_loadable_weights(tmp_path) -> None:
    pytest.importorskip("numpy")
    trainer = _trainer()
    target = tmp_path / "weights.py"
    args = ["--deals", "60", "--epochs", "2", "--hidden", "4", "--weights", str(target)]
    assert trainer.main([*args, "--data", str(tmp_path / "d.npz")]) == 0
    spec = importlib.util.spec_from_file_location("w", target)
    assert spec is not None and spec.loader is not None
    w = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(w)
    assert tuple(w.FEATURES) == ddz_value.FEATURES and len(w.HIDDEN) == 4
    net = ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)
    assert math.isfinite(net([0.5] * len(ddz_value.FEATURES)))
    assert trainer.main([*args, "--data", str(tmp_path / "d.npz"), "--train-only"]) == 0


def test_normal_with_the_learned_term_plays_whole_deals() -> None:
    bot = DoudizhuBot()
    for seed in range(4):
        state = ddz.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            assert state.current_player is not None
            action = bot.choose(state.view(state.current_player), legal, rng)
            assert action in legal
            state.apply(action)
