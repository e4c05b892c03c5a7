"""One Dou Dizhu deal (D2, D3, D5): bidding, the kitty and play. A new deal is made by
:mod:`~game.games.doudizhu.rules.dealing`, it settles by
:mod:`~game.games.doudizhu.rules.settlement`, and a seat sees it as
:mod:`~game.games.doudizhu.rules.seat_view` says."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from game.games.doudizhu.rules.bidding import Bid, BidAction, Bidding, bid_value
from game.games.doudizhu.rules.combos import (
    HAND_SIZE,
    SEATS,
    Combo,
    beats,
    build,
    counts_of,
    describe,
    interpretations,
    plays,
    sort_cards,
)
from game.games.doudizhu.rules.options import DOUBLING, MULTIPLIER_CAP, checked
from game.games.doudizhu.rules.refusals import refusal
from game.games.doudizhu.rules.seat_view import (
    BID,
    DOUBLE,
    OVER,
    PLAY,
    DoudizhuView,
    Phase,
)
from game.games.doudizhu.rules.settlement import DoudizhuResult, Payment, pay, spring_of
from game.rules import validate
from game.rules.base import Action, Record
from game.rules.cards import Card, format_cards, single_pack
from game.rules.climbing import ClimbingDeal
from game.rules.errors import IllegalActionError


class DoudizhuState(ClimbingDeal):
    """One Dou Dizhu deal (rules-api.md state protocol). Create it with :func:`new_deal`."""

    GAME = "Dou Dizhu"

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        *,
        seed: int | None,
        first_bidder: int,
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.options = checked(options)
        self.seed = seed
        self.first_bidder = first_bidder
        self.redeals = 0
        self.log: list[Record] = []
        self._start(hands, kitty)

    def _start(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> None:
        """A fresh deal of these cards, bidding from the first bidder (D2.3, D2.4)."""
        self.hands: list[list[Card]] = [list(sort_cards(hand)) for hand in hands]
        self.kitty: tuple[Card, ...] = sort_cards(kitty)
        self.initial_hands = tuple(tuple(hand) for hand in self.hands)
        self.bidding = Bidding(self.first_bidder, self.options)
        self.stage = BID
        self.current_player: int | None = self.first_bidder
        self.landlord: int | None = None
        self.base = 0
        self.doubled = [False] * SEATS
        self._double_queue: list[int] = []
        self.bombs = 0
        self.rockets = 0
        self.last_play: Combo | None = None
        self.last_seat: int | None = None
        self.passes = 0
        self.played: list[list[Card]] = [[] for _ in range(SEATS)]
        self.plays_made = [0] * SEATS
        self.winner: int | None = None
        self.spring: str | None = None
        self.settlement: dict[int, int] | None = None
        self.result: DoudizhuResult | None = None
        self._legal: list[Action] | None = None

    # -- protocol basics (the rest in ClimbingDeal) --

    @property
    def phase(self) -> Phase:
        """The deal's phase (the same as :attr:`stage`)."""
        return self.stage

    @property
    def robs(self) -> int:
        return self.bidding.robs

    @property
    def multiplier(self) -> int:
        """The deal's multiplier so far: doubled by each bomb and rocket played (D5.1), each
        VD1 rob, and spring or anti-spring once the deal ends (D5.2). VD2's doublings are
        per payment and not in it (see :class:`Payment`)."""
        doublings = self.bombs + self.rockets + self.robs + (self.spring is not None)
        return 1 << doublings  # 2 ** doublings

    def clone(self) -> DoudizhuState:
        other = object.__new__(DoudizhuState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.plays_made = list(self.plays_made)
        other.doubled = list(self.doubled)
        other._double_queue = list(self._double_queue)
        other.bidding = self.bidding.clone()
        other.log = list(self.log)
        other.settlement = None if self.settlement is None else dict(self.settlement)
        other._legal = None
        return other

    # -- legal actions --

    def legal_actions(self) -> list[Action]:
        """Bids in the bidding, double or not in VD2's doubling; in play every distinct legal
        play (one concrete card choice each), and Pass for a follower (D3.2)."""
        if self._legal is not None:
            return list(self._legal)
        seat = self.current_player
        if seat is None:
            actions: list[Action] = []
        elif self.stage == BID:
            actions = self.bidding.legal()
        elif self.stage == DOUBLE:
            actions = [BidAction.of("double", 0), BidAction.of("double", 1)]
        else:
            hand = self.hands[seat]
            found = plays(counts_of(hand), self.last_play)
            actions = [Action("play", (c := build(hand, *p)).cards, c) for p in found]
            if self.last_play is not None:
                actions.insert(0, Action("pass"))
        self._legal = actions
        return list(actions)

    # -- checking --

    def _judge(self, cards: Iterable[Card] | str) -> tuple[list[Combo], IllegalActionError | None]:
        """The legal meanings of playing exactly ``cards`` now, or why there are none."""
        cs = sort_cards(validate.cards(cards))
        if self.winner is not None:
            return [], IllegalActionError("the deal is over", reason="deal_over", seat=None)
        if self.stage != PLAY:
            return [], self._error(
                f"cannot play cards now: the {self.stage} comes first", "not_now", stage=self.stage
            )
        if not cs:
            return [], self._error("cannot play no cards: choose cards or pass", "no_cards")
        text = format_cards(cs)
        held = self._not_held(cs, text)
        if held is not None:
            return [], held
        combos = interpretations(cs)
        last = self.last_play
        error = refusal(cs, combos, last)
        if error is not None:
            message, reason, details = error
            return [], self._error(f"cannot play {text!r}: {message}", reason, **details)
        return combos if last is None else [c for c in combos if beats(c, last)], None

    def pass_refusal(self) -> IllegalActionError | None:
        """Why the current player may not pass now, or None when Pass is legal (D3.2)."""
        if self.winner is not None:
            return IllegalActionError("the deal is over", reason="deal_over", seat=None)
        if self.stage != PLAY:
            return self._error(
                f"cannot pass now: the {self.stage} comes first", "not_now", stage=self.stage
            )
        if self.last_play is None:
            return self._error("cannot pass: the leader must play", "leader_cannot_pass")
        return None

    # -- applying --

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalActionError` and changes nothing if not."""
        if self.winner is not None:
            raise IllegalActionError(
                f"cannot apply {action}: the deal is over", reason="deal_over", seat=None
            )
        legal = self._legal
        if legal is not None and action in legal:
            self._do(action)
            return
        validate.action(action, (Combo, Bid))
        if action.kind in ("bid", "call", "rob", "double") or (
            self.stage in (BID, DOUBLE) and action.kind not in ("play", "pass")
        ):
            self._do(self._bid_action(action))
            return
        if action.kind == "pass":
            error = self.pass_refusal()
            if error is not None:
                raise error
            self._do(action)
            return
        combo = self._checked_play(action)
        self._do(Action("play", combo.cards, combo))

    def _bid_action(self, action: Action) -> Action:
        """The listed bidding or doubling action that ``action`` names, or the refusal."""
        value = getattr(action, "value", None)
        if value is None and isinstance(action.combo, Bid):
            value = action.combo.value
        for listed in self.legal_actions():
            if listed.kind == action.kind and getattr(listed, "value", None) == value:
                return listed
        if self.stage == PLAY:
            raise self._error(
                f"cannot {action.kind}: the bidding is over", "not_now", stage=self.stage
            )
        if self.stage == BID:
            raise self.bidding.refusal(self._error, action.kind, value)
        raise self._error(
            f"cannot {action} now: the choice is to double or not", "bad_bid", kind=action.kind
        )

    def _do(self, action: Action) -> None:
        self._legal = None
        seat = self.current_player
        assert seat is not None
        self.log.append(Record(seat, action))
        if self.stage == BID:
            self._after_bid(self.bidding.apply(seat, action))
        elif self.stage == DOUBLE:
            self.doubled[seat] = bool(bid_value(action))
            self._double_queue.pop(0)
            self._next_after_doubling()
        elif action.kind == "pass":
            self.passes += 1
            if self.passes >= SEATS - 1:  # D3.3: both others passed
                self.current_player, self.last_play, self.passes = self.last_seat, None, 0
            else:
                self.current_player = (seat + 1) % SEATS
        else:
            combo = action.combo
            assert isinstance(combo, Combo)  # a checked play carries this engine's meaning
            self._do_play(seat, combo)

    def _after_bid(self, next_seat: int | None) -> None:
        if next_seat is not None:
            self.current_player = next_seat
            return
        landlord = self.bidding.landlord
        if landlord is None:  # D2.4: all passed, a new shuffle, the same first bidder
            self.redeals += 1
            pack = single_pack()
            random.Random(f"{self.seed}:redeal:{self.redeals}").shuffle(pack)
            self.log.append(Record(None, Action("redeal"), auto=True))
            log = self.log
            self._start(split_hands(pack), pack[SEATS * HAND_SIZE :])
            self.log = log
            return
        self._take_kitty(landlord, self.bidding.base)

    def _take_kitty(self, landlord: int, base: int) -> None:
        """D2.5: the landlord takes the kitty, shown to all, and leads (after VD2)."""
        self.landlord, self.base = landlord, base
        self.hands[landlord] = list(sort_cards(self.hands[landlord] + list(self.kitty)))
        self.log.append(Record(landlord, Action("kitty", self.kitty), auto=True))
        if self.options[DOUBLING]:
            self.stage = DOUBLE
            self._double_queue = [(landlord + i) % SEATS for i in range(SEATS)]
        self._next_after_doubling()

    def _next_after_doubling(self) -> None:
        if self._double_queue:
            self.current_player = self._double_queue[0]
            return
        self.stage = PLAY
        self.current_player = self.landlord

    def _do_play(self, seat: int, combo: Combo) -> None:
        played = set(combo.cards)
        self.hands[seat] = [card for card in self.hands[seat] if card not in played]
        self.played[seat].extend(combo.cards)
        self.plays_made[seat] += 1
        self.bombs += combo.kind == "bomb"  # D5.1
        self.rockets += combo.kind == "rocket"
        self.last_play, self.last_seat, self.passes = combo, seat, 0
        if self.hands[seat]:
            self.current_player = (seat + 1) % SEATS
            return
        self.winner, self.current_player, self.stage = seat, None, OVER
        self._settle()

    def _settle(self) -> None:
        """D5: spring or anti-spring, then one payment between the landlord and each peasant."""
        landlord, winner = self.landlord, self.winner
        assert landlord is not None and winner is not None
        self.spring = spring_of(landlord, winner, self.plays_made)
        payments, net = pay(
            landlord, winner, self.base, self.multiplier, self.doubled,
            self.options[MULTIPLIER_CAP],
        )  # fmt: skip
        self.settlement = net
        self.result = DoudizhuResult(
            landlord=landlord,
            winner=winner,
            base=self.base,
            multiplier=self.multiplier,
            bombs=self.bombs,
            rockets=self.rockets,
            robs=self.robs,
            spring=self.spring,
            doubled=tuple(self.doubled),
            payments=tuple(payments),
            settlement=tuple(net[s] for s in range(SEATS)),
            cards_left=tuple(tuple(h) for h in self.hands),
        )

    @property
    def payments(self) -> list[Payment]:
        return [] if self.result is None else list(self.result.payments)

    # -- views --

    def view(self, seat: int) -> DoudizhuView:
        """What ``seat`` may know (own hand, public history, hand sizes, the shown kitty)."""
        validate.seat(seat, SEATS)
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return DoudizhuView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_counts=self.hand_counts,
            current_player=self.current_player,
            stage=self.stage,
            phase=self.phase,
            first_bidder=self.first_bidder,
            bids=tuple(self.bidding.history),
            landlord=self.landlord,
            base=self.base,
            multiplier=self.multiplier,
            kitty=None if self.landlord is None else self.kitty,
            doubled=tuple(self.doubled),
            last_play=self.last_play,
            last_seat=self.last_seat,
            passes=self.passes,
            played=tuple(tuple(p) for p in self.played),
            plays_made=tuple(self.plays_made),
            redeals=self.redeals,
            log=tuple(self.log),
            winner=self.winner,
            legal=legal,
            result=self.result,
            options=self.options,
        )


def split_hands(pack: Sequence[Card]) -> list[list[Card]]:
    """The first 17 cards of ``pack`` to each seat in turn (D2.1; the kitty is the rest)."""
    return [list(pack[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS)]


__all__ = ["DoudizhuState", "describe", "split_hands"]
