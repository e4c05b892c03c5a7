"""The statistics screen (issue 27 item 2), opened from the title.

One row per game and AI level the player has played (autoplay deals are left out): matches
and deals played and won, the deals' win rate, and what each game measures (levels climbed per
deal, average finish place, points as attackers and defenders, mean settlement), and bombs
played. Under the table, one chart per game in the table's colours: in a game that climbs
levels, each of the last matches as a bar of the levels climbed (won brass, lost red) with the
share of matches won so far as a line; in Run Fast each deal's points as a bar with the running
score as a line. Reset
(with a confirmation) starts the statistics afresh; the history keeps every deal. The numbers
are read once when the screen opens (SQL aggregates over narrow covering indexes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, registry, text
from game.history import db as history_db
from game.registry import Measure
from game.scenes.base import PageScene
from game.scenes.confirm import ConfirmDialog
from game.widgets import chart as chart_widget
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    PANEL_LINE,
    Button,
    Colour,
    fmt_number,
    panel,
    scaled,
)
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

#: Deals shown in a running-score chart, matches in a match chart.
CHART_DEALS = 40
CHART_MATCHES = 30


def _line(
    value: str, size: int, color: Colour, width: int, *, bold: bool = False
) -> pygame.Surface:
    """One line of text, shrunk to ``width`` when longer (never wrapped into the next row)."""
    image = text.render(value, size, color, bold=bold)
    if image.get_width() > width > 0:
        ratio = width / image.get_width()
        image = pygame.transform.smoothscale(
            image, (width, max(1, int(image.get_height() * ratio)))
        )
    return image


def _fmt(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else fmt_number(round(value, digits))


def _measures(preset: str) -> tuple[Measure, ...]:
    """The measures of ``preset`` (none for a game no longer registered)."""
    try:
        return registry.get(preset).measures()
    except registry.UnknownGameError:
        return ()


def _matches_won(line: history_db.StatLine) -> str:
    if not line.matches_over:
        return "–"
    return f"{fmt_number(line.matches_won)} / {fmt_number(line.matches_over)}"


class StatisticsScene(PageScene):
    """The player's statistics (see the module docstring)."""

    title_key = "stats.title"
    sheet_style = SheetStyle(
        max_width=1700, margin=80, top=24, bottom=24, pad=(64, 64), opaque=False
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.reset_button = Button("stats.reset", self.ask_reset, style="quiet", size_px=22)
        self.lines: list[history_db.StatLine] = []
        self.charts: dict[str, history_db.Chart] = {}
        #: The table's first row drawn and the last first row there is: with many rows (three
        #: AI levels of four games) the table scrolls so that the charts keep their room.
        self.first_row = 0
        self.last_first_row = 0
        self.rows_shown = 0
        self.load()

    # --- data ----------------------------------------------------------------------------
    def load(self) -> None:
        """Read the statistics and the charts' deals (once per opening or reset)."""
        lines = history_db.guarded(lambda d: d.statistics(), []) or []
        order = {g.id: i for i, g in enumerate(registry.all_games())}
        levels = {level: i for i, level in enumerate(("easy", "normal", "hard"))}
        self.lines = sorted(
            lines, key=lambda r: (order.get(r.preset, 99), levels.get(r.ai_level, 9), r.ai_level)
        )
        self.charts = history_db.guarded(lambda d: d.charts(CHART_MATCHES, CHART_DEALS), {}) or {}

    def ask_reset(self) -> None:
        """The one confirmation dialog of the app asks first (issue 40: one concept)."""
        self.app.stack.push(
            ConfirmDialog(
                self.app,
                i18n.tr("stats.reset_question"),
                "",
                self.reset,
                confirm_key="stats.reset_confirm",
                keep_key="stats.reset_keep",
            )
        )

    def reset(self) -> None:
        history_db.guarded(lambda d: d.reset_statistics())
        self.load()
        self.relayout()

    # --- layout and input ------------------------------------------------------------------
    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        page = self.sheet.rect
        w = self.reset_button.natural_width(s)
        self.reset_button.rect = pygame.Rect(0, 0, w, scaled(44, s))
        corner = (page.right - scaled(20, s), page.bottom - scaled(12, s))
        if text.is_rtl():
            self.reset_button.rect.bottomleft = (page.left + scaled(20, s), corner[1])
        else:
            self.reset_button.rect.bottomright = corner

    def buttons(self) -> list[Button]:
        return [self.reset_button] if self.lines else []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        page = max(1, len(self.lines) - self.last_first_row - 1)
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_rows(self.first_row - event.y)
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: self.first_row - 1,
                pygame.K_DOWN: self.first_row + 1,
                pygame.K_PAGEUP: self.first_row - page,
                pygame.K_PAGEDOWN: self.first_row + page,
                pygame.K_HOME: 0,
                pygame.K_END: self.last_first_row,
            }
            if event.key in moves:
                return self.scroll_rows(moves[event.key])
        return False

    def scroll_rows(self, first: int) -> bool:
        """Show the table from row ``first`` (kept in range); whether the table scrolls."""
        self.first_row = max(0, min(self.last_first_row, first))
        return self.last_first_row > 0

    # --- drawing -----------------------------------------------------------------------------
    def _columns(self) -> list[tuple[str, Callable[[history_db.StatLine], str]]]:
        """(locale key of the heading, value of a line) per column."""

        def detail(line: history_db.StatLine) -> str:
            parts = []
            if line.climb_per_deal is not None:
                climb = round(line.climb_per_deal, 2)  # "1 level climbed" (issue 55)
                parts.append(i18n.tr("stats.climb", value=_fmt(climb, 2), count=climb))
            for measure in _measures(line.preset):  # the game's own measures, in its order
                found = line.kept(measure.name, measure.kept)
                if found is not None and (found or measure.kept == "mean"):
                    number = round(found, measure.decimals)
                    value = _fmt(number, measure.decimals)
                    parts.append(i18n.tr(measure.label, value=value, count=number))
            return i18n.join(parts)

        return [
            ("stats.col_game", lambda r: i18n.tr(f"preset.{r.preset}.name")),
            ("stats.col_level", lambda r: i18n.tr(f"ai.level.{r.ai_level}")),
            # Only finished matches count; none yet reads as a dash (issue 40).
            ("stats.col_matches", _matches_won),
            ("stats.col_deals", lambda r: f"{fmt_number(r.deals_won)} / {fmt_number(r.deals)}"),
            (
                "stats.col_rate",
                lambda r: i18n.tr("stats.percent", value=fmt_number(round(100 * r.win_rate))),
            ),
            ("stats.col_bombs", lambda r: fmt_number(r.bombs)),
            ("stats.col_detail", detail),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        inner = self.sheet.inner
        y = self.sheet.heading(surface, i18n.tr("stats.title"), s, 20)
        if not self.lines:
            self.sheet.note(surface, i18n.tr("stats.empty"), y + scaled(60, s), s)
        else:
            bottom = self.reset_button.rect.top - scaled(12, s)
            gap = scaled(24, s)
            charts = self._chart_presets()
            # The charts keep the room a plot needs; the table scrolls in what is left (in
            # Arabic at 1280x720 nine rows or more left the charts no room at all).
            room = bottom - y - (self._chart_height() + gap if charts else 0)
            y = self._draw_table(surface, inner, y, room)
            self._draw_charts(surface, inner, y + gap, bottom, charts)
        for button in self.buttons():
            button.draw(surface, s)

    def _column_widths(
        self, columns: list[tuple[str, Callable[[history_db.StatLine], str]]], total: int
    ) -> list[int]:
        """Each column as wide as its widest cell (its heading may wrap to two lines), the
        last one (the per-deal words) taking the rest; all shrunk alike when too wide."""
        gap = scaled(20, self.app.scale)
        body, head = self.text_px(22), self.text_px(20)
        widths = []
        for key, value in columns[:-1]:
            cells = [text.size(str(value(line)), body)[0] for line in self.lines]
            words = i18n.tr(key)
            heading = text.size(words, head, bold=True)[0]
            longest = max(text.size(word, head, bold=True)[0] for word in words.split() or [""])
            widths.append(max([*cells, longest, min(heading, max(cells, default=0) * 2)]) + gap)
        room = total - max(total // 4, total - sum(widths))
        if sum(widths) > room:
            widths = [w * room // sum(widths) for w in widths]
        return [*widths, total - sum(widths)]

    def _draw_table(self, surface: pygame.Surface, inner: pygame.Rect, y: int, room: int) -> int:
        """The table of numbers in ``room`` pixels: headings (wrapped when long) over one row
        per game and level; cells wrap rather than shrink (issue 40); the rows that do not fit
        scroll (wheel, arrows, Page Up/Down), a bar at the table's end side says where."""
        s = self.app.scale
        rtl = text.is_rtl()
        columns = self._columns()
        xs = []
        x = inner.left
        for width in self._column_widths(columns, inner.width):
            xs.append((x, width))
            x += width
        if rtl:
            xs = [(inner.left + inner.right - left - width, width) for left, width in xs]
        gap = scaled(12, s)
        heads = [
            text.render(i18n.tr(key), self.text_px(20), INK_DIM, bold=True, max_width=w - gap)
            for (key, _), (_, w) in zip(columns, xs, strict=True)
        ]
        for head, (left, width) in zip(heads, xs, strict=True):
            surface.blit(head, (left if not rtl else left + width - head.get_width(), y))
        top = y
        y += max(h.get_height() for h in heads) + scaled(14, s)
        pygame.draw.line(
            surface,
            PANEL_LINE,
            (inner.left, y - scaled(8, s)),
            (inner.right, y - scaled(8, s)),
            max(1, scaled(2, s)),
        )
        rows = [
            [
                text.render(str(value(line)), self.text_px(22), INK, max_width=w - gap)
                for (_, value), (_, w) in zip(columns, xs, strict=True)
            ]
            for line in self.lines
        ]
        pitches = [max(c.get_height() for c in cells) + scaled(10, s) for cells in rows]
        shown = self.rows_shown = self._rows_shown(pitches, room - (y - top))
        rows_top = y
        for cells in rows[self.first_row : self.first_row + shown]:
            for cell, (left, width) in zip(cells, xs, strict=True):
                surface.blit(cell, (left if not rtl else left + width - cell.get_width(), y))
            y += max(c.get_height() for c in cells) + scaled(10, s)
        if shown < len(rows):
            self._draw_scroll_bar(surface, inner, pygame.Rect(0, rows_top, 0, y - rows_top), shown)
        return y

    def _rows_shown(self, pitches: list[int], room: int) -> int:
        """How many rows fit in ``room`` from the first one shown (at least one), keeping
        :attr:`first_row` in the range the room allows."""
        first, used = len(pitches), 0
        while first > 0 and used + pitches[first - 1] <= room:
            used += pitches[first - 1]
            first -= 1
        self.last_first_row = min(first, len(pitches) - 1)
        self.first_row = max(0, min(self.last_first_row, self.first_row))
        shown, used = 0, 0
        for pitch in pitches[self.first_row :]:
            if shown and used + pitch > room:
                break
            shown, used = shown + 1, used + pitch
        return shown

    def _draw_scroll_bar(
        self, surface: pygame.Surface, inner: pygame.Rect, rows: pygame.Rect, shown: int
    ) -> None:
        """A thin bar beside the rows: its thumb is the rows shown among all of them."""
        s = self.app.scale
        width = max(4, scaled(8, s))
        track = pygame.Rect(0, rows.top, width, rows.height)
        if text.is_rtl():
            track.right = inner.left - scaled(12, s)
        else:
            track.left = inner.right + scaled(12, s)
        count = len(self.lines)
        thumb = pygame.Rect(
            track.left,
            track.top + track.height * self.first_row // count,
            width,
            max(width, track.height * shown // count),
        )
        pygame.draw.rect(surface, (20, 44, 35), track, border_radius=width // 2)
        pygame.draw.rect(surface, (150, 128, 80), thumb, border_radius=width // 2)

    def _chart_presets(self) -> list[str]:
        """The games with a chart, in the registry's order."""
        return [g.id for g in registry.all_games() if self.charts.get(g.id)]

    def _chart_height(self) -> int:
        """The least height of a chart's panel that still draws its plot: two lines of title,
        the plot's unit, its axis labels and title and three lines of bars."""
        s = self.app.scale
        title = text.line_height(self.text_px(20))
        small = text.line_height(self.text_px(16))
        return 2 * title + scaled(34, s) + 6 * small

    def _draw_charts(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        y: int,
        bottom: int,
        presets: list[str],
    ) -> None:
        if not presets:
            return
        s = self.app.scale
        height = bottom - y
        gap = scaled(24, s)
        width = (inner.width - gap * (len(presets) - 1)) // len(presets)
        for index, preset in enumerate(presets):
            slot = index if not text.is_rtl() else len(presets) - 1 - index
            box = pygame.Rect(inner.left + slot * (width + gap), y, width, height)
            self._draw_chart(surface, box, preset, self.charts[preset])

    def _draw_chart(
        self, surface: pygame.Surface, box: pygame.Rect, preset: str, chart: history_db.Chart
    ) -> None:
        """One game's chart in its panel: a title, the chart with its axes, and a line saying
        how to read it."""
        s = self.app.scale
        panel(surface, box, s, alpha=160, border=PANEL_LINE)
        game = i18n.tr(f"preset.{preset}.name")
        if chart.levels:
            rates = chart.win_rates()
            label = (
                i18n.tr(
                    "stats.chart_matches",
                    game=game,
                    count=len(chart.matches),
                    rate=fmt_number(round(100 * rates[-1])),
                )
                if rates
                else i18n.tr("stats.chart_no_match", game=game)
            )
            legend = i18n.tr("stats.chart_legend_matches")
        else:
            running = chart.running()
            label = i18n.tr(
                "stats.chart_score",
                game=game,
                count=len(chart.deals),
                total=i18n.format_number(round(running[-1], 1) if running else 0, signed=True),
            )
            legend = i18n.tr("stats.chart_legend_score")
        wins = [won for won, _ in (chart.matches if chart.levels else chart.deals)]
        if wins:  # the wins in a row now and the longest run (issue 54)
            current, best = chart_widget.streaks(wins)
            streaks = i18n.tr("fx.streaks", current=fmt_number(current), best=fmt_number(best))
            legend = i18n.sentences((legend, streaks, i18n.tr("fx.trend_legend")))
        room = box.width - scaled(24, s)
        head = text.render(label, self.text_px(20), INK, max_width=room, align="center")
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.top + scaled(10, s))))
        note = text.render(legend, self.text_px(16), INK_DIM, max_width=room, align="center")
        # In a low box the how-to-read line gives way to the chart (issue 40: at 800x600 with
        # many rows above, the plots were squashed to a few pixels under three lines of words).
        line = text.line_height(self.text_px(16))  # the plot's unit, numbers and axis title
        plot_h = box.height - head.get_height() - note.get_height() - scaled(34, s) - 3 * line
        if plot_h < 5 * line:
            note = pygame.Surface((0, 0))
        surface.blit(note, note.get_rect(midbottom=(box.centerx, box.bottom - scaled(8, s))))
        area = pygame.Rect(
            box.left + scaled(12, s),
            box.top + head.get_height() + scaled(18, s),
            box.width - scaled(24, s),
            0,
        )
        area.height = box.bottom - note.get_height() - scaled(16, s) - area.top
        if area.height < scaled(60, s):
            return
        self._plot(surface, area, chart)

    def _plot(self, surface: pygame.Surface, area: pygame.Rect, chart: history_db.Chart) -> None:
        """The chart of one game in ``area``: matches climbed and won, or each deal's points
        and the running score."""
        s, px = self.app.scale, self.text_px(16)
        if chart.levels and chart.matches:
            chart_widget.plot(
                surface,
                area,
                s,
                px,
                bars=[(climb, BRASS if won else DANGER) for won, climb in chart.matches],
                trend=chart_widget.smoothed([climb for _, climb in chart.matches]),
                axis=chart_widget.count_axis(
                    max(climb for _, climb in chart.matches), i18n.tr("stats.axis_levels")
                ),
                x_title=i18n.tr("stats.axis_matches"),
                line=chart.win_rates(),
                line_axis=chart_widget.share_axis("stats.percent"),
            )
        elif not chart.levels and chart.deals:
            running = chart.running()
            values = [v for _, v in chart.deals]
            # The running score has its own scale (the end side): on the bars' scale a deal's
            # few points drew as slivers beside a total of hundreds.
            chart_widget.plot(
                surface,
                area,
                s,
                px,
                bars=[(value, BRASS if win else DANGER) for win, value in chart.deals],
                trend=chart_widget.smoothed(values),
                axis=chart_widget.count_axis(
                    max(abs(v) for v in values), i18n.tr("stats.axis_points"), signed=True
                ),
                x_title=i18n.tr("stats.axis_deals"),
                line=running,
                line_axis=chart_widget.count_axis(max(abs(r) for r in running), "", signed=True),
            )
