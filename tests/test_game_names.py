"""Above the rules, only the game registry and a game's own modules may test a game's name
(issue 25): everything else asks ``game.games`` about the game instead."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game import registry

ROOT = Path(__file__).resolve().parent.parent


def own_modules(game_id: str) -> set[str]:
    """The modules that belong to one game (its bot, search hooks and table view)."""
    return {
        *(
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / "game/games" / game_id).rglob("*.py")
        ),
        f"game/ai/{game_id}_bot.py",
        f"game/ai/{game_id}_search.py",
        f"game/scenes/table/{game_id}.py",
    }


def name_checks(text: str, label: str, names: set[str]) -> list[str]:
    """Comparisons with a game's name in ``text``: ``x == "guandan"``, ``x in ("runfast",)``."""
    found = []
    tree = ast.parse(text, filename=label)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for operand in [node.left, *node.comparators]:
            values = (
                operand.elts if isinstance(operand, ast.Tuple | ast.List | ast.Set) else [operand]
            )
            for value in values:
                if isinstance(value, ast.Constant) and value.value in names:
                    found.append(f"{label}:{node.lineno} tests {value.value!r}")
    return found


def test_no_game_name_checks_above_the_rules() -> None:
    names = set(registry.ids())
    allowed = {"game/games/__init__.py", "game/games/spec.py"} | {
        m for game_id in names for m in own_modules(game_id)
    }
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("game/rules/") or relative in allowed:
            continue
        offenders += name_checks(path.read_text(encoding="utf-8"), relative, names)
    assert not offenders, "\n".join(offenders)


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes in ``tree`` (prose may name a game as an example)."""
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def names_a_game(text: str, label: str, ids: set[str]) -> list[str]:
    """Where the code in ``text`` names one of the games ``ids``: a string that is a game's
    id or starts with one and a dot or a colon (a game's locale key ``shengji.dealer``, a
    dotted path), and a name, attribute, definition or import holding an id as a word
    (``runfast_pack``, ``RUNFAST_REMOVED``, ``game.games.guandan``). Docstrings are prose."""
    alternatives = "|".join(map(re.escape, sorted(ids)))
    word = re.compile(rf"(?<![a-z])({alternatives})(?![a-z])", re.I)
    tree = ast.parse(text, filename=label)
    prose = docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        named: str | None = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            named = node.value if re.split(r"[.:]", node.value, maxsplit=1)[0] in ids else None
        elif isinstance(node, ast.Name):
            named = node.id if word.search(node.id) else None
        elif isinstance(node, ast.Attribute):
            named = node.attr if word.search(node.attr) else None
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            named = node.name if word.search(node.name) else None
        elif isinstance(node, ast.alias):
            hits = [n for n in (node.name, node.asname) if n and word.search(n)]
            named = hits[0] if hits else None
        elif isinstance(node, ast.ImportFrom) and node.module and word.search(node.module):
            named = node.module
        if named is not None:
            found.append((getattr(node, "lineno", 0), f"{label}:{{}} names {named!r}"))
    return [line.format(number) for number, line in sorted(found)]


def test_shared_code_never_names_a_game() -> None:
    """Outside ``game/games/`` no code names a game (issue 53): no game id, no game's locale
    key, no game's pack or name in an identifier. What differs between games is asked of the
    registry and each game's hooks (its View: ``dealer_key``, ``last_trick_title`` …). The
    ids are the registry's."""
    ids = set(registry.ids())
    assert {"guandan", "shengji", "runfast", "doudizhu"} <= ids
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith("game/games/"):
            offenders += names_a_game(path.read_text(encoding="utf-8"), relative, ids)
    assert not offenders, "\n".join(offenders)


def test_the_game_name_check_can_fail() -> None:
    ids = {"guandan", "runfast", "shengji"}
    probe = (
        '"""Guandan and game.rules.guandan, named in prose only."""\n'
        "from game.games.guandan import rules\n"
        "from game.rules.cards import runfast_pack\n"
        "KEY = 'shengji.dealer'\n"
        "PATH = 'runfast:rules'\n"
        "def f(preset):\n"
        "    return preset == 'guandan' or RUNFAST_REMOVED or x.shengji_levels\n"
        "OK = ('table.dealer', 'guandanish', 'the guandan table')\n"
    )
    found = names_a_game(probe, "probe.py", ids)
    assert sorted(line.partition(" names ")[2] for line in found) == [
        "'RUNFAST_REMOVED'",
        "'game.games.guandan'",
        "'guandan'",
        "'runfast:rules'",
        "'runfast_pack'",
        "'shengji.dealer'",
        "'shengji_levels'",
    ], found


def test_the_check_finds_a_name_test() -> None:
    text = 'def f(preset):\n    return preset == "guandan" or preset in ("runfast",)\n'
    assert len(name_checks(text, "probe.py", {"guandan", "runfast"})) == 2
    assert name_checks("x = {'guandan': 1}\n", "probe.py", {"guandan"}) == []


def test_the_arena_names_no_game() -> None:
    """tools/arena.py sets up every game through the registry (``GameSpec.arena_deal``,
    ``arena_result``, ``arena_deals``; the yardsticks by tools/yardsticks/ folder): no game's name in
    its code at all."""
    names = set(registry.ids())
    path = ROOT / "tools" / "arena.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename="tools/arena.py")
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    named = [
        f"tools/arena.py:{node.lineno} {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and id(node) not in docstrings
        and isinstance(node.value, str)
        and any(name in node.value for name in names)
    ]
    assert not named, "\n".join(named)


def test_every_game_gives_the_arena_a_seeded_deal_and_a_result() -> None:
    """A registered game's arena deal repeats with its seed and can be judged when finished."""
    import random

    from game.ai.random_bot import RandomBot

    for spec in registry.all_games():
        deals = [spec.arena_deal(3, random.Random(5), None) for _ in range(2)]
        assert [d.hand(0) for d in deals] == [deals[0].hand(0)] * 2, spec.id
        state, bot, rng = deals[0], RandomBot(), random.Random(1)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
        won, score = spec.arena_result(state, 0)
        assert isinstance(won, bool) and (score >= 0 if won else score <= 0), spec.id
