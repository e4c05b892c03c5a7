"""The plays of each kind a Guandan hand can make (issue 53: out of :mod:`.moves`): singles,
pairs, triples and bombs by rank, full houses, straights and straight flushes, tubes and
plates, each chosen by the rules in :mod:`.moves`' docstring and listed weakest first."""

from __future__ import annotations

from collections.abc import Callable

from game.games.guandan.rules.combos import CARD_BY_INDEX, POS_RANK, RANK_CHARS, bomb_power
from game.games.guandan.rules.hand import NO_USAGE, WINDOW, Hand, emit, emit_single
from game.rules.base import Action
from game.rules.cards import Card


def _singles(hand: Hand, out: list[tuple[int, Action]]) -> None:
    strength, level_rank = hand.lv.strength, hand.lv.rank_index
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        out.append((of_rank[r] or rank_plays(r))[0])
    if hand.wilds and not hand.c[level_rank]:  # G5.4: a wild alone is the level single
        emit_single(out, strength[level_rank], RANK_CHARS[level_rank], hand.lv.wild)
    if hand.bj:
        emit_single(out, strength[13], "BJ", CARD_BY_INDEX[52])
    if hand.rj:
        emit_single(out, strength[14], "RJ", CARD_BY_INDEX[53])


def _pairs(hand: Hand, out: list[tuple[int, Action]]) -> None:
    c, strength, level_rank, wilds = hand.c, hand.lv.strength, hand.lv.rank_index, hand.wilds
    wild = hand.lv.wild
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        pair = (of_rank[r] or rank_plays(r))[1]
        if pair is not None:
            out.append(pair)
    if wilds == 2 and not c[level_rank]:  # G5.4: two wilds alone are the level pair
        emit(out, strength[level_rank], "pair", RANK_CHARS[level_rank], [wild, wild])
    if hand.bj == 2:
        emit(out, strength[13], "pair", "BJ", [CARD_BY_INDEX[52]] * 2)
    if hand.rj == 2:
        emit(out, strength[14], "pair", "RJ", [CARD_BY_INDEX[53]] * 2)


def _triples(hand: Hand, out: list[tuple[int, Action]]) -> None:
    of_rank, rank_plays = hand.of_rank, hand.rank_plays
    for r in hand.ranks:
        triple = (of_rank[r] or rank_plays(r))[2]
        if triple is not None:
            out.append(triple)


def _tubes(hand: Hand, out: list[tuple[int, Action]]) -> None:
    if hand.naturals + hand.wilds < 6:
        return
    one, two, _ = hand.positions()
    windows = WINDOW[3]
    for top in range(2, 14):
        window = windows[top]
        if 6 - (one & window).bit_count() - (two & window).bit_count() <= hand.wilds:
            _sequence(hand, top, 3, 2, "tube", out)


def _plates(hand: Hand, out: list[tuple[int, Action]]) -> None:
    if hand.naturals + hand.wilds < 6:
        return
    one, two, three = hand.positions()
    windows = WINDOW[2]
    for top in range(1, 14):
        window = windows[top]
        have = (one & window).bit_count() + (two & window).bit_count()
        if 6 - have - (three & window).bit_count() <= hand.wilds:
            _sequence(hand, top, 2, 3, "plate", out)


def _bombs(hand: Hand, out: list[tuple[int, Action]]) -> None:
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
        emit(
            out,
            bomb_power(lv, "straight_flush", 5, top),
            "straight_flush",
            RANK_CHARS[top - 1],
            cards,
        )
    if hand.bj == 2 and hand.rj == 2:
        jokers = [CARD_BY_INDEX[52]] * 2 + [CARD_BY_INDEX[53]] * 2
        emit(out, bomb_power(lv, "joker_bomb", 4, 0), "joker_bomb", None, jokers)


def _full_houses(hand: Hand, out: list[tuple[int, Action]]) -> None:
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
        emit(out, strength[t], "full_house", RANK_CHARS[t], cards)


def _straights(hand: Hand, out: list[tuple[int, Action]]) -> None:
    c, suit_counts, wilds, wild = hand.c, hand.suit_counts, hand.wilds, hand.lv.wild
    if len(hand.ranks) + wilds < 5:
        return
    usage = hand.usage or NO_USAGE
    present = hand.positions()[0]
    for top in range(4, 14):
        missing = 5 - (present & WINDOW[5][top]).bit_count()
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
        emit(out, top, "straight", RANK_CHARS[top - 1], cards)


def _sequence(
    hand: Hand, top: int, length: int, width: int, kind: str, out: list[tuple[int, Action]]
) -> None:
    window = WINDOW[length][top]
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
    emit(out, top, kind, RANK_CHARS[top - 1], cards)


#: The lister of each kind ("bomb": every bomb), each appending (power, action) to its list.
KIND_PLAYS: dict[str, Callable[[Hand, list[tuple[int, Action]]], None]] = {
    "single": _singles,
    "pair": _pairs,
    "triple": _triples,
    "full_house": _full_houses,
    "straight": _straights,
    "tube": _tubes,
    "plate": _plates,
    "bomb": _bombs,
}
