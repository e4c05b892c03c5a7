"""Guandan at the table: levels in the header, the wild heart of the level (G1.4), the return
card phase, and the finishing order with the promotion in the result (G1.5)."""

from __future__ import annotations

from typing import Any

from game import i18n
from game.rules.cards import Card
from game.scenes.table.view import Row, TeamView
from game.table.frame import TableFrame
from game.widgets.common import BRASS, INK

#: Levels the winning team climbs by its partner's place (G1.5): second 3, third 2, last 1.
PROMOTION_BY_PARTNER_PLACE = {2: 3, 3: 2}


class View(TeamView):
    def is_wild(self, card: Card, frame: TableFrame) -> bool:
        return card.suit == "H" and card.rank == frame.level

    def phase_prompt(self, frame: TableFrame) -> tuple[str, Any] | None:
        if frame.phase == "return":
            return i18n.tr("guandan.prompt_return"), INK
        return None

    def primary_label(self, frame: TableFrame, selected: int) -> tuple[str, str | None]:
        return ("table.give_back" if frame.phase == "return" else "table.play"), None

    def deal_result(self, frame: TableFrame) -> tuple[str, list[Row], Any]:
        result = frame.result
        order = list(getattr(result, "finish_order", None) or frame.finish_order)
        rows: list[Row] = []
        for place, seat in enumerate(order, start=1):
            rows.append((i18n.tr(f"table.place_{place}") + "  " + self.seat_name(seat), "", INK))
        team = getattr(result, "winning_team", None)
        if team is None and order:
            team = order[0] % 2
        gained = getattr(result, "levels_gained", None)
        if gained is None and order:
            partner_place = (
                next((i for i, s in enumerate(order) if s % 2 == team and s != order[0]), 3) + 1
            )
            gained = PROMOTION_BY_PARTNER_PLACE.get(partner_place, 1)
        rows.append(("", "", INK))
        if team is not None:
            rows.append(
                (
                    i18n.tr("guandan.promotion", team=self.team_name(team), count=gained or 0),
                    "",
                    BRASS,
                )
            )
        rows += self.levels_rows(frame)
        rows += self.match_rows(frame)
        title = i18n.tr("table.deal_won" if team == 0 else "table.deal_lost")
        return title, rows, None
