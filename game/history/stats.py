"""The statistics' readers of the history database: SQL aggregates of the finished deals.

:class:`Statistics` is mixed into :class:`game.history.database.Database`: the statistics
screen asks it for one :class:`StatLine` per game and AI level and one :class:`Chart` per game.
Autoplay deals are left out, and so are deals before the statistics' reset mark
(``meta.stats_since``). Every query reads the narrow covering indexes (schema version 3), never
the wide rows with their actions. A damaged cell counts as nothing (:func:`number`).
"""

from __future__ import annotations

import logging
import math
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("game.history.db")

#: A measure's figure per (preset, AI level), by the measure's name.
_ByLine = dict[tuple[str, str], dict[str, float]]


# Any: a cell as stored (a damaged file may hold anything), float() decides
def number(value: Any, default: float = 0.0) -> float:
    """A stored value as a finite number (a damaged cell counts as ``default``)."""
    try:
        found = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return found if math.isfinite(found) else default


def _optional(value: object) -> float | None:
    return None if value is None else number(value)


@dataclass(frozen=True, slots=True)
class StatLine:
    """The player's statistics for one preset at one AI level (autoplay deals left out)."""

    preset: str
    ai_level: str
    deals: int
    deals_won: int
    matches: int
    matches_won: int
    climb_per_deal: float | None
    bombs: int
    undo_deals: int
    #: The average of each of the game's measures (game.table.measures) over the deals that
    #: measured it, by name.
    measures: dict[str, float] = field(default_factory=dict)
    #: Finished matches (``matches`` counts every match with a finished deal).
    matches_over: int = 0
    #: The largest and the total of each measure, by name (the records, issue 54).
    bests: dict[str, float] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)

    def kept(self, name: str, kept: str) -> float | None:
        """Measure ``name`` as its ``kept`` says (``"mean"``, ``"most"``, ``"sum"``)."""
        table = {"most": self.bests, "sum": self.totals}.get(kept, self.measures)
        return table.get(name)

    @property
    def win_rate(self) -> float:
        return self.deals_won / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class Chart:
    """What one game's chart on the statistics screen shows (autoplay deals left out):
    ``matches`` the player's last finished matches, oldest first, as (won, levels its team
    climbed over the match); ``deals`` the last deals as (won, value to the player); ``levels``
    whether the game climbs levels (its chart is per match) or keeps a running score."""

    preset: str
    matches: list[tuple[bool, float]]
    deals: list[tuple[bool, float]]
    levels: bool

    def win_rates(self) -> list[float]:
        """The share of matches won so far, after each of :attr:`matches` (0 to 1)."""
        rates: list[float] = []
        won = 0
        for index, (win, _) in enumerate(self.matches, 1):
            won += win
            rates.append(won / index)
        return rates

    def running(self) -> list[float]:
        """The running score over :attr:`deals`."""
        total, line = 0.0, []
        for _, value in self.deals:
            total += value
            line.append(total)
        return line


