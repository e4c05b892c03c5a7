"""One Guandan hand as the play lister sees it (issue 53: out of :mod:`.moves`): :class:`Hand`
computes once its counts by rank and suit, the straight-flush windows it can fill (and which
cards they use) and which natural cards each rank gives first; :func:`emit` builds a play,
interned so that consecutive hands of a deal share their plays. The card-choice rules are in
:mod:`.moves`' docstring; the plays of each kind are listed by :mod:`.kinds`.
"""

from __future__ import annotations

from operator import attrgetter

from game.games.guandan.rules.combos import (
    CARD_BY_INDEX,
    HEARTS,
    POS_RANK,
    RANK_CHARS,
    Combo,
    Level,
    bomb_power,
)
from game.rules.base import Action
from game.rules.cards import Card

_PLAY = "play"
_BY_INDEX = attrgetter("index")
_SUITS = (0, 1, 2, 3)
NO_USAGE = [[0] * 13 for _ in range(4)]  # read only
_ACTION_LIMIT = 50_000  # a few MB at most
# Bit masks over sequence positions 0..13 (the ace at both ends), one byte per position so that
# bytes.translate and int.from_bytes build them in C: bit 8*p is set when position p qualifies.
_AT_LEAST_1 = bytes(min(n, 1) for n in range(256))
_AT_LEAST = (
    _AT_LEAST_1,
    bytes(int(n >= 2) for n in range(256)),
    bytes(int(n >= 3) for n in range(256)),
)
#: WINDOW[length][top]: the positions top-length+1 .. top.
WINDOW = {
    length: [
        sum(1 << (8 * p) for p in range(top - length + 1, top + 1)) if top >= length - 1 else 0
        for top in range(14)
    ]
    for length in (2, 3, 5)
}


def _positions(row: list[int], table: bytes) -> int:
    """A mask of the sequence positions whose rank count passes ``table``."""
    return int.from_bytes(bytes((row[12], *row)).translate(table), "little")


class Hand:
    """What the generator knows about one hand at one level, computed once and cached: counts
    by rank and suit, straight-flush windows, and the plays of each kind with their power."""

    __slots__ = (
        "lv",
        "c",
        "suit_counts",
        "wilds",
        "bj",
        "rj",
        "usage",
        "sf_best",
        "present",
        "ranks",
        "naturals",
        "by_rank",
        "of_rank",
        "kinds",
        "lead",
        "bomb_actions",
        "flush_as_straight",
    )

    def __init__(self, counts: list[int], lv: Level, flush_as_straight: bool = False) -> None:
        self.lv = lv
        self.flush_as_straight = flush_as_straight  # VG1
        wilds = counts[lv.wild_index]
        level_rank = lv.rank_index
        # suit_counts[s][r]: natural cards of rank r and suit s (the wilds left out).
        suit_counts = [counts[s:52:4] for s in range(4)]
        if wilds:
            suit_counts[HEARTS][level_rank] -= wilds
        c = list(map(sum, zip(*suit_counts, strict=True)))
        self.c = c
        self.ranks = [r for r in range(13) if c[r]]  # loops skip the ranks not held
        self.naturals = sum(c)
        self.suit_counts = suit_counts
        self.wilds = wilds
        self.bj = counts[52]
        self.rj = counts[53]
        # Straight-flush windows the hand can fill (per suit a bit mask of sequence positions,
        # the ace at both ends), and how many use each (suit, rank): plain plays avoid those.
        usage: list[list[int]] | None = None
        sf_best: dict[int, tuple[int, int]] = {}
        for s in range(4):
            row = suit_counts[s]
            if sum(row) + wilds < 5:
                continue
            key = (bytes(row), wilds)
            fills = _FILLS.get(key)
            if fills is None:
                if len(_FILLS) >= _ACTION_LIMIT:
                    _FILLS.clear()
                fills = _FILLS[key] = _fillable(row, wilds)
            for top, missing in fills:
                if usage is None:
                    usage = [[0] * 13 for _ in range(4)]
                used = usage[s]
                for pos in range(top - 4, top + 1):
                    used[POS_RANK[pos]] += 1
                best = sf_best.get(top)
                if best is None or missing < best[0]:
                    sf_best[top] = (missing, s)
        self.present: list[int] | None = None
        self.usage = usage
        self.sf_best = sf_best
        self.by_rank: list[list[Card] | None] = [None] * 13
        self.of_rank: list[RankPlays | None] = [None] * 13
        self.kinds: dict[str, list[tuple[int, Action]]] = {}
        self.lead: list[Action] | None = None  # a leader's plays, in order
        self.bomb_actions: list[Action] | None = None  # every bomb, weakest first

    def positions(self) -> list[int]:
        """Masks of the sequence positions holding at least 1, 2, 3 naturals (straights,
        tubes, plates)."""
        if self.present is None:
            self.present = [_positions(self.c, table) for table in _AT_LEAST]
        return self.present

    def pick(self, r: int, k: int) -> list[Card]:
        """k natural cards of rank r, suits least needed by straight flushes first."""
        cards = self.by_rank[r]
        if cards is None:
            sc = self.suit_counts
            usage = self.usage
            key: tuple[int, ...] = (r, sc[0][r], sc[1][r], sc[2][r], sc[3][r])
            if usage is not None:
                key += (usage[0][r], usage[1][r], usage[2][r], usage[3][r])
            cards = _PICKS.get(key)
            if cards is None:
                cards = _PICKS[key] = _ordered_cards(r, sc, usage)
            self.by_rank[r] = cards
        return cards[:k]

    def rank_plays(self, r: int) -> RankPlays:
        """The single, pair, triple and bombs of rank r's naturals (with wilds), as
        (power, action); shared by every hand with the same cards of that rank, the same pick
        order and wild count at the same level."""
        found = self.of_rank[r]
        if found is None:
            sc = self.suit_counts
            usage = self.usage
            key: tuple[int, ...] = (
                r,
                sc[0][r],
                sc[1][r],
                sc[2][r],
                sc[3][r],
                self.wilds,
                self.lv.rank_index,
            )
            if usage is not None:
                key += (usage[0][r], usage[1][r], usage[2][r], usage[3][r])
            found = _RANK_PLAYS.get(key)
            if found is None:
                if len(_RANK_PLAYS) >= _ACTION_LIMIT:
                    _RANK_PLAYS.clear()
                found = _RANK_PLAYS[key] = _rank_plays(self, r)
            self.of_rank[r] = found
        return found


