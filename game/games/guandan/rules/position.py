"""A Guandan deal set up in the middle of play (issue 59: the challenges' end games).

:func:`position` builds the state that the level, every hand (empty for a seat gone out), the
finishing order so far, the seat to act and the play on the table describe. The tribute is
long over; the rest plays through the ordinary state protocol.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from game.games.guandan.rules.combos import interpretations
from game.games.guandan.rules.deal import State
from game.games.guandan.rules.dealing import new_deal
from game.games.guandan.rules.records import Turn
from game.rules import validate
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError


def position(
    hands: Sequence[Iterable[Card] | str],
    *,
    level: str,
    turn: int,
    out: Sequence[int] = (),
    last: Iterable[Card] | str | None = None,
    last_seat: int | None = None,
    options: Mapping[str, object] | None = None,
) -> State:
    """The deal at ``level`` with these ``hands``, the seats ``out`` gone out in that order
    (their hands empty) and ``turn`` to act; ``last`` (with ``last_seat``) is the play to beat,
    passed by the seats still playing between ``last_seat`` and ``turn``. Raises
    :class:`BadArgumentError` for what the rules cannot reach."""
    turn = validate.seat(turn, 4, "turn")
    dealt = [validate.cards(hand, "a hand") for hand in hands]
    finished = [validate.seat(seat, 4, "out") for seat in out]
    if len(dealt) != 4 or len(set(finished)) != len(finished) or len(finished) > 2:
        raise BadArgumentError("give four hands and at most two seats gone out, each once")
    if any(bool(dealt[seat]) == (seat in finished) for seat in range(4)):
        raise BadArgumentError("exactly the seats gone out have empty hands")
    if turn in finished or (len(finished) == 2 and finished[1] == (finished[0] + 2) % 4):
        raise BadArgumentError("the seat to act has gone out, or the deal is already over")
    used = Counter(card for hand in dealt for card in hand)
    filler = next(c for c in double_pack() if not used[c])  # a stand-in for an empty hand
    state = new_deal(
        hands=[hand or [filler] for hand in dealt], level=level, leader=turn, options=options
    )
    for seat in finished:
        state.hands[seat] = [0] * 54
        state.sizes[seat] = 0
        state.out[seat] = True
    state.finished = list(finished)
    state.deal_args["hands"] = [format_cards(hand) for hand in dealt]
    if last is None:
        if last_seat is not None:
            raise BadArgumentError("last_seat names who made the last play: give the play too")
        return state
    seat = validate.seat(last_seat, 4, "last_seat")
    cards = validate.cards(last, "last")
    if seat == turn or (seat in finished and seat != finished[-1]):
        raise BadArgumentError("the last play was made by another seat still in the round")
    if any(used[c] + n > 2 for c, n in Counter(cards).items()):
        raise BadArgumentError("the play on the table holds cards the hands hold twice already")
    meanings = interpretations(cards, level, options)
    if not meanings:
        raise BadArgumentError(f"{format_cards(cards)} is not a Guandan play")
    state.round = [Turn(seat, meanings[0])]
    between = (seat + 1) % 4
    while between != turn:
        if not state.out[between]:
            state.round.append(Turn(between, None))
        between = (between + 1) % 4
    state.last_play, state.last_seat, state.passes = meanings[0], seat, len(state.round) - 1
    state.leader = seat
    return state
