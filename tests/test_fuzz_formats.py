"""Every file format the game reads, fuzzed (issue 45): settings, house rules, autosave, shared
deal file, crash report and history database rows. Each reader is total: whatever the bytes, it
returns or raises only the error its docs name, and never hangs. The files the game writes read
back equal (settings and house rules through a real TOML writer; a table or key the game does
not own is kept verbatim or dropped, never corrupted).

Hypothesis runs derandomized in CI (tests/conftest.py's profile). ``CARDAVIA_FUZZ_EXAMPLES``
sets the examples per format (default 120) for a longer local run.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sqlite3
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import crashlog, house_rules, registry, save, storage
from game import settings as settings_mod
from game.ai.random_bot import RandomBot
from game.history import db, pending, schema, share
from game.table.controller import TableController
from game.table.summary import DealRow

EXAMPLES = int(os.environ.get("CARDAVIA_FUZZ_EXAMPLES", "120"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- strategies -------------------------------------------------------------------------------

#: Any TOML value (what tomllib can give back; floats without NaN, which is never equal).
toml_scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


def mutate_json(data: Any, draw: Any) -> Any:
    """``data`` with one value somewhere inside replaced by any JSON value (or removed)."""
    if isinstance(data, dict) and data and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(data)))
        changed = dict(data)
        if draw(st.integers(0, 4)) == 0:
            del changed[key]
        else:
            changed[key] = mutate_json(data[key], draw)
        return changed
    if isinstance(data, list) and data and draw(st.booleans()):
        index = draw(st.integers(0, len(data) - 1))
        return [*data[:index], mutate_json(data[index], draw), *data[index + 1 :]]
    return draw(json_values)


def mutate_bytes(base: bytes, draw: st.DrawFn) -> bytes:
    """``base`` cut, with bytes flipped, inserted or replaced: a damaged copy of a good file."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return base[: draw(st.integers(0, len(base)))]
    if kind == 1:
        data = bytearray(base)
        for _ in range(draw(st.integers(1, 8))):
            at = draw(st.integers(0, len(data) - 1))
            data[at] = draw(st.integers(0, 255))
        return bytes(data)
    if kind == 2:
        at = draw(st.integers(0, len(base)))
        return base[:at] + draw(st.binary(max_size=64)) + base[at:]
    return draw(st.binary(max_size=512))


#: Words the free-text settings keep (game settings.MAX_WORDS of them at most).
order_words = st.from_regex(r"[a-z0-9_]{1,32}:(rank|suit)", fullmatch=True)
game_words = st.from_regex(r"[a-z0-9_]{1,32}", fullmatch=True)
#: Any text at all: lone surrogates (which no UTF-8 file can hold) and control characters too.
any_text = st.one_of(
    st.text(max_size=60),
    st.text(st.characters(categories=["Cs", "Cc"]), max_size=8),
    st.lists(st.one_of(order_words, game_words, st.text(max_size=6)), max_size=400).map(" ".join),
)


