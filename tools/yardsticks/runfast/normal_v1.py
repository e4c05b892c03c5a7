"""``normal-v1``: a frozen copy of the Run Fast Normal of 3 December 2026 (issue 42), the
yardstick that tools/arena.py measures the current Normal against. Reachable only from the arena
and the tests, never a game level; do not change it (its figures in docs/ai-notes.md depend on
it). It keeps its own plan memo, so changes to bot.py never reach it.

The text below is the original's.

The Run Fast heuristic bot (issue 11, the Normal level; Easy with ``noise``).

It sees only ``state.view(seat)`` (its hand, hand sizes, the cards played, the last play) and
scores every legal action:

- Hand plan: the fewest, best plays the remaining hand splits into (a dynamic programme over the
  13 rank counts, cached across decisions). Each play costs about 1; low singles and pairs cost
  more (they are awkward to get rid of), high ones less (they win rounds), sequences less (few
  can answer them) and bombs little (they take the lead whenever needed). An action scores the
  negative plan cost of what it leaves, plus a little per card shed (cards left are paid for,
  R5.1). Going out scores above everything (R1.2).
- Leading sheds the plan's most awkward play first, since the must-beat rule (R3.4) forces the
  others to spend cards on it.
- Danger: when an opponent holds few cards, a lead it could beat and go out with (a single to a
  one-card hand, a pair to a two-card hand …) is heavily penalised unless no unseen card can
  beat it, leads bigger than its hand are preferred, and responses are played high; the next
  player matters most because it answers first. A pass tells that the passer held no answer
  then (R3.4) and its hand only shrinks, so the bot knows plays it cannot answer and, after a
  pass on an ordinary play, that it holds no bomb.
- Bombs: a bomb played on another player's play earns 20 points when no stronger bomb answers
  it (R5.3), and every bomb still held when someone else goes out costs 10 (R5.2), so the bot
  bombs in response when the chance of a stronger bomb among the unseen cards is low, and always
  when an opponent is close to going out. A led bomb earns nothing, so leading one scores
  ``LED_BOMB_PENALTY`` lower: it leads a bomb only to go out or when every other lead is worse.
- House rule VR1 (attachments): the plan lets a triple carry two other cards and consecutive
  triples an airplane's cards at no play of their own (:func:`plan_attached`), and who can
  answer such a play is judged by its triples (a whole hand of a triple answers one too).
- ``noise`` (Easy): Gaussian noise of standard deviation ``2 * noise`` (plan-cost units) on every
  score; 0 plays its best.

``ranked(view, legal, rng)`` returns the legal actions best first (the search bot's candidates);
``choose`` returns the first.
"""

from __future__ import annotations

import random
from typing import Any

from game.games.runfast.rules import BOMB_KINDS, ORDER, Combo, RunFastView, rank_value
from game.games.runfast.rules.options import ATTACHMENTS, MUST_BEAT, WARNED_ONLY
from game.rules.base import Action

_ACE = rank_value("A")
_TWO = rank_value("2")
#: Cards of each rank in the 48-card pack (R2.1): 3..K four each, three aces, one 2.
PACK_COUNTS: tuple[int, ...] = (4,) * 11 + (3, 1)
#: Score of an action that empties the hand.
GO_OUT = 1000.0
SHED_PER_CARD = 0.2
#: Bonus for an unanswerable lead when at most CONTROL_PLAYS plays would be left.
CONTROL_BONUS = 3.0
CONTROL_PLAYS = 1
#: A response bomb's worth when it surely stands (the 20-point bonus, R5.3, and the lead).
BOMB_STAND_BONUS = 3.0
#: Extra reason to bomb per unit of danger (an opponent close to going out).
BOMB_DANGER = 3.0
#: A led bomb earns nothing (R5.3): keep it unless nothing else is left to lead.
LED_BOMB_PENALTY = 1.5
#: Penalty for a lead that a nearly-out opponent can answer with its whole hand.
DANGER_LEAD_PENALTY = 6.0
#: Weight of playing high when following while an opponent is nearly out.
DANGER_FOLLOW_HIGH = 2.0


#: Plan costs: a low single costs 1 + SINGLE_SLOPE, the 2 of spades 1; likewise pairs, triples.
SINGLE_SLOPE = 0.45
PAIR_SLOPE = 0.35
TRIPLE_SLOPE = 0.2
SEQUENCE_COST = 0.85
BOMB_COST = 0.2


