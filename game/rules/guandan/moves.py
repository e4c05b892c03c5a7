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
- a plain straight never consists of one suit (that would be a straight flush, G5.6); when the
  naturals of a window exist in one suit only, the window is offered as a straight flush only;
- a straight flush of a given top takes the suit that needs the fewest wilds;
- a bomb of N cards takes N naturals when the hand has them; each size is its own meaning.

Any other card set with a legal meaning is accepted by the state too (``actions_for``).
"""

from __future__ import annotations

from operator import attrgetter

from game.rules.base import Action
from game.rules.cards import Card
from game.rules.guandan.combos import (
    CARD_BY_INDEX,
    HEARTS,
    POS_RANK,
    RANK_CHARS,
    Combo,
    Level,
    bomb_power,
)

_NO_LIMIT = -1
_PLAY = "play"
_BY_INDEX = attrgetter("index")
#: Kinds whose card choice looks at straight-flush material ("" = answering a bomb).
_SUITS = (0, 1, 2, 3)
_NO_USAGE = [[0] * 13 for _ in range(4)]  # read only
_SF_AWARE = frozenset(("single", "pair", "triple", "full_house", "straight", ""))


def plays(counts: list[int], lv: Level, last: Combo | None) -> list[Action]:
    """Every legal play meaning of the hand ``counts`` against ``last`` (None: leading)."""
    wild_index = lv.wild_index
    wilds = counts[wild_index]
    wild = lv.wild
    level_rank = lv.rank_index
    strength = lv.strength
    # suit_counts[s][r]: natural cards of rank r and suit s (the wilds left out).
    suit_counts = [counts[s:52:4] for s in range(4)]
    if wilds:
        hearts = list(suit_counts[HEARTS])
        hearts[level_rank] -= wilds
        suit_counts[HEARTS] = hearts
    c = [counts[i] + counts[i + 1] + counts[i + 2] + counts[i + 3] for i in range(0, 52, 4)]
    c[level_rank] -= wilds
    bj = counts[52]
    rj = counts[53]

    if last is None:
        want = None
        threshold = _NO_LIMIT
        bomb_threshold = _NO_LIMIT
    elif last.is_bomb:
        want = ""
        threshold = _NO_LIMIT
        bomb_threshold = lv.power(last)
    else:
        want = last.kind
        threshold = lv.power(last)
        bomb_threshold = _NO_LIMIT

    out: list[Action] = []
    # Straight-flush windows the hand can fill (per suit a bit mask of sequence positions, the
    # ace at both ends), and how many of them use each (suit, rank): plain plays avoid those.
    usage: list[list[int]] | None = None
    sf_best: dict[int, tuple[int, int]] = {}
    if want is None or want in _SF_AWARE:
        masks = []
        for s in range(4):
            row = suit_counts[s]
            mask = 1 if row[12] else 0
            for r in range(13):
                if row[r]:
                    mask |= 2 << r
            masks.append(mask)
        for top in range(4, 14):
            window = 31 << (top - 4)
            for s in range(4):
                missing = 5 - (masks[s] & window).bit_count()
                if missing <= wilds:
                    if usage is None:
                        usage = [[0] * 13 for _ in range(4)]
                    used = usage[s]
                    for pos in range(top - 4, top + 1):
                        used[POS_RANK[pos]] += 1
                    best = sf_best.get(top)
                    if best is None or missing < best[0]:
                        sf_best[top] = (missing, s)

    by_rank: list[list[Card] | None] = [None] * 13

    def pick(r: int, k: int) -> list[Card]:
        # k natural cards of rank r, suits least needed by straight flushes first.
        cards = by_rank[r]
        if cards is None:
            cards = []
            order = _SUITS if usage is None else sorted(_SUITS, key=lambda s: usage[s][r])
            for s in order:
                have = suit_counts[s][r]
                if have:
                    card = CARD_BY_INDEX[r * 4 + s]
                    cards.append(card)
                    if have > 1:
                        cards.append(card)
            by_rank[r] = cards
        return cards[:k]

    def emit(kind: str, rank: str | None, cards: list[Card]) -> None:
        cards.sort(key=_BY_INDEX)
        held = tuple(cards)
        out.append(Action(_PLAY, held, Combo(kind, rank, held)))

    if want is None or want == "single":
        for r in range(13):
            if strength[r] > threshold and (c[r] or (r == level_rank and wilds)):
                emit("single", RANK_CHARS[r], pick(r, 1) if c[r] else [wild])
        if bj and strength[13] > threshold:
            emit("single", "BJ", [CARD_BY_INDEX[52]])
        if rj and strength[14] > threshold:
            emit("single", "RJ", [CARD_BY_INDEX[53]])
    if want is None or want == "pair":
        for r in range(13):
            if strength[r] > threshold and (c[r] or r == level_rank) and c[r] + wilds >= 2:
                naturals = min(c[r], 2)
                emit("pair", RANK_CHARS[r], pick(r, naturals) + [wild] * (2 - naturals))
        if bj == 2 and strength[13] > threshold:
            emit("pair", "BJ", [CARD_BY_INDEX[52]] * 2)
        if rj == 2 and strength[14] > threshold:
            emit("pair", "RJ", [CARD_BY_INDEX[53]] * 2)
    if want is None or want == "triple":
        for r in range(13):
            if strength[r] > threshold and c[r] and c[r] + wilds >= 3:
                naturals = min(c[r], 3)
                emit("triple", RANK_CHARS[r], pick(r, naturals) + [wild] * (3 - naturals))
    if want is None or want == "full_house":
        _full_houses(c, wilds, bj, rj, strength, threshold, pick, emit, wild)
    if want is None or want == "straight":
        _straights(c, suit_counts, wilds, threshold, usage or _NO_USAGE, emit, wild)
    if want is None or want == "tube":
        for top in range(2, 14):
            if top > threshold:
                _sequence(c, wilds, top, 3, 2, "tube", pick, emit, wild)
    if want is None or want == "plate":
        for top in range(1, 14):
            if top > threshold:
                _sequence(c, wilds, top, 2, 3, "plate", pick, emit, wild)

    # Bombs (every follower may bomb; only stronger bombs answer a bomb).
    for r in range(13):
        total = c[r] + wilds
        if c[r] and total >= 4:
            for size in range(4, min(total, 10) + 1):
                if bomb_threshold < 0 or bomb_power(lv, "bomb", size, strength[r]) > bomb_threshold:
                    naturals = min(c[r], size)
                    emit("bomb", RANK_CHARS[r], pick(r, naturals) + [wild] * (size - naturals))
    for top, (_missing, s) in sf_best.items():
        if bomb_power(lv, "straight_flush", 5, top) > bomb_threshold:
            row = suit_counts[s]
            cards = []
            for pos in range(top - 4, top + 1):
                r = POS_RANK[pos]
                cards.append(CARD_BY_INDEX[r * 4 + s] if row[r] else wild)
            emit("straight_flush", RANK_CHARS[top - 1], cards)
    if bj == 2 and rj == 2 and bomb_power(lv, "joker_bomb", 4, 0) > bomb_threshold:
        emit("joker_bomb", None, [CARD_BY_INDEX[52]] * 2 + [CARD_BY_INDEX[53]] * 2)
    return out


def _full_houses(c, wilds, bj, rj, strength, threshold, pick, emit, wild) -> None:  # noqa: ANN001
    # Pair options as (wilds needed, not an exact pair, strength, rank); jokers are ranks 13/14.
    options = []
    for p in range(13):
        if c[p] and c[p] + wilds >= 2:
            need = max(0, 2 - c[p])
            options.append((need, c[p] != 2, strength[p], p))
    if bj == 2:
        options.append((0, False, strength[13], 13))
    if rj == 2:
        options.append((0, False, strength[14], 14))
    options.sort()
    for t in range(13):
        if not c[t] or c[t] + wilds < 3 or strength[t] <= threshold:
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
        cards = pick(t, naturals) + [wild] * (3 - naturals)
        if p == -1:
            cards += [wild, wild]
        elif p >= 13:
            cards += [CARD_BY_INDEX[39 + p]] * 2
        else:
            cards += pick(p, 2 - need) + [wild] * need
        emit("full_house", RANK_CHARS[t], cards)


def _straights(c, suit_counts, wilds, threshold, usage, emit, wild) -> None:  # noqa: ANN001
    for top in range(4, 14):
        if top <= threshold:
            continue
        missing = 0
        for pos in range(top - 4, top + 1):
            if not c[POS_RANK[pos]]:
                missing += 1
        if missing > wilds:
            continue
        # Per position the suit least used by straight flushes; then make sure of two suits.
        chosen: list[tuple[int, int]] = []  # (rank, suit) of the naturals
        for pos in range(top - 4, top + 1):
            r = POS_RANK[pos]
            if c[r]:
                best = -1
                for s in range(4):
                    if suit_counts[s][r] and (best < 0 or usage[s][r] < usage[best][r]):
                        best = s
                chosen.append((r, best))
        first_suit = chosen[0][1]
        if all(s == first_suit for _, s in chosen):
            swap = None
            for i, (r, _) in enumerate(chosen):
                for s in range(4):
                    if s != first_suit and suit_counts[s][r]:
                        if swap is None or usage[s][r] < usage[swap[1]][swap[0]]:
                            swap = (r, s, i)
                # keep looking: the cheapest alternative over all positions wins
            if swap is None:
                continue  # one suit only: this window is a straight flush, not a straight
            r, s, i = swap
            chosen[i] = (r, s)
        cards = [CARD_BY_INDEX[r * 4 + s] for r, s in chosen] + [wild] * missing
        emit("straight", RANK_CHARS[top - 1], cards)


def _sequence(c, wilds, top, length, width, kind, pick, emit, wild) -> None:  # noqa: ANN001
    need = 0
    for pos in range(top - length + 1, top + 1):
        have = c[POS_RANK[pos]]
        if have < width:
            need += width - have
    if need > wilds:
        return
    cards: list[Card] = []
    for pos in range(top - length + 1, top + 1):
        r = POS_RANK[pos]
        cards += pick(r, min(c[r], width))
    cards += [wild] * need
    emit(kind, RANK_CHARS[top - 1], cards)
