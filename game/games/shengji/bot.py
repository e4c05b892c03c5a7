"""The Shengji heuristic bot (issue 11): plays from the view like a careful human: one scoring
of every decision (declare, bury, lead, follow) over one memory of the deal. Each part lives in
its own module: ``memory.py`` (unseen cards, master plays), ``declaring.py`` (S2.3),
``burying.py`` (S2.7), ``leading.py`` (leads and throws, with ``throw_plan.py``),
``following.py``, and ``value.py`` (the learned evaluation Normal adds to the scores).

``noise`` (0 = best play) adds Gaussian noise of ``noise × 10`` points to every score, so Easy
misjudges close choices while every move stays legal and sensible.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

from game.games.shengji import value as shengji_value
from game.games.shengji.burying import bury_scores
from game.games.shengji.declaring import declare_scores
from game.games.shengji.following import follow_scores
from game.games.shengji.leading import ThrowMarks, lead_scores
from game.games.shengji.memory import Memory, unseen_cards
from game.games.shengji.rules import ShengjiView
from game.games.shengji.throw_plan import first_part, is_throw, pairless_suits, place_throws
from game.rules.base import Action
from game.rules.cards import Card

#: Score points per unit of the learned evaluation's outcome (game/games/shengji/value.py).
LEARNED_WEIGHT = 40.0


class ShengjiBot:
    """The Shengji heuristic (see the module docstring). ``noise`` 0 plays its best."""

    name = "shengji-heuristic"

    def __init__(
        self, noise: float = 0.0, learned: bool | None = None, throws: bool = True
    ) -> None:
        self.noise = float(noise)
        #: Lead throws when the house rule allows them (VS4); False: never (the arena's
        #: ``normal-nothrow``, tools/yardsticks/), though it still follows them.
        self.throws = throws
        #: Add the learned evaluation of what each lead or follow leaves (value.py); by default
        #: Normal only, so Easy stays the old heuristic with its mistakes (docs/ai-notes.md).
        self.learned = self.noise == 0 if learned is None else learned

    # -- entry point --

    def choose(self, view: ShengjiView, legal: list[Action], rng: random.Random) -> Action:
        """One action from ``legal`` (or an equivalent legal bury) for ``view.seat``."""
        if len(legal) == 1:
            return legal[0]
        if view.phase == "declare":
            scored = declare_scores(view, legal)
        elif view.phase == "bury":
            return self._bury(view, legal, rng)
        else:
            scored = self.play_scores(view, legal)
        return self._pick(scored, rng)

    def ranked(self, view: ShengjiView, legal: list[Action], rng: random.Random) -> list[Action]:
        """Legal actions best first by the heuristic's own scores, without noise (the search
        bot prunes to the first few). The first is what :meth:`choose` plays at ``noise`` 0.
        Burying ranks the heuristic's candidate burials (each set once)."""
        if len(legal) == 1:
            return list(legal)
        if view.phase == "bury":
            noise, self.noise = self.noise, 0.0
            try:
                scored = self._bury_scores(view, rng)
            finally:
                self.noise = noise
            # stable: among equal scores the earlier candidate first, as _bury keeps it
            order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
            burials: list[Action] = []
            for i in order:
                if scored[i][1] not in burials:
                    burials.append(scored[i][1])
            return burials or [legal[0]]
        if view.phase == "declare":
            scored = declare_scores(view, legal)
        else:
            scored = self.play_scores(view, legal)
        # stable: among equal scores the earlier action first, as _pick keeps the first best
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order]

    def play_scores(
        self, view: ShengjiView, legal: list[Action], feats: list[list[float]] | None = None
    ) -> list[tuple[float, Action]]:
        """(score, action) of the leads or follows the heuristic weighs, with the learned
        evaluation's term when ``learned``; ``feats``, when given, receives each one's inputs."""
        memory = Memory(pairless_suits(view))  # what it remembers of the deal (memory.py)
        marks = ThrowMarks()  # the throws it weighed (VS4), for place_throws
        scored = (
            lead_scores(view, legal, memory, self.throws, marks)
            if not view.trick
            else follow_scores(view, legal, memory)
        )
        net = shengji_value.net() if self.learned else None
        if net is None and feats is None:
            return place_throws(scored, view.trump, marks.risky, marks.chances, marks.ruffs)
        inputs = shengji_value.Inputs(view)
        result = []
        for score, action in scored:
            # a throw is judged as its largest component led (the network knows no throws)
            x = inputs.of(first_part(action, view.trump) if is_throw(action) else action)
            if feats is not None:
                feats.append(x)
            result.append((score + LEARNED_WEIGHT * net(x) if net else score, action))
        return place_throws(result, view.trump, marks.risky, marks.chances, marks.ruffs)

    def _pick(self, scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
        best_score = None
        best = scored[0][1]
        for score, action in scored:
            if self.noise > 0:
                score += rng.gauss(0.0, self.noise * 10.0)
            if best_score is None or score > best_score:
                best_score, best = score, action
        return best

    # -- burying (S2.7) --

    def _bury(self, view: ShengjiView, legal: list[Action], rng: random.Random) -> Action:
        best: Action | None = None
        best_score = 0.0
        for score, action in self._bury_scores(view, rng):
            if best is None or score > best_score:
                best, best_score = action, score
        return best if best is not None else legal[0]

    def _bury_scores(self, view: ShengjiView, rng: random.Random) -> list[tuple[float, Action]]:
        """Candidate burials with their scores (burying.py), the learned evaluation judging
        what each leaves when ``learned``; noise is added when ``noise`` is set."""
        learned = self.learned and shengji_value.net() is not None
        return bury_scores(
            view, rng, self.noise, (lambda bury: self._leaves(view, bury)) if learned else None
        )

    def _leaves(self, view: ShengjiView, bury: Action) -> float:
        """What a burial leaves the dealer: the best score (heuristic and learned) among the
        single and pair leads of the hand left, the kitty being the buried cards (S2.7)."""
        trump = view.trump
        assert trump is not None
        left = Counter(view.hand)
        left.subtract(bury.cards)
        hand = tuple(trump.sorted(left.elements()))
        after = dataclasses.replace(
            view, phase=type(view.phase)("play"), hand=hand, kitty=bury.cards, trick=()
        )
        leads = [trump.single_leads[c.index] for c in dict.fromkeys(hand)]
        leads += [trump.pair_leads[c.index] for c in dict.fromkeys(hand) if left[c] == 2]
        return max(score for score, _ in self.play_scores(after, leads))

    # -- shared judgement --

    def unseen(self, view: ShengjiView) -> Counter[Card]:
        """The cards ``view``'s seat has not seen: not in its hand, not played, not buried."""
        return unseen_cards(view)


__all__ = ["ShengjiBot"]
