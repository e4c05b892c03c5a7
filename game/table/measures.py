"""What a finished deal measured, per game (issue 39): a game names its measures and works them
out from the finished deal; the history stores them as (name, value) pairs and the statistics
screen shows their averages, so neither knows any game's measures by name.

A game's folder has ``measures.py`` with ``MEASURES`` (a tuple of
:class:`game.registry.Measure`, which the registry names) and ``measure(state, seat) ->
dict[str, float]``, named by ``GameSpec.measures_path``; here are the helpers they share.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.base import DealState


def finish_place(state: DealState, seat: int) -> int | None:
    """``seat``'s place (1 = first out) where several seats go out in turn; None otherwise."""
    # A result's order is complete (a 1-2 finish ends the deal with two seats still in).
    complete: Sequence[int] | None = getattr(state.result, "finish_order", None)
    order = list(complete or state.finish_order)
    return order.index(seat) + 1 if len(order) > 1 and seat in order else None


def biggest_bomb(state: DealState, seat: int) -> int | None:
    """The most cards in a bomb ``seat`` played itself this deal (a record, issue 54); None
    when it played none."""
    sizes = [
        len(record.action.cards)
        for record in state.log
        if record.seat == seat
        and not record.auto
        and record.action.combo is not None
        and record.action.combo.is_bomb
    ]
    return max(sizes, default=None)
