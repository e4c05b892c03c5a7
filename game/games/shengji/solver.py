"""Shengji's part of the exact solver and its challenges (issue 59; game/ai/solver.py).

The goal: in the last tricks, the attackers end with at least ``target`` points (S5.3), kitty
bonus included (S5.2: the kitty's points times twice the cards each plays to the last trick,
when the attackers win it), or, for the defending side, they do not. The person's team is
seats 0 and 2, attacking when the dealer is seat 1 or 3; both teams play as one mind each.

Leads and follows are every sub-multiset of the hand the engine's ``lead_format`` and
``is_legal_follow`` accept. Two single cards of one hand are one move when nothing tells them
apart: the same effective suit and points, neither paired in the hand, and either equally
strong or with no other card still in play (in a hand or on the trick) as strong as either or
between them (S3; a card as strong as one of them would tie with it, S3.5). The goal is decided as
soon as the points taken reach the target, or the points still in play and the largest kitty
bonus cannot. Moves are ordered by the bot's worth of the cards they spend.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

from game.ai.puzzles import ChallengeHooks, Phrase, Table, read_seat
from game.games.shengji.memory import keep_value
from game.games.shengji.rules import ShengjiState
from game.games.shengji.rules.plays import (
    format_of,
    is_legal_follow,
    kitty_multiplier,
    trick_winner_index,
)
from game.games.shengji.rules.position import position
from game.games.shengji.rules.trump import CARD_POINTS, Trump, points_of
from game.rules.base import Action, DealState
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError
from game.rules.options import Options

#: Every distinct card by ``Card.index``.
_CARDS: tuple[Card, ...] = tuple(sorted(set(double_pack()), key=lambda card: card.index))
_POINTS = tuple(CARD_POINTS[card] for card in _CARDS)

#: A hand or a play: card indexes, sorted.
Cards = tuple[int, ...]


class Node(NamedTuple):
    """The last tricks: every hand, the trick's leader and its plays so far, the attackers'
    points (kitty bonus included once ``done``) and the points still in hands and the trick
    (``live``, which the key need not hold: the cards tell it)."""

    hands: tuple[Cards, ...]
    leader: int
    trick: tuple[Cards, ...]
    points: int
    done: bool
    live: int


def reachable(
    points: int, live: int, kitty: int, cards: int, options: Mapping[str, object], target: int
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

    def as_table(self) -> dict[str, object]:
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
        #: The kitty bonus by cards per player in the last trick (S5.2).
        self._bonus: list[int] = []
        #: The bot's worth of each card (its keep value and points), spent costliest first.
        self._worth: list[float] = []
        self._legal_plays: dict[tuple[Cards, Cards | None], list[Cards]] = {}
        self._twins: dict[Cards, list[tuple[int, int, int]]] = {}
        self._moves: dict[Node, list[Cards]] = {}
        self._winners: dict[tuple[Cards, ...], int] = {}

    # --- the position -----------------------------------------------------------------------

    def _start(self, state: ShengjiState) -> None:
        trump, options = state.trump, state.options
        assert trump is not None and state.dealer is not None
        self.trump, self.options = trump, options
        self.attackers, self.kitty = (state.dealer + 1) % 2, points_of(state.kitty)
        self._bonus = [0] + [self.kitty * kitty_multiplier(n, options) for n in range(1, 34)]
        self._worth = [keep_value(card, trump) + _POINTS[card.index] for card in _CARDS]

    def root(self, state: DealState) -> Node:
        if not isinstance(state, ShengjiState) or state.phase not in ("play", "over"):
            raise ValueError("the solver plays Shengji once the kitty is buried")
        if state.options.get("throws", False):
            raise ValueError("the solver plays Shengji without throws (VS4)")
        assert state.dealer is not None
        if self.trump is None:
            self._start(state)
        elif (state.trump, state.options, (state.dealer + 1) % 2) != (
            self.trump,
            self.options,
            self.attackers,
        ):
            raise ValueError("a Shengji solver plays one trump, one side and one set of rules")
        hands = tuple(
            tuple(sorted(c.index for c, n in hand.items() for _ in range(n)))
            for hand in state.hands
        )
        if state.result is not None:
            return Node(hands, 0, (), state.result.attacker_points, True, 0)
        trick = tuple(tuple(sorted(c.index for c in play)) for _, play in state.trick)
        leader = state.leader
        assert leader is not None  # a trick is being played
        live = sum(_POINTS[c] for group in (*hands, *trick) for c in group)
        return Node(hands, leader, trick, state.attacker_points, False, live)

    def attacker(self, node: Node) -> bool:
        return (node.leader + len(node.trick)) % 2 == 0

    def key(self, node: Node) -> Hashable:
        return node[:5]

    def decided(self, node: Node) -> bool | None:
        target = self.goal.target
        if node.done or node.points >= target:
            return (node.points >= target) == self.goal.attack
        cards = len(node.hands[node.leader]) + (len(node.trick[0]) if node.trick else 0)
        if node.points + node.live + self._bonus[cards] < target:
            return not self.goal.attack
        return None

    # --- moves ------------------------------------------------------------------------------

    def _legal(self, hand: Cards, lead: Cards | None) -> list[Cards]:
        """The legal leads (``lead`` None) or follows of ``hand``, costliest first."""
        found = self._legal_plays.get((hand, lead))
        if found is not None:
            return found
        trump = self.trump
        assert trump is not None
        if lead is None:
            found = [p for p in _subsets(hand) if format_of([_CARDS[c] for c in p], trump)]
        else:
            cards, led = [_CARDS[c] for c in hand], [_CARDS[c] for c in lead]
            found = [
                play
                for play in _subsets(hand, len(lead))
                if is_legal_follow(cards, led, [_CARDS[c] for c in play], trump, self.options)
            ]
        worth = self._worth
        found.sort(key=lambda play: -sum(worth[c] for c in play))
        self._legal_plays[(hand, lead)] = found
        return found

    def _neighbours(self, hand: Cards) -> list[tuple[int, int, int]]:
        """Pairs of single cards of ``hand`` next to each other in one effective suit with
        equal points, as (weaker, stronger, their step gap)."""
        found = self._twins.get(hand)
        if found is None:
            trump = self.trump
            assert trump is not None
            eff, step = trump.effective_suits, trump.steps
            singles = sorted(
                (c for c in set(hand) if hand.count(c) == 1), key=lambda c: (eff[c], step[c])
            )
            found = [
                (low, high, step[high] - step[low])
                for low, high in zip(singles, singles[1:], strict=False)
                if eff[low] == eff[high] and _POINTS[low] == _POINTS[high]
            ]
            self._twins[hand] = found
        return found

    def _labels(self, node: Node, hand: Cards) -> dict[int, int] | None:
        """Each card of ``hand`` interchangeable with a weaker one (the module docstring)
        mapped to the weakest card of its run, the others to themselves; None: no such card."""
        pairs = self._neighbours(hand)
        if not pairs:
            return None
        trump = self.trump
        assert trump is not None
        eff, step = trump.effective_suits, trump.steps
        live: Counter[tuple[str, int]] | None = None
        labels = {c: c for c in hand}
        for low, high, gap in pairs:
            if gap:
                # another card in play as strong as either or between them tells them apart
                if live is None:
                    live = Counter((eff[c], step[c]) for g in (*node.hands, *node.trick) for c in g)
                suit, a = eff[low], step[low]
                if sum(live[(suit, s)] for s in range(a, a + gap + 1)) > 2:
                    continue
            labels[high] = labels[low]
        return labels

    def moves(self, node: Node) -> list[Cards]:
        found = self._moves.get(node)
        if found is not None:
            return found
        hand = node.hands[(node.leader + len(node.trick)) % 4]
        found = self._legal(hand, node.trick[0] if node.trick else None)
        labels = self._labels(node, hand)
        if labels is not None:
            seen: dict[Cards, Cards] = {}
            for play in found:
                seen.setdefault(tuple(sorted(labels[c] for c in play)), play)
            found = list(seen.values())
        if len(self._moves) > 200_000:
            self._moves.clear()
        self._moves[node] = found
        return found

    def child(self, node: Node, move: Cards) -> Node:
        seat = (node.leader + len(node.trick)) % 4
        hand = list(node.hands[seat])
        for card in move:
            hand.remove(card)
        hands = node.hands[:seat] + (tuple(hand),) + node.hands[seat + 1 :]
        trick = (*node.trick, move)
        if len(trick) < 4:
            return Node(hands, node.leader, trick, node.points, False, node.live)
        winner = (node.leader + self._winner(trick)) % 4
        taken = sum(_POINTS[c] for play in trick for c in play)
        points = node.points + taken if winner % 2 == self.attackers else node.points
        if not hands[0]:
            if winner % 2 == self.attackers:
                points += self._bonus[len(move)]
            return Node(hands, winner, (), points, True, 0)
        return Node(hands, winner, (), points, False, node.live - taken)

    def _winner(self, trick: tuple[Cards, ...]) -> int:
        found = self._winners.get(trick)
        if found is None:
            assert self.trump is not None
            plays = [[_CARDS[c] for c in play] for play in trick]
            found = self._winners[trick] = trick_winner_index(plays, self.trump)
        return found

    def action(self, state: DealState, move: Cards) -> Action:
        cards = [_CARDS[c] for c in move]
        found = state.actions_for(cards)
        if not found:
            raise ValueError(f"no legal play of {format_cards(cards)}")
        return found[0]


def read_goal(table: Table, state: DealState) -> Goal:
    target, side = table.get("target"), table.get("side")
    if isinstance(target, bool) or not isinstance(target, int) or not 5 <= target <= 400:
        raise BadArgumentError(f"a goal's target is a number of points, not {target!r:.20}")
    if side not in ("attack", "defend"):
        raise BadArgumentError(f"a goal's side is attack or defend, not {side!r:.20}")
    assert isinstance(state, ShengjiState) and state.dealer is not None
    if (side == "attack") != (state.dealer % 2 == 1):
        raise BadArgumentError("seats 0 and 2 attack exactly when the dealer is seat 1 or 3")
    return Goal(target, side == "attack")


def read_position(table: Table) -> ShengjiState:
    trump = table["trump"]
    return position(
        table["hands"],
        level=table["level"],
        trump=None if trump == "none" else trump,
        dealer=read_seat(table, "dealer", 4),
        kitty=table["kitty"],
        points=table.get("points", 0),
        leader=read_seat(table, "leader", 4),
        trick=table.get("trick", ()),
    )


def write_position(state: DealState, shift: int = 0) -> dict[str, object]:
    """The position of ``state`` as a puzzle writes it, seat ``s`` written as ``s + shift``."""
    assert isinstance(state, ShengjiState)
    assert state.trump is not None and state.dealer is not None and state.leader is not None
    table: dict[str, object] = {
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


def small(state: DealState) -> bool:
    """The start of a trick with at most 6 cards in each hand (the finder's)."""
    assert isinstance(state, ShengjiState)
    return state.phase == "play" and not state.trick and max(state.hand_counts) <= 6


def goals(state: DealState) -> list[Goal]:
    """The goals asked of a self-play position for seats 0 and 2, the most demanding first:
    every total in steps of 5 (the points come in fives) between what the attackers have and
    what they could have at most."""
    assert isinstance(state, ShengjiState) and state.dealer is not None
    points = state.attacker_points
    cards = max(state.hand_counts)
    held = (card for hand in state.hands for card, n in hand.items() for _ in range(n))
    top = points + points_of(held)
    top += points_of(state.kitty) * kitty_multiplier(cards, state.options) if cards else 0
    if state.dealer % 2:  # seats 0 and 2 attack: the more points the harder
        return [Goal(target, True) for target in range(top, points, -5)]
    return [Goal(target, False) for target in range(points + 5, top + 5, 5)]


def context(state: DealState) -> tuple[Phrase, ...]:
    """The points taken and buried, which the goal counts on (a kitty without points aside)."""
    assert isinstance(state, ShengjiState)
    kitty = points_of(state.kitty)
    taken: Phrase = ("challenge.points_taken", {"count": state.attacker_points})
    return (taken, ("challenge.kitty_points", {"count": kitty})) if kitty else (taken,)


HOOKS = ChallengeHooks(
    read_goal=read_goal,
    read_position=read_position,
    write_position=write_position,
    model=lambda goal: ShengjiModel(goal),
    goals=goals,
    small=small,
    puzzles=Path(__file__).with_name("puzzles.toml"),
    context=context,
)