def setting_values(*, accepted: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    """A value of every setting: with ``accepted``, one the game keeps as it is (its spec's
    type, range and choices; well-formed words); otherwise any value of the field's type."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    free = {"hand_orders": order_words, "lessons_done": game_words}
    for spec in settings_mod.SPECS:
        if spec.kind is bool:
            fields[spec.key] = st.booleans()
        elif spec.kind is int:
            wide = st.integers(-(2**63), 2**63 - 1)
            fields[spec.key] = st.integers(spec.low, spec.high) if accepted else wide
        elif spec.choices:
            choice = st.sampled_from(spec.choices)
            fields[spec.key] = choice if accepted else st.one_of(choice, any_text)
        elif accepted:
            words = st.lists(
                free[spec.key], max_size=settings_mod.MAX_WORDS, unique_by=lambda w: w.split(":")[0]
            )
            fields[spec.key] = words.map(" ".join)
        else:
            fields[spec.key] = any_text
    return st.fixed_dictionaries(fields)


# --- settings ---------------------------------------------------------------------------------


@FUZZ
@given(values=setting_values())
def test_settings_round_trip_any_value_the_game_accepts(tmp_path, values):
    path = tmp_path / "settings.toml"
    written = settings_mod.Settings(**values)
    assert settings_mod.save(written, path)
    loaded, notice = settings_mod.load(path)
    assert notice is None and loaded == written


@FUZZ
@given(values=setting_values(accepted=False))
def test_the_settings_writer_never_writes_what_its_reader_rejects(tmp_path, values):
    """D7 (issue 57): over the whole settings space (any int, any text: lone surrogates, a
    thousand words), save never raises, the file stays under the reader's cap, and the next
    start reads back exactly the settings as the game keeps them (nothing reset)."""
    path = tmp_path / "settings.toml"
    written = settings_mod.Settings(**values)
    assert settings_mod.save(written, path)
    assert path.stat().st_size <= storage.SETTINGS_MAX_BYTES
    loaded, notice = settings_mod.load(path)
    kept = settings_mod.normalised(dataclasses.replace(written))
    assert notice is None and loaded == kept
    assert settings_mod.normalised(dataclasses.replace(kept)) == kept  # nothing left to fix


def test_the_issue_s_long_lists_and_lone_surrogate_are_saved_and_read_back():
    """D7's cases: ``hand_orders`` and ``lessons_done`` grown past the 64 KB cap (every later
    start reset every setting) and a lone surrogate (UnicodeEncodeError)."""
    import tempfile

    many = " ".join(f"game{n}:suit" for n in range(9000))
    for values in (
        {"hand_orders": many, "contrast": 80},
        {"lessons_done": " ".join(f"g{n}" for n in range(12000)), "grain": 30},
        {"hand_orders": "guandan:suit \ud800", "lessons_done": "runfast \udfff"},
    ):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "settings.toml"
            written = settings_mod.Settings(**values)
            assert settings_mod.save(written, path)
            loaded, notice = settings_mod.load(path)
            assert notice is None
            for key, value in values.items():
                if type(value) is int:
                    assert getattr(loaded, key) == value
            assert loaded.hand_orders in ("", "guandan:suit") or loaded.hand_orders.endswith(
                "game8999:suit"
            )


@FUZZ
@given(values=setting_values(), extra=st.dictionaries(st.text(), toml_values, max_size=4))
def test_settings_keep_their_values_beside_keys_they_do_not_own(tmp_path, values, extra):
    path = tmp_path / "settings.toml"
    mine = {key: value for key, value in extra.items() if key not in values and key != "version"}
    path.write_text(tomli_w.dumps({**mine, **values}), encoding="utf-8")
    loaded, notice = settings_mod.load(path)
    assert notice is None and loaded == settings_mod.Settings(**values)
    assert settings_mod.save(loaded, path)
    again = tomllib.loads(path.read_text(encoding="utf-8"))  # the unknown keys are dropped
    assert settings_mod.load(path)[0] == loaded and set(again) == {"version", *values}


@FUZZ
@given(data=st.data())
def test_settings_reader_is_total(tmp_path, data):
    good = settings_mod.Settings().to_toml().encode()
    raw = mutate_bytes(good, data.draw)
    path = tmp_path / "settings.toml"
    path.write_bytes(raw)
    loaded, _notice = settings_mod.load(path)
    assert isinstance(loaded, settings_mod.Settings)


# --- house rules ------------------------------------------------------------------------------


def house_values(game: str) -> st.SearchStrategy[dict[str, Any]]:
    schema = house_rules.schema(game)
    return st.fixed_dictionaries(
        {key: st.sampled_from(option["allowed"]) for key, option in schema.items()}
    )


@FUZZ
@given(
    data=st.data(),
    others=st.dictionaries(st.text(), st.dictionaries(st.text(), toml_values), max_size=3),
)
def test_house_rules_round_trip_and_keep_other_tables_verbatim(tmp_path, data, others):
    path = tmp_path / "house_rules.toml"
    game = data.draw(st.sampled_from(registry.ids()))
    values = data.draw(house_values(game))
    others = {name: table for name, table in others.items() if name not in registry.ids()}
    path.write_text(tomli_w.dumps(others), encoding="utf-8")
    assert house_rules.save(game, values, path)
    back = tomllib.loads(path.read_text(encoding="utf-8"))
    assert {name: back[name] for name in others} == others  # kept verbatim
    assert house_rules.load(game, path=path) == {**house_rules.defaults(game), **values}


def test_the_issue_s_apostrophe_survives():
    """``mine = "don't forget"`` in another table used to be written as ``"don"t forget"``."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "house_rules.toml"
        path.write_text('[mine]\nnote = "don\'t forget"\n', encoding="utf-8")
        assert house_rules.save("runfast", {}, path)
        assert tomllib.loads(path.read_text(encoding="utf-8"))["mine"] == {"note": "don't forget"}


