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

The hand as the lister sees it is :mod:`.hand`, the plays of each kind :mod:`.kinds`.

Speed: a hand's plays are generated per kind on first need and memoized by (hand, level) in a
bounded table, and equal plays are interned; what is listed depends only on the hand, the
level and the last play, never on the memo.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from game.games.guandan.rules.combos import BOMB_KINDS, Combo, Level
from game.games.guandan.rules.hand import Hand, clear_caches
from game.games.guandan.rules.kinds import KIND_PLAYS
from game.games.guandan.rules.options import STRAIGHT_FLUSH_AS_STRAIGHT, checked
from game.rules.base import Action

#: Non-bomb kinds in the order a leader's list gives them.
_PLAIN_KINDS = ("single", "pair", "triple", "full_house", "straight", "tube", "plate")
_CACHE_LIMIT = 512  # hands; each holds its plays, a few kB


def _of_kind(hand: Hand, kind: str) -> list[tuple[int, Action]]:
    """Every play of ``kind`` the hand makes ("bomb" here means all bombs) as (power,
    action), listed on first need and kept with the hand."""
    found = hand.kinds.get(kind)
    if found is None:
        found = []
        KIND_PLAYS[kind](hand, found)
        hand.kinds[kind] = found
    return found


_HANDS: dict[tuple[bytes, str, bool], Hand] = {}
# The table's thread and the bots' worker threads share the memo: evicting and adding go
# under one lock (two threads evicting the same oldest hand once raised a KeyError).
_HANDS_LOCK = threading.Lock()


def _hand(counts: list[int], lv: Level, flush_as_straight: bool = False) -> Hand:
    key = (bytes(counts), lv.rank, flush_as_straight)
    hand = _HANDS.get(key)
    if hand is None:
        hand = Hand(counts, lv, flush_as_straight)
        with _HANDS_LOCK:
            if len(_HANDS) >= _CACHE_LIMIT:
                # A bounded memo (the AI revisits few hands at a time): the oldest hand goes,
                # rather than all of them at once (a stall of milliseconds every few deals).
                del _HANDS[next(iter(_HANDS))]
            hand = _HANDS.setdefault(key, hand)
    return hand


def clear_memo() -> None:
    """Forget the memoized hands and plays (benchmarks time the uncached path with it)."""
    with _HANDS_LOCK:
        _HANDS.clear()
    clear_caches()


def plays(
    counts: list[int], lv: Level, last: Combo | None, options: Mapping[str, object] | None = None
) -> list[Action]:
    """Every legal play meaning of the hand ``counts`` against ``last`` (None: leading)."""
    hand = _hand(counts, lv, options is not None and checked(options)[STRAIGHT_FLUSH_AS_STRAIGHT])
    if last is None:
        lead = hand.lead
        if lead is None:
            lead = [action for kind in _PLAIN_KINDS for _, action in _of_kind(hand, kind)]
            lead += [action for _, action in _of_kind(hand, "bomb")]
            hand.lead = lead
        return list(lead)
    threshold = lv.power(last)
    if last.kind in BOMB_KINDS:
        return [action for power, action in _of_kind(hand, "bomb") if power > threshold]
    out = [action for power, action in _of_kind(hand, last.kind) if power > threshold]
    bombs = hand.bomb_actions
    if bombs is None:
        bombs = hand.bomb_actions = [action for _, action in _of_kind(hand, "bomb")]
    out += bombs
    return out
