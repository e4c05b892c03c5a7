"""Guandan's part of the exact solver and its challenges (issue 59; game/ai/solver.py).

The goal: the person's team (seats 0 and 2) wins the deal and goes up at least ``levels``
levels (G1.2): 1 means one of them goes out first, 2 also that the partner is not last, 3 that
the two go out first and second. Both teams play as one mind each: every hand is known.

Plays: every card choice of every meaning (G5.5: a wild may stand for any card), found once per
seat by trying each sub-multiset of its hand with the engine's ``interpretations`` and, later,
keeping those still in hand. Suits matter only for straight flushes (G5.6): a hand that can no
longer make one (too few cards of one suit in any five-position window, wilds counted) is
keyed by its ranks, wilds and jokers alone, so plays of one meaning that leave such hands
equal are one move. Moves are ordered by the bot's hand planner.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from itertools import product
from pathlib import Path

from game.ai.puzzles import ChallengeHooks, Phrase, Table
from game.ai.solver_climbing import ClimbingModel, Hand, Move, Node, Play, pack, unpack
from game.games.guandan.plan import plan_value
from game.games.guandan.rules import State
from game.games.guandan.rules.checks import expand_counts
from game.games.guandan.rules.combos import BOMB_KINDS, Combo, Level, interpretations, level_of
from game.games.guandan.rules.position import position
from game.rules.base import Action, DealState
from game.rules.cards import format_cards
from game.rules.errors import BadArgumentError
from game.rules.options import Options

#: A compact meaning: (kind, main rank, cards, power, is a bomb).
Meaning = tuple[str, str | None, int, int, bool]
#: Sequence positions 0..13 of each natural rank index (the ace at both ends).
_POSITIONS = tuple((r + 1,) if r < 12 else (0, 13) for r in range(13))


def _meaning(combo: Combo, level: Level) -> Meaning:
    return (combo.kind, combo.rank, len(combo.cards), level.power(combo), combo.kind in BOMB_KINDS)


def _beats(play: Meaning, last: Meaning) -> bool:
    """G4.4, G5.6 on compact meanings (as ``Level.beats``)."""
    last_power: int = last[3]
    if play[4]:
        return not last[4] or play[3] > last_power
    return play[0] == last[0] and play[2] == last[2] and play[3] > last_power


def judge(out: tuple[int, ...], seats: tuple[int, ...], levels: int) -> bool | None:
    """Whether the finishing order so far meets "``seats`` win, up ``levels`` or more"."""
    if not out:
        return None
    if out[0] not in seats:
        return False
    if levels == 1:
        return True
    partner = seats[1] if out[0] == seats[0] else seats[0]
    if levels == 3:
        return None if len(out) < 2 else out[1] == partner
    if partner in out:
        return True
    return False if len(out) >= 3 else None


@dataclass(frozen=True)
class Goal:
    """The team of seats 0 and 2 wins the deal and goes up at least ``levels`` (1-3)."""

    levels: int = 1

    @property
    def seats(self) -> tuple[int, ...]:
        return (0, 2)

    def met(self, state: DealState) -> bool | None:
        return judge(state.finish_order, self.seats, self.levels)

    def words(self) -> tuple[Phrase, ...]:
        key = {1: "challenge.goal_team_first", 2: "challenge.goal_not_last"}
        return ((key.get(self.levels, "challenge.goal_double"), {"count": self.levels}),)

    def as_table(self) -> dict[str, object]:
        return {"levels": self.levels}


class GuandanModel(ClimbingModel):
    """Guandan's climbing loop: card counts, the partner receives the wind (G4.2)."""

    seats = 4

    def __init__(self, goal: Goal) -> None:
        super().__init__(goal.seats)
        self.goal = goal
        self.level: Level | None = None
        self.options: Options | None = None
        #: Per seat: the hand its catalogue was built from, and per sub-multiset that has a
        #: meaning, (its counts as (index, n) pairs, its packed counts, its size, meanings).
        self._bases: dict[int, Hand] = {}
        self._catalogues: dict[
            int, list[tuple[tuple[tuple[int, int], ...], Hand, int, list[Meaning]]]
        ] = {}
        self._canon: dict[Hand, Hashable] = {}

    # --- plays ----------------------------------------------------------------------------

    def _catalogue(self, seat: int, hand: Hand) -> None:
        """Every sub-multiset of ``hand`` with a meaning (the seat's plays from now on)."""
        level, options = self.level, self.options
        assert level is not None
        held = [(index, n) for index, n in enumerate(unpack(hand, 54)) if n]
        entries = []
        for takes in product(*(range(n + 1) for _, n in held)):
            size = sum(takes)
            if not 1 <= size <= 10:
                continue
            pairs = tuple((index, k) for (index, _), k in zip(held, takes, strict=True) if k)
            counts = [0] * 54
            for index, k in pairs:
                counts[index] = k
            meanings = interpretations(expand_counts(counts), level, options)
            if meanings:
                found = [_meaning(combo, level) for combo in meanings]
                entries.append((pairs, pack(counts), size, found))
        self._bases[seat] = hand
        self._catalogues[seat] = entries

    def plays(self, seat: int, hand: Hand, last: Hashable | None) -> list[Play]:
        found: dict[tuple[Meaning, Hashable], Play] = {}
        counts = unpack(hand, 54)
        for pairs, take, size, meanings in self._catalogues[seat]:
            if any(counts[index] < k for index, k in pairs):
                continue
            rest: Hashable | None = None
            for meaning in meanings:
                if isinstance(last, tuple) and not _beats(meaning, last):
                    continue
                if rest is None:
                    rest = self.canon(hand - take)
                found.setdefault((meaning, rest), Play(meaning, take, size))
        return list(found.values())

    def canon(self, hand: Hand) -> Hashable:
        """``hand`` as the key sees it: by ranks, wilds and jokers when it can make no
        straight flush any more, else card by card."""
        key = self._canon.get(hand)
        if key is None:
            if len(self._canon) > 200_000:
                self._canon.clear()
            counts = unpack(hand, 54)
            key = self._canon[hand] = hand if self._flushable(counts) else self._ranks(counts)
        return key

    def _flushable(self, hand: list[int]) -> bool:
        level = self.level
        assert level is not None
        wilds = hand[level.wild_index]
        if sum(hand) < 5:
            return False
        for suit in range(4):
            at = [False] * 14
            for rank in range(13):
                index = rank * 4 + suit
                if hand[index] and index != level.wild_index:
                    for place in _POSITIONS[rank]:
                        at[place] = True
            for low in range(10):
                if sum(at[low : low + 5]) + wilds >= 5:
                    return True
        return False

    def _ranks(self, hand: list[int]) -> tuple[int, ...]:
        level = self.level
        assert level is not None
        ranks = [0] * 16
        for index, n in enumerate(hand):
            if n:
                slot = 15 if index == level.wild_index else index >> 2 if index < 52 else index - 39
                ranks[slot] += n
        return tuple(ranks)

    # --- the loop -------------------------------------------------------------------------

    def cost(self, hand: Hand) -> float:
        assert self.level is not None
        return -plan_value(expand_counts(unpack(hand, 54)), self.level.rank)[0] if hand else -100.0

    def wind(self, last_seat: int, out: tuple[int, ...]) -> int:
        partner = (last_seat + 2) % 4
        return partner if partner not in out else self._next(last_seat, out)

    def key(self, node: Node) -> Hashable:
        hands = tuple(self.canon(hand) for hand in node.hands)
        return (hands, node.turn, node.last, node.last_seat, node.passes, node.out)

    def decided(self, node: Node) -> bool | None:
        return judge(node.out, self.goal.seats, self.goal.levels)

    def root(self, state: DealState) -> Node:
        if not isinstance(state, State) or state.phase == "return":
            raise ValueError("the solver plays Guandan once the tribute is over")
        level = level_of(state.level.rank)
        if self.level is None:
            self.level, self.options = level, state.options
        elif level is not self.level or state.options != self.options:
            raise ValueError("a Guandan solver plays one level under one set of house rules")
        hands = tuple(pack(hand) for hand in state.hands)
        for seat, hand in enumerate(state.hands):
            base = self._bases.get(seat)
            if base is None or any(h > b for h, b in zip(hand, unpack(base, 54), strict=True)):
                self._catalogue(seat, hands[seat])
                self._plays.clear()
                self._moves.clear()
        last = None if state.last_play is None else _meaning(state.last_play, level)
        seat = -1 if state.last_seat is None or last is None else state.last_seat
        turn = state.current_player
        out = tuple(state.finished)
        return Node(hands, -1 if turn is None else turn, last, seat, state.passes, out)

    def action(self, state: DealState, move: Move) -> Action:
        if move is None:
            return Action("pass")
        cards = expand_counts(unpack(move.take, 54))
        for action in state.actions_for(cards):
            combo = action.combo
            wanted = move.meaning
            if (
                isinstance(combo, Combo)
                and isinstance(wanted, tuple)
                and combo.meaning == wanted[:3]
            ):
                return action
        raise ValueError(f"no legal play of {format_cards(cards)} as {move.meaning}")


