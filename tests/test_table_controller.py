"""The table controller without pygame: pacing, hints, refusals, replay of the autosave."""

from __future__ import annotations

import random
import threading
from typing import cast

import pytest

from game import i18n
from game.ai.random_bot import RandomBot
from game.protocol.base import RulesModule
from game.rules import guandan, runfast
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.table.controller import TableController, refusal_params
from game.table.record import ReplayError, find_action, replay_match


def random_bots(preset, level, seed):
    return RandomBot()


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def controller(preset="runfast", seed=1, **options) -> TableController:
    options.setdefault("threaded", False)
    options.setdefault("think_delay", 0.0)
    options.setdefault("bot_factory", random_bots)
    return TableController(preset, seed=seed, **options)


def ai_turn(ctl: TableController) -> None:
    """Make it an AI seat's turn (the human plays its first legal action if needed)."""
    while ctl.is_human_turn():
        ctl.human_apply(ctl.legal()[0])
        ctl.update()


def test_ai_waits_for_the_think_delay():
    clock = FakeClock()
    ctl = controller(think_delay=1.5, clock=clock)
    ai_turn(ctl)
    ctl.update()
    seat, size = ctl.state.current_player, len(ctl.state.log)
    clock.now = 1.0
    ctl.update()
    assert len(ctl.state.log) == size  # still thinking
    clock.now = 1.6
    ctl.update()
    assert len(ctl.state.log) == size + 1 and ctl.state.log[-1].seat == seat


def test_hold_pauses_the_ai():
    ctl = controller()
    ai_turn(ctl)
    size = len(ctl.state.log)
    for _ in range(5):
        ctl.update(hold=True)
    assert len(ctl.state.log) == size


