"""Modules and functions under game/ stay small enough to read (issues 25, 39): no module over 600
lines, no function over 80. Any that must stay over for a while is listed with its size: it may
shrink (and leave the list) but not grow, and nothing new joins. None is over today.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE_LINES = 600
FUNCTION_LINES = 80

#: Still over the limits (lines today); split them and drop the entry.
KNOWN_MODULES: dict[str, int] = {}
KNOWN_FUNCTIONS: dict[str, int] = {}


def _functions(node: ast.AST, where: str, found: dict[str, int]) -> None:
    """Lines of every function under ``node``, named ``where`` + ``Class.name``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _functions(child, f"{where}{child.name}.", found)
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            assert child.end_lineno is not None
            found[f"{where}{child.name}"] = child.end_lineno - child.lineno + 1
            _functions(child, f"{where}{child.name}.", found)


def sizes() -> tuple[dict[str, int], dict[str, int]]:
    """Lines per module under game/ and per function (``path:Class.name``)."""
    modules: dict[str, int] = {}
    functions: dict[str, int] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        modules[name] = len(text.splitlines())
        _functions(ast.parse(text, filename=name), f"{name}:", functions)
    return modules, functions


def over(measured: dict[str, int], limit: int, known: dict[str, int]) -> list[str]:
    return [
        f"{name}: {lines} lines (limit {limit}{f', was {known[name]}' if name in known else ''})"
        for name, lines in sorted(measured.items())
        if lines > max(limit, known.get(name, 0))
    ]


def test_no_module_grows_over_600_lines() -> None:
    modules, _ = sizes()
    assert not over(modules, MODULE_LINES, KNOWN_MODULES)


def test_no_function_grows_over_80_lines() -> None:
    _, functions = sizes()
    assert not over(functions, FUNCTION_LINES, KNOWN_FUNCTIONS)


def test_the_measure_counts_what_it_should() -> None:
    modules, functions = sizes()
    assert modules["game/registry/spec.py"] == len(
        (ROOT / "game/registry/spec.py").read_text(encoding="utf-8").splitlines()
    )
    assert "game/registry/spec.py:GameSpec.outcome" in functions
    assert all(lines >= 1 for lines in functions.values())
