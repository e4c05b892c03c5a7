"""The Run Fast heuristic bot (issue 11, the Normal level; Easy with ``noise``).

It sees only ``state.view(seat)`` (its hand, hand sizes, the cards played, the last play) and
scores every legal action:

- Hand plan (game/games/runfast/plan.py): the fewest, best plays the remaining hand splits
  into. An action scores the negative plan cost of what it leaves, plus a little per card shed
  (cards left are paid for, R5.1). Going out scores above everything (R1.2).
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
- Learned evaluation (issue 42): a small network trained on self-play settlements values what
  each action leaves (game/games/runfast/value.py); ``LEARNED_WEIGHT`` times its estimate in
  points is added to every score but going out's (``learned=False`` turns it off).
- ``noise`` (Easy): Gaussian noise of standard deviation ``2 * noise`` (plan-cost units) on every
  score; 0 plays its best.

``ranked(view, legal, rng)`` returns the legal actions best first (the search bot's candidates);
``choose`` returns the first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.games.runfast import value as runfast_value
from game.games.runfast.plan import plan, plan_attached
from game.games.runfast.rules import BOMB_KINDS, Combo, RunFastView, rank_value
from game.games.runfast.rules.options import ATTACHMENTS, MUST_BEAT, WARNED_ONLY
from game.rules.base import Action
from game.rules.cards import Card

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
#: Plan-cost units per point of the learned evaluation's estimate (game/games/runfast/value.py).
LEARNED_WEIGHT = 2.0


#: Run Fast rank value by ``card.index // 4`` (natural ranks 2, 3 … A): 2 → 12, 3 → 0 … A → 11.
_VALUE_BY_NATURAL = tuple((natural - 1) % 13 for natural in range(13))


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[_VALUE_BY_NATURAL[card.index >> 2]] += 1
    return counts


def _unseen(view: RunFastView, hand: list[int]) -> list[int]:
    """Rank counts of the cards neither in ``hand`` nor played: the opponents' hands together."""
    unseen = [total - held for total, held in zip(PACK_COUNTS, hand, strict=True)]
    for card in (card for cards in view.played for card in cards):
        unseen[_VALUE_BY_NATURAL[card.index >> 2]] -= 1
    return unseen


class RunFastBot:
    """A plan-based Run Fast player (see the module docstring)."""

    name = "normal"

    def __init__(self, *, noise: float = 0.0, learned: bool | None = None) -> None:
        self.noise = max(0.0, float(noise))
        if self.noise > 0:
            self.name = "easy"
        #: Add the learned evaluation of what each action leaves (game/games/runfast/value.py);
        #: by default Normal only: its scores outweigh Easy's noise, which then played as well as
        #: Normal (docs/ai-notes.md).
        self.learned = self.noise == 0 if learned is None else learned

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

    def scores(
        self, view: RunFastView, legal: list[Action], feats: list[list[float] | None] | None = None
    ) -> list[float]:
        """A score per legal action (higher is better), without noise. With ``learned`` the
        learned evaluation of what each action leaves is added; ``feats``, when given, receives
        each action's input vector of that evaluation (None for an action that goes out)."""
        base = self._plan_scores(view, legal)
        # Trained under the default must-beat rule: under VR3 "warned_only" passes are choices
        # it never saw, and with it Normal lost to normal-v1 (docs/ai-notes.md), so it stays off.
        options = getattr(view, "options", None)
        free_passes = options is not None and options[MUST_BEAT] == WARNED_ONLY
        net = runfast_value.net() if self.learned and not free_passes else None
        if net is None and feats is None:
            return base
        inputs = _Inputs(view)
        result = []
        for action, score in zip(legal, base, strict=True):
            x = None if score >= GO_OUT else inputs.of(action)
            if feats is not None:
                feats.append(x)
            result.append(score + LEARNED_WEIGHT * net(x) if x is not None and net else score)
        return result

    def _plan_scores(self, view: RunFastView, legal: list[Action]) -> list[float]:
        """The hand-made score of every legal action (the plan, the danger, the bombs)."""
        seat = view.seat
        hand = _counts(view.hand)
        unseen = _unseen(view, hand)
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


class _Inputs:
    """The learned evaluation's inputs (game/games/runfast/value.py) of one decision's actions."""

    def __init__(self, view: RunFastView) -> None:
        self.view = view
        self.hand = _counts(view.hand)
        unseen = _unseen(view, self.hand)
        self.known = _Knowledge(view, unseen)
        self.risk = self.known.bomb_risk(-1)
        options = getattr(view, "options", None)
        self.split = plan_attached if options is not None and options[ATTACHMENTS] else plan
        seat, counts = view.seat, view.hand_counts
        self.next_seat, self.after_seat = (seat + 1) % 3, (seat + 2) % 3
        self.their_stake = sum(
            counts[s] * (1 if view.has_played[s] else 2) for s in (self.next_seat, self.after_seat)
        )
        self.unseen_control = unseen[_ACE] + unseen[_TWO]
        self.unseen_bombs = sum(1 for v in range(_ACE) if unseen[v] == 4) + (unseen[_ACE] == 3)

    def of(self, action: Action) -> list[float]:
        """The input vector of ``action`` (a play that does not go out, or a pass)."""
        view, known = self.view, self.known
        rem = list(self.hand)
        for card in action.cards:
            rem[_VALUE_BY_NATURAL[card.index >> 2]] -= 1
        cost, plays = self.split(tuple(rem))
        combo = action.combo if action.kind == "play" else None
        is_bomb = isinstance(combo, Combo) and combo.kind in BOMB_KINDS
        beat = [False, False]
        value, boss = 0, False
        if isinstance(combo, Combo):
            value = rank_value(combo.rank)
            if is_bomb:
                beat = [known.bomb_risk(combo_strength(combo.kind, value)) > 0.0] * 2
            else:
                answer = (combo.kind, len(action.cards), value, combo.chain, _answer_size(combo))
                beat = [known.can_answer(s, *answer) for s in (self.next_seat, self.after_seat)]
                boss = not _top_unseen(known.unseen, *answer[:4])
        bombs = sum(1 for v in range(_ACE) if rem[v] == 4) + (rem[_ACE] == 3)
        counts = view.hand_counts
        return runfast_value.features(
            plays_after=len(plays),
            cost_after=cost,
            cards_after=sum(rem),
            shed=len(action.cards),
            is_pass=combo is None,
            is_bomb=is_bomb,
            leading=view.last_play is None,
            play_value=value,
            beat_next=beat[0],
            beat_after=beat[1],
            next_cards=counts[self.next_seat],
            after_cards=counts[self.after_seat],
            my_stake=sum(rem) * (1 if view.has_played[view.seat] or combo else 2)
            + 10 * (rem[_TWO] + bombs),
            their_stake=self.their_stake,
            spade_two=rem[_TWO] > 0,
            bombs_after=bombs,
            control_after=rem[_ACE] + rem[_TWO],
            unseen_control=self.unseen_control,
            unseen_bombs=self.unseen_bombs,
            bomb_risk=self.risk,
            low_singles=sum(1 for k, top, _ in plays if k == "single" and top <= 6),
            boss=boss,
            never_played=not view.has_played[view.seat],
        )


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
