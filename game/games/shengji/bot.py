"""The Shengji heuristic bot (issue 11): plays from the view like a careful human: one scoring
of every decision (declare, bury, lead, follow) over one memory of the deal; what stands alone
is in ``declaring.py``, ``throw_plan.py`` and ``value.py``.

Memory. From the view the bot knows its hand, every card played, the kitty when it buried it,
and the voids each seat has shown; every other card is *unseen*. "Master" plays are judged
against the unseen cards: a single is master when no unseen card of its effective suit is
stronger, a pair when no stronger pair can still exist, a tractor when no stronger tractor
of its length can; a side-suit play is not master while an opponent still to play has shown
a void in that suit and trumps may remain unseen. A seat that followed a pair or tractor lead
with the led suit only but gave fewer pairs than the lead has shown it holds no pair of that
suit (S4.4), so it cannot beat a pair or tractor there.

Declaring (S2.3). The bot counts, for each suit it could name, the trumps it would hold (that
suit, every level card, the jokers) with a bonus for jokers, level cards, aces and pairs; it
declares (with its weakest legal declaration of that suit) when the count reaches a
threshold, overcalls an opponent only with a clearly good suit, and never overcalls its
partner. No-trump is declared with strong jokers/level cards and no long suit.

Burying (S2.7). Candidates void the shortest side suits and fill with the cheapest side cards;
each is scored by the value of what it gives away (aces, kings, pairs, trumps) against the
voids it makes, and points count against it unless the hand holds many high trumps (jokers
and level cards, at least 7 of 15 or more trumps) to win the last trick: then points are
"safe". With the learned evaluation (Normal), each candidate also gets the best score, heuristic
and learned, of the single and pair leads of the hand it leaves (the dealer leads first).

Leading. Each legal lead is scored: master leads cash (tractors most, then pairs, then aces);
the strong side (many trumps) pulls trumps; otherwise low cards of short side suits, suits the
partner can ruff, never suits an opponent has shown void in, and never points into a trick the
bot cannot win. With throws (VS4) it also weighs, per suit, the largest throw that its view
proves will stand, or that stands in nearly every deal of a small search of sampled hidden
hands (throw_plan.py): worth the best lead of one of its components and a bonus, less the
expected penalty and the chance of a ruff, in the deal's first tricks only (later, only the whole hand); any other throw
scores far below every other lead, so it is never played.

Following. Each legal follow is scored by the expected change in the team's points: the trick's
points (and, on the last trick, the kitty bonus) times the chance that the team keeps the
trick (winning plays that are master or last in turn keep it; a partner's master play keeps
it), minus the value of the cards spent. So it wins cheaply when it can, gives points to a
partner who is winning the trick, and throws its cheapest non-point cards to opponents,
preferring discards that empty a side suit (a void to ruff later).

``noise`` (0 = best play) adds Gaussian noise of ``noise × 10`` points to every score, so Easy
misjudges close choices while every move stays legal and sensible.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from game.games.shengji import value as shengji_value
from game.games.shengji.declaring import declare_scores
from game.games.shengji.rules import (
    TRUMP,
    Format,
    ShengjiView,
    Trump,
    card_points,
    lead_format,
    points_of,
    trick_winner,
)
from game.games.shengji.throw_plan import (
    MAX_RUFF,
    RISKY_THROW,
    STANDS,
    ThrowJudge,
    first_part,
    is_throw,
    pairless_suits,
    place_throws,
    with_throws,
)
from game.rules.base import Action
from game.rules.cards import SUITS, Card, double_pack

_PACK = Counter(double_pack())
#: The pack as counts by card index, and the card of each index (for quick counting).
_CARDS: dict[int, Card] = {card.index: card for card in _PACK}
_PACK_BY_INDEX = [_PACK[_CARDS[i]] if i in _CARDS else 0 for i in range(max(_CARDS) + 1)]
#: Chance that a partner still to play takes a trick an opponent is winning.
PARTNER_RESCUE = 0.3
#: Chance that a winning play that is not master keeps the trick.
NON_MASTER_HOLD = 0.35
#: Points an unseen kitty is assumed to hold.
KITTY_GUESS = 10.0
#: Score points per unit of the learned evaluation's outcome (game/games/shengji/value.py).
LEARNED_WEIGHT = 40.0
#: Weight of what a burial leaves (the best first lead's learned score) against the heuristic's
#: burial score, with the learned evaluation on (docs/ai-notes.md, issue 42).
BURY_LEAVE_WEIGHT = 1.0


def keep_value(card: Card, trump: Trump) -> float:
    """What a card is worth to its holder, in point units (beyond its own points)."""
    step = trump.step(card)
    if trump.is_trump(card):
        return 3.0 + step * 0.8
    return {11: 7.0, 10: 4.0, 9: 2.0}.get(step, 0.5 + step * 0.1)


def _bury_candidates(
    hand: list[Card], side: dict[str, list[Card]], key: Callable[[Card], tuple[float, int]]
) -> list[list[Card]]:
    """Burials of 8 that void the shortest side suit, or two, filled with the cheapest cards by
    ``key``, and the 8 cheapest cards (S2.7)."""
    by_cost = sorted(hand, key=key)
    candidates: list[list[Card]] = [by_cost[:8]]
    suits = sorted(side, key=lambda s: (len(side[s]), SUITS.index(s)))
    for first in suits:
        for second in [None, *suits]:
            if second == first:
                continue
            chosen = list(side[first]) + (list(side[second]) if second else [])
            if len(chosen) > 8:
                continue
            rest = Counter(hand)
            rest.subtract(chosen)
            fill = sorted(rest.elements(), key=key)
            candidates.append(chosen + fill[: 8 - len(chosen)])
    return candidates


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
        # Per decision: the effective suits in which each seat has shown it holds no pair.
        self._pairless: dict[int, set[str]] = {}
        # Per decision: the ids of the throws that may fail (VS4), sunk below the other leads,
        # and how often those it will risk stand in its sampled deals (throw_plan.py).
        self._risky: set[int] = set()
        self._chances: dict[int, float] = {}
        self._ruffs: dict[int, tuple[float, float]] = {}

    # -- entry point --

    def choose(self, view: ShengjiView, legal: list[Action], rng: random.Random) -> Action:
        """One action from ``legal`` (or an equivalent legal bury) for ``view.seat``."""
        if len(legal) == 1:
            return legal[0]
        self._pairless = {}
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
        self._pairless = {}
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
        self._pairless = pairless_suits(view)
        self._risky = set()
        self._chances, self._ruffs = {}, {}
        scored = (
            self._lead_scores(view, legal) if not view.trick else self._follow_scores(view, legal)
        )
        net = shengji_value.net() if self.learned else None
        if net is None and feats is None:
            return place_throws(scored, view.trump, self._risky, self._chances, self._ruffs)
        inputs = shengji_value.Inputs(view)
        result = []
        for score, action in scored:
            # a throw is judged as its largest component led (the network knows no throws)
            x = inputs.of(first_part(action, view.trump) if is_throw(action) else action)
            if feats is not None:
                feats.append(x)
            result.append((score + LEARNED_WEIGHT * net(x) if net else score, action))
        return place_throws(result, view.trump, self._risky, self._chances, self._ruffs)

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
        """Candidate burials (voiding the shortest side suits, filling with the cheapest
        cards) with their scores; noise is added here when ``noise`` is set."""
        trump = view.trump
        assert trump is not None  # known from the bury on (S2.6)
        hand = list(view.hand)
        counts = Counter(hand)
        high_trumps = sum(
            1 for c in hand if trump.is_trump(c) and trump.step(c) >= 12
        )  # jokers and level cards
        trump_count = sum(1 for c in hand if trump.is_trump(c))
        points_safe = high_trumps >= 7 and trump_count >= 15

        def cost(card: Card) -> float:
            value = keep_value(card, trump) * (3.0 if trump.is_trump(card) else 1.0)
            if counts[card] == 2:
                value += 3.0
            if card_points(card) and not points_safe:
                value += card_points(card) * 0.8
            return value

        side: dict[str, list[Card]] = {}
        for card in hand:
            if not trump.is_trump(card) and card.suit is not None:  # jokers are trumps
                side.setdefault(card.suit, []).append(card)
        learned = self.learned and shengji_value.net() is not None
        candidates = _bury_candidates(hand, side, lambda c: (cost(c), trump.sort_key(c)))
        scored: list[tuple[float, Action]] = []
        for cards in candidates:
            left = Counter(hand)
            left.subtract(cards)
            voids = sum(
                1
                for s in side
                if not any(c.suit == s and not trump.is_trump(c) for c in left.elements())
            )
            score = voids * 6.0 - sum(cost(c) for c in cards)
            if self.noise > 0:
                score += rng.gauss(0.0, self.noise * 10.0)
            if len(cards) == 8:
                scored.append((score, Action("bury", tuple(trump.sorted(cards)))))
        if learned and BURY_LEAVE_WEIGHT:
            scored = [(s + BURY_LEAVE_WEIGHT * self._leaves(view, a), a) for s, a in scored]
        return scored

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
        counts = list(_PACK_BY_INDEX)
        for card in view.hand:
            counts[card.index] -= 1
        for card in view.played_cards():
            counts[card.index] -= 1
        if view.kitty is not None:
            for card in view.kitty:
                counts[card.index] -= 1
        return Counter({_CARDS[i]: n for i, n in enumerate(counts) if n > 0})

    def _index_unseen(self, unseen: Counter[Card], trump: Trump) -> None:
        """Per effective suit, the strongest unseen step and the steps of unseen pairs (what
        :meth:`_is_master` asks of the unseen cards); built once per ``unseen``."""
        top: dict[str, int] = {}
        pairs: dict[str, set[int]] = {}
        for card, n in unseen.items():
            suit = trump.effective_suit(card)
            step = trump.step(card)
            if step > top.get(suit, -1):
                top[suit] = step
            if n >= 2:
                pairs.setdefault(suit, set()).add(step)
        self._unseen_top = top
        self._unseen_pairs = pairs
        self._unseen_of = unseen

    def _is_master(
        self,
        cards: Sequence[Card],
        fmt: Format,
        trump: Trump,
        unseen: Counter[Card],
        view: ShengjiView,
        later_opponents: Iterable[int],
        led_suit: str,
    ) -> bool:
        """Whether no opponent still to play can beat ``cards`` (judged from unseen cards)."""
        later = list(later_opponents)
        if not later:
            return True
        if unseen is not getattr(self, "_unseen_of", None):
            self._index_unseen(unseen, trump)
        suit = fmt.suit
        # Trumps can come in on a side suit from an opponent void in it.
        if led_suit != TRUMP and suit != TRUMP and any(led_suit in view.voids[s] for s in later):
            if TRUMP in self._unseen_top:
                return False
        if suit == TRUMP and led_suit != TRUMP:
            # Trumping in: only an opponent void in the led suit can over-trump.
            if not any(led_suit in view.voids[s] for s in later):
                return True
        if fmt.kind == "throw":
            if suit == led_suit:
                return True  # a throw that stood: no one holds better in its suit (VS4.3)
            fmt = fmt.components[0]  # a ruff of a throw, judged by its largest shape (VS4.6)
        if fmt.kind == "single":
            return self._unseen_top.get(suit, -1) <= fmt.high
        if all(suit in self._pairless.get(s, ()) or suit in view.voids[s] for s in later):
            return True  # no opponent still to play can hold a pair of that suit
        steps = self._unseen_pairs.get(suit, set())
        if fmt.kind == "pair":
            return not any(s > fmt.high for s in steps)
        # beaten by an unseen tractor as long, higher up a run of unseen pairs
        return not any(
            high > fmt.high and high - low + 1 >= fmt.pairs for low, high in Trump.runs(steps)
        )

    # -- leading --

    def _lead_scores(self, view: ShengjiView, legal: list[Action]) -> list[tuple[float, Action]]:
        trump = view.trump
        assert trump is not None  # known from the bury on (S2.6)
        seat = view.seat
        hand = view.hand
        unseen = self.unseen(view)
        opponents = [(seat + 1) % 4, (seat + 3) % 4]
        partner = (seat + 2) % 4
        my_trumps = sum(1 for c in hand if trump.is_trump(c))
        unseen_trumps = sum(n for c, n in unseen.items() if trump.is_trump(c))
        strong_side = my_trumps >= 6 and my_trumps * 2 >= unseen_trumps * 0.8
        suit_len = Counter(trump.effective_suit(c) for c in hand)
        scored: list[tuple[float, Action]] = []
        judge = ThrowJudge(view, unseen, self._pairless)
        for action in with_throws(view, legal, judge, self.throws):
            cards = action.cards
            fmt = action.combo if isinstance(action.combo, Format) else lead_format(cards, trump)
            if fmt is None:
                continue
            master = self._is_master(cards, fmt, trump, unseen, view, opponents, fmt.suit)
            if fmt.kind == "throw":
                chance = judge.chance(fmt, cards) if master else 0.0
                ruff = judge.ruff_cost(fmt, cards, lambda c: keep_value(c, trump))
                if chance < STANDS or ruff[0] > MAX_RUFF:  # it may fail, or be ruffed
                    self._risky.add(id(action))  # never led (place_throws)
                    scored.append((RISKY_THROW, action))
                    continue
                self._chances[id(action)], self._ruffs[id(action)] = chance, ruff
            points = points_of(cards)
            spent = sum(keep_value(c, trump) for c in cards)
            score = 0.0
            if master:
                score += 6.0 + 4.0 * fmt.pairs + 2.0 * len(cards) + points
                if fmt.suit == TRUMP:
                    score += 2.0 if strong_side else -4.0
                    score -= 0.3 * spent
            else:
                score -= 0.6 * spent + 1.2 * points
                if fmt.suit == TRUMP:
                    # pulling trumps with small ones while strong; saving them otherwise
                    score += 2.5 if strong_side else -6.0
                else:
                    score += 0.8 * max(0, 6 - suit_len[fmt.suit])
                    if fmt.suit in view.voids[partner] and not any(
                        fmt.suit in view.voids[o] for o in opponents
                    ):
                        score += 5.0  # the partner can ruff
            if fmt.suit != TRUMP and any(fmt.suit in view.voids[o] for o in opponents):
                score -= 8.0 + points  # an opponent ruffs
            scored.append((score, action))
        return scored or [(0.0, legal[0])]

    # -- following --

    def _follow_scores(self, view: ShengjiView, legal: list[Action]) -> list[tuple[float, Action]]:
        trump = view.trump
        assert trump is not None  # known from the bury on (S2.6)
        seat = view.seat
        team = seat % 2
        unseen = self.unseen(view)
        trick = list(view.trick)
        lead_cards = trick[0][1]
        options = view.options
        lead = view.lead or lead_format(lead_cards, trump, options)
        assert lead is not None
        led_suit = lead.suit
        order = [(trick[0][0] + k) % 4 for k in range(4)]
        later = order[len(trick) + 1 :]
        later_opponents = [s for s in later if s % 2 != team]
        partner_later = any(s % 2 == team for s in later)
        table_points = sum(points_of(p) for _, p in trick)
        plays = [list(p) for _, p in trick]
        current = trick_winner(plays, trump, options)
        last_trick = len(view.hand) == len(lead_cards)
        attackers = view.attackers
        kitty_points = points_of(view.kitty) if view.kitty is not None else KITTY_GUESS
        size = lead.components[0].length if lead.components else len(lead_cards)  # VS4.7
        bonus = kitty_points * 2 * size if last_trick else 0.0
        hand_counts = Counter(view.hand)
        suit_count = Counter(trump.effective_suit(c) for c in view.hand)
        scored: list[tuple[float, Action]] = []
        for action in legal:
            cards = action.cards
            winner_index = trick_winner([*plays, list(cards)], trump, options)
            winner_seat = seat if winner_index == len(trick) else trick[winner_index][0]
            total = table_points + points_of(cards)
            if winner_seat % 2 == team:
                if winner_seat == seat:
                    fmt = lead_format(cards, trump, options)
                    master = fmt is not None and self._is_master(
                        cards, fmt, trump, unseen, view, later_opponents, led_suit
                    )
                else:
                    winning_cards = trick[current][1]
                    fmt = lead_format(winning_cards, trump, options)
                    master = fmt is not None and self._is_master(
                        winning_cards, fmt, trump, unseen, view, later_opponents, led_suit
                    )
                keep = 1.0 if master else NON_MASTER_HOLD
            else:
                keep = PARTNER_RESCUE if partner_later else 0.0
            ours = total + (bonus if team == attackers else 0.0)
            theirs = total + (bonus if team != attackers else 0.0)
            score = keep * ours - (1.0 - keep) * theirs
            if winner_seat == seat:
                score += 1.0  # the lead has some worth
            spent = 0.0
            used = Counter(cards)
            for card in cards:
                spent += keep_value(card, trump)
                if hand_counts[card] == 2 and used[card] == 1:
                    spent += 2.0  # a broken pair
            score -= 0.5 * spent
            # Emptying a side suit makes a void to ruff later.
            for suit_name, n in Counter(
                trump.effective_suit(c) for c in cards if not trump.is_trump(c)
            ).items():
                if suit_name != led_suit and n == suit_count[suit_name]:
                    score += 1.5
            scored.append((score, action))
        return scored


__all__ = ["ShengjiBot", "keep_value"]
