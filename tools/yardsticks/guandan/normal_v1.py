"""``normal-v1``: a frozen copy of the Guandan Normal of 2 December 2026 (issue 31), the yardstick
that tools/arena.py measures the current Normal against. Reachable only from the arena and the
tests, never a game level; do not change it (its figures in docs/ai-notes.md depend on it).

The text below is the original's.

The Guandan heuristic bot (issue 11): a hand planner and partner-aware play.

Hand planner. A hand is valued as the best split into plays (guandan.md G5): bombs (four or
more of a rank), the four-joker bomb and straight flushes are kept whole; straights, tubes and
plates are tried by a memoized depth-first search over rank counts, with the wild hearts of the
level filling gaps (G5.4); what is left groups into singles, pairs, triples and full houses
(each triple carries the weakest pair), and the wilds left over go where they add most (a single
becomes a pair, a pair a triple, a triple a bomb, or they stay level cards). The value of a
split is the sum of its plays' values (high plays are worth keeping: they win the lead back;
low ones are a burden) minus a fixed cost per play, so fewer plays is better.

Play. Every legal action is scored by the value of the hand it leaves plus situation terms:
- leading: shed the weakest play; never lead a bomb unless it finishes; when the partner is
  close to going out, lead something small of a size it can follow; when an opponent is close
  to going out, avoid leading a weak play of the size it holds;
- following the partner: pass unless the play finishes the hand;
- following an opponent: beat it when that costs little; bomb only when an opponent is close to
  going out or the bomb leaves at most two plays (so it can finish);
- return (G3.5): the card whose loss hurts the plan least;
- ambiguous wild plays (G5.5): among the meanings of the same cards the stronger one wins.

``noise`` (0 = best) adds Gaussian noise of ``noise × NOISE_SCALE`` value units to every
score: Easy then misjudges close choices but still keeps the strong rules (a partner winning the
round is overtaken only rarely, idle bombs stay rare).

Speed: the plan search is memoized across decisions; with more than ``DEEP_LIMIT`` legal
actions only the ``DEEP_LIMIT`` best by a quick sequence-free value get the full search. The
``fast`` mode (the search bot's rollout policy) scores only the three cheapest plays of each
shape and the weakest bomb.

Choices where the spec is silent: "close to going out" is 6 cards or fewer for an opponent and
5 or fewer for the partner; the plan search never breaks a bomb to make a sequence.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from game.games.guandan.rules import View
from game.rules.base import Action
from game.rules.cards import RANKS, Card

#: Value units (a play costs PLAY_COST; group values are relative to it).
PLAY_COST = 10.0
BOMB_KINDS = frozenset({"bomb", "straight_flush", "joker_bomb"})
OPPONENT_DANGER = 6
PARTNER_CLOSE = 5
#: Value units of Gaussian noise per unit of ``noise`` (Easy: 0.35 × 25 ≈ 0.9 of a play).
NOISE_SCALE = 25.0
#: Above this many legal actions only the most promising ones get the full plan search.
DEEP_LIMIT = 30

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
    nat, w, bj, rj = _counts(cards, level)
    if not deep:
        return _remainder(nat, w, bj, rj, _STRENGTH_CACHE[level])
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
    return best


def estimate_plays(cards: Sequence[Card], level: str) -> int:
    """How many plays the planner needs to empty ``cards`` (used by the search's leaf value)."""
    return plan_value(list(cards), level)[1] if cards else 0


def _remove(hand: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in used:
        rest.remove(card)
    return rest


def combo_power(combo: Any, level: str) -> tuple[int, int, int]:
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
            s = _STRENGTH_CACHE[level][RANKS.index(rank)]
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


class _Seen:
    """What the bot reads from a Guandan view (``game.games.guandan.rules.View``): its seat and
    hand, the level, every seat's card count, the play to beat and who made it, who has
    finished, the phase."""

    __slots__ = ("seat", "hand", "level", "counts", "last", "last_seat", "finished", "phase")

    def __init__(self, view: View) -> None:
        self.seat: int = view.seat
        self.hand: list[Card] = list(view.hand)
        self.level: str = view.level
        self.counts: list[int] = list(view.hand_counts)
        self.last = view.last_play
        self.last_seat: int | None = view.last_seat
        self.finished: list[int] = list(view.finish_order)
        self.phase: str = view.phase


class GuandanBotV1:
    """The frozen Normal Guandan player, reading only the view."""

    name = "guandan-normal-v1"
    #: The search bot considers only moves scored within this much of the best one (two plays'
    #: worth: smaller windows left most decisions unsearched; the partner veto, -30, still
    #: stands). Narrower windows and searching vetoed moves won less: docs/ai-notes.md.
    search_window = 20.0

    def __init__(self, *, noise: float = 0.0, fast: bool = False) -> None:
        self.noise = noise
        #: Score only a short list of plays (the cheapest of each shape, the weakest bomb): the
        #: search bot's rollout policy, several times quicker and nearly as good.
        self.fast = fast

    @staticmethod
    def _deep_set(hand: list[Card], legal: list[Action], level: str) -> set[int]:
        """The DEEP_LIMIT actions that look best by the quick value: only they get the full
        plan search (keeps long lead lists within the time goal, deterministically)."""
        quick = []
        for index, action in enumerate(legal):
            rest = _remove(hand, action.cards)
            quick.append((-plan_value(rest, level, deep=False)[0], index))
        quick.sort()
        return {index for _, index in quick[:DEEP_LIMIT]}

    def _shortlist(self, legal: list[Action], level: str) -> set[int]:
        """Indexes worth scoring in fast mode."""
        keep: set[int] = set()
        by_shape: dict[tuple[str, int], list[tuple[tuple[int, int, int], int]]] = {}
        for index, action in enumerate(legal):
            if action.kind != "play":
                keep.add(index)
                continue
            kind = getattr(action.combo, "kind", "")
            shape = ("bomb", 0) if kind in BOMB_KINDS else (kind, len(action.cards))
            by_shape.setdefault(shape, []).append((combo_power(action.combo, level), index))
        for shape, options in by_shape.items():
            options.sort()
            keep.update(index for _, index in options[: 1 if shape[0] == "bomb" else 3])
        return keep

    # --- scoring ----------------------------------------------------------------------------

    def scores(self, view: View, legal: list[Action]) -> list[float]:
        """A score per legal action (higher is better), without noise."""
        seen = _Seen(view)
        level = seen.level
        hand = seen.hand
        base_value, base_plays = plan_value(hand, level)
        partner = (seen.seat + 2) % 4
        opponents = [(seen.seat + 1) % 4, (seen.seat + 3) % 4]
        live_opponents = [o for o in opponents if seen.counts[o] > 0 and o not in seen.finished]
        danger = min((seen.counts[o] for o in live_opponents), default=99)
        partner_left = seen.counts[partner] if partner not in seen.finished else 0
        leading = seen.last is None or all(a.kind != "pass" for a in legal)
        last_by_partner = seen.last_seat == partner
        last_by_opponent = seen.last_seat in opponents
        cache: dict[tuple[int, ...], tuple[float, int]] = {}
        out: list[float] = []
        shortlist = self._shortlist(legal, level) if self.fast and len(legal) > 6 else None
        deep = self._deep_set(hand, legal, level) if len(legal) > DEEP_LIMIT else None
        for index, action in enumerate(legal):
            if shortlist is not None and index not in shortlist:
                out.append(-1e9)
                continue
            if action.kind == "pass":
                score = base_value
                last = seen.last_seat
                if last_by_opponent and last is not None and seen.counts[last] <= OPPONENT_DANGER:
                    score -= 8.0 * (OPPONENT_DANGER + 1 - seen.counts[last]) / OPPONENT_DANGER
                out.append(score)
                continue
            rest = _remove(hand, action.cards)
            key = tuple(sorted(card.index for card in rest))
            if key not in cache:
                full = deep is None or index in deep
                cache[key] = plan_value(rest, level, deep=full) if rest else (200.0, 0)
            value, plays = cache[key]
            combo = action.combo
            kind = getattr(combo, "kind", action.kind)
            is_bomb = kind in BOMB_KINDS
            power = combo_power(combo, level)
            score = value + 0.01 * power[2] + 0.001 * power[1]
            if action.kind == "return":
                out.append(value)
                continue
            if not rest:
                out.append(500.0)
                continue
            size = len(action.cards)
            weakness = 1.0 - min(power[2], 14) / 14.0
            if leading:
                if is_bomb and plays > 1:
                    score -= 12.0
                if 0 < partner_left <= PARTNER_CLOSE and base_plays > 2 and size <= partner_left:
                    # feed the partner: something small it can follow and then go out
                    score += 8.0 * weakness * (1.5 if size == partner_left else 1.0)
                for o in live_opponents:
                    if seen.counts[o] == size and size <= 3 and not is_bomb:
                        # an opponent holding exactly this many cards may go out on it
                        score -= 40.0 / size * weakness
            else:
                if last_by_partner:
                    score -= 30.0  # do not overtake a partner who is winning the round
                    if plays <= 1 and not is_bomb:
                        score += 15.0
                elif is_bomb:
                    if danger <= OPPONENT_DANGER and last_by_opponent:
                        score += 10.0 + 3.0 * (OPPONENT_DANGER - danger)
                    elif plays <= 2:
                        score += 4.0
                    else:
                        score -= 14.0
                else:
                    score += 4.0  # winning the lead back is worth a little
            out.append(score)
        return out

    @staticmethod
    def hand_value(cards: Sequence[Card], level: str) -> float:
        """The planner's value of ``cards`` (0 for none): how well kept a hand is, which the
        search uses to make its sampled hands as well kept as real ones."""
        return plan_value(cards, level)[0] if cards else 0.0

    def ranked(self, view: View, legal: list[Action], rng: random.Random) -> list[Action]:
        """Legal actions best first (the search bot prunes to the first few)."""
        scores = self.scores(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The best-scored legal action (noisy at Easy)."""
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view, legal)
        if self.noise > 0:
            scores = [s + rng.gauss(0.0, self.noise * NOISE_SCALE) for s in scores]
        best = max(range(len(legal)), key=lambda i: scores[i])
        return legal[best]


#: The yardstick this module is (tools/yardsticks/__init__.py).
YARDSTICK = GuandanBotV1
