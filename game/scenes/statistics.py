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

from typing import TYPE_CHECKING, Any

import pygame

from game import games, i18n, text
from game.history import db as history_db
from game.scenes.base import PageScene
from game.table.measures import Measure
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    INK_FAINT,
    PANEL_LINE,
    Button,
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


def _line(value: str, size: int, color: Any, width: int, *, bold: bool = False) -> pygame.Surface:
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
        return games.get(preset).measures()
    except games.UnknownGameError:
        return ()


class StatisticsScene(PageScene):
    """The player's statistics (see the module docstring)."""

    title_key = "stats.title"
    sheet_style = SheetStyle(
        max_width=1700, margin=80, top=24, bottom=24, pad=(64, 64), opaque=False
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.reset_button = Button("stats.reset", self.ask_reset, style="quiet", size_px=22)
        self.confirm_button = Button("stats.reset_confirm", self.reset, style="primary")
        self.keep_button = Button("stats.reset_keep", self.cancel_reset)
        self.confirming = False
        self.lines: list[history_db.StatLine] = []
        self.charts: dict[str, history_db.Chart] = {}
        self.load()

    # --- data ----------------------------------------------------------------------------
    def load(self) -> None:
        """Read the statistics and the charts' deals (once per opening or reset)."""
        lines = history_db.guarded(lambda d: d.statistics(), []) or []
        order = {g.id: i for i, g in enumerate(games.all_games())}
        levels = {level: i for i, level in enumerate(("easy", "normal", "hard"))}
        self.lines = sorted(
            lines, key=lambda r: (order.get(r.preset, 99), levels.get(r.ai_level, 9), r.ai_level)
        )
        self.charts = history_db.guarded(lambda d: d.charts(CHART_MATCHES, CHART_DEALS), {}) or {}

    def ask_reset(self) -> None:
        self.confirming = True
        self.relayout()

    def cancel_reset(self) -> None:
        self.confirming = False
        self.relayout()

    def reset(self) -> None:
        history_db.guarded(lambda d: d.reset_statistics())
        self.confirming = False
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
        cw = max(self.confirm_button.natural_width(s), self.keep_button.natural_width(s))
        cw = max(cw, scaled(200, s))
        y = page.centery + scaled(40, s)
        self.confirm_button.rect = pygame.Rect(0, y, cw, scaled(54, s))
        self.keep_button.rect = pygame.Rect(0, y, cw, scaled(54, s))
        gap = scaled(24, s)
        left, right = (self.keep_button, self.confirm_button)
        if text.is_rtl():
            left, right = right, left
        left.rect.right = page.centerx - gap // 2
        right.rect.left = page.centerx + gap // 2

    def buttons(self) -> list[Button]:
        if self.confirming:
            return [self.confirm_button, self.keep_button]
        return [self.reset_button] if self.lines else []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and self.confirming and event.key == pygame.K_ESCAPE:
            self.cancel_reset()
            return True
        return False

    # --- drawing -----------------------------------------------------------------------------
    def _columns(self) -> list[tuple[str, Any]]:
        """(locale key of the heading, value of a line) per column."""

        def detail(line: history_db.StatLine) -> str:
            parts = []
            if line.climb_per_deal is not None:
                parts.append(i18n.tr("stats.climb", value=_fmt(line.climb_per_deal, 2)))
            for measure in _measures(line.preset):  # the game's own measures, in its order
                if measure.name in line.measures:
                    value = _fmt(line.measures[measure.name], measure.decimals)
                    parts.append(i18n.tr(measure.label, value=value))
            return " · ".join(parts)

        return [
            ("stats.col_game", lambda r: i18n.tr(f"preset.{r.preset}.name")),
            ("stats.col_level", lambda r: i18n.tr(f"ai.level.{r.ai_level}")),
            (
                "stats.col_matches",
                lambda r: f"{fmt_number(r.matches_won)} / {fmt_number(r.matches)}",
            ),
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
        page, inner = self.sheet.rect, self.sheet.inner
        pad = scaled(32, s)
        y = self.sheet.heading(surface, i18n.tr("stats.title"), s, 20)
        if not self.lines:
            self.sheet.note(surface, i18n.tr("stats.empty"), y + scaled(60, s), s)
        else:
            y = self._draw_table(surface, inner, y)
            self._draw_charts(surface, inner, y + scaled(24, s))
        if self.confirming:
            shade = pygame.Surface(page.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, page.topleft)
            box = pygame.Rect(0, 0, scaled(760, s), scaled(220, s))
            box.center = page.center
            panel(surface, box, s, alpha=250, border=BRASS)
            ask = text.render(
                i18n.tr("stats.reset_question"),
                scaled(26, s),
                INK,
                max_width=box.width - 2 * pad,
                align="center",
            )
            surface.blit(ask, ask.get_rect(midtop=(box.centerx, box.top + scaled(28, s))))
        for button in self.buttons():
            button.draw(surface, s)

    def _draw_table(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        s = self.app.scale
        columns = self._columns()
        widths = [0.14, 0.09, 0.10, 0.10, 0.08, 0.07, 0.42]
        xs = []
        x = 0.0
        for w in widths:
            xs.append((int(inner.left + x * inner.width), int(w * inner.width)))
            x += w
        if text.is_rtl():
            xs = [(inner.left + inner.right - left - width, width) for left, width in xs]
        row_h = scaled(40, s)
        for (key, _), (left, width) in zip(columns, xs, strict=True):
            head = _line(i18n.tr(key), scaled(20, s), INK_DIM, width - scaled(8, s), bold=True)
            surface.blit(head, (left if not text.is_rtl() else left + width - head.get_width(), y))
        y += row_h
        pygame.draw.line(
            surface,
            PANEL_LINE,
            (inner.left, y - scaled(8, s)),
            (inner.right, y - scaled(8, s)),
            max(1, scaled(2, s)),
        )
        for line in self.lines:
            for (_, value), (left, width) in zip(columns, xs, strict=True):
                cell = _line(str(value(line)), scaled(22, s), INK, width - scaled(8, s))
                surface.blit(
                    cell, (left if not text.is_rtl() else left + width - cell.get_width(), y)
                )
            y += row_h
        return y

    def _draw_charts(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        s = self.app.scale
        presets = [g.id for g in games.all_games() if self.charts.get(g.id)]
        if not presets:
            return
        bottom = self.reset_button.rect.top - scaled(12, s)
        height = max(scaled(120, s), bottom - y)
        gap = scaled(24, s)
        width = (inner.width - gap * (len(presets) - 1)) // len(presets)
        for index, preset in enumerate(presets):
            slot = index if not text.is_rtl() else len(presets) - 1 - index
            box = pygame.Rect(inner.left + slot * (width + gap), y, width, height)
            self._draw_chart(surface, box, preset, self.charts[preset])

    def _draw_chart(
        self, surface: pygame.Surface, box: pygame.Rect, preset: str, chart: history_db.Chart
    ) -> None:
        """One game's chart in its panel: a title, the chart, and a line saying how to read it."""
        s = self.app.scale
        panel(surface, box, s, alpha=160, border=PANEL_LINE)
        game = i18n.tr(f"preset.{preset}.name")
        if chart.levels:
            rates = chart.win_rates()
            label = (
                i18n.tr(
                    "stats.chart_matches",
                    game=game,
                    matches=fmt_number(len(chart.matches)),
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
                deals=fmt_number(len(chart.deals)),
                total=i18n.format_number(round(running[-1], 1) if running else 0, signed=True),
            )
            legend = i18n.tr("stats.chart_legend_score")
        room = box.width - scaled(24, s)
        head = text.render(label, scaled(20, s), INK, max_width=room, align="center")
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.top + scaled(10, s))))
        note = _line(legend, scaled(16, s), INK_DIM, room)
        surface.blit(note, note.get_rect(midbottom=(box.centerx, box.bottom - scaled(8, s))))
        area = pygame.Rect(
            box.left + scaled(16, s),
            box.top + head.get_height() + scaled(22, s),
            box.width - scaled(32, s),
            0,
        )
        area.height = box.bottom - note.get_height() - scaled(22, s) - area.top
        if area.height < scaled(40, s):
            return
        if chart.levels:
            if chart.matches:
                self._draw_match_chart(surface, area, chart)
        elif chart.deals:
            self._draw_score_chart(surface, area, chart)

    def _slot_x(self, area: pygame.Rect, index: int, count: int, bar_w: int) -> int:
        """The left edge of bar ``index`` of ``count`` (oldest at the start of the reading
        direction: right to left in a right-to-left language)."""
        step = area.width / max(1, count)
        slot = index if not text.is_rtl() else count - 1 - index
        return area.left + int(slot * step + (step - bar_w) / 2)

    def _draw_match_chart(
        self, surface: pygame.Surface, area: pygame.Rect, chart: history_db.Chart
    ) -> None:
        """Each match's level climb as a bar (won brass, lost red) and the share of matches
        won so far as a line over a faint 50 % mark."""
        s = self.app.scale
        count = len(chart.matches)
        top = max(1.0, max(climb for _, climb in chart.matches))
        bar_w = max(1, int(area.width / count * 0.7))
        half = area.top + area.height // 2
        pygame.draw.line(surface, INK_FAINT, (area.left, half), (area.right, half), 1)
        pygame.draw.line(surface, INK_FAINT, area.bottomleft, area.bottomright, 1)
        points = []
        for index, ((won, climb), rate) in enumerate(
            zip(chart.matches, chart.win_rates(), strict=True)
        ):
            x = self._slot_x(area, index, count, bar_w)
            h = max(1, int(climb / top * area.height * 0.9))
            rect = pygame.Rect(x, area.bottom - h, bar_w, h)
            pygame.draw.rect(surface, BRASS if won else DANGER, rect)
            points.append((x + bar_w // 2, int(area.bottom - rate * area.height)))
        if len(points) > 1:
            pygame.draw.lines(surface, INK, False, points, max(1, scaled(3, s)))
        for point in points[-1:]:
            pygame.draw.circle(surface, INK, point, max(2, scaled(5, s)))

    def _draw_score_chart(
        self, surface: pygame.Surface, area: pygame.Rect, chart: history_db.Chart
    ) -> None:
        """Each deal's points as a bar up or down (won brass, lost red) and the running
        score as a line."""
        s = self.app.scale
        values = [v for _, v in chart.deals]
        running = chart.running()
        top = max(1.0, max(abs(v) for v in values), max(abs(r) for r in running))
        mid = area.centery
        pygame.draw.line(surface, INK_FAINT, (area.left, mid), (area.right, mid), 1)
        bar_w = max(1, int(area.width / len(values) * 0.7))
        half = area.height / 2
        points = []
        for index, ((win, value), run) in enumerate(zip(chart.deals, running, strict=True)):
            x = self._slot_x(area, index, len(values), bar_w)
            h = int(abs(value) / top * half)
            rect = pygame.Rect(x, mid - h if value > 0 else mid, bar_w, max(1, h))
            pygame.draw.rect(surface, BRASS if win else DANGER, rect)
            points.append((x + bar_w // 2, int(mid - run / top * half)))
        if len(points) > 1:
            pygame.draw.lines(surface, INK, False, points, max(1, scaled(3, s)))
