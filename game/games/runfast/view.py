"""Run Fast at the table: the deal number and running totals in the header, the opening 3♥
(R3.1), bomb bonuses announced when earned (R5.3), and payments and settlement in the result
(R5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import cast

from game import i18n
from game.games.runfast.moments import Moments
from game.games.runfast.rules import THREE_HEARTS, RunFastResult, RunFastView, rank_value
from game.games.runfast.rules.options import FIRST_PLAY_WITH_THREE
from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.context import TableContext
from game.scenes.table.view import GOOD, GameView, Row, ShownCards, score_colour
from game.table.frame import TableFrame
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, Colour, fmt_number
from game.widgets.ladder import Lane, Totals, Track
from game.widgets.result_table import Column, ResultTable, TableRow
from game.words import Words


class View(GameView):
    moments = Moments  # issue 54: the effects its moments start
    # One player goes out and the deal ends: the result panel names the winner, no medals.
    shows_places = False

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self._bonus_seen = 0

    def reset(self) -> None:
        self._bonus_seen = 0

    # The registry pairs this View with Run Fast's engine: its frames hold that engine's view
    # and result (the one place the shared types are narrowed to Run Fast's).
    def seen(self, frame: TableFrame) -> RunFastView:
        return cast(RunFastView, frame.seat_view)

    def outcome(self, frame: TableFrame) -> RunFastResult | None:
        return cast(RunFastResult | None, frame.result)

    def announcements(self, frame: TableFrame) -> list[str | Words]:
        events = self.seen(frame).bonus_events
        if len(events) <= self._bonus_seen:
            return []
        said: list[str | Words] = [
            Words("runfast.bomb_bonus_you", points=Words.later(self._signer(bonus.points)))
            if bonus.seat == 0  # the player is "you", not a name
            else Words(
                "runfast.bomb_bonus",
                name=self.seat_words(bonus.seat),
                points=Words.later(self._signer(bonus.points)),
            )
            for bonus in events[self._bonus_seen :]
        ]
        self._bonus_seen = len(events)
        return said

    def _signer(self, points: int) -> Callable[[], str]:
        """What says ``points`` signed in the language of the moment."""
        return lambda: self.signed(points)

    def position_lines(self, frame: TableFrame) -> list[Row]:
        return []  # the header holds only the match's deal and totals

    def header_lines(self, frame: TableFrame) -> list[Row]:
        seats = self.ctx.seats
        totals = frame.totals or (0,) * seats
        lines: list[Row] = [
            (i18n.tr("runfast.deal_number"), fmt_number(frame.deal_index + 1), BRASS)
        ]
        for seat in range(seats):
            lines.append(
                (
                    i18n.tr("runfast.total_of", name=self.seat_name(seat)),
                    self.signed(totals[seat]),
                    score_colour(totals[seat], seat == 0),
                )
            )
        return lines

    def phase_prompt(self, frame: TableFrame) -> tuple[str, Colour] | None:
        # The very first play must hold 3♥ (R2.2; not under VR2 off); only its holder opens.
        view = self.seen(frame)
        if view.first_play and THREE_HEARTS in frame.hand and view.options[FIRST_PLAY_WITH_THREE]:
            return i18n.tr("runfast.prompt_3h"), BRASS
        return None

    def meaning_cards(self, action: Action, frame: TableFrame) -> list[Card]:
        """VR1: a triple with two or an airplane shows its triples first, then the cards they
        carry, so meanings of the same cards look different in the chooser."""
        combo = action.combo
        if combo is None or combo.kind not in ("triple_two", "airplane"):
            return list(action.cards)
        assert isinstance(combo.rank, str)  # a Run Fast meaning's rank is a rank's name
        top = rank_value(combo.rank)
        core = range(top - max(1, combo.chain) + 1, top + 1)
        taken: Counter[int] = Counter()
        triples: list[Card] = []
        rest: list[Card] = []
        for card in action.cards:
            value = rank_value(card.rank)
            if value in core and taken[value] < 3:
                taken[value] += 1
                triples.append(card)
            else:
                rest.append(card)
        return triples + rest

    def result_content(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        r = self.outcome(frame)
        if r is None:
            return i18n.tr("table.deal_over"), [], None
        rows: list[Row] = []
        for payment in r.payments:
            sentence = i18n.tr(
                "runfast.payment",
                payer=self.seat_name(payment.payer),
                payee=self.seat_name(payment.payee),
                reason=i18n.tr(f"runfast.reason_{payment.reason}"),
            )
            # The player's own payments read as a loss or a gain, as in Dou Dizhu (issue 40).
            if payment.payer == 0:
                rows.append((sentence, self.signed(-payment.points), DANGER))
            elif payment.payee == 0:
                rows.append((sentence, self.signed(payment.points), GOOD))
            else:
                rows.append((sentence, fmt_number(payment.points), INK_DIM))
        if r.winner == 0:
            title = i18n.tr("runfast.winner_you")
        else:
            title = i18n.tr("runfast.winner", name=self.seat_name(r.winner))
        return title, rows, None

    def result_table(self, frame: TableFrame) -> ResultTable | None:
        """R5: each player's cards left, what the deal won or cost it, its running total."""
        r = self.outcome(frame)
        if r is None:
            return None
        columns = (
            Column(i18n.tr("result.player")),
            Column(i18n.tr("result.cards_left"), numeric=True),
            Column(i18n.tr("runfast.settlement_header"), numeric=True),
            Column(i18n.tr("runfast.totals_header"), numeric=True),
        )
        _before, after = self.running_totals(frame, r.settlement)
        rows = []
        for seat in range(self.ctx.seats):
            net = r.settlement[seat]
            cells = (
                self.seat_name(seat),
                fmt_number(len(r.cards_left[seat])),
                self.signed(net),
                self.signed(after[seat]),
            )
            colours = (BRASS if seat == r.winner else INK, INK, score_colour(net, seat == 0), None)
            rows.append(TableRow(seat, cells, colours, own=seat == 0))
        return ResultTable(columns, tuple(rows))

    def result_track(self, frame: TableFrame) -> Track | None:
        """The running totals (Run Fast has no levels), each bar growing from its total
        before the deal to the one after."""
        r = self.outcome(frame)
        if r is None:
            return None
        before, after = self.running_totals(frame, r.settlement)
        return Totals(
            i18n.tr("runfast.totals_header"),
            tuple(
                # The player's bar by its sign, the opponents' in a neutral grey.
                Lane(
                    self.seat_name(seat), before[seat], after[seat], None if seat == 0 else INK_DIM
                )
                for seat in range(self.ctx.seats)
            ),
        )

    def celebrates(self, frame: TableFrame) -> bool:
        return False  # deal after deal, no match to win
