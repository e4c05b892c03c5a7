"""What each part of the table shows of its frame, and where (issue 54: a play is no whole
frame). The table's still key holds these :class:`~game.places.Parts` instead of the whole
``TableFrame``: a play changes the seat's play, its plate, the next seat's ring, the message
line, the hand (and what else a game's panels show of it), and only their places, old and new,
are drawn, graded and grained again. What no part covers (the phase, a new deal, the deal's
end, levels, totals, a panel over the table) stays in the key whole: a change there draws the
whole frame, as does a part that may draw anywhere (its places None).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.places import Part, Parts, Where
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import PASS_MARK, Play, rendered
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.widgets.common import INK_DIM

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.table.scene import TableScene

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


def rest_of(frame: TableFrame) -> TableFrame:
    """``frame`` without what its parts show (see :data:`PARTS_SHOW`)."""
    return replace(frame, **PARTS_SHOW)  # type: ignore[arg-type]  # None: shown by the parts


class TableShown:
    """The parts of ``scene``'s film picture (see the module docstring). What only the frame
    decides (the header, the panels) is worked out once per frame; every place only when its
    part changed."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._framed: tuple[object, dict[str, Part]] | None = None

    def _of_frame(self, frame: TableFrame) -> dict[str, Part]:
        """The parts only the frame (and the language and size) decide."""
        scene = self.scene
        look = (frame, i18n.language(), scene.layout.size)
        if self._framed is not None and self._framed[0] == look:
            return self._framed[1]
        view, drawer = scene.view, scene.drawer
        lines = view.header_lines(frame)
        header: Where = (lambda: [drawer.header_place(lines)[0]]) if lines else []
        parts: dict[str, Part] = {
            "header": (lines, header),
            "side": view.side_part(frame),
            "centre": view.centre_part(frame),
        }
        self._framed = (look, parts)
        return parts

    def parts(self, frame: TableFrame) -> Parts:
        """What each part of the picture shows of ``frame``, and where."""
        scene = self.scene
        layout, state, moments = scene.layout, scene.board, scene.moments
        seats = scene.drawer.seats
        parts = dict(self._of_frame(frame))
        warned = dict(moments.warned(frame))
        for seat in layout.rects["seats"]:
            plate = (seats.shows(seat, frame), warned.get(seat))
            parts[f"seat{seat}"] = (plate, partial(self._seat_area, seat, frame))
        leader = scene.view.leading_seat(frame, state.plays)
        flying = {f.seat for f in state.flyers}
        for seat in layout.rects["plays"]:
            play = state.plays.get(seat)
            combo = state.shown_combo(seat, play) if play is not None else None
            shown = (play, leader == seat, combo, seat in flying)
            parts[f"play{seat}"] = (shown, partial(_play_area, layout, seat, play, combo))
        marker = scene.ceremonies.lead_marker_seat(frame)
        parts["marker"] = (marker, lambda: [scene.ceremonies.lead_marker_area()])
        parts["message"] = (scene.message_line.message(frame), lambda: [layout.message_area()])
        parts["hand"] = self._hand(frame)
        buttons = list(scene.bar.buttons)
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
        area = self.scene.drawer.seats.area(seat)
        pulse = self.scene.moments.warning_areas(frame).get(seat)
        return [area if pulse is None else area.union(pulse)]

    def _hand(self, frame: TableFrame) -> Part:
        """The hand: its cards, selection, focus and new cards' marks (with a giver's tag,
        which may lie anywhere above it)."""
        scene = self.scene
        hand, state = scene.hand, scene.board
        handing = any(f.hold for f in state.flyers)
        new = tuple(sorted(hand.new.items())) if hand.new else ()
        shown = (
            tuple(hand.cards),
            tuple(sorted(hand.selected)),
            hand.focus,
            state.show_focus and scene.can_act(),
            new,
            scene.view.received_from(frame) if new and not handing else None,
        )
        return shown, None if new else lambda: [scene.layout.hand_area()]


def _play_area(
    layout: TableLayout, seat: int, play: Play | None, combo: PlayKind
) -> list[pygame.Rect]:
    """All ``seat``'s ``play`` covers: its cards, ring and kind tag, or the word for a pass."""
    if play is None:
        return []
    if play == PASS_MARK:
        align, point = layout.play_spot(seat)
        anchor = {"center": "center", "right": "midright", "left": "midleft"}[align]
        px = max(layout.arrangement.min_text, layout.u(30))
        image = rendered(i18n.tr("table.pass_mark"), px, INK_DIM, True, i18n.language())
        return [image.get_rect(**{anchor: point})]
    return [layout.play_box(seat, play, combo)]
