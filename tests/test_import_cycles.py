"""No import circle among the project's modules (issue 25, part 6), and no import running back
up the floors of the house (issue 53).

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


def write_tree(root: Path, files: dict[str, str]) -> None:
    """Write a toy project of ``{path: text}`` under ``root``."""
    for name, body in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(body, encoding="utf-8")


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
    write_tree(tmp_path, files)
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


#: The floors of the house, lowest first (docs/architecture.md): a module imports only modules
#: on its own floor or below it. Each floor lists dotted names; a module stands on the floor of
#: the longest name that is it or a package holding it (``game`` alone is the package's face).
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "ground",  # what a game is and where its parts are; files, catalogs, the film look
        (
            "game",
            "game.protocol",
            "game.registry",
            "game.paths",
            "game.storage",
            "game.language",
            "game.i18n",
            "game.words",
            "game.logfile",
            "game.places",
            "game.postfx",
            "game.film_camera",
            "game.film_light",
            "game.grained",
            "game.grading",
        ),
    ),
    ("rules", ("game.rules",)),
    ("ai", ("game.ai",)),
    ("table", ("game.table",)),
    (
        "text and settings",
        (
            "game.fonts",
            "game.runs",
            "game.typeset",
            "game.wrapping",
            "game.text",
            "game.settings",
            "game.audio",
            "game.services",
        ),
    ),
    (
        "records",
        (
            "game.save",
            "game.house_rules",
            "game.presets",
            "game.history",
            "game.challenge_progress",
        ),
    ),
    ("widgets", ("game.widgets",)),
    ("scenes", ("game.scenes",)),
    ("games", ("game.games",)),  # each game's folder cuts across the layers; its view draws
    (
        "app shell",
        (
            "game.app",
            "game.launch",
            "game.window",
            "game.__main__",
            "game.frames",
            "game.startup",
            "game.cli",
            "game.crashlog",
            "game.notices",
        ),
    ),
)


def floor_of(module: str, floors: tuple[tuple[str, tuple[str, ...]], ...] = FLOORS) -> int | None:
    """The index in ``floors`` of the floor ``module`` stands on, or None when it has none."""
    best: tuple[int, int] | None = None  # (length of the name that placed it, floor)
    for index, (_name, names) in enumerate(floors):
        for name in names:
            inside = module == name or (name != "game" and module.startswith(name + "."))
            if inside and (best is None or len(name) > best[0]):
                best = (len(name), index)
    return None if best is None else best[1]


def upward_imports(
    graph: dict[str, set[str]], floors: tuple[tuple[str, tuple[str, ...]], ...] = FLOORS
) -> list[str]:
    """Every import from a floor to a higher one, and every module on no floor."""
    found = []
    for module in sorted(graph):
        here = floor_of(module, floors)
        if here is None:
            found.append(f"{module} stands on no floor (add it to FLOORS)")
            continue
        for target in sorted(graph[module]):
            there = floor_of(target, floors)
            if there is not None and there > here:
                found.append(f"{module} ({floors[here][0]}) imports {target} ({floors[there][0]})")
    return found


def test_imports_only_run_down_the_floors():
    """The registry and the game protocol stand on the ground floor; the games' folders stand
    above the scenes; no module imports one on a higher floor (issue 53)."""
    upward = upward_imports(import_graph(ROOT))
    assert not upward, "imports running back up:\n" + "\n".join(upward)


def test_the_floor_check_sees_an_upward_import(tmp_path):
    floors = (("low", ("game.low",)), ("high", ("game.high", "game.high.top")))
    files = {
        "game/__init__.py": "",
        "game/low.py": "def later():\n    from game.high import top\n",
        "game/high/__init__.py": "from game import low\n",
        "game/high/top.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import game.odd\n",
        "game/odd.py": "",
    }
    write_tree(tmp_path, files)
    found = upward_imports(import_graph(tmp_path), floors)
    assert "game.low (low) imports game.high.top (high)" in found
    assert "game stands on no floor (add it to FLOORS)" in found
    assert "game.odd stands on no floor (add it to FLOORS)" in found
    assert not any(line.startswith("game.high ") for line in found)  # down is fine
    assert floor_of("game.highway", floors) is None  # a name's prefix is not its package


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

    assert all(isinstance(scene, Screen) for scene in app.stack)
    assert isinstance(app, Services)
    assert isinstance(app.stack, Stack)
