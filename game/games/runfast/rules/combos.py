"""Run Fast combinations (R4) and their order (R3.2, R3.3): what cards mean and what beats what;
what a hand can play is ``responses.py``, the settlement ``settlement.py``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.games.runfast.rules.options import ATTACHMENTS, checked
from game.rules.base import SharedCombo
from game.rules.cards import Card, as_cards, format_cards
from game.rules.errors import BadArgumentError, RulesError

SEATS = 3
HAND_SIZE = 16
#: Rank order, low to high (R3.2).
ORDER = "3456789TJQKA2"
_VALUE = {rank: value for value, rank in enumerate(ORDER)}
_ACE = _VALUE["A"]
_TWO = _VALUE["2"]
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
THREE_HEARTS = Card("3", "H")
TWO_SPADES = Card("2", "S")

KINDS: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "straight",
    "pair_run",
    "triple_two",  # VR1
    "airplane",  # VR1
    "bomb",
    "ace_bomb",
    "sky_bomb",
)
BOMB_KINDS: frozenset[str] = frozenset({"bomb", "ace_bomb", "sky_bomb"})
ATTACHED_KINDS = frozenset({"triple_two", "airplane"})

_RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace", "2": "two"}


def rank_value(rank: str) -> int:
    """Position of ``rank`` in the Run Fast order: 3 → 0 … A → 11, 2 → 12 (R3.2)."""
    return _VALUE[rank]


def _key(card: Card) -> tuple[int, int]:
    return (_VALUE[card.rank], _SUIT_ORDER[card.suit or "S"])


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_key))


def _rank_plural(rank: str) -> str:
    name = _RANK_NAMES.get(rank, rank)
    return name + ("es" if name.endswith("x") else "s")


@dataclass(frozen=True, slots=True)
class Combo(SharedCombo):
    """A combination: ``kind`` (one of :data:`KINDS`), ``rank`` (rank character), ``cards``;
    ``chain`` the number of triples of an airplane (VR1), else 0. ``size`` and ``is_bomb``
    come from :class:`~game.rules.base.SharedCombo`."""

    bomb_kinds: ClassVar[frozenset[str]] = BOMB_KINDS

    kind: str
    rank: str
    cards: tuple[Card, ...]
    chain: int = 0

    @property
    def value(self) -> int:
        """The rank's position in the Run Fast order (R3.2)."""
        return _VALUE[self.rank]

    @property
    def strength(self) -> int:
        """Bomb strength (R4.3): four of a kind by rank, then three aces, then the sky bomb."""
        if self.kind == "bomb":
            return self.value
        if self.kind == "ace_bomb":
            return 20
        if self.kind == "sky_bomb":
            return 30
        return -1

    def __str__(self) -> str:
        return describe(self)


def describe(combo: Combo) -> str:
    """An English description for messages and logs, e.g. ``"the pair of 9s"``."""
    if not isinstance(combo, Combo) or combo.kind not in KINDS or combo.rank not in _VALUE:
        raise BadArgumentError(f"not a Run Fast combination: {combo!r:.60}")
    kind, rank = combo.kind, combo.rank
    if kind == "single":
        return f"the single {_RANK_NAMES.get(rank, rank)}"
    if kind == "pair":
        return f"the pair of {_rank_plural(rank)}"
    if kind == "triple":
        return f"the triple of {_rank_plural(rank)}"
    if kind == "bomb":
        return f"the bomb of {_rank_plural(rank)}"
    if kind == "ace_bomb":
        return "the three aces"
    if kind == "sky_bomb":
        return "the sky bomb"
    low = combo.cards[0].rank
    low = _RANK_NAMES.get(low, low)
    high = _RANK_NAMES.get(rank, rank)
    if kind == "straight":
        return f"the straight {low} to {high}"
    if kind == "triple_two":
        return f"the triple of {_rank_plural(rank)} with two"
    if kind == "airplane":
        return f"the airplane of {combo.chain} triples up to the {_rank_plural(rank)}"
    return f"the pair run {low} to {high}"


