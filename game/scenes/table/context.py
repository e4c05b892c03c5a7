"""What a game's View may use of the table it draws on (issue 39): a small typed context.

A View never holds the table scene. It reads the frame and the table's measures, draws through
the table's helpers, and asks for effects (an announcement, a pause, cards laid in front of a
seat or in the middle, cards flying to a seat, an action taken) that the scene applies. The
scene builds one :class:`TableContext` over itself; the replay builds one over its own scene,
which offers the naming helpers only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import pygame

from game.rules.base import Action
from game.rules.cards import Card
from game.table.frame import TableFrame


class Host(Protocol):
    """The parts of a scene a context reads (the table scene has them all; the replay the
    naming ones)."""

    def _seat_name(self, seat: int) -> str: ...

    def _team_name(self, team: int) -> str: ...

    def _signed(self, value: int) -> str: ...


class TableContext:
    """The table as a View sees it (see the module docstring)."""

    def __init__(self, host: Host) -> None:
        self._host: Any = host

    # --- what the table shows -----------------------------------------------------------------
    @property
    def frame(self) -> TableFrame:
        return self._host.frame  # type: ignore[no-any-return]

    @property
    def seats(self) -> int:
        return int(self._host.seats)

    @property
    def scale(self) -> float:
        return float(self._host.scale)

    @property
    def size(self) -> tuple[int, int]:
        width, height = self._host.size
        return int(width), int(height)

    @property
    def topbar_height(self) -> int:
        """The height of the app's top bar over the table."""
        return int(self._host.app.topbar_height)

    @property
    def min_text(self) -> int:
        """The smallest text size of the table's arrangement."""
        return int(self._host.arrangement.min_text)

    def anim_factor(self) -> float:
        """The animation speed's factor (1 normal; higher faster)."""
        return float(self._host._anim_factor())

    @property
    def four_colour(self) -> bool:
        """Whether cards are drawn in the four-colour deck."""
        return bool(self._host.hand.four_colour)

    @property
    def centre_cards(self) -> tuple[Card, ...] | None:
        """The cards shown face up in the middle of the table (Shengji's revealed kitty)."""
        return self._host.kitty_shown  # type: ignore[no-any-return]

    def rect(self, name: str) -> pygame.Rect:
        """A named area of the table's layout (``"side"``, ``"header"`` …)."""
        return self._host._rects[name]  # type: ignore[no-any-return]

    def centre_rects(self, count: int, height: int) -> list[pygame.Rect]:
        """Where ``count`` cards of ``height`` lie in the middle of the table."""
        return self._host._kitty_rects(count, height)  # type: ignore[no-any-return]

    # --- drawing helpers ------------------------------------------------------------------------
    def u(self, value: float) -> int:
        """A length at the table's scale."""
        return int(self._host._u(value))

    def tu(self, value: float) -> int:
        """A text size at the table's scale, never below the arrangement's smallest text."""
        return int(self._host._tu(value))

    def text(
        self,
        surface: pygame.Surface,
        value: str,
        size: float,
        colour: Any,
        pos: tuple[int, int],
        anchor: str = "topleft",
        **options: Any,
    ) -> pygame.Rect:
        """Draw ``value`` at the table's text size (see the scene's ``_text`` for options)."""
        return self._host._text(surface, value, size, colour, pos, anchor, **options)  # type: ignore[no-any-return]

    def seat_name(self, seat: int) -> str:
        return self._host._seat_name(seat)  # type: ignore[no-any-return]

    def team_name(self, team: int) -> str:
        return self._host._team_name(team)  # type: ignore[no-any-return]

    def signed(self, value: int) -> str:
        return self._host._signed(value)  # type: ignore[no-any-return]

    def receive_point(self, seat: int | None, cards: Iterable[Card]) -> tuple[int, int]:
        """Where a card handed to ``seat`` lands (its place in the player's hand, else the
        seat's plate)."""
        return self._host._receive_point(seat, cards)  # type: ignore[no-any-return]

    # --- effects the scene applies --------------------------------------------------------------
    def announce(self, key: str, **params: Any) -> None:
        """Say the sentence ``key`` in the table's banner."""
        self._host._announce(key, **params)

    def pause(self, seconds: float) -> None:
        """Hold the table (and the AI) for ``seconds`` at the animation speed."""
        self._host._pause(seconds)

    def lay(self, seat: int, cards: tuple[Card, ...] | None) -> None:
        """Show ``cards`` in front of ``seat`` (None: nothing)."""
        self._host.plays[seat] = cards

    def clear_plays(self) -> None:
        """Take every play off the table."""
        self._host.plays = {}

    def show_centre(self, cards: Iterable[Card] | None) -> None:
        """Lay ``cards`` face up in the middle of the table (None: clear the middle)."""
        self._host.kitty_shown = None if cards is None else tuple(cards)

    def fly_cards(
        self,
        seat: int | None,
        cards: Iterable[Card],
        end: tuple[int, int],
        *,
        face: bool = True,
        slow: bool = False,
    ) -> None:
        """Cards fly from ``seat`` to the point ``end``."""
        self._host._fly_cards(seat, cards, end, face=face, slow=slow)

    def take_flyers(self, seat: int | None, cards: Iterable[Card]) -> None:
        """The cards in the middle glide to ``seat`` (the dealer picks up the kitty)."""
        self._host._take_flyers(seat, cards)

    def act(self, action: Action) -> None:
        """Take ``action`` for the player, as a click on its button does."""
        self._host._do(action)

    def pass_turn(self) -> None:
        """Pass for the player."""
        self._host._pass()
