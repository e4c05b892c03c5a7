"""What the Shengji bot remembers of a deal (issue 11): the cards it has not seen, what a card is
worth to keep, and whether a play is master.

From the view the bot knows its hand, every card played, the kitty when it buried it, and the
voids each seat has shown; every other card is *unseen*. "Master" plays are judged against the
unseen cards: a single is master when no unseen card of its effective suit is stronger, a pair
when no stronger pair can still exist, a tractor when no stronger tractor of its length can; a
side-suit play is not master while an opponent still to play has shown a void in that suit and
trumps may remain unseen. A seat that followed a pair or tractor lead with the led suit only but
gave fewer pairs than the lead has shown it holds no pair of that suit (S4.4), so it cannot beat
a pair or tractor there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from game.games.shengji.rules import TRUMP, Format, ShengjiView, Trump
from game.rules.cards import Card, double_pack

_PACK = Counter(double_pack())
#: The pack as counts by card index, and the card of each index (for quick counting).
_CARDS: dict[int, Card] = {card.index: card for card in _PACK}
_PACK_BY_INDEX = [_PACK[_CARDS[i]] if i in _CARDS else 0 for i in range(max(_CARDS) + 1)]


def keep_value(card: Card, trump: Trump) -> float:
    """What a card is worth to its holder, in point units (beyond its own points)."""
    step = trump.step(card)
    if trump.is_trump(card):
        return 3.0 + step * 0.8
    return {11: 7.0, 10: 4.0, 9: 2.0}.get(step, 0.5 + step * 0.1)


def unseen_cards(view: ShengjiView) -> Counter[Card]:
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


class Memory:
    """One decision's judge of master plays: the effective suits in which each seat has shown
    it holds no pair (``pairless``), and an index of the unseen cards built once per Counter."""

    def __init__(self, pairless: dict[int, set[str]]) -> None:
        self.pairless = pairless
        self._unseen_of: Counter[Card] | None = None
        self._unseen_top: dict[str, int] = {}
        self._unseen_pairs: dict[str, set[int]] = {}

    def _index_unseen(self, unseen: Counter[Card], trump: Trump) -> None:
        """Per effective suit, the strongest unseen step and the steps of unseen pairs (what
        :meth:`is_master` asks of the unseen cards)."""
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

    def is_master(
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
        if unseen is not self._unseen_of:
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
        if all(suit in self.pairless.get(s, ()) or suit in view.voids[s] for s in later):
            return True  # no opponent still to play can hold a pair of that suit
        steps = self._unseen_pairs.get(suit, set())
        if fmt.kind == "pair":
            return not any(s > fmt.high for s in steps)
        # beaten by an unseen tractor as long, higher up a run of unseen pairs
        return not any(
            high > fmt.high and high - low + 1 >= fmt.pairs for low, high in Trump.runs(steps)
        )


__all__ = ["Memory", "keep_value", "unseen_cards"]
