"""Guandan's learned evaluation (issue 31, game/games/guandan/value.py) and its training script:
the run-time forward pass equals the training script's, the committed weights load and move
Normal's choices only within the rules, and the self-play labels are the deal's levels (G1.2)."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path

import pytest

from game.ai.value_net import Ensemble, ValueNet, load
from game.games.guandan import value as guandan_value
from game.games.guandan.bot import GuandanBot
from game.games.guandan.search import arena_deal
from game.rules import guandan
from game.rules.base import Action
from game.rules.cards import parse_cards

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))


def _trainer():
    """The training tool, imported as the other tool tests import theirs."""
    return importlib.import_module("train_guandan_value")


def _positions(count: int, seed: int = 5) -> list[tuple[guandan.View, list[Action]]]:
    """(view, legal) of play-phase decisions with a choice from a few random deals."""
    rng = random.Random(seed)
    out: list[tuple[guandan.View, list[Action]]] = []
    deal = 0
    while len(out) < count:
        state = arena_deal(seed * 100 + deal, random.Random(deal), None)
        deal += 1
        while not state.is_terminal and len(out) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and state.phase == "play":
                assert state.current_player is not None
                out.append((state.view(state.current_player), legal))
            state.apply(rng.choice(legal))
    return out


def test_committed_weights_load_and_match_the_features() -> None:
    net = guandan_value.net()
    assert net is not None, "game/games/guandan/value_weights.py is missing or stale: retrain"
    assert len(net.members) == len(guandan_value.MEMBERS)
    for member, (_, size) in zip(net.members, guandan_value.MEMBERS, strict=True):
        assert len(member.mean) == len(member.scale) == size <= len(guandan_value.FEATURES)
        assert all(len(row) == size for row in member.hidden)
        assert len(member.bias) == len(member.out) == len(member.hidden)
    # the latest generation trained (not in use, issue 42) reads today's inputs
    latest = load(guandan_value.LATEST, guandan_value.FEATURES)
    assert latest is not None, "game/games/guandan/value_weights.py is stale: retrain"


def _numpy_net(np, rng, n_in: int, hidden: int):
    """A random network and its numpy forward pass (as tools/value_fit.py computes it)."""
    mean, scale = rng.normal(size=n_in), rng.uniform(0.5, 2.0, n_in)
    w1, b1, w2 = rng.normal(size=(hidden, n_in)), rng.normal(size=hidden), rng.normal(size=hidden)
    net = ValueNet(mean, scale, w1, b1, w2, 0.25)
    return net, lambda x: float(np.maximum(0.0, w1 @ ((x - mean) / scale) + b1) @ w2 + 0.25)


def test_forward_pass_equals_numpy() -> None:
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(3)
    n_in = len(guandan_value.FEATURES)
    net, expected = _numpy_net(np, rng, n_in, 7)
    short, expected_short = _numpy_net(np, rng, 24, 5)  # an earlier generation's inputs
    both = Ensemble([net, short])
    for _ in range(20):
        x = rng.normal(size=n_in)
        assert net(list(x)) == pytest.approx(expected(x), rel=1e-9, abs=1e-9)
        mean = (expected(x) + expected_short(x[:24])) / 2
        assert both(list(x)) == pytest.approx(mean, rel=1e-9, abs=1e-9)


def test_the_committed_mean_equals_numpy() -> None:
    """The shipped evaluation: the mean of the members' numpy forward passes, each on the first
    inputs it was made for."""
    np = pytest.importorskip("numpy")
    net = guandan_value.net()
    assert net is not None
    rng = np.random.default_rng(5)
    for _ in range(10):
        x = rng.uniform(0.0, 1.0, len(guandan_value.FEATURES))
        outs = []
        for m in net.members:
            n = len(m.mean)
            z = (x[:n] - np.array(m.mean)) / np.array(m.scale)
            h = np.maximum(0.0, np.array(m.hidden) @ z + np.array(m.bias))
            outs.append(float(h @ np.array(m.out) + m.out_bias))
        assert net(list(x)) == pytest.approx(sum(outs) / len(outs), rel=1e-9, abs=1e-9)


def test_inputs_of_every_play_phase_action() -> None:
    bot = GuandanBot(endgame=False)
    for view, legal in _positions(40):
        feats: list[list[float] | None] = []
        scores = bot.scores(view, legal, feats)
        assert len(feats) == len(scores) == len(legal)
        for action, x in zip(legal, feats, strict=True):
            if action.kind in ("play", "pass") and len(view.hand) > len(action.cards):
                assert x is not None and len(x) == len(guandan_value.FEATURES)
                assert all(math.isfinite(v) for v in x)
                assert x[guandan_value.FEATURES.index("is_pass")] == (action.kind == "pass")


def test_learned_term_is_the_only_difference(monkeypatch) -> None:
    """Normal with and without the learned evaluation (its ranker aside: test_ai_guandan_ranker)
    differ by LEARNED_WEIGHT × the net's value of each action's inputs, nothing else."""
    monkeypatch.setattr(GuandanBot, "_ranker", staticmethod(lambda: None))
    net = guandan_value.net()
    assert net is not None
    on, off = GuandanBot(endgame=False), GuandanBot(endgame=False, learned=False)
    changed = 0
    for view, legal in _positions(30, seed=9):
        feats: list[list[float] | None] = []
        with_net = on.scores(view, legal, feats)
        without = off.scores(view, legal)
        for a, b, x in zip(with_net, without, feats, strict=True):
            extra = 0.0 if x is None else on.learned_weight * net(x)
            assert a == pytest.approx(b + extra)
        changed += max(range(len(legal)), key=with_net.__getitem__) != max(
            range(len(legal)), key=without.__getitem__
        )
    assert changed < 30  # the learned term adjusts choices; it does not overturn them all


def test_self_play_labels_are_the_deal_levels() -> None:  # G1.2
    trainer = _trainer()
    xs, ys = trainer.play_deals((11, 2, 0.15, "heuristic"))
    assert len(xs) == len(ys) > 20
    assert all(len(x) == len(guandan_value.FEATURES) for x in xs)
    assert set(ys) <= {-3.0, -2.0, -1.0, 1.0, 2.0, 3.0}
    assert trainer.play_deals((11, 2, 0.15, "heuristic")) == (xs, ys)  # seeded: repeats


def test_self_play_of_normal_v2_records_today_s_inputs() -> None:
    """Policy iteration (issue 42): the frozen normal-v2 plays, today's inputs are recorded."""
    trainer = _trainer()
    xs, ys = trainer.play_deals((12, 1, 0.15, "normal-v2"))
    assert len(xs) == len(ys) > 10
    assert all(len(x) == len(guandan_value.FEATURES) for x in xs)


