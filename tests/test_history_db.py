"""The history database (issue 27 item 1): round trip, migration of a v1 file, corrupt, newer
and locked files set aside with one notice (the old file kept), and a deal recorded by the
table controller."""

from __future__ import annotations

import dataclasses
import sqlite3

import pytest

from game import storage
from game.ai.random_bot import RandomBot
from game.history import database, db, schema
from game.history.schema import COLUMNS, SCHEMA_VERSION, migrate
from game.table.controller import TableController
from game.table.summary import DealRow
from tests.typed import known


def row(**changes) -> DealRow:
    data = DealRow(
        preset="runfast",
        seed=7,
        match_key="runfast:7:a",
        deal_index=0,
        actions=[{"seat": 0, "kind": "play", "cards": "3H", "combo": ["single", "3", 1]}],
        ai_level="normal",
        ai_levels=["human", "normal", "normal"],
        human_seat=0,
        returns=[12.0, -5.0, -7.0],
        won=True,
        finished_at=1000.0,
        measures={"settlement": 12.0},
        totals_after=[12, -5, -7],
        bombs=1,
        duration_s=42.5,
        hints_used=True,
    )
    return dataclasses.replace(data, **changes)


@pytest.fixture(autouse=True)
def _notices():
    storage.reset_write_notices()
    yield
    storage.reset_write_notices()


def test_round_trip(tmp_path):
    database = db.open_database(tmp_path / "h.sqlite3")
    first = known(database.record(row()))
    second = known(
        database.record(
            row(
                deal_index=1,
                finished_at=2000.0,
                won=False,
                returns=[-3.0, 5.0, -2.0],
                measures={"settlement": -3.0},
                bombs=0,
            )
        )
    )
    database.record(row(match_key="auto", autoplay=True, finished_at=3000.0))
    assert database.count() == 3
    back = database.deal(first)
    assert back == row(id=first)
    page = database.history(0, per_page=2)
    assert [r.finished_at for r in page] == [3000.0, 2000.0]  # newest first, autoplay kept
    assert [r.id for r in database.history(1, per_page=2)] == [first]
    (line,) = database.statistics()  # the autoplay deal is left out
    assert (line.preset, line.ai_level, line.deals, line.deals_won, line.matches) == (
        "runfast",
        "normal",
        2,
        1,
        1,
    )
    assert (
        line.win_rate == 0.5
        and line.measures == {"settlement": pytest.approx(4.5)}
        and line.bombs == 1
    )
    assert database.match_actions("runfast:7:a", 2) == [row().actions, row().actions]
    assert database.match_actions("runfast:7:a", 3) is None  # a missing deal
    assert database.recent_deals("runfast") == [(True, 12.0), (False, -3.0)]
    database.store_review(second, 3, {"best": "play 3H", "delta": -0.5})
    assert database.review(second) == {3: {"best": "play 3H", "delta": -0.5}}
    database.reset_statistics()
    assert database.statistics() == [] and database.count() == 3  # history stays
    database.close()
    assert db.open_database(tmp_path / "h.sqlite3").count() == 3  # on disk
    assert storage.take_notices() == []


def test_wal_mode(tmp_path):
    database = db.open_database(tmp_path / "h.sqlite3")
    mode = database.connection.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


#: Version 3's per-game columns, which version 4 turned into measures (issue 39).
_V3_MEASURES = {"place": None, "points_attack": None, "points_defend": None, "settlement": 12}


def _old_row(columns: list[str]) -> tuple[list[str], list[object]]:
    """``row()`` as a version 1-3 file stored it: its per-game measures in their own columns."""
    values = dict(zip(COLUMNS, database._row_values(row()), strict=True))
    values.update(_V3_MEASURES)
    return columns, [values[name] for name in columns]