# --- Combinations (R4) ---------------------------------------------------------------------


def value_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[_VALUE[card.rank]] += 1
    return counts


def _attached(counts: list[int], n: int, whole_hand: bool) -> list[tuple[str, int, int]]:
    """VR1 meanings of ``n`` cards with these rank counts as (kind, value, triples): a triple
    (never aces, R4.3) with two cards, or k >= 2 consecutive triples 3..K with 2k cards; a
    whole hand with fewer attached cards may be played as that kind too (four of a rank as
    a whole hand is also a triple with one card of its own rank)."""
    found = []
    for v in range(_ACE):
        if counts[v] >= 3 and (n == 5 or (whole_hand and n < 5)):
            found.append(("triple_two", v, 1))
    for k in range(2, 6):
        if n == 5 * k or (whole_hand and 3 * k <= n < 5 * k):
            for top in range(k - 1, _ACE):
                if all(counts[v] >= 3 for v in range(top - k + 1, top + 1)):
                    found.append(("airplane", top, k))
    return found


def interpret(
    cards: tuple[Card, ...], first_play: bool, attachments: bool = False, whole_hand: bool = False
) -> list[Combo]:
    """Meanings of ``cards`` (already sorted by :func:`_key`, distinct); with ``attachments``
    (VR1) also triples with two and airplanes (``whole_hand``: the cards are all the player
    holds)."""
    plain = _plain(cards, first_play)
    if not attachments:
        return plain
    extra = [
        Combo(kind, ORDER[value], cards, chain if kind == "airplane" else 0)
        for kind, value, chain in _attached(value_counts(cards), len(cards), whole_hand)
    ]
    return plain + sorted(extra, key=lambda c: (c.chain, c.value), reverse=True)


def _plain(cards: tuple[Card, ...], first_play: bool) -> list[Combo]:
    """Meanings of ``cards`` under R4 (at most one)."""
    n = len(cards)
    if n == 0:
        return []
    first = cards[0].rank
    if all(card.rank == first for card in cards):
        value = _VALUE[first]
        if n == 1:
            return [Combo("single", first, cards)]
        if n == 2:
            return [Combo("pair", first, cards)]
        if n == 3:
            return [Combo("ace_bomb" if value == _ACE else "triple", first, cards)]
        if n == 4 and value < _ACE:
            if value == 0 and first_play:
                return [Combo("sky_bomb", first, cards)]
            return [Combo("bomb", first, cards)]
        return []
    counts = value_counts(cards)
    present = [v for v in range(13) if counts[v]]
    low, high = present[0], present[-1]
    consecutive = high - low + 1 == len(present)
    if not consecutive or high > _ACE:
        return []
    if n >= 5 and all(counts[v] == 1 for v in present):
        return [Combo("straight", ORDER[high], cards)]
    if len(present) >= 2 and all(counts[v] == 2 for v in present):
        return [Combo("pair_run", ORDER[high], cards)]
    return []


def shape_reason(cards: tuple[Card, ...]) -> str:
    """Why cards that form no combination are refused (for :meth:`RunFastState.explain`)."""
    counts = [c for c in value_counts(cards) if c]
    if max(counts) >= 3 and len(counts) >= 2:
        return "attachment"  # R4.5: triple or four with attachments, airplanes
    if TWO_SPADES in cards and all(c == 1 for c in counts) and len(cards) >= 5:
        return "sequence_with_two"  # J-Q-K-A-2, A-2-3-4-5 and the like (R4.2)
    values = sorted({_VALUE[card.rank] for card in cards})
    consecutive = values[-1] - values[0] + 1 == len(values)
    if consecutive and all(c == 1 for c in counts) and 3 <= len(cards) < 5:
        return "straight_too_short"
    return "no_combination"


