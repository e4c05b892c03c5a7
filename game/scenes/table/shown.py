"""What each part of the table shows of its frame, and where (issue 54: a play is no whole
frame). The table's still key holds these :class:`~game.places.Parts` instead of the whole
``TableFrame``: a play changes the seat's play, its plate, the next seat's ring, the message
line, the hand (and what else a game's panels show of it), and only their places, old and new,
are drawn, graded and grained again. What no part covers (the phase, a new deal, the deal's
end, levels, totals, a panel over the table) stays in the key whole: a change there draws the
whole frame, as does a part that may draw anywhere (its places None).
"""

from __future__ import annotations

import importlib
from dataclasses import fields, replace
from functools import cache, partial
from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.places import Part, Parts, Where
from game.scenes.table.drawing import header_place
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import Play, rendered
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.widgets.common import INK_DIM

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table.ceremony import Ceremonies
    from game.scenes.table.moments import TableMoments
    from game.scenes.table.seating import SeatPlates
    from game.scenes.table.state import TableState
    from game.scenes.table.view import GameView
    from game.widgets.common import Button
    from game.widgets.hand import HandWidget

#: The frame's fields its parts show (a play changes them); the rest stays in the key.
PARTS_SHOW = dict.fromkeys(
    (
        "position",
        "current_player",
        "human_turn",
        "hint_pending",
        "thinking_seat",
        "seat_view",
        "hand",
        "hand_counts",
        "finish_order",
        "leading",
        "log",
        "options",
        "pass_action",
        "pass_refusal",
    )
)


#: The frame's fields no part shows, in order.
REST = tuple(field.name for field in fields(TableFrame) if field.name not in PARTS_SHOW)


def rest_of(frame: TableFrame) -> tuple[object, ...]:
    """What of ``frame`` its parts do not show (see :data:`PARTS_SHOW`)."""
    return tuple(getattr(frame, name) for name in REST)


def game_panels(view: type[GameView]) -> ModuleType | None:
    """The ``panels`` module beside a game's view (``side_part`` and ``centre_part``: what its
    side panel and its middle show of the frame, and where), None when the game has none (its
    view draws neither: tests/test_play_frames.py checks it)."""
    return _panels_beside(view.__module__)


@cache
def _panels_beside(module: str) -> ModuleType | None:
    package = module.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.panels")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.panels":
            raise
        return None


