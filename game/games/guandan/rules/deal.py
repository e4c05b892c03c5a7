"""One Guandan deal as a state machine (G2–G4): tribute, return, play, result.

Phases: ``"return"`` (a tribute recipient must give a card back; the tribute itself was paid
automatically when the deal was created), ``"play"`` and ``"over"``. There is never a waiting
``"tribute"`` phase: tribute needs no decision (G3.3).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.games.guandan.rules.checks import _PASS, ActionChecks, _expand
from game.games.guandan.rules.combos import Combo, Level, level_of
from game.games.guandan.rules.moves import plays
from game.games.guandan.rules.options import checked
from game.games.guandan.rules.records import DealResult, Phase, TributeEvent, Turn, View
from game.games.guandan.rules.tribute import plan_tribute, promotion, return_options
from game.rules import validate
from game.rules.base import Action, Record
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError, IllegalActionError
from game.rules.options import Options

_RJ = Card("RJ")
_RETURN_RANKS = frozenset("23456789T")  # G3.5: what a return card's face may be
PHASES: tuple[str, ...] = ("return", "play", "over")

#: A pass in the round, one per seat (immutable, so shared).
_PASS_TURNS = tuple(Turn(seat, None) for seat in range(4))


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 54
    for card in cards:
        counts[card.index] += 1
    return counts


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
        return _expand(self.hands[validate.seat(seat, 4)])

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
                    actions = [_PASS] + plays(
                        self.hands[seat], self.level, self.last_play, self.options
                    )
            elif self.phase == "return":
                hand = _expand(self.hands[seat])
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
        history = tuple(
            record
            if record.action.kind != "return"
            or seat == record.seat
            or self._return_payer(record) == seat
            else Record(record.seat, Action("return"), record.auto)
            for record in self.log
        )
        return View(
            seat=seat,
            hand=tuple(_expand(self.hands[seat])),
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
        self.log.append(Record(seat, _PASS))
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


def _a_tries(value: object) -> tuple[int, int]:
    if (
        isinstance(value, Sequence)
        and len(value) == 2
        and all(validate.is_int(n) and 0 <= n < 100 for n in value)
    ):
        return (int(value[0]), int(value[1]))
    raise BadArgumentError(f"a_tries must be two counts (teams 0 and 1), not {value!r:.60}")


def _team_levels(
    team_levels: Mapping[int, str] | Sequence[str] | None, level: str
) -> tuple[str, str]:
    if team_levels is None:
        return (level, level)
    pair: tuple[str, ...]
    if isinstance(team_levels, Mapping) and set(team_levels) == {0, 1}:
        pair = (team_levels[0], team_levels[1])
    elif isinstance(team_levels, Sequence) and not isinstance(team_levels, str):
        pair = tuple(team_levels)
    else:
        pair = ()
    if len(pair) != 2:
        raise BadArgumentError(
            f"team_levels must be two ranks (teams 0 and 1), not {team_levels!r:.60}"
        )
    return (validate.rank(pair[0], "team level"), validate.rank(pair[1], "team level"))


def new_deal(
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card | str] | str] | None = None,
    level: str = "2",
    leader: int | None = None,
    previous_finish: Sequence[int] | None = None,
    team_levels: Mapping[int, str] | Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    a_tries: Sequence[int] = (0, 0),
) -> State:
    """A new deal at ``level``. ``hands`` (one card list or notation string per seat) replaces
    the seeded shuffle. With ``previous_finish`` (seats 1st..4th of the previous deal) the deal
    starts with G3: the tribute is paid at once (auto records), then each recipient returns a
    card (phase ``"return"``), then the G3.6 leader plays; ``leader`` is then ignored.
    Otherwise ``leader`` (or, when None, a seat drawn from the seeded RNG, G2.3) leads.
    ``seed=None`` draws a fresh seed, kept in ``state.seed`` so the deal can be replayed.
    Bad arguments raise :class:`~game.rules.errors.BadArgumentError` naming the problem;
    ``options`` are the house rules (variants.md VG1-VG3; a bad one raises ``bad_option``)."""
    chosen_options = checked(options)
    lv = level_of(level)
    seed = validate.seed(seed)
    leader = validate.optional_seat(leader, 4, "leader")
    if previous_finish is not None:
        previous_finish = validate.permutation(previous_finish, 4, "previous_finish")
    chosen_team_levels = _team_levels(team_levels, lv.rank)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    rng = random.Random(seed)
    if hands is None:
        deck = double_pack()
        rng.shuffle(deck)
        dealt = [deck[i * 27 : (i + 1) * 27] for i in range(4)]
    else:
        dealt = validate.hands(hands, 4, double_pack(), "Guandan")
    state = State.__new__(State)
    state.level = lv
    state.team_levels = chosen_team_levels
    state.options = chosen_options
    state.a_tries = _a_tries(a_tries)  # VG3 counts, shown at the table
    state.seed = seed
    state.hands = [_counts(hand) for hand in dealt]
    state.sizes = [len(hand) for hand in dealt]
    _clear_play(state)
    state.tributes = []
    state.anti_tribute = False
    state.pending_returns = []
    state.log = []
    state.result = None
    state.previous_finish = tuple(previous_finish) if previous_finish is not None else None
    #: The new_deal arguments that rebuild this deal (``replay(state.log, **state.deal_args)``).
    state.deal_args = {
        "seed": seed,
        "hands": None if hands is None else [format_cards(hand) for hand in dealt],
        "level": lv.rank,
        "leader": leader,
        "previous_finish": state.previous_finish,
        "team_levels": state.team_levels,
        "options": chosen_options.as_dict(),
        "a_tries": state.a_tries,
    }
    state._legal = None
    state._legal_ids = None
    state.phase = Phase.PLAY
    if previous_finish is not None:
        _start_tribute(state, previous_finish, dealt, lv)
    else:
        first = leader if leader is not None else rng.randrange(4)
        state.next_leader = first
        state._current = first
        state.leader = first
    return state


def _start_tribute(
    state: State, previous_finish: Sequence[int], dealt: list[list[Card]], lv: Level
) -> None:
    """G3 at the start of a later deal: anti-tribute shown or tribute paid (auto records), then
    the returns pending, or the G3.6 leader to play when there are none."""
    plan = plan_tribute(previous_finish, dealt, lv)
    if plan.anti_tribute:
        state.anti_tribute = True
        payers = (
            [previous_finish[2], previous_finish[3]]
            if previous_finish[1] == (previous_finish[0] + 2) % 4
            else [previous_finish[3]]
        )
        for payer in payers:
            jokers = state.hands[payer][_RJ.index]
            if jokers:
                state.tributes.extend(
                    TributeEvent("anti_tribute", payer, None, _RJ) for _ in range(jokers)
                )
                state.log.append(Record(payer, Action("anti_tribute", (_RJ,) * jokers), True))
    for payer, receiver, card in plan.payments:
        state.hands[payer][card.index] -= 1
        state.hands[receiver][card.index] += 1
        state.sizes[payer] -= 1
        state.sizes[receiver] += 1
        state.tributes.append(TributeEvent("tribute", payer, receiver, card))
        state.log.append(Record(payer, Action("tribute", (card,)), True))
        state.pending_returns.append((receiver, payer))
    state.next_leader = plan.leader
    if state.pending_returns:
        state.phase = Phase.RETURN
        state._current = state.pending_returns[0][0]
        state.leader = None
    else:
        state._current = plan.leader
        state.leader = plan.leader


def replay(records: Iterable[Record], **deal_args: object) -> State:
    """A deal rebuilt from its ``new_deal`` arguments (with the seed) and its log: the records
    with ``auto=False`` are applied again in order."""
    state = new_deal(**deal_args)  # type: ignore[arg-type]
    for record in records:
        if not record.auto:
            state.apply(record.action)
    return state


def _clear_play(state: State) -> None:
    """Nothing played yet: an empty round, nobody out."""
    state.round = []
    state.last_play = None
    state.last_seat = None
    state.passes = 0
    state.out = [False] * 4
    state.finished = []
    state.played = []
    state.played_by = [[], [], [], []]
