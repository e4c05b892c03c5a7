"""The Guandan heuristic bot (issue 11): partner-aware play over the hand planner of
:mod:`game.games.guandan.plan` (what a hand is worth as its best split into plays).

Play. Every legal action is scored by the planner's value of the hand it leaves plus situation
terms:
- leading: shed the weakest play; leading, following the partner or an opponent and bombing
  add the situation terms of :mod:`game.games.guandan.situation`;
- end game (issue 31): a play that leaves one play and that no unseen card beats but a bomb
  (two decks minus this hand and every card played) is played first: out next turn;
- end-game search (issue 31): once a live seat holds 8 cards or fewer (and the live seats 56
  or fewer in all, issue 56), Normal's close choices are checked on 4 to 16 sampled deals by
  game/ai/search.py, more when fewer cards are left (``endgame=False`` turns it off);
- blocking (issue 56): beating an opponent's play while an opponent holds exactly as many
  cards as the play, a play that more unseen cards rank above costs more (it may go out on it);
- learned evaluation (issue 31): a small network trained on self-play outcomes values what
  each play leaves (game/games/guandan/value.py, its inputs from
  game/games/guandan/features.py); ``LEARNED_WEIGHT`` times its estimate in levels
  is added to every play-phase score (``learned=False`` turns it off; off in ``fast`` mode);
- learned ranker (issue 42): when the best plays score close to each other, a second small
  network, trained on the outcomes of each of them played out (tools/train_guandan_ranker.py),
  estimates what the score misjudges between them, and they are reordered by it
  (``value.rerank``; the rest keep their scores);
- return (G3.5): the card whose loss hurts the plan least;
- ambiguous wild plays (G5.5): among the meanings of the same cards the stronger one wins.

``noise`` (0 = best) adds Gaussian noise of ``noise × NOISE_SCALE`` value units to every
score: Easy then misjudges close choices but still keeps the strong rules (a partner winning the
round is overtaken only rarely, idle bombs stay rare).

Speed: the plan search is memoized across decisions (in the planner); with more than ``DEEP_LIMIT`` legal
actions only the ``DEEP_LIMIT`` best by a quick sequence-free value get the full search. The
``fast`` mode (the search bot's rollout policy) scores only the three cheapest plays of each
shape and the weakest bomb.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.games.guandan import value as guandan_value
from game.games.guandan.features import COUNTED_KINDS, action_inputs, decision_context
from game.games.guandan.plan import (
    plan_value,
)
from game.games.guandan.rules import BOMB_KINDS, View
from game.games.guandan.seen import (
    Seen,
    combo_power,
    is_boss,
    remove_cards,
    shares_above,
    unseen_strengths,
)
from game.games.guandan.situation import pass_cost, situation_terms
from game.rules.base import Action
from game.rules.cards import Card

if TYPE_CHECKING:  # pragma: no cover - imported where used (endgame_search)
    from game.ai.search import SearchBot
    from game.ai.value_net import Ensemble, ValueNet

#: End-game search: when a live seat holds at most ENDGAME_CARDS cards, Normal's close choices
#: are checked on sampled deals (ENDGAME_STEPS structure steps each): ENDGAME_WORK divided by
#: the cards the live seats hold, from ENDGAME_SAMPLES to ENDGAME_MAX_SAMPLES (a rollout costs
#: about a step per card left, so short end-games get more samples in the same time; a count
#: fixed by the position, so a seeded game repeats; figures and timings in docs/ai-notes.md).
ENDGAME_CARDS = 8
#: ... and the live seats hold ENDGAME_LIVE cards or fewer in all (issue 56: longer rollouts took
#: Normal past its 50 ms goal; docs/ai-notes.md). Hard searches in every end game (in_endgame).
ENDGAME_LIVE = 56
ENDGAME_SAMPLES = 4
ENDGAME_MAX_SAMPLES = 16
ENDGAME_WORK = 160  # 240 before issue 56's second round (its p95 was above the goal)
ENDGAME_STEPS = 30
#: Bonus for a play no unseen cards beat (but a bomb) that leaves one play: out next turn.
BOSS_FINISH = 60.0
#: Beating a play while an opponent holds as many cards (BLOCK_SIZE or fewer): it may go out on
#: it and take the deal (G1.2), so the play costs BLOCK_COST times the share of unseen cards
#: ranking above it (issue 56: the highest single stops a last card).
BLOCK_COST = 60.0
BLOCK_SIZE = 3
#: Value units of Gaussian noise per unit of ``noise`` (Easy: 0.35 × 25 ≈ 0.9 of a play).
NOISE_SCALE = 25.0
#: Value units per level of the learned evaluation's estimate (game/games/guandan/value.py).
LEARNED_WEIGHT = 40.0
#: Value units per level of the learned ranker's estimate (``value.rerank``, issue 42).
RANK_WEIGHT = 40.0
#: Above this many legal actions only the most promising ones get the full plan search.
DEEP_LIMIT = 30


class GuandanBot:
    """The Normal Guandan player (Easy with ``noise``), reading only the view."""

    name = "guandan-heuristic"
    #: The search bot considers only moves scored within this much of the best one (two plays'
    #: worth: smaller windows left most decisions unsearched; the partner veto, -30, still
    #: stands). Narrower windows and searching vetoed moves won less: docs/ai-notes.md.
    search_window = 20.0
    #: Value units per level of the learned evaluation's estimate.
    learned_weight = LEARNED_WEIGHT
    #: Value units per level of the learned ranker's estimate.
    rank_weight = RANK_WEIGHT

    def __init__(
        self,
        *,
        noise: float = 0.0,
        fast: bool = False,
        endgame: bool = True,
        learned: bool | None = None,
    ) -> None:
        self.noise = noise
        #: Add the learned evaluation of what each play leaves (by default not in the quick
        #: rollouts' ``fast`` mode).
        self.learned = (not fast) if learned is None else learned
        #: Check close end-game choices by a short search (Normal only: no noise, not fast).
        self.endgame = endgame and not noise and not fast
        self._endgame_search: SearchBot | None = None
        #: Score only a short list of plays (the cheapest of each shape, the weakest bomb): the
        #: search bot's rollout policy, several times quicker and nearly as good.
        self.fast = fast

    @staticmethod
    def _deep_set(hand: list[Card], legal: list[Action], level: str) -> set[int]:
        """The DEEP_LIMIT actions that look best by the quick value: only they get the full
        plan search (keeps long lead lists within the time goal, deterministically)."""
        quick = []
        for index, action in enumerate(legal):
            rest = remove_cards(hand, action.cards)
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

    def scores(
        self, view: View, legal: list[Action], feats: list[list[float] | None] | None = None
    ) -> list[float]:
        """A score per legal action (higher is better), without noise. With ``learned`` the
        learned evaluation of what each play leaves (game/games/guandan/value.py) is added;
        ``feats``, when given, receives each action's input vector of that evaluation (None
        outside the play phase and for actions scored without it)."""
        seen = Seen(view)
        level, hand = seen.level, seen.hand
        base_value, base_plays = plan_value(hand, level)
        partner = (seen.seat + 2) % 4
        opponents = [(seen.seat + 1) % 4, (seen.seat + 3) % 4]
        live_opponents = [o for o in opponents if seen.counts[o] > 0 and o not in seen.finished]
        danger = min((seen.counts[o] for o in live_opponents), default=99)
        partner_left = seen.counts[partner] if partner not in seen.finished else 0
        leading = seen.last is None or all(a.kind != "pass" for a in legal)
        last_by_partner = seen.last_seat == partner
        last_by_opponent = seen.last_seat in opponents
        net = self._net() if self.learned else None
        ranker = self._ranker() if self.learned else None
        if ranker is not None and feats is None and seen.phase == "play":
            feats = []  # the ranker reads the inputs of the best few actions
        want = (net is not None or feats is not None) and seen.phase == "play"
        unseen = unseen_strengths(seen) if base_plays <= 4 or want else None
        context = decision_context(seen, base_plays, live_opponents, unseen) if want else None
        sizes = {seen.counts[o] for o in live_opponents if seen.counts[o] <= BLOCK_SIZE}
        block = unseen is not None and sizes and last_by_opponent and not self.fast
        shares = shares_above(unseen) if block and unseen else None
        cache: dict[tuple[int, ...], tuple[float, int]] = {}
        out: list[float] = []
        shortlist = self._shortlist(legal, level) if self.fast and len(legal) > 6 else None
        deep = self._deep_set(hand, legal, level) if len(legal) > DEEP_LIMIT else None
        for index, action in enumerate(legal):
            if feats is not None:
                feats.append(None)
            if shortlist is not None and index not in shortlist:
                out.append(-1e9)
                continue
            if action.kind == "pass":
                score = base_value - pass_cost(seen, last_by_opponent)
                if context is not None:
                    x = action_inputs(context, hand, base_value, base_plays, None, unseen)
                    score += self._learned(x, net, feats)
                out.append(score)
                continue
            rest = remove_cards(hand, action.cards)
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
            if unseen is not None and plays == 1 and not last_by_partner and not is_bomb:
                if is_boss(combo, level, unseen):  # unbeatable but by a bomb, then the last play
                    score += BOSS_FINISH
            score += situation_terms(
                seen, leading=leading, is_bomb=is_bomb, plays=plays, size=len(action.cards),
                power=power, base_plays=base_plays, partner_left=partner_left, danger=danger,
                live_opponents=live_opponents, last_by_partner=last_by_partner,
                last_by_opponent=last_by_opponent,
            )  # fmt: skip
            if shares and not is_bomb and len(action.cards) in sizes and kind in COUNTED_KINDS:
                score -= BLOCK_COST * shares[min(power[2], 14)]  # it may go out on it
            if context is not None and action.kind == "play":
                x = action_inputs(context, rest, value, plays, action, unseen)
                score += self._learned(x, net, feats)
            out.append(score)
        if ranker is not None and feats is not None and seen.phase == "play":
            guandan_value.rerank(out, feats, ranker, self.rank_weight)
        return out

    @staticmethod
    def _ranker() -> ValueNet | None:
        """The learned ranker of the best few actions (None when its weights are missing)."""
        return guandan_value.ranker()

    def _learned(
        self, x: list[float], net: Ensemble | None, feats: list[list[float] | None] | None
    ) -> float:
        """The learned term of an action with inputs ``x`` (0 without the network); ``x`` is
        recorded as the last entry of ``feats`` when given."""
        if feats is not None:
            feats[-1] = x
        return self.learned_weight * net(x) if net is not None else 0.0

    @staticmethod
    def _net() -> Ensemble | None:
        """The learned evaluation's network (None when its weights are missing or stale)."""
        return guandan_value.net()

    def inputs_of(self, view: View, legal: list[Action], index: int) -> list[float] | None:
        """The learned evaluation's inputs of ``legal[index]`` alone, as :meth:`scores` would
        record them (None where it records none): self-play of another policy labels them."""
        seen = Seen(view)
        action = legal[index]
        if seen.phase != "play" or action.kind not in ("play", "pass"):
            return None
        hand, level = seen.hand, seen.level
        base_value, base_plays = plan_value(hand, level)
        rest = remove_cards(hand, action.cards)
        if action.kind == "play" and not rest:
            return None
        opponents = [(seen.seat + 1) % 4, (seen.seat + 3) % 4]
        live = [o for o in opponents if seen.counts[o] > 0 and o not in seen.finished]
        unseen = unseen_strengths(seen)
        context = decision_context(seen, base_plays, live, unseen)
        if action.kind == "pass":
            return action_inputs(context, hand, base_value, base_plays, None, unseen)
        deep = self._deep_set(hand, legal, level) if len(legal) > DEEP_LIMIT else None
        value, plays = plan_value(rest, level, deep=deep is None or index in deep)
        return action_inputs(context, rest, value, plays, action, unseen)

    @staticmethod
    def hand_value(cards: Sequence[Card], level: str) -> float:
        """The planner's value of ``cards`` (0 for none): how well kept a hand is, which the
        search uses to make its sampled hands as well kept as real ones."""
        return plan_value(cards, level)[0] if cards else 0.0

    @staticmethod
    def in_endgame(view: View) -> bool:
        """Whether some seat still playing holds at most ENDGAME_CARDS cards."""
        finished = set(view.finish_order)
        live = [n for seat, n in enumerate(view.hand_counts) if seat not in finished and n]
        return view.phase == "play" and bool(live) and min(live) <= ENDGAME_CARDS

    @staticmethod
    def live_cards(view: View) -> int:
        """The cards the seats still playing hold."""
        finished = set(view.finish_order)
        return sum(n for seat, n in enumerate(view.hand_counts) if seat not in finished)

    @classmethod
    def endgame_samples(cls, view: View) -> int:
        """How many sampled deals the end-game search plays out here: ENDGAME_WORK over the
        cards still held by seats in play, between ENDGAME_SAMPLES and ENDGAME_MAX_SAMPLES."""
        live = cls.live_cards(view)
        return max(ENDGAME_SAMPLES, min(ENDGAME_MAX_SAMPLES, ENDGAME_WORK // max(live, 1)))

    def endgame_search(self) -> SearchBot:
        """The search that checks Normal's close end-game choices (game/ai/search.py: this
        bot's scores give the candidates, the quick policy plays the sampled deals out)."""
        if self._endgame_search is None:
            from game.ai.search import SearchBot

            # the quick policy is Hard's rollout policy (guandan_search.fast_policy)
            quick = GuandanBot(fast=True)
            search = SearchBot("guandan", self, policy=quick, samples=ENDGAME_SAMPLES)
            search.structure_steps = ENDGAME_STEPS
            search.searched = None  # it is asked only in the end game, and must not defer to self
            self._endgame_search = search
        return self._endgame_search

    def ranked(self, view: View, legal: list[Action], rng: random.Random) -> list[Action]:
        """Legal actions best first (the search bot prunes to the first few)."""
        scores = self.scores(view, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order]

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The best-scored legal action (noisy at Easy)."""
        if len(legal) == 1:
            return legal[0]
        if self.endgame and self.in_endgame(view) and self.live_cards(view) <= ENDGAME_LIVE:
            search = self.endgame_search()
            search.samples = self.endgame_samples(view)
            return search.choose(view, legal, rng)
        scores = self.scores(view, legal)
        if self.noise > 0:
            scores = [s + rng.gauss(0.0, self.noise * NOISE_SCALE) for s in scores]
        best = max(range(len(legal)), key=lambda i: scores[i])
        return legal[best]
