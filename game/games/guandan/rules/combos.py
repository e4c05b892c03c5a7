"""Guandan card order, wilds and combinations (G4.3, G5).

:class:`Level` owns every ordering question of a deal: single strength with the level rank
lifted (G4.3), natural sequence positions with the ace low or high (G5.3) and which two cards
are wild (G2.2). :func:`interpretations` lists every meaning of an exact card set and
:func:`beats` compares two meanings (G4.4, G5.6).

Internal rank indexes: 0..12 are the natural ranks ``2``..``A`` (as in ``Card.index // 4``),
13 is the Black Joker, 14 the Red Joker. Sequence positions run 0..13 where the ace sits at 0
(low) and at 13 (high); a sequence is valued by the position of its highest card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import NamedTuple

from game.games.guandan.rules.options import STRAIGHT_FLUSH_AS_STRAIGHT, checked
from game.rules import validate
from game.rules.base import SharedCombo
from game.rules.cards import JOKERS, RANKS, Card, as_cards, double_pack
from game.rules.errors import BadArgumentError

#: Rank characters by internal rank index (naturals, then BJ, RJ).
RANK_CHARS: tuple[str, ...] = RANKS + JOKERS
RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANK_CHARS)}
BJ_INDEX = 13
RJ_INDEX = 14
#: Sequence position -> natural rank index (position 0 is the low ace).
POS_RANK: tuple[int, ...] = (12,) + tuple(range(13))
#: Every distinct card by ``Card.index`` (0..53).
CARD_BY_INDEX: tuple[Card, ...] = tuple(sorted(set(double_pack()), key=lambda card: card.index))
HEARTS = 1  # SUITS.index("H"): the suit of the wilds

KINDS: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "full_house",
    "straight",
    "tube",
    "plate",
    "bomb",
    "straight_flush",
    "joker_bomb",
)
BOMB_KINDS = frozenset(("bomb", "straight_flush", "joker_bomb"))
SEQUENCE_KINDS = frozenset(("straight", "tube", "plate", "straight_flush"))
#: Cards in each non-bomb kind (G5.1: fixed sizes).
KIND_SIZE: dict[str, int] = {
    "single": 1,
    "pair": 2,
    "triple": 3,
    "full_house": 5,
    "straight": 5,
    "tube": 6,
    "plate": 6,
    "straight_flush": 5,
    "joker_bomb": 4,
}

# The bomb ladder of G5.6 as tiers: 4 < 5 < straight flush < 6 < 7 < 8 < 9 < 10 < four jokers.
_BOMB_BASE = 1000
_TIER_STEP = 100
_SF_TIER = 2
_JOKER_TIER = 8


def bomb_tier(kind: str, size: int) -> int:
    """Place of a bomb on the G5.6 ladder (0 = four-card bomb … 8 = four-joker bomb)."""
    if kind == "joker_bomb":
        return _JOKER_TIER
    if kind == "straight_flush":
        return _SF_TIER
    return size - 4 if size <= 5 else size - 3


class _Fields(NamedTuple):
    kind: str
    rank: str | None
    cards: tuple[Card, ...]


class Combo(_Fields, SharedCombo):
    """One meaning of a set of cards: ``kind`` (see :data:`KINDS`), ``rank`` the main rank
    character (a sequence: its highest card, ``A2345`` -> ``"5"``; a full house: its triple;
    joker single or pair: ``"BJ"``/``"RJ"``; the joker bomb: ``None``) and ``cards`` (sorted by
    ``Card.index``). Bombs of different sizes are different meanings (``size``). Immutable
    (a named tuple: cheap to create in the AI's hot loop); ``size`` and ``is_bomb`` come from
    :class:`~game.rules.base.SharedCombo`."""

    __slots__ = ()
    bomb_kinds = BOMB_KINDS

    @property
    def meaning(self) -> tuple[str, str | None, int]:
        """What tells two meanings apart: kind, main rank and size."""
        return (self.kind, self.rank, len(self.cards))

    def __str__(self) -> str:
        cards = " ".join(str(card) for card in self.cards)
        if self.rank is None:
            return f"{self.kind} ({cards})"
        return f"{self.kind} {self.rank} ({cards})"


class Level:
    """The level rank of a deal and everything it decides: single strength (G4.3), natural
    sequence positions (G5.3), the two wild hearts (G2.2) and the power of a combination
    (G4.4, G5.6). Use :func:`level_of` to get the shared instance for a rank character."""

    __slots__ = ("rank", "rank_index", "wild", "wild_index", "strength", "_by_char")

    def __init__(self, rank: str) -> None:
        self.rank = validate.rank(rank)
        self.rank_index = RANKS.index(rank)
        self.wild = Card(rank, "H")
        self.wild_index = self.wild.index
        order = [i for i in range(13) if i != self.rank_index] + [self.rank_index, 13, 14]
        strength = [0] * 15
        for value, index in enumerate(order):
            strength[index] = value
        #: Single strength by internal rank index (0 weakest .. 14 Red Joker).
        self.strength: tuple[int, ...] = tuple(strength)
        self._by_char = {RANK_CHARS[i]: strength[i] for i in range(15)}

    def __repr__(self) -> str:
        return f"Level({self.rank!r})"

    def is_wild(self, card: Card) -> bool:
        """G2.2: the hearts of the level rank."""
        return card.index == self.wild_index

    def rank_strength(self, rank: str) -> int:
        """G4.3 strength of a rank character (``"BJ"``/``"RJ"`` included)."""
        return self._by_char[rank]

    def card_strength(self, card: Card) -> int:
        """G4.3 strength of a single card (a wild counts as the level rank)."""
        return self.strength[card.index >> 2 if card.index < 52 else card.index - 39]

    @staticmethod
    def sequence_value(rank: str) -> int:
        """G5.3 position of a sequence's highest card (``"5"`` of A2345 is 4, ``"A"`` is 13)."""
        return RANK_INDEX[rank] + 1

    def power(self, combo: Combo) -> int:
        """An integer that orders combinations of one kind and size; bombs are above every
        non-bomb and ordered along the whole G5.6 ladder."""
        kind = combo.kind
        if kind == "joker_bomb":
            return _BOMB_BASE + _JOKER_TIER * _TIER_STEP
        rank = combo.rank
        if rank is None:  # only the joker bomb has none: KeyError, as a lookup below would
            raise KeyError(rank)
        if kind == "straight_flush":
            return _BOMB_BASE + _SF_TIER * _TIER_STEP + RANK_INDEX[rank] + 1
        if kind == "bomb":
            tier = bomb_tier(kind, len(combo.cards))
            return _BOMB_BASE + tier * _TIER_STEP + self._by_char[rank]
        if kind in SEQUENCE_KINDS:
            return RANK_INDEX[rank] + 1
        return self._by_char[rank]

    def beats(self, play: Combo, last: Combo) -> bool:
        """G4.4/G5.6: whether ``play`` may answer ``last``."""
        if play.kind in BOMB_KINDS:
            if last.kind not in BOMB_KINDS:
                return True
            return self.power(play) > self.power(last)
        if play.kind != last.kind or len(play.cards) != len(last.cards):
            return False
        return self.power(play) > self.power(last)


@cache
def _level(rank: str) -> Level:
    return Level(rank)


def level_of(level: Level | str) -> Level:
    """The :class:`Level` for a rank character (or the level itself)."""
    if isinstance(level, Level):
        return level
    try:
        return _level(level)  # Level() checks the rank; only good ranks are cached
    except TypeError:  # unhashable
        return Level(level)


def bomb_power(level: Level, kind: str, size: int, value: int) -> int:
    """:meth:`Level.power` from parts (``value`` is a strength or a sequence position)."""
    return _BOMB_BASE + bomb_tier(kind, size) * _TIER_STEP + (0 if kind == "joker_bomb" else value)


def _sort_key(level: Level, combo: Combo) -> tuple[int, int]:
    return (level.power(combo), KINDS.index(combo.kind))


def interpretations(
    cards: Iterable[Card | str] | str,
    level: Level | str,
    options: Mapping[str, object] | None = None,
) -> list[Combo]:
    """Every distinct meaning (kind, main rank, size) of exactly these cards, strongest
    first; ``[]`` when they form no combination (G5). A one-suit sequence of five is only a
    straight flush (G5.6) unless option VG1 lets it also be a plain straight."""
    lv = level_of(level)
    as_straight = options is not None and checked(options)[STRAIGHT_FLUSH_AS_STRAIGHT]
    hand = tuple(sorted(as_cards(cards)))
    n = len(hand)
    if n == 0 or n > 10:
        return []
    counts = [0] * 15
    suits_seen = 0  # bit mask of the suits of natural (non-wild, non-joker) cards
    wilds = 0
    for card in hand:
        index = card.index
        if index == lv.wild_index:
            wilds += 1
        elif index >= 52:
            counts[index - 39] += 1
        else:
            counts[index >> 2] += 1
            suits_seen |= 1 << (index & 3)
    found: list[tuple[str, str | None]] = []
    bj, rj = counts[BJ_INDEX], counts[RJ_INDEX]
    if bj or rj:
        # G5.2: jokers only as singles, identical pairs (also in a full house), the joker bomb.
        if n == 1:
            found.append(("single", RANK_CHARS[BJ_INDEX if bj else RJ_INDEX]))
        elif n == 2 and (bj == 2 or rj == 2):
            found.append(("pair", "BJ" if bj else "RJ"))
        elif n == 4 and bj == 2 and rj == 2:
            found.append(("joker_bomb", None))
        elif n == 5 and bj + rj == 2 and (bj == 2 or rj == 2):
            present = [r for r in range(13) if counts[r]]
            if len(present) == 1 and counts[present[0]] + wilds == 3:
                found.append(("full_house", RANK_CHARS[present[0]]))
        return _combos(found, hand, lv)
    present = [r for r in range(13) if counts[r]]
    if n == 1:
        found.append(("single", RANK_CHARS[present[0]] if present else lv.rank))
    elif n == 2:
        if not present:  # G5.4: two wilds alone are a pair of the level rank
            found.append(("pair", lv.rank))
        elif len(present) == 1:
            found.append(("pair", RANK_CHARS[present[0]]))
    elif n == 3:
        if len(present) == 1:
            found.append(("triple", RANK_CHARS[present[0]]))
    else:
        if len(present) == 1:
            found.append(("bomb", RANK_CHARS[present[0]]))
        if n == 5:
            _five(counts, present, wilds, suits_seen, found, as_straight)
        elif n == 6:
            _six(counts, present, found)
    return _combos(found, hand, lv)


def _five(
    counts: list[int],
    present: list[int],
    wilds: int,
    suits_seen: int,
    found: list[tuple[str, str | None]],
    as_straight: bool,
) -> None:
    # Full house: a triple rank t among the naturals, the rest a pair (wilds fill either).
    for t in present:
        if counts[t] <= 3 and 3 - counts[t] <= wilds:
            others = [p for p in present if p != t]
            if not others or (len(others) == 1 and counts[others[0]] <= 2):
                found.append(("full_house", RANK_CHARS[t]))
    # Straights: five distinct natural positions. One suit (wilds fill in any suit) makes a
    # straight flush (G5.6), always a bomb; VG1 lets it also be a plain straight (G5.5).
    if all(counts[r] == 1 for r in present):
        flush = suits_seen & (suits_seen - 1) == 0
        for top in range(4, 14):
            if _covers(present, top - 4, top):
                if flush:
                    found.append(("straight_flush", RANK_CHARS[top - 1]))
                if not flush or as_straight:
                    found.append(("straight", RANK_CHARS[top - 1]))


def _six(counts: list[int], present: list[int], found: list[tuple[str, str | None]]) -> None:
    if all(counts[r] <= 2 for r in present):
        for top in range(2, 14):
            if _covers(present, top - 2, top):
                found.append(("tube", RANK_CHARS[top - 1]))
    if all(counts[r] <= 3 for r in present):
        for top in range(1, 14):
            if _covers(present, top - 1, top):
                found.append(("plate", RANK_CHARS[top - 1]))


def _covers(present: list[int], low: int, high: int) -> bool:
    """Whether every natural rank lies in the sequence positions low..high (G5.3)."""
    for r in present:
        position = r + 1
        if not (low <= position <= high or (r == 12 and low == 0)):
            return False
    return True


def _combos(found: list[tuple[str, str | None]], hand: tuple[Card, ...], lv: Level) -> list[Combo]:
    combos = [Combo(kind, rank, hand) for kind, rank in dict.fromkeys(found)]
    combos.sort(key=lambda combo: _sort_key(lv, combo), reverse=True)
    return combos


def beats(play: Combo, last: Combo, level: Level | str) -> bool:
    """Whether ``play`` may be played on ``last`` (G4.4 same kind and size and higher main rank;
    G5.6 bombs)."""
    lv = level_of(level)
    if not isinstance(play, Combo) or not isinstance(last, Combo):
        raise BadArgumentError(
            f"beats() compares two Guandan combinations, not {play!r:.60}, {last!r:.60}"
        )
    try:
        return lv.beats(play, last)
    except (KeyError, TypeError, AttributeError) as error:  # a kind or rank that does not exist
        raise BadArgumentError(f"not a Guandan combination: {error}") from None


#: English rank names for messages: (one, several).
_RANK_NAMES: dict[str, tuple[str, str]] = {
    **{rank: (rank, rank + "s") for rank in "23456789"},
    "T": ("10", "10s"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
    "BJ": ("Black Joker", "Black Jokers"),
    "RJ": ("Red Joker", "Red Jokers"),
}


def describe(combo: Combo) -> str:
    """Short English description for messages and logs, e.g. ``"pair of 9s"``,
    ``"single jack"``, ``"straight up to the ace"``, ``"5-card bomb of 7s"``."""
    if (
        not isinstance(combo, Combo)
        or combo.kind not in KINDS
        or combo.rank not in (None, *_RANK_NAMES)
        or not isinstance(combo.cards, tuple)
    ):
        raise BadArgumentError(f"not a Guandan combination: {combo!r:.60}")
    kind, rank = combo.kind, combo.rank
    if kind == "joker_bomb" or rank is None:
        return "four-joker bomb"
    one, several = _RANK_NAMES[rank]
    if kind == "single":
        return f"single {one}"
    if kind == "bomb":
        return f"{len(combo.cards)}-card bomb of {several}"
    name = kind.replace("_", " ")
    if kind in SEQUENCE_KINDS:
        return f"{name} up to the {one}"
    return f"{name} of {several}"
