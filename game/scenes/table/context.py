"""What a game's View may use of the table it draws on (issue 39): a small typed context.

A View never holds the table scene. It reads the frame and the table's measures, draws through
the table's helpers, and asks for effects (an announcement, a pause, cards laid in front of a
seat or in the middle, cards flying to a seat, an action taken) that the table applies. The
table scene builds one :class:`TableContext` whole over its parts (:class:`TableParts`: its
state, layout, card flights, drawing text and the player's moves), all made before the View;
the replay builds one over names only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.rules.base import Action
from game.rules.cards import Card
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.widgets.common import Colour
from game.words import Words, label

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table.flights import Flights
    from game.scenes.table.geometry import Panel, TableLayout
    from game.scenes.table.state import TableState


def seat_name(seat: int, seats: int) -> str:
    """What the table calls ``seat`` at a table of ``seats``, seen from seat 0."""
    if seat == 0:
        return label("table.seat_you")
    if seats == 4 and seat == 2:
        return label("table.seat_partner")
    if seats == 2:  # the one opponent sits across the table
        return label("table.seat_across")
    # a label: a sentence may say it in its own form ({name:said}, issue 55)
    return label("table.seat_right" if seat == 1 else "table.seat_left")


class TableNames:
    """How the table names its seats, teams and signed numbers."""

    def __init__(self, seats: int) -> None:
        self.seats = seats

    def seat_name(self, seat: int) -> str:
        return seat_name(seat, self.seats)

    def team_name(self, team: int) -> str:
        return i18n.tr("table.team_us" if team == 0 else "table.team_them")

    def signed(self, value: int) -> str:
        # format_number puts the sign where a reader of the language expects it (Persian: a
        # left-to-right mark keeps it on the number's left).
        return i18n.format_number(value, signed=True)


@dataclass
class TableParts:
    """The table's parts a context reads and asks for effects (the table scene's own): its
    frame, state, layout and card flights, the table's ``text`` (the pen's), the player's
    ``act`` and ``pass_turn``, and the top bar's height."""

    frame: Callable[[], TableFrame]
    state: TableState
    layout: TableLayout
    flights: Flights
    text: Callable[..., pygame.Rect]
    act: Callable[[Action], None]
    pass_turn: Callable[[], None]
    topbar_height: Callable[[], int]


