"""One Run Fast deal (R2, R3, R5): the state, its views and settlement (sampling for the search
is :mod:`.sampling`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game.games.runfast.rules.combos import (
    BOMB_KINDS,
    HAND_SIZE,
    SEATS,
    THREE_HEARTS,
    Combo,
    beat_refusal,
    beats,
    describe,
    interpret,
    rank_value,
    shape_refusal,
    sorted_cards,
    value_counts,
)
from game.games.runfast.rules.options import (
    ATTACHMENTS,
    DEFAULTS,
    FIRST_PLAY_WITH_THREE,
    MUST_BEAT,
    WARNED_ONLY,
    checked,
)
from game.games.runfast.rules.responses import (
    group_by_value,
    has_response_counts,
    plays_on,
)
from game.games.runfast.rules.settlement import (
    BOMB_BONUS_EACH,
    BonusEvent,
    Payment,
    RunFastResult,
    bonus_payments,
    hand_payments,
    settled,
)
from game.rules import validate
from game.rules.base import Action, Phase, Record
from game.rules.cards import Card, format_cards, single_pack
from game.rules.climbing import ClimbingDeal, fresh_seed
from game.rules.errors import IllegalActionError
from game.rules.options import Options

#: What one pack loses to make the Run Fast pack (R2.1): the jokers, AH and three 2s.
REMOVED: frozenset[Card] = frozenset(
    [Card("BJ"), Card("RJ"), Card("A", "H"), Card("2", "H"), Card("2", "D"), Card("2", "C")]
)


def runfast_pack() -> list[Card]:
    """The 48-card Run Fast pack (R2.1): no jokers, no AH, only the 2 of spades."""
    return [card for card in single_pack() if card not in REMOVED]


# --- The deal ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunFastView:
    """What ``seat`` may know: its hand, every hand's size, and the public history."""

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    current_player: int | None
    last_play: Combo | None
    last_seat: int | None
    passes: int
    first_play: bool
    played: tuple[tuple[Card, ...], ...]
    has_played: tuple[bool, ...]
    log: tuple[Record, ...]
    bonus_events: tuple[BonusEvent, ...]
    phase: Phase
    winner: int | None
    legal: tuple[Action, ...] = field(default=(), compare=False)
    result: RunFastResult | None = None
    options: Options = DEFAULTS

    @property
    def is_leading(self) -> bool:
        return self.current_player == self.seat and self.last_play is None