def test_inputs_of_one_action_equal_those_scores_records() -> None:
    bot = GuandanBot(endgame=False)
    for view, legal in _positions(25, seed=4):
        feats: list[list[float] | None] = []
        bot.scores(view, legal, feats)
        assert [bot.inputs_of(view, legal, i) for i in range(len(legal))] == feats


C = parse_cards
COUNTING = [
    # (level, hand, played, (bomb_ranks_out, joker_bomb_out, flush_suits_out, jokers_out,
    #  level_out, aces_out)); two decks (G1.1), unseen = not in the hand and not played
    ("2", "", "", (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)),
    ("2", "BJ RJ", "BJ", (1.0, 0.0, 1.0, 0.25, 1.0, 1.0)),
    ("5", "5S 5S 5D", "5C 5H", (12 / 13, 1.0, 1.0, 1.0, 3 / 8, 1.0)),
    ("5", "5S 5S 5D 5D", "5C 5H 5H", (12 / 13, 1.0, 1.0, 1.0, 1 / 8, 1.0)),
    ("5", "5S 5S 5D 5D", "5C 5H 5H 5C", (12 / 13, 1.0, 1.0, 1.0, 0.0, 1.0)),  # 6..10 in each suit
    # every straight flush (G5.3: A-2-3-4-5 .. 10-J-Q-K-A) in spades has a 5 or a 10
    ("7", "5S 5S", "TS TS", (1.0, 1.0, 0.75, 1.0, 1.0, 1.0)),
    ("7", "5S 5S AS", "TS TS AH AD", (1.0, 1.0, 0.75, 1.0, 1.0, 5 / 8)),
    ("A", "AS AH AD AC", "AS AH AD", (12 / 13, 1.0, 1.0, 1.0, 1 / 8, 1 / 8)),
]


@pytest.mark.parametrize(("level", "hand", "played", "want"), COUNTING)
def test_card_counting_inputs(level: str, hand: str, played: str, want) -> None:
    unseen = guandan_value.unseen_counts(C(hand), C(played))
    assert guandan_value.counting(unseen, level) == pytest.approx(want)


