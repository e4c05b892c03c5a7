"""The statistics screen (issue 27 item 2): the player's deals per game and AI level, autoplay
deals left out, charts, reset with confirmation; opening it with 10,000 deals stays fast."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.history import db
from game.history.summary import DealRow


def fake_rows(count: int, seed: int = 1) -> list[DealRow]:
    """Deals of all three games at random levels, some autoplay (for the statistics only)."""
    rng = random.Random(seed)
    rows = []
    for index in range(count):
        preset = rng.choice(("guandan", "shengji", "runfast"))
        value = float(rng.choice((-3, -2, -1, 1, 2, 3)))
        seats = 3 if preset == "runfast" else 4
        rows.append(
            DealRow(
                preset=preset,
                seed=index,
                match_key=f"{preset}:{index // 8}",
                deal_index=index % 8,
                actions=[{"seat": 0, "kind": "pass", "cards": "", "combo": None}] * 30,
                ai_level=rng.choice(("easy", "normal", "hard")),
                ai_levels=["human"] * seats,
                human_seat=0,
                returns=[value] + [0.0] * (seats - 1),
                won=value > 0,
                finished_at=1_000_000.0 + index,
                levels_after=None if preset == "runfast" else {"0": "3", "1": "2"},
                place=rng.randint(1, 4) if preset == "guandan" else None,
                points_attack=rng.randrange(0, 200, 5) if preset == "shengji" else None,
                settlement=int(value) if preset == "runfast" else None,
                bombs=rng.randint(0, 2),
                autoplay=index % 10 == 0,
                match_over=index % 8 == 7,
                match_won=value > 0 if index % 8 == 7 else None,
            )
        )
    return rows


@pytest.fixture
def history(tmp_path, monkeypatch):
    database = db.open_database(tmp_path / "h.sqlite3")
    monkeypatch.setattr(db, "_shared", database)
    yield database
    monkeypatch.setattr(db, "_shared", None)
    database.close()


def test_statistics_leave_out_autoplay_and_reset_asks_first(app, history):
    from game.scenes.statistics import StatisticsScene

    history.record_many(fake_rows(200))
    scene = app.stack.push(StatisticsScene(app))
    app.tick(1 / 60)
    assert sum(line.deals for line in scene.lines) == 180  # 20 autoplay deals left out
    assert {line.preset for line in scene.lines} == {"guandan", "shengji", "runfast"}
    assert all(len(deals) > 0 for deals in scene.charts.values())
    scene.reset_button.activate()
    assert scene.confirming and scene.lines  # nothing reset before the confirmation
    scene.keep_button.activate()
    assert not scene.confirming and scene.lines
    scene.reset_button.activate()
    scene.confirm_button.activate()
    assert scene.lines == [] and history.count() == 200  # the history keeps every deal
    app.tick(1 / 60)


def test_the_title_opens_statistics(app, history):
    from game.scenes.statistics import StatisticsScene

    app.stack.top.stats_button.activate()
    assert isinstance(app.stack.top, StatisticsScene)
    app.tick(1 / 60)


def test_opening_with_10000_deals_is_fast(app, history):
    from game.scenes.statistics import StatisticsScene

    history.record_many(fake_rows(10_000))
    surface = pygame.Surface(app.size)
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        scene = StatisticsScene(app)
        scene.relayout()
        scene.draw(surface)
        best = min(best, time.perf_counter() - began)
    assert best < 0.25, f"{best * 1000:.0f} ms"  # goal 100 ms on a quiet machine (bench)
