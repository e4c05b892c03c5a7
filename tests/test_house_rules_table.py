"""House rules at the table (issue 28): the controller starts the match under the preset's
options, the match records them, saves, crash reports and new matches keep them."""

from __future__ import annotations

from game.ai.random_bot import RandomBot
from game.table.controller import TableController

WARNED = {"must_beat": "warned_only"}


def controller(preset: str = "runfast", **options) -> TableController:
    return TableController(
        preset, seed=5, threaded=False, think_delay=0.0,
        bot_factory=lambda *_: RandomBot(), **options,
    )  # fmt: skip


def test_the_match_plays_and_records_its_options() -> None:
    ctl = controller(options=WARNED)
    assert ctl.state.options["must_beat"] == "warned_only"
    assert ctl.options == dict(ctl.match.options)
    for _ in range(30):
        if ctl.is_human_turn():
            ctl.human_apply(ctl.legal()[0])
        ctl.update()
    saved = ctl.snapshot()
    assert saved["options"]["must_beat"] == "warned_only"
    again = TableController.from_snapshot(
        saved, threaded=False, think_delay=0.0, bot_factory=lambda *_: RandomBot()
    )
    assert again.match.options == ctl.match.options
    assert len(again.state.log) == len(ctl.state.log)
    ctl.new_match(seed=9)  # a new match keeps the table's house rules
    assert ctl.state.options["must_beat"] == "warned_only"


def test_defaults_when_no_options_and_old_saves() -> None:
    ctl = controller("guandan")
    assert ctl.options == {
        "straight_flush_as_straight": False, "return_excludes_level": False, "a_level_tries": 0,
    }  # fmt: skip
    saved = ctl.snapshot()
    del saved["options"]  # a save from before house rules
    again = TableController.from_snapshot(saved, threaded=False, bot_factory=lambda *_: RandomBot())
    assert again.options == ctl.options
