"""The bidding of a Dou Dizhu deal: points (叫分, D2.3) or VD1's call and rob (叫地主/抢地主),
and the bid-like actions (also VD2's double)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.games.doudizhu.rules.combos import SEATS
from game.games.doudizhu.rules.options import BIDDING, ROB
from game.rules.base import Action
from game.rules.cards import Card
from game.rules.errors import IllegalActionError
from game.rules.options import Options


@dataclass(frozen=True, slots=True)
class Bid:
    """The meaning of a bidding or doubling action: ``kind`` (``"bid" "call" "rob" "double"``)
    and ``value`` (a bid 0-3, 0 a pass; call, rob: 1; double: 0 or 1). ``rank`` and ``cards``
    let the autosave summarise it like a play's combination."""

    kind: str
    value: int

    @property
    def rank(self) -> str:
        return str(self.value)

    @property
    def cards(self) -> tuple[Card, ...]:
        return ()

    @property
    def size(self) -> int:
        return 0

    @property
    def is_bomb(self) -> bool:
        return False

    @property
    def chain(self) -> int:
        return 0


def bid_value(action: Action) -> int:
    """The value of a bid, a call, a rob or a double (its :class:`Bid`), whether ``action`` is
    a :class:`BidAction` or a plain :class:`Action` holding that bid."""
    bid = action.combo
    assert isinstance(bid, Bid)  # the bidding's and doubling's actions carry their Bid
    return bid.value


class BidAction(Action):
    """An :class:`Action` of the bidding or doubling, with ``value`` (rules-api.md)."""

    __slots__ = ()

    @classmethod
    def of(cls, kind: str, value: int) -> BidAction:
        return cls(kind, (), Bid(kind, value))

    @property
    def value(self) -> int:
        return bid_value(self)

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


class Bidding:
    """Whose turn it is to bid and who becomes the landlord at which base (D2.3, VD1)."""

    def __init__(self, first: int, options: Options) -> None:
        self.rob = options[BIDDING] == ROB
        self.queue = [(first + i) % SEATS for i in range(SEATS)]
        self.history: list[tuple[int, str, int]] = []
        self.highest = 0
        self.highest_seat: int | None = None
        self.caller: int | None = None
        self.robs = 0

    def clone(self) -> Bidding:
        other = object.__new__(Bidding)
        other.__dict__.update(self.__dict__)
        other.queue = list(self.queue)
        other.history = list(self.history)
        return other

    def legal(self) -> list[Action]:
        """Every bid above the highest (D2.3; VD1: the call, then the rob), then the pass
        (``bid`` 0) last: a stand-in that plays the first legal action ends the bidding."""
        if self.rob:
            actions: list[Action] = [BidAction.of("call" if self.caller is None else "rob", 1)]
        else:
            actions = [BidAction.of("bid", v) for v in range(self.highest + 1, 4)]
        return [*actions, BidAction.of("bid", 0)]

    def apply(self, seat: int, action: Action) -> int | None:
        """Record a listed action of ``seat``; the next bidder, or None when the bidding ends."""
        value = bid_value(action)
        self.history.append((seat, action.kind, value))
        self.queue.pop(0)
        if value and action.kind in ("bid", "call", "rob"):
            self.highest, self.highest_seat = (1, seat) if self.rob else (value, seat)
            if action.kind == "call":
                self.caller = seat
            elif action.kind == "rob":
                self.robs += 1
            if value == 3:  # D2.3: a bid of 3 ends the bidding at once
                self.queue.clear()
        return self.queue[0] if self.queue else None

    @property
    def landlord(self) -> int | None:
        """The highest bidder (VD1: the last to rob, else the caller); None when all passed."""
        return self.highest_seat

    @property
    def base(self) -> int:
        return self.highest

    def refusal(
        self, error: Callable[..., IllegalActionError], kind: str, value: object
    ) -> IllegalActionError:
        """Why the bidding action ``kind`` ``value`` is refused now."""
        if kind == "bid" and not self.rob and value in (1, 2, 3) and value <= self.highest:
            return error(
                f"cannot bid {value}: a bid must be higher than {self.highest}",
                "bid_too_low",
                value=value,
                highest=self.highest,
            )
        if self.rob and kind in ("call", "rob"):
            other = "rob" if kind == "call" else "call"
            return error(
                f"cannot {kind} now: it is the time to {other} or pass", "bad_bid", kind=kind
            )
        allowed = "pass, call or rob" if self.rob else "pass or bid 1, 2 or 3"
        return error(f"cannot {kind} {value!r:.20} now: it may {allowed}", "bad_bid", kind=kind)
