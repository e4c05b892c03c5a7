"""Run Fast's part of the exact solver and its challenges (issue 59; game/ai/solver.py).

The goal: one seat goes out first against both others, each trying to stop it (R1.2). Suits
mean nothing once the deal's first play is made (R2.2 asks for the 3 of hearts only there), so
a hand is its rank counts and plays of one shape and rank are one move. The must-beat rule
(R3.4) leaves a follower no pass while it holds an answer. Moves are ordered by the bot's hand
planner (the cost of the hand each play leaves).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path

from game.ai.puzzles import ChallengeHooks, Phrase, Table, read_seat
from game.ai.solver_climbing import ClimbingModel, Hand, Move, Node, Play, by_rank, pack, unpack
from game.games.runfast.plan import plan_cost
from game.games.runfast.rules import ORDER, Combo, RunFastState, rank_value
from game.games.runfast.rules.options import DEFAULTS
from game.games.runfast.rules.position import position
from game.games.runfast.rules.responses import plays_on
from game.rules.base import Action, DealState
from game.rules.cards import Card, format_cards
from game.rules.errors import BadArgumentError

#: One card of each rank (Run Fast order) and suit, to build the engine's plays from counts.
_SUITS = ("S", "D", "C", "H")
_CARDS = tuple(
    tuple(Card(rank, suit) for suit in _SUITS if not (rank == "2" and suit != "S"))
    for rank in ORDER
)
#: A compact meaning: (kind, rank value, cards).
Meaning = tuple[str, int, int]


def _meaning_of(combo: object) -> Meaning | None:
    return _meaning(combo) if isinstance(combo, Combo) else None


def _meaning(combo: Combo) -> Meaning:
    return (combo.kind, combo.value, len(combo.cards))


def _counts(cards: Iterable[Card]) -> Hand:
    counts = [0] * 13
    for card in cards:
        counts[rank_value(card.rank)] += 1
    return pack(counts)


@dataclass(frozen=True)
class Goal:
    """``seat`` goes out first (R1.2)."""

    seat: int = 0

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    def met(self, state: DealState) -> bool | None:
        winner = state.finish_order
        return None if not winner else winner[0] == self.seat

    def words(self) -> tuple[Phrase, ...]:
        return (("challenge.goal_out_first", {}),)

    def as_table(self) -> dict[str, object]:
        return {"kind": "first", "seat": self.seat}


class RunFastModel(ClimbingModel):
    """Run Fast's climbing loop: rank counts, the must-beat rule, first out decides."""

    seats = 3
    must_beat = True

    def __init__(self, goal: Goal) -> None:
        super().__init__(goal.seats)
        self.goal = goal
        self._lasts: dict[Meaning, Combo] = {}

    def plays(self, seat: int, hand: Hand, last: Hashable | None) -> list[Play]:
        counts = unpack(hand, 13)
        groups = [list(_CARDS[v][: counts[v]]) for v in range(13)]
        combo = None if last is None else self._combo(last)
        found = []
        for play in plays_on(groups, combo, False):
            take = _counts(play.cards)
            found.append(Play(_meaning(play), take, len(play.cards)))
        return found

    def _combo(self, last: Hashable) -> Combo:
        assert isinstance(last, tuple)  # this model's meanings
        combo = self._lasts.get(last)
        if combo is None:
            kind, value, size = last
            per_rank = {"straight": 1, "pair_run": 2}.get(kind)
            if per_rank is None:
                cards = _CARDS[value][:size]
            else:
                low = value - size // per_rank + 1
                cards = tuple(c for v in range(low, value + 1) for c in _CARDS[v][:per_rank])
            combo = self._lasts[last] = Combo(kind, ORDER[value], cards)
        return combo

    def cost(self, hand: Hand) -> float:
        return plan_cost(tuple(unpack(hand, 13)))

    def decided(self, node: Node) -> bool | None:
        return None if not node.out else node.out[0] == self.goal.seat

    def root(self, state: DealState) -> Node:
        if not isinstance(state, RunFastState) or state.first_play:
            raise ValueError("the solver plays Run Fast after the deal's first play")
        if state.options != DEFAULTS:
            raise ValueError("the solver plays Run Fast by the standard rules only")
        hands = tuple(_counts(hand) for hand in state.hands)
        last = None if state.last_play is None else _meaning(state.last_play)
        seat = -1 if state.last_seat is None or last is None else state.last_seat
        turn = state.current_player
        out = state.finish_order
        return Node(
            hands, -1 if turn is None else turn, last, seat, state.passes if last else 0, out
        )

    def action(self, state: DealState, move: Move) -> Action:
        return by_rank(state, move, lambda card: rank_value(card.rank), _meaning_of, 13)


def read_goal(table: Table, state: DealState) -> Goal:
    if table.get("kind") != "first":
        raise BadArgumentError(f"a Run Fast goal is 'first', not {table.get('kind')!r}")
    return Goal(read_seat(table, "seat", 3))


def read_position(table: Table) -> RunFastState:
    return position(
        table["hands"],
        turn=table["turn"],
        last=table.get("last"),
        last_seat=table.get("last_seat"),
    )


def write_position(state: DealState, shift: int = 0) -> dict[str, object]:
    """The position of ``state`` as a puzzle writes it, seat ``s`` written as ``s + shift``."""
    assert isinstance(state, RunFastState)
    seats = [state.hands[(seat - shift) % 3] for seat in range(3)]
    turn = state.current_player
    assert turn is not None  # a position to play
    table: dict[str, object] = {
        "hands": [format_cards(hand) for hand in seats],
        "turn": (turn + shift) % 3,
    }
    if state.last_play is not None and state.last_seat is not None:
        table["last"] = format_cards(state.last_play.cards)
        table["last_seat"] = (state.last_seat + shift) % 3
    return table


def small(state: DealState) -> bool:
    """A position of at most 20 cards, 8 in a hand, after the first play (the finder's)."""
    assert isinstance(state, RunFastState)
    sizes = state.hand_counts
    return not state.first_play and sum(sizes) <= 20 and max(sizes) <= 8


def goals(state: DealState) -> list[Goal]:
    """The goals a self-play position is asked about (the puzzle finder): the seat to move
    goes out first."""
    seat = state.current_player
    return [] if seat is None else [Goal(seat)]


HOOKS = ChallengeHooks(
    read_goal=read_goal,
    read_position=read_position,
    write_position=write_position,
    model=lambda goal: RunFastModel(goal),
    goals=goals,
    small=small,
    puzzles=Path(__file__).with_name("puzzles.toml"),
)
