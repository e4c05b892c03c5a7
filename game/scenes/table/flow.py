"""The controller's events shown on the table (:class:`TableFlow`, issue 53: out of the scene):
a new deal dealt, each play laid and flown in front of its seat (a bomb with its ceremony), a
deal's end and its result to come, the game's announcements in the banner; and the table set
again from the frame after a resume or an undo."""

from __future__ import annotations

from typing import Protocol

from game.rules.base import Action
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.flights import Flights
from game.scenes.table.hand import PlayerHand
from game.scenes.table.layout import PASS_MARK, RESULT_DELAY, first_cards
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table import info
from game.table.controller import TableEvent
from game.table.frame import TableFrame


class FlowMatch(Protocol):
    """What the flow reads of the match (the table's controller): the frame of the position,
    where the round on the table began, the seats and the match's seed (a new match changes
    it)."""

    seats: int
    seed: int

    def frame(self) -> TableFrame: ...

    def round_start(self) -> int | None: ...


class TableFlow:
    """What each controller event does to the table's ``state`` (see the module docstring)."""

    def __init__(
        self,
        controller: FlowMatch,
        view: GameView,
        state: TableState,
        hand: PlayerHand,
        flights: Flights,
        ceremonies: Ceremonies,
    ) -> None:
        self.controller = controller
        self.view = view
        self.state = state
        self.hand = hand
        self.flights = flights
        self.ceremonies = ceremonies
        self.moments = ceremonies.moments  # the game's moments and their effects (issue 54)

    def show(self, event: TableEvent) -> None:
        """One controller event shown on the table."""
        state = self.state
        if event.kind == "deal_start":
            state.plays = {}
            state.kitty_shown = None
            state.hold_until = -100.0
            state.modals.clear()
            state.result_at = None
            state.deal_started = state.time
            self.view.reset()
            self.hand.sync(force=True)
            self.flights.deal_flyers(self.controller.seats)
            self.moments.deal_start(self.controller.seed * 1000 + event.deal_index)
            return
        if event.kind == "deal_end":
            state.result_at = state.time + RESULT_DELAY / state.factor()
            frame = self.controller.frame()
            self.moments.deal_end(frame, self.view.leading_seat(frame, state.plays))
            self.ceremonies.deal_end(frame)
            return
        if event.kind == "match_end" or event.action is None:
            return
        self._action(event, event.action, event.seat)

    def _action(self, event: TableEvent, action: Action, seat: int | None) -> None:
        state = self.state
        if action.kind == "play" and seat is not None:  # a play or a pass always has its seat
            self._moment(event, action, seat)
            if event.lead:
                state.plays = {}
            lead = first_cards(state.plays)  # the trick's first play
            frame = self.controller.frame()
            cards = self.view.play_order(frame, tuple(action.cards), action.combo)
            state.plays.pop(seat, None)  # the plays in the order made: the latest last
            state.plays[seat] = cards
            kind = self.view.play_kind(frame, lead, cards, action.combo)
            state.play_kinds[seat] = (cards, kind)
            self.flights.fly_cards(seat, cards, seat)
            if info.is_bomb(action.combo):  # flash, shake, burst (skipped at the fastest speed)
                self.ceremonies.bomb(action.combo, len(cards))
        elif action.kind == "pass" and seat is not None:
            state.plays.pop(seat, None)
            state.plays[seat] = PASS_MARK
        else:  # what only some games do (tributes, declarations, the kitty)
            self.view.on_action(event)
            self.moments.acted(self.controller.frame(), seat, action)
        if seat == 0 or seat is None:
            self.hand.clear()

    def _moment(self, event: TableEvent, action: Action, seat: int) -> None:
        """The play's moments (issue 54), told before it is laid: the trick or round it
        closes is still on the table, gathered to the seat that won it."""
        state, frame = self.state, self.controller.frame()
        won_by = self.view.leading_seat(frame, state.plays) if event.lead else None
        lead = None if event.lead else first_cards(state.plays)
        shown = self.view.play_kind(frame, lead, tuple(action.cards), action.combo)
        self.moments.played(frame, seat, action, shown, won_by)

    def banner(self, settled: bool, can_act: bool) -> None:
        """The game's announcements, and its pinned prompt once the table is still."""
        state, frame = self.state, self.controller.frame()
        for sentence in self.view.announcements(frame):
            state.say(sentence)
        pinned = self.view.pinned_banner(frame) if can_act else None
        if pinned is not None and settled:
            state.say(pinned)  # the prompt's pair (issue 40)
        if state.banner is not None and state.time > state.banner[1]:
            state.banner = None

    def restore_plays(self) -> None:
        """Rebuild the plays in front of the seats and their tags (after a resume or undo)."""
        frame = self.controller.frame()
        self.state.plays = self.view.restore_plays(frame, self.controller.round_start())
        self.state.play_kinds = self.view.restore_play_kinds(frame, self.state.plays)

    def undone(self) -> None:
        """The table after the controller took back the player's last action."""
        state = self.state
        state.queue.clear()
        state.flyers = []
        state.modals.clear()
        state.notice = None
        self.hand.clear()
        self.restore_plays()
        self.hand.sync(force=True)
        state.refresh()
        state.announce("table.undone")
