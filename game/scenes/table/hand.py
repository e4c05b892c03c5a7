"""The player's hand at the table: its order (by rank or by suit, remembered per game), the
cards it shows while the deal is dealt, the cards that just joined it and what the selected
cards may do (:class:`PlayerHand`, over the hand widget)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.controller import TableController
from game.table.sorting import HandOrder, sort_hand
from game.widgets.hand import HandWidget
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import SettingsKeeper


def hand_orders(value: object) -> dict[str, str]:
    """The remembered hand orders, ``"guandan:rank shengji:suit"`` -> {preset: "rank"|"suit"};
    malformed words are skipped."""
    chosen: dict[str, str] = {}
    for word in str(value or "").split():
        preset, _, order = word.partition(":")
        if preset and order in ("rank", "suit"):
            chosen[preset] = order
    return chosen


class PlayerHand:
    """The player's hand kept in the chosen order and in step with the table's frame; the
    selection's actions and refusal (see the module docstring)."""

    def __init__(
        self,
        app: SettingsKeeper,
        controller: TableController,
        view: GameView,
        state: TableState,
        widget: HandWidget,
    ) -> None:
        self.app = app
        self.preset = controller.preset
        self.controller = controller
        self.view = view
        self.state = state
        self.widget = widget
        widget.wild = lambda card: view.is_wild(card, controller.frame())
        self.by_suit = self._remembered_order()
        self._sorted: tuple[object, list[Card]] | None = None
        self._order_args: HandOrder | None = None
        self._selection: tuple[object, list[Action], Words | None] | None = None

    def cards(self) -> list[Card]:
        """The frame's hand in the chosen order."""
        frame = self.controller.frame()
        order = self.view.hand_order(frame)
        # Sorted once per hand and order (Guandan's looks at the whole hand for its bombs).
        key = (tuple(frame.hand), self.by_suit, tuple(sorted(order.items())))
        if self._sorted is None or self._sorted[0] != key:
            cards = sort_hand(list(frame.hand), self.preset, by_suit=self.by_suit, **order)
            self._sorted = (key, cards)
        return list(self._sorted[1])

    def sync(self, force: bool = False) -> None:
        """The widget shows the frame's hand (``force``: anew, a new deal or an undo)."""
        # The order follows the game's order arguments too: a Shengji hand re-sorts the moment
        # trump is fixed (S3), not at the player's next play.
        hand = self.widget
        order = self.view.hand_order(self.controller.frame())
        cards = self.cards()
        if force or order != self._order_args or Counter(cards) != Counter(hand.cards):
            self._mark_new(cards, force)
            selected = hand.selection()
            hand.set_cards(cards)
            if selected and not force:
                hand.select_cards(selected)
            self._order_args = order
            self._selection = None
        if self.state.dealing():
            hand.visible = int(len(hand.cards) * self.state.deal_progress())
        else:
            hand.visible = len(hand.cards)

    def _mark_new(self, cards: list[Card], force: bool) -> None:
        """Cards that join a dealt hand (the kitty, a tribute, a return) are marked as new
        until the hand next loses a card (issue 26 point 8)."""
        hand = self.widget
        before, after = Counter(hand.cards), Counter(cards)
        if force:  # a new deal: what the game handed over before it began (a tribute)
            hand.new = Counter(self.view.received_cards(self.controller.frame())) & after
        elif not before or self.state.dealing():
            hand.new = Counter()
        elif after - before:
            hand.new = after - before
        elif before - after:
            hand.new = Counter()

    def clear(self) -> None:
        """Nothing selected (an action was taken)."""
        self.widget.clear()
        self._selection = None

    def forget_selection(self) -> None:
        self._selection = None

    def selection_status(self) -> tuple[list[Action], Words | None]:
        """The actions the selected cards make, and why they make none (or None)."""
        key = (tuple(sorted(self.widget.selected)), self.controller.position())
        if self._selection is None or self._selection[0] != key:
            cards = self.widget.selection()
            actions = self.controller.selection_actions(cards)
            refusal = self.controller.selection_refusal(cards) if cards else None
            self._selection = (key, actions, refusal)
        return self._selection[1], self._selection[2]

    def resort(self) -> None:
        """By rank, or by suit (remembered for this game)."""
        self.by_suit = not self.by_suit
        selected = self.widget.selection()
        self.widget.set_cards(self.cards())
        self.widget.select_cards(selected)
        self.state.refresh()
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