class BlockingBot:
    """A bot that thinks until the test lets it go (to watch the frame loop keep running)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def choose(self, view, legal, rng):
        self.started.set()
        self.release.wait(10)
        return legal[0]


def test_a_slow_bot_thinks_off_the_frame_loop():
    bot = BlockingBot()
    ctl = controller(threaded=True, bot_factory=lambda *_: bot)
    ai_turn(ctl)
    size = len(ctl.state.log)
    ctl.update()
    assert bot.started.wait(10)
    for _ in range(20):  # frames go on while the bot thinks
        assert ctl.update() == []
    assert len(ctl.state.log) == size
    bot.release.set()
    for _ in range(1000):
        ctl.update()
        if len(ctl.state.log) > size:
            break
        threading.Event().wait(0.005)
    assert len(ctl.state.log) > size


class BrokenBot:
    def choose(self, view, legal, rng):
        raise RuntimeError("bot bug")


def test_a_failing_bot_never_blocks_the_table():
    ctl = controller(bot_factory=lambda *_: BrokenBot(), autoplay=True)
    for _ in range(500):
        ctl.update()
        if ctl.awaiting_next:
            break
    assert ctl.awaiting_next and ctl.state.is_terminal


@pytest.mark.parametrize("preset", ["runfast", "guandan", "shengji"])
def test_hints_are_legal(preset):
    # The Normal bot proposes; its choice must be one of the human's legal actions.
    ctl = controller(preset, seed=4, bot_factory=None)
    rng = random.Random(4)
    hints = 0
    for _ in range(400):
        if ctl.awaiting_next:
            break
        if ctl.is_human_turn():
            ctl.request_hint()
            hint = ctl.take_hint()
            assert hint is not None and ctl.is_legal(hint)
            ctl.state.clone().apply(hint)  # the engine accepts it
            hints += 1
            ctl.human_apply(rng.choice(ctl.legal()))
        ctl.update()
    assert hints > 0


@pytest.mark.parametrize(
    "hands,selection,code",
    [
        (["3H 4S 5S", "6S 7S", "8S 9S"], "4S", "must_contain_3h"),  # R2.2
        (["3H 4S 5S", "6S 7S", "8S 9S"], "3H 5S", "no_combination"),  # R4
        (["4S 4D 4C 5S", "6S 7S", "8S 9S"], "4S 4D 4C 5S", "attachment"),  # R4.5
    ],
)
def test_illegal_selection_gives_the_localized_reason(hands, selection, code):
    i18n.set_language("en")
    ctl = controller()
    ctl.use_deal(runfast.new_deal(hands=hands))
    cards = parse_cards(selection)
    assert ctl.selection_actions(cards) == []
    error = ctl.state.explain(cards)
    assert error is not None and error.reason == code
    assert ctl.selection_refusal(cards) == i18n.tr(
        f"reason.runfast.{code}", **refusal_params(error.details)
    )


def test_legal_selection_has_no_refusal_and_lists_meanings():
    ctl = controller("guandan")
    ctl.use_deal(guandan.new_deal(hands=["6S 7D 8C 9H 2H", "4S", "5S", "KS"], leader=0))
    cards = parse_cards("6S 7D 8C 9H 2H")
    actions = ctl.selection_actions(cards)
    assert ctl.selection_refusal(cards) is None
    ranks = {a.combo.rank for a in ctl.distinct_meanings(actions) if a.combo is not None}
    assert ranks == {"9", "T"}  # G5.5


def test_pass_refusal_when_a_response_exists():
    # R3.4 must beat.
    ctl = controller()
    ctl.use_deal(runfast.new_deal(hands=["9S 4D", "6S 7C", "3H 5S"]))
    for _ in range(10):
        ctl.update()
    assert ctl.is_human_turn()
    assert ctl.pass_action() is None
    state = ctl.state
    assert isinstance(state, runfast.RunFastState)  # Run Fast's own deal
    refusal = state.pass_refusal()
    assert refusal is not None
    assert ctl.pass_refusal() == i18n.tr(
        "reason.runfast.must_beat", **refusal_params(refusal.details)
    )


@pytest.mark.parametrize("preset,seed", [("runfast", 2), ("guandan", 3), ("shengji", 4)])
def test_snapshot_replays_to_the_same_state(preset, seed):
    ctl = controller(preset, seed=seed, autoplay=True, autoplay_pause=0.0)
    rng = random.Random(seed)
    target = rng.randrange(30, 120)
    for _ in range(target):
        ctl.update()
    snap = ctl.snapshot()
    again = TableController.from_snapshot(snap, threaded=False, bot_factory=random_bots)
    assert again.deal_index == ctl.deal_index or ctl.awaiting_next
    assert [str(r.action) for r in again.match.state.log] == [
        str(r.action) for r in ctl.match.state.log
    ]
    seats = ctl.seats
    for seat in range(seats):
        assert again.match.state.view(seat).hand == ctl.match.state.view(seat).hand


def test_replay_refuses_a_move_that_is_not_legal():
    with pytest.raises(ReplayError):
        # the engine module answers RulesModule at run time (its own sample_state is narrower)
        replay_match(
            cast(RulesModule, runfast), 5, [[{"seat": 0, "kind": "play", "cards": "2S 2S"}]]
        )
    state = runfast.new_deal(hands=["3H 4S", "5S", "6S"])
    with pytest.raises(ReplayError):
        find_action(state, {"kind": "play", "cards": "4S"})
    assert find_action(state, {"kind": "play", "cards": "3H"}) == Action(
        "play", tuple(parse_cards("3H")), state.actions_for(parse_cards("3H"))[0].combo
    )


def test_new_match_resets_levels_and_history():
    ctl = controller("guandan", autoplay=True, autoplay_pause=0.0)
    for _ in range(3000):
        ctl.update()
        if ctl.deal_index >= 1 and not ctl.awaiting_next:
            break
    assert ctl.finished_deals
    ctl.new_match(seed=99)
    assert ctl.finished_deals == [] and ctl.deal_index == 0
    assert ctl.match.levels == {0: "2", 1: "2"}  # G1.6


@pytest.mark.parametrize("preset", ["guandan", "shengji", "runfast"])
def test_frame_is_one_immutable_snapshot_per_position(preset):
    import dataclasses

    ctl = controller(preset, seed=4)
    ctl.update()
    frame = ctl.frame()
    assert ctl.frame() is frame  # handed out again until something changes
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.phase = "over"  # type: ignore[misc]  # on purpose: the frame is frozen
    if frame.levels is not None:
        with pytest.raises(TypeError):
            frame.levels[0] = "A"  # type: ignore[index]  # on purpose: a read-only mapping
    # It says what the controller and the state say.
    assert frame.human_turn == ctl.is_human_turn()
    assert frame.current_player == ctl.state.current_player
    assert list(frame.hand) == list(ctl.state.view(0).hand)
    assert frame.options == tuple(ctl.human_options())
    assert frame.pass_action == ctl.pass_action()
    assert frame.pass_refusal == (ctl.pass_refusal() if frame.options else None)
    assert sum(frame.hand_counts) == sum(len(ctl.state.view(s).hand) for s in range(ctl.seats))
    # A move makes a new frame; the old one still shows the old position.
    position = frame.position
    ai_turn(ctl)
    ctl.update()
    assert ctl.frame() is not frame and ctl.frame().position != position
    assert frame.position == position


def test_frame_follows_the_language():
    ctl = controller("guandan", seed=2)
    frame = ctl.frame()
    i18n.set_language("zh")
    try:
        assert ctl.frame() is not frame  # localized refusals are rebuilt in the new language
    finally:
        i18n.set_language("en")


def test_the_table_layer_never_imports_pygame():
    """The controller and the frame it hands the scene stay free of pygame (layers)."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "game" / "table"
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] in ("pygame", "pygame_gui") for n in names), path