#: The straight-flush windows one suit's row fills, as (top, wilds missing), by (row, wilds).
_FILLS: dict[tuple[bytes, int], tuple[tuple[int, int], ...]] = {}


def _fillable(row: list[int], wilds: int) -> tuple[tuple[int, int], ...]:
    """(top, missing) of every five-position window of one suit that ``wilds`` can complete."""
    mask = _positions(row, _AT_LEAST_1)
    if mask.bit_count() + wilds < 5:
        return ()
    if not wilds and not mask & mask >> 8 & mask >> 16 & mask >> 24 & mask >> 32:
        return ()  # no five positions in a row: most suits of most hands
    windows = WINDOW[5]
    fills = []
    for top in range(4, 14):
        missing = 5 - (mask & windows[top]).bit_count()
        if missing <= wilds:
            fills.append((top, missing))
    return tuple(fills)


#: The natural cards of one rank in pick order, by (rank, count per suit[, usage per suit]):
#: at most 13 × 3⁴ plain entries, a few more with straight-flush usage (shared, never changed).
_PICKS: dict[tuple[int, ...], list[Card]] = {}


def _ordered_cards(
    r: int, suit_counts: list[list[int]], usage: list[list[int]] | None
) -> list[Card]:
    if len(_PICKS) >= _ACTION_LIMIT:
        _PICKS.clear()
    order = _SUITS if usage is None else sorted(_SUITS, key=lambda s: usage[s][r])
    cards = []
    for s in order:
        have = suit_counts[s][r]
        if have:
            card = CARD_BY_INDEX[r * 4 + s]
            cards.append(card)
            if have > 1:
                cards.append(card)
    return cards


#: Interned plays by (kind, rank, card indexes): consecutive hands of a deal share most of
#: their plays, and looking one up is cheaper than building the Combo and the Action again.
_ACTIONS: dict[tuple[str | int | None, ...], Action] = {}


def emit(
    out: list[tuple[int, Action]], power: int, kind: str, rank: str | None, cards: list[Card]
) -> None:
    if len(cards) > 1:
        cards.sort(key=_BY_INDEX)
    key = (kind, rank, *map(_BY_INDEX, cards))
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) >= _ACTION_LIMIT:
            _ACTIONS.clear()
        held = tuple(cards)
        action = _ACTIONS[key] = Action(_PLAY, held, Combo(kind, rank, held))
    out.append((power, action))


def emit_single(out: list[tuple[int, Action]], power: int, rank: str, card: Card) -> None:
    """:func:`emit` for a single card (the most listed play), with the same interning key."""
    key = ("single", rank, card.index)
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) >= _ACTION_LIMIT:
            _ACTIONS.clear()
        held = (card,)
        action = _ACTIONS[key] = Action(_PLAY, held, Combo("single", rank, held))
    out.append((power, action))


#: (single, pair, triple, bombs) of one rank: each (power, action), None when the rank cannot
#: make it; bombs a tuple, one per size.
RankPlays = tuple[
    tuple[int, Action],
    tuple[int, Action] | None,
    tuple[int, Action] | None,
    tuple[tuple[int, Action], ...],
]
#: Shared by key (rank, its count per suit, wilds, level[, straight-flush usage per suit]).
_RANK_PLAYS: dict[tuple[int, ...], RankPlays] = {}


def _rank_plays(hand: Hand, r: int) -> RankPlays:
    """What the singles, pairs, triples and bombs of :mod:`.kinds` list for rank r (a rank the
    hand holds), in their order and with their card choice."""
    lv, wilds, wild = hand.lv, hand.wilds, hand.lv.wild
    have, power, char = hand.c[r], lv.strength[r], RANK_CHARS[r]
    out: list[tuple[int, Action]] = []
    emit_single(out, power, char, hand.pick(r, 1)[0])
    for size, kind in ((2, "pair"), (3, "triple")):
        if have + wilds >= size:
            naturals = min(have, size)
            emit(out, power, kind, char, hand.pick(r, naturals) + [wild] * (size - naturals))
        else:
            out.append(None)  # type: ignore[arg-type]  # RankPlays' pair/triple slot: none
    for size in range(4, min(have + wilds, 10) + 1):
        naturals = min(have, size)
        cards = hand.pick(r, naturals) + [wild] * (size - naturals)
        emit(out, bomb_power(lv, "bomb", size, power), "bomb", char, cards)
    return out[0], out[1], out[2], tuple(out[3:])


def clear_caches() -> None:
    """Forget the shared plays, card picks and straight-flush windows."""
    _ACTIONS.clear()
    _PICKS.clear()
    _FILLS.clear()
    _RANK_PLAYS.clear()
