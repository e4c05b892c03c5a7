"""The exact solver of perfect-information end games, one search for every game (issue 59).

A goal ("the landlord goes out first", "you and your partner finish first and second", "the
attackers reach 80 points") splits the seats into the goal's side and the defence. With every
hand known, the solver answers whether the goal's side can force the goal against every
defence, with which first moves, and in how many plies at most against the longest defence.

Each game supplies a :class:`Model` (its folder's ``solver.py``): a compact position (a node),
its moves with equivalent plays merged (cards that differ only in a suit no rule can tell
apart are one move), a transposition key, and whether the goal is decided. The search is
alpha-beta over integer values with a transposition table of bounds:

- a position where the goal is met is worth :data:`WIN`, one where it failed ``-WIN``; each
  ply before that moves the value one step towards 0, so the goal's side prefers the shortest
  win (and the longest loss) and the defence the longest loss. The sign alone answers "is the
  goal forced"; a search in the window (-1, 1) asks only that (cheap), a full window gives the
  distance as well;
- the table keeps, per key, a lower and an upper bound of the value (relative to that node, so
  transpositions at any depth share them) and the index of the best move found, tried first
  next time;
- the model orders the other moves (each game by its bot's hand planner, so likely good moves
  come first and cut the rest off).

:class:`Solver` keeps its table between questions, so a position played on from an analysed
one is answered from what the first search learnt. Everything is deterministic (no clock in
the search; ``node_limit`` bounds work by counting nodes).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game.rules.base import Action, DealState

#: The value of a position where the goal is met (minus one per ply before it).
WIN = 10_000
#: Beyond every value: the open window's ends.
INF = 4 * WIN

N = TypeVar("N")
M = TypeVar("M")


class SolverLimit(RuntimeError):
    """The search visited more nodes than its ``node_limit`` allows (the position is too big
    for the caller's purpose, e.g. a puzzle candidate)."""


class Model(Protocol[N, M]):
    """One game's compact end game under one goal (see the module docstring). Nodes are
    values: :meth:`child` returns a new node and never changes its argument."""

    def root(self, state: DealState) -> N:
        """The node of the engine's ``state`` (which must be in its play phase)."""
        ...

    def decided(self, node: N) -> bool | None:
        """True when the goal is met, False when it can no longer be, None while open."""
        ...

    def attacker(self, node: N) -> bool:
        """Whether the goal's side is to move."""
        ...

    def moves(self, node: N) -> Sequence[M]:
        """The moves of the player to move, equivalent ones merged, likely best first."""
        ...

    def child(self, node: N, move: M) -> N:
        """The node after ``move``."""
        ...

    def key(self, node: N) -> Hashable:
        """The transposition key: equal keys have equal values."""
        ...

    def action(self, state: DealState, move: M) -> Action:
        """The engine's legal action in ``state`` (whose node has ``move``) that plays it."""
        ...


def _up(value: int) -> int:
    """A child's value seen from its parent: one ply further from the end."""
    return value - 1 if value > 0 else value + 1


def _down(bound: int) -> int:
    """A parent's window bound seen from the child (the inverse of :func:`_up`)."""
    if bound > 0:
        return bound + 1
    return bound - 1 if bound < 0 else 0


def plies(value: int) -> int:
    """How many plies a decided value lies ahead (its distance from :data:`WIN`)."""
    return WIN - abs(value)


@dataclass(frozen=True)
class FirstMove:
    """One first move of an analysed position: the engine's ``action``, whether it forces the
    goal, and (when asked for) its exact ``value`` (:func:`plies` gives its length)."""

    action: Action
    wins: bool
    value: int | None = None


@dataclass(frozen=True)
class Verdict:
    """The answer for one position whose goal's side is to move: ``forced`` (some first move
    forces the goal), every distinct first move with its verdict, the ``plies`` of the longest
    defence against the best line (None when not forced or not asked), the ``nodes`` searched
    and the milliseconds it took."""

    forced: bool
    moves: tuple[FirstMove, ...]
    plies: int | None
    nodes: int
    ms: float

    @property
    def winning(self) -> tuple[Action, ...]:
        """The first moves that force the goal."""
        return tuple(move.action for move in self.moves if move.wins)


class Solver(Generic[N, M]):
    """Alpha-beta with a transposition table over one game's :class:`Model`."""

    def __init__(self, model: Model[N, M], *, node_limit: int | None = None) -> None:
        self.model = model
        self.node_limit = node_limit
        #: key -> (lower bound, upper bound, index of the best move or -1)
        self.table: dict[Hashable, tuple[int, int, int]] = {}
        self.nodes = 0

    # --- the search ---------------------------------------------------------------------------

    def value(self, node: N, alpha: int = -INF, beta: int = INF) -> int:
        """The node's value, exact when it lies inside (alpha, beta); otherwise a bound on the
        side of the window it fell (fail-soft)."""
        model = self.model
        done = model.decided(node)
        if done is not None:
            return WIN if done else -WIN
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SolverLimit(f"more than {self.node_limit} nodes")
        key = model.key(node)
        entry = self.table.get(key)
        first = -1
        low, high = -INF, INF
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        moves = model.moves(node)
        order: Sequence[int] = range(len(moves))
        if 0 < first < len(moves):
            order = [first, *(i for i in range(len(moves)) if i != first)]
        best, best_index = self._children(node, moves, order, alpha, beta)
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_index)
        return best

    def _children(
        self, node: N, moves: Sequence[M], order: Sequence[int], alpha: int, beta: int
    ) -> tuple[int, int]:
        """The best of the children's values for the player to move, and its move's index."""
        model = self.model
        if model.attacker(node):
            best, best_index = -INF, -1
            for index in order:
                value = _up(self.value(model.child(node, moves[index]), _down(alpha), _down(beta)))
                if value > best:
                    best, best_index = value, index
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            break
            return best, best_index
        best, best_index = INF, -1
        for index in order:
            value = _up(self.value(model.child(node, moves[index]), _down(alpha), _down(beta)))
            if value < best:
                best, best_index = value, index
                if value < beta:
                    beta = value
                    if value <= alpha:
                        break
        return best, best_index

    def wins(self, node: N) -> bool:
        """Whether the goal is forced from ``node`` (the cheap, sign-only search)."""
        return self.value(node, -1, 1) > 0

    # --- questions about an engine state ------------------------------------------------------

    def _scored(self, state: DealState, exact: bool) -> list[tuple[M, int]]:
        """Every move of ``state``'s player with its value: exact, or only its sign."""
        model = self.model
        node = model.root(state)
        scored = []
        for move in model.moves(node):
            child = model.child(node, move)
            value = _up(self.value(child) if exact else self.value(child, -2, 2))
            scored.append((move, value))
        return scored

    def analyse(self, state: DealState, *, lengths: bool = False) -> Verdict:
        """Every first move of the goal's side in ``state`` and whether it forces the goal;
        with ``lengths`` also each winning move's exact value and the solution's length."""
        start = time.perf_counter()
        nodes = self.nodes
        node = self.model.root(state)
        if not self.model.attacker(node):
            raise ValueError("the defence is to move: ask for its reply instead")
        found = []
        for move, value in self._scored(state, exact=False):
            wins = value > 0
            if wins and lengths:
                value = _up(self.value(self.model.child(node, move)))
            action = self.model.action(state, move)
            found.append(FirstMove(action, wins, value if wins and lengths else None))
        forced = any(move.wins for move in found)
        best = max((m.value for m in found if m.value is not None), default=None)
        return Verdict(
            forced=forced,
            moves=tuple(found),
            plies=None if best is None else plies(best),
            nodes=self.nodes - nodes,
            ms=(time.perf_counter() - start) * 1000.0,
        )

    def forced(self, state: DealState) -> bool:
        """Whether the goal is forced from ``state``, whoever is to move."""
        model = self.model
        node = model.root(state)
        done = model.decided(node)
        return done if done is not None else self.wins(node)

    def reply(self, state: DealState) -> Action:
        """The defence's move in ``state``: the first of its moves that makes the goal fail
        when there is one, else, among its moves (all lose), the one that holds out longest
        (the first such in the model's order)."""
        model = self.model
        node = model.root(state)
        if model.attacker(node):
            raise ValueError("the goal's side is to move: ask for a hint instead")
        moves = model.moves(node)
        for move in moves:  # the first that makes the goal fail, found by sign-only searches
            if _up(self.value(model.child(node, move), -2, 2)) < 0:
                return model.action(state, move)
        # every move loses (values above 0): keep the lowest, each search cut off at the best
        # so far, so a move that cannot hold out longer is dropped cheaply
        best_move, best = moves[0], INF
        for move in moves:
            value = _up(self.value(model.child(node, move), _down(0), _down(best)))
            if value < best:
                best_move, best = move, value
        return model.action(state, best_move)

    def hint(self, state: DealState) -> Action | None:
        """A move of the goal's side that forces the goal (the shortest such, the first in
        the model's order among equals), None when no move does."""
        model = self.model
        node = model.root(state)
        if not model.attacker(node):
            raise ValueError("the defence is to move: ask for its reply instead")
        winning = [move for move, value in self._scored(state, exact=False) if value > 0]
        if not winning:
            return None
        best_move, best = winning[0], 0
        if len(winning) > 1:
            for move in winning:
                value = _up(self.value(model.child(node, move), _down(best), _down(INF)))
                if value > best:
                    best_move, best = move, value
        return model.action(state, best_move)


def moves_of(solver: Solver[N, M], state: DealState) -> list[Action]:
    """The distinct moves (equivalent ones merged) of ``state``'s player as engine actions."""
    model = solver.model
    node = model.root(state)
    return [model.action(state, move) for move in model.moves(node)]
