"""Dou Dizhu's part of the exact solver and its challenges (issue 59; game/ai/solver.py).

The goal: the landlord goes out first (the landlord's side), or either peasant does (the
peasants' side, playing as one team: every hand is known, D1.1). Suits mean nothing (D2.2), so
a hand is its rank counts and plays of one shape and rank with the same attached ranks are one
move. Moves are ordered by the bot's hand planner (the cost of the hand each play leaves).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

from game.ai.puzzles import ChallengeHooks, Phrase, Table, read_seat
from game.ai.solver_climbing import ClimbingModel, Hand, Move, Node, Play, by_rank, pack, unpack
from game.games.doudizhu.plan import hand_cost
from game.games.doudizhu.rules import Combo, DoudizhuState, rank_value
from game.games.doudizhu.rules.combos import counts_of, plays
from game.games.doudizhu.rules.position import position
from game.rules.base import Action, DealState
from game.rules.cards import format_cards
from game.rules.errors import BadArgumentError

#: A compact meaning: (kind, main value, length, cards).
Meaning = tuple[str, int, int, int]
_SIDES = ("landlord", "peasants")


def _meaning_of(combo: object) -> Meaning | None:
    return _meaning(combo) if isinstance(combo, Combo) else None


def _meaning(combo: Combo) -> Meaning:
    return (combo.kind, combo.value, combo.length, len(combo.cards))


def _beats(play: Meaning, last: Meaning) -> bool:
    """D3.2, D4.4, D4.5 on compact meanings (as the engine's ``plays`` filters them)."""
    kind, value, length, size = play
    last_kind: str = last[0]
    last_value: int = last[1]
    if last_kind == "rocket":
        return False
    if kind == "rocket":
        return True
    if kind == "bomb":
        return last_kind != "bomb" or value > last_value
    return kind == last_kind and (length, size) == last[2:] and value > last_value


@dataclass(frozen=True)
class Goal:
    """The ``side`` (``"landlord"`` or ``"peasants"``) goes out first; ``landlord`` its seat."""

    side: str
    landlord: int

    @property
    def seats(self) -> tuple[int, ...]:
        if self.side == "landlord":
            return (self.landlord,)
        return tuple(seat for seat in range(3) if seat != self.landlord)

    def met(self, state: DealState) -> bool | None:
        out = state.finish_order
        return None if not out else out[0] in self.seats

    def words(self) -> tuple[Phrase, ...]:
        return ((f"challenge.goal_{self.side}", {}),)

    def as_table(self) -> dict[str, object]:
        return {"side": self.side}


class DoudizhuModel(ClimbingModel):
    """Dou Dizhu's climbing loop: rank counts, a follower may always pass."""

    seats = 3

    def __init__(self, goal: Goal) -> None:
        super().__init__(goal.seats)
        self.goal = goal

    def plays(self, seat: int, hand: Hand, last: Hashable | None) -> list[Play]:
        found = []
        for kind, value, length, values in plays(unpack(hand, 15), None):
            meaning = (kind, value, length, len(values))
            if last is None or (isinstance(last, tuple) and _beats(meaning, last)):
                take = [0] * 15
                for v in values:
                    take[v] += 1
                found.append(Play(meaning, pack(take), len(values)))
        return found

    def cost(self, hand: Hand) -> float:
        return hand_cost(tuple(unpack(hand, 15)))

    def decided(self, node: Node) -> bool | None:
        return None if not node.out else node.out[0] in self.side

    def root(self, state: DealState) -> Node:
        if not isinstance(state, DoudizhuState) or state.stage not in ("play", "over"):
            raise ValueError("the solver plays Dou Dizhu once the bidding is over")
        if state.landlord != self.goal.landlord:
            raise ValueError("the goal names another landlord than the deal's")
        hands = tuple(pack(counts_of(hand)) for hand in state.hands)
        last = None if state.last_play is None else _meaning(state.last_play)
        seat = -1 if state.last_seat is None or last is None else state.last_seat
        turn = state.current_player
        out = state.finish_order
        return Node(hands, -1 if turn is None else turn, last, seat, state.passes, out)

    def action(self, state: DealState, move: Move) -> Action:
        return by_rank(state, move, lambda card: rank_value(card.rank), _meaning_of, 15)


def read_goal(table: Table, state: DealState) -> Goal:
    side = table.get("side")
    if side not in _SIDES:
        raise BadArgumentError(f"a goal's side is landlord or peasants, not {side!r:.20}")
    assert isinstance(state, DoudizhuState) and state.landlord is not None
    return Goal(side, state.landlord)


def read_position(table: Table) -> DoudizhuState:
    return position(
        table["hands"],
        landlord=read_seat(table, "landlord", 3),
        turn=table["turn"],
        last=table.get("last"),
        last_seat=table.get("last_seat"),
        bombs=table.get("bombs", 0),
    )


def write_position(state: DealState, shift: int = 0) -> dict[str, object]:
    """The position of ``state`` as a puzzle writes it, seat ``s`` written as ``s + shift``."""
    assert isinstance(state, DoudizhuState)
    turn, landlord = state.current_player, state.landlord
    assert turn is not None and landlord is not None  # a position in play
    table: dict[str, object] = {
        "hands": [format_cards(state.hands[(seat - shift) % 3]) for seat in range(3)],
        "turn": (turn + shift) % 3,
        "landlord": (landlord + shift) % 3,
        "bombs": state.bombs + state.rockets,
    }
    if state.last_play is not None and state.last_seat is not None:
        table["last"] = format_cards(state.last_play.cards)
        table["last_seat"] = (state.last_seat + shift) % 3
    return table


def small(state: DealState) -> bool:
    """A position in play of at most 26 cards, 12 in a hand (the finder's)."""
    assert isinstance(state, DoudizhuState)
    sizes = state.hand_counts
    return state.stage == "play" and sum(sizes) <= 26 and max(sizes) <= 12


def goals(state: DealState) -> list[Goal]:
    """The goal of the side to move in a self-play position (the puzzle finder)."""
    assert isinstance(state, DoudizhuState)
    seat, landlord = state.current_player, state.landlord
    if seat is None or landlord is None:
        return []
    return [Goal("landlord" if seat == landlord else "peasants", landlord)]


HOOKS = ChallengeHooks(
    read_goal=read_goal,
    read_position=read_position,
    write_position=write_position,
    model=lambda goal: DoudizhuModel(goal),
    goals=goals,
    small=small,
    puzzles=Path(__file__).with_name("puzzles.toml"),
)