#: Why cards make no combination, by :func:`shape_reason`'s code (R4, R4.5; VR1).
SHAPE_WHY = {
    "attachment": "triples and fours take no attached cards, and there are no airplanes",
    "attachment_count": "a triple takes exactly two other cards, an airplane two per "
    "triple (fewer only with the whole hand), and three aces are never a triple",
    "sequence_with_two": "sequences never contain the 2 (aces are high only)",
    "straight_too_short": "a straight needs at least five consecutive ranks",
    "no_combination": "they form no Run Fast combination",
}


def shape_refusal(cards: tuple[Card, ...], attachments: bool) -> tuple[str, str]:
    """Why ``cards`` (sorted) make no combination: the words and the reason code; with VR1's
    ``attachments`` on, attached cards are refused for their number."""
    reason = shape_reason(cards)
    if reason == "attachment" and attachments:
        reason = "attachment_count"  # VR1: attachments exist, but not in this number
    return SHAPE_WHY[reason], reason


def interpretations(
    cards: Iterable[Card] | str,
    *,
    first_play: bool = False,
    options: Mapping[str, object] | None = None,
    whole_hand: bool = False,
) -> list[Combo]:
    """Every meaning of exactly these cards under R4, strongest first; ``[]`` when none.

    ``first_play`` says whether this is the very first play of the deal (four 3s are then the
    sky bomb, R4.4). Under R4 a card set has at most one meaning; with option VR1 a set may
    also be a triple with two or an airplane (``whole_hand``: the cards are the player's whole
    hand, which may carry fewer attached cards).
    """
    attachments = options is not None and checked(options)[ATTACHMENTS]
    given = as_cards(cards)
    if any(card.suit is None for card in given):
        return []  # jokers are not in the Run Fast pack (R2.1): they mean nothing
    cs = sorted_cards(given)
    if len(set(cs)) != len(cs):
        return []
    return interpret(cs, first_play, attachments, whole_hand)


def as_combo(combo: Combo | Iterable[Card] | str) -> Combo:
    """``combo`` as a Run Fast combination: checked when it is one, else its cards read as a
    play (the first meaning); neither raises."""
    if isinstance(combo, Combo):
        rank, cards = combo.rank, combo.cards
        if (
            combo.kind in KINDS
            and isinstance(rank, str)
            and rank in _VALUE
            and type(cards) is tuple
        ):
            return combo
        raise BadArgumentError(f"not a Run Fast combination: {combo!r:.60}")
    meanings = interpretations(combo)
    if not meanings:
        raise RulesError(f"not a Run Fast combination: {format_cards(as_cards(combo))!r}")
    return meanings[0]


def beats(play: Combo | str, last: Combo | str) -> bool:
    """Whether ``play`` may answer ``last`` (R3.3, R4.3). Notation is read as a later play."""
    play, last = as_combo(play), as_combo(last)
    if play.kind in BOMB_KINDS:
        if last.kind in BOMB_KINDS:
            return play.strength > last.strength
        return True
    if last.kind in BOMB_KINDS:
        return False
    if play.kind in ATTACHED_KINDS:  # VR1: same kind (and number of triples), higher rank
        return play.kind == last.kind and play.chain == last.chain and play.value > last.value
    return play.kind == last.kind and len(play.cards) == len(last.cards) and play.value > last.value


def beat_refusal(play: Combo, last: Combo) -> tuple[str, str]:
    """Why ``play`` does not answer ``last`` (R3.3, R4.3): the words and the reason code."""
    if last.kind in BOMB_KINDS and play.kind not in BOMB_KINDS:
        return f"only a stronger bomb beats {describe(last)}", "only_bomb_beats"
    if play.kind in BOMB_KINDS or (play.kind == last.kind and len(play.cards) == len(last.cards)):
        return f"it does not beat {describe(last)}", "does_not_beat"
    why = f"{describe(play)} cannot answer {describe(last)} (same kind and size needed)"
    return why, "wrong_shape"