class TableShown:
    """The parts of the table's film picture (see the module docstring): ``seats`` are the
    seats' plates, ``view`` is the game's, ``state`` and ``layout``
    the table's, ``moments`` its warnings and pulses, ``ceremonies`` its lead pointer. What
    only the frame decides (the header, the panels) is worked out once per frame; a place
    only when its part changed."""

    def __init__(
        self,
        seats: SeatPlates,
        view: GameView,
        state: TableState,
        layout: TableLayout,
        moments: TableMoments,
        ceremonies: Ceremonies,
    ) -> None:
        self.seats = seats
        self.view = view
        self.state = state
        self.layout = layout
        self.moments = moments
        self.ceremonies = ceremonies
        self._framed: tuple[object, dict[str, Part]] | None = None
        self._rest: tuple[TableFrame, tuple[object, ...], TableFrame] | None = None

    def _of_frame(self, frame: TableFrame) -> dict[str, Part]:
        """The parts only the frame (and the language and size) decide."""
        look = (frame, i18n.language(), self.layout.size)
        if self._framed is not None and self._framed[0] == look:
            return self._framed[1]
        view, layout = self.view, self.layout
        lines = view.header_lines(frame)
        header: Where = (lambda: [header_place(layout, lines)[0]]) if lines else []
        parts: dict[str, Part] = {"header": (lines, header)}
        panels = game_panels(type(view))
        for name in ("side", "centre"):
            parts[name] = getattr(panels, f"{name}_part")(view, frame) if panels else (None, [])
        self._framed = (look, parts)
        return parts

    def rest(self, frame: TableFrame, *, whole: bool) -> object:
        """``frame`` without what its parts show (``whole``: all of it, a panel over the table
        may show any of it), and never which seat thinks (it shows in moving places only)."""
        if self._rest is None or self._rest[0] is not frame:
            self._rest = (frame, rest_of(frame), replace(frame, thinking_seat=None))
        return self._rest[2] if whole else self._rest[1]

    def parts(
        self,
        frame: TableFrame,
        message: object,
        buttons: list[Button],
        hand: HandWidget,
        focus_shown: bool,
    ) -> Parts:
        """What each part of the picture shows of ``frame``, and where; ``message`` is the
        message line's, ``buttons`` the action bar's, ``hand`` the player's (its focus shown
        or not)."""
        layout, state, moments, ceremonies = self.layout, self.state, self.moments, self.ceremonies
        seats = self.seats
        parts = dict(self._of_frame(frame))
        warned = dict(moments.warned(frame))
        for seat in layout.rects["seats"]:
            plate = (seats.shows(seat, frame), warned.get(seat))
            parts[f"seat{seat}"] = (plate, partial(self._seat_area, seat, frame))
        leader = self.view.leading_seat(frame, state.plays)
        flying = {f.seat for f in state.flyers}
        for seat in layout.rects["plays"]:
            play = state.plays.get(seat)
            combo = state.shown_combo(seat, play) if play is not None else None
            shown = (play, leader == seat, combo, seat in flying)
            parts[f"play{seat}"] = (shown, partial(_play_area, layout, seat, play, combo))
        marker = ceremonies.lead_marker_seat(frame)
        parts["marker"] = (marker, lambda: [ceremonies.lead_marker_area()])
        parts["message"] = (message, lambda: [layout.message_area()])
        parts["hand"] = self._hand(frame, hand, focus_shown)
        pulsing = moments.pulsing(buttons)
        bar = tuple(
            (b.key, b.text(), b.enabled, b.hovered, b.focused, tuple(b.rect)) for b in buttons
        )
        reach = layout.u(40)  # a button's focus ring and pulse
        areas = [b.rect.inflate(reach, reach) for b in buttons]
        parts["bar"] = ((bar, pulsing is not None and pulsing.key), areas)
        return Parts(parts)

    def _seat_area(self, seat: int, frame: TableFrame) -> list[pygame.Rect]:
        """All ``seat``'s plate, ring and warning pulse may cover."""
        area = self.seats.area(seat)
        pulse = self.moments.warning_areas(frame).get(seat)
        return [area if pulse is None else area.union(pulse)]

    def _hand(self, frame: TableFrame, hand: HandWidget, focus_shown: bool) -> Part:
        """The hand: its cards, selection, focus (``focus_shown``: shown now) and new cards'
        marks (with a giver's tag, which may lie anywhere above it)."""
        handing = any(f.hold for f in self.state.flyers)
        new = tuple(sorted(hand.new.items())) if hand.new else ()
        shown = (
            tuple(hand.cards),
            tuple(sorted(hand.selected)),
            hand.focus,
            focus_shown,
            new,
            self.view.received_from(frame) if new and not handing else None,
        )
        layout = self.layout
        return shown, None if new else lambda: [layout.hand_area()]


def _play_area(
    layout: TableLayout, seat: int, play: Play | None, combo: PlayKind
) -> list[pygame.Rect]:
    """All ``seat``'s ``play`` covers: its cards, ring and kind tag, or the word for a pass."""
    if play is None:
        return []
    if isinstance(play, str):  # PASS_MARK, drawn as the word for a pass (plays.draw_play)
        align, point = layout.play_spot(seat)
        anchor = {"center": "center", "right": "midright", "left": "midleft"}[align]
        px = max(layout.arrangement.min_text, layout.u(30))
        image = rendered(i18n.tr("table.pass_mark"), px, INK_DIM, True, i18n.language())
        return [image.get_rect(**{anchor: point})]
    return [layout.play_box(seat, play, combo)]
