"""The history database keeps every finished deal (issue 45): a lock held by another process is
waited for, a full disk or a lock held too long keeps the deals (in memory and in the pending
file) and writes them once the file can take them, at the latest at the next start; only a
file that is really broken is set aside; damaged rows and meta values are skipped."""

from __future__ import annotations

import dataclasses
import errno
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game import storage
from game.history import db, pending, schema
from game.table.summary import DealRow, dumps
from tests.typed import known

LOCKER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
connection.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
if sys.argv[2] == "wait":
    sys.stdin.readline()
else:
    time.sleep(float(sys.argv[2]))
connection.execute("COMMIT")
"""


def row(index: int, **changes) -> DealRow:
    data = DealRow(
        preset="runfast",
        seed=7,
        match_key="runfast:7:a",
        deal_index=index,
        actions=[{"seat": 0, "kind": "play", "cards": "3H", "combo": ["single", "3", 1]}],
        ai_level="normal",
        ai_levels=["human", "normal", "normal"],
        human_seat=0,
        returns=[12.0, -5.0, -7.0],
        won=True,
        finished_at=1000.0 + index,
        totals_after=[12, -5, -7],
    )
    return dataclasses.replace(data, **changes)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The shared database at ``tmp_path/history.sqlite3``, nothing waiting, no notices."""
    path = tmp_path / "history.sqlite3"
    monkeypatch.setattr(db, "db_path", lambda: path)
    monkeypatch.setattr(db, "RETRY_DELAYS_S", (0.05, 0.1, 0.2))
    db.close_shared()
    pending.reset()
    storage.reset_write_notices()
    yield path
    db.close_shared()
    pending.reset()
    storage.reset_write_notices()


def next_start() -> None:
    """What the app does when it starts: its history writer opens the database (and writes
    the deals left waiting) on its own thread."""
    from game.history.writer import HistoryWriter

    writer = HistoryWriter()
    writer.start()
    assert writer.settle(timeout=60)
    writer.close()


def deal_keys(path: Path) -> list[tuple[str, int]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT match_key, deal_index FROM deals ORDER BY deal_index"
        ).fetchall()
    finally:
        connection.close()


def aside(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if ".broken-" in p.name]


def locker(path: Path, hold: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path), hold],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert known(process.stdout).readline().strip() == "locked"
    return process


def test_a_short_lock_by_another_process_is_waited_for(home):
    assert db.record_deal(row(0)) == 1
    db.close_shared()  # the next deal opens the file while it is locked
    process = locker(home, "0.6")
    try:
        for index in range(1, 4):
            db.record_deal(row(index))
    finally:
        process.wait(timeout=30)
    assert deal_keys(home) == [("runfast:7:a", i) for i in range(4)]
    assert aside(home.parent) == [] and storage.take_notices() == []
    assert not pending.path_for(home).exists()


def test_a_long_lock_keeps_the_deals_until_it_ends(home, monkeypatch):
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_S", 0.05)
    db.record_deal(row(0))
    process = locker(home, "wait")
    try:
        for index in range(1, 4):
            assert db.record_deal(row(index)) is None  # waits beside the file
        assert [r.deal_index for r in pending.rows()] == [1, 2, 3]
        assert pending.path_for(home).exists()
        assert [key for key, _ in storage.take_notices()] == [db.NOTICE_PENDING]  # told once
    finally:
        stdin = known(process.stdin)
        stdin.write("\n")
        stdin.flush()
        process.wait(timeout=30)
    db.record_deal(row(4))  # the lock is gone: the kept deals go in with this one
    assert deal_keys(home) == [("runfast:7:a", i) for i in range(5)]
    assert pending.rows() == [] and not pending.path_for(home).exists()
    assert aside(home.parent) == []


