"""Where a moment's effect goes on the table (issue 54): a cue's place
(``game.table.moments.PLACES``) turned into an :class:`~game.widgets.fx.Anchor` from the
table's layout."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.cards import Card
from game.scenes.table.geometry import TableLayout
from game.table.moments import Cue, Moment
from game.widgets.fx import Anchor

Pictures = tuple[tuple[pygame.Surface, pygame.Rect], ...]


@dataclass(frozen=True)
class Scene:
    """What the table knows of a moment besides the moment: its play's ``cards``, the seconds
    the play's flight takes (``span``, in the effects' time) and the last trick's pictures
    (``gathered``) with their boxes, the cards shown in the ``middle``."""

    cards: tuple[Card, ...] = ()
    span: float = 0.0
    gathered: Pictures = ()
    middle: int = 0


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None


def _centre(rect: pygame.Rect) -> tuple[float, float]:
    return float(rect.centerx), float(rect.centery)


class Anchors:
    """The places of the table's ``layout``."""

    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout

    def face(self, seat: int | None) -> tuple[float, float]:
        """A seat's portrait (the player's hand for seat 0)."""
        layout = self.layout
        if seat is None or seat == 0 or seat not in layout.rects["seats"]:
            x, y = layout.seat_center(seat)
            return float(x), float(y)
        face, _ = layout.seat_parts(layout.rects["seats"][seat])
        return _centre(face)

    def face_radius(self, seat: int | None) -> int:
        """The radius of an AI seat's portrait (0 for the player, who has the hand)."""
        layout = self.layout
        if seat is None or seat == 0 or seat not in layout.rects["seats"]:
            return 0
        face, _ = layout.seat_parts(layout.rects["seats"][seat])
        return int(face.width // 2)

    def column(self) -> pygame.Rect:
        """The free middle of the table, from below the play of the seat across and its kind
        tag (or the corner panels) down to the button row, between the side seats' plates:
        a moment there covers no plate and no play but the player's own (and the message
        line, for the moment it lasts)."""
        layout = self.layout
        x = layout.size[0] // 2
        seats = layout.rects["seats"]
        across = [s for s, r in seats.items() if s and r.left < x < r.right]
        if across:
            below_play = layout.play_rects(across[0], 1)[0].bottom + layout.u(36)
            top = max(seats[across[0]].bottom, below_play)
        else:
            top = int(layout.rects["header"].bottom)
        top += layout.u(12)
        bottom = int(layout.rects["buttons_y"]) - layout.u(10)
        sides = [r.right for s, r in seats.items() if s and r.right < x]
        half = min([x - right - layout.u(16) for right in sides] + [layout.u(200)])
        return pygame.Rect(x - half, top, 2 * half, max(1, bottom - top))

    def table(self) -> pygame.Rect:
        """The felt below the top bar."""
        width, height = self.layout.size
        top = int(self.layout.rects["top"])
        return pygame.Rect(0, top, width, height - top)

    def play(self, seat: int, count: int) -> tuple[pygame.Rect, tuple[tuple[float, float], ...]]:
        """The box of a play of ``count`` cards in front of ``seat`` and its cards' centres."""
        rects = self.layout.play_rects(seat, max(1, count))
        box = _union(rects) or pygame.Rect(0, 0, 1, 1)
        return box, tuple(_centre(rect) for rect in rects)

    def of(self, cue: Cue, moment: Moment, scene: Scene) -> Anchor | None:
        """The anchor of ``cue`` for ``moment``; None when the place is not on this table."""
        layout, seat = self.layout, moment.seat
        place = cue.place
        if place in ("play", "flight") and seat is not None:
            box, points = self.play(seat, len(scene.cards) or moment.size)
            if place == "play":
                return Anchor(_centre(box), area=box, points=points)
            start = layout.seat_edge(seat)
            at = (float(start[0]), float(start[1]))
            return Anchor(at, to=_centre(box), area=box, span=scene.span)
        if place == "seat":
            return Anchor(self.face(seat), face=self.face_radius(seat))
        if place == "centre":
            x, y = layout.ceremony_centre()
            return Anchor((float(x), float(y)), area=self.column(), steps=moment.size)
        if place == "table":
            area = self.table()
            return Anchor(_centre(area), area=area)
        if place == "path" and moment.target is not None:
            target = moment.target
            return Anchor(self.face(seat), to=self.face(target), face=self.face_radius(target))
        if place == "gain":
            x, y = layout.ceremony_centre()
            return Anchor((float(x), float(y)), to=self.face(seat), face=self.face_radius(seat))
        if place == "middle":
            middle = _union(layout.kitty_rects(max(1, scene.middle or moment.size), layout.u(100)))
            return None if middle is None else Anchor(_centre(middle), area=middle)
        if place == "winner" and scene.gathered:
            radius = self.face_radius(seat)
            return Anchor(self.face(seat), to=self.face(seat), images=scene.gathered, face=radius)
        return None
