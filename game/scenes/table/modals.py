"""Which panel lies over the table (issue 53): :class:`Modals`, the one owner of the table's
overlay stack. The parts ask it what is up and open or close a panel through it; nothing else
keeps the answer.

A panel opened over another lies on top of it and closing it shows the one below again (today
the table opens one at a time: every panel is modal, so nothing beneath can open another).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


class Overlay(StrEnum):
    """A panel over the table. A member equals its name (``Overlay.RESULT == "result"``)."""

    CHOOSER = "chooser"  # the meanings of the selected cards (G5.5)
    RESULT = "result"  # the end of a deal or a match
    LAST_TRICK = "last_trick"  # the previous trick (Shengji)
    HOUSE = "house"  # the match's house rules


#: The panels that close with Escape or a click outside them (the result does not); the AI
#: waits while one of them is up, since the player is reading it.
CLOSABLE = frozenset({Overlay.CHOOSER, Overlay.LAST_TRICK, Overlay.HOUSE})


class Modals:
    """The table's overlay stack (see the module docstring). ``changed`` runs after every
    change (the table builds its buttons again)."""

    def __init__(self, changed: Callable[[], None] = lambda: None) -> None:
        self._stack: list[Overlay] = []
        self._changed = changed

    @property
    def top(self) -> Overlay | None:
        """The panel up, the one that takes the player's input; None when the table is bare."""
        return self._stack[-1] if self._stack else None

    def up(self, overlay: Overlay) -> bool:
        """Whether ``overlay`` is the panel up."""
        return self.top == overlay

    def closable(self) -> bool:
        """Whether the panel up closes with Escape or a click outside it."""
        return self.top in CLOSABLE

    def holds(self) -> bool:
        """Whether the panel up keeps the AI waiting (the player reads it)."""
        return self.closable()

    def open(self, overlay: Overlay) -> None:
        """Put ``overlay`` on top (from lower in the stack, if it lies there)."""
        if self.top == overlay:
            return
        if overlay in self._stack:
            self._stack.remove(overlay)
        self._stack.append(overlay)
        self._changed()

    def close(self, overlay: Overlay) -> None:
        """Take ``overlay`` away (nothing when it is not open)."""
        if overlay in self._stack:
            self._stack.remove(overlay)
            self._changed()

    def toggle(self, overlay: Overlay) -> None:
        """Close ``overlay`` when it is up, else open it over a bare table."""
        if self.up(overlay):
            self.close(overlay)
        elif self.top is None:
            self.open(overlay)

    def close_top(self) -> None:
        """Take the panel up away (nothing when the table is bare)."""
        if self._stack:
            self._stack.pop()
            self._changed()

    def clear(self) -> None:
        """Take every panel away (a new deal, an undo, the next deal)."""
        if self._stack:
            self._stack.clear()
            self._changed()