def test_cards_above_each_strength() -> None:
    by_strength = [0] * 15
    by_strength[0], by_strength[11], by_strength[12] = 3, 2, 1
    by_strength[13], by_strength[14] = 1, 2
    above = guandan_value.stronger(by_strength, 1)  # one wild heart: a level card (G5.4)
    assert above[14] == 0 and above[13] == 2 and above[12] == 3
    assert above[11] == 5 and above[10] == 7 and above[0] == 7


PARTNER = [
    # (partner_left, is_pass, over_partner, leading, size) -> (close, leads, over_close, follow)
    (3, True, True, False, 0, (1.0, 1.0, 0.0, 0.0)),
    (3, False, True, False, 2, (1.0, 0.0, 1.0, 0.0)),
    (8, False, True, False, 2, (0.0, 0.0, 0.0, 0.0)),
    (8, True, True, False, 0, (0.0, 1.0, 0.0, 0.0)),
    (0, False, False, True, 1, (0.0, 0.0, 0.0, 0.0)),
    (4, False, False, True, 3, (1.0, 0.0, 0.0, 1.0)),
    (4, False, False, True, 5, (1.0, 0.0, 0.0, 0.0)),
    (9, False, False, True, 5, (0.0, 0.0, 0.0, 1.0)),
]


@pytest.mark.parametrize(("left", "is_pass", "over", "leading", "size", "want"), PARTNER)
def test_partner_inputs(left, is_pass, over, leading, size, want) -> None:
    got = guandan_value.partner_terms(
        partner_left=left, is_pass=is_pass, over_partner=over, leading=leading, play_size=size
    )
    assert got == want


def test_fit_learns_a_planted_rule_and_writes_loadable_weights(tmp_path) -> None:
    np = pytest.importorskip("numpy")
    trainer = _trainer()
    rng = np.random.default_rng(0)
    n_in = len(guandan_value.FEATURES)
    x = rng.uniform(0.0, 1.0, (16000, n_in))
    y = 2.0 * x[:, 0] - 1.5 * np.maximum(0.0, x[:, 3] - 0.5) + rng.normal(0, 0.05, 16000)
    groups = np.arange(16000) // 40
    import value_fit
    import value_train

    params, mean, scale, info = value_fit.fit(x, y, groups, hidden=8, epochs=20, seed=1, lr=1e-2)
    assert info["mse"] < 0.1 * info["mse_constant"]
    assert params is not None  # a fit found
    target = tmp_path / "weights.py"
    value_train.write_weights(trainer.TRAINER, target, params, mean, scale, "test")
    spec = importlib.util.spec_from_file_location("w", target)
    assert spec is not None and spec.loader is not None  # a Python file: a source loader
    w = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(w)
    net = ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)
    held = x[groups % 10 == 9][:50]
    expected = 2.0 * held[:, 0] - 1.5 * np.maximum(0.0, held[:, 3] - 0.5)
    got = np.array([net(list(row)) for row in held])
    assert float(np.abs(got - expected).mean()) < 0.1


def test_normal_with_the_learned_term_plays_whole_deals() -> None:
    bot = GuandanBot()
    for seed in range(2):
        state = guandan.new_deal(seed=seed, level="2", leader=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            action = bot.choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply(action)


def test_a_tiny_training_run_writes_loadable_weights(tmp_path) -> None:
    """The whole tool (tools/value_train.py's driver): normal-v2 self-play, saved data, a fit,
    the weights module; then a fit on the saved data alone."""
    pytest.importorskip("numpy")
    trainer = _trainer()
    target = tmp_path / "weights.py"
    args = ["--deals", "3", "--epochs", "2", "--hidden", "4", "--weights", str(target)]
    data = str(tmp_path / "d.npz")
    assert trainer.main([*args, "--policy", "normal-v2", "--data", data]) == 0
    spec = importlib.util.spec_from_file_location("w", target)
    assert spec is not None and spec.loader is not None  # a Python file: a source loader
    w = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(w)
    assert tuple(w.FEATURES) == guandan_value.FEATURES and len(w.HIDDEN) == 4
    net = ValueNet(w.MEAN, w.SCALE, w.HIDDEN, w.BIAS, w.OUT, w.OUT_BIAS)
    assert math.isfinite(net([0.5] * len(guandan_value.FEATURES)))
    assert trainer.main([*args, "--data", data, data, "--train-only", "--no-write"]) == 0
