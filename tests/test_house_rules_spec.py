"""variants.md sentence by sentence (issue 28): the cases the per-game house-rule tests
(test_house_rules_guandan.py, _shengji.py, _runfast.py, _runfast_plan.py, _table.py,
_table_texts.py, _match.py) did not yet hold.

- "An option changes exactly the rule it names and nothing else": VG3 (between deals), VS2
  (the kitty's multiplier only) and VS3 (the first deal only) leave every legal action of a
  deal as it is; the result differs only where their rule says.
- "clone(), view(), replays, saves and crash reports carry them": a crash report.
- VG2 "in any suit"; VG3 "the match log ... show the count": each deal carries it, a replay too.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from game import crashlog, i18n
from game.ai.random_bot import RandomBot
from game.rules import guandan as gd
from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.rules.options import OptionValue
from game.table.controller import TableController


def _same_legal_lists(make, options: Mapping[str, object], seed: int) -> tuple[Any, Any]:
    """Plays one seeded deal under the defaults and under ``options`` with the same random
    choices; returns both finished states after asserting equal legal lists at every step."""
    plain, house = make(seed, None), make(seed, options)
    rng = random.Random(seed)
    while not plain.is_terminal:
        legal = plain.legal_actions()
        assert [str(a) for a in legal] == [str(a) for a in house.legal_actions()]
        action = rng.choice(legal)
        plain.apply(action)
        house.apply(action)
    assert house.is_terminal
    return plain, house


@pytest.mark.parametrize("seed", range(4))
def test_vg3_changes_nothing_inside_a_deal(seed: int) -> None:  # VG3, variants.md
    def make(s, options):
        return gd.new_deal(seed=s, level="A", team_levels={0: "A", 1: "A"}, options=options)

    plain, house = _same_legal_lists(make, {"a_level_tries": 3}, seed)
    assert plain.result.finish_order == house.result.finish_order
    assert plain.result.levels_gained == house.result.levels_gained


@pytest.mark.parametrize("seed", range(4))
def test_vs2_changes_only_the_kitty_multiplier(seed: int) -> None:  # VS2, S5.2
    def make(s, options):
        return sj.new_deal(seed=s, level="2", dealer=s % 4, options=options)

    plain, house = _same_legal_lists(make, {"kitty_multiplier": "power"}, seed)
    a, b = plain.result, house.result
    same = ("level", "trump_suit", "dealer", "attackers", "trick_points", "defender_points",
            "kitty", "kitty_points", "last_trick_winner")  # fmt: skip
    assert [getattr(a, f) for f in same] == [getattr(b, f) for f in same]
    if a.kitty_multiplier == b.kitty_multiplier:  # a single or a pair last: x2, x4 either way
        assert a == b
    else:  # VS2: x2^(n+1) for a tractor of n pairs instead of twice the cards
        assert b.kitty_multiplier > a.kitty_multiplier


@pytest.mark.parametrize("seed", range(3))
def test_vs3_leaves_a_later_deal_alone(seed: int) -> None:  # VS3: the first deal only
    def make(s, options):  # a later deal: its dealer is known (S2.5)
        return sj.new_deal(seed=s, level="5", dealer=(s + 1) % 4, options=options)

    plain, house = _same_legal_lists(make, {"first_dealer": "first_declarer"}, seed)
    assert plain.dealer == house.dealer == (seed + 1) % 4


def test_vg2_excludes_the_level_rank_in_every_suit() -> None:  # VG2 "in any suit"
    for level_card in ("5S", "5D", "5C"):
        hand = f"{level_card} 3D KS"
        assert gd.return_options(hand, "5", {"return_excludes_level": True}) == parse_cards("3D")
    assert gd.return_options("5S 5D 5C KS", "5", {"return_excludes_level": True}) == (
        parse_cards("KS")  # only level cards below 10: the weakest card of the hand (G3.5)
    )


def test_vg3_every_deal_and_its_replay_carry_the_count() -> None:  # VG3 "the match log"
    match = gd.new_match(seed=8, options={"a_level_tries": 3})
    match.levels = {0: "A", 1: "7"}
    match.a_tries = {0: 2, 1: 0}
    state = gd.new_deal(
        seed=5, level="A", leader=0, team_levels=match.levels, options=match.options,
        a_tries=(2, 0),
    )  # fmt: skip
    rng = random.Random(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    again = gd.replay(state.log, **state.deal_args)
    assert again.a_tries == state.a_tries == (2, 0)
    assert again.view(3).a_tries == (2, 0) and again.log == state.log


def test_a_crash_report_carries_the_house_rules(tmp_path, monkeypatch) -> None:  # API
    monkeypatch.setenv("CARDAVIA_HOME", str(tmp_path / "home"))
    i18n.set_language("en")
    options: dict[str, OptionValue] = {"attachments": True, "must_beat": "warned_only"}
    ctl = TableController(
        "runfast", seed=21, threaded=False, think_delay=0.0, options=options,
        bot_factory=lambda *_: RandomBot(),
    )  # fmt: skip
    rng = random.Random(21)
    for _ in range(12):
        if ctl.state.is_terminal:
            break
        ctl.state.apply(rng.choice(ctl.state.legal_actions()))
    try:
        raise RuntimeError("boom under house rules")
    except RuntimeError as error:
        path = crashlog.report(error, crashlog.controller_context(ctl))
    assert path is not None  # the report was written
    data = crashlog.load_report(path)
    assert data["context"]["replay"]["options"]["must_beat"] == "warned_only"
    match = crashlog.replay_report(path)
    assert dict(match.state.options) == dict(ctl.state.options)
    assert match.state.log == ctl.state.log


def test_arena_plays_vg3_deals_at_a_and_counts_a_drop_back() -> None:  # VG3, issue 28 arena
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import arena

    from game.games.guandan import search as guandan_search

    vg3 = {"a_level_tries": 3}
    dealt = arena.new_deal("guandan", 5, vg3)
    assert isinstance(dealt, gd.State)  # Guandan's own deal
    assert dealt.level.rank == "A" and "A" in dealt.team_levels and max(dealt.a_tries) < 3
    # Team 0 at A on its third try wins the deal 1-4 (one level, no match win): back to 2.
    state = gd.new_deal(
        hands=["KS", "3C", "4C 4D 6S", "5C"], level="A", leader=0,
        team_levels={0: "A", 1: "5"}, options=vg3, a_tries=(2, 0),
    )  # fmt: skip
    for step in ("KS", "", "", "", "4C", "5C", "", "", "3C"):
        state.apply(Action("pass") if not step else state.actions_for(step)[0])
    assert state.result is not None and state.result.levels_gained == 1
    assert guandan_search.vg3_drops(state) == {0: True, 1: False}
    assert arena.a_result("guandan", state, (0, 2)) == (1.0, 1.0 - 12.0)
    assert arena.a_result("guandan", state, (1, 3)) == (0.0, -1.0 + 12.0)
    summary = arena.run("guandan", "normal", "random", 1, seed=2, options=vg3)
    assert "VG3" in summary["deal_kind"] and summary["illegal"] == summary["errors"] == 0
