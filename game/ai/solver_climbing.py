"""The solver's model of a climbing game's end game (Run Fast, Dou Dizhu, Guandan; issue 59).

In every climbing game the seats take turns to beat the last play or pass; when every other
seat still playing has passed, the last player (or, when it has gone out, the game's choice of
who "receives the wind") leads a new round; a seat that empties its hand goes out and is
skipped from then on. :class:`ClimbingModel` plays that loop on compact nodes (hands as
counts packed into integers, the last play as the game's compact meaning) and leaves to each
game its plays, its pass rule, its goal, its ordering cost and the way back to the engine's
actions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple

from game.rules.base import Action, DealState
from game.rules.cards import Card, format_cards

#: A hand as counts (per rank, or per card for a game whose suits matter), packed into one
#: integer, :data:`BITS` bits a count: taking a play's counts is one subtraction.
Hand = int
BITS = 4
_MASK = (1 << BITS) - 1

#: Plays memoized per model before the memo is cleared (a few MB at most).
_MEMO_LIMIT = 200_000


class Play(NamedTuple):
    """One move that plays cards: ``meaning`` (what the next seat must beat, the game's
    compact combination), ``take`` (the counts it removes from the hand) and ``size`` (its
    number of cards)."""

    meaning: Hashable
    take: Hand
    size: int


#: A move: a play, or None for a pass.
Move = Play | None


class Node(NamedTuple):
    """A climbing position: every hand, the seat to move, the play to beat (None: a lead),
    who made it (-1: nobody), the passes since, and the seats gone out in order."""

    hands: tuple[Hand, ...]
    turn: int
    last: Hashable | None
    last_seat: int
    passes: int
    out: tuple[int, ...]


def by_rank(
    state: DealState,
    move: Move,
    value_of: Callable[[Card], int],
    meaning_of: Callable[[Any], Hashable | None],  # Any: the game's own meaning of a play
    slots: int,
) -> Action:
    """The engine's action for ``move`` in a game whose hands are rank counts: the first
    cards of each rank the move takes (``value_of`` gives a card's slot of the ``slots``), with
    the meaning whose compact form (``meaning_of`` a combination) is the move's."""
    if move is None:
        return Action("pass")
    seat = state.current_player
    assert seat is not None  # a position to play
    want = unpack(move.take, slots)
    cards = []
    for card in state.hand(seat):
        value = value_of(card)
        if want[value]:
            want[value] -= 1
            cards.append(card)
    for action in state.actions_for(cards):
        if meaning_of(action.combo) == move.meaning:
            return action
    raise ValueError(f"no legal play of {format_cards(cards)} as {move.meaning}")


def pack(counts: Sequence[int]) -> Hand:
    """Counts (each below 16) as one :data:`Hand`."""
    hand = 0
    for slot, count in enumerate(counts):
        hand |= count << (BITS * slot)
    return hand


def unpack(hand: Hand, slots: int) -> list[int]:
    """The counts of the first ``slots`` slots of ``hand``."""
    return [(hand >> (BITS * slot)) & _MASK for slot in range(slots)]


class ClimbingModel:
    """A climbing game's :class:`game.ai.solver.Model` under one goal (see the module
    docstring). A game subclasses it and defines :meth:`plays`, :meth:`decided`,
    :meth:`root`, :meth:`action` and, where they differ from the defaults, the rest."""

    #: Seats at the table.
    seats = 3
    #: Whether a follower may pass only when it has no play (Run Fast's must-beat rule).
    must_beat = False

    def __init__(self, side: Sequence[int]) -> None:
        #: The goal's seats.
        self.side = frozenset(side)
        self._plays: dict[tuple[Hand, Hashable | None], list[Play]] = {}
        self._moves: dict[tuple[Hand, Hashable | None, bool], list[Move]] = {}
        self._costs: dict[Hand, float] = {}

    # --- what each game says --------------------------------------------------------------

    def plays(self, seat: int, hand: Hand, last: Hashable | None) -> list[Play]:
        """Every distinct play of ``hand`` (held by ``seat``) that leads (``last`` None) or
        beats ``last``; it depends on the hand and ``last`` only."""
        raise NotImplementedError

    def cost(self, hand: Hand) -> float:
        """How hard ``hand`` is to play out (lower first when ordering moves)."""
        cards = 0
        while hand:
            cards += hand & _MASK
            hand >>= BITS
        return float(cards)

    def wind(self, last_seat: int, out: tuple[int, ...]) -> int:
        """Who leads when every other seat passed ``last_seat``'s play and it has gone out."""
        return last_seat

    def decided(self, node: Node) -> bool | None:
        raise NotImplementedError

    def root(self, state: DealState) -> Node:
        raise NotImplementedError

    def action(self, state: DealState, move: Move) -> Action:
        raise NotImplementedError

    # --- the loop -------------------------------------------------------------------------

    def attacker(self, node: Node) -> bool:
        return node.turn in self.side

    def key(self, node: Node) -> Hashable:
        return node

    def _cost(self, hand: Hand) -> float:
        cost = self._costs.get(hand)
        if cost is None:
            if len(self._costs) > _MEMO_LIMIT:
                self._costs.clear()
            cost = self._costs[hand] = self.cost(hand)
        return cost

    def moves(self, node: Node) -> list[Move]:
        hand = node.hands[node.turn]
        memo_key = (hand, node.last, node.turn in self.side)
        found = self._moves.get(memo_key)
        if found is not None:
            return found
        plays = self._plays.get((hand, node.last))
        if plays is None:
            plays = self.plays(node.turn, hand, node.last)
            if len(self._plays) > _MEMO_LIMIT:
                self._plays.clear()
                self._moves.clear()
            self._plays[(hand, node.last)] = plays
        # going out first, then the plays that leave the easiest hand (the bots' planners)

        def rank(play: Play) -> tuple[bool, float]:
            return (play.take != hand, self._cost(hand - play.take))

        ranked: list[Play] = sorted(plays, key=rank)
        ordered: list[Move] = [*ranked]
        if node.last is not None and not (self.must_beat and plays):
            ordered.append(None)
        self._moves[memo_key] = ordered
        return ordered

    def _next(self, seat: int, out: tuple[int, ...]) -> int:
        seat = (seat + 1) % self.seats
        while seat in out:
            seat = (seat + 1) % self.seats
        return seat

    def child(self, node: Node, move: Move) -> Node:
        seat = node.turn
        if move is None:
            passes = node.passes + 1
            active = self.seats - len(node.out)
            others = active - (node.last_seat not in node.out)
            if passes >= others:
                leader = node.last_seat
                if leader in node.out:
                    leader = self.wind(leader, node.out)
                return Node(node.hands, leader, None, -1, 0, node.out)
            return node._replace(turn=self._next(seat, node.out), passes=passes)
        hand = node.hands[seat] - move.take
        hands = node.hands[:seat] + (hand,) + node.hands[seat + 1 :]
        out = node.out + (seat,) if not hand else node.out
        if len(out) >= self.seats - 1:
            return Node(hands, seat, move.meaning, seat, 0, out)  # decided: nobody moves
        return Node(hands, self._next(seat, out), move.meaning, seat, 0, out)
