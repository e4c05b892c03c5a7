"""Brute force for the solver's tests (issue 59): plain minimax over the engine itself.

Every action the rules accept is tried: each distinct sub-multiset of the hand to move through
``state.actions_for`` (every meaning it has), and a pass when the rules list one. Nothing is
pruned, merged or remembered, so it is slow and only for small positions; it shares no code
with the solver beyond the engine and the goal's ``met``.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from game.rules.base import Action, DealState
from game.rules.cards import Card


def sub_multisets(hand: list[Card]) -> list[list[Card]]:
    """Every non-empty sub-multiset of ``hand`` (each once)."""
    counts = sorted(Counter(hand).items(), key=lambda item: item[0].index)
    found = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        cards = [card for (card, _), k in zip(counts, takes, strict=True) for _ in range(k)]
        if cards:
            found.append(cards)
    return found


def every_action(state: DealState) -> list[Action]:
    """Every legal action of the player to move (all card choices, all meanings)."""
    seat = state.current_player
    assert seat is not None
    actions: list[Action] = [a for a in state.legal_actions() if a.kind == "pass"]
    for cards in sub_multisets(state.hand(seat)):
        for action in state.actions_for(cards):
            if action not in actions:
                actions.append(action)
    return actions


def brute(state: DealState, goal: Any) -> bool:
    """Whether the goal's side forces ``goal`` from ``state`` (plain minimax)."""
    met = goal.met(state)
    if met is not None:
        return bool(met)
    values = [brute(child, goal) for child in children(state)]
    return any(values) if state.current_player in goal.seats else all(values)


def children(state: DealState) -> list[DealState]:
    """The state after each of :func:`every_action`."""
    found = []
    for action in every_action(state):
        child = state.clone()
        child.apply(action)
        found.append(child)
    return found
