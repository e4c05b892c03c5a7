"""The statistics' records (issue 54): the biggest bomb the player played (G5.6), the double
finishes (双下, G1.2) and springs (D5.2, R5.1) the player's side made, kept as the largest
and the total of each game's record measures, and shown beside its averages."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import cast

import pytest

from game.rules import guandan as gd
from game.rules import runfast as rf
from game.table.summary import DealRow


def _row(preset: str, index: int, measures: dict[str, float], level: str = "normal") -> DealRow:
    seats = 3 if preset in ("runfast", "doudizhu") else 4
    return DealRow(
        preset=preset,
        seed=index,
        match_key=f"{preset}:{index}",
        deal_index=0,
        actions=[],
        ai_level=level,
        ai_levels=["human"] * seats,
        human_seat=0,
        returns=[1.0] + [0.0] * (seats - 1),
        won=True,
        finished_at=1_000_000.0 + index,
        measures=measures,
    )


#: (game, each deal's measures, the words its statistics line shows, words it must not show)
CASES = [
    (
        "guandan",
        [
            {"place": 1.0, "bomb_cards": 5.0, "double_finish": 1.0},
            {"place": 2.0, "bomb_cards": 8.0, "double_finish": 1.0},
            {"place": 4.0, "bomb_cards": 4.0},
            {"place": 1.0, "double_finish": 1.0},
        ],
        ["biggest bomb: 8 cards", "3 double finishes in all", "place 2"],
        [],
    ),
    ("guandan", [{"place": 3.0}], ["place 3"], ["biggest bomb", "double finish"]),
    (
        "runfast",
        [{"settlement": 9.0, "spring": 1.0}, {"settlement": -3.0}],
        ["1 spring in all"],
        [],
    ),
    ("runfast", [{"settlement": 2.0}], ["2 points"], ["spring"]),
    ("doudizhu", [{"points_peasant": 4.0, "spring": 1.0}] * 2, ["2 springs in all"], []),
]


@pytest.mark.parametrize(("preset", "deals", "shown", "unshown"), CASES)
def test_records_are_the_largest_and_the_total_shown_once_made(
    app, history, preset, deals, shown, unshown
):
    from game import i18n
    from game.scenes import statistics

    i18n.set_language("en")
    rows = [_row(preset, i, m) for i, m in enumerate(deals)]
    rows.append(_row(preset, 99, {"bomb_cards": 10.0, "spring": 1.0}, level="easy"))  # apart
    history.record_many(rows)
    scene = statistics.StatisticsScene(app)
    (line,) = [line for line in scene.lines if line.ai_level == "normal"]
    for name in {name for m in deals for name in m}:
        values = [m[name] for m in deals if name in m]
        assert line.bests[name] == max(values) and line.totals[name] == sum(values), name
        assert line.measures[name] == pytest.approx(sum(values) / len(values)), name
    words = dict(scene._columns())["stats.col_detail"](line)
    for part in shown:
        assert part in words, (part, words)
    for part in unshown:
        assert part not in words, (part, words)


def test_real_guandan_deals_keep_the_player_s_bombs_and_double_finishes(history):
    """Random-play deals at the table: the record measures of each finished deal are the
    player's own biggest bomb (its own plays only) and its team's 1-2 finish (G1.2)."""
    from game.ai.random_bot import RandomBot
    from game.table.controller import TableController

    rows: list[DealRow] = []
    truth: list[tuple[int | None, bool]] = []

    def ended(ctl: TableController, row: DealRow) -> None:
        state, seat = ctl.state, row.human_seat
        bombs = [
            len(r.action.cards)
            for r in state.log
            if r.seat == seat and not r.auto and r.action.combo and r.action.combo.is_bomb
        ]
        assert isinstance(state.result, gd.DealResult)  # Guandan's own result
        order = state.result.finish_order
        rows.append(dataclasses.replace(row, autoplay=False))
        truth.append((max(bombs, default=None), order[0] % 2 == order[1] % 2 == seat % 2))

    ctl = TableController(
        "guandan", seed=5, threaded=False, think_delay=0.0, autoplay=True, autoplay_pause=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(), on_deal_end=ended,
    )  # fmt: skip
    for _ in range(400_000):
        made = [double for _, double in truth]
        if len(rows) >= 6 and any(made) and not all(made) and any(b for b, _ in truth):
            break
        ctl.update()
    made = [double for _, double in truth]
    assert any(made) and not all(made) and any(b for b, _ in truth), truth
    for row, (bomb, double) in zip(rows, truth, strict=True):
        assert row.measures.get("bomb_cards") == (None if bomb is None else float(bomb))
        assert row.measures.get("double_finish") == (1.0 if double else None)
    history.record_many(rows)
    (line,) = [line for line in history.statistics() if line.preset == "guandan"]
    assert line.totals["double_finish"] == sum(made)
    assert line.bests["bomb_cards"] == max(b for b, _ in truth if b is not None)


@pytest.mark.parametrize(
    ("spring", "landlord", "seat", "made"),
    [
        ("spring", 0, 0, True),  # D5.2: the player as landlord springs the peasants
        ("spring", 1, 0, False),  # sprung as a peasant
        ("anti_spring", 1, 0, True),  # the player's peasants' anti-spring
        ("anti_spring", 0, 0, False),
        (None, 0, 0, False),
    ],
)
def test_a_dou_dizhu_spring_counts_for_the_side_that_made_it(spring, landlord, seat, made):
    from game.games.doudizhu import measures

    result = SimpleNamespace(landlord=landlord, spring=spring, settlement=(6, -3, -3))
    from game.games.doudizhu.rules.deal import DoudizhuState

    found = measures.measure(cast(DoudizhuState, SimpleNamespace(result=result)), seat)
    assert found.get("spring") == (1.0 if made else None)


@pytest.mark.parametrize(
    ("payments", "made"),
    [
        ([("cards", 1, 0), ("spring", 1, 0)], True),  # R5.1: seat 1 never played, paid twice
        ([("cards", 1, 0), ("cards", 2, 0)], False),
        ([("spring", 0, 2)], False),  # the player was sprung
    ],
)
def test_a_run_fast_spring_counts_for_the_winner(payments, made):
    from game.games.runfast import measures

    paid = tuple(SimpleNamespace(reason=r, payer=a, payee=b) for r, a, b in payments)
    result = SimpleNamespace(settlement=(5, -2, -3), payments=paid)
    # a stand-in state: the measure reads only its result's settlement and payments
    found = measures.measure(cast(rf.RunFastState, SimpleNamespace(result=result)), 0)
    assert found.get("spring") == (1.0 if made else None)
