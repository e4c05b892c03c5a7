"""Dou Dizhu combinations (D4), their order (D2.2, D4.4, D4.5) and every play a hand holds.

Cards are counted by rank value (``3`` → 0 … ``A`` → 11, ``2`` → 12, ``BJ`` → 13, ``RJ`` → 14);
a combination is a multiset of values, so reading and generating plays work on count arrays.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from game.rules.base import SharedCombo
from game.rules.cards import Card, as_cards
from game.rules.errors import BadArgumentError

SEATS = 3
HAND_SIZE = 17
KITTY_SIZE = 3
#: Rank order, low to high (D2.2).
ORDER: tuple[str, ...] = tuple("3456789TJQKA2") + ("BJ", "RJ")
_VALUE = {rank: value for value, rank in enumerate(ORDER)}
_TWO, _BJ, _RJ = 12, 13, 14
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3, None: 0}

KINDS: tuple[str, ...] = (
    "single",
    "pair",
    "trio",
    "trio_single",
    "trio_pair",
    "straight",
    "pair_run",
    "airplane",
    "airplane_singles",
    "airplane_pairs",
    "four_two_singles",
    "four_two_pairs",
    "bomb",
    "rocket",
)
#: Kinds whose length counts consecutive ranks (D4.2, D4.3).
SEQUENCE_KINDS = frozenset(
    {"straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs"}
)
#: (shortest, longest) run of each sequence kind (D4.2, D4.3).
RUN_LIMITS = {
    "straight": (5, 12),
    "pair_run": (3, 10),
    "airplane": (2, 6),
    "airplane_singles": (2, 5),
    "airplane_pairs": (2, 4),
}


def rank_value(rank: str) -> int:
    """Position of ``rank`` in the order: 3 → 0 … A → 11, 2 → 12, BJ → 13, RJ → 14 (D2.2)."""
    return _VALUE[rank]


def card_key(card: Card) -> tuple[int, int]:
    """Sort key of a card: rank value, then a fixed suit order (suits have no rank, D2.2)."""
    return (_VALUE[card.rank], _SUIT_ORDER[card.suit])


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The number of cards of each rank value (15 entries)."""
    counts = [0] * 15
    for card in cards:
        counts[_VALUE[card.rank]] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Combo(SharedCombo):
    """A combination: ``kind`` (one of :data:`KINDS`), ``rank`` the main rank (D4.4; the
    rocket: None), ``cards``, and ``length`` the run of a sequence or airplane (else 1).
    ``size`` and ``is_bomb`` come from :class:`~game.rules.base.SharedCombo`: a bomb or the
    rocket (D4.5), each of which doubles the deal's multiplier (D5.1)."""

    bomb_kinds: ClassVar[frozenset[str]] = frozenset(("bomb", "rocket"))

    kind: str
    rank: str | None
    cards: tuple[Card, ...]
    length: int = 1

    @property
    def value(self) -> int:
        """The main rank's value (D4.4); the rocket ranks above everything (15)."""
        return 15 if self.rank is None else _VALUE[self.rank]

    def __str__(self) -> str:
        return describe(self)


_RANK_NAMES = {
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
    "2": "two",
    "BJ": "black joker",
    "RJ": "red joker",
}


def _plural(rank: str) -> str:
    name = _RANK_NAMES.get(rank, rank)
    return name + ("es" if name.endswith("x") else "s")


def describe(combo: Combo) -> str:
    """An English description for messages and logs, e.g. ``"the pair of 9s"``."""
    if not isinstance(combo, Combo) or combo.kind not in KINDS:
        raise BadArgumentError(f"not a Dou Dizhu combination: {combo!r:.60}")
    kind, rank = combo.kind, combo.rank or ""
    if kind == "rocket":
        return "the rocket"
    if kind == "single":
        return f"the single {_RANK_NAMES.get(rank, rank)}"
    if kind in ("pair", "trio", "bomb"):
        return f"the {kind} of {_plural(rank)}"
    if kind in ("trio_single", "trio_pair"):
        return f"the trio of {_plural(rank)} with a {kind[5:]}"
    if kind in ("four_two_singles", "four_two_pairs"):
        return f"the four {_plural(rank)} with two {kind[9:]}"
    words = kind.replace("_", " with ")
    return f"the {words} of {combo.length} up to the {_plural(rank)}"


# --- Reading a set of cards (D4) ---------------------------------------------------------------


def _run(values: list[int]) -> bool:
    """Consecutive values within 3..A (sequences never hold a 2 or a joker, D4.2)."""
    return values[-1] <= 11 and values == list(range(values[0], values[0] + len(values)))


