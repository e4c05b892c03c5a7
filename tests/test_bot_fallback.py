"""The table controller's bot fallback is total (issue 33, item 9): whatever a bot returns or
raises, the table logs it, plays the first legal action for that turn and goes on; an unknown
preset is named in a clear error."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from game import registry
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.table.controller import TableController

#: What a broken bot may hand back (each also a hint).
MALFORMED: list[Any] = [
    None,
    "pass",
    5,
    ("play", ()),
    Action("play", None),  # type: ignore[arg-type]  # malformed on purpose
    Action("play", ("AS",)),  # type: ignore[arg-type]  # malformed on purpose
    Action(5),  # type: ignore[arg-type]  # malformed on purpose
    Action("dance"),
    Action("play", tuple(parse_cards("RJ RJ RJ"))),  # cards nobody holds
    Action("play", tuple(parse_cards("3S")), combo="pair"),  # type: ignore[arg-type]  # malformed on purpose
]


class MalformedBot:
    """Answers every decision with the same malformed value."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def choose(self, view: Any, legal: list[Action], rng: Any) -> Any:
        return self.answer


class RaisingBot:
    def __init__(self, error: Exception) -> None:
        self.error = error

    def choose(self, view: Any, legal: list[Action], rng: Any) -> Any:
        raise self.error


def play_out(preset: str, bot: Any) -> TableController:
    """A whole deal with every seat (the human's too, through autoplay) played by ``bot``."""
    ctl = TableController(
        preset, seed=3, threaded=False, think_delay=0.0, autoplay=True, bot_factory=lambda *_: bot
    )
    for _ in range(2000):
        ctl.update()
        if ctl.awaiting_next:
            break
    return ctl


def legal_replay(preset: str, ctl: TableController) -> None:
    """Every applied action of the finished deal replays through the engine (all were legal)."""
    rules = registry.get(preset).rules
    state = rules.new_deal(**ctl.state.deal_args) if hasattr(ctl.state, "deal_args") else None
    if state is None:  # Run Fast deals are rebuilt from their seed
        state = rules.new_deal(seed=getattr(ctl.state, "seed"))  # noqa: B009 - Run Fast's own
    for record in ctl.state.log:
        if not record.auto:
            state.apply(record.action)
    assert state.is_terminal


@pytest.mark.parametrize("preset", registry.ids())
@pytest.mark.parametrize("answer", MALFORMED, ids=repr)
def test_a_malformed_bot_answer_is_replaced_by_the_first_legal_action(
    preset: str, answer: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="game.table.controller"):
        ctl = play_out(preset, MalformedBot(answer))
    assert ctl.awaiting_next and ctl.state.is_terminal
    assert any("playing the first legal action" in r.getMessage() for r in caplog.records)
    legal_replay(preset, ctl)


@pytest.mark.parametrize("preset", registry.ids())
@pytest.mark.parametrize(
    "error", [RuntimeError("bot bug"), KeyError("x"), AttributeError("y"), RecursionError()]
)
def test_a_raising_bot_is_replaced_by_the_first_legal_action(preset: str, error: Exception) -> None:
    ctl = play_out(preset, RaisingBot(error))
    assert ctl.awaiting_next and ctl.state.is_terminal
    legal_replay(preset, ctl)


@pytest.mark.parametrize("answer", MALFORMED, ids=repr)
def test_a_malformed_hint_is_no_hint(answer: Any) -> None:
    ctl = TableController(
        "runfast", seed=3, threaded=False, think_delay=0.0,
        bot_factory=lambda *_: MalformedBot(answer),
    )  # fmt: skip
    for _ in range(200):
        if ctl.is_human_turn():
            break
        ctl.update()
    assert ctl.is_human_turn()
    before = len(ctl.state.log)
    ctl.request_hint()
    assert ctl.take_hint() is None
    assert len(ctl.state.log) == before


@pytest.mark.parametrize("preset", ["cards", "", "GUANDAN", None, 5])
def test_an_unknown_preset_is_named(preset: Any) -> None:
    with pytest.raises(registry.UnknownGameError, match="unknown game .*expected one of"):
        TableController(preset, threaded=False)
