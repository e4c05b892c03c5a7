"""A Guandan view's history (rules-api view, G3.5): only the return records of the deal's
opening are masked for the seats outside the exchange, and the plays after them are the log's
own (issue 56: the view copies that part whole)."""

from __future__ import annotations

import random

from game.games.guandan import rules as gd
from game.rules.base import Action, Record


def reference_history(state: gd.State, seat: int) -> tuple[Record, ...]:
    """The history by the rule itself: every return record masked unless ``seat`` gave or
    received that return."""
    out = []
    for record in state.log:
        if record.action.kind == "return" and seat != record.seat:
            payers = [
                e.receiver for e in state.tributes if e.kind == "return" and e.giver == record.seat
            ]
            if seat not in payers:
                record = Record(record.seat, Action("return"), record.auto)
        out.append(record)
    return tuple(out)


def test_history_after_returns_and_plays_matches_the_rule() -> None:  # G3.5
    checked = 0
    for seed in (1, 3, 5, 7):  # odd seeds: tribute and returns first
        rng = random.Random(seed)
        state = gd.new_deal(seed=seed, level="2", previous_finish=rng.sample(range(4), 4))
        plies = 0
        while not state.is_terminal and plies < 40:
            for seat in range(4):
                assert state.view(seat).history == reference_history(state, seat)
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
        checked += sum(1 for r in state.log if r.action.kind == "return")
    assert checked >= 4  # the deals did have returns to mask
