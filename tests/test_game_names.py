"""Above the rules, only the game registry and a game's own modules may test a game's name
(issue 25): everything else asks ``game.registry`` about the game instead."""

from __future__ import annotations

import ast
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
    allowed = {"game/registry/__init__.py", "game/registry/spec.py"} | {
        m for game_id in names for m in own_modules(game_id)
    }
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("game/rules/") or relative in allowed:
            continue
        offenders += name_checks(path.read_text(encoding="utf-8"), relative, names)
    assert not offenders, "\n".join(offenders)


def test_the_check_finds_a_name_test() -> None:
    text = 'def f(preset):\n    return preset == "guandan" or preset in ("runfast",)\n'
    assert len(name_checks(text, "probe.py", {"guandan", "runfast"})) == 2
    assert name_checks("x = {'guandan': 1}\n", "probe.py", {"guandan"}) == []


def test_the_arena_names_no_game() -> None:
    """tools/arena.py sets up every game through the registry (``GameSpec.arena_deal``,
    ``arena_result``, ``arena_deals``, ``yardsticks``): no game's name in its code at all."""
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
            state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
        won, score = spec.arena_result(state, 0)
        assert isinstance(won, bool) and (score >= 0 if won else score <= 0), spec.id
        for name, _ in spec.yardsticks:
            assert hasattr(spec.yardstick(name), "choose"), name