def _sets(low: int, held: int) -> tuple[tuple[int, str], ...]:
    """The sets a planner may take from `held` cards of rank `low`: three aces are a bomb
    (R4.3), and A and 2 never make four, so both planners read this one table."""
    sets = []
    for take, kind in ((1, "single"), (2, "pair"), (3, "triple"), (4, "bomb")):
        if take > held or (take == 4 and low >= _ACE):
            break
        sets.append((take, "ace_bomb" if take == 3 and low == _ACE else kind))
    return tuple(sets)


_SETS = tuple(tuple(_sets(low, held) for held in range(5)) for low in range(_TWO + 1))


def _play_cost(kind: str, value: int, size: int) -> float:
    """Cost of one play in a hand plan (see the module docstring)."""
    if kind == "single":
        return 1.0 + SINGLE_SLOPE * (1.0 - value / 12.0)
    if kind == "pair":
        return 1.0 + PAIR_SLOPE * (1.0 - value / 11.0)
    if kind == "triple":
        return 0.9 + TRIPLE_SLOPE * (1.0 - value / 10.0)
    if kind in ("straight", "pair_run"):
        return SEQUENCE_COST - 0.02 * size
    return BOMB_COST


#: Memo of :func:`plan` shared by every decision. A plain dict of tuples rather than
#: ``functools.lru_cache``, whose per-entry lists the garbage collector walks (20 ms pauses).
_PLANS: dict[tuple[int, ...], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
#: 2**14 splits take about 6 MiB; 2**18 took about 90 MiB and made the game's memory climb
#: for a whole session, with no measurable change in Hard's decision times.
_PLANS_MAX = 1 << 14


def plan(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split of a hand (rank counts, Run Fast order) into plays.

    Returns (cost, plays) with plays as ``(kind, highest value, cards)``. The lowest rank held
    must belong to a play that is either a set of that rank or a sequence starting there, so
    trying those covers every split.
    """
    found = _PLANS.get(counts)
    if found is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        found = _PLANS[counts] = _plan(counts)
    return found


def _plan(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    low = next((v for v in range(13) if counts[v]), None)
    if low is None:
        return 0.0, ()
    best_cost = float("inf")
    best: tuple[tuple[str, int, int], ...] = ()
    c = counts[low]
    rest = list(counts)

    def consider(kind: str, top: int, size: int, remaining: list[int]) -> None:
        nonlocal best_cost, best
        sub_cost, sub = plan(tuple(remaining))
        cost = sub_cost + _play_cost(kind, top, size)
        if cost < best_cost:
            best_cost, best = cost, ((kind, top, size), *sub)

    # Sets of the lowest rank.
    for take, kind in _SETS[low][c]:
        rest[low] = c - take
        consider(kind, low, take, rest)
        rest[low] = c
    # Sequences starting at the lowest rank (never through the 2, R4.2).
    for need, kind, min_len in ((1, "straight", 5), (2, "pair_run", 2)):
        top = low
        while top <= _ACE and counts[top] >= need:
            length = top - low + 1
            if length >= min_len:
                remaining = list(counts)
                for v in range(low, top + 1):
                    remaining[v] -= need
                consider(kind, top, length * need, remaining)
            top += 1
    return best_cost, best


def plan_cost(counts: tuple[int, ...]) -> float:
    return plan(counts)[0]


#: VR1 (attachments): memo of :func:`plan_attached`, like :data:`_PLANS`.
_PLANS_VR1: dict[tuple[tuple[int, ...], int], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
#: Cards waiting for a later triple to carry them, and free places on earlier triples, at most.
_WAITING_MAX = 4
_FREE_MAX = 10


def plan_attached(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """:func:`plan` under VR1: a triple (never aces) may carry two other cards and k >= 2
    consecutive triples 3..K 2k cards, which then cost no play of their own."""
    return _plan_vr1(counts, 0)


def _plan_vr1(
    counts: tuple[int, ...], balance: int
) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    key = (counts, balance)
    found = _PLANS_VR1.get(key)
    if found is None:
        if len(_PLANS_VR1) >= _PLANS_MAX:
            _PLANS_VR1.clear()
        found = _PLANS_VR1[key] = _split_vr1(counts, balance)
    return found


def _split_vr1(
    counts: tuple[int, ...], balance: int
) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split with ``balance`` places owed (> 0: earlier triples still carry that
    many cards; < 0: that many cards wait for a later triple). The lowest rank held goes into
    a play starting there, or one of its cards is carried."""
    low = next((v for v in range(13) if counts[v]), None)
    if low is None:
        return (0.0, ()) if balance == 0 else (float("inf"), ())
    best_cost = float("inf")
    best: tuple[tuple[str, int, int], ...] = ()
    c = counts[low]

    def consider(
        play: tuple[str, int, int] | None, cost: float, rest: list[int], owed: int
    ) -> None:
        nonlocal best_cost, best
        if not -_WAITING_MAX <= owed <= _FREE_MAX:
            return
        sub_cost, sub = _plan_vr1(tuple(rest), owed)
        total = sub_cost + cost
        if total < best_cost:
            best_cost, best = total, sub if play is None else (play, *sub)

    rest = list(counts)
    rest[low] = c - 1
    consider(None, 0.0, rest, balance - 1)  # one card of the lowest rank is carried
    for take, kind in _SETS[low][c]:
        rest[low] = c - take
        consider((kind, low, take), _play_cost(kind, low, take), rest, balance)
        if kind == "triple":  # VR1: it carries two cards
            consider(("triple_two", low, 5), _play_cost(kind, low, take), rest, balance + 2)
        rest[low] = c
    for need, kind, min_len in ((1, "straight", 5), (2, "pair_run", 2), (3, "airplane", 2)):
        top = low
        while top <= _ACE and counts[top] >= need and not (need == 3 and top == _ACE):
            length = top - low + 1
            if length >= min_len:
                remaining = list(counts)
                for v in range(low, top + 1):
                    remaining[v] -= need
                size = length * need
                if kind == "airplane":  # two carried cards per triple
                    play, owed = ("airplane", top, 5 * length), balance + 2 * length
                    cost = _play_cost("straight", top, size)
                else:
                    play, owed, cost = (kind, top, size), balance, _play_cost(kind, top, size)
                consider(play, cost, remaining, owed)
            top += 1
    return best_cost, best


#: Run Fast rank value by ``card.index // 4`` (natural ranks 2, 3 … A): 2 → 12, 3 → 0 … A → 11.
_VALUE_BY_NATURAL = tuple((natural - 1) % 13 for natural in range(13))


def _counts(cards: Any) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[_VALUE_BY_NATURAL[card.index >> 2]] += 1
    return counts


class RunFastBotV1:
    """A plan-based Run Fast player (see the module docstring)."""

    name = "runfast-normal-v1"

    def __init__(self, *, noise: float = 0.0) -> None:
        self.noise = max(0.0, float(noise))
        if self.noise > 0:
            self.name = "easy"

    # --- public API -------------------------------------------------------------------------

    def choose(self, view: RunFastView, legal: list[Action], rng: random.Random) -> Action:
        """The best-scoring legal action for ``view.seat``."""
        if len(legal) == 1:
            return legal[0]
        return self.ranked(view, legal, rng)[0]

    def ranked(self, view: RunFastView, legal: list[Action], rng: random.Random) -> list[Action]:
        """``legal`` ordered best first (ties keep the engine's order)."""
        if len(legal) == 1:
            return list(legal)
        scores = self.scores(view, legal)
        if self.noise > 0:
            scores = [s + rng.gauss(0.0, 2.0 * self.noise) for s in scores]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def scores(self, view: RunFastView, legal: list[Action]) -> list[float]:
        """A score per legal action (higher is better), without noise."""
        seat = view.seat
        hand = _counts(view.hand)
        unseen = list(PACK_COUNTS)
        for v in range(13):
            unseen[v] -= hand[v]
        for cards in view.played:
            for card in cards:
                unseen[_VALUE_BY_NATURAL[card.index >> 2]] -= 1
        counts = view.hand_counts
        next_seat, after_seat = (seat + 1) % 3, (seat + 2) % 3
        danger = _Danger(counts[next_seat], counts[after_seat])
        known = _Knowledge(view, unseen)
        leading = view.last_play is None
        # VR1: triples carry two cards and airplanes exist, so the hand is planned with them.
        options = getattr(view, "options", None)
        split = plan_attached if options is not None and options[ATTACHMENTS] else plan
        result = []
        for action in legal:
            if action.kind != "play":
                # A pass keeps the whole hand; by default (R3.4) it is never one of several
                # choices, under VR3 "warned_only" it is weighed like any play.
                result.append(-split(tuple(hand))[0] if len(legal) > 1 else 0.0)
                continue
            combo = action.combo
            assert isinstance(combo, Combo)  # a play of Run Fast's legal actions
            rem = list(hand)
            for card in action.cards:
                rem[_VALUE_BY_NATURAL[card.index >> 2]] -= 1
            if not any(rem):
                result.append(GO_OUT)
                continue
            left_cost, left_plays = split(tuple(rem))
            score = -left_cost + SHED_PER_CARD * len(action.cards)
            kind, value, size = combo.kind, rank_value(combo.rank), len(action.cards)
            answer = (kind, size, value, combo.chain, _answer_size(combo))
            if kind in BOMB_KINDS:
                if leading:
                    score -= LED_BOMB_PENALTY
                else:
                    risk = known.bomb_risk(combo_strength(kind, value))
                    score += BOMB_STAND_BONUS * (1.0 - risk) + BOMB_DANGER * danger.urgency
                result.append(score)
                continue
            # Who could answer this play matters only near the end of someone's hand.
            if leading:
                endgame = len(left_plays) <= CONTROL_PLAYS
                if danger.close or endgame:
                    beat_next = known.can_answer(next_seat, *answer)
                    beat_after = known.can_answer(after_seat, *answer)
                    if danger.close:
                        score += self._lead_adjust(
                            kind, value, answer[-1], beat_next, beat_after, danger
                        )
                    if endgame and not beat_next and not beat_after:
                        # Nobody can answer it without a bomb, so the lead comes back.
                        score += CONTROL_BONUS * (1.0 - known.bomb_risk(-1))
            elif danger.urgency > 0:
                beatable = known.can_answer(next_seat, *answer) or known.can_answer(
                    after_seat, *answer
                )
                score += self._follow_adjust(value, beatable, danger)
            result.append(score)
        return result

    # --- adjustments ------------------------------------------------------------------------

    @staticmethod
    def _lead_adjust(
        kind: str, value: int, size: int, beat_next: bool, beat_after: bool, danger: _Danger
    ) -> float:
        adjust = 0.0
        # A lead that a nearly-out opponent can answer with its whole hand is the worst play.
        for count, beatable, weight in (
            (danger.next_count, beat_next, 1.0),
            (danger.after_count, beat_after, 0.6),
        ):
            if count <= 4 and size == count and beatable:
                adjust -= DANGER_LEAD_PENALTY * weight
            elif count <= 3 and size > count:
                adjust += 0.6 * weight  # it cannot answer with a play bigger than its hand
            elif count <= 3 and beatable and size < count:
                adjust -= 0.3 * weight
        if danger.urgency > 0 and kind in ("single", "pair"):
            adjust += danger.urgency * 0.6 * value / 12.0  # play high to block
        return adjust

    @staticmethod
    def _follow_adjust(value: int, beatable: bool, danger: _Danger) -> float:
        if danger.urgency <= 0:
            return 0.0
        # Play high so the nearly-out opponent cannot answer; unanswerable is best.
        return danger.urgency * DANGER_FOLLOW_HIGH * (value / 12.0 + (0.0 if beatable else 1.0))


class _Knowledge:
    """What the view tells about each opponent's hand: its size, and from its passes (R3.4: a
    pass means no response existed, and a hand only shrinks) plays it cannot answer and whether
    it can hold a bomb at all."""

    __slots__ = ("seat", "unseen", "hidden", "counts", "limits", "bombless")

    def __init__(self, view: RunFastView, unseen: list[int]) -> None:
        self.seat = view.seat
        self.unseen = unseen
        self.hidden = sum(unseen)
        self.counts = view.hand_counts
        self.limits: dict[int, list[Combo]] = {0: [], 1: [], 2: []}
        self.bombless = [count < 3 for count in self.counts]
        last: Combo | None = None
        # Under VR3 "warned_only" a pass is a free choice and reveals nothing.
        options = getattr(view, "options", None)
        free_passes = options is not None and options[MUST_BEAT] == WARNED_ONLY
        for record in view.log:
            action = record.action
            if action.kind == "play":
                assert isinstance(action.combo, Combo)  # the log holds Run Fast's plays
                last = action.combo
            elif (
                last is not None
                and record.seat is not None
                and record.seat != view.seat
                and not free_passes
            ):
                self.limits[record.seat].append(last)
                if last.kind not in BOMB_KINDS:
                    self.bombless[record.seat] = True

    def can_answer(
        self, seat: int, kind: str, size: int, value: int, chain: int = 0, reach: int = 0
    ) -> bool:
        """Whether ``seat`` may hold an ordinary play beating this one (R3.3); ``reach``, when
        given, is the fewest cards an answer takes (:func:`_answer_size`, VR1)."""
        if (reach or size) > self.counts[seat]:
            return False
        for last in self.limits[seat]:
            if last.kind == kind and len(last.cards) == size and value >= rank_value(last.rank):
                return False
        return _top_unseen(self.unseen, kind, size, value, chain)

    def bomb_risk(self, strength: int) -> float:
        """Rough chance that an opponent holds a bomb stronger than ``strength`` (R4.3)."""
        survive = 1.0
        for seat, count in enumerate(self.counts):
            if seat == self.seat or self.bombless[seat] or self.hidden <= 0:
                continue
            share = count / self.hidden
            for v in range(_ACE):
                if v > strength and self.unseen[v] == 4 and count >= 4:
                    survive *= 1.0 - share**4
            if strength < 20 and self.unseen[_ACE] == 3:
                survive *= 1.0 - share**3
        return 1.0 - survive


class _Danger:
    """How close the opponents are to going out (hand sizes of the next and the after seat)."""

    __slots__ = ("next_count", "after_count", "urgency", "close")

    def __init__(self, next_count: int, after_count: int) -> None:
        self.next_count = next_count
        self.after_count = after_count
        urgency = 0.0
        for count, weight in ((next_count, 1.0), (after_count, 0.7)):
            if count <= 3:
                urgency = max(urgency, weight * (4 - count) / 3.0)
        self.urgency = urgency
        #: Whether either opponent holds four cards or fewer (leads must then be careful).
        self.close = next_count <= 4 or after_count <= 4


def combo_strength(kind: str, value: int) -> int:
    """Bomb strength as in the engine (R4.3)."""
    return {"ace_bomb": 20, "sky_bomb": 30}.get(kind, value)


def _answer_size(combo: Combo) -> int:
    """The fewest cards a play answering ``combo`` takes: its size, but under VR1 a whole hand
    of a triple (or of ``chain`` triples) with fewer attached cards answers too."""
    if combo.kind == "triple_two":
        return 3
    if combo.kind == "airplane":
        return 3 * combo.chain
    return len(combo.cards)


def _top_unseen(unseen: list[int], kind: str, size: int, value: int, chain: int = 0) -> bool:
    """Whether the unseen cards (the opponents' hands together) hold an ordinary play of this
    kind and size above ``value`` (R3.3); bombs are weighed separately. VR1: a higher triple
    answers a triple with two, ``chain`` consecutive higher triples an airplane."""
    if kind == "triple_two":
        return any(unseen[v] >= 3 for v in range(value + 1, _ACE))
    if kind == "airplane":
        run = 0
        for v in range(_ACE):
            run = run + 1 if unseen[v] >= 3 else 0
            if run >= chain and v > value:
                return True
        return False
    if kind == "single":
        return any(unseen[v] for v in range(value + 1, 13))
    if kind == "pair":
        return any(unseen[v] >= 2 for v in range(value + 1, 13))
    if kind == "triple":
        return any(unseen[v] >= 3 for v in range(value + 1, _ACE))
    if kind in ("straight", "pair_run"):
        need = 1 if kind == "straight" else 2
        length = size // need
        run = 0
        for v in range(_ACE + 1):
            run = run + 1 if unseen[v] >= need else 0
            if run >= length and v > value:
                return True
        return False
    return False


def describe_plan(counts: tuple[int, ...]) -> list[str]:
    """The plan as readable plays (for debugging and tests), e.g. ``["straight 3-7", "pair Q"]``."""
    out = []
    for kind, top, size in plan(counts)[1]:
        if kind == "straight":
            out.append(f"straight {ORDER[top - size + 1]}-{ORDER[top]}")
        elif kind == "pair_run":
            out.append(f"pair_run {ORDER[top - size // 2 + 1]}-{ORDER[top]}")
        else:
            out.append(f"{kind} {ORDER[top]}")
    return out


#: The yardstick this module is (tools/yardsticks/__init__.py).
YARDSTICK = RunFastBotV1
