"""No module of the game reads another module's private name (issue 53): what two modules share
is public in the module that owns it, so readers and ``mypy --strict`` see the intent. Every
``from module import _name`` and ``module._name`` between two modules of ``game/`` is refused,
at the top, under ``TYPE_CHECKING`` or inside a function (dunder names are not private).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.test_import_cycles import project_modules, write_tree

ROOT = Path(__file__).resolve().parent.parent


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def private_reads(name: str, path: Path, modules: dict[str, Path]) -> list[str]:
    """``module:line: what`` for each private name of another project module that ``name``
    (at ``path``) imports or reads through a module it imported."""
    found: list[str] = []
    aliases: dict[str, str] = {}  # local name -> the project module it is bound to
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = package_of(name, path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules and alias.asname:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif base in modules and base != name and private(alias.name):
                    found.append(f"{name}:{node.lineno}: from {base} import {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and aliases.get(node.value.id, name) != name
            and private(node.attr)
        ):
            found.append(f"{name}:{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return found


def all_private_reads(root: Path) -> list[str]:
    modules = project_modules(root)
    return [read for name, path in modules.items() for read in private_reads(name, path, modules)]


def test_no_module_reads_another_modules_private_name() -> None:
    assert all_private_reads(ROOT) == []


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("from game.b import _x\n", ["game.a:1: from game.b import _x"]),
        ("from .b import _x\n", ["game.a:1: from game.b import _x"]),
        ("def f():\n    from game.b import _x\n", ["game.a:2: from game.b import _x"]),
        ("from game import b\nb._x\n", ["game.a:2: game.b._x"]),
        ("import game.b as m\nm._x\n", ["game.a:2: game.b._x"]),
        ("from game.b import x, __all__\nfrom game import b\nb.__doc__\n", []),
        ("_x = 1\nclass C:\n    def f(self):\n        return self._x\n", []),
    ],
)
def test_the_reader_finds_a_private_read(tmp_path: Path, body: str, found: list[str]) -> None:
    """The check can fail: each way of reaching into another module is reported."""
    write_tree(tmp_path, {"game/__init__.py": "", "game/b.py": "_x = x = 1\n", "game/a.py": body})
    assert all_private_reads(tmp_path) == found