class RunFastState(ClimbingDeal):
    """One Run Fast deal (rules-api.md state protocol). Create it with :func:`new_deal`."""

    GAME = "Run Fast"

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        *,
        seed: int | None = None,
        leader: int | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.options = checked(options)
        self.seed = seed
        self.hands: list[list[Card]] = [list(sorted_cards(hand)) for hand in hands]
        self.initial_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in self.hands)
        holder = next((s for s in range(SEATS) if THREE_HEARTS in self.hands[s]), None)
        # R2.2; VR2 off: the holder of 3H still leads, with any legal first play.
        self._must_3h = holder is not None and self.options[FIRST_PLAY_WITH_THREE]
        self.current_player: int | None = holder if holder is not None else (leader or 0)
        self.first_leader: int = self.current_player
        self.last_play: Combo | None = None
        self.last_seat: int | None = None
        self.passes = 0
        self.first_play = True
        self.played: list[list[Card]] = [[] for _ in range(SEATS)]
        self.has_played = [False] * SEATS
        self.log: list[Record] = []
        self.bonus_events: list[BonusEvent] = []
        self._pending: tuple[int, Combo, int] | None = None
        self._payments: list[Payment] = []
        self.winner: int | None = None
        self.settlement: dict[int, int] | None = None
        self.result: RunFastResult | None = None
        self._legal: list[Action] | None = None

    # -- protocol basics (the rest in ClimbingDeal) --

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.winner is not None else Phase.PLAY

    @property
    def payments(self) -> list[Payment]:
        """Payments so far: bomb bonuses as earned, then the final settlement's (R5)."""
        return list(self._payments)

    @property
    def pending_bomb(self) -> tuple[int, Combo] | None:
        """The response bomb standing in the current round, which earns the bonus if it holds."""
        return None if self._pending is None else self._pending[:2]

    def clone(self) -> RunFastState:
        other = object.__new__(RunFastState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.has_played = list(self.has_played)
        other.log = list(self.log)
        other.bonus_events = list(self.bonus_events)
        other._payments = list(self._payments)
        other.settlement = None if self.settlement is None else dict(self.settlement)
        other._legal = None
        return other

    def _needs_3h(self) -> bool:
        return self.first_play and self._must_3h

    def _groups(self, seat: int) -> list[list[Card]]:
        groups = group_by_value(self.hands[seat])
        if self._needs_3h() and THREE_HEARTS in groups[0]:
            groups[0].remove(THREE_HEARTS)
            groups[0].insert(0, THREE_HEARTS)
        return groups

    def legal_actions(self) -> list[Action]:
        """Every distinct legal meaning, one concrete card choice each; ``[Action("pass")]``
        alone when the player follows and has no response (R3.4)."""
        if self._legal is not None:
            return list(self._legal)
        seat = self.current_player
        if seat is None:
            return []
        combos = plays_on(
            self._groups(seat), self.last_play, self.first_play, self.options[ATTACHMENTS]
        )
        if self._needs_3h():
            # 3H was put first among the 3s to be chosen; restore the canonical card order.
            combos = [
                Combo(c.kind, c.rank, sorted_cards(c.cards))
                for c in combos
                if THREE_HEARTS in c.cards
            ]
        highest = self._warned_highest()
        if highest is not None:
            combos = [c for c in combos if c.kind != "single" or c.rank == highest]
        actions = [Action("play", c.cards, c) for c in combos]
        if self.last_play is not None and (not actions or self._may_pass_freely()):
            actions = [Action("pass"), *actions]
        self._legal = actions
        return list(actions)

    def _warned(self) -> bool:
        """VR3 "warned_only": the next player to act holds exactly one card."""
        seat = self.current_player
        return seat is not None and len(self.hands[(seat + 1) % SEATS]) == 1

    def _may_pass_freely(self) -> bool:
        """VR3 "warned_only": passing is allowed, except against a single when warned."""
        if self.options[MUST_BEAT] != WARNED_ONLY:
            return False
        last = self.last_play
        return not (last is not None and last.kind == "single" and self._warned())

    def _warned_highest(self) -> str | None:
        """VR3 "warned_only", warned, leading or answering a single: the only single rank
        allowed (the highest held); None when the rule does not apply."""
        if self.options[MUST_BEAT] != WARNED_ONLY or not self._warned():
            return None
        last = self.last_play
        if last is not None and last.kind != "single":
            return None
        seat = self.current_player
        assert seat is not None  # a pass is judged while the deal goes on
        hand = self.hands[seat]
        return max(hand, key=lambda card: rank_value(card.rank)).rank if hand else None

    # -- checking --

    def _last_details(self) -> dict[str, object]:
        last = self.last_play
        assert last is not None
        return {"last": format_cards(last.cards), "last_kind": last.kind, "last_rank": last.rank}

    def _judge(self, cards: Iterable[Card] | str) -> tuple[list[Combo], IllegalActionError | None]:
        """The legal meanings of playing exactly ``cards`` now, or why there are none."""
        chosen = validate.cards(cards)
        if self.winner is not None:
            return [], IllegalActionError(
                "the deal is over: no more plays", reason="deal_over", seat=None
            )
        if not chosen:
            return [], self._error("cannot play no cards: choose cards or pass", "no_cards")
        # A joker has no Run Fast rank to sort by (and is in no hand: refused below).
        sortable = all(card.suit is not None for card in chosen)
        cs = sorted_cards(chosen) if sortable else tuple(chosen)
        text = format_cards(cs)
        seat = self.current_player
        assert seat is not None  # the deal is not over
        hand = self.hands[seat]
        held = self._not_held(cs, text)
        if held is not None:
            return [], held
        whole = len(cs) == len(hand)
        combos = interpret(cs, self.first_play, self.options[ATTACHMENTS], whole)
        if not combos:
            why, reason = shape_refusal(cs, self.options[ATTACHMENTS])
            return [], self._error(f"cannot play {text!r}: {why}", reason, cards=text)
        if self._needs_3h() and THREE_HEARTS not in cs:
            return [], self._error(
                f"cannot play {text!r}: the first play of the deal must contain 3H",
                "must_contain_3h",
                cards=text,
            )
        highest = self._warned_highest()
        if highest is not None and combos[0].kind == "single" and combos[0].rank != highest:
            return [], self._error(
                f"cannot play {text!r}: the next player holds one card, so a single must be "
                "its highest",
                "must_play_highest",
                cards=text,
                rank=highest,
            )
        last = self.last_play
        if last is None:
            return combos, None
        legal = [c for c in combos if beats(c, last)]
        if legal:
            return legal, None
        why, reason = beat_refusal(combos[0], last)
        return [], self._error(
            f"cannot play {text!r}: {why}", reason, cards=text, **self._last_details()
        )

    def pass_refusal(self) -> IllegalActionError | None:
        """Why the current player may not pass now (R3.4), or None when Pass is legal."""
        if self.winner is not None:
            return IllegalActionError(
                "the deal is over: no more plays", reason="deal_over", seat=None
            )
        if self.last_play is None:
            return self._error("cannot pass: the leader must play", "leader_cannot_pass")
        if self._may_pass_freely():
            return None
        seat = self.current_player
        assert seat is not None  # the deal is not over (answered above)
        if has_response_counts(value_counts(self.hands[seat]), self.last_play):
            warned = self.options[MUST_BEAT] == WARNED_ONLY
            return self._error(
                f"cannot pass: it can beat {describe(self.last_play)} and so must"
                + (" (the next player holds one card)" if warned else ""),
                "must_beat_warned" if warned else "must_beat",
                **self._last_details(),
            )
        return None

    def can_pass(self) -> bool:
        return self.pass_refusal() is None

    # -- applying --

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalActionError` and changes nothing if not."""
        if self.winner is not None:
            validate.action(action, Combo)
            raise IllegalActionError(
                f"cannot apply {action}: the deal is over", reason="deal_over", seat=None
            )
        legal = self._legal
        if legal is not None and action in legal:
            # Fast path (search rollouts, benchmarks): an action just listed as legal.
            if action.kind == "pass":
                self._do_pass()
            else:
                combo = action.combo
                assert isinstance(combo, Combo)  # this engine's plays carry its Combo
                self._do_play(combo)
            return
        validate.action(action, Combo)
        if action.kind == "pass":
            error = self.pass_refusal()
            if error is not None:
                raise error
            self._do_pass()
            return
        self._do_play(self._checked_play(action))

    def _do_play(self, combo: Combo) -> None:
        seat = self.current_player
        assert seat is not None
        self._legal = None
        played = set(combo.cards)
        self.hands[seat] = [card for card in self.hands[seat] if card not in played]
        self.played[seat].extend(combo.cards)
        self.has_played[seat] = True
        self.first_play = False
        self.log.append(Record(seat, Action("play", combo.cards, combo)))
        index = len(self.log) - 1
        if combo.kind in BOMB_KINDS:
            # R5.3: only a bomb on another player's play can earn the bonus; a stronger bomb
            # that beats a pending one takes its place, a led bomb clears the round's slate.
            self._pending = (seat, combo, index) if self.last_play is not None else None
            if combo.kind == "sky_bomb":
                self._pending = None
        if not self.hands[seat]:
            if self._pending is not None and self._pending[0] == seat:
                self._earn_bonus()
            self.winner = seat
            self.current_player = None
            self.last_play, self.last_seat = combo, seat
            self._settle()
            return
        self.last_play, self.last_seat = combo, seat
        self.passes = 0
        self.current_player = (seat + 1) % SEATS

    def _do_pass(self) -> None:
        seat = self.current_player
        assert seat is not None
        self._legal = None
        self.log.append(Record(seat, Action("pass")))
        self.passes += 1
        if self.passes >= SEATS - 1:
            # R3.5: both others passed; the round ends and its last player leads.
            if self._pending is not None:
                self._earn_bonus()
            self.current_player = self.last_seat
            self.last_play = None
            self.passes = 0
        else:
            self.current_player = (seat + 1) % SEATS

    def _earn_bonus(self) -> None:
        assert self._pending is not None
        seat, combo, index = self._pending
        self._pending = None
        self.bonus_events.append(BonusEvent(seat, combo, 2 * BOMB_BONUS_EACH, index))
        self._payments += bonus_payments(seat, combo)

    def _settle(self) -> None:
        winner = self.winner
        assert winner is not None
        self._payments += hand_payments(winner, self.hands, self.has_played)
        self.result = settled(winner, self._payments, self.hands, self.bonus_events)
        self.settlement = dict(enumerate(self.result.settlement))

    # -- views --

    def view(self, seat: int) -> RunFastView:
        """What ``seat`` may know (own hand, public history, hand sizes)."""
        validate.seat(seat, SEATS)
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return RunFastView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands),
            current_player=self.current_player,
            last_play=self.last_play,
            last_seat=self.last_seat,
            passes=self.passes,
            first_play=self.first_play,
            played=tuple(tuple(p) for p in self.played),
            has_played=tuple(self.has_played),
            log=tuple(self.log),
            bonus_events=tuple(self.bonus_events),
            phase=self.phase,
            winner=self.winner,
            legal=legal,
            result=self.result,
            options=self.options,
        )


def new_deal(
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card] | str] | None = None,
    leader: int | None = None,
    options: Mapping[str, object] | None = None,
) -> RunFastState:
    """A Run Fast deal: 16 cards each from the 48-card pack shuffled by ``random.Random(seed)``
    (R2.1), or the scripted ``hands`` (one per seat). The holder of 3H leads (R2.2); ``leader``
    only matters for scripted hands without 3H. Bad arguments raise
    :class:`~game.rules.errors.BadArgumentError`: hands must be three non-empty hands from the
    pack (R2.1), each card once, so that someone always has a play. ``options``: the house
    rules (variants.md VR1-VR3; a bad one raises ``bad_option``)."""
    options = checked(options)
    seed = validate.seed(seed)
    leader = validate.optional_seat(leader, SEATS, "leader")
    if hands is not None:
        parsed = validate.hands(hands, SEATS, runfast_pack(), "Run Fast")
        return RunFastState(parsed, seed=seed, leader=leader, options=options)
    if seed is None:
        seed = fresh_seed()
    pack = runfast_pack()
    random.Random(seed).shuffle(pack)
    dealt = [pack[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]
    return RunFastState(dealt, seed=seed, options=options)
