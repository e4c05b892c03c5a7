"""Run Fast combinations (R4), their order (R3.2, R3.3) and the records of a settlement (R5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.games.runfast.rules.options import ATTACHMENTS, checked
from game.rules import validate
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
BOMB_POINTS = 10
SPADE_TWO_POINTS = 10
BOMB_BONUS_EACH = 10

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
_ATTACHED_KINDS = frozenset({"triple_two", "airplane"})

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


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a deal (R5): ``payer`` pays ``points`` to ``payee`` for ``reason``
    (``"cards" "spring" "spade_two" "held_bomb" "bomb_bonus"``); ``cards`` are the cards it is
    for (the cards left, the 2 of spades, the held or played bomb)."""

    payer: int
    payee: int
    points: int
    reason: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class BonusEvent:
    """A bomb bonus earned during play (R5.3): ``seat`` earned ``points`` with ``combo``;
    ``play_index`` is the index in ``state.log`` of the bomb's play."""

    seat: int
    combo: Combo
    points: int
    play_index: int


@dataclass(frozen=True, slots=True)
class RunFastResult:
    """Summary of a finished deal: the winner, net points per seat (tuple by seat), every
    payment, and the cards left in each hand."""

    winner: int
    settlement: tuple[int, ...]
    payments: tuple[Payment, ...]
    cards_left: tuple[tuple[Card, ...], ...]
    bonus_events: tuple[BonusEvent, ...]

    def returns(self) -> tuple[float, ...]:
        """Each seat's net points (R5)."""
        return tuple(float(points) for points in self.settlement)


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


def _as_combo(combo: Combo | Iterable[Card] | str) -> Combo:
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
    play, last = _as_combo(play), _as_combo(last)
    if play.kind in BOMB_KINDS:
        if last.kind in BOMB_KINDS:
            return play.strength > last.strength
        return True
    if last.kind in BOMB_KINDS:
        return False
    if play.kind in _ATTACHED_KINDS:  # VR1: same kind (and number of triples), higher rank
        return play.kind == last.kind and play.chain == last.chain and play.value > last.value
    return play.kind == last.kind and len(play.cards) == len(last.cards) and play.value > last.value


def _window_exists(counts: list[int], need: int, length: int, min_top: int) -> bool:
    """Whether ``length`` consecutive ranks, each with ``need`` cards, end above ``min_top - 1``
    and at the ace at most (sequences never hold the 2, R4.2)."""
    run = 0
    for value in range(_ACE + 1):
        run = run + 1 if counts[value] >= need else 0
        if run >= length and value >= min_top:
            return True
    return False