@pytest.mark.parametrize("version", [1, 2, 3])
def test_an_older_file_is_migrated_with_every_deal_and_measure(tmp_path, version):
    path = tmp_path / "h.sqlite3"
    old = sqlite3.connect(path, isolation_level=None)
    migrate(old, target=version)
    assert old.execute("PRAGMA user_version").fetchone()[0] == version
    old_columns = [c for c in COLUMNS if c not in ("coached", "daily")]  # v5, v6 columns
    columns = [c for c in old_columns if version > 1 or c != "bombs"] + list(_V3_MEASURES)
    columns, values = _old_row(columns)
    for defender in (False, True):  # a Shengji defender's deal too
        if defender:
            values[columns.index("preset")] = "shengji"
            values[columns.index("settlement")] = None
            values[columns.index("points_defend")] = 85
        old.execute(
            f"INSERT INTO deals ({','.join(columns)}) VALUES ({','.join('?' * len(columns))})",
            values,
        )
    old.close()
    database = db.open_database(path)
    version = database.connection.execute("PRAGMA user_version").fetchone()[0]
    assert version == SCHEMA_VERSION
    names = {r[1] for r in database.connection.execute("PRAGMA table_info(deals)")}
    assert not names & set(_V3_MEASURES), "the per-game columns are gone"
    runfast, shengji = sorted(database.history(), key=lambda r: r.preset)
    assert runfast.measures == {"settlement": 12.0} and shengji.measures == {"points_defend": 85.0}
    stored = runfast
    database.store_review(known(stored.id), 0, {"ok": 1})  # the v2 table exists
    assert storage.take_notices() == []
    assert not list(tmp_path.glob("*.broken-*"))


def _aside(tmp_path):
    return sorted(
        p
        for p in tmp_path.iterdir()
        if ".broken-" in p.name and not p.name.endswith(("-wal", "-shm"))
    )


def test_a_corrupt_file_is_set_aside_once(tmp_path):
    path = tmp_path / "h.sqlite3"
    junk = b"this is not a database" * 100
    path.write_bytes(junk)
    database = db.open_database(path)
    assert database.count() == 0 and not database.in_memory
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == junk  # never lost
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_UNREADABLE]
    database.record(row())
    database.close()
    assert db.open_database(path).count() == 1
    assert storage.take_notices() == []


def test_a_newer_file_is_set_aside(tmp_path):
    path = tmp_path / "h.sqlite3"
    newer = sqlite3.connect(path)
    newer.execute("PRAGMA user_version = 99")
    newer.execute("CREATE TABLE future (x)")
    newer.commit()
    newer.close()
    database = db.open_database(path)
    assert database.count() == 0
    (aside,) = _aside(tmp_path)
    assert sqlite3.connect(aside).execute("PRAGMA user_version").fetchone()[0] == 99
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_NEWER]


def test_a_locked_file_is_waited_for_and_never_set_aside(tmp_path, monkeypatch):
    # Issue 45: a lock held by another program is not corruption.
    monkeypatch.setattr(db, "RETRY_DELAYS_S", (0.01,))
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_S", 0.05)
    path = tmp_path / "h.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE other (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
    with pytest.raises(db.UnavailableError):
        db.open_database(path)
    assert _aside(tmp_path) == [] and storage.take_notices() == []
    holder.execute("COMMIT")
    holder.close()
    assert db.open_database(path).count() == 0
    assert _aside(tmp_path) == []


