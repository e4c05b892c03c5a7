"""Recorded deals replay exactly (issue 27): every live position of random bot deals is rebuilt
from the stored actions (the match's earlier deals from the database, then the deal), view for
view; undo and then the same actions again give the same views as before."""

from __future__ import annotations

import random

import pytest

from game import games
from game.ai.random_bot import RandomBot
from game.history import db
from game.history.summary import DealRow
from game.table.controller import TableController
from game.table.record import find_action, replay_match

PRESETS = ("guandan", "shengji", "runfast")


def views(state, seats):
    return tuple(state.view(seat) for seat in range(seats))


def play_recorded(preset: str, seed: int, deals: int, database: db.Database):
    """Play ``deals`` deals of random bots (new matches as needed); returns, per stored deal,
    its id and the views after every action as they were live."""
    seats = games.get(preset).seats
    live: list[tuple] = []
    recorded: list[tuple[int, list[tuple]]] = []

    def changed(ctl):
        if not ctl.awaiting_next:
            live.append(views(ctl.state, seats))

    def finished(ctl, deal: DealRow):
        recorded.append((database.record(deal), list(live)))

    ctl = TableController(
        preset,
        seed=seed,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
        on_change=changed,
        on_deal_end=finished,
    )
    ctl.on_change = changed
    live.append(views(ctl.state, seats))
    while len(recorded) < deals:
        before = len(recorded)
        ctl.update()
        if len(recorded) > before:
            if ctl.match_over:
                ctl.new_match(seed=seed + len(recorded))
            else:
                ctl.next_deal()
            live.clear()
            live.append(views(ctl.state, seats))
    return recorded


def check_replays(preset: str, deals: int, tmp_path, seed: int = 11):
    database = db.open_database(tmp_path / f"{preset}.sqlite3")
    module = games.get(preset).rules
    seats = games.get(preset).seats
    for deal_id, live in play_recorded(preset, seed, deals, database):
        row = database.deal(deal_id)
        earlier = database.match_actions(row.match_key, row.deal_index)
        assert earlier is not None
        state = replay_match(module, row.seed, earlier + [[]]).state
        rebuilt = [views(state, seats)]
        for data in row.actions:
            state.apply(find_action(state, data))
            rebuilt.append(views(state, seats))
        assert state.is_terminal
        assert [float(x) for x in state.result.returns()] == row.returns
        # Every non-auto action is one live position (auto records come with their action).
        assert rebuilt == live, f"{preset} deal {row.deal_index} of {row.match_key}"


@pytest.mark.parametrize("preset", PRESETS)
def test_recorded_deals_replay_exactly(preset, tmp_path):
    check_replays(preset, 12, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_200_recorded_deals_replay_exactly(preset, tmp_path):
    check_replays(preset, 200, tmp_path, seed=101)


def human_turn(ctl: TableController) -> bool:
    while not ctl.state.is_terminal and not ctl.is_human_turn():
        ctl.run_bots_until_human()
    return ctl.is_human_turn()


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(6))
def test_undo_then_the_same_actions_give_the_same_views(preset, seed):
    rng = random.Random(seed)
    seats = games.get(preset).seats
    ctl = TableController(
        preset,
        seed=seed + 1,
        threaded=False,
        think_delay=0.0,
        undo=True,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    mine: list[tuple[object, tuple]] = []  # the player's actions, with the views before each
    while human_turn(ctl):
        mine.append((views(ctl.state, seats), tuple(r for r in ctl.state.log)))
        action = rng.choice(ctl.legal())
        assert ctl.human_apply(action) is None
        mine[-1] += (action,)
        if rng.random() < 0.1:
            break
    assert mine, "the player never got a turn"
    # Take back a random number of the player's actions.
    back = rng.randint(1, len(mine))
    for _ in range(back):
        assert ctl.undo()
    assert ctl.undo_used
    target_views, target_log, _ = mine[len(mine) - back]
    human_turn(ctl)
    assert views(ctl.state, seats) == target_views
    assert tuple(ctl.state.log) == target_log
    # Playing the same action again reaches the position it reached before.
    snapshot = ctl.snapshot()
    assert snapshot["undo_used"] is True
    assert ctl.human_apply(mine[len(mine) - back][2]) is None
    if back > 1:
        human_turn(ctl)
        assert views(ctl.state, seats) == mine[len(mine) - back + 1][0]


def test_undo_is_off_unless_enabled_and_at_the_start():
    ctl = TableController(
        "runfast",
        seed=5,
        threaded=False,
        think_delay=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    human_turn(ctl)
    ctl.human_apply(ctl.legal()[0])
    assert not ctl.can_undo() and not ctl.undo()
    ctl.undo_enabled = True
    assert ctl.undo() and not ctl.can_undo()  # back at the player's first decision


def test_a_resumed_deal_undoes_to_its_real_start():
    ctl = TableController(
        "guandan",
        seed=9,
        threaded=False,
        think_delay=0.0,
        undo=True,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    human_turn(ctl)
    first = views(ctl.state, 4)
    ctl.human_apply(ctl.legal()[0])
    human_turn(ctl)
    ctl.human_apply(ctl.legal()[-1])
    resumed = TableController.from_snapshot(
        ctl.snapshot(),
        threaded=False,
        think_delay=0.0,
        undo=True,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    assert resumed.match_key == ctl.match_key
    assert resumed.undo() and resumed.undo()
    human_turn(resumed)
    assert views(resumed.state, 4) == first
