"""Shengji's part of the exact solver and its challenges (issue 59; game/ai/solver.py).

The goal: in the last tricks, the attackers end with at least ``target`` points (S5.3), kitty
bonus included (S5.2: the kitty's points times twice the cards each plays to the last trick,
when the attackers win it), or, for the defending side, they do not. The person's team is
seats 0 and 2, attacking when the dealer is seat 1 or 3; both teams play as one mind each.

Leads and follows are every sub-multiset of the hand the engine's ``lead_format`` and
``is_legal_follow`` accept. Two single cards of one hand are one move when nothing tells them
apart: the same effective suit and points, neither paired in the hand, and no card still in
play (in a hand or on the trick) strictly between them in strength (S3). The goal is decided as
soon as the points taken reach the target, or the points still in play and the largest kitty
bonus cannot. Moves are ordered by the bot's worth of the cards they spend.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, NamedTuple

from game.ai.puzzles import ChallengeHooks, Phrase, read_seat
from game.games.shengji.bot import keep_value
from game.games.shengji.rules import ShengjiState
from game.games.shengji.rules.plays import _format, _winner, is_legal_follow, kitty_multiplier
from game.games.shengji.rules.position import position
from game.games.shengji.rules.trump import _CARD_POINTS, Trump, points_of
from game.rules.base import Action, DealState
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError
from game.rules.options import Options

#: Every distinct card by ``Card.index``.
_CARDS: tuple[Card, ...] = tuple(sorted(set(double_pack()), key=lambda card: card.index))
_POINTS = tuple(_CARD_POINTS[card] for card in _CARDS)

#: A hand or a play: card indexes, sorted.
Cards = tuple[int, ...]


class Node(NamedTuple):
    """The last tricks: every hand, the trick's leader and its plays so far, the attackers'
    points (kitty bonus included once ``done``)."""

    hands: tuple[Cards, ...]
    leader: int
    trick: tuple[Cards, ...]
    points: int
    done: bool


def reachable(
    points: int, live: int, kitty: int, cards: int, options: Mapping[str, Any], target: int
) -> bool | None:
    """Whether attackers with ``points`` reach ``target``: True once they have, False when
    even the ``live`` points still in play and the largest kitty bonus (the ``kitty`` points,
    a last trick of ``cards`` per player) cannot get them there, else None."""
    if points >= target:
        return True
    bonus = kitty * kitty_multiplier(cards, options) if cards else 0
    return False if points + live + bonus < target else None


@dataclass(frozen=True)
class Goal:
    """The attackers end with at least ``target`` points; ``attack``: seats 0 and 2 are the
    attackers and want that (else they defend and want the opposite)."""

    target: int
    attack: bool

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 2)

    def met(self, state: DealState) -> bool | None:
        assert isinstance(state, ShengjiState)
        if state.result is not None:
            reached: bool | None = state.result.attacker_points >= self.target
        else:
            played = [c for _, play in state.trick for c in play]
            held = (card for hand in state.hands for card, n in hand.items() for _ in range(n))
            live = points_of(held) + points_of(played)
            cards = sum(state.hands[state.leader or 0].values()) + (
                len(state.trick[0][1]) if state.trick else 0
            )
            reached = reachable(
                state.attacker_points,
                live,
                points_of(state.kitty),
                cards,
                state.options,
                self.target,
            )
        return None if reached is None else reached == self.attack

    def words(self) -> tuple[Phrase, ...]:
        key = "challenge.goal_attack" if self.attack else "challenge.goal_defend"
        return ((key, {"count": self.target}),)

    def as_table(self) -> dict[str, Any]:
        return {"target": self.target, "side": "attack" if self.attack else "defend"}


def _subsets(hand: Cards, size: int | None = None) -> list[Cards]:
    """Every distinct sub-multiset of ``hand`` (of ``size`` cards, or of any size)."""
    sizes = range(1, len(hand) + 1) if size is None else (size,)
    return sorted({combo for n in sizes for combo in combinations(hand, n)})


class ShengjiModel:
    """The last tricks of a Shengji deal under one goal (a :class:`game.ai.solver.Model`)."""

    def __init__(self, goal: Goal) -> None:
        self.goal = goal
        self.trump: Trump | None = None
        self.options: Options | None = None
        self.attackers = 0
        self.kitty = 0
        self._leads: dict[Cards, list[Cards]] = {}
        self._follows: dict[tuple[Cards, Cards], list[Cards]] = {}
        self._winners: dict[tuple[Cards, ...], int] = {}

    # --- the position -----------------------------------------------------------------------

    def root(self, state: DealState) -> Node:
        if not isinstance(state, ShengjiState) or state.phase not in ("play", "over"):
            raise ValueError("the solver plays Shengji once the kitty is buried")
        if state.options.get("throws", False):
            raise ValueError("the solver plays Shengji without throws (VS4)")
        assert state.trump is not None and state.dealer is not None
        attackers = (state.dealer + 1) % 2
        if self.trump is None:
            self.trump, self.options = state.trump, state.options
            self.attackers, self.kitty = attackers, points_of(state.kitty)
        elif (state.trump, state.options, attackers) != (self.trump, self.options, self.attackers):
            raise ValueError("a Shengji solver plays one trump, one side and one set of rules")
        hands = tuple(
            tuple(sorted(c.index for c, n in hand.items() for _ in range(n)))
            for hand in state.hands
        )
        if state.result is not None:
            return Node(hands, 0, (), state.result.attacker_points, True)
        trick = tuple(tuple(sorted(c.index for c in play)) for _, play in state.trick)
        leader = state.leader
        assert leader is not None  # a trick is being played
        return Node(hands, leader, trick, state.attacker_points, False)

    def attacker(self, node: Node) -> bool:
        return (node.leader + len(node.trick)) % 2 == 0

    def key(self, node: Node) -> Hashable:
        return node

    def decided(self, node: Node) -> bool | None:
        target = self.goal.target
        if node.done:
            return (node.points >= target) == self.goal.attack
        live = sum(_POINTS[c] for group in (*node.hands, *node.trick) for c in group)
        cards = len(node.hands[node.leader]) + (len(node.trick[0]) if node.trick else 0)
        assert self.options is not None
        reached = reachable(node.points, live, self.kitty, cards, self.options, target)
        return None if reached is None else reached == self.goal.attack

    # --- moves ------------------------------------------------------------------------------

    def _legal(self, hand: Cards, trick: tuple[Cards, ...]) -> list[Cards]:
        trump = self.trump
        assert trump is not None
        if not trick:
            leads = self._leads.get(hand)
            if leads is None:
                leads = [
                    play
                    for play in _subsets(hand)
                    if _format([_CARDS[c] for c in play], trump) is not None
                ]
                self._leads[hand] = leads
            return leads
        lead = trick[0]
        follows = self._follows.get((hand, lead))
        if follows is None:
            cards = [_CARDS[c] for c in hand]
            led = [_CARDS[c] for c in lead]
            follows = [
                play
                for play in _subsets(hand, len(lead))
                if is_legal_follow(cards, led, [_CARDS[c] for c in play], trump, self.options)
            ]
            self._follows[(hand, lead)] = follows
        return follows

    def _labels(self, node: Node, hand: Cards) -> dict[int, int]:
        """Each card of ``hand`` that is interchangeable with a weaker one (see the module
        docstring) mapped to the weakest card of its run; the others to themselves."""
        trump = self.trump
        assert trump is not None
        eff, step = trump.effective_suits, trump.steps
        singles = sorted(
            (c for c in set(hand) if hand.count(c) == 1), key=lambda c: (eff[c], step[c])
        )
        labels = {c: c for c in hand}
        if len(singles) < 2:
            return labels
        live = {(eff[c], step[c]) for group in (*node.hands, *node.trick) for c in group}
        for low, high in zip(singles, singles[1:], strict=False):
            if eff[low] != eff[high] or _POINTS[low] != _POINTS[high]:
                continue
            suit, a, b = eff[low], step[low], step[high]
            if not any((suit, s) in live for s in range(a + 1, b)):
                labels[high] = labels[low]
        return labels

    def moves(self, node: Node) -> list[Cards]:
        hand = node.hands[(node.leader + len(node.trick)) % 4]
        legal = self._legal(hand, node.trick)
        labels = self._labels(node, hand)
        seen: dict[Cards, Cards] = {}
        for play in legal:
            seen.setdefault(tuple(sorted(labels[c] for c in play)), play)
        trump = self.trump
        assert trump is not None

        def spent(play: Cards) -> float:  # the bot's worth of the cards, highest first
            return -sum(keep_value(_CARDS[c], trump) + _POINTS[c] for c in play)

        return sorted(seen.values(), key=spent)

    def child(self, node: Node, move: Cards) -> Node:
        seat = (node.leader + len(node.trick)) % 4
        hand = list(node.hands[seat])
        for card in move:
            hand.remove(card)
        hands = node.hands[:seat] + (tuple(hand),) + node.hands[seat + 1 :]
        trick = (*node.trick, move)
        if len(trick) < 4:
            return Node(hands, node.leader, trick, node.points, False)
        winner = (node.leader + self._winner(trick)) % 4
        points = node.points
        if winner % 2 == self.attackers:
            points += sum(_POINTS[c] for play in trick for c in play)
        if not hands[0]:
            if winner % 2 == self.attackers and self.kitty:
                assert self.options is not None
                points += self.kitty * kitty_multiplier(len(move), self.options)
            return Node(hands, winner, (), points, True)
        return Node(hands, winner, (), points, False)

    def _winner(self, trick: tuple[Cards, ...]) -> int:
        found = self._winners.get(trick)
        if found is None:
            assert self.trump is not None
            plays = [[_CARDS[c] for c in play] for play in trick]
            found = self._winners[trick] = _winner(plays, self.trump)
        return found

    def action(self, state: DealState, move: Cards) -> Action:
        cards = [_CARDS[c] for c in move]
        found = state.actions_for(cards)
        if not found:
            raise ValueError(f"no legal play of {format_cards(cards)}")
        return found[0]


def read_goal(table: Mapping[str, Any]) -> Goal:
    target, side = table.get("target"), table.get("side")
    if isinstance(target, bool) or not isinstance(target, int) or not 5 <= target <= 400:
        raise BadArgumentError(f"a Shengji goal's target is a number of points, not {target!r:.20}")
    if side not in ("attack", "defend"):
        raise BadArgumentError(f"a Shengji goal's side is attack or defend, not {side!r:.20}")
    return Goal(target, side == "attack")


def read_position(table: Mapping[str, Any]) -> ShengjiState:
    trump = table["trump"]
    state = position(
        table["hands"],
        level=table["level"],
        trump=None if trump == "none" else trump,
        dealer=read_seat(table, "dealer", 4),
        kitty=table["kitty"],
        points=table.get("points", 0),
        leader=read_seat(table, "leader", 4),
        trick=table.get("trick", ()),
    )
    goal = table.get("goal")
    if isinstance(goal, Mapping) and (goal.get("side") == "attack") != (state.dealer in (1, 3)):
        raise BadArgumentError("seats 0 and 2 attack exactly when the dealer is seat 1 or 3")
    return state


def write_position(state: DealState, shift: int = 0) -> dict[str, Any]:
    """The position of ``state`` as a puzzle writes it, seat ``s`` written as ``s + shift``."""
    assert isinstance(state, ShengjiState)
    assert state.trump is not None and state.dealer is not None and state.leader is not None
    table: dict[str, Any] = {
        "level": state.level,
        "trump": state.trump.suit or "none",
        "dealer": (state.dealer + shift) % 4,
        "hands": [format_cards(state.hand((seat - shift) % 4)) for seat in range(4)],
        "kitty": format_cards(state.kitty),
        "points": state.attacker_points,
        "leader": (state.leader + shift) % 4,
    }
    if state.trick:
        table["trick"] = [format_cards(play) for _, play in state.trick]
    return table


def goals(state: DealState) -> list[Goal]:
    """The goals asked of a self-play position for seats 0 and 2, the most demanding first:
    the outcome table's thresholds (S5.3) the attackers have not reached yet."""
    assert isinstance(state, ShengjiState) and state.dealer is not None
    points = state.attacker_points
    if state.dealer % 2:  # seats 0 and 2 attack: the more points the harder
        return [Goal(t, True) for t in (200, 160, 120, 80, 40) if t > points]
    return [Goal(t, False) for t in (40, 80, 120, 160, 200) if t > points]


def context(state: DealState) -> tuple[Phrase, ...]:
    """The points taken and buried, which the goal counts on."""
    assert isinstance(state, ShengjiState)
    return (
        ("challenge.points_taken", {"count": state.attacker_points}),
        ("challenge.kitty_points", {"count": points_of(state.kitty)}),
    )


HOOKS = ChallengeHooks(
    read_goal=read_goal,
    read_position=read_position,
    write_position=write_position,
    model=lambda goal: ShengjiModel(goal),
    goals=goals,
    puzzles=Path(__file__).with_name("puzzles.toml"),
    context=context,
)