def read_goal(table: Table, state: DealState) -> Goal:
    levels = table.get("levels", 1)
    if levels not in (1, 2, 3) or isinstance(levels, bool):
        raise BadArgumentError(f"a Guandan goal's levels are 1, 2 or 3, not {levels!r:.20}")
    return Goal(levels)


def read_position(table: Table) -> State:
    return position(
        table["hands"],
        level=table["level"],
        turn=table["turn"],
        out=table.get("out", ()),
        last=table.get("last"),
        last_seat=table.get("last_seat"),
    )


def write_position(state: DealState, shift: int = 0) -> dict[str, object]:
    """The position of ``state`` as a puzzle writes it, seat ``s`` written as ``s + shift``."""
    assert isinstance(state, State)
    turn = state.current_player
    assert turn is not None  # a position to play
    table: dict[str, object] = {
        "level": state.level.rank,
        "hands": [format_cards(state.hand((seat - shift) % 4)) for seat in range(4)],
        "turn": (turn + shift) % 4,
        "out": [(seat + shift) % 4 for seat in state.finished],
    }
    if state.last_play is not None and state.last_seat is not None:
        table["last"] = format_cards(state.last_play.cards)
        table["last_seat"] = (state.last_seat + shift) % 4
    return table


def small(state: DealState) -> bool:
    """A position in play of at most 28 cards, 11 in a hand (the finder's)."""
    assert isinstance(state, State)
    sizes = state.hand_counts
    return state.phase == "play" and sum(sizes) <= 28 and max(sizes) <= 11


def goals(state: DealState) -> list[Goal]:
    """The goals asked of a self-play position for the team of seats 0 and 2, the most
    demanding first (the puzzle finder turns the seats so that team is to move)."""
    return [Goal(3), Goal(2), Goal(1)]


HOOKS = ChallengeHooks(
    read_goal=read_goal,
    read_position=read_position,
    write_position=write_position,
    model=lambda goal: GuandanModel(goal),
    goals=goals,
    small=small,
    puzzles=Path(__file__).with_name("puzzles.toml"),
)