class Statistics:
    """The statistics' queries (see the module docstring); the database gives the queries."""

    def _query(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError  # pragma: no cover - the database's own

    def _write_meta(self, name: str, value: str) -> None:
        raise NotImplementedError  # pragma: no cover - the database's own

    def reset_statistics(self) -> None:
        """Start the statistics afresh; the history (and replays) keep every deal."""
        self._write_meta("stats_since", repr(time.time()))

    def stats_since(self) -> float:
        rows = self._query("SELECT value FROM meta WHERE name = 'stats_since'")
        since = number(rows[0]["value"], -1.0) if rows else 0.0
        if since < 0:
            log.warning("history database: the statistics' reset mark does not parse")
            return 0.0
        return since

    def statistics(self) -> list[StatLine]:
        """One line per preset and AI level the player has played (autoplay left out)."""
        rows = self._query(
            """SELECT preset, ai_level, COUNT(*) AS deals, SUM(won) AS deals_won,
                COUNT(DISTINCT match_key) AS matches,
                SUM(match_over) AS matches_over, SUM(COALESCE(match_won, 0)) AS matches_won,
                AVG(CASE WHEN levels_after IS NULL THEN NULL WHEN value > 0 THEN value ELSE 0 END)
                    AS climb,
                SUM(bombs) AS bombs, SUM(undo_used) AS undo_deals
            FROM deals WHERE autoplay = 0 AND finished_at >= ?
            GROUP BY preset, ai_level ORDER BY preset, ai_level""",
            (self.stats_since(),),
        )
        measures, bests, totals = self._measure_means(self.stats_since())
        return [
            StatLine(
                preset=r["preset"],
                ai_level=r["ai_level"],
                deals=int(number(r["deals"])),
                deals_won=int(number(r["deals_won"])),
                matches=int(number(r["matches"])),
                matches_won=int(number(r["matches_won"])),
                climb_per_deal=_optional(r["climb"]),
                bombs=int(number(r["bombs"])),
                undo_deals=int(number(r["undo_deals"])),
                measures=measures.get((r["preset"], r["ai_level"]), {}),
                matches_over=int(number(r["matches_over"])),
                bests=bests.get((r["preset"], r["ai_level"]), {}),
                totals=totals.get((r["preset"], r["ai_level"]), {}),
            )
            for r in rows
            if isinstance(r["preset"], str) and isinstance(r["ai_level"], str)
        ]

    def _measure_means(self, since: float) -> tuple[_ByLine, _ByLine, _ByLine]:
        """The average, largest and total of each measure per (preset, AI level), autoplay
        deals left out."""
        rows = self._query(
            """SELECT d.preset, d.ai_level, m.name, AVG(m.value) AS mean, MAX(m.value) AS most,
                SUM(m.value) AS total
            FROM measures m JOIN deals d ON d.id = m.deal_id
            WHERE d.autoplay = 0 AND d.finished_at >= ?
            GROUP BY d.preset, d.ai_level, m.name""",
            (since,),
        )
        found: tuple[_ByLine, _ByLine, _ByLine] = ({}, {}, {})
        for r in rows:
            for table, column in zip(found, ("mean", "most", "total"), strict=True):
                value = number(r[column], math.nan)
                if math.isfinite(value):
                    table.setdefault((r["preset"], r["ai_level"]), {})[str(r["name"])] = value
        return found

    def recent_matches(
        self, preset: str, limit: int = 30, since: float | None = None
    ) -> list[tuple[bool, float]]:
        """(won, levels climbed) of the player's last ``limit`` finished matches, oldest first."""
        rows = self._query(
            """SELECT match_key, MAX(finished_at) AS at,
                SUM(CASE WHEN value > 0 THEN value ELSE 0 END) AS climb,
                MAX(COALESCE(match_won, 0)) AS won
            FROM deals WHERE autoplay = 0 AND preset = ? AND finished_at >= ?
            GROUP BY match_key HAVING MAX(match_over) = 1 ORDER BY at DESC LIMIT ?""",
            (preset, self.stats_since() if since is None else since, limit),
        )
        return [(bool(r["won"]), number(r["climb"])) for r in reversed(rows)]

    def recent_deals(
        self, preset: str, limit: int = 60, since: float | None = None
    ) -> list[tuple[bool, float]]:
        """(won, value to the player) of the player's last ``limit`` deals, oldest first."""
        rows = self._query(
            """SELECT won, value FROM deals WHERE autoplay = 0 AND preset = ? AND finished_at >= ?
            ORDER BY finished_at DESC, id DESC LIMIT ?""",
            (preset, self.stats_since() if since is None else since, limit),
        )
        return [(bool(r["won"]), number(r["value"])) for r in reversed(rows)]

    def charts(self, matches: int = 30, deals: int = 40) -> dict[str, Chart]:
        """Each played game's chart data (:class:`Chart`): its last ``matches`` finished
        matches and last ``deals`` deals, read through the narrow index."""
        since = self.stats_since()
        games = self._query(
            """SELECT preset, MAX(levels_after IS NOT NULL) AS levels FROM deals
            WHERE autoplay = 0 AND finished_at >= ? GROUP BY preset""",
            (since,),
        )
        return {
            str(r["preset"]): Chart(
                str(r["preset"]),
                self.recent_matches(r["preset"], matches, since),
                self.recent_deals(r["preset"], deals, since),
                bool(r["levels"]),
            )
            for r in games
        }