def _attachments_ok(rest: list[int], low: int, high: int, singles: bool) -> bool:
    """The attached cards of a chain of trios ``low..high`` (D4.3): ``rest`` counts them by
    value. Singles: not both jokers, no four, no three of a rank next to the chain (3..A);
    pairs: exactly pairs of distinct ranks (a joker cannot pair)."""
    if singles:
        if rest[_BJ] and rest[_RJ]:
            return False
        for value, n in enumerate(rest):
            if n >= 4 or (n == 3 and value in (low - 1, high + 1) and value <= 11):
                return False
        return True
    return all(n in (0, 2) for n in rest)


def _readings(counts: list[int]) -> list[tuple[str, int, int]]:
    """Every (kind, main value, length) that cards with these counts form (D4)."""
    n = sum(counts)
    present = [v for v, c in enumerate(counts) if c]
    shape = sorted((counts[v] for v in present), reverse=True)
    found: list[tuple[str, int, int]] = []
    if n == 1:
        found.append(("single", present[0], 1))
    elif n == 2 and present == [_BJ, _RJ]:
        found.append(("rocket", 15, 1))
    elif shape == [2] and present[0] < _BJ:
        found.append(("pair", present[0], 1))
    elif shape == [3]:
        found.append(("trio", present[0], 1))
    elif shape == [4]:
        found.append(("bomb", present[0], 1))
    top = present[-1] if present else 0
    for kind, need in (("straight", 1), ("pair_run", 2), ("airplane", 3)):
        shortest, longest = RUN_LIMITS[kind]
        if set(shape) == {need} and shortest <= len(present) <= longest and _run(present):
            found.append((kind, top, len(present)))
    trios = [v for v in present if counts[v] == 3]
    if n == 4 and shape == [3, 1]:
        found.append(("trio_single", trios[0], 1))
    if n == 5 and shape == [3, 2]:
        found.append(("trio_pair", trios[0], 1))
    fours = [v for v in present if counts[v] == 4]
    if fours and n in (6, 8):
        four = fours[0]
        rest = list(counts)
        rest[four] = 0
        if n == 6 and not (rest[_BJ] and rest[_RJ]) and max(rest) < 4:
            found.append(("four_two_singles", four, 1))
        if n == 8 and sorted(c for c in rest if c) == [2, 2]:
            found.append(("four_two_pairs", four, 1))
    for per, kind, longest in ((4, "airplane_singles", 5), (5, "airplane_pairs", 4)):
        k = n // per
        if n % per or not 2 <= k <= longest:
            continue
        for low in range(0, 12 - k + 1):
            high = low + k - 1
            if any(counts[v] != 3 for v in range(low, high + 1)):
                continue
            rest = list(counts)
            for v in range(low, high + 1):
                rest[v] = 0
            if per == 5 and sum(1 for c in rest if c) != k:
                continue
            if _attachments_ok(rest, low, high, per == 4):
                found.append((kind, high, k))
    return found


def interpretations(cards: Iterable[Card] | str) -> list[Combo]:
    """Every reading of exactly ``cards`` under D4, strongest first; ``[]`` when none
    (under D4.1-D4.5 there is at most one, D4.6)."""
    cs = sort_cards(as_cards(cards))
    if not cs:
        return []
    found = _readings(counts_of(cs))
    found.sort(key=lambda reading: (reading[0] in ("bomb", "rocket"), reading[1]), reverse=True)
    return [Combo(kind, _rank(value), cs, length) for kind, value, length in found]


def _rank(value: int) -> str | None:
    return None if value == 15 else ORDER[value]


def beats(play: Combo, last: Combo) -> bool:
    """Whether ``play`` may answer ``last`` (D3.2, D4.4, D4.5): the rocket beats everything, a
    bomb every non-bomb and a lower bomb; otherwise the same kind and size, higher main rank."""
    if last.kind == "rocket":
        return False
    if play.kind == "rocket":
        return True
    if play.kind == "bomb":
        return last.kind != "bomb" or play.value > last.value
    return (
        play.kind == last.kind
        and play.length == last.length
        and len(play.cards) == len(last.cards)
        and play.value > last.value
    )


# --- Every play a hand holds -------------------------------------------------------------------


#: A play found in a hand's rank counts: (kind, main value, length, the values of its cards).
Play = tuple[str, int, int, tuple[int, ...]]


