"""What the two team games (Guandan, Shengji) share at the table: :class:`TeamView`, a
:class:`~game.scenes.table.view.GameView` whose deals are played at a level (G1, S1): the
levels in the header, the level each team climbs to in the result table, its ladders and the
ceremony of the player's team climbing, and a saved match's words with both levels."""

from __future__ import annotations

from typing import Protocol, cast

from game import i18n
from game.rules.base import DealView
from game.rules.cards import RANKS
from game.save import SaveStatus
from game.scenes.table.view import GOOD, GameView, Row, ShownCards
from game.table import info
from game.table.frame import Levels, TableFrame
from game.table.sorting import HandOrder
from game.widgets.common import BRASS, INK, Colour, fmt_number
from game.widgets.ladder import Ladder, Lane, Track
from game.widgets.result_table import TableRow

#: The teams' colours on ladders and in the result table: your team brass, the other red.
TEAM_COLOURS = (BRASS, (196, 98, 84))


class LevelledView(DealView, Protocol):
    """A team game's view of the deal: it is played at a level (G1, S1)."""

    @property
    def level(self) -> str: ...


class TeamView(GameView):
    """What the two team games share: the deal's level (``seat_view.level``) and the team
    levels in the header and the result."""

    def seen(self, frame: TableFrame) -> LevelledView:
        # A team game's engine plays each deal at a level (its View narrows this further).
        return cast(LevelledView, frame.seat_view)

    def hand_order(self, frame: TableFrame) -> HandOrder:
        return {"level": self.seen(frame).level}

    @classmethod
    def saved_words(cls, status: SaveStatus) -> str:
        levels = status.get("levels")
        if not levels or len(levels) < 2:
            return super().saved_words(status)
        return i18n.tr(
            "save.state_levels",
            deal=fmt_number(status["deal"] + 1),
            us=info.rank_label(levels[0]),
            them=info.rank_label(levels[1]),
        )

    def shown_levels(self, frame: TableFrame) -> Levels | None:
        """The team levels the table shows: once a deal's result is in, those after it, so
        the panels behind the result agree with its "2 → 5" (issue 40)."""
        if frame.result is not None and frame.levels_after:
            return frame.levels_after
        return frame.levels

    def level_lines(self, frame: TableFrame) -> list[Row]:
        level = info.rank_label(self.seen(frame).level)
        lines: list[Row] = [(i18n.tr("table.deal_level"), level, BRASS)]
        levels = self.shown_levels(frame)
        if levels:
            for team in (0, 1):
                lines.append(
                    (
                        i18n.tr("table.team_level", team=self.team_name(team)),
                        info.rank_label(levels.get(team)),
                        INK,
                    )
                )
        return lines

    def header_lines(self, frame: TableFrame) -> list[Row]:
        return self.level_lines(frame)

    def level_cell(self, frame: TableFrame, team: int) -> tuple[str, Colour]:
        """A team's level in the result table: "5 → 7", "9" unchanged, or the match won
        (never "A → A" beside a match that ended at A)."""
        old, new = frame.levels_before.get(team), frame.levels_after.get(team)
        if frame.match_over and frame.match_winner == team:
            return i18n.tr("result.match_won_cell"), GOOD
        if old != new:
            value = i18n.tr(
                "table.level_change", old=info.rank_label(old), new=info.rank_label(new)
            )
            return value, GOOD if team == 0 else INK  # the other team's climb is no win
        return info.rank_label(new), INK

    def deal_ceremony(self, frame: TableFrame) -> tuple[str, Colour, float] | None:
        """The player's team climbs (S5, G1.4): its new level in a burst."""
        if frame.match_over or not frame.levels_after:
            return None
        old, new = frame.levels_before.get(0), frame.levels_after.get(0)
        if new is None or old == new:
            return None
        return i18n.tr("table.level_up_to", level=info.rank_label(new)), BRASS, 1.6

    def result_track(self, frame: TableFrame) -> Track | None:
        """Both teams' ladders 2 → A, each marker walking from the level before the deal to
        the level after (past A to the star when the match is won)."""
        if not frame.levels_before or not frame.levels_after:
            return None
        lanes = []
        for team in (0, 1):
            old, new = frame.levels_before.get(team), frame.levels_after.get(team)
            start = RANKS.index(old) if old in RANKS else 0
            end = RANKS.index(new) if new in RANKS else start
            if frame.match_over and frame.match_winner == team:
                end = len(RANKS)  # the goal beyond A
            lanes.append(Lane(self.team_name(team), start, end, TEAM_COLOURS[team]))
        return Ladder(tuple(info.rank_label(rank) for rank in RANKS), tuple(lanes))

    def player_cell(self, seat: int) -> tuple[str, Colour]:
        """A player's name in the result table, in its team's colour."""
        return self.seat_name(seat), TEAM_COLOURS[seat % 2]

    def team_row(
        self, frame: TableFrame, seat: int, middle: tuple[tuple[str, Colour], ...]
    ) -> TableRow:
        """A result-table row: the player, the game's ``middle`` cells, the team's level."""
        cells = (self.player_cell(seat), *middle, self.level_cell(frame, seat % 2))
        return TableRow(
            seat,
            tuple(value for value, _ in cells),
            tuple(colour for _, colour in cells),
            own=seat == 0,
        )

    def count_cell(self, value: int) -> tuple[str, Colour]:
        return fmt_number(value), INK

    def result_content(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        title, rows, cards = self.deal_result(frame)
        if frame.match_over:  # G1.5, S1.3: who won the match is the headline
            title = i18n.tr("table.match_won" if frame.match_winner == 0 else "table.match_lost")
        return title, rows, cards

    def deal_result(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        return super().result_content(frame)