class TableContext:
    """The table as a View sees it (see the module docstring). ``parts`` is None for a table
    that only names (the replay's)."""

    def __init__(self, names: TableNames, parts: TableParts | None = None) -> None:
        self.names = names
        self._parts = parts

    @property
    def _table(self) -> TableParts:
        assert self._parts is not None, "a naming context has no table"
        return self._parts

    # --- what the table shows -----------------------------------------------------------------
    @property
    def frame(self) -> TableFrame:
        return self._table.frame()

    @property
    def seats(self) -> int:
        return self.names.seats

    @property
    def scale(self) -> float:
        return float(self._table.layout.scale)

    @property
    def size(self) -> tuple[int, int]:
        width, height = self._table.layout.size
        return int(width), int(height)

    @property
    def topbar_height(self) -> int:
        """The height of the app's top bar over the table."""
        return int(self._table.topbar_height())

    @property
    def min_text(self) -> int:
        """The smallest text size of the table's arrangement."""
        return int(self._table.layout.arrangement.min_text)

    def anim_factor(self) -> float:
        """The animation speed's factor (1 normal; higher faster)."""
        return float(self._table.state.factor())

    def effects_factor(self) -> float:
        """The effects' time factor (issue 54): 0 when they are off, 1 normal, 2 fast."""
        return float(self._table.state.motion().factor)

    @property
    def four_colour(self) -> bool:
        """Whether cards are drawn in the four-colour deck."""
        return bool(self._table.layout.hand.four_colour)

    @property
    def centre_cards(self) -> tuple[Card, ...] | None:
        """The cards shown face up in the middle of the table (Shengji's revealed kitty)."""
        return self._table.state.kitty_shown

    def seat_rects(self) -> dict[int, pygame.Rect]:
        """Each seat's plate."""
        return dict(self._table.layout.rects["seats"])

    def rect(self, name: Panel) -> pygame.Rect:
        """A named area of the table's layout (``"side"``, ``"header"`` …)."""
        return self._table.layout.rects[name]

    def card_back(self, height: int) -> pygame.Surface:
        """A face-down card of ``height`` in the player's chosen back."""
        return self._table.flights.back(height)

    def centre_rects(self, count: int, height: int) -> list[pygame.Rect]:
        """Where ``count`` cards of ``height`` lie in the middle of the table."""
        return self._table.layout.kitty_rects(count, height)

    # --- drawing helpers ------------------------------------------------------------------------
    def u(self, value: float) -> int:
        """A length at the table's scale."""
        return self._table.layout.u(value)

    def tu(self, value: float) -> int:
        """A text size at the table's scale, never below the arrangement's smallest text."""
        return self._table.layout.tu(value)

    def text(
        self,
        surface: pygame.Surface,
        value: str | Words,
        size: float,
        colour: Colour,
        pos: tuple[int, int],
        anchor: str = "topleft",
        *,
        bold: bool = False,
        max_width: int | None = None,
        within: pygame.Rect | None = None,
    ) -> pygame.Rect:
        """Draw ``value`` at the table's text size (see ``TablePen.text`` for the options)."""
        return self._table.text(
            surface, value, size, colour, pos, anchor, bold=bold, max_width=max_width, within=within
        )

    def seat_name(self, seat: int) -> str:
        return self.names.seat_name(seat)

    def team_name(self, team: int) -> str:
        return self.names.team_name(team)

    def signed(self, value: int) -> str:
        return self.names.signed(value)

    def receive_point(self, seat: int | None, cards: Iterable[Card]) -> tuple[int, int]:
        """Where a card handed to ``seat`` lands (its place in the player's hand, else the
        seat's plate)."""
        return self._table.layout.receive_point(seat, cards)

    # --- effects the scene applies --------------------------------------------------------------
    def say(self, sentence: str | Words) -> None:
        """Say ``sentence`` (words) in the banner."""
        self._table.state.say(sentence)

    def announce(self, key: str, **params: object) -> None:
        """Say the sentence ``key`` in the table's banner."""
        self._table.state.announce(key, **params)

    def announce_lines(self, *lines: tuple[str, Mapping[str, object]]) -> None:
        """Say several sentences (each a key and its values) in the banner, one per line."""
        said = Words.later(lambda: "\n".join(i18n.tr(key, **params) for key, params in lines))
        self._table.state.say(said)  # in the language of each frame that draws it

    def pause(self, seconds: float) -> None:
        """Hold the table (and the AI) for ``seconds`` at the animation speed."""
        self._table.state.pause(seconds)

    def lay(self, seat: int, cards: tuple[Card, ...] | None, kind: PlayKind = None) -> None:
        """Show ``cards`` in front of ``seat`` (None: nothing), with ``kind`` on their plate
        when given (a play's meaning or a kind's name)."""
        state = self._table.state
        state.plays[seat] = cards
        if kind is not None and cards is not None:
            state.play_kinds[seat] = (cards, kind)

    def take_back(self, seat: int, play: Iterable[Card], cards: Iterable[Card]) -> None:
        """``cards`` of the play lying in front of ``seat`` (``play``, as laid) glide back to
        its hand (a play the rules cut down: a failed Shengji throw)."""
        self._table.flights.take_back(seat, play, cards)

    def clear_plays(self) -> None:
        """Take every play off the table."""
        self._table.state.plays = {}

    def show_centre(self, cards: Iterable[Card] | None) -> None:
        """Lay ``cards`` face up in the middle of the table (None: clear the middle)."""
        self._table.state.kitty_shown = None if cards is None else tuple(cards)

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
        self._table.flights.fly_cards(seat, cards, end, face=face, slow=slow)

    def take_flyers(self, seat: int | None, cards: Iterable[Card]) -> None:
        """The cards in the middle glide to ``seat`` (the dealer picks up the kitty)."""
        self._table.flights.take_flyers(seat, cards)

    def act(self, action: Action) -> None:
        """Take ``action`` for the player, as a click on its button does."""
        self._table.act(action)

    def pass_turn(self) -> None:
        """Pass for the player."""
        self._table.pass_turn()
