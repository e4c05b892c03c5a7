"""The Shengji bot's throws (house rule VS4): which throws its own view proves will stand, and
which a small search of sampled deals says will stand often enough to be worth the risk.

A component is *proved* when no other seat can hold anything that beats it (VS4.3), judged from
the cards the bot has not seen (``unseen``: not in its hand, not played, not in a kitty it
buried) and what the log has shown: a seat void in the suit holds none of it, a seat that has
shown it holds no pair of the suit (``pairless``) holds no pair or tractor of it. A single is
proved when no unseen card of its suit is higher; a pair when no higher card has both copies
unseen; a tractor when no run of such pairs as long reaches higher. A throw is *safe* when every
component is proved: then it stands whatever the hidden hands are.

A throw that is not safe may fail. Where its own count cannot prove a component, the bot
searches: it deals the unseen cards of the throw's suit :data:`SAMPLES` times as its view
allows (to the other seats, as many as each can still hold, never to a seat void in the suit,
no two copies of a card to a seat that has shown it holds no pair of the suit, a declared card
to its declarer; to an unseen kitty only what the seats cannot hold, since a dealer buries what
it does not need) and judges the throw in each deal as the engine would
(VS4.3). A component is kept when it stands in at least :data:`STANDS` of them,
and the throw when all its kept components stand together that often; its score then pays the
expected penalty (game/games/shengji/bot.py). A throw that stands can still be ruffed by an
opponent void in its suit (VS4.6), which takes every card of it: :meth:`ThrowJudge.ruff_chance`
draws the opponents' hands from the unseen cards (a dealer who buried unseen with the kitty's
too, as void when it held a short suit), a throw above :data:`MAX_RUFF` is never led and
the others pay the chance of the ruff. Any other throw is never led.

:meth:`ThrowJudge.throws` offers, per effective suit, the largest such throw of the bot's cards:
the suit's components, less those neither proved nor standing often enough, while two or more
are left; :func:`with_throws` offers them in the deal's first tricks only (later a throw spends
the masters the bot keeps to regain the lead), a trump throw only up to
:data:`TRUMP_THROW_CARDS` cards (a larger one spends the trumps that regain the lead) and
by the attackers none before their last lead (:data:`ATTACK_TRUMP_THROW_CARDS`), as the
deal's first lead no pointless throw of :data:`FIRST_THROW_CARDS` cards or more, and
:func:`place_throws` scores them among the other leads. :func:`pairless_suits` reads from the
tricks which seats hold no pair of a suit. How the figures were chosen: docs/ai-notes.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from math import comb

from game.games.shengji.rules import TRUMP, Format, ShengjiView, Trump, card_points, lead_format
from game.games.shengji.rules.throws import can_beat, split, throw_format
from game.rules.base import Action
from game.rules.cards import Card

#: Deals of the hidden cards sampled to judge a throw the view cannot prove (VS4.3).
SAMPLES = 20
#: Draws of one sampled deal before a seat shown pairless in the suit is left with a pair.
REDRAWS = 30
#: The share of those deals in which a component, and the whole throw, must stand.
STANDS = 0.8
#: The score of a throw the bot's view cannot prove will stand (VS4): below every other lead.
RISKY_THROW = -100.0
#: What a throw that must stand adds to the best lead of one of its components (VS4); one
#: that the search says only stands often adds less (its deals are guesses: a dealer buries).
THROW_BONUS = 8.0
SEARCHED_BONUS = 2.0
#: The kitty's size (S2.1).
KITTY_CARDS = 8
#: A dealer who buried with this many cards of a side suit or fewer is taken as void in it.
BURIED_VOID = 2
#: Of what a throw ruffed by an opponent loses, the share its score pays times the chance of
#: the ruff (:meth:`ThrowJudge.ruff_chance`; docs/ai-notes.md).
RUFF_WEIGHT = 1.0
#: A throw with a greater chance of a ruff than this is never led (VS4.6; docs/ai-notes.md).
MAX_RUFF = 0.25
#: Throws are led only in the deal's first tricks, while the others still hold the suit (later
#: they spend the masters the bot keeps to regain the lead), or with the whole hand (VS4).
THROW_TRICKS = 6
#: The most cards of a trump throw led before the last lead: a large one spends at once the
#: trumps that regain the lead and ruff later (docs/ai-notes.md).
TRUMP_THROW_CARDS = 4
#: The deal's first lead throws no set of this many cards or more without a point card: the
#: others all still hold the suit, and it spends the dealer's entries for nothing.
FIRST_THROW_CARDS = 5
#: The most cards of a trump throw the attackers lead before their last lead: their few trumps
#: are what regain the lead and ruff (docs/ai-notes.md, issue 58's fifth round).
ATTACK_TRUMP_THROW_CARDS = 0


class ThrowJudge:
    """What one seat's view proves about the components of its possible throws."""

    def __init__(
        self, view: ShengjiView, unseen: Counter[Card], pairless: Mapping[int, set[str]]
    ) -> None:
        trump = view.trump
        assert trump is not None  # known from the bury on (S2.6)
        self.view, self.trump = view, trump
        others = [s for s in range(4) if s != view.seat]
        #: Per effective suit: whether some other seat may hold a card, a pair of it.
        self._may_hold = {
            suit: any(suit not in view.voids[s] for s in others) for suit in self._suits()
        }
        self._may_pair = {
            suit: any(suit not in view.voids[s] and suit not in pairless.get(s, ()) for s in others)
            for suit in self._suits()
        }
        #: The share of sampled deals in which each throw offered stands (1.0: proved).
        self.chances: dict[tuple[Card, ...], float] = {}
        self._unseen = unseen
        self._pairless = pairless
        self._deals: dict[str, list[list[dict[Card, int]]]] = {}
        self._top: dict[str, int] = {}
        self._pairs: dict[str, set[int]] = {}
        for card, n in unseen.items():
            suit, step = trump.effective_suit(card), trump.step(card)
            self._top[suit] = max(self._top.get(suit, -1), step)
            if n >= 2:
                self._pairs.setdefault(suit, set()).add(step)

    @staticmethod
    def _suits() -> tuple[str, ...]:
        return ("S", "H", "D", "C", TRUMP)

    def ruff_chance(self, suit: str) -> float:
        """The chance that an opponent is void in the side suit ``suit`` and so may ruff a
        throw of it (VS4.6): each opponent's hand drawn from the unseen cards; a dealer who
        buried unseen is drawn with the kitty too and counts as void with :data:`BURIED_VOID`
        cards of the suit or fewer (it buries short suits). 0 when no trump is unseen."""
        trump, view = self.trump, self.view
        if suit == TRUMP or not any(trump.is_trump(c) for c in self._unseen):
            return 0.0
        total = sum(self._unseen.values())
        of_suit = sum(n for c, n in self._unseen.items() if trump.effective_suit(c) == suit)
        dry = 1.0
        for seat in ((view.seat + 1) % 4, (view.seat + 3) % 4):
            size, few = view.hand_sizes[seat], 0
            if seat == view.dealer and view.kitty is None:
                size, few = size + KITTY_CARDS, BURIED_VOID
            dry *= 1.0 - _at_most(few, total, of_suit, size)
        return 1.0 - dry

    def ruff_cost(
        self, fmt: Format, cards: tuple[Card, ...], keep: Callable[[Card], float]
    ) -> tuple[float, float]:
        """The chance that the throw ``cards`` of ``fmt``'s suit is ruffed (:meth:`ruff_chance`
        times :data:`RUFF_WEIGHT`, at most 1) and what it then loses: its points (they go to
        the ruffer's team) and half what its cards are worth to keep (``keep``)."""
        chance = min(1.0, RUFF_WEIGHT * self.ruff_chance(fmt.suit))
        return chance, sum(card_points(c) + 0.5 * keep(c) for c in cards)

    def proved(self, part: Format) -> bool:
        """Whether no other seat can beat the component ``part`` (VS4.3) by what it may hold."""
        suit = part.suit
        if part.kind == "single":
            return not self._may_hold[suit] or self._top.get(suit, -1) <= part.high
        if not self._may_pair[suit]:
            return True
        steps = self._pairs.get(suit, set())
        if part.kind == "pair":
            return not any(s > part.high for s in steps)
        return not any(
            high > part.high and high - low + 1 >= part.pairs for low, high in Trump.runs(steps)
        )

    def safe(self, fmt: Format) -> bool:
        """Whether every component of the lead ``fmt`` is proved (a throw that must stand)."""
        parts = fmt.components or (fmt,)
        return all(self.proved(part) for part in parts)

    def chance(self, fmt: Format, cards: tuple[Card, ...]) -> float:
        """The share of sampled deals in which the lead ``cards`` stands: 1.0 when every
        component is proved, the figure :meth:`throws` found, else 0 (never searched)."""
        if self.safe(fmt):
            return 1.0
        return self.chances.get(cards, 0.0)

    def _hands(self, suit: str) -> list[list[dict[Card, int]]]:
        """Per sampled deal, the other seats' cards of ``suit`` in turn order after the bot's
        seat (dealt once per suit and decision, seeded by the position: the same view decides
        the same way)."""
        found = self._deals.get(suit)
        if found is None:
            found = self._deals[suit] = self._deal(suit)
        return found

    def _deal(self, suit: str) -> list[list[dict[Card, int]]]:
        view, trump = self.view, self.trump
        seats = [(view.seat + k) % 4 for k in (1, 2, 3)]
        holders = [s for s in seats if suit not in view.voids[s]]
        pinned = _declared(view)
        cards = [c for c, n in self._unseen.items() for _ in range(n)]
        cards = [c for c in cards if trump.effective_suit(c) == suit]
        rng = random.Random(len(view.history) * 4 + view.seat)
        # one slot per card a seat that may hold the suit still holds; a declared card takes
        # one of its declarer's, the others a uniform draw of the rest (the kitty: none left)
        free = [s for s in holders for _ in range(view.hand_sizes[s])]
        fixed: dict[int, Counter[Card]] = {s: Counter() for s in seats}
        rest = []
        for card in cards:
            owner = pinned.get(card)
            if owner is not None and owner in free:
                free.remove(owner)
                fixed[owner][card] += 1
            else:
                rest.append(card)
        count = min(len(rest), len(free))
        # S4.4: a seat shown pairless in the suit holds no two copies of a card of it
        bare = [s for s in holders if suit in self._pairless.get(s, ())]
        deals = []
        for _ in range(SAMPLES):
            for _ in range(REDRAWS if bare else 1):
                if count < len(rest):
                    rng.shuffle(rest)
                hands = {s: dict(fixed[s]) for s in seats}
                for card, owner in zip(rest, rng.sample(free, count), strict=False):
                    hands[owner][card] = hands[owner].get(card, 0) + 1
                if not any(n > 1 for s in bare for n in hands[s].values()):
                    break
            deals.append([hands[s] for s in seats])
        return deals

    def stands(self, parts: list[Format]) -> float:
        """The share of sampled deals in which no other seat can beat any of ``parts``."""
        trump = self.trump
        hands = self._hands(parts[0].suit)
        good = sum(
            not any(can_beat(hand, part, trump) for part in parts for hand in others)
            for others in hands
        )
        return good / len(hands)

    def throws(self, hand: Iterable[Card], search: bool = True) -> list[Action]:
        """Per effective suit, the suit's components that are proved, or (``search``) stand
        often enough in the sampled deals, as one throw when two or more are (the largest
        throw this view will risk); :attr:`chances` holds how often each stands."""
        trump = self.trump
        by_suit: dict[str, list[Card]] = {}
        for card in hand:
            by_suit.setdefault(trump.effective_suit(card), []).append(card)
        throws = []
        for cards in by_suit.values():
            parts = split(cards, trump) or []
            if len(parts) < 2:
                continue
            kept = [
                part
                for part in parts
                if self.proved(part[0]) or (search and self.stands([part[0]]) >= STANDS)
            ]
            if len(kept) < 2:
                continue
            chosen = tuple(trump.sorted(card for _, part in kept for card in part))
            again = split(chosen, trump)
            assert again is not None  # cards of one suit
            fmt = throw_format(again)
            if fmt.kind != "throw":
                continue
            chance = 1.0 if self.safe(fmt) else self.stands(list(fmt.components))
            if chance >= STANDS:
                self.chances[chosen] = chance
                throws.append(Action("play", chosen, fmt))
        return throws

    def safe_throws(self, hand: Iterable[Card]) -> list[Action]:
        """The throws of :meth:`throws` that the view proves (no search)."""
        return self.throws(hand, search=False)


