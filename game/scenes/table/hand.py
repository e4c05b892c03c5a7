"""The player's hand at the table: its order (by rank or by suit, remembered per game), the
cards it shows while the deal is dealt and the cards that just joined it (a part of
:class:`TableScene`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.cards import Card
from game.table.sorting import sort_hand


def hand_orders(value: Any) -> dict[str, str]:
    """The remembered hand orders, ``"guandan:rank shengji:suit"`` -> {preset: "rank"|"suit"};
    malformed words are skipped."""
    chosen: dict[str, str] = {}
    for word in str(value or "").split():
        preset, _, order = word.partition(":")
        if preset and order in ("rank", "suit"):
            chosen[preset] = order
    return chosen


class TableHand:
    """The scene's hand of cards kept in the chosen order."""

    def _hand_cards(self) -> list[Card]:
        frame = self.frame
        order = self.view.hand_order(frame)
        # Sorted once per hand and order (Guandan's looks at the whole hand for its bombs).
        key = (tuple(frame.hand), self.by_suit, tuple(sorted(order.items())))
        cached = getattr(self, "_sorted_hand", None)
        if cached is None or cached[0] != key:
            cards = sort_hand(list(frame.hand), self.preset, by_suit=self.by_suit, **order)
            cached = self._sorted_hand = (key, cards)
        return list(cached[1])

    def _sync_hand(self, force: bool = False) -> None:
        # The order follows the game's order arguments too: a Shengji hand re-sorts the moment
        # trump is fixed (S3), not at the player's next play.
        order = self.view.hand_order(self.frame)
        cards = self._hand_cards()
        if force or order != self._order_args or Counter(cards) != Counter(self.hand.cards):
            self._mark_new(cards, force)
            selected = self.hand.selection()
            self.hand.set_cards(cards)
            if selected and not force:
                self.hand.select_cards(selected)
            self._order_args = order
            self._selection_cache = None
        if self.dealing():
            progress = (self.time - self.deal_started) / self._deal_time()
            self.hand.visible = int(len(self.hand.cards) * min(1.0, progress))
        else:
            self.hand.visible = len(self.hand.cards)

    def _mark_new(self, cards: list[Card], force: bool) -> None:
        """Cards that join a dealt hand (the kitty, a tribute, a return) are marked as new
        until the hand next loses a card (issue 26 point 8)."""
        before, after = Counter(self.hand.cards), Counter(cards)
        if force:  # a new deal: what the game handed over before it began (a tribute)
            self.hand.new = Counter(self.view.received_cards(self.frame)) & after
        elif not before or self.dealing():
            self.hand.new = Counter()
        elif after - before:
            self.hand.new = after - before
        elif before - after:
            self.hand.new = Counter()

    def _resort(self) -> None:
        self.by_suit = not self.by_suit
        selected = self.hand.selection()
        self.hand.set_cards(self._hand_cards())
        self.hand.select_cards(selected)
        self._ui_key = None
        self._remember_order()

    def _remembered_order(self) -> bool:
        """The player's chosen order for this game (rank or suit), else the game's default."""
        chosen = hand_orders(self.app.settings.hand_orders)
        if self.preset in chosen:
            return chosen[self.preset] == "suit"
        return bool(self.view.by_suit_default)

    def _remember_order(self) -> None:
        chosen = hand_orders(self.app.settings.hand_orders)
        chosen[self.preset] = "suit" if self.by_suit else "rank"
        self.app.set_setting("hand_orders", " ".join(f"{k}:{v}" for k, v in sorted(chosen.items())))
