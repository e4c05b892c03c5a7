"""The Guandan bot's hand planner (issue 11): the value of a hand as its best split into plays.

A hand is valued as the best split into plays (guandan.md G5): bombs (four or more of a rank), the
four-joker bomb and straight flushes are kept whole; straights, tubes and plates are tried by a
memoized depth-first search over rank counts, with the wild hearts of the level filling gaps (G5.4);
what is left groups into singles, pairs, triples and full houses (each triple carries the weakest
pair), and the wilds left over go where they add most (a single becomes a pair, a pair a triple, a
triple a bomb, or they stay level cards). The value of a split is the sum of its plays' values (high
plays are worth keeping: they win the lead back; low ones are a burden) minus a fixed cost per play,
so fewer plays is better.

The plan search is memoized across decisions (``_MEMO`` by rank counts, ``_HANDS`` by whole
hands). Choice where the spec is silent: the plan search never breaks a bomb to make a sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules.cards import RANKS, SUITS, Card

#: Value units (a play costs PLAY_COST; group values are relative to it).
PLAY_COST = 10.0

# Sequence candidates over natural rank indexes 0..12 (2..A); -1 stands for the low ace.
_STRAIGHTS = [tuple(range(s, s + 5)) for s in range(-1, 9)]
_TUBES = [tuple(range(s, s + 3)) for s in range(-1, 11)]
_PLATES = [tuple(range(s, s + 2)) for s in range(-1, 12)]
# (ranks as indexes 0..12, cards needed per rank, kind)
_CANDIDATES: list[tuple[tuple[int, ...], int, str]] = (
    [(tuple(r % 13 if r >= 0 else 12 for r in seq), 1, "straight") for seq in _STRAIGHTS]
    + [(tuple(r % 13 if r >= 0 else 12 for r in seq), 2, "tube") for seq in _TUBES]
    + [(tuple(r % 13 if r >= 0 else 12 for r in seq), 3, "plate") for seq in _PLATES]
)
# Natural index of each candidate's top card (an A-low sequence tops at its highest small card).
_CAND_TOP = [seq[-1] for seq in _STRAIGHTS + _TUBES + _PLATES]
#: Per candidate: its ranks as a bit mask, the cards needed per rank, and the sequence's own value.
_CAND_FAST = [
    (sum(1 << r for r in ranks), need, (0.35 * (top - 7)) - PLAY_COST)
    for (ranks, need, _), top in zip(_CANDIDATES, _CAND_TOP, strict=True)
]

_MEMO: dict[tuple[object, ...], tuple[float, int]] = {}
_MEMO_LIMIT = 10_000  # plan memo entries (cleared when full): ~4 MB; 10k to 100k were as fast
#: Whole hands already valued (by sorted card indexes): rollouts and the candidates' shared
#: samples value the same hands again and again.
_HANDS: dict[tuple[object, ...], tuple[float, int]] = {}
_HANDS_LIMIT = 10_000


def _strengths(level: str) -> list[int]:
    """G4.3 single strength 0..12 of each natural rank index, the level rank lifted to 12."""
    lvl = RANKS.index(level)
    out = []
    for idx in range(13):
        if idx == lvl:
            out.append(12)
        else:
            out.append(idx if idx < lvl else idx - 1)
    return out


STRENGTH_CACHE = {level: _strengths(level) for level in RANKS}


def _single(s: float) -> float:
    return s - 8.0


def _pair(s: float) -> float:
    return 1.2 * (s - 7.0)


def _triple(s: float) -> float:
    return s - 6.0


def _bomb(size: int, s: float) -> float:
    return 12.0 + 2.5 * (size - 4) + 0.1 * s


def _remainder(
    nat: tuple[int, ...], w: int, bj: int, rj: int, strength: list[int]
) -> tuple[float, int]:
    """Value and play count of a hand with no sequences left (singles … bombs, full houses)."""
    counts = list(nat)
    # Wilds go where one more card adds most; staying a level card is the baseline (a wild
    # alone is a level single, two wilds a level pair, G5.4).
    if w:
        lvl = strength.index(12)
        for _ in range(w):
            best_rank, best_gain = lvl, -1e9
            for idx in range(13):
                gain = _GAIN[counts[idx]][strength[idx]]
                if gain > best_gain:
                    best_rank, best_gain = idx, gain
            counts[best_rank] += 1
    value = 0.0
    plays = 0
    pairs: list[float] = []
    triples = 0
    for idx in range(13):
        c = counts[idx]
        if not c:
            continue
        if c == 2:
            pairs.append(_PAIR[strength[idx]])
        else:
            value += _GROUP[c][strength[idx]]
            plays += 1
            if c == 3:
                triples += 1
    # Jokers: two identical jokers pair (G5.2); all four are the top bomb (G5.6).
    if bj == 2 and rj == 2:
        value += 25.0
        plays += 1
    else:
        for n, s in ((bj, 13), (rj, 14)):
            if n == 2:
                pairs.append(_pair(s))
            elif n == 1:
                value += _single(s)
                plays += 1
    pairs.sort()
    carried = min(triples, len(pairs))
    # Each triple carries one of the weakest pairs as a full house: that pair is no longer a
    # play of its own and no longer a burden.
    for v in pairs[carried:]:
        value += v
    plays += len(pairs) - carried
    return value - PLAY_COST * plays, plays


def _group_value(c: int, s: int) -> float:
    """Value of c cards of one rank as one group, the play cost included (0 for none)."""
    if c == 0:
        return 0.0
    if c == 1:
        return _single(s) - PLAY_COST
    if c == 2:
        return _pair(s) - PLAY_COST
    if c == 3:
        return _triple(s) - PLAY_COST
    return _bomb(c, s) - PLAY_COST


#: _group_value, a pair's value and the gain of one more card, by count and strength (tables:
#: the planner's inner loops read them instead of calling, the same floats).
_MAX_COUNT = 12
_GROUP = [[_group_value(c, s) for s in range(15)] for c in range(_MAX_COUNT + 1)]
_GAIN = [
    [_group_value(c + 1, s) - _group_value(c, s) for s in range(15)] for c in range(_MAX_COUNT)
]
_PAIR = [_pair(s) for s in range(15)]
#: A rank's count as the planner's sequences see it: 0..3, or 4 for a bomb.
_BUCKET = tuple(min(c, 4) for c in range(_MAX_COUNT + 1))


def _best(
    nat: tuple[int, ...], w: int, bj: int, rj: int, start: int, level: str
) -> tuple[float, int]:
    """Best (value, plays) of the hand, trying sequences from candidate ``start`` on."""
    key = (nat, w, bj, rj, start, level)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit
    best = _remainder(nat, w, bj, rj, STRENGTH_CACHE[level])
    # ranks by count as bit masks: which ranks a candidate lacks, breaks or uses whole
    by_count = [0, 0, 0, 0, 0]
    for r, c in enumerate(nat):
        by_count[_BUCKET[c]] |= 1 << r
    zero, one, two, three, bombs = by_count
    exact = (0, one, two, three)
    lacking = (0, zero, zero | one, zero | one | two)
    for ci in range(start, len(_CANDIDATES)):
        mask, need, seq_value = _CAND_FAST[ci]
        short = mask & lacking[need]
        if mask & bombs or (short and not w):
            continue  # never break a bomb for a sequence; no wild to fill a gap
        missing = 0
        if short:
            missing = (short & zero).bit_count() * need
            if need > 1:
                missing += (short & one).bit_count() * (need - 1)
                if need > 2:
                    missing += (short & two).bit_count()
            if missing > w:
                continue
        if (mask & exact[need]).bit_count() < (2 if need != 3 else 1):
            # a sequence made mostly by breaking bigger groups rarely saves a play
            continue
        counts = list(nat)
        for r in _CANDIDATES[ci][0]:
            counts[r] = max(0, counts[r] - need)
        sub_value, sub_plays = _best(tuple(counts), w - missing, bj, rj, ci, level)
        total = seq_value + sub_value
        if total > best[0]:
            best = (total, sub_plays + 1)
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def _categories(level: str) -> tuple[int, ...]:
    """Per card index (0..53): its natural rank index 0..12, or 13 for a wild heart of
    ``level``, 14 for a black joker, 15 for a red one (what :func:`rank_counts` tallies)."""
    wild = RANKS.index(level) * 4 + SUITS.index("H")
    return tuple(13 if i == wild else i // 4 for i in range(52)) + (14, 15)


_CATEGORY = {level: _categories(level) for level in RANKS}


def rank_counts(cards: Iterable[Card], level: str) -> tuple[tuple[int, ...], int, int, int]:
    """(natural counts 2..A without wilds, wilds, black jokers, red jokers)."""
    tally = [0] * 16
    category = _CATEGORY[level]
    for card in cards:
        tally[category[card.index]] += 1
    return tuple(tally[:13]), tally[13], tally[14], tally[15]


#: Per five-card straight: its natural rank indexes (the low ace as 12) and their bit mask.
_STRAIGHT_RANKS = [tuple(r % 13 if r >= 0 else 12 for r in seq) for seq in _STRAIGHTS]
_STRAIGHT_MASKS = [sum(1 << r for r in ranks) for ranks in _STRAIGHT_RANKS]


def _straight_flushes(cards: Sequence[Card], level: str, wilds: int) -> list[list[Card]]:
    """Concrete straight flushes in ``cards`` (wilds may fill gaps, G5.6), non-wild cards only
    listed: the caller removes those and spends the missing count of wilds."""
    found = []
    by_suit: dict[str, dict[int, Card]] = {}
    for card in cards:
        if card.suit is None or (card.rank == level and card.suit == "H"):
            continue
        by_suit.setdefault(card.suit, {})[card.index >> 2] = card
    need = max(5 - wilds, 3)
    for suit_cards in by_suit.values():
        if len(suit_cards) + wilds < 5:
            continue
        held = sum(1 << r for r in suit_cards)
        for ranks, mask in zip(_STRAIGHT_RANKS, _STRAIGHT_MASKS, strict=True):
            if (held & mask).bit_count() >= need:
                found.append([suit_cards[r] for r in ranks if r in suit_cards])
    return found


def plan_value(cards: Sequence[Card], level: str, *, deep: bool = True) -> tuple[float, int]:
    """(value, number of plays) of the best split of ``cards`` at ``level``; ``deep=False``
    skips sequences (a quick lower bound used to pre-sort long action lists)."""
    if not deep:
        nat, w, bj, rj = rank_counts(cards, level)
        return _remainder(nat, w, bj, rj, STRENGTH_CACHE[level])
    key = (level, *sorted([card.index for card in cards]))
    hit = _HANDS.get(key)
    if hit is not None:
        return hit
    nat, w, bj, rj = rank_counts(cards, level)
    best = _best(nat, w, bj, rj, 0, level)
    if len(cards) >= 5:
        for sf in _straight_flushes(cards, level, w):
            missing = 5 - len(sf)
            rest = list(nat)
            for card in sf:
                rest[card.index >> 2] -= 1
            sub = _best(tuple(rest), w - missing, bj, rj, 0, level)
            total = sub[0] + 14.0 - PLAY_COST
            if total > best[0]:
                best = (total, sub[1] + 1)
    if len(_HANDS) > _HANDS_LIMIT:
        _HANDS.clear()
    _HANDS[key] = best
    return best


def estimate_plays(cards: Sequence[Card], level: str) -> int:
    """How many plays the planner needs to empty ``cards`` (used by the search's leaf value)."""
    return plan_value(list(cards), level)[1] if cards else 0