def has_response_counts(counts: list[int], last: Combo) -> bool:
    kind = last.kind
    if kind == "sky_bomb":
        return False
    strength = last.strength
    # Bombs (R3.3, R4.3): four of a kind 3..K, three aces.
    for value in range(_ACE):
        if counts[value] == 4 and value > strength:
            return True
    if counts[_ACE] >= 3 and strength < 20:
        return True
    if kind in BOMB_KINDS:
        return False
    value = last.value
    if kind == "single":
        return any(counts[v] for v in range(value + 1, 13))
    if kind == "pair":
        return any(counts[v] >= 2 for v in range(value + 1, 13))
    if kind == "triple":
        return any(counts[v] >= 3 for v in range(value + 1, _ACE))
    if kind == "straight":
        return _window_exists(counts, 1, len(last.cards), value + 1)
    if kind == "pair_run":
        return _window_exists(counts, 2, len(last.cards) // 2, value + 1)
    if kind == "triple_two":  # VR1: five cards, or a whole hand of a triple and fewer
        return any(counts[v] >= 3 for v in range(value + 1, _ACE))
    if kind == "airplane":  # VR1: as many consecutive triples 3..K (a short whole hand too)
        run = 0
        for v in range(_ACE):
            run = run + 1 if counts[v] >= 3 else 0
            if run >= last.chain and v > value:
                return True
    return False


def _hand_cards(hand: Iterable[Card] | str) -> list[Card]:
    """Cards of a Run Fast hand; a joker (not in the pack, R2.1) raises BadArgumentError."""
    cards = validate.cards(hand, "hand")
    jokers = [card for card in cards if card.suit is None]
    if jokers:
        raise BadArgumentError(f"{jokers[0]} is not in the Run Fast pack (R2.1)")
    return cards


def has_response(hand: Iterable[Card] | str, last: Combo | str) -> bool:
    """Whether ``hand`` holds a play that beats ``last``, bombs included: then the must-beat
    rule (R3.4) forbids passing."""
    return has_response_counts(value_counts(_hand_cards(hand)), _as_combo(last))


def held_bombs(hand: Iterable[Card] | str) -> list[Combo]:
    """The bombs held in ``hand`` (R4.3, R5.2): each four of a kind 3..K and three aces."""
    cards = _hand_cards(hand)
    by_value: list[list[Card]] = [[] for _ in range(13)]
    for card in sorted_cards(cards):
        by_value[_VALUE[card.rank]].append(card)
    bombs = [
        Combo("bomb", ORDER[v], tuple(by_value[v])) for v in range(_ACE) if len(by_value[v]) == 4
    ]
    if len(by_value[_ACE]) >= 3:
        bombs.append(Combo("ace_bomb", "A", tuple(by_value[_ACE][:3])))
    return bombs


def group_by_value(hand: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = [[] for _ in range(13)]
    for card in hand:  # hands are kept sorted, so groups are in suit order
        groups[_VALUE[card.rank]].append(card)
    return groups


def _attached_plays(groups: list[list[Card]], last: Combo | None) -> list[Combo]:
    """VR1 plays, one card choice per meaning: the triples and the lowest other cards as the
    attachments (the whole hand when it is shorter), for a lead or against ``last``."""
    counts = [len(g) for g in groups]
    total = sum(counts)
    kind = None if last is None else last.kind
    floor = 0 if last is None else last.value + 1
    plays: list[Combo] = []

    def attach(core: list[Card], need: int) -> tuple[Card, ...] | None:
        if total - len(core) < need:
            return None if total >= len(core) + need else tuple(c for g in groups for c in g)
        used = set(core)
        rest = [c for g in groups for c in g if c not in used]
        return tuple(sorted(core + rest[:need], key=_key))

    if kind in (None, "triple_two"):
        for v in range(floor, _ACE):
            if counts[v] >= 3:  # fewer than five cards: the whole hand
                cards = attach(groups[v][:3], 2)
                if cards is not None:
                    plays.append(Combo("triple_two", ORDER[v], cards))
    chains = range(2, 6) if last is None else (last.chain,) if last.kind == "airplane" else ()
    for k in chains:
        for top in range(max(k - 1, floor), _ACE):
            if all(counts[v] >= 3 for v in range(top - k + 1, top + 1)):
                core = [c for v in range(top - k + 1, top + 1) for c in groups[v][:3]]
                cards = attach(core, 2 * k)
                if cards is not None:
                    plays.append(Combo("airplane", ORDER[top], cards, k))
    return plays


def plays_on(
    groups: list[list[Card]], last: Combo | None, first_play: bool, attachments: bool = False
) -> list[Combo]:
    """One combo per distinct meaning the hand can play on ``last`` (``None``: a lead).

    Cards within a rank are interchangeable (suits have no order), so each meaning takes the
    first cards of each rank; the caller puts 3H first among the 3s on the first play.
    """
    counts = [len(g) for g in groups]
    plays: list[Combo] = []
    if last is not None and last.kind in BOMB_KINDS:
        kind, size, floor = last.kind, 0, 13
    elif last is not None:
        kind, size, floor = last.kind, len(last.cards), last.value + 1
    else:
        kind, size, floor = None, 0, 0
    if kind is None or kind == "single":
        for v in range(floor, 13):
            if counts[v]:
                plays.append(Combo("single", ORDER[v], (groups[v][0],)))
    if kind is None or kind == "pair":
        for v in range(floor, 13):
            if counts[v] >= 2:
                plays.append(Combo("pair", ORDER[v], tuple(groups[v][:2])))
    if kind is None or kind == "triple":
        for v in range(floor, _ACE):
            if counts[v] >= 3:
                plays.append(Combo("triple", ORDER[v], tuple(groups[v][:3])))
    for seq_kind, need, min_len in (("straight", 1, 5), ("pair_run", 2, 2)):
        if kind is not None and kind != seq_kind:
            continue
        wanted = None if kind is None else size // need
        run = 0
        for top in range(_ACE + 1):
            run = run + 1 if counts[top] >= need else 0
            if top < floor:
                continue
            lengths = range(min_len, run + 1) if wanted is None else (wanted,)
            for length in lengths:
                if length > run:
                    continue
                cards: list[Card] = []
                for v in range(top - length + 1, top + 1):
                    cards.extend(groups[v][:need])
                plays.append(Combo(seq_kind, ORDER[top], tuple(cards)))
    # Bombs (R4.3, R4.4): always playable on an ordinary play, on a bomb only when stronger.
    strength = last.strength if last is not None else -1
    if last is None or last.kind != "sky_bomb":
        for v in range(_ACE):
            if counts[v] == 4 and (last is None or last.kind not in BOMB_KINDS or v > strength):
                sky = v == 0 and first_play
                plays.append(Combo("sky_bomb" if sky else "bomb", ORDER[v], tuple(groups[v])))
        if counts[_ACE] >= 3 and strength < 20:
            plays.append(Combo("ace_bomb", "A", tuple(groups[_ACE][:3])))
    if attachments and (last is None or last.kind in _ATTACHED_KINDS):
        plays += _attached_plays(groups, last)
    return plays
