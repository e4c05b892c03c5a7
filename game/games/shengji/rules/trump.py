"""Shengji card order (S3, S4.3): :class:`Trump` (effective suits, steps, the one adjacency
test :meth:`Trump.runs`), :class:`Format`, card points (S5.1)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass

from game.rules.base import Action
from game.rules.cards import RANKS, SUITS, Card, double_pack
from game.rules.errors import BadArgumentError, RulesError

TRUMP = "trump"
_POINTS = {"5": 5, "T": 10, "K": 10}
BLACK_JOKER = Card("BJ")
RED_JOKER = Card("RJ")
_ALL_CARDS: tuple[Card, ...] = tuple(sorted(set(double_pack()), key=lambda c: c.index))
_INDEX: dict[Card, int] = {card: card.index for card in _ALL_CARDS}


CARD_POINTS: dict[Card, int] = {card: _POINTS.get(card.rank, 0) for card in _ALL_CARDS}


def card_points(card: Card) -> int:
    """Points of one card (S5.1): 5 for a five, 10 for a ten or a king, else 0."""
    try:
        return _POINTS.get(card.rank, 0)
    except (AttributeError, TypeError):
        raise BadArgumentError(f"not a card: {card!r:.60}") from None


def points_of(cards: Iterable[Card]) -> int:
    """Total points of ``cards`` (S5.1)."""
    return sum(_POINTS.get(card.rank, 0) for card in cards)


# --- Trump: card order, effective suit, adjacency (S3, S4.3) -------------------------------


class Trump:
    """Card order of one deal: the level rank and the trump suit (``None``: no-trump).

    Every card gets an effective suit (S3.4) and a *step*: its strength inside its effective
    suit with the level rank taken out (S3, S4.3). Side suits use steps 0..11 (2..A without
    the level). Trumps continue the trump suit's 0..11 with: off-suit level cards 12 (all
    equal), trump-suit level cards 13, Black Joker 14, Red Joker 15; in no-trump the level
    cards are 12, BJ 13 and RJ 14. Two pairs are consecutive when their steps differ by one;
    :meth:`runs` is the one place that applies this (lead format, lead actions, follows, bots).
    """

    # Public read-only attributes (``__setattr__`` refuses writes: deals share one Trump). The
    # tables are indexed by ``card.index`` for the hot loops (one tuple lookup per card).
    __slots__ = (
        "level",
        "suit",
        "effective_suits",  # effective_suit() of every card
        "steps",  # step() of every card
        "sort_key",  # key function: side suits grouped, trumps last, by strength
        "single_leads",  # the single lead action of every card (built once)
        "pair_leads",  # the pair lead action of every card
        "single_follows",  # the one-card follow action of every card
    )
    level: str
    suit: str | None
    effective_suits: tuple[str, ...]
    steps: tuple[int, ...]
    sort_key: Callable[[Card], int]
    single_leads: tuple[Action, ...]
    pair_leads: tuple[Action, ...]
    single_follows: tuple[Action, ...]

    def __init__(self, level: str, suit: str | None) -> None:
        if level not in RANKS:
            raise RulesError(f"no such level rank: {level!r}")
        if suit is not None and suit not in SUITS:
            raise RulesError(f"no such trump suit: {suit!r}")
        others = [rank for rank in RANKS if rank != level]
        eff: list[str] = [""] * 54
        step: list[int] = [0] * 54
        order: list[int] = [0] * 54
        for card in _ALL_CARDS:
            i = card.index
            if card.suit is None:
                eff[i] = TRUMP
                base = 13 if suit is None else 14
                step[i] = base + (card.rank == "RJ")
            elif card.rank == level:
                eff[i] = TRUMP
                step[i] = 13 if card.suit == suit else 12
            else:
                eff[i] = TRUMP if card.suit == suit else card.suit
                step[i] = others.index(card.rank)
            # Display/canonical order: side suits by suit, trumps above them.
            group = 4 if eff[i] == TRUMP else SUITS.index(card.suit)
            order[i] = group * 1000 + step[i] * 10 + (SUITS.index(card.suit) if card.suit else 0)
        single: list[Action | None] = [None] * 54
        pair: list[Action | None] = [None] * 54
        for card in _ALL_CARDS:
            i = card.index
            single[i] = Action("play", (card,), Format("single", eff[i], 0, step[i], 1))
            pair[i] = Action("play", (card, card), Format("pair", eff[i], 1, step[i], 2))
        fields = {
            "level": level,
            "suit": suit,
            "effective_suits": tuple(eff),
            "steps": tuple(step),
            # a dict's C-level __getitem__ keeps sorting by this key fast
            "sort_key": {card: order[card.index] for card in _ALL_CARDS}.__getitem__,
            "single_leads": tuple(single),
            "pair_leads": tuple(pair),
            "single_follows": tuple(Action("play", (card,)) for card in _ALL_CARDS),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Trump is read-only: cannot set {name!r}")

    def __reduce__(self) -> tuple[type[Trump], tuple[str, str | None]]:
        return Trump, (self.level, self.suit)

    @classmethod
    def shared(cls, level: str, suit: str | None) -> Trump:
        """The one shared ``Trump(level, suit)`` (they are immutable; building one costs)."""
        return shared_trump(level, suit)

    def __repr__(self) -> str:
        return f"Trump({self.level!r}, {self.suit!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trump) and (self.level, self.suit) == (other.level, other.suit)

    def __hash__(self) -> int:
        return hash((self.level, self.suit))

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump (S3.1, S3.2)."""
        return self.effective_suits[card.index] == TRUMP

    def effective_suit(self, card: Card) -> str:
        """``"trump"`` for a trump, otherwise the card's suit (S3.4)."""
        return self.effective_suits[card.index]

    def step(self, card: Card) -> int:
        """Strength of ``card`` inside its effective suit, counted in adjacency steps (S4.3)."""
        return self.steps[card.index]

    @staticmethod
    def runs(steps: Collection[int]) -> Iterator[tuple[int, int]]:
        """The maximal runs of consecutive ``steps`` (S4.3) as (lowest, highest), in the order
        their lowest steps come in ``steps``; a repeated lowest step yields its run again."""
        for low in steps:
            if low - 1 in steps:
                continue  # not the lowest step of its run
            high = low
            while high + 1 in steps:
                high += 1
            yield low, high

    def pairs_by_step(self, pairs: Iterable[Card]) -> dict[str, dict[int, list[Card]]]:
        """Pair cards by effective suit, then by step (off-suit level cards share one), in the
        order given: what :meth:`runs` and :meth:`chains` build tractors from."""
        eff = self.effective_suits
        step = self.steps
        by_suit: dict[str, dict[int, list[Card]]] = {}
        for card in pairs:
            i = card.index
            by_suit.setdefault(eff[i], {}).setdefault(step[i], []).append(card)
        return by_suit

    @staticmethod
    def chains(steps: Mapping[int, list[Card]], low: int, high: int) -> Iterator[list[Card]]:
        """Every tractor over the steps ``low``..``high`` of ``steps`` (one suit's
        :meth:`pairs_by_step`): one pair card per step, low to high."""
        if low > high:
            yield []
            return
        for card in steps[low]:
            for rest in Trump.chains(steps, low + 1, high):
                yield [card, *rest]

    def compare(self, a: Card, b: Card) -> int:
        """-1, 0 or 1 as ``a`` is weaker than, as strong as, or stronger than ``b`` when both
        are in the same effective suit; a trump beats a non-trump; two different side suits
        compare as equal (neither can beat the other)."""
        ea, eb = self.effective_suits[a.index], self.effective_suits[b.index]
        if ea != eb:
            if ea == TRUMP:
                return 1
            if eb == TRUMP:
                return -1
            return 0
        sa, sb = self.steps[a.index], self.steps[b.index]
        return (sa > sb) - (sa < sb)

    def sorted(self, cards: Iterable[Card], *, strongest_first: bool = True) -> list[Card]:
        """``cards`` sorted by ``sort_key``."""
        return sorted(cards, key=self.sort_key, reverse=strongest_first)