def _at_most(few: int, total: int, marked: int, drawn: int) -> float:
    """The chance that ``drawn`` of ``total`` cards, ``marked`` of them marked, hold at most
    ``few`` marked ones (hypergeometric)."""
    drawn = min(drawn, total)
    if drawn <= 0:
        return 1.0
    chance = 0.0
    for k in range(min(few, marked, drawn) + 1):
        if drawn - k <= total - marked:
            chance += comb(marked, k) * comb(total - marked, drawn - k) / comb(total, drawn)
    return chance


def pairless_suits(view: ShengjiView) -> dict[int, set[str]]:
    """Suits in which a seat has shown it holds no pair (S4.4): it followed a lead holding
    pairs with cards of the led suit only, yet gave fewer pairs than the lead held."""
    trump = view.trump
    assert trump is not None  # known from the bury on (S2.6)
    found: dict[int, set[str]] = {}
    tricks = [trick.plays for trick in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays in tricks:
        if len(plays[0][1]) < 2:
            continue  # a single lead shows nothing about pairs
        lead = lead_format(plays[0][1], trump, view.options)
        if lead is None or lead.pairs == 0:
            continue
        for seat, play in plays[1:]:
            in_suit = sum(1 for c in play if trump.effective_suit(c) == lead.suit)
            pairs = len(play) - len(set(play))  # a card is in the two packs at most twice
            if in_suit == lead.length and pairs < lead.pairs:
                found.setdefault(seat, set()).add(lead.suit)
    return found


def _declared(view: ShengjiView) -> dict[Card, int]:
    """The cards other seats declared and have not played since, with their seat (S2.3)."""
    played: set[tuple[int, Card]] = set()
    for trick in view.tricks:
        played.update((s, c) for s, play in trick.plays for c in play)
    played.update((s, c) for s, play in view.trick for c in play)
    return {
        card: d.seat
        for d in view.declarations
        if d.seat != view.seat
        for card in d.cards
        if (d.seat, card) not in played
    }


def parts_of(action: Action, trump: Trump) -> list[Action]:
    """The leads of the throw ``action``'s components, in VS4.2 order (largest, strongest
    first), each with its cards in the engine's order."""
    parts = split(action.cards, trump)
    assert parts is not None and len(parts) > 1  # a throw
    return [Action("play", tuple(trump.sorted(cards)), fmt) for fmt, cards in parts]


def first_part(action: Action, trump: Trump | None) -> Action:
    """The lead of the throw ``action``'s first component (its largest, strongest; VS4.2)."""
    assert trump is not None
    return parts_of(action, trump)[0]


def is_throw(action: Action) -> bool:
    """Whether ``action`` leads a throw (VS4.1)."""
    combo = action.combo
    return isinstance(combo, Format) and combo.kind == "throw"


def with_throws(
    view: ShengjiView, legal: list[Action], judge: ThrowJudge, throws: bool
) -> list[Action]:
    """The leads to weigh: ``legal`` and, in the first :data:`THROW_TRICKS` tricks, the throw
    of each suit the bot will risk (:meth:`ThrowJudge.throws`); later only a throw of the whole
    hand; without throws (the house rule off, or ``throws`` False) no throw at all."""
    if not view.options["throws"]:
        return legal
    if not throws:
        return [action for action in legal if not is_throw(action)]
    if len(view.tricks) >= THROW_TRICKS:  # only the whole hand, as the last lead
        return [a for a in legal if not is_throw(a) or len(a.cards) == len(view.hand)]
    listed = {action.cards for action in legal}
    offered = legal + [a for a in judge.throws(view.hand) if a.cards not in listed]
    return [a for a in offered if _allowed(a, view)]


def _allowed(action: Action, view: ShengjiView) -> bool:
    """Whether the lead ``action`` is not a trump throw over :data:`TRUMP_THROW_CARDS` cards
    (:data:`ATTACK_TRUMP_THROW_CARDS` for the attackers), nor, as the deal's first lead, a
    throw of :data:`FIRST_THROW_CARDS` or more without a point card (the whole hand always
    is)."""
    combo, size = action.combo, len(action.cards)
    if not is_throw(action) or size == len(view.hand) or not isinstance(combo, Format):
        return True
    if not view.tricks and size >= FIRST_THROW_CARDS and not any(map(card_points, action.cards)):
        return False
    attacking = view.seat % 2 == view.attackers
    return combo.suit != TRUMP or size <= (
        ATTACK_TRUMP_THROW_CARDS if attacking else TRUMP_THROW_CARDS
    )


def place_throws(
    scored: list[tuple[float, Action]],
    trump: Trump | None,
    risky: set[int],
    chances: dict[int, float],
    ruffs: Mapping[int, tuple[float, float]] | None = None,
) -> list[tuple[float, Action]]:
    """Throws among the scored leads: one that stands is worth the best lead of one of its
    components and :data:`THROW_BONUS` more (it cashes the others at once, before they can be
    ruffed); one that stands with chance p < 1 (``chances`` by id) gets p of that with
    :data:`SEARCHED_BONUS` instead, less
    (1 - p) of the penalty of all but one card taken back; one an opponent ruffs with chance r
    (``ruffs`` by id: r and what it loses, :meth:`ThrowJudge.ruff_cost`) pays r of the bonus
    and the loss; a ``risky`` one (by id) sinks
    :data:`RISKY_THROW` below all."""
    if trump is None or not any(is_throw(a) for _, a in scored):
        return scored
    floor = min((s for s, a in scored if id(a) not in risky), default=0.0)
    by_cards = {a.cards: s for s, a in scored if not is_throw(a)}
    placed = []
    for score, action in scored:
        if id(action) in risky:
            score = floor + RISKY_THROW - len(action.cards)
        elif is_throw(action):
            parts = [by_cards.get(part.cards) for part in parts_of(action, trump)]
            known = [s for s in parts if s is not None]
            chance = chances.get(id(action), 1.0)
            bonus = THROW_BONUS if chance >= 1.0 else SEARCHED_BONUS
            score = max(known) + bonus if known else score
            score = chance * score - (1.0 - chance) * 10.0 * (len(action.cards) - 1)
            ruff, lost = (ruffs or {}).get(id(action), (0.0, 0.0))
            score -= ruff * (bonus + lost)
        placed.append((score, action))
    return placed


__all__ = [
    "MAX_RUFF",
    "ThrowJudge",
    "first_part",
    "is_throw",
    "pairless_suits",
    "parts_of",
    "place_throws",
    "with_throws",
]
