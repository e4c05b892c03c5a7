"""The Shengji bot's throws (house rule VS4): which throws its own view proves will stand.

A component is *proved* when no other seat can hold anything that beats it (VS4.3), judged from
the cards the bot has not seen (``unseen``: not in its hand, not played, not in a kitty it
buried) and what the log has shown: a seat void in the suit holds none of it, a seat that has
shown it holds no pair of the suit (``pairless``) holds no pair or tractor of it. A single is
proved when no unseen card of its suit is higher; a pair when no higher card has both copies
unseen; a tractor when no run of such pairs as long reaches higher. A throw is *safe* when every
component is proved: then it stands whatever the hidden hands are.

:func:`safe_throws` offers, per effective suit, the largest safe throw of the bot's cards: the
suit's components, less those not proved, while two or more are left. A throw that is not safe
may fail; the bot never plays one on its own judgement (its score is kept below the best other
lead, so the search bot may still weigh it: game/games/shengji/bot.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from game.games.shengji.rules import TRUMP, Format, ShengjiView, Trump
from game.games.shengji.rules.throws import split, throw_format
from game.rules.base import Action
from game.rules.cards import Card


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

    def safe_throws(self, hand: Iterable[Card]) -> list[Action]:
        """Per effective suit, the suit's components that are proved, as one throw, when two
        or more are (the largest throw this view proves will stand)."""
        trump = self.trump
        by_suit: dict[str, list[Card]] = {}
        for card in hand:
            by_suit.setdefault(trump.effective_suit(card), []).append(card)
        throws = []
        for cards in by_suit.values():
            parts = split(cards, trump) or []
            kept = [cards for fmt, cards in parts if self.proved(fmt)]
            if len(kept) < 2:
                continue
            chosen = tuple(trump.sorted(card for part in kept for card in part))
            again = split(chosen, trump)
            assert again is not None  # cards of one suit
            fmt = throw_format(again)
            if fmt.kind == "throw" and self.safe(fmt):
                throws.append(Action("play", chosen, fmt))
        return throws


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


__all__ = ["ThrowJudge", "first_part", "is_throw", "parts_of"]
