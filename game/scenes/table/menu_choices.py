"""What the player chose in the menus that the table draws (issue 53: one object where three
callables travelled apart): the felt's cloth, the card back and the AI's level, each read live,
since a menu may change them in the middle of a match."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MenuChoices:
    """The menus' choices the table shows, read live (see the module docstring)."""

    #: The cloth's name in the settings (``game.widgets.felt``).
    felt: Callable[[], str]
    #: The card back the seats' fans show (``game.widgets.card_backs.BACKS``).
    card_back: Callable[[], str]
    #: The AI's level the seats' chips name (the match's: the title's menu may change it).
    ai_level: Callable[[], str]
