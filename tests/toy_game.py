"""A tiny two-player game for the seam tests: "higher card wins the trick".

Each player gets six cards of a 26-card pack (2..A of spades and hearts). The leader plays any
card, the other player any card; the higher rank wins the trick (a tie goes to the leader) and
leads the next one. When the hands are empty, each seat's return is its tricks minus the
other's. A match is two deals. It lives in the tests folder only and touches no game module:
:func:`spec` builds the ``GameSpec`` that tests register with ``registry.register``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.ai.search import SearchHooks
from game.registry import GameSpec
from game.rules.base import Action, Phase, Record
from game.rules.cards import Card, as_cards
from game.rules.errors import IllegalActionError

SEATS = 2
HAND = 6
DEALS = 2
_RANKS = "23456789TJQKA"
PACK = tuple(Card(rank, suit) for suit in "SH" for rank in _RANKS)


def _strength(card: Card) -> int:
    return _RANKS.index(card.rank)


@dataclass(frozen=True, slots=True)
class ToyResult:
    tricks: tuple[int, int]

    def returns(self) -> tuple[float, ...]:
        return (float(self.tricks[0] - self.tricks[1]), float(self.tricks[1] - self.tricks[0]))


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    current_player: int | None
    phase: Phase
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, int]
    history: tuple[Record, ...]
    result: ToyResult | None
    options: Mapping[str, Any]


class ToyState:
    def __init__(self, hands: list[list[Card]], leader: int, seed: int | None) -> None:
        self.seed = seed
        self.hands = [sorted(hand, key=_strength) for hand in hands]
        self._current: int | None = leader
        self.trick: list[tuple[int, Card]] = []
        self.tricks = [0, 0]
        self.log: list[Record] = []
        self.result: ToyResult | None = None
        self.phase = Phase.PLAY
        self.options: Mapping[str, Any] = MappingProxyType({})  # no house rules

    @property
    def current_player(self) -> int | None:
        return self._current

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    @property
    def finish_order(self) -> tuple[int, ...]:
        return ()

    @property
    def leading(self) -> bool:
        return not self.trick

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def returns(self) -> tuple[float, ...]:
        return self.result.returns() if self.result is not None else (0.0,) * SEATS

    def legal_actions(self) -> list[Action]:
        if self._current is None:
            return []
        return [Action("play", (card,)) for card in dict.fromkeys(self.hands[self._current])]

    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None:
        chosen = as_cards(cards)
        seat = self._current
        if seat is None:
            return IllegalActionError("the deal is over", reason="deal_over")
        if len(chosen) != 1:
            return IllegalActionError(f"seat {seat} must play one card", reason="one_card")
        if chosen[0] not in self.hands[seat]:
            return IllegalActionError(f"seat {seat} has no {chosen[0]}", reason="not_in_hand")
        return None

    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]:
        chosen = as_cards(cards)
        return [] if self.explain(chosen) is not None else [Action("play", tuple(chosen))]

    def apply(self, action: Action) -> None:
        problem = (
            IllegalActionError(f"no such action {action}", reason="illegal")
            if action.kind != "play"
            else self.explain(list(action.cards))
        )
        if problem is not None:
            raise problem
        seat = self._current
        assert seat is not None
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.log.append(Record(seat, action))
        if len(self.trick) < SEATS:
            self._current = 1 - seat
            return
        (lead_seat, lead), (other_seat, other) = self.trick
        winner = other_seat if _strength(other) > _strength(lead) else lead_seat
        self.tricks[winner] += 1
        self.trick = []
        self._current = winner
        if not any(self.hands):
            self.result = ToyResult((self.tricks[0], self.tricks[1]))
            self.phase = Phase.OVER
            self._current = None

    def view(self, seat: int) -> ToyView:
        return ToyView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_counts=self.hand_counts,
            current_player=self._current,
            phase=self.phase,
            trick=tuple(self.trick),
            tricks=(self.tricks[0], self.tricks[1]),
            history=tuple(self.log),
            result=self.result,
            options=self.options,
        )

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.log = list(self.log)
        return other


def new_deal(
    *, seed: int | None = None, hands: Iterable[Iterable[Card] | str] | None = None
) -> ToyState:
    rng = random.Random(seed)
    pack = list(PACK)
    rng.shuffle(pack)
    leader = rng.randrange(SEATS)
    if hands is None:
        dealt = [pack[i * HAND : (i + 1) * HAND] for i in range(SEATS)]
    else:
        dealt = [as_cards(hand) for hand in hands]
    return ToyState(dealt, leader, seed)


class ToyMatch:
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.deal_index = 0
        self.results: list[ToyResult] = []
        self.totals: dict[int, int] = dict.fromkeys(range(SEATS), 0)
        self.is_over = False
        self.winner: int | None = None
        self.state = new_deal(seed=seed * 10)

    def advance(self) -> None:
        if self.is_over or self.state.result is None:
            raise IllegalActionError("the deal is not over", reason="deal_not_over")
        self.results.append(self.state.result)
        for seat, value in enumerate(self.state.result.returns()):
            self.totals[seat] += int(value)
        self.deal_index += 1
        if self.deal_index == DEALS:
            self.is_over = True
            self.winner = max(range(SEATS), key=lambda seat: (self.totals[seat], -seat))
            return
        self.state = new_deal(seed=self.seed * 10 + self.deal_index)

    def clone(self) -> ToyMatch:
        other = ToyMatch.__new__(ToyMatch)
        other.__dict__.update(self.__dict__)
        other.results = list(self.results)
        other.totals = dict(self.totals)
        other.state = self.state.clone()
        return other


def new_match(*, seed: int | None = None) -> ToyMatch:
    return ToyMatch(random.SystemRandom().randrange(1 << 30) if seed is None else seed)


class ToyBot:
    """Plays its highest card when that wins the trick, else its lowest."""

    name = "toy"

    def __init__(self, *, noise: float = 0.0) -> None:
        self.noise = noise

    def choose(self, view: ToyView, legal: list[Action], rng: random.Random) -> Action:
        ranked = sorted(legal, key=lambda action: _strength(action.cards[0]))
        if view.trick and _strength(ranked[-1].cards[0]) > _strength(view.trick[0][1]):
            return ranked[-1]
        return ranked[0]


def sort_key(by_suit: bool, level: str | None, trump_suit: str | None) -> Any:
    return lambda card: (card.suit if by_suit else "", -_strength(card))


HOOKS = SearchHooks(outcome=lambda result, seat: result.returns()[seat])


def spec(game_id: str = "toy") -> GameSpec:
    """The toy game's registry entry (this module names every part of it)."""
    return GameSpec(
        id=game_id,
        seats=SEATS,
        teams=((0,), (1,)),
        rules_path=__name__,
        heuristic_path=f"{__name__}:ToyBot",
        search_path=f"{__name__}:HOOKS",
        sort_key_path=f"{__name__}:sort_key",
        table_view_path="game.scenes.table.view:GameView",  # the defaults (not drawn here)
        easy_noise=0.0,
    )
