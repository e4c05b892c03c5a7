"""Typed seams (issues 39, 53): the whole package type-checks under ``mypy --strict`` (the
files and options are pyproject.toml's ``[tool.mypy]``, so a plain ``mypy`` from the
repository root runs the same check; its cache, ``.mypy_cache``, keeps a second run quick),
and every game's play meaning answers the ``Combo`` protocol the table reads."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.rules import doudizhu as dz
from game.rules import guandan as gd
from game.rules import runfast as rf
from game.rules import shengji as sj
from game.rules.base import Combo, SharedCombo
from game.rules.cards import parse_cards
from game.table import info, record

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert isinstance(config, dict)
    return config


def test_the_package_passes_mypy_strict() -> None:
    pytest.importorskip("mypy", reason="mypy is in the test extra (pip install -e .[test])")
    run = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mypy --strict found problems:\n{run.stdout}{run.stderr}"
    assert "Success: no issues found" in run.stdout


def _checked(relative: str, patterns: list[str]) -> bool:
    """Whether mypy's ``files`` take in the module at ``relative`` (a folder takes in all)."""
    return any(relative == p or relative.startswith(p.rstrip("/") + "/") for p in patterns)


#: What the tests may relax of strict: a function without annotations (its body still checked).
TEST_RELAXATIONS = {"disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls"}


def test_the_check_is_strict_and_covers_the_whole_package() -> None:
    """Issue 53: the whole package, the tools and the tests, not a growing file list; a new
    module (a new game's folder among them) is checked as soon as it exists, and no override
    turns a module's errors off (the last test modules left out were typed on 6 December
    2026)."""
    config = _config()
    assert config["strict"] is True
    files = config["files"]
    assert isinstance(files, list)
    patterns = [str(pattern) for pattern in files]
    assert {"game", "tools", "tests"} <= set(patterns)
    assert not any("*" in pattern or pattern.endswith(".py") for pattern in patterns), patterns
    assert "exclude" not in config
    modules = [
        path.relative_to(ROOT).as_posix()
        for folder in ("game", "tools", "tests")
        for path in (ROOT / folder).rglob("*.py")
    ]
    assert len(modules) > 350
    assert [m for m in modules if not _checked(m, patterns)] == []
    overrides = config.get("overrides", [])
    assert isinstance(overrides, list)
    for override in overrides:
        named = override["module"]
        names = [named] if isinstance(named, str) else list(named)
        if any(str(module).split(".")[0] == "tests" for module in names):
            _check_tests_override(override, names)
            continue
        assert not override.get("ignore_errors"), override
        for module in names:
            top = module.split(".")[0]
            assert top != "game" and not (ROOT / "tools" / f"{top}.py").exists(), module
            assert not (ROOT / "tools" / top).is_dir(), module  # third-party modules only


def _check_tests_override(override: dict[str, object], names: list[str]) -> None:
    """The tests' one override: all tests may go without annotations (nothing else relaxed,
    their bodies still checked); no test module is left out of the check."""
    assert names == ["tests.*"], f"a test module's own override: {names}"
    relaxed = {key for key, value in override.items() if value is False}
    assert relaxed <= TEST_RELAXATIONS, relaxed
    assert override.get("check_untyped_defs") is True and not override.get("ignore_errors")


# --- the Combo protocol (game/protocol/base.py) ------------------------------------------------


def _guandan(cards: str, kind: str) -> Combo:
    """Guandan's meaning ``kind`` of ``cards`` at level 2 (G5)."""
    (combo,) = [c for c in gd.interpretations(parse_cards(cards), "2") if c.kind == kind]
    return combo


def _doudizhu(cards: str, kind: str) -> Combo:
    """Dou Dizhu's meaning ``kind`` of ``cards`` (D4)."""
    (combo,) = [c for c in dz.interpretations(parse_cards(cards)) if c.kind == kind]
    return combo


