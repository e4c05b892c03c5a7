"""A Run Fast deal set up in the middle of play (issue 59: the challenges' end games).

:func:`position` builds the state every seat's hand, whose turn it is and the play on the table
describe, after the deal's first play (so the 3 of hearts asks nothing any more, R2.2) and with
every seat having played (no spring, R5.1). The rest plays through the ordinary state protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.games.runfast.rules.combos import SEATS, interpretations, value_counts
from game.games.runfast.rules.deal import RunFastState, new_deal
from game.games.runfast.rules.responses import has_response_counts
from game.rules import validate
from game.rules.cards import Card
from game.rules.errors import BadArgumentError


def position(
    hands: Sequence[Iterable[Card] | str],
    *,
    turn: int,
    last: Iterable[Card] | str | None = None,
    last_seat: int | None = None,
) -> RunFastState:
    """The deal with these ``hands`` and ``turn`` to act; ``last`` (with ``last_seat``) is the
    play to beat, made by ``last_seat`` and passed by the seats between it and ``turn``.
    Raises :class:`BadArgumentError` for a position the rules cannot reach: a seat that
    passed while it could beat the play (R3.4), cards on the table that a hand holds."""
    turn = validate.seat(turn, SEATS, "turn")
    state = new_deal(hands=hands, leader=turn)
    state.first_play = False
    state._must_3h = False
    state.current_player = turn
    state.first_leader = turn
    state.has_played = [True] * SEATS
    if last is None:
        if last_seat is not None:
            raise BadArgumentError("last_seat names who made the last play: give the play too")
        return state
    state._place_last(last, last_seat, interpretations)
    seat, combo = state.last_seat, state.last_play
    assert seat is not None and combo is not None
    for passed in range(1, state.passes + 1):
        if has_response_counts(value_counts(state.hands[(seat + passed) % SEATS]), combo):
            raise BadArgumentError("a seat passed while it could beat the play (R3.4)")
    state._legal = None
    return state