def _multisets(limits: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` values, value v used at most its limit: ``limits`` lists
    (value, limit) pairs in increasing value order."""
    if size == 0:
        yield ()
        return
    if not limits:
        return
    (value, limit), rest = limits[0], limits[1:]
    for used in range(min(limit, size), -1, -1):
        for tail in _multisets(rest, size - used):
            yield (value,) * used + tail


def _chains(counts: list[int], need: int, kind: str) -> Iterator[tuple[int, int]]:
    """(low, high) of every run of ``kind`` with at least ``need`` cards of each rank."""
    shortest, longest = RUN_LIMITS[kind]
    for low in range(12):
        for high in range(low, min(low + longest, 12)):
            if counts[high] < need:
                break
            if high - low + 1 >= shortest:
                yield low, high


def _single_attachments(
    counts: list[int], low: int, high: int, size: int
) -> Iterator[tuple[int, ...]]:
    """Attached singles for the trios (or four) ``low..high`` (D4.3)."""
    limits = []
    for value, n in enumerate(counts):
        if low <= value <= high or not n:
            continue
        cap = 2 if value in (low - 1, high + 1) and value <= 11 else 3
        limits.append((value, min(n, cap)))
    for chosen in _multisets(limits, size):
        if _BJ in chosen and _RJ in chosen:
            continue
        yield chosen


def _pair_attachments(
    counts: list[int], low: int, high: int, size: int
) -> Iterator[tuple[int, ...]]:
    """Attached pairs of distinct ranks for the trios (or four) ``low..high`` (D4.3)."""
    ranks = [v for v in range(_BJ) if counts[v] >= 2 and not low <= v <= high]
    for chosen in combinations(ranks, size):
        yield tuple(v for v in chosen for _ in range(2))


def plays(counts: list[int], last: Combo | None = None) -> list[Play]:
    """Every distinct play of a hand with these rank counts as (kind, main value, length,
    values of all its cards); with ``last``, only the plays that beat it (D3.2)."""
    want = None if last is None else last.kind
    found: list[Play] = []
    add = found.append

    def wanted(kind: str) -> bool:
        return want is None or want == kind

    present = [v for v, n in enumerate(counts) if n]
    for v in present:
        if wanted("single"):
            add(("single", v, 1, (v,)))
        if counts[v] >= 2 and v < _BJ and wanted("pair"):
            add(("pair", v, 1, (v, v)))
        if counts[v] >= 3:
            trio = (v,) * 3
            if wanted("trio"):
                add(("trio", v, 1, trio))
            if wanted("trio_single"):
                for w in present:
                    if w != v:
                        add(("trio_single", v, 1, trio + (w,)))
            if wanted("trio_pair"):
                for w in present:
                    if w != v and w < _BJ and counts[w] >= 2:
                        add(("trio_pair", v, 1, trio + (w, w)))
        if counts[v] == 4:
            four = (v,) * 4
            add(("bomb", v, 1, four))
            if wanted("four_two_singles"):
                for extra in _single_attachments(counts, v, v, 2):
                    add(("four_two_singles", v, 1, four + extra))
            if wanted("four_two_pairs"):
                for extra in _pair_attachments(counts, v, v, 2):
                    add(("four_two_pairs", v, 1, four + extra))
    if counts[_BJ] and counts[_RJ]:
        add(("rocket", 15, 1, (_BJ, _RJ)))
    for kind, need in (("straight", 1), ("pair_run", 2), ("airplane", 3)):
        if wanted(kind):
            for low, high in _chains(counts, need, kind):
                add(
                    (
                        kind,
                        high,
                        high - low + 1,
                        tuple(v for v in range(low, high + 1) for _ in range(need)),
                    )
                )
    for kind, attach in (
        ("airplane_singles", _single_attachments),
        ("airplane_pairs", _pair_attachments),
    ):
        if not wanted(kind):
            continue
        for low, high in _chains(counts, 3, kind):
            k = high - low + 1
            body = tuple(v for v in range(low, high + 1) for _ in range(3))
            for extra in attach(counts, low, high, k):
                add((kind, high, k, body + extra))
    if last is None:
        return found
    length, size = last.length, len(last.cards)
    return [
        p
        for p in found
        if p[0] == "rocket"
        or (p[0] == "bomb" and (last.kind != "bomb" or p[1] > last.value))
        or (p[0] == last.kind and p[2] == length and len(p[3]) == size and p[1] > last.value)
        if last.kind != "rocket"
    ]


def build(
    hand: Sequence[Card], kind: str, value: int, length: int, values: tuple[int, ...]
) -> Combo:
    """The combo of a play from :func:`plays` with concrete cards of ``hand`` (the first
    cards of each rank in the hand's sorted order)."""
    by_value: dict[int, list[Card]] = {}
    for card in sort_cards(hand):
        by_value.setdefault(_VALUE[card.rank], []).append(card)
    taken: dict[int, int] = {}
    cards = []
    for v in values:
        i = taken.get(v, 0)
        cards.append(by_value[v][i])
        taken[v] = i + 1
    return Combo(kind, _rank(value), sort_cards(cards), length)
