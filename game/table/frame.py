"""One immutable picture of the table for the scene: what seat 0 may see and do right now.

:meth:`TableController.frame` builds a :class:`TableFrame` once per position (and again when
the deal ends, a hint arrives or the language changes) and hands the same object out until
then (and when a bot starts or stops choosing), so the scene reads plain fields instead of asking the controller and the engine's state
many times a frame. No pygame here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.rules.base import Action, DealResult, DealState, DealView, Record
from game.rules.cards import Card
from game.table import info
from game.words import Words

#: Team levels as the header shows them: team index -> level rank (``"2"`` … ``"A"``).
Levels = Mapping[int, str]
#: An empty read-only mapping (no levels in this game).
NO_LEVELS: Levels = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TableFrame:
    """The table at one position, from the human seat.

    ``seat_view`` is the engine's own ``view(seat)`` (what the player may know): the per-game
    table views read their game's public fields from it. ``levels`` are the team levels the
    header shows (those before the deal while its result is up), ``levels_before`` and
    ``levels_after`` the deal's change; ``totals`` the running scores per seat (Run Fast) or
    None. ``options`` are the human's legal actions (empty when it is not its turn);
    ``pass_refusal`` says why the human may not pass now (words), or None.
    ``thinking_seat`` is the seat whose bot is choosing right now (seat 0 under autoplay),
    None while nobody is (cards in flight, the player's own turn).
    """

    position: tuple[object, ...]
    deal_index: int
    phase: str
    current_player: int | None
    is_terminal: bool
    human_turn: bool
    awaiting_next: bool
    match_over: bool
    match_winner: int | None
    autoplay: bool
    hint_pending: bool
    thinking_seat: int | None
    seat_view: DealView
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    finish_order: tuple[int, ...]
    leading: bool
    log: tuple[Record, ...]
    levels: Levels | None
    levels_before: Levels
    levels_after: Levels
    totals: tuple[int, ...] | None
    result: DealResult | None
    options: tuple[Action, ...]
    pass_action: Action | None
    pass_refusal: Words | None


def read_only(levels: Levels | None) -> Levels | None:
    """A read-only copy of a levels mapping (None stays None)."""
    return None if levels is None else MappingProxyType(dict(levels))


def phase_name(state: DealState) -> str:
    """The state's phase as a plain string (an ``Enum`` phase gives its value)."""
    phase = getattr(state, "phase", "play")
    return str(getattr(phase, "value", phase))


def is_leading(state: DealState) -> bool:
    """Whether the player to act opens a trick (trick games keep the cards played to the
    current ``trick``) or a round (climbing games: no ``last_play`` to beat)."""
    trick = getattr(state, "trick", None)
    if isinstance(trick, list | tuple):
        return len(trick) == 0
    return getattr(state, "last_play", None) is None


def still_frame(
    state: DealState,
    seats: int,
    *,
    seat: int = 0,
    deal_index: int = 0,
    totals: tuple[int, ...] | None = None,
) -> TableFrame:
    """The frame of a position nobody is playing (the replay): ``state`` seen from ``seat``,
    with no choice offered to anyone; ``totals`` the running scores before the deal, if any."""
    view = state.view(seat)
    terminal = bool(state.is_terminal)
    return TableFrame(
        position=("still", id(state), len(state.log)),
        deal_index=deal_index,
        phase=phase_name(state),
        current_player=state.current_player,
        is_terminal=terminal,
        human_turn=False,
        awaiting_next=False,
        match_over=False,
        match_winner=None,
        autoplay=True,
        hint_pending=False,
        thinking_seat=None,
        seat_view=view,
        hand=tuple(info.hand(view)),
        hand_counts=tuple(info.hand_counts(view, seats)),
        finish_order=tuple(info.finish_order(state)),
        leading=is_leading(state),
        log=tuple(state.log),
        levels=None,
        levels_before=NO_LEVELS,
        levels_after=NO_LEVELS,
        totals=totals,
        result=state.result if terminal else None,
        options=(),
        pass_action=None,
        pass_refusal=None,
    )