def _runfast(cards: str, kind: str) -> Combo:
    """Run Fast's meaning ``kind`` of ``cards``, attachments on (R4, VR1)."""
    found = rf.interpretations(parse_cards(cards), options={"attachments": True})
    (combo,) = [c for c in found if c.kind == kind]
    return combo


# (meaning, kind, rank, size, is_bomb, chain, the record's key): what the table reads of each
# game's meanings, and the key a save stores (unchanged by the protocol).
COMBOS = [
    (lambda: _guandan("5S 5H", "pair"), "pair", "5", 2, False, 0, ["pair", "5", 2]),  # G5.1
    (lambda: _guandan("5S 5H 5D 5C", "bomb"), "bomb", "5", 4, True, 0, ["bomb", "5", 4]),  # G5.6
    (
        lambda: _guandan("BJ BJ RJ RJ", "joker_bomb"),
        "joker_bomb",
        None,
        4,
        True,
        0,
        ["joker_bomb", None, 4],
    ),
    (
        lambda: _guandan("6S 7S 8S 9S TS", "straight_flush"),
        "straight_flush",
        "T",
        5,
        True,
        0,
        ["straight_flush", "T", 5],
    ),
    (lambda: _runfast("9S 9H", "pair"), "pair", "9", 2, False, 0, ["pair", "9", 2]),  # R4.1
    (lambda: _runfast("AS AH AD", "ace_bomb"), "ace_bomb", "A", 3, True, 0, ["ace_bomb", "A", 3]),
    (
        lambda: _runfast("3S 3H 3D 4S 4H 4D 5S 5H 6S 6H", "airplane"),
        "airplane",
        "4",
        10,
        False,
        2,
        ["airplane", "4", 10],
    ),  # VR1: two triples with four cards
    (lambda: _doudizhu("BJ RJ", "rocket"), "rocket", None, 2, True, 0, ["rocket", None, 2]),
    (
        lambda: _doudizhu("3S 3H 3D 4S 4H 4D 5S 6S", "airplane_singles"),
        "airplane_singles",
        "4",
        8,
        False,
        0,  # D4.3: the table names Dou Dizhu's airplanes by kind alone
        ["airplane_singles", "4", 8],
    ),
    (lambda: dz.BidAction.of("bid", 2).combo, "bid", "2", 0, False, 0, ["bid", "2", 0]),  # D2.3
    (
        lambda: sj.lead_format(parse_cards("3H 3H 4H 4H"), sj.Trump("2", "S")),
        "tractor",
        1,
        0,
        False,
        0,
        ["tractor", "1", None],
    ),  # S4.2: a format names a shape, no cards (saves keep no size for it)
]


@pytest.mark.parametrize("make, kind, rank, size, bomb, chain, key", COMBOS)
def test_every_games_meaning_answers_the_combo_protocol(make, kind, rank, size, bomb, chain, key):
    combo = make()
    assert isinstance(combo, Combo)
    assert (combo.kind, combo.rank, len(combo.cards), combo.is_bomb, combo.chain) == (
        kind,
        rank,
        size,
        bomb,
        chain,
    )
    assert info.is_bomb(combo) is bomb
    assert record.combo_key(combo) == key


def test_the_climbing_games_share_one_combo_implementation():
    bombs = {gd: gd.BOMB_KINDS, rf: rf.BOMB_KINDS, dz: frozenset({"bomb", "rocket"})}  # D4.5
    pairs = {gd: _guandan("5S 5H", "pair"), rf: _runfast("9S 9H", "pair")}
    pairs[dz] = _doudizhu("9S 9H", "pair")
    for game, combo in pairs.items():
        assert isinstance(combo, SharedCombo)
        assert combo.bomb_kinds == bombs[game]
        assert combo.size == len(combo.cards) == 2
        # the shared part adds no per-meaning storage (Guandan's stays a named tuple)
        assert not hasattr(combo, "__dict__")
        for name in ("size", "is_bomb"):
            assert name not in vars(type(combo)), (game.__name__, name)
    assert isinstance(_guandan("5S 5H", "pair"), tuple)