@FUZZ
@given(data=st.data())
def test_house_rules_reader_is_total(tmp_path, data):
    path = tmp_path / "house_rules.toml"
    good = tomli_w.dumps({"runfast": {"attachments": True}}).encode()
    path.write_bytes(mutate_bytes(good, data.draw))
    game = data.draw(st.sampled_from(registry.ids()))
    loaded = house_rules.load(game, path=path)
    assert set(loaded) == set(house_rules.defaults(game))


# --- autosave ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def a_save() -> dict[str, Any]:
    """A real Shengji snapshot a few actions into its first deal."""
    ctl = TableController(
        "shengji", seed=11, threaded=False, think_delay=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(),
    )  # fmt: skip
    rng = random.Random(11)
    for _ in range(3000):
        if ctl.is_human_turn() and len(ctl.state.log) > 30:
            break
        if ctl.is_human_turn():
            ctl.human_apply(rng.choice(ctl.human_options()))
        ctl.update()
    return {**ctl.snapshot(), "version": save.VERSION}


@FUZZ
@given(data=st.data())
def test_autosave_reader_and_resume_are_total(a_save, data):
    from game.scenes.table import TableScene
    from tests.fake_app import FakeApp

    if data.draw(st.booleans()):
        raw = json.dumps(mutate_json(a_save, data.draw)).encode()
    else:
        raw = mutate_bytes(json.dumps(a_save).encode(), data.draw)
    path = save.autosave_path("shengji")
    storage.atomic_write_bytes(path, raw)
    try:
        loaded = save.load_autosave("shengji")
        if loaded is not None:
            assert isinstance(save.status(loaded)["deal"], int)
            TableScene.resume(FakeApp(), "shengji", threaded=False)  # a scene or None
    finally:
        save.clear_autosave("shengji")


# --- the shared deal file ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def a_deal_file(tmp_path_factory) -> bytes:
    database = db.open_database(tmp_path_factory.mktemp("deal") / "h.sqlite3")
    rows = []
    ctl = TableController(
        "runfast", seed=5, threaded=False, think_delay=0.0, autoplay=True, autoplay_pause=0.0,
        bot_factory=lambda preset, level, seed: RandomBot(), on_deal_end=lambda c, r: rows.append(r),
    )  # fmt: skip
    while not rows:
        ctl.update()
    database.record(rows[0])
    text = share.export_text(rows[0], database)
    database.close()
    return text.encode("utf-8")


HEADERS = ["Cardavia deal ²", "Cardavia deal ①", "Cardavia deal " + "9" * 5000, "Cardavia deal ٣"]


@pytest.mark.parametrize("header", HEADERS)
def test_the_issue_s_deal_file_headers_are_refused_not_crashed(a_deal_file, header):
    body = a_deal_file.split(b"\n", 1)[1]
    with pytest.raises(share.ShareError):
        share.import_text(header.encode() + b"\n" + body)


@FUZZ
@given(data=st.data())
def test_deal_file_reader_raises_only_share_error(a_deal_file, data):
    head, body = a_deal_file.split(b"\n", 1)
    choice = data.draw(st.integers(0, 2))
    if choice == 0:
        raw = mutate_bytes(a_deal_file, data.draw)
    elif choice == 1:
        raw = head + b"\n" + json.dumps(mutate_json(json.loads(body), data.draw)).encode()
    else:
        raw = data.draw(st.text(max_size=40)).encode() + b"\n" + body
    try:
        preset, states = share.import_text(raw)
    except share.ShareError:
        return
    assert preset in registry.ids() and states