def test_a_file_that_goes_bad_while_playing(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite3"
    monkeypatch.setattr(db, "db_path", lambda: path)
    db.close_shared()
    try:
        assert db.guarded(lambda d: d.record(row())) == 1
        db.close_shared()
        path.write_bytes(b"junk" * 1000)  # really broken now
        assert db.guarded(lambda d: d.record(row())) == 1  # recorded in a new file
        assert len(_aside(tmp_path)) == 1
        assert [key for key, _ in storage.take_notices()] == [db.NOTICE_UNREADABLE]
        assert db.guarded(lambda d: d.count()) == 1
    finally:
        db.close_shared()


def test_an_error_on_a_healthy_file_sets_nothing_aside(tmp_path, monkeypatch):
    # A "malformed" error while quick_check finds the file sound: the call gives up, no more.
    path = tmp_path / "h.sqlite3"
    monkeypatch.setattr(db, "db_path", lambda: path)
    db.close_shared()
    try:
        assert db.guarded(lambda d: d.record(row())) == 1

        def fails(_database):
            error = sqlite3.DatabaseError("database disk image is malformed")
            error.sqlite_errorcode = sqlite3.SQLITE_CORRUPT
            raise error

        assert db.guarded(fails, "default") == "default"
        assert _aside(tmp_path) == [] and storage.take_notices() == []
        assert db.guarded(lambda d: d.count()) == 1
    finally:
        db.close_shared()


def test_an_unrenamable_file_leaves_it_alone(tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite3"
    path.write_bytes(b"junk" * 50)
    monkeypatch.setattr(db, "_set_aside", lambda p: False)
    database = db.open_database(path)
    assert database.in_memory and path.read_bytes() == b"junk" * 50
    database.record(row())
    assert database.count() == 1
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_MEMORY]


def test_the_controller_records_each_finished_deal(tmp_path):
    rows: list[DealRow] = []
    ctl = TableController(
        "guandan",
        seed=3,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(),
        on_deal_end=lambda controller, deal: rows.append(deal),
    )
    for _ in range(20_000):
        ctl.update()
        if len(rows) == 2:
            break
    assert [r.deal_index for r in rows] == [0, 1]
    first = rows[0]
    assert first.autoplay and first.preset == "guandan" and first.ai_levels[0] == "human"
    assert first.measures["place"] in (1, 2, 3, 4) and first.levels_before == {"0": "2", "1": "2"}
    assert first.won == (first.returns[0] > 0) and sum(first.returns) == 0
    database = db.open_database(tmp_path / "h.sqlite3")
    ids = [known(database.record(r)) for r in rows]
    assert known(database.deal(ids[1])).actions == rows[1].actions
    assert database.match_actions(first.match_key, 2) == [rows[0].actions, rows[1].actions]


def _autoplay_run(home, frames: int, *, quick: bool) -> list[DealRow]:
    """``python -m game --preset runfast --autoplay --windowed 1280x720 --frames N`` with
    ``CARDAVIA_HOME=home``; the deals the history database under ``home/data`` holds."""
    import os
    import subprocess
    import sys

    if quick:  # no think delay, fastest animations: deals end within a few hundred frames
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.toml").write_text("ai_delay_ms = 0\nanimation_speed = 100\n")
    env = dict(os.environ, CARDAVIA_HOME=str(home), SDL_VIDEODRIVER="dummy")
    command = [sys.executable, "-m", "game", "--preset", "runfast", "--autoplay"]
    command += ["--windowed", "1280x720", "--frames", str(frames)]
    subprocess.run(command, env=env, check=True, timeout=300, capture_output=True)
    database = db.open_database(home / "data" / db.FILENAME)
    try:
        return [known(database.deal(known(row.id))) for row in database.history(0, 1000)]
    finally:
        database.close()


def _check_autoplay_deals(deals: list[DealRow], home) -> None:
    from game.history import replay

    assert deals, "the autoplay run recorded no deal"
    database = db.open_database(home / "data" / db.FILENAME)
    try:
        for row in deals:
            assert row.preset == "runfast" and row.autoplay and row.actions
            assert replay.load(database, known(row.id)).states[-1].is_terminal
    finally:
        database.close()


def test_an_autoplay_run_leaves_its_deals_in_the_data_folder(tmp_path):
    home = tmp_path / "home"
    _check_autoplay_deals(_autoplay_run(home, 400, quick=True), home)


@pytest.mark.slow
def test_the_issue_s_autoplay_run_leaves_its_deals_in_the_data_folder(tmp_path):
    """The command of issue 27's "Done when", with the default settings."""
    home = tmp_path / "home"
    _check_autoplay_deals(_autoplay_run(home, 3000, quick=False), home)
