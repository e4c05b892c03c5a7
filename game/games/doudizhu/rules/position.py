"""A Dou Dizhu deal set up in the middle of play (issue 59: the challenges' end games).

:func:`position` builds the state that the landlord, every hand, the seat to act and the play on
the table describe: the bidding is over (the bid ``base``), the kitty is in the landlord's hand
already (it is one of the hands given), every seat has played (no spring, D5.2) and ``bombs``
bombs have doubled the multiplier so far (D5.1). The rest plays through the state protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.games.doudizhu.rules.combos import SEATS, interpretations
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.dealing import new_deal
from game.rules import validate
from game.rules.cards import Card
from game.rules.errors import BadArgumentError


def position(
    hands: Sequence[Iterable[Card] | str],
    *,
    landlord: int,
    turn: int,
    last: Iterable[Card] | str | None = None,
    last_seat: int | None = None,
    base: int = 1,
    bombs: int = 0,
) -> DoudizhuState:
    """The deal with these ``hands``, ``landlord`` and ``turn`` to act; ``last`` (with
    ``last_seat``) is the play to beat, passed by the seats between ``last_seat`` and ``turn``.
    Raises :class:`BadArgumentError` for what the rules cannot reach (cards on the table that a
    hand holds, a play that is no combination, the seat to act beating its own play)."""
    turn = validate.seat(turn, SEATS, "turn")
    if not validate.is_int(bombs) or not 0 <= bombs <= 13:
        raise BadArgumentError(f"bombs must be a count of bombs played, not {bombs!r:.20}")
    state = new_deal(hands=hands, kitty="", landlord=landlord, base=base)
    state.current_player = turn
    state.plays_made = [1] * SEATS
    state.bombs = bombs
    if last is None:
        if last_seat is not None:
            raise BadArgumentError("last_seat names who made the last play: give the play too")
        return state
    state._place_last(last, last_seat, interpretations)
    state._legal = None
    return state
