"""A small bar chart with axes (the statistics screen, issue 40): bars from a zero line, an
optional line over them on its own scale, the value axis with its unit at the start side and
the line's axis at the end side (mirrored right to left), and the bars numbered from the oldest
under a horizontal axis with its title. A bar is never wider than ``MAX_BAR`` reference
pixels, so one point or a hundred both read as bars."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import i18n, text
from game.widgets.common import INK, INK_DIM, INK_FAINT, PANEL_LINE, scaled

#: The widest bar, in reference pixels; a bar takes 70 % of its slot below that.
MAX_BAR = 36


@dataclass(frozen=True)
class Axis:
    """A vertical scale: the values at the bottom and top, the marked values with their labels,
    and the unit written above it."""

    low: float
    high: float
    ticks: tuple[tuple[float, str], ...]
    unit: str = ""

    def y(self, plot: pygame.Rect, value: float) -> int:
        share = (value - self.low) / (self.high - self.low) if self.high > self.low else 0.0
        return round(plot.bottom - share * plot.height)


def nice_top(value: float) -> int:
    """A round scale end at or above ``value`` (at least 1): 1, 2, 5, 10, 20, 50 …"""
    value = max(1.0, float(value))
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if step * power >= value:
            return int(step * power)
    return int(10 * power)


def count_axis(top: float, unit: str, *, signed: bool = False) -> Axis:
    """0 … a round top (or −top … +top when ``signed``), marked at its ends and middle."""
    high = nice_top(top)
    low = -high if signed else 0
    middle = (low + high) / 2
    marks = (low, middle, high) if middle == int(middle) else (low, high)
    labels = tuple((float(v), i18n.format_number(int(v), signed=signed and v != 0)) for v in marks)
    return Axis(low, high, labels, unit)


def share_axis(percent_key: str) -> Axis:
    """0 to 1 shown as 0 %, 50 %, 100 % (``percent_key`` formats a percent)."""
    ticks = tuple(
        (v, i18n.tr(percent_key, value=i18n.format_number(round(100 * v)))) for v in (0.0, 0.5, 1.0)
    )
    return Axis(0.0, 1.0, ticks)


#: The smoothed trend's colour (jade: apart from the brass and red bars and the ink line).
TREND = (120, 214, 170)


def smoothed(values: Sequence[float], window: int = 5) -> list[float]:
    """The trend of ``values`` (issue 54): each the mean of it and the ``window - 1`` before
    it (fewer at the start), so one lucky deal does not swing the line."""
    found = []
    for index in range(len(values)):
        part = values[max(0, index - window + 1) : index + 1]
        found.append(sum(part) / len(part))
    return found


def streaks(wins: Sequence[bool]) -> tuple[int, int]:
    """The wins in a row at the end of ``wins`` (oldest first) and the longest run of wins."""
    current = best = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def plot(
    surface: pygame.Surface,
    area: pygame.Rect,
    scale: float,
    px: int,
    *,
    bars: Sequence[tuple[float, tuple[int, int, int]]],
    axis: Axis,
    x_title: str,
    line: Sequence[float] = (),
    line_axis: Axis | None = None,
    trend: Sequence[float] = (),
) -> None:
    """Draw the chart in ``area``: each bar (value, colour) oldest first, ``line`` (one
    value per bar) on ``line_axis`` (``axis`` when None), and the bars' smoothed ``trend``
    (one value per bar, on the bars' own axis)."""
    rtl = text.is_rtl()
    gap = scaled(8, scale)
    small = text.line_height(px)
    start_labels = [text.render(label, px, INK_DIM) for _, label in axis.ticks]
    end_labels = (
        [text.render(label, px, INK_DIM) for _, label in line_axis.ticks] if line_axis else []
    )
    # A label stands a tick (6 px) and 2 px off its axis: all inside the chart's area.
    reach = gap + scaled(6, scale) + 2
    start_w = max((image.get_width() for image in start_labels), default=0) + reach
    end_w = (
        max((image.get_width() for image in end_labels), default=0) + reach if end_labels else gap
    )
    left_w, right_w = (end_w, start_w) if rtl else (start_w, end_w)
    top = area.top + (small + gap // 2 if axis.unit else small // 2)
    # The axis title wraps to the chart's width (issue 40: four charts side by side at 800x600
    # ran their titles into each other) and the plot leaves it room.
    title = text.render(x_title, px, INK_DIM, max_width=area.width, align="center")
    plot_rect = pygame.Rect(
        area.left + left_w,
        top,
        area.width - left_w - right_w,
        area.bottom - small - title.get_height() - top,
    )
    if plot_rect.width < 8 or plot_rect.height < 8:
        return
    _axis_marks(surface, plot_rect, axis, start_labels, at_left=not rtl, scale=scale)
    if line_axis is not None:
        _axis_marks(surface, plot_rect, line_axis, end_labels, at_left=rtl, scale=scale, grid=False)
    if axis.unit:
        unit = text.render(axis.unit, px, INK_DIM)
        x = plot_rect.left if not rtl else plot_rect.right - unit.get_width()
        surface.blit(unit, (x, area.top))
    count = max(1, len(bars))
    step = plot_rect.width / count
    bar_w = max(1, min(int(step * 0.7), scaled(MAX_BAR, scale)))
    zero = axis.y(plot_rect, min(max(0.0, axis.low), axis.high))
    centres = []
    for index, (value, colour) in enumerate(bars):
        slot = index if not rtl else count - 1 - index
        centre = plot_rect.left + int((slot + 0.5) * step)
        centres.append(centre)
        y = axis.y(plot_rect, value)
        rect = pygame.Rect(centre - bar_w // 2, min(y, zero), bar_w, max(1, abs(zero - y)))
        pygame.draw.rect(surface, colour, rect)
    pygame.draw.line(surface, INK_FAINT, (plot_rect.left, zero), (plot_rect.right, zero), 1)
    trended = [(c, axis.y(plot_rect, v)) for c, v in zip(centres, trend, strict=False)]
    if len(trended) > 1:
        pygame.draw.lines(surface, TREND, False, trended, max(1, scaled(2, scale)))
    scale_of_line = line_axis or axis
    points = [(c, scale_of_line.y(plot_rect, v)) for c, v in zip(centres, line, strict=False)]
    if len(points) > 1:
        pygame.draw.lines(surface, INK, False, points, max(1, scaled(3, scale)))
    if points:
        pygame.draw.circle(surface, INK, points[-1], max(2, scaled(5, scale)))
    _x_axis(surface, plot_rect, centres, px)
    surface.blit(title, title.get_rect(midtop=(area.centerx, plot_rect.bottom + small)))


def _axis_marks(
    surface: pygame.Surface,
    plot_rect: pygame.Rect,
    axis: Axis,
    labels: list[pygame.Surface],
    *,
    at_left: bool,
    scale: float,
    grid: bool = True,
) -> None:
    """The vertical axis on one side of the plot: its line, a tick and label per mark, and a
    faint grid line across the plot at each mark."""
    x = plot_rect.left if at_left else plot_rect.right
    pygame.draw.line(surface, PANEL_LINE, (x, plot_rect.top), (x, plot_rect.bottom), 1)
    tick = scaled(6, scale)
    for (value, _), image in zip(axis.ticks, labels, strict=True):
        y = axis.y(plot_rect, value)
        if grid:
            pygame.draw.line(surface, (32, 58, 46), (plot_rect.left, y), (plot_rect.right, y), 1)
        end = x - tick if at_left else x + tick
        pygame.draw.line(surface, PANEL_LINE, (x, y), (end, y), 1)
        spot = (
            image.get_rect(midright=(end - 2, y))
            if at_left
            else image.get_rect(midleft=(end + 2, y))
        )
        surface.blit(image, spot)


def _x_axis(
    surface: pygame.Surface,
    plot_rect: pygame.Rect,
    centres: list[int],
    px: int,
) -> None:
    """The bars' numbers (the first and the last) under the plot."""
    pygame.draw.line(surface, PANEL_LINE, plot_rect.bottomleft, plot_rect.bottomright, 1)
    marks = [(0, centres[0])] if centres else []
    if len(centres) > 1:
        marks.append((len(centres) - 1, centres[-1]))
    for index, x in marks:
        image = text.render(i18n.format_number(index + 1), px, INK_DIM)
        surface.blit(image, image.get_rect(midtop=(x, plot_rect.bottom + 2)))
