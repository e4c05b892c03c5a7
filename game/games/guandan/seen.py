"""What the Guandan bot knows of the cards (issue 53: out of :mod:`.bot`): what it reads of a
view (:class:`Seen`), the cards it has not seen counted by strength, whether a play is beaten
by no unseen cards but a bomb (:func:`is_boss`) and how many rank above it
(:func:`shares_above`), and an ordering key of plays (:func:`combo_power`)."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.guandan.plan import STRENGTH_CACHE
from game.games.guandan.rules import View
from game.games.guandan.value import stronger
from game.rules.cards import RANKS, Card, parse_cards

_ALL_CARDS = [card for card in parse_cards(" ".join(f"{r}S {r}H {r}D {r}C" for r in RANKS))]
_ALL_CARDS += parse_cards("BJ RJ")


def remove_cards(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``hand`` without ``used`` (the first copy of each, as ``list.remove``), found by card
    index: comparing ints is several times quicker than comparing cards."""
    rest = list(hand)
    ids = [card.index for card in rest]
    for card in used:
        at = ids.index(card.index)
        del ids[at]
        del rest[at]
    return rest


def combo_power(combo: object, level: str) -> tuple[int, int, int]:
    """An ordering key for plays (G5.5 tie-break between meanings of the same cards): bombs
    above everything in G5.6 order (4 < 5 < straight flush < 6 < … < joker bomb), then size,
    then main rank (G4.3 strength; natural rank for sequences)."""
    if combo is None:
        return (0, 0, 0)
    kind = getattr(combo, "kind", "")
    rank = getattr(combo, "rank", None)
    if rank in ("BJ", "RJ"):
        s = 13 if rank == "BJ" else 14
    elif rank in RANKS:
        if kind in ("straight", "tube", "plate", "straight_flush"):
            s = RANKS.index(rank)
        else:
            s = STRENGTH_CACHE[level][RANKS.index(rank)]
    else:
        s = 15
    size = len(getattr(combo, "cards", ()) or ())
    if kind == "joker_bomb":
        return (2, 99, 15)
    if kind == "straight_flush":
        return (2, 2, s)
    if kind == "bomb":
        return (2, size - 4 if size <= 5 else size - 3, s)
    return (0, size, s)


class Seen:
    """What the bot reads from a Guandan view (``game.games.guandan.rules.View``): its seat and
    hand, the level, every seat's card count, the play to beat and who made it, who has
    finished, the phase."""

    __slots__ = (
        "seat",
        "hand",
        "level",
        "counts",
        "last",
        "last_seat",
        "finished",
        "phase",
        "played",
    )

    def __init__(self, view: View) -> None:
        self.seat: int = view.seat
        self.hand: list[Card] = list(view.hand)
        self.level: str = view.level
        self.counts: list[int] = list(view.hand_counts)
        self.last = view.last_play
        self.last_seat: int | None = view.last_seat
        self.finished: list[int] = list(view.finish_order)
        self.phase: str = view.phase
        self.played: tuple[Card, ...] = tuple(getattr(view, "played", ()))


def unseen_strengths(seen: Seen) -> tuple[list[int], int]:
    """Cards this seat has not seen (two decks minus its hand and every play), as counts per
    G4.3 single strength 0..14 (13, 14 the jokers) without the level's wild hearts, and the
    count of those wilds (G5.4)."""
    counts = [2] * 54
    for card in seen.hand:
        counts[card.index] -= 1
    for card in seen.played:
        counts[card.index] -= 1
    strength = STRENGTH_CACHE[seen.level]
    by_strength = [0] * 15
    wilds = 0
    for card in _ALL_CARDS:
        n = counts[card.index]
        if n <= 0:
            continue
        if card.rank == "BJ":
            by_strength[13] += n
        elif card.rank == "RJ":
            by_strength[14] += n
        elif card.rank == seen.level and card.suit == "H":
            wilds += n
        else:
            by_strength[strength[RANKS.index(card.rank)]] += n
    return by_strength, wilds


def is_boss(combo: object, level: str, unseen: tuple[list[int], int]) -> bool:
    """True when no unseen cards can beat ``combo`` without a bomb (G5.5): a single, pair or
    triple (a full house by its triple) with no stronger group of that size left unseen."""
    kind = getattr(combo, "kind", "")
    need = {"single": 1, "pair": 2, "triple": 3, "full_house": 3}.get(kind)
    rank = getattr(combo, "rank", None)
    if need is None or rank is None:
        return False
    by_strength, wilds = unseen
    if rank in ("BJ", "RJ"):
        s = 13 if rank == "BJ" else 14
    else:
        s = STRENGTH_CACHE[level][RANKS.index(rank)]
    for t in range(s + 1, 15):
        if t >= 13:  # jokers pair only with their own kind and never make a triple (G5.2)
            have = by_strength[t] if need <= 2 else 0
        elif need == 1:  # a wild alone is a level-rank single (G5.4)
            have = by_strength[t] + (wilds if t == 12 else 0)
        else:
            have = by_strength[t] + wilds if (by_strength[t] or t == 12) else 0
        if have >= need:
            return False
    return True


def shares_above(unseen: tuple[list[int], int]) -> list[float]:
    """Per G4.3 single strength 0..14, the share of the unseen cards (:func:`unseen_strengths`)
    that rank above it, a wild heart counting as a level card."""
    total = sum(unseen[0]) + unseen[1]
    return [n / total if total else 0.0 for n in stronger(*unseen)]
