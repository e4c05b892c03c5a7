"""Frozen copy of game/games/guandan/plan.py of 6 December 2026 (``normal-v3``, issue 56): do not
change it. The text below is the original's.

The Guandan bot's hand planner (issue 11): the value of a hand as its best split into plays.

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

from game.rules.cards import RANKS, Card

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


_STRENGTH_CACHE = {level: _strengths(level) for level in RANKS}


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
    lvl = strength.index(12)
    for _ in range(w):
        best_rank, best_gain = lvl, -1e9
        for idx in range(13):
            c = counts[idx]
            s = strength[idx]
            gain = _group_value(c + 1, s) - _group_value(c, s)
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
        s = strength[idx]
        if c == 2:
            pairs.append(_pair(s))
        else:
            value += _group_value(c, s)
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


def _best(
    nat: tuple[int, ...], w: int, bj: int, rj: int, start: int, level: str
) -> tuple[float, int]:
    """Best (value, plays) of the hand, trying sequences from candidate ``start`` on."""
    key = (nat, w, bj, rj, start, level)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit
    strength = _STRENGTH_CACHE[level]
    best = _remainder(nat, w, bj, rj, strength)
    for ci in range(start, len(_CANDIDATES)):
        ranks, need, kind = _CANDIDATES[ci]
        missing = 0
        ok = True
        singles = 0
        for r in ranks:
            c = nat[r]
            if c >= 4:
                ok = False  # never break a bomb for a sequence
                break
            if c < need:
                missing += need - c
            if c == need:
                singles += 1
        if not ok or missing > w:
            continue
        if singles < 2 if kind != "plate" else singles < 1:
            # a sequence made mostly by breaking bigger groups rarely saves a play
            continue
        counts = list(nat)
        for r in ranks:
            counts[r] = max(0, counts[r] - need)
        top = _CAND_TOP[ci]
        seq_value = (0.35 * (top - 7)) - PLAY_COST
        sub_value, sub_plays = _best(tuple(counts), w - missing, bj, rj, ci, level)
        total = seq_value + sub_value
        if total > best[0]:
            best = (total, sub_plays + 1)
    if len(_MEMO) > _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = best
    return best


def _counts(cards: Iterable[Card], level: str) -> tuple[tuple[int, ...], int, int, int]:
    """(natural counts 2..A without wilds, wilds, black jokers, red jokers)."""
    nat = [0] * 13
    w = bj = rj = 0
    for card in cards:
        rank = card.rank
        if rank == "BJ":
            bj += 1
        elif rank == "RJ":
            rj += 1
        elif rank == level and card.suit == "H":
            w += 1
        else:
            nat[RANKS.index(rank)] += 1
    return tuple(nat), w, bj, rj


def _straight_flushes(cards: Sequence[Card], level: str, wilds: int) -> list[list[Card]]:
    """Concrete straight flushes in ``cards`` (wilds may fill gaps, G5.6), non-wild cards only
    listed: the caller removes those and spends the missing count of wilds."""
    found = []
    by_suit: dict[str, dict[int, Card]] = {}
    for card in cards:
        if card.suit is None or (card.rank == level and card.suit == "H"):
            continue
        by_suit.setdefault(card.suit, {})[RANKS.index(card.rank)] = card
    for suit_cards in by_suit.values():
        if len(suit_cards) + wilds < 5:
            continue
        for seq in _STRAIGHTS:
            present = [
                suit_cards[r % 13 if r >= 0 else 12]
                for r in seq
                if (r % 13 if r >= 0 else 12) in suit_cards
            ]
            if len(present) >= 5 - wilds and len(present) >= 3:
                found.append(present)
    return found


def plan_value(cards: Sequence[Card], level: str, *, deep: bool = True) -> tuple[float, int]:
    """(value, number of plays) of the best split of ``cards`` at ``level``; ``deep=False``
    skips sequences (a quick lower bound used to pre-sort long action lists)."""
    if not deep:
        nat, w, bj, rj = _counts(cards, level)
        return _remainder(nat, w, bj, rj, _STRENGTH_CACHE[level])
    key = (level, *sorted([card.index for card in cards]))
    hit = _HANDS.get(key)
    if hit is not None:
        return hit
    nat, w, bj, rj = _counts(cards, level)
    best = _best(nat, w, bj, rj, 0, level)
    if len(cards) >= 5:
        for sf in _straight_flushes(cards, level, w):
            missing = 5 - len(sf)
            rest = list(nat)
            for card in sf:
                rest[RANKS.index(card.rank)] -= 1
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
