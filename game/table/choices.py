"""What the player may do at the table now (issue 53: split from ``controller.py``): the legal
actions of the position (cached per position), the player's pass, the actions a selection of
cards makes and why a selection or a pass is refused, in the player's words."""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.base import Action, DealState
from game.rules.cards import Card
from game.table import refusals
from game.words import Words


class PlayerChoices:
    """The controller's answers about the player's choices (a base of
    :class:`game.table.controller.TableController`, which provides the fields below)."""

    state: DealState
    preset: str
    _legal_cache: tuple[tuple[object, ...], list[Action]]

    def is_human_turn(self) -> bool:
        raise NotImplementedError  # the controller's

    def _state_key(self) -> tuple[object, ...]:
        raise NotImplementedError  # the controller's

    def legal(self) -> list[Action]:
        """The legal actions of the player to act (cached per position: the scene asks often
        and not every engine caches them)."""
        if self.state.is_terminal:
            return []
        key = self._state_key()
        cached = getattr(self, "_legal_cache", None)
        if cached is None or cached[0] != key:
            cached = (key, list(self.state.legal_actions()))
            self._legal_cache = cached
        return list(cached[1])

    def human_options(self) -> list[Action]:
        """The human's legal actions (empty when it is not its turn)."""
        return self.legal() if self.is_human_turn() else []

    def pass_action(self) -> Action | None:
        """The human's legal pass, or None."""
        return next((a for a in self.human_options() if a.kind == "pass"), None)

    def pass_refusal(self) -> Words | None:
        """Why the human may not pass now (words), or None when a pass is legal."""
        if not self.is_human_turn() or self.pass_action() is not None:
            return None
        return refusals.pass_refusal(self.state, self.preset)

    def selection_actions(self, cards: Iterable[Card | str]) -> list[Action]:
        """The human's legal actions that use exactly ``cards`` (one per meaning)."""
        return refusals.selection_actions(self.state, cards) if self.is_human_turn() else []

    def selection_refusal(self, cards: Iterable[Card | str]) -> Words | None:
        """Why ``cards`` cannot be played now (words), or None when they can."""
        if not self.is_human_turn():
            return None
        return refusals.selection_refusal(self.state, self.preset, cards)

    def distinct_meanings(self, actions: list[Action]) -> list[Action]:
        """One action per distinct meaning (G5.5 chooser); order kept."""
        return refusals.distinct_meanings(actions)
