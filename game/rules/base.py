"""What every preset's state protocol shares: actions and log records (rules-api.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.cards import Card, format_cards


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``kind`` is a short string (``"play"``, ``"pass"``, ``"declare"``, ``"bury"``,
    ``"return"`` …); ``cards`` the cards it uses (empty for a pass); ``combo`` the meaning of a
    play (a preset's ``Combo``) or ``None``."""

    kind: str
    cards: tuple[Card, ...] = ()
    combo: Any = field(default=None, compare=True)

    def __str__(self) -> str:
        if not self.cards:
            return self.kind
        text = f"{self.kind} {format_cards(self.cards)}"
        if self.combo is not None and getattr(self.combo, "kind", None):
            text += f" as {self.combo.kind}"
            rank = getattr(self.combo, "rank", None)
            if rank is not None:
                text += f" {rank}"
        return text


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of ``state.log``: who did what. ``auto`` marks what the rules did by
    themselves (a tribute payment, a revealed kitty): replaying a deal from its seed re-applies
    only the records with ``auto=False`` through ``state.apply``."""

    seat: int | None
    action: Action
    auto: bool = False
