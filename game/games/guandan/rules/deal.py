"""One Guandan deal as a state machine (G2–G4): tribute, return, play, result. A deal is made
(shuffled or scripted, its tribute paid) by :mod:`.dealing`.

Phases: ``"return"`` (a tribute recipient must give a card back; the tribute itself was paid
automatically when the deal was created), ``"play"`` and ``"over"``. There is never a waiting
``"tribute"`` phase: tribute needs no decision (G3.3).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.games.guandan.rules.checks import PASS, ActionChecks, expand_counts
from game.games.guandan.rules.combos import Combo, Level
from game.games.guandan.rules.moves import plays
from game.games.guandan.rules.records import DealResult, Phase, TributeEvent, Turn, View
from game.games.guandan.rules.tribute import promotion, return_options
from game.rules import validate
from game.rules.base import Action, Record
from game.rules.cards import Card
from game.rules.errors import IllegalActionError
from game.rules.options import Options

RETURN_RANKS = frozenset("23456789T")  # G3.5: what a return card's face may be
PHASES: tuple[str, ...] = ("return", "play", "over")

#: A pass in the round, one per seat (immutable, so shared).
_PASS_TURNS = tuple(Turn(seat, None) for seat in range(4))


class State(ActionChecks):
    """A Guandan deal. Create with :func:`new_deal`; drive with ``legal_actions``/``apply``."""

    __slots__ = (
        "level",
        "team_levels",
        "seed",
        "hands",
        "sizes",
        "phase",
        "_current",
        "leader",
        "round",
        "last_play",
        "last_seat",
        "passes",
        "out",
        "finished",
        "played",
        "played_by",
        "tributes",
        "anti_tribute",
        "pending_returns",
        "next_leader",
        "log",
        "result",
        "previous_finish",
        "deal_args",
        "options",
        "a_tries",
        "_legal",
        "_legal_ids",
    )

    level: Level
    team_levels: tuple[str, str]
    #: None in a deal sampled from a view (game.games.guandan.rules.sampling).
    seed: int | None
    #: Each seat's hand as counts by ``Card.index`` (0..53).
    hands: list[list[int]]
    sizes: list[int]
    phase: Phase
    _current: int | None
    leader: int | None
    round: list[Turn]
    last_play: Combo | None
    last_seat: int | None
    passes: int
    out: list[bool]
    finished: list[int]
    played: list[Card]
    played_by: list[list[Card]]
    tributes: list[TributeEvent]
    anti_tribute: bool
    pending_returns: list[tuple[int, int]]
    next_leader: int | None
    log: list[Record]
    result: DealResult | None
    previous_finish: tuple[int, ...] | None
    deal_args: dict[str, object]
    options: Options
    a_tries: tuple[int, int]
    _legal: list[Action] | None
    _legal_ids: set[int] | None

    # -- protocol -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Seats that have finished so far, in order."""
        return tuple(self.finished)

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(self.sizes)

    @property
    def leading(self) -> bool:
        """The player to act opens a round: there is no play to beat."""
        return self.last_play is None

    def returns(self) -> tuple[float, ...]:
        """The finished deal's levels per seat (``DealResult.returns``), zeros before."""
        return self.result.returns() if self.result is not None else (0.0,) * 4

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat`` sorted by notation order (the full state knows every hand)."""
        return expand_counts(self.hands[validate.seat(seat, 4)])

    def legal_actions(self) -> list[Action]:
        """Return phase: one ``return`` per allowed card. Play phase: the leader's plays, or
        ``pass`` then every play meaning that beats the last play (one card choice each, see
        :mod:`game.games.guandan.rules.moves`). Empty when the deal is over."""
        if self._legal is None:
            seat = self._current
            if seat is None:
                actions = []
            elif self.phase == "play":
                if self.last_play is None:
                    actions = plays(self.hands[seat], self.level, None, self.options)
                else:
                    actions = [PASS] + plays(
                        self.hands[seat], self.level, self.last_play, self.options
                    )
            elif self.phase == "return":
                hand = expand_counts(self.hands[seat])
                actions = [
                    Action("return", (card,))
                    for card in return_options(hand, self.level, self.options)
                ]
            else:
                actions = []
            self._legal = actions
            self._legal_ids = set(map(id, actions))
        return list(self._legal)  # a copy: callers may sort or filter it

    def actions_for(self, cards: Iterable[Card | str] | str) -> list[Action]:
        """The current player's legal actions that use exactly ``cards``: one per legal meaning
        of a play (strongest first), a ``return`` in the return phase, ``pass`` for no cards
        when passing is allowed; ``[]`` when none."""
        try:
            return self._candidates(validate.cards(cards))
        except IllegalActionError:
            return []

    def explain(self, cards: Iterable[Card | str] | str) -> IllegalActionError | None:
        """Why the current player cannot use exactly ``cards`` now, or None when it can."""
        try:
            self._candidates(validate.cards(cards))
        except IllegalActionError as error:
            return error
        return None

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player; raises IllegalActionError (and changes
        nothing) when it is not legal. A ``play`` without ``combo`` is accepted when its cards
        have exactly one legal meaning."""
        if self._legal_ids is not None and id(action) in self._legal_ids:
            checked = action
        else:
            checked = self._check(action)
        seat = self._current
        assert seat is not None
        self._legal = None
        self._legal_ids = None
        if checked.kind == "play":
            self._play(seat, checked)
        elif checked.kind == "pass":
            self._pass(seat)
        else:
            self._return(seat, checked.cards[0])

    def clone(self) -> State:
        other = State.__new__(State)
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(hand) for hand in self.hands]
        other.sizes = list(self.sizes)
        other.round = list(self.round)
        other.out = list(self.out)
        other.finished = list(self.finished)
        other.played = list(self.played)
        other.played_by = [list(cards) for cards in self.played_by]
        other.tributes = list(self.tributes)
        other.pending_returns = list(self.pending_returns)
        other.log = list(self.log)
        other._legal = None
        other._legal_ids = None
        return other

    def view(self, seat: int) -> View:
        """What ``seat`` may know; tribute cards are public, a return card is seen only by the
        two seats of that exchange."""
        validate.seat(seat, 4)
        tributes = tuple(
            event
            if event.kind != "return" or seat in (event.giver, event.receiver)
            else TributeEvent(event.kind, event.giver, event.receiver, None)
            for event in self.tributes
        )
        # Return records come before the first play or pass (G3.5: the return phase opens the
        # deal), so only that short prefix is masked; the rest is copied whole (quicker rollouts).
        log = self.log
        start = 0
        while start < len(log) and log[start].action.kind not in ("play", "pass"):
            start += 1
        history = tuple(
            record
            if record.action.kind != "return"
            or seat == record.seat
            or self._return_payer(record) == seat
            else Record(record.seat, Action("return"), record.auto)
            for record in log[:start]
        ) + tuple(log[start:])
        return View(
            seat=seat,
            hand=tuple(expand_counts(self.hands[seat])),
            level=self.level.rank,
            team_levels=self.team_levels,
            hand_counts=tuple(self.sizes),
            current_player=self._current,
            phase=self.phase,
            leader=self.leader,
            round=tuple(self.round),
            last_play=self.last_play,
            last_seat=self.last_seat,
            played=tuple(self.played),
            played_by=tuple(tuple(cards) for cards in self.played_by),
            finish_order=tuple(self.finished),
            tributes=tributes,
            anti_tribute=self.anti_tribute,
            pending_returns=tuple(self.pending_returns),
            history=history,
            previous_finish=self.previous_finish,
            result=self.result,
            options=self.options,
            a_tries=self.a_tries,
        )

    def __repr__(self) -> str:
        return (
            f"<guandan State level {self.level.rank} phase {self.phase} "
            f"turn {self._current} cards {self.sizes}>"
        )

    # -- what a seat sees ---------------------------------------------------------------------
    def _return_payer(self, record: Record) -> int | None:
        for event in self.tributes:
            if event.kind == "return" and event.giver == record.seat:
                return event.receiver
        return None

    # -- transitions ----------------------------------------------------------------------
    def _next_active(self, seat: int) -> int:
        out = self.out
        seat = (seat + 1) % 4
        while out[seat]:
            seat = (seat + 1) % 4
        return seat

    def _play(self, seat: int, action: Action) -> None:
        hand = self.hands[seat]
        for card in action.cards:
            hand[card.index] -= 1
        self.sizes[seat] -= len(action.cards)
        self.played.extend(action.cards)
        self.played_by[seat].extend(action.cards)
        combo = action.combo
        assert isinstance(combo, Combo)  # a checked play carries this engine's meaning
        self.round.append(Turn(seat, combo))
        self.last_play = combo
        self.last_seat = seat
        self.passes = 0
        self.log.append(Record(seat, action))
        if self.sizes[seat] == 0:
            self.out[seat] = True
            self.finished.append(seat)
            # G4.5: over when a whole team is out (1-2) or three players are.
            if len(self.finished) == 3 or self.out[(seat + 2) % 4]:
                self._finish()
                return
        self._current = self._next_active(seat)

    def _pass(self, seat: int) -> None:
        self.round.append(_PASS_TURNS[seat])
        self.log.append(Record(seat, PASS))
        self.passes += 1
        last = self.last_seat
        assert last is not None  # a pass answers a play (_check refuses one while leading)
        out = self.out
        others = out.count(False) - (not out[last])  # still playing, the last player aside
        if self.passes >= others:
            # G4.2: the last player leads again, or its partner when it has finished. (When
            # the partner is out too the deal is already over, G4.5; the next active seat is
            # a guard only.)
            leader = last
            if self.out[leader]:
                leader = (last + 2) % 4
                if self.out[leader]:
                    leader = self._next_active(last)
            self.leader = leader
            self.round = []
            self.last_play = None
            self.last_seat = None
            self.passes = 0
            self._current = leader
        else:
            self._current = self._next_active(seat)

    def _return(self, seat: int, card: Card) -> None:
        receiver, payer = self.pending_returns.pop(0)
        self.hands[receiver][card.index] -= 1
        self.hands[payer][card.index] += 1
        self.sizes[receiver] -= 1
        self.sizes[payer] += 1
        self.tributes.append(TributeEvent("return", receiver, payer, card))
        self.log.append(Record(seat, Action("return", (card,))))
        if self.pending_returns:
            self._current = self.pending_returns[0][0]
        else:
            self.phase = Phase.PLAY
            self._current = self.next_leader
            self.leader = self.next_leader

    def _finish(self) -> None:
        order = list(self.finished)
        last_out = order[-1]
        rest = sorted(
            (s for s in range(4) if not self.out[s]),
            key=lambda s: (self.sizes[s], (s - last_out) % 4),
        )
        order += rest
        team, gained = promotion(order)
        self.result = DealResult(tuple(order), team, gained, self.level.rank)
        self.phase = Phase.OVER
        self._current = None
        self.last_play = None
        self.last_seat = None
