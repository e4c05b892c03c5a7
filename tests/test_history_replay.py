"""Recorded deals replay exactly (issue 27): every live position of random bot deals is rebuilt
from the stored actions (the match's earlier deals from the database, then the deal), view for
view; undo and then the same actions again give the same views as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import registry, storage
from game.ai.random_bot import RandomBot
from game.history import db
from game.rules.base import Action, DealState, DealView, Record
from game.table.controller import TableController
from game.table.record import find_action, replay_match
from game.table.summary import DealRow
from tests.typed import known

PRESETS = ("guandan", "shengji", "runfast", "doudizhu")


Views = tuple[DealView, ...]


def views(state: DealState, seats: int) -> Views:
    """What each seat sees of ``state``."""
    return tuple(state.view(seat) for seat in range(seats))


def play_recorded(preset: str, seed: int, deals: int, database: db.Database):
    """Play ``deals`` deals of random bots (new matches as needed); returns, per stored deal,
    its id and the views after every action as they were live."""
    seats = registry.get(preset).seats
    live: list[Views] = []
    recorded: list[tuple[int, list[Views]]] = []

    def changed(ctl):
        if not ctl.awaiting_next:
            live.append(views(ctl.state, seats))

    def finished(ctl, deal: DealRow):
        recorded.append((known(database.record(deal)), list(live)))

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
    module = registry.get(preset).rules
    seats = registry.get(preset).seats
    for deal_id, live in play_recorded(preset, seed, deals, database):
        row = known(database.deal(deal_id))
        earlier = database.match_actions(row.match_key, row.deal_index)
        assert earlier is not None
        state = replay_match(module, row.seed, earlier + [[]]).state
        rebuilt = [views(state, seats)]
        for data in row.actions:
            state.apply(find_action(state, data))
            rebuilt.append(views(state, seats))
        assert state.is_terminal
        assert [float(x) for x in known(state.result).returns()] == row.returns
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
    seats = registry.get(preset).seats
    ctl = TableController(
        preset,
        seed=seed + 1,
        threaded=False,
        think_delay=0.0,
        undo=True,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    # the player's actions, with the views and the log before each
    mine: list[tuple[Views, tuple[Record, ...], Action]] = []
    while human_turn(ctl):
        before = views(ctl.state, seats), tuple(r for r in ctl.state.log)
        action = rng.choice(ctl.legal())
        assert ctl.human_apply(action) is None
        mine.append((*before, action))
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


def test_a_long_run_fast_session_saves_only_its_current_deal():
    """The session's finished deals live in the database; the autosave holds the totals and
    the deal in progress, so it stays small and resumes at once however long the session."""
    import json

    ctl = TableController(
        "runfast",
        seed=21,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    while ctl.deal_index < 12 or ctl.awaiting_next or len(ctl.state.log) < 5:
        ctl.update()
    data = ctl.snapshot()
    assert data["start"] == {"deal_index": ctl.deal_index, "totals": ctl.totals()}
    assert len(data["deals"]) == 1 and len(json.dumps(data)) < 4000
    resumed = TableController.from_snapshot(
        json.loads(json.dumps(data)), threaded=False, bot_factory=lambda p, level, s: RandomBot()
    )
    assert resumed.deal_index == ctl.deal_index and resumed.totals() == ctl.totals()
    assert views(resumed.state, 3) == views(ctl.state, 3)
    assert resumed.match_key == ctl.match_key
    # And the next deal is the same as the live session's next deal.
    while not ctl.state.is_terminal:
        action = ctl.legal()[0]
        ctl.state.apply(action)
        resumed.state.apply(action)
    ctl.update()
    resumed.update()
    assert resumed.totals() == ctl.totals()
    assert views(resumed.match.state, 3) == views(ctl.match.state, 3)


@pytest.mark.parametrize(
    "start",
    [
        [],
        {"deal_index": -1, "totals": [0, 0, 0]},
        {"deal_index": 3, "totals": "0 0 0"},
        {"deal_index": 3, "totals": [0, 0.5, 0]},
        {"deal_index": True, "totals": [0, 0, 0]},
    ],
)
def test_a_malformed_start_is_set_aside(start, tmp_path, monkeypatch):
    import json

    from game import save

    monkeypatch.setattr(save, "autosave_path", lambda game: tmp_path / "autosave.json")
    data = {"version": 2, "preset": "runfast", "seed": 1, "deals": [[]], "start": start}
    (tmp_path / "autosave.json").write_text(json.dumps(data))
    assert save.load_autosave("runfast") is None
    assert ("table.save_unreadable", {}) in storage.take_notices()
    assert list(tmp_path.glob("autosave.json.broken-*"))


def test_fast_forward_refuses_nonsense():
    from game.rules import runfast
    from game.rules.errors import BadArgumentError

    match = runfast.new_match(seed=4)
    # Deliberately ill-typed as well as out of range: the refusal is what is tested.
    nonsense: list[tuple[Any, list[Any]]] = [(-1, [0, 0, 0]), (2, [0, 0]), (2, [0, 0, "1"])]
    for index, totals in [*nonsense, ("2", [0, 0, 0])]:
        with pytest.raises(BadArgumentError):
            match.fast_forward(index, totals)
    match.fast_forward(5, [3, -1, -2])
    assert match.deal_index == 5 and match.state.seed == match.deal_seed(5)


def test_a_resumed_session_s_crash_copy_replays_from_its_start():
    from game.rules import runfast
    from game.table.record import rebuild_match

    ctl = TableController(
        "runfast",
        seed=8,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    while ctl.deal_index < 2 or ctl.awaiting_next:
        ctl.update()
    saved = ctl.snapshot()
    resumed = TableController.from_snapshot(
        saved,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda p, level, s: RandomBot(),
    )
    while resumed.deal_index < 3 or resumed.awaiting_next or len(resumed.state.log) < 3:
        resumed.update()
    full = resumed.snapshot(full=True)
    assert full["start"] == saved["start"] and len(full["deals"]) == 2
    match = rebuild_match(runfast, full["seed"], full["deals"], full["start"])
    assert match.deal_index == 3 and views(match.state, 3) == views(resumed.state, 3)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_replay_viewer_rebuilds_each_recorded_deal(preset, tmp_path):
    from game.history import replay

    database = db.open_database(tmp_path / "v.sqlite3")
    recorded = play_recorded(preset, 31, 3, database)
    seats = registry.get(preset).seats
    for deal_id, live in recorded:
        deal = replay.load(database, deal_id)
        assert [views(s, seats) for s in deal.states] == live
        assert deal.states[-1].is_terminal and deal.rounds[0] == 0
        assert deal.next_round(0) > 0 and deal.previous_round(deal.next_round(0)) == 0