@dataclass(frozen=True, slots=True)
class Format:
    """A legal lead (S4.2): ``kind`` single/pair/tractor, ``suit`` its effective suit,
    ``pairs`` the number of pairs (0 for a single), ``high`` the step of its strongest card
    (S4.3) and ``length`` the number of cards.

    Under VS4 a lead may be a ``"throw"``: ``components`` its parts (VS4.2, Formats of kind
    single, pair or tractor, most cards first, then strongest first), ``pairs`` all their
    pairs, ``high`` its rank (VS4.6: the strength of its first component); ``()`` otherwise."""

    kind: str
    suit: str
    pairs: int
    high: int
    length: int
    components: tuple[Format, ...] = ()

    @property
    def rank(self) -> int:
        """Alias of ``high`` (the :class:`~game.rules.base.Combo` protocol)."""
        return self.high

    @property
    def cards(self) -> tuple[Card, ...]:
        """A format names a shape, not cards: empty (the ``Combo`` protocol)."""
        return ()

    @property
    def size(self) -> None:
        """No cards named, so a save records no size (the ``Combo`` protocol)."""
        return None

    @property
    def is_bomb(self) -> bool:
        """Shengji has no bombs."""
        return False

    @property
    def chain(self) -> int:
        """The table's label counts no groups (a tractor is named by its kind alone)."""
        return 0


_TRUMPS: dict[tuple[str, str | None], Trump] = {}


def shared_trump(level: str, suit: str | None) -> Trump:
    """One Trump per (level, suit) for the engine's deals (they are immutable)."""
    trump = _TRUMPS.get((level, suit))
    if trump is None:
        trump = _TRUMPS[(level, suit)] = Trump(level, suit)
    return trump


def trump_of(trump: Trump) -> Trump:
    if not isinstance(trump, Trump):
        raise RulesError(f"expected a Trump, got {trump!r}")
    return trump


def canon_cards(cards: Iterable[Card], trump: Trump | None) -> tuple[Card, ...]:
    if trump is None:
        return tuple(sorted(cards, key=_INDEX.__getitem__, reverse=True))
    return tuple(sorted(cards, key=trump.sort_key, reverse=True))


def expand_counts(counts: dict[Card, int]) -> list[Card]:
    return [card for card, count in counts.items() for _ in range(count)]


def count_cards(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card ``cards`` holds."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts
