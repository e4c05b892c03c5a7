"""The result panel's level ladders (2 to A, then the match won) and running totals, with the
deal's move animated (issue 26).

A :class:`Ladder` or :class:`Totals` is plain data from the game's table view; a
:class:`Motion` is the animation's progress, driven by the scene's clock (``update(dt)``),
so tests step it without sleeping. The static parts (labels, rails, stops) are drawn once by
:func:`track_picture` and kept by the caller; :func:`draw_track_motion` draws only the moving
marks each frame. Right to left, the ladders climb from the right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import i18n, text
from game.widgets.anim import ease_in_out_cubic
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, INK_FAINT, scaled

Color = tuple[int, int, int]
GOOD = (150, 226, 160)
RAIL = (40, 60, 52)

#: Designed length of the move (seconds at animation speed 50 %) and the pause before it.
MOVE_TIME = 0.8
MOVE_DELAY = 0.25
#: Designed sizes at the 1920×1080 reference.
TOP_H = 46
LANE_H = 46
LABEL_PX = 22
STOP_PX = 20


@dataclass(frozen=True, slots=True)
class Lane:
    """One team's (or player's) move: from ``start`` to ``end`` (ladder stop indices, or
    running totals), in ``colour`` (a running total's bar: None, green or red by its sign)."""

    label: str
    start: float
    end: float
    colour: Color | None


@dataclass(frozen=True, slots=True)
class Ladder:
    """Levels ``stops`` (2 … A, as shown) and one lane per team; the stop after the last
    (index ``len(stops)``) is the match won."""

    stops: tuple[str, ...]
    lanes: tuple[Lane, ...]

    @property
    def goal(self) -> int:
        return len(self.stops)


@dataclass(frozen=True, slots=True)
class Totals:
    """Running totals (Run Fast) under ``title``: one lane per player from its total before
    the deal to its total after."""

    title: str
    lanes: tuple[Lane, ...]


Track = Ladder | Totals


class Motion:
    """The eased progress 0 → 1 of a move of ``length`` seconds after ``delay``; ``skip``
    (the fastest animation speed) starts it finished."""

    def __init__(self, length: float = MOVE_TIME, delay: float = MOVE_DELAY, skip: bool = False):
        self.length = max(1e-6, length)
        self.delay = max(0.0, delay)
        self.t = self.length + self.delay if skip else 0.0

    def update(self, dt: float) -> None:
        self.t = min(self.length + self.delay, self.t + max(0.0, dt))

    def finish(self) -> None:
        self.t = self.length + self.delay

    @property
    def done(self) -> bool:
        return self.t >= self.length + self.delay

    @property
    def progress(self) -> float:
        k = min(1.0, max(0.0, (self.t - self.delay) / self.length))
        return ease_in_out_cubic(k)


@dataclass(frozen=True, slots=True)
class Look:
    """How a track is drawn: the reference ``scale``, the reading direction, and the
    smallest text in pixels (the table's arrangement says which)."""

    scale: float
    rtl: bool = False
    min_text: int = 0

    def u(self, value: float) -> int:
        return scaled(value, self.scale)

    def px(self, value: float) -> int:
        return max(self.min_text, scaled(value, self.scale))


def track_height(track: Track, look: Look) -> int:
    return look.u(TOP_H) + len(track.lanes) * look.u(LANE_H)


def label_width(track: Track, width: int, look: Look) -> int:
    """The lanes' label column: as wide as the longest label, at most 40 % of ``width``."""
    size = look.px(LABEL_PX)
    longest = max((text.size(lane.label, size, bold=True)[0] for lane in track.lanes), default=0)
    return min(longest + look.u(8), width * 40 // 100)


def stop_step(track: Ladder, width: int, look: Look) -> float:
    """The distance between two stops of the ladder in a picture ``width`` wide."""
    left = label_width(track, width, look) + look.u(16)
    return (width - look.u(20) - left) / (track.goal + 1)


def _stop_x(track: Ladder, index: float, width: int, look: Look) -> float:
    """The x of ladder stop ``index`` (fractions between stops) in a picture ``width`` wide."""
    left = label_width(track, width, look) + look.u(16)
    step = stop_step(track, width, look)
    offset = step / 2 + index * step
    return width - offset - left if look.rtl else left + offset


def _lane_y(number: int, look: Look) -> int:
    return look.u(TOP_H) + number * look.u(LANE_H) + look.u(LANE_H) // 2


def _label(
    picture: pygame.Surface, value: str, colour: Color, width: int, look: Look, y: int
) -> None:
    image = text.render(value, look.px(LABEL_PX), colour, bold=True)
    if image.get_width() > width:  # a long team name is squeezed, never past its column
        size = (width, max(1, int(image.get_height() * width / image.get_width())))
        image = pygame.transform.smoothscale(image, size)
    rect = image.get_rect(centery=y)
    if look.rtl:
        rect.right = picture.get_width()
    picture.blit(image, rect)


def star(
    surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: Color
) -> None:
    """A five-pointed star (the match won) drawn as a polygon."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle)))
    pygame.draw.polygon(surface, colour, points)


def track_picture(track: Track, width: int, look: Look) -> pygame.Surface:
    """The still parts of ``track``: labels, rails and stops (drawn once, then kept)."""
    picture = pygame.Surface((width, track_height(track, look)), pygame.SRCALPHA)
    label_w = label_width(track, width, look)
    for number, lane in enumerate(track.lanes):
        colour = lane.colour if lane.colour is not None else INK
        _label(picture, lane.label, colour, label_w, look, _lane_y(number, look))
    if isinstance(track, Ladder):
        _ladder_still(picture, track, look)
    else:
        image = text.render(track.title, look.px(LABEL_PX), INK_DIM, bold=True)
        place = image.get_rect(top=look.u(6))
        axis = _bar_axis(track, width, look)
        place.centerx = axis
        picture.blit(image, place)
        top, bottom = place.bottom + look.u(4), picture.get_height()
        pygame.draw.line(picture, INK_FAINT, (axis, top), (axis, bottom), max(1, look.u(2)))
    return picture


def _ladder_still(picture: pygame.Surface, track: Ladder, look: Look) -> None:
    width = picture.get_width()
    size = look.px(STOP_PX)
    for index, stop in enumerate(track.stops):
        x = _stop_x(track, index, width, look)
        image = text.render(stop, size, INK_FAINT, bold=True)
        picture.blit(image, image.get_rect(midtop=(int(x), look.u(10))))
    goal_x = _stop_x(track, track.goal, width, look)
    star(picture, (goal_x, look.u(10) + size // 2), look.u(13), BRASS)
    for number in range(len(track.lanes)):
        y = _lane_y(number, look)
        first, last = _stop_x(track, 0, width, look), goal_x
        pygame.draw.line(picture, RAIL, (first, y), (last, y), max(1, look.u(3)))
        for index in range(track.goal + 1):
            x = _stop_x(track, index, width, look)
            pygame.draw.circle(picture, RAIL, (int(x), y), look.u(6))


def draw_track_motion(
    surface: pygame.Surface,
    origin: tuple[int, int],
    track: Track,
    width: int,
    look: Look,
    progress: float,
) -> None:
    """The moving marks of ``track`` at ``progress`` (0: before the deal, 1: after)."""
    if isinstance(track, Ladder):
        _ladder_marks(surface, origin, track, width, look, progress)
    else:
        _total_bars(surface, origin, track, width, look, progress)


def marker_position(lane: Lane, progress: float) -> float:
    """Where a lane's marker stands at ``progress`` (eased progress from the Motion)."""
    return lane.start + (lane.end - lane.start) * progress


def _ladder_marks(
    surface: pygame.Surface,
    origin: tuple[int, int],
    track: Ladder,
    width: int,
    look: Look,
    progress: float,
) -> None:
    ox, oy = origin
    u = look.u
    for number, lane in enumerate(track.lanes):
        y = oy + _lane_y(number, look)
        colour = lane.colour if lane.colour is not None else INK  # a ladder's lanes have one
        at = marker_position(lane, progress)
        for index in range(int(math.floor(at + 1e-6)) + 1):  # the stops already climbed
            x = ox + _stop_x(track, index, width, look)
            pygame.draw.circle(surface, colour, (int(x), y), u(6))
        x = ox + _stop_x(track, at, width, look)
        if at >= track.goal - 1e-6:  # the match won: a star in the lane's colour
            star(surface, (x, y), u(20), colour)
            continue
        pygame.draw.circle(surface, colour, (int(x), y), u(12))
        pygame.draw.circle(surface, INK, (int(x), y), u(12), max(1, u(2)))


def _bar_axis(track: Totals, width: int, look: Look) -> int:
    label = label_width(track, width, look) + look.u(16)
    middle = label + (width - label) // 2
    return width - middle if look.rtl else middle


def _total_bars(
    surface: pygame.Surface,
    origin: tuple[int, int],
    track: Totals,
    width: int,
    look: Look,
    progress: float,
) -> None:
    ox, oy = origin
    u = look.u
    axis = ox + _bar_axis(track, width, look)
    reach = (width - label_width(track, width, look) - u(16)) // 2 - u(70)
    most = max([1.0] + [abs(v) for lane in track.lanes for v in (lane.start, lane.end)])
    size = look.px(LABEL_PX)
    for number, lane in enumerate(track.lanes):
        y = oy + _lane_y(number, look)
        value = marker_position(lane, progress)
        length = int(reach * abs(value) / most)
        towards_end = (value >= 0) != look.rtl  # gains grow towards the reading end
        bar = pygame.Rect(0, y - u(9), max(1, length), u(18))
        if towards_end:
            bar.left = axis
        else:
            bar.right = axis
        colour = lane.colour
        if colour is None:  # the player's own: green up, red down
            colour = GOOD if value > 0 else (DANGER if value < 0 else INK_FAINT)
        pygame.draw.rect(surface, colour, bar, border_radius=u(5))
        image = text.render(i18n.format_number(round(value), signed=True), size, INK, bold=True)
        if towards_end:
            rect = image.get_rect(midleft=(bar.right + u(8), y))
        else:
            rect = image.get_rect(midright=(bar.left - u(8), y))
        surface.blit(image, rect)