# --- crash reports ----------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_replay_report_raises_only_value_error(a_save, tmp_path, data):
    report = {"version": 1, "context": {"replay": a_save, "shown_deal": 0}}
    if data.draw(st.booleans()):
        report = mutate_json(report, data.draw)
        source: Any = report
    else:
        path = tmp_path / "report.json"
        path.write_bytes(mutate_bytes(json.dumps(report).encode(), data.draw))
        source = path
    try:
        crashlog.replay_report(source)
    except ValueError:
        pass


# --- history database rows --------------------------------------------------------------------

cell = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=20),
    json_values.map(json.dumps),
)


@FUZZ
@given(rows=st.lists(st.fixed_dictionaries({name: cell for name in schema.COLUMNS}), max_size=6))
def test_database_readers_skip_rows_that_do_not_parse(tmp_path, rows):
    path = tmp_path / "h.sqlite3"
    path.unlink(missing_ok=True)
    database = db.open_database(path)
    try:
        sql = f"INSERT OR IGNORE INTO deals ({','.join(schema.COLUMNS)}) VALUES ({','.join('?' * len(schema.COLUMNS))})"
        with database.connection:
            database.connection.executemany(sql, [[r[c] for c in schema.COLUMNS] for r in rows])
        listed = database.history(0, 50)
        assert all(row.preset in registry.ids() for row in listed)
        for ident in range(1, len(rows) + 1):
            database.deal(ident)
            database.review(ident)
        database.statistics()
        database.charts()
        database.stats_since()
        database.match_actions("x", 2)
        assert all(pending.row_problem(row.as_dict()) is None for row in listed)
    finally:
        database.close()


def test_a_fuzzed_database_file_is_set_aside_only_when_broken(tmp_path):
    """Whole files: random bytes are set aside (and a new history started); a healthy file
    that also holds a table of someone else's is kept as it is."""
    rng = random.Random(45)
    for number in range(20):
        path = tmp_path / f"h{number}.sqlite3"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5000))))
        database = db.open_database(path)
        assert database.count() == 0
        database.close()
    good = tmp_path / "good.sqlite3"
    database = db.open_database(good)
    database.close()
    connection = sqlite3.connect(good)
    connection.execute("CREATE TABLE notes (x)")
    connection.commit()
    connection.close()
    assert db.open_database(good).count() == 0
    assert not list(tmp_path.glob("good.sqlite3.broken-*"))


# --- issue 57's readers: pending deals, the review worker's lines, the command line ------------


def stored_row(index: int) -> DealRow:
    """``a_row(index)`` read back as pending deals are (a whole row: it parses)."""
    row = pending.row_from(a_row(index))
    assert row is not None
    return row


def a_row(index: int) -> dict[str, Any]:
    return DealRow(
        preset="runfast", seed=7, match_key="fuzz", deal_index=index,
        actions=[{"seat": 0, "kind": "pass"}], ai_level="normal",
        ai_levels=["human", "normal", "normal"], human_seat=0, returns=[1.0, -0.5, -0.5],
        won=True, finished_at=1000.0 + index, totals_after=[1, 0, -1], measures={"settlement": 1.0},
    ).as_dict()  # fmt: skip


big_ints = st.one_of(
    st.integers(2**63 - 2, 2**63 + 2),
    st.integers(-(2**63) - 2, -(2**63) + 2),
    st.integers(10**18, 10**400),
)


@FUZZ
@given(data=st.data())
def test_a_pending_file_of_any_content_never_stops_a_start(tmp_path, data):
    """The pending file (issue 57 D1): whatever it holds, the next start writes its valid deals
    once, skips the rest and never raises; every deal written reads back valid."""
    from game.history import db as history_db

    path = tmp_path / "h.sqlite3"
    history_db.close_shared()
    pending.reset()
    rows = [a_row(index) for index in range(3)]
    choice = data.draw(st.integers(0, 2))
    if choice == 0:
        content = json.dumps(mutate_json(rows, data.draw)).encode()
    elif choice == 1:
        index, name = data.draw(st.integers(0, 2)), data.draw(st.sampled_from(sorted(rows[0])))
        rows[index][name] = data.draw(big_ints)
        content = json.dumps(rows).encode()
    else:
        content = mutate_bytes(json.dumps(rows).encode(), data.draw)
    pending.path_for(path).write_bytes(content)
    database = db.open_database(path)  # what the writer does at the next start
    try:
        stored = database.history(0, 50)
        assert all(pending.row_problem(row.as_dict()) is None for row in stored)
        assert len({pending.key(row) for row in stored}) == len(stored)
    finally:
        database.close()
        pending.reset()


