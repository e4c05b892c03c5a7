"""No import circle among the project's modules (issue 25, part 6).

Every import statement in a module counts: at the top, under ``if TYPE_CHECKING:``, in ``try``
blocks and inside functions. ``from package import name`` depends on the submodule
``package.name`` when there is one, otherwise on the package itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_modules(root: Path) -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for path in sorted((root / "game").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    wanted: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from .x import y
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                wanted.add(submodule if submodule in modules else base)
    found = set()
    for target in wanted:
        while target and target not in modules:  # `import game.x.y` names game.x.y
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    modules = project_modules(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a path ``[a, b, …, a]``, or None."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                done.add(path[-1])
                on_path.discard(path.pop())
            elif step in on_path:
                return [*path[path.index(step) :], step]
            elif step not in done:
                path.append(step)
                on_path.add(step)
                stack.append(iter(sorted(graph[step])))
    return None


def test_the_project_has_no_import_circle():
    cycle = find_cycle(import_graph(ROOT))
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_checker_sees_circles_through_type_checking_and_function_imports(tmp_path):
    files = {
        "game/__init__.py": "",
        "game/a.py": "from game import b\n",
        "game/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.c import C\n",
        "game/c.py": "def later():\n    from game.a import thing\n",
        "game/pkg/__init__.py": "from game.pkg.mod import X\n",
        "game/pkg/mod.py": "from game.pkg import other\nX = 1\n",
        "game/pkg/other.py": "from . import mod\n",
    }
    for name, body in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(body, encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph["game.a"] == {"game.b"} and graph["game.b"] == {"game.c"}
    assert graph["game.c"] == {"game.a"}
    # A submodule named in `from package import submodule` is the dependency, not the package.
    assert graph["game.pkg.mod"] == {"game.pkg.other"}
    assert graph["game.pkg.other"] == {"game.pkg.mod"}
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1]
    assert set(cycle) in ({"game.a", "game.b", "game.c"}, {"game.pkg.mod", "game.pkg.other"})
    del graph["game.c"], graph["game.pkg.other"]
    graph["game.b"] = set()
    graph["game.pkg.mod"] = set()
    assert find_cycle(graph) is None


def test_scenes_and_widgets_never_import_the_app():
    graph = import_graph(ROOT)
    offenders = sorted(
        name
        for name, targets in graph.items()
        if name.startswith(("game.scenes", "game.widgets")) and "game.app" in targets
    )
    assert not offenders, offenders


def test_the_app_provides_the_services_scenes_use(app):
    from game.services import Screen, Services, Stack

    assert isinstance(app, Services)
    assert isinstance(app.stack, Stack)
    assert all(isinstance(scene, Screen) for scene in app.stack)
