"""The Dou Dizhu heuristic bot (issue 43, the Normal level; Easy with ``noise``).

It sees only ``state.view(seat)`` and scores every legal action:

- Bidding (D2.3, VD1) and doubling (VD2) by the hand's learned strength (strength.py: the points
  it can expect as the landlord, the kitty unknown; as the landlord or a peasant once it is
  taken). It bids the highest of its thresholds it reaches, only above the standing bid.
- Play: an action scores the negative plan cost of the hand it leaves, so a lead sheds the
  plan's most awkward play and an answer is made with a spare card rather than by breaking a
  combination. Going out scores above everything (D1.2).
- Bombs and the rocket cost almost nothing in a plan, so they stay in the hand unless the
  lead matters: an opponent close to going out, or a hand that wins soon after taking it; a
  four of a kind is not spent as a four-with-two unless that goes out.
- Peasants cooperate: a partner's single or pair of a king or more stands (pass, unless going
  out), a lower play of it is topped when that suits the hand (the landlord would beat it
  anyway), a partner down to one or two cards is fed a low single or pair, and the landlord's
  last cards are fought with the highest answer and the bombs; nobody leads a single into a
  one-card opponent, nor a pair into a two-card one, while an unseen card could beat it (when
  it must, the highest), nor lets such an opponent's own last-size single or pair stand when
  it can answer it.
- Peasants share the defence by seat: the one playing right after the landlord answers its
  singles and pairs low and leads high ones; the one playing just before the landlord answers
  the landlord (when the partner passed) high, to stop it, and leads low ones.
- End game (Normal): once a seat holds ENDGAME_CARDS cards or fewer, the best few choices are
  checked on a few sampled deals played out by the heuristic (``endgame_search``).
- ``noise`` (Easy): Gaussian noise of standard deviation ``2 * noise`` on every score.

``ranked(view, legal, rng)`` returns the legal actions best first (the search bot's
candidates); ``choose`` returns the first.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from game.games.doudizhu import strength as hand_strength
from game.games.doudizhu import value as ddz_value
from game.games.doudizhu.plan import hand_cost
from game.games.doudizhu.rules import DoudizhuView
from game.games.doudizhu.rules.bidding import bid_value
from game.games.doudizhu.rules.combos import Combo, counts_of
from game.rules.base import Action
from game.rules.cards import single_pack

if TYPE_CHECKING:  # pragma: no cover - imported where used (endgame_search)
    from game.ai.search import SearchBot

GO_OUT = 1000.0
#: A partner's play stands: the bonus for passing on it when it is a single or pair of at
#: least STANDS_FROM (a king); on a lower single or pair, or any other play, LET_STAND_LOW, so
#: a peasant overtakes a low answer the landlord would beat anyway.
LET_STAND = 2.5
LET_STAND_LOW = 0.5
STANDS_FROM = 10
#: Reason to answer an opponent close to going out, per card it lacks from 5.
STOP_URGENCY = 1.2
#: Value of taking the lead with a bomb or the rocket when the rest of the hand is short.
BOMB_WIN = 2.5
#: What a bomb or the rocket spent costs while no opponent is close to going out: the doubled
#: stake and the lead it could win later; more the more cards the closest opponent holds.
IDLE_BOMB = 0.8
IDLE_BOMB_PER_CARD = 0.3
#: Penalty for a lead a nearly-out opponent can answer and go out with: DANGER_LEAD times
#: DANGER_FLOOR and the share of the unseen cards that beat it (so a single forced into a
#: one-card opponent is the highest held).
DANGER_LEAD = 6.0
DANGER_FLOOR = 0.5
#: Penalty for answering with a single or pair that an opponent holding just as many cards
#: may beat to go out (the highest answer stops it).
DANGER_FOLLOW = 8.0
#: Bonus for feeding a partner down to one or two cards.
FEED = 4.0
SHED_PER_CARD = 0.05
#: Penalty for spending four of a kind as four-with-two: the bomb (and its doubling) is lost.
BREAK_BOMB = 2.0
#: The peasants' shares of the defence, per value /14 of a single or pair (see ``_PlayScorer``):
#: the landlord's next seat answers it low and leads high, the seat before it (which plays
#: just ahead of the landlord) stops it high and leads low; the seat before also answers the
#: landlord when its partner passed.
NEXT_ANSWER = -1.0
NEXT_LEAD = 0.5
BEFORE_ANSWER = 2.0
BEFORE_LEAD = -1.0
BEFORE_STOP = 1.0

#: Plan-cost units of the score per point (per base point) of the learned evaluation
#: (value.py): the landlord's, and the peasants'.
LEARNED_WEIGHT = 2.0
PEASANT_WEIGHT = 0.0
PEASANT_LEADS_ONLY = False
#: The learned evaluation judges the WINDOW best candidates by the heuristic (and the pass);
#: the others rank below them, by the heuristic.
WINDOW = 10
#: How far below the judged candidates the others rank.
UNJUDGED = 100.0

#: End-game search: once a seat holds at most ENDGAME_CARDS cards in the play, Normal's best
#: few choices are checked on sampled deals played out by the heuristic: ENDGAME_WORK over
#: the cards in the hands, from ENDGAME_SAMPLES to ENDGAME_MAX_SAMPLES (a rollout costs about
#: a step per card left; a count fixed by the position, so a seeded game repeats; figures in
#: docs/doudizhu-notes.md).
ENDGAME_CARDS = 6
#: A peasant's search starts earlier: once a seat holds at most this many cards.
PEASANT_ENDGAME_CARDS = 6
#: A peasant's end-game search chooses by the worst sample too (game/ai/paired.py's
#: ``pick_worst``), not the mean alone.
PEASANT_WORST_CASE = True
#: Once the landlord holds at most PEASANT_WIDE_CARDS cards, a peasant's search tries more of
#: its moves: up to PEASANT_WIDE_TOP_K within PEASANT_WIDE_WINDOW of the heuristic's best
#: (elsewhere the search's top_k 4 within ``search_window``).
PEASANT_WIDE_CARDS = 4
PEASANT_WIDE_TOP_K = 6
PEASANT_WIDE_WINDOW = 5.5
ENDGAME_SAMPLES = 3
ENDGAME_TOP_K = 4
ENDGAME_MAX_SAMPLES = 12
ENDGAME_WORK = 120

_FULL = counts_of(single_pack())


def _kind(action: Action) -> str:
    """The kind of a play's meaning ("pass" for a pass)."""
    return getattr(action.combo, "kind", "") if action.kind != "pass" else "pass"