verdict_data = st.fixed_dictionaries(
    {
        "v": st.sampled_from([1, 1, 2, "1"]),
        "seat": st.one_of(st.integers(-2, 20), st.text(max_size=2)),
        "played": json_values,
        "best": st.one_of(st.just({"kind": "pass", "cards": ""}), json_values),
        "difference": st.one_of(st.floats(), st.integers(), st.text(max_size=3)),
        "samples": st.one_of(st.integers(-1, 50), st.floats()),
    }
)


@FUZZ
@given(
    line=st.one_of(
        st.binary(max_size=80),
        st.tuples(st.one_of(st.integers(), json_values), verdict_data).map(
            lambda pair: json.dumps(list(pair)).encode()
        ),
        json_values.map(lambda value: json.dumps(value).encode()),
    )
)
def test_a_review_worker_line_is_a_verdict_or_nothing(line):
    """The review worker's lines (issue 57 D8): any line gives a whole verdict or None."""
    from game.history import review_worker

    found = review_worker.parse_answer(line)
    if found is not None:
        assert type(found.ply) is int and type(found.seat) is int and type(found.samples) is int
        assert isinstance(found.played["cards"], str) and isinstance(found.best["kind"], str)
        assert found.agrees in (True, False)


FLAGS = ["--preset", "--lang", "--windowed", "--seed", "--frames", "--screenshot", "--max-fps"]
flag_values = st.one_of(
    st.text(max_size=12),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["١٢", "²", "1_0", "0x10", "1e3", " 7", "+5", "-0", "800x600", ""]),
)


@FUZZ
@given(words=st.lists(st.tuples(st.sampled_from(FLAGS), flag_values), max_size=4))
def test_the_command_line_takes_a_value_within_its_range_or_refuses_it(capsys, words):
    """The command line (issue 57): any value is taken within its range or refused with exit
    code 2 and one line; a taken seed can be saved and stored."""
    from game import cli

    argv = [part for pair in words for part in pair]
    try:
        args = cli.parse_args(argv)
    except SystemExit as stop:
        assert stop.code == 2
        assert "Traceback" not in capsys.readouterr().err
        return
    assert args.seed is None or abs(args.seed) <= storage.MAX_SEED
    assert 0 <= args.frames <= cli.MAX_FRAMES and 0 <= args.max_fps <= cli.MAX_FPS
    for value in (args.seed, args.frames, args.max_fps):
        assert value is None or type(value) is int


@FUZZ
@given(data=st.data())
def test_a_damaged_database_file_never_loses_the_next_deal(tmp_path, data):
    """Whole files damaged anywhere, the schema's text too (issue 57 D4b): the next deal is
    stored (in the file, a new one, or waiting), never an exception."""
    from game.history import db as history_db

    path = tmp_path / "h.sqlite3"
    for old in tmp_path.iterdir():
        old.unlink()
    database = db.open_database(path)
    database.record(stored_row(0))
    database.close()
    raw = path.read_bytes()
    at = raw.find(b"CREATE TABLE")
    damaged = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 6))):
        spot = data.draw(st.integers(max(0, at - 64), min(len(raw) - 1, at + 2000)))
        damaged[spot] = data.draw(st.integers(0, 255))
    path.write_bytes(bytes(damaged))
    pending.reset()
    history_db.close_shared()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(history_db, "db_path", lambda: path)
            history_db.record_deal(stored_row(1))
            kept = history_db.guarded(lambda d: [r.deal_index for r in d.history()], None)
        assert 1 in (kept or []) or [r.deal_index for r in pending.rows()] == [1]
    finally:
        history_db.close_shared()
        pending.reset()
