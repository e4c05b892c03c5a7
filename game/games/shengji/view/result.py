"""Shengji's result at the end of a deal (S4, S5): one plain sentence each for the points in
the tricks, the kitty, a failed throw's penalty (VS4.8), the total against 80 and the levels
gained, the next dealer, the kitty shown beside them; and the result table of each player's
side, points and level."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game import i18n
from game.games.shengji.rules.records import DealResult as ShengjiResult
from game.games.shengji.view.side_panel import ATTACK_TARGET
from game.scenes.table.view import GOOD, Row, ShownCards
from game.widgets.common import BRASS, INK, INK_DIM, Colour, fmt_number
from game.widgets.result_table import Column, ResultTable, TableRow


def said_result(
    r: ShengjiResult, match_over: bool, seat_name: Callable[[int], str]
) -> tuple[str, list[Row], ShownCards]:
    """The result panel's title, its sentences and the kitty shown beside them."""
    # One plain sentence each: tricks, the kitty, the total, the level change (S4, S5).
    rows: list[Row] = [
        (i18n.tr("shengji.said_tricks", count=r.trick_points), "", INK),
    ]
    if r.kitty_bonus:
        said = i18n.tr(
            "shengji.said_kitty_counts",
            points=fmt_number(r.kitty_points),
            multiplier=fmt_number(r.kitty_multiplier),
            bonus=fmt_number(r.kitty_bonus),
        )
        rows.append((said, "", GOOD))
    else:
        said = i18n.tr("shengji.said_kitty_lost", count=r.kitty_points)
        rows.append((said, "", INK_DIM))
    penalty: int = getattr(r, "throw_penalty", 0)  # VS4.8: 10 per card taken back
    if penalty:
        key = "throw.said_gained" if penalty > 0 else "throw.said_lost"
        rows.append((i18n.tr(key, count=abs(penalty)), "", INK))
    total = i18n.tr(
        "shengji.said_total",
        count=r.attacker_points,
        target=fmt_number(ATTACK_TARGET),
    )
    rows.append((total, "", INK))
    if r.outcome == "defenders":
        kind = "defended"
    else:
        kind = "broke" if r.levels_gained else "took"
    who = "us" if r.winning_team == 0 else "them"
    if match_over:  # S1.3: beyond A, the match is won (no "up 3" beside a stop at A)
        rows.append((i18n.tr(f"shengji.said_beyond_a_{who}"), "", BRASS))
    else:
        rows.append((i18n.tr(f"shengji.said_{kind}_{who}", count=r.levels_gained), "", BRASS))
    if not match_over:
        rows.append((i18n.tr("shengji.next_dealer", name=seat_name(r.next_dealer)), "", INK))
    title = i18n.tr("table.deal_won" if r.winning_team == 0 else "table.deal_lost")
    return title, rows, (i18n.tr("shengji.kitty_was"), list(r.kitty))


def result_table(
    r: ShengjiResult,
    won: Mapping[int, int],
    seats: int,
    team_row: Callable[[int, tuple[tuple[str, Colour], ...]], TableRow],
) -> ResultTable:
    """S4.1: each player's side, the points ``won`` in the tricks it took (by seat), and its
    team's level (``team_row`` makes a player's row around the middle cells)."""
    columns = (
        Column(i18n.tr("result.player")),
        Column(i18n.tr("result.side")),
        Column(i18n.tr("result.points"), numeric=True),
        Column(i18n.tr("result.level"), numeric=True),
    )
    rows = []
    for seat in range(seats):
        attacking = seat % 2 == r.attackers
        side = i18n.tr("result.attackers" if attacking else "result.defenders")
        if seat == r.dealer:
            side = i18n.tr("result.side_dealer", side=side)
        # Only the attackers' trick points count (S4.1): a defender's cell is a dash.
        points = (
            (fmt_number(won[seat]), GOOD if won[seat] else INK) if attacking else ("–", INK_DIM)
        )
        rows.append(team_row(seat, ((side, INK_DIM), points)))
    return ResultTable(columns, tuple(rows))
