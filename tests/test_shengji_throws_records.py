"""Shengji throws (VS4, issue 58) in the records: the option travels with the match, and a
failed throw replays and fails again from the autosave, the history, a shared deal's file and
the AI review; the replay viewer lays the forced component, as the table did."""

from __future__ import annotations

import random
from typing import Any

from game import registry
from game.history import db, replay, review, share
from game.rules.base import Action
from game.rules.shengji import ShengjiState, ShengjiView, lead_format
from game.table.controller import TableController
from game.table.record import find_action, replay_match
from game.table.session import snapshot
from game.table.summary import DealRow
from tests.typed import known

ON = {"throws": True}


class ThrowingBot:
    """Random play that leads a random set of one suit's cards half the time (throws that
    often fail)."""

    def choose(self, view: ShengjiView, legal: list[Action], rng: random.Random) -> Action:
        trump = view.trump
        if view.phase == "play" and not view.trick and trump is not None and rng.random() < 0.5:
            suit = trump.effective_suit(rng.choice(view.hand))
            cards = [c for c in view.hand if trump.effective_suit(c) == suit]
            chosen = tuple(trump.sorted(rng.sample(cards, rng.randrange(1, len(cards) + 1))))
            return Action("play", chosen, lead_format(chosen, trump, view.options))
        return rng.choice(legal)


def controller(database: db.Database, seed: int = 5) -> TableController:
    def keep(_ctl: TableController, row: DealRow) -> None:
        database.record(row)

    return TableController(
        "shengji",
        seed=seed,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda preset, level, s: ThrowingBot(),
        on_deal_end=keep,
        options=ON,
    )


def failures(state: Any) -> int:
    return sum(1 for record in state.log if record.action.kind == "throw_failed")


def test_the_autosave_replays_failed_throws_with_the_option(history):
    ctl = controller(history)
    while history.count() < 1 or failures(ctl.state) < 2:
        ctl.update()
    data = snapshot(ctl)
    assert data["options"]["throws"] is True
    module = registry.get("shengji").rules
    again = replay_match(module, data["seed"], data["deals"], data["options"]).state
    live = ctl.state if not ctl.awaiting_next else ctl.match.state
    assert again.options["throws"] and again.log == live.log
    assert [again.view(s) for s in range(4)] == [live.view(s) for s in range(4)]
    resumed = TableController.from_snapshot(data, threaded=False, think_delay=0.0)
    assert resumed.options["throws"] and resumed.state.log == live.log


def test_history_share_and_replay_viewer_fail_the_throw_again(history):
    ctl = controller(history, seed=8)
    while history.count() < 2:
        ctl.update()
    rows = [row for row in history.history(0, 10) if row.options.get("throws")]
    assert len(rows) == 2
    for row in rows:
        deal = replay.load(history, row.id)
        final = deal.states[-1]
        assert final.options["throws"] and final.is_terminal
        assert failures(final) >= 1
        # the replay lays the forced component where the throw was led, as the table did
        for position, state in enumerate(deal.states[1:], start=1):
            if state.log and state.log[-1].action.kind == "throw_failed":
                plays, kinds = deal.table_plays(position, None, (), ("throw_failed",))
                assert isinstance(state, ShengjiState)
                leader = state.trick[0][0]
                assert plays[leader] == tuple(state.log[-1].action.cards)
                assert kinds[leader] == (None, None)
                attempt = state.log[-2].action.cards
                assert len(attempt) > len(plays[leader])
        text = share.export_text(history.deal(row.id), history)
        preset, states = share.import_text(text.encode())
        assert preset == "shengji"
        assert [s.log for s in states] == [s.log for s in deal.states]


def test_the_ai_review_judges_a_throw_decision(history):
    ctl = controller(history, seed=3)
    while history.count() < 1:
        ctl.update()
    deal = replay.load(history, history.history(0, 1)[0].id)
    plies = [
        ply
        for ply in range(len(deal.states) - 1)
        if (combo := review.played_action(deal, ply).combo) is not None
        and getattr(combo, "kind", "") == "throw"
    ]
    assert plies
    found = review.verdict(deal, plies[0], samples=2)
    assert known(found.played["combo"])[0] == "throw"
    state = deal.states[plies[0]]
    assert find_action(state, found.played).cards == review.played_action(deal, plies[0]).cards