def in_endgame(view: DoudizhuView) -> bool:
    """Whether a seat holds at most ENDGAME_CARDS cards in the play (a peasant deciding:
    PEASANT_ENDGAME_CARDS)."""
    limit = ENDGAME_CARDS if view.seat == view.landlord else PEASANT_ENDGAME_CARDS
    return view.stage == "play" and bool(min(view.hand_counts) <= limit)


class DoudizhuBot:
    """Heuristic Dou Dizhu player (see the module docstring)."""

    name = "normal"
    #: Hard searches only the candidates scored within this of the best (game/ai/search.py):
    #: the heuristic's strong vetoes (an idle bomb, overtaking the partner) stand.
    search_window: float | None = 2.0

    def __init__(
        self, noise: float = 0.0, *, learned: bool | None = None, endgame: bool | None = None
    ) -> None:
        self.noise = noise
        #: Add the learned evaluation of what the best candidates leave (value.py); Easy's
        #: noisy play does without it.
        self.learned = noise == 0 if learned is None else learned
        #: Check the close end-game choices by a short search (Normal only).
        self.endgame = self.learned if endgame is None else endgame
        self._endgame_search: SearchBot | None = None

    def choose(self, view: DoudizhuView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and self.endgame and in_endgame(view):
            search = self.endgame_search()
            work = ENDGAME_WORK // sum(view.hand_counts)
            search.samples = max(ENDGAME_SAMPLES, min(ENDGAME_MAX_SAMPLES, work))
            # a peasant also judges by its worst sample: the reading cannot show the
            # landlord's unplayed high cards (docs/doudizhu-notes.md, issue 56, session 10)
            landlord = view.seat if view.landlord is None else view.landlord  # set in the play
            peasant = view.seat != landlord
            search.worst_case = PEASANT_WORST_CASE and peasant
            # a landlord about to go out: the stopping play may score low by the heuristic
            wide = peasant and view.hand_counts[landlord] <= PEASANT_WIDE_CARDS
            search.top_k = PEASANT_WIDE_TOP_K if wide else ENDGAME_TOP_K
            window = self.search_window
            self.search_window = PEASANT_WIDE_WINDOW if wide else window
            try:
                return search.choose(view, legal, rng)
            finally:
                self.search_window = window  # Hard reads it too
        return self.ranked(view, legal, rng)[0]

    def endgame_search(self) -> SearchBot:
        """The search that checks Normal's close end-game choices (game/ai/search.py: this
        bot's ranking gives the candidates; the heuristic alone plays the sampled deals out)."""
        if self._endgame_search is None:
            from game.ai.search import SearchBot
            from game.games.doudizhu.reads import HandReader

            quick = DoudizhuBot(learned=False, endgame=False)
            search = SearchBot("doudizhu", self, policy=quick, samples=ENDGAME_SAMPLES)
            search.searched = None  # asked only in the end game; it must not defer to self
            search.reader = HandReader()  # it reads the play, whether Hard does or not
            self._endgame_search = search
        return self._endgame_search

    def ranked(self, view: DoudizhuView, legal: list[Action], rng: random.Random) -> list[Action]:
        """The legal actions best first (with ``noise``, perturbed scores)."""
        scores = self.scores(view, legal)
        if self.noise:
            scores = [s + rng.gauss(0.0, 2.0 * self.noise) for s in scores]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def scores(self, view: DoudizhuView, legal: list[Action]) -> list[float]:
        if view.stage == "bid":
            return self._bid_scores(view, legal)
        if view.stage == "double":
            return self._double_scores(view, legal)
        scorer = _PlayScorer(view)
        scores = scorer.scores(legal)
        network = ddz_value.net() if self.learned else None
        if network is None:
            return scores
        weight = self.learned_weight(view)
        if not weight:
            return scores
        judged = self.judged(legal, scores)
        position = ddz_value.Position(view)
        out = [score - UNJUDGED for score in scores]
        for i in judged:
            x = scorer.inputs(position, legal[i])
            out[i] = scores[i] + (weight * network(x) if x is not None else 0.0)
        return out

    @staticmethod
    def learned_weight(view: DoudizhuView) -> float:
        """How much the learned evaluation counts for this seat (0: not at all)."""
        if view.seat == view.landlord:
            return LEARNED_WEIGHT
        return 0.0 if view.last_play is not None and PEASANT_LEADS_ONLY else PEASANT_WEIGHT

    @staticmethod
    def judged(legal: list[Action], scores: list[float]) -> list[int]:
        """The candidates the learned evaluation judges: the WINDOW best and the pass. A four
        spent as a four with two stays below them unless it goes out (``BREAK_BOMB``: the
        measured rule outweighs the network's taste for shedding six cards at once)."""
        order = [
            i
            for i in sorted(range(len(legal)), key=lambda i: -scores[i])
            if scores[i] >= GO_OUT or not _kind(legal[i]).startswith("four_two")
        ]
        chosen = set(order[:WINDOW])
        chosen.update(i for i, action in enumerate(legal) if action.kind == "pass")
        return sorted(chosen)

    def inputs_of(self, view: DoudizhuView, legal: list[Action], index: int) -> list[float] | None:
        """The learned evaluation's inputs of ``legal[index]`` (None: it goes out)."""
        return _PlayScorer(view).inputs(ddz_value.Position(view), legal[index])

    def _bid_scores(self, view: DoudizhuView, legal: list[Action]) -> list[float]:
        others = [n for s, n in enumerate(view.hand_counts) if s != view.seat]
        power = hand_strength.bid_strength(view.hand, others)
        thresholds = hand_strength.BID_THRESHOLDS
        want = sum(power >= t for t in thresholds)  # 0..3
        scores = []
        for action in legal:
            value = bid_value(action)
            if action.kind in ("call", "rob"):
                # VD1: call from the first threshold, rob from the second
                need = thresholds[0] if action.kind == "call" else thresholds[1]
                scores.append(1.0 if power >= need else -1.0)
            elif value == 0:
                scores.append(0.0)
            else:
                scores.append(1.0 + value if value <= want else -1.0 - value)
        return scores

    def _double_scores(self, view: DoudizhuView, legal: list[Action]) -> list[float]:
        seat, landlord = view.seat, cast(int, view.landlord)  # known in the doubling (VD2)
        counts = view.hand_counts
        if seat == landlord:
            role = hand_strength.LANDLORD
            others = [n for s, n in enumerate(counts) if s != seat]
        else:
            role = hand_strength.NEXT if seat == (landlord + 1) % 3 else hand_strength.BEFORE
            others = [counts[landlord], counts[3 - seat - landlord]]
        sign = 1.0 if hand_strength.doubles(view.hand, role, others) else -1.0
        return [sign if getattr(a, "value", 0) else -sign for a in legal]


class _PlayScorer:
    """The scores of the plays and the pass of one decision in the play (D3)."""

    def __init__(self, view: DoudizhuView) -> None:
        self.view = view
        seat, landlord = view.seat, cast(int, view.landlord)  # known in the play (D2.5)
        self.seat = seat
        self.is_landlord = seat == landlord
        self.opponents = [s for s in range(3) if s != seat and (self.is_landlord or s == landlord)]
        self.partner = None if self.is_landlord else 3 - seat - landlord
        self.counts = counts_of(view.hand)
        self.cost = hand_cost(self.counts)
        unseen = list(_FULL)
        for v, n in enumerate(self.counts):
            unseen[v] -= n
        for cards in view.played:
            for v, n in enumerate(counts_of(cards)):
                unseen[v] -= n
        self.unseen = unseen
        self.closest = min(view.hand_counts[s] for s in self.opponents)

    def scores(self, legal: list[Action]) -> list[float]:
        return [self.score(action) for action in legal]

    def inputs(self, position: ddz_value.Position, action: Action) -> list[float] | None:
        """The learned evaluation's inputs of ``action`` (None: it goes out)."""
        after = list(self.counts)
        combo = action.combo if action.kind != "pass" else None
        if combo is not None:
            assert isinstance(combo, Combo)
            for v, n in enumerate(counts_of(combo.cards)):
                after[v] -= n
            if not any(after):
                return None
        return position.inputs(combo, after, hand_cost(after))

    def score(self, action: Action) -> float:
        view = self.view
        if action.kind == "pass":
            return self._pass_score()
        combo = action.combo
        assert isinstance(combo, Combo)  # a play of Dou Dizhu's legal actions
        after = list(self.counts)
        for v, n in enumerate(counts_of(combo.cards)):
            after[v] -= n
        left = sum(after)
        if left == 0:
            return GO_OUT
        score = -hand_cost(after) + SHED_PER_CARD * len(combo.cards)
        if combo.is_bomb:
            score += self._bomb_bonus(after)
        if combo.kind.startswith("four_two"):
            score -= BREAK_BOMB
        if view.last_play is None:
            score += self._lead_adjust(combo)
        else:
            score += self._follow_adjust(combo)
        return score

    def _pass_score(self) -> float:
        view = self.view
        score = -self.cost
        last, last_seat = view.last_play, view.last_seat
        if last_seat in self.opponents and last is not None and last.kind in ("single", "pair"):
            if view.hand_counts[last_seat] == len(last.cards):
                # the close opponent's own single or pair stands: it leads its last cards, so
                # passing is as dangerous as the riskiest answer
                score -= DANGER_FOLLOW
        if self.partner is not None and view.last_seat == self.partner:
            stand = self._let_stand()
            score += stand
            if view.hand_counts[self.partner] <= 2:
                score += stand
        return score

    def _let_stand(self) -> float:
        """How much a peasant prefers to let its partner's last play stand."""
        last = self.view.last_play
        if last is not None and last.kind in ("single", "pair") and last.value >= STANDS_FROM:
            return LET_STAND
        return LET_STAND_LOW

    def _bomb_bonus(self, after: list[int]) -> float:
        """Bombs are kept unless the lead matters (see the module docstring)."""
        bonus = 0.0
        if self.closest <= 3:
            bonus += STOP_URGENCY * (5 - self.closest)
        if hand_cost(after) <= 1.5:
            bonus += BOMB_WIN
        return bonus - IDLE_BOMB - IDLE_BOMB_PER_CARD * max(0, int(self.closest) - 6)

    def _is_next(self) -> bool:
        """Whether this peasant plays right after the landlord (the other plays before it)."""
        return bool(self.seat == (cast(int, self.view.landlord) + 1) % 3)

    def _beatable(self, combo: Combo) -> bool:
        """Whether an unseen single or pair could beat this single or pair."""
        return self._ranks_above(combo) > 0

    def _beaten_share(self, combo: Combo) -> float:
        """About the chance that an opponent's last single (pair) beats this one: the share of
        the unseen cards (pairs of a rank) above it."""
        need = 1 if combo.kind == "single" else 2
        top = 15 if need == 1 else 13
        held = sum(self.unseen[v] // need for v in range(top))
        above = sum(self.unseen[v] // need for v in range(combo.value + 1, top))
        return above / held if held else 0.0

    def _ranks_above(self, combo: Combo) -> int:
        """The ranks above this single or pair of which unseen cards could beat it."""
        need = 1 if combo.kind == "single" else 2
        top = 15 if need == 1 else 13
        return sum(1 for v in range(combo.value + 1, top) if self.unseen[v] >= need)

    def _lead_adjust(self, combo: Combo) -> float:
        view = self.view
        adjust = 0.0
        size = len(combo.cards)
        if combo.kind in ("single", "pair") and self.closest == size and self._beatable(combo):
            adjust -= DANGER_LEAD * (DANGER_FLOOR + self._beaten_share(combo))
        partner = self.partner
        if partner is not None and combo.kind in ("single", "pair"):
            share = combo.value / 14.0
            if self._is_next():
                adjust += NEXT_LEAD * (share - 1.0)
            else:
                adjust += BEFORE_LEAD * share
        if partner is not None:
            left = view.hand_counts[partner]
            if left == 1 and combo.kind == "single":
                adjust += FEED * (1.0 - combo.value / 15.0)
            elif left == 2 and combo.kind == "pair":
                adjust += FEED * 0.6 * (1.0 - combo.value / 13.0)
        return adjust

    def _follow_adjust(self, combo: Combo) -> float:
        view = self.view
        last_seat = view.last_seat
        if self.partner is not None and last_seat == self.partner:
            return -self._let_stand()  # the partner's play stands
        adjust = 0.0
        if self.partner is not None and last_seat == view.landlord and not combo.is_bomb:
            share = combo.value / 14.0 if combo.kind in ("single", "pair") else 0.0
            if self._is_next():
                adjust += NEXT_ANSWER * share
            else:
                adjust += BEFORE_STOP + BEFORE_ANSWER * share
        size = len(combo.cards)
        if combo.kind in ("single", "pair") and self.closest == size:
            # an opponent may answer it with its last cards: the fewer ranks above, the safer
            adjust -= DANGER_FOLLOW * min(1.0, self._ranks_above(combo) / 2.0)
        urgency = max(0, 5 - view.hand_counts[last_seat]) if last_seat is not None else 0
        if urgency:
            adjust += STOP_URGENCY * urgency * (0.5 + combo.value / 30.0)
        return adjust


__all__ = ["DoudizhuBot"]