def test_a_full_database_keeps_the_deals_and_writes_them_when_space_returns(home):
    db.record_deal(row(0))
    database = db.shared()
    pages = database.connection.execute("PRAGMA page_count").fetchone()[0]
    database.connection.execute(f"PRAGMA max_page_count = {pages}")  # SQLITE_FULL from here
    for index in range(1, 30):
        db.record_deal(row(index, actions=[{"seat": 0, "kind": "pass", "note": "x" * 500}]))
    assert len(pending.rows()) > 0
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_PENDING]
    assert aside(home.parent) == []
    database.connection.execute("PRAGMA max_page_count = 1073741823")  # space returns
    db.record_deal(row(30))
    assert deal_keys(home) == [("runfast:7:a", i) for i in range(31)]  # each deal once


def test_a_full_disk_for_the_pending_file_too_keeps_them_in_memory(home, monkeypatch):
    db.record_deal(row(0))

    def no_space(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    def full(_database):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise error

    with monkeypatch.context() as patch:
        patch.setattr(storage, "atomic_write_bytes", no_space)
        patch.setattr(db.Database, "record", lambda self, r: full(self))
        for index in range(1, 6):
            assert db.record_deal(row(index)) is None
        assert not pending.path_for(home).exists() and len(pending.rows()) == 5
    db.close_shared()  # quitting, the disk has room again: written then
    assert deal_keys(home) == [("runfast:7:a", i) for i in range(6)]


def test_the_pending_file_is_written_at_the_next_start(home):
    db.record_deal(row(0))
    db.close_shared()
    pending.keep(row(1), home)
    pending.keep(row(2), home)
    pending.reset()  # the game was killed: only the file is left
    twice = pending.path_for(home).read_bytes()
    next_start()
    assert db.shared().count() == 3
    assert not pending.path_for(home).exists()
    db.close_shared()
    pending.path_for(home).write_bytes(twice)  # a flush killed before removing the file
    pending.reset()
    db.flush_at_start()  # the same, on the calling thread (tools)
    assert not pending.path_for(home).exists()
    assert db.shared().count() == 3  # no deal doubled


def test_damaged_pending_entries_are_skipped(home):
    pending.path_for(home).write_text('[{"preset": "runfast"}, 5, ' + dumps(row(1).as_dict()) + "]")
    next_start()
    assert db.shared().count() == 1
    pending.path_for(home).write_text("{not json")
    db.close_shared()
    next_start()
    assert db.shared().count() == 1  # the bad file is set aside, nothing crashes
    assert aside(home.parent)


def _can_mount() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0


def test_a_tiny_filesystem_that_fills_up(tmp_path, monkeypatch):
    """A real full disk: a 256 KB tmpfs (where the machine lets a test mount one)."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    if not _can_mount():
        pytest.skip("mounting a tmpfs needs root on Linux")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode:
        pytest.skip("this machine does not let a test mount a tmpfs")
    try:
        path = folder / "history.sqlite3"
        monkeypatch.setattr(db, "db_path", lambda: path)
        monkeypatch.setattr(db, "RETRY_DELAYS_S", (0.01,))
        db.close_shared()
        pending.reset()
        storage.reset_write_notices()
        db.record_deal(row(0))
        filler = folder / "filler"
        try:  # the rest of the disk, taken by something else
            with open(filler, "wb") as stream:
                while True:
                    stream.write(b"\0" * 4096)
                    stream.flush()
        except OSError as error:
            assert error.errno == errno.ENOSPC
        big = [{"seat": 0, "kind": "pass", "note": "y" * 3000}]
        for index in range(1, 8):
            db.record_deal(row(index, actions=big))
        assert pending.rows(), "the deals wait while the disk is full"
        assert aside(folder) == []
        filler.unlink()  # space returns
        db.record_deal(row(8))
        db.close_shared()
        assert deal_keys(path) == [("runfast:7:a", i) for i in range(9)]
    finally:
        db.close_shared()
        pending.reset()
        storage.reset_write_notices()
        subprocess.run(["umount", str(folder)], capture_output=True)


@pytest.mark.parametrize("version", [-1, -(2**31), 2**31 - 1])
def test_a_bad_user_version_is_an_unknown_file(home, version):
    connection = sqlite3.connect(home)
    connection.execute(f"PRAGMA user_version = {version}")
    connection.execute("CREATE TABLE other (x)")
    connection.commit()
    connection.close()
    assert db.shared().count() == 0
    assert len(aside(home.parent)) == 1
    notices = [key for key, _ in storage.take_notices()]
    assert notices in ([db.NOTICE_UNREADABLE], [db.NOTICE_NEWER])


def test_tables_that_are_not_ours_are_an_unknown_file(home):
    connection = sqlite3.connect(home)
    connection.execute("CREATE TABLE deals (x)")
    connection.commit()
    connection.close()
    db.record_deal(row(0))
    assert len(aside(home.parent)) == 1 and deal_keys(home) == [("runfast:7:a", 0)]


DAMAGE = [
    ("returns", "'not json'"),
    ("returns", "'[1, \"x\", 3]'"),
    ("actions", "'{'"),
    ("preset", "'doudizhu-9'"),
    ("preset", "42"),
    ("finished_at", "1e300"),
    ("finished_at", "'yesterday'"),
    ("seed", "'seven'"),
    ("human_seat", "9"),
    ("options", "'[1]'"),
    ("value", "'lots'"),
    ("won", "'maybe'"),
    ("bombs", "'many'"),
]


def test_damaged_rows_are_skipped_and_never_crash_a_screen(app, home):
    from game.scenes.history import HistoryScene
    from game.scenes.statistics import StatisticsScene

    count = 2 * len(DAMAGE) + 1
    for index in range(count):
        db.record_deal(row(index, finished_at=1_700_000_000.0 + index))
    database = db.shared()
    for number, (column, value) in enumerate(DAMAGE):  # every other deal damaged its own way
        database.connection.execute(
            f"UPDATE deals SET {column} = {value} WHERE deal_index = ?", (2 * number + 1,)
        )
    database.connection.execute(
        "INSERT OR REPLACE INTO meta (name, value) VALUES ('stats_since', 'soon')"
    )
    database.connection.execute("INSERT INTO reviews (deal_id, ply, data) VALUES (2, 0, '{')")
    listed = database.history(0, per_page=count)
    assert {r.deal_index for r in listed} >= set(range(0, count, 2))
    assert database.deal(2) is None and database.review(2) == {}
    assert database.stats_since() == 0.0
    assert database.match_actions("runfast:7:a", 6) is None  # deal 5's actions do not parse
    app.stack.push(HistoryScene(app))
    app.tick(1 / 60)
    app.stack.push(StatisticsScene(app))
    app.tick(1 / 60)
    assert app.running


def test_kill_9_while_recording_loses_no_finished_deal(tmp_path):
    """A sample of tools/kill_loop.py: workers recording deals, each killed with SIGKILL at a
    random moment, half of them while another process holds the database's lock (their deals
    go through the pending file); every deal a worker reported kept is there, once."""
    if not hasattr(os, "kill") or sys.platform.startswith("win"):
        pytest.skip("SIGKILL is a POSIX signal")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import kill_loop

    result = kill_loop.run(tmp_path, rounds=8, seed=45, max_wait_s=0.3, locked=0.5)
    assert result["reported"] > 0 and result["locked_rounds"] > 0
    assert result["lost"] == 0 and result["doubled"] == 0


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_fifo_in_the_database_s_place_is_set_aside(home, kind):
    if kind == "folder":
        home.mkdir()
    elif hasattr(os, "mkfifo"):
        os.mkfifo(home)
    else:
        pytest.skip("no FIFOs here")
    db.record_deal(row(0))  # never waits on a FIFO
    assert deal_keys(home) == [("runfast:7:a", 0)]
    assert len(aside(home.parent)) == 1
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_UNREADABLE]


# --- issue 57: what a probe still found -------------------------------------------------------

BEYOND_64_BITS = [
    {"deal_index": 2**63},
    {"seed": -(2**63) - 1},
    {"seed": 10**30},
    {"totals_after": [2**64, 0, 0]},
    {"measures": {"place": 10**400}},
    {"bombs": 2**80},
]


@pytest.mark.parametrize("change", BEYOND_64_BITS)
def test_a_pending_number_beyond_64_bits_is_skipped_and_the_rest_stored(home, change):
    """D1: a pending file holding an integer SQLite cannot take crashed every start
    (OverflowError) and its deals were never stored; now that row alone is skipped."""
    bad = row(1).as_dict() | change
    pending.path_for(home).write_text(dumps([bad, row(2).as_dict()]))
    db.flush_at_start()  # what the next start does (its writer, on its own thread)
    assert deal_keys(home) == [("runfast:7:a", 2)]
    assert not pending.path_for(home).exists()


def _damage_schema_text(path: Path) -> None:
    """One invalid UTF-8 byte in the stored ``CREATE TABLE deals`` (``CREATE \\xecABLE``)."""
    raw = path.read_bytes()
    at = raw.index(b"CREATE TABLE deals")
    path.write_bytes(raw[: at + 7] + b"\xec" + raw[at + 8 :])


def test_a_schema_text_that_is_not_utf8_is_set_aside(home):
    """D4b: the UnicodeDecodeError such a file raises escaped every guard (exit 3 at each
    deal's end); now the file is set aside once and the deal goes into a new one."""
    db.record_deal(row(0))
    db.close_shared()
    _damage_schema_text(home)
    assert db.record_deal(row(1)) == 1
    assert deal_keys(home) == [("runfast:7:a", 1)]
    assert len([p for p in aside(home.parent) if not p.name.endswith(("-wal", "-shm"))]) == 1
    assert [key for key, _ in storage.take_notices()] == [db.NOTICE_UNREADABLE]
    db.close_shared()
    _damage_schema_text(home)  # the screens' reads too
    assert db.guarded(lambda d: d.count(), -1) == 0


@pytest.mark.parametrize("kind", ["outside", "dangling", "loop"])
def test_a_database_that_is_a_link_is_never_followed(home, tmp_path, kind):
    """D6: SQLite followed a link and wrote the history outside the data folder (a dangling
    link created the file there); a link loop sent every deal to pending for ever. A link is
    refused like the log's: set aside (the link itself), a new file started in its place."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "other.sqlite3"
    if kind == "outside":
        target.write_bytes(b"")
        os.symlink(target, home)
    elif kind == "dangling":
        os.symlink(target, home)
    else:
        os.symlink(home, home)
    assert db.record_deal(row(0)) == 1
    assert home.is_file() and not home.is_symlink()
    assert deal_keys(home) == [("runfast:7:a", 0)]
    assert not target.exists() or target.read_bytes() == b""  # nothing written out there
    assert list(elsewhere.iterdir()) == ([target] if kind == "outside" else [])
    assert pending.rows() == []
    links = [p for p in aside(home.parent) if p.is_symlink()]
    assert len(links) == 1


def test_with_the_data_folder_unwritable_the_deal_waits_in_the_config_folder(
    home, tmp_path, monkeypatch
):
    """Design gap: when the data folder could not take the pending file, the deals lived in
    memory only and were lost at exit although the config folder was writable. Now they go
    to the config folder (else the temp folder) and the next start writes them."""
    real = home.parent
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setattr(db, "db_path", lambda: blocked / "history.sqlite3")
    assert db.record_deal(row(0)) is None  # nothing in the data folder can be written
    db.close_shared()
    pending.reset()  # the game quits: only what is on disk is left
    blocked.unlink()
    blocked.mkdir()  # the next start: the folder is back
    db.flush_at_start()
    db.close_shared()
    assert deal_keys(blocked / "history.sqlite3") == [("runfast:7:a", 0)]
    assert not any(os.path.lexists(p) for p in pending.every_path(blocked / "history.sqlite3"))
    assert real.exists()
