"""Legal plays of a Guandan hand: one concrete card choice per meaning (the AI's hot path).

The hand is a count array by ``Card.index`` (54 entries, 0..2 each). :func:`plays` returns one
``Action("play", cards, combo)`` for every distinct meaning (kind, main rank, size) the hand can
make, or for a follower every meaning that beats the last play. How the cards of a meaning are
chosen (the "grouping" of equivalent card sets under one listed action):

- natural cards before wilds: a wild fills a gap only when the naturals cannot;
- among suits of one rank, the suit least used by the straight flushes the hand could make
  comes first, so plain plays keep straight-flush material;
- a full house takes the pair that needs the fewest wilds, then an exact pair (not broken out of
  a triple or bomb), then the weakest rank; a joker pair only when nothing plainer fits;
- a plain straight takes two suits when the hand can; five cards of one suit are a straight
  flush (G5.6) and are listed as the plain straight only under option VG1 (G5.5 chooser);
- a straight flush of a given top takes the suit that needs the fewest wilds;
- a bomb of N cards takes N naturals when the hand has them; each size is its own meaning.

Any other card set with a legal meaning is accepted by the state too (``actions_for``).

Speed: a hand's plays are generated per kind on first need and memoized by (hand, level) in a
bounded table, and equal plays are interned; what is listed depends only on the hand, the
level and the last play, never on the memo.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from game.games.guandan.rules.combos import (
    BOMB_KINDS,
    CARD_BY_INDEX,
    HEARTS,
    POS_RANK,
    RANK_CHARS,
    Combo,
    Level,
    bomb_power,
)
from game.games.guandan.rules.options import STRAIGHT_FLUSH_AS_STRAIGHT, checked
from game.rules.base import Action
from game.rules.cards import Card

_PLAY = "play"
_BY_INDEX = attrgetter("index")
_SUITS = (0, 1, 2, 3)
_NO_USAGE = [[0] * 13 for _ in range(4)]  # read only
#: Non-bomb kinds in the order a leader's list gives them.
_PLAIN_KINDS = ("single", "pair", "triple", "full_house", "straight", "tube", "plate")
_ACTION_LIMIT = 50_000  # a few MB at most
_CACHE_LIMIT = 512  # hands; each holds its plays, a few kB
# Bit masks over sequence positions 0..13 (the ace at both ends), one byte per position so that
# bytes.translate and int.from_bytes build them in C: bit 8*p is set when position p qualifies.
_AT_LEAST_1 = bytes(min(n, 1) for n in range(256))
_AT_LEAST = (
    _AT_LEAST_1,
    bytes(int(n >= 2) for n in range(256)),
    bytes(int(n >= 3) for n in range(256)),
)
#: _WINDOW[length][top]: the positions top-length+1 .. top.
_WINDOW = {
    length: [
        sum(1 << (8 * p) for p in range(top - length + 1, top + 1)) if top >= length - 1 else 0
        for top in range(14)
    ]
    for length in (2, 3, 5)
}


def _positions(row: list[int], table: bytes) -> int:
    """A mask of the sequence positions whose rank count passes ``table``."""
    return int.from_bytes(bytes((row[12], *row)).translate(table), "little")


class _Hand:
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
        self.of_rank: list[_RankPlays | None] = [None] * 13
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

    def rank_plays(self, r: int) -> _RankPlays:
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

    def of_kind(self, kind: str) -> list[tuple[int, Action]]:
        """Every play of ``kind`` ("bomb" here means all bombs) as (power, action)."""
        found = self.kinds.get(kind)
        if found is None:
            found = []
            _GENERATORS[kind](self, found)
            self.kinds[kind] = found
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
    windows = _WINDOW[5]
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


def _emit(
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


def _emit_single(out: list[tuple[int, Action]], power: int, rank: str, card: Card) -> None:
    """:func:`_emit` for a single card (the most listed play), with the same interning key."""
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
_RankPlays = tuple[
    tuple[int, Action],
    tuple[int, Action] | None,
    tuple[int, Action] | None,
    tuple[tuple[int, Action], ...],
]
#: Shared by key (rank, its count per suit, wilds, level[, straight-flush usage per suit]).
_RANK_PLAYS: dict[tuple[int, ...], _RankPlays] = {}


def _rank_plays(hand: _Hand, r: int) -> _RankPlays:
    """What :func:`_singles`, :func:`_pairs`, :func:`_triples` and :func:`_bombs` list for
    rank r (a rank the hand holds), in their order and with their card choice."""
    lv, wilds, wild = hand.lv, hand.wilds, hand.lv.wild
    have, power, char = hand.c[r], lv.strength[r], RANK_CHARS[r]
    out: list[tuple[int, Action]] = []
    _emit_single(out, power, char, hand.pick(r, 1)[0])
    for size, kind in ((2, "pair"), (3, "triple")):
        if have + wilds >= size:
            naturals = min(have, size)
            _emit(out, power, kind, char, hand.pick(r, naturals) + [wild] * (size - naturals))
        else:
            out.append(None)  # type: ignore[arg-type]
    for size in range(4, min(have + wilds, 10) + 1):
        naturals = min(have, size)
        cards = hand.pick(r, naturals) + [wild] * (size - naturals)
        _emit(out, bomb_power(lv, "bomb", size, power), "bomb", char, cards)
    return out[0], out[1], out[2], tuple(out[3:])


_HANDS: dict[tuple[bytes, str, bool], _Hand] = {}


def _hand(counts: list[int], lv: Level, flush_as_straight: bool = False) -> _Hand:
    key = (bytes(counts), lv.rank, flush_as_straight)
    hand = _HANDS.get(key)
    if hand is None:
        if len(_HANDS) >= _CACHE_LIMIT:
            # A bounded memo (the AI revisits few hands at a time): the oldest hand goes,
            # rather than all of them at once (a stall of milliseconds every few deals).
            del _HANDS[next(iter(_HANDS))]
        hand = _HANDS[key] = _Hand(counts, lv, flush_as_straight)
    return hand


def clear_memo() -> None:
    """Forget the memoized hands and plays (benchmarks time the uncached path with it)."""
    _HANDS.clear()
    _ACTIONS.clear()
    _PICKS.clear()
    _FILLS.clear()
    _RANK_PLAYS.clear()


def plays(
    counts: list[int], lv: Level, last: Combo | None, options: Mapping[str, Any] | None = None
) -> list[Action]:
    """Every legal play meaning of the hand ``counts`` against ``last`` (None: leading)."""
    hand = _hand(counts, lv, options is not None and checked(options)[STRAIGHT_FLUSH_AS_STRAIGHT])
    if last is None:
        lead = hand.lead
        if lead is None:
            lead = [action for kind in _PLAIN_KINDS for _, action in hand.of_kind(kind)]
            lead += [action for _, action in hand.of_kind("bomb")]
            hand.lead = lead
        return list(lead)
    threshold = lv.power(last)
    if last.kind in BOMB_KINDS:
        return [action for power, action in hand.of_kind("bomb") if power > threshold]
    out = [action for power, action in hand.of_kind(last.kind) if power > threshold]
    bombs = hand.bomb_actions
    if bombs is None:
        bombs = hand.bomb_actions = [action for _, action in hand.of_kind("bomb")]
    out += bombs
    return out


def _singles(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    strength, level_rank = hand.lv.strength, hand.lv.rank_index
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        out.append((of_rank[r] or rank_plays(r))[0])
    if hand.wilds and not hand.c[level_rank]:  # G5.4: a wild alone is the level single
        _emit_single(out, strength[level_rank], RANK_CHARS[level_rank], hand.lv.wild)
    if hand.bj:
        _emit_single(out, strength[13], "BJ", CARD_BY_INDEX[52])
    if hand.rj:
        _emit_single(out, strength[14], "RJ", CARD_BY_INDEX[53])


def _pairs(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    c, strength, level_rank, wilds = hand.c, hand.lv.strength, hand.lv.rank_index, hand.wilds
    wild = hand.lv.wild
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        pair = (of_rank[r] or rank_plays(r))[1]
        if pair is not None:
            out.append(pair)
    if wilds == 2 and not c[level_rank]:  # G5.4: two wilds alone are the level pair
        _emit(out, strength[level_rank], "pair", RANK_CHARS[level_rank], [wild, wild])
    if hand.bj == 2:
        _emit(out, strength[13], "pair", "BJ", [CARD_BY_INDEX[52]] * 2)
    if hand.rj == 2:
        _emit(out, strength[14], "pair", "RJ", [CARD_BY_INDEX[53]] * 2)


def _triples(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        triple = (of_rank[r] or rank_plays(r))[2]
        if triple is not None:
            out.append(triple)


def _tubes(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    if hand.naturals + hand.wilds < 6:
        return
    one, two, _ = hand.positions()
    windows = _WINDOW[3]
    for top in range(2, 14):
        window = windows[top]
        if 6 - (one & window).bit_count() - (two & window).bit_count() <= hand.wilds:
            _sequence(hand, top, 3, 2, "tube", out)


def _plates(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    if hand.naturals + hand.wilds < 6:
        return
    one, two, three = hand.positions()
    windows = _WINDOW[2]
    for top in range(1, 14):
        window = windows[top]
        have = (one & window).bit_count() + (two & window).bit_count()
        if 6 - have - (three & window).bit_count() <= hand.wilds:
            _sequence(hand, top, 2, 3, "plate", out)


def _bombs(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    """Every bomb, weakest first: N of a kind (each size its own meaning), straight flushes,
    the four-joker bomb."""
    lv, c, wilds, wild = hand.lv, hand.c, hand.wilds, hand.lv.wild
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        if c[r] + wilds >= 4:
            out.extend((of_rank[r] or rank_plays(r))[3])
    for top, (_missing, s) in sorted(hand.sf_best.items()):
        row = hand.suit_counts[s]
        cards = []
        for pos in range(top - 4, top + 1):
            r = POS_RANK[pos]
            cards.append(CARD_BY_INDEX[r * 4 + s] if row[r] else wild)
        _emit(
            out,
            bomb_power(lv, "straight_flush", 5, top),
            "straight_flush",
            RANK_CHARS[top - 1],
            cards,
        )
    if hand.bj == 2 and hand.rj == 2:
        jokers = [CARD_BY_INDEX[52]] * 2 + [CARD_BY_INDEX[53]] * 2
        _emit(out, bomb_power(lv, "joker_bomb", 4, 0), "joker_bomb", None, jokers)


def _full_houses(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    c, wilds, wild, strength = hand.c, hand.wilds, hand.lv.wild, hand.lv.strength
    # Pair options as (wilds needed, not an exact pair, strength, rank); jokers are ranks 13/14.
    if hand.naturals + wilds + hand.bj + hand.rj < 5:
        return
    options = []
    for p in hand.ranks:
        if c[p] + wilds >= 2:
            options.append((max(0, 2 - c[p]), c[p] != 2, strength[p], p))
    if hand.bj == 2:
        options.append((0, False, strength[13], 13))
    if hand.rj == 2:
        options.append((0, False, strength[14], 14))
    options.sort()
    for t in hand.ranks:
        if c[t] + wilds < 3:
            continue
        spare = wilds - max(0, 3 - c[t])
        chosen = None
        for need, _, _, p in options:
            if p != t and need <= spare:
                chosen = (need, p)
                break
        if chosen is None:
            if spare == 2:  # two wilds as the pair
                chosen = (2, -1)
            else:
                continue
        need, p = chosen
        naturals = min(c[t], 3)
        cards = hand.pick(t, naturals) + [wild] * (3 - naturals)
        if p == -1:
            cards += [wild, wild]
        elif p >= 13:
            cards += [CARD_BY_INDEX[39 + p]] * 2
        else:
            cards += hand.pick(p, 2 - need) + [wild] * need
        _emit(out, strength[t], "full_house", RANK_CHARS[t], cards)


def _straights(hand: _Hand, out: list[tuple[int, Action]]) -> None:
    c, suit_counts, wilds, wild = hand.c, hand.suit_counts, hand.wilds, hand.lv.wild
    if len(hand.ranks) + wilds < 5:
        return
    usage = hand.usage or _NO_USAGE
    present = hand.positions()[0]
    for top in range(4, 14):
        missing = 5 - (present & _WINDOW[5][top]).bit_count()
        if missing > wilds:
            continue
        # Per position the suit least used by straight flushes; then make sure of two suits.
        chosen: list[tuple[int, int]] = []  # (rank, suit) of the naturals
        for pos in range(top - 4, top + 1):
            r = POS_RANK[pos]
            if c[r]:
                chosen.append((r, hand.pick(r, 1)[0].index & 3))
        first_suit = chosen[0][1]
        if all(s == first_suit for _, s in chosen):
            # The cheapest other suit over all positions, so the straight-flush material stays
            # whole; none: the one-suit cards are the straight (G5.5).
            swap = None
            for i, (r, _) in enumerate(chosen):
                for s in range(4):
                    if s != first_suit and suit_counts[s][r]:
                        if swap is None or usage[s][r] < usage[swap[1]][swap[0]]:
                            swap = (r, s, i)
            if swap is not None:
                r, s, i = swap
                chosen[i] = (r, s)
            elif not hand.flush_as_straight:
                continue  # G5.6: only a straight flush, a bomb (VG1 off)
        cards = [CARD_BY_INDEX[r * 4 + s] for r, s in chosen] + [wild] * missing
        _emit(out, top, "straight", RANK_CHARS[top - 1], cards)


def _sequence(
    hand: _Hand, top: int, length: int, width: int, kind: str, out: list[tuple[int, Action]]
) -> None:
    window = _WINDOW[length][top]
    have = 0
    for mask in hand.positions()[:width]:
        have += (mask & window).bit_count()
    need = length * width - have  # the cards short of ``width`` at each position
    if need > hand.wilds:
        return
    c = hand.c
    cards: list[Card] = []
    for pos in range(top - length + 1, top + 1):
        r = POS_RANK[pos]
        cards += hand.pick(r, min(c[r], width))
    cards += [hand.lv.wild] * need
    _emit(out, top, kind, RANK_CHARS[top - 1], cards)


_GENERATORS = {
    "single": _singles,
    "pair": _pairs,
    "triple": _triples,
    "full_house": _full_houses,
    "straight": _straights,
    "tube": _tubes,
    "plate": _plates,
    "bomb": _bombs,
}
