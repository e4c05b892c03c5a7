"""The rules and the AI stay pure: nothing under game/rules or game/ai imports pygame."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_rules_and_ai_never_import_pygame():
    offenders = []
    for layer in ("game/rules", "game/ai"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            bad = imported_modules(path) & {"pygame", "pygame_gui"}
            if bad:
                offenders.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(bad))}")
    assert not offenders, "\n".join(offenders)


def test_rules_never_import_the_app_layers():
    for path in sorted((ROOT / "game/rules").rglob("*.py")):
        modules = imported_modules(path)
        assert "game" not in modules or all(
            not line.strip().startswith(("from game.ai", "from game.scenes", "import game.ai"))
            for line in path.read_text(encoding="utf-8").splitlines()
        ), f"{path} reaches above the rules layer"


def _is_app(node: ast.AST) -> bool:
    """``app`` or ``self.app``."""
    if isinstance(node, ast.Name):
        return node.id == "app"
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "app"
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


#: The protocols of game/services.py a scene or widget may type its ``app`` against.
APP_PROTOCOLS = {"Services", "SettingsReader", "SettingsKeeper"}


def test_scenes_and_widgets_use_the_app_as_typed_services():
    """Scenes and widgets take the app as a ``game.services.Services`` (or, for a part that
    needs only the settings, its narrower ``SettingsReader``/``SettingsKeeper``, issue 53) and
    read it by plain attribute access (issue 25): no ``app: Any``, no ``getattr(app, ...)``/
    ``hasattr``."""
    offenders = []
    for layer in ("game/scenes", "game/widgets"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            where = path.relative_to(ROOT)
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr")
                    and node.args
                    and _is_app(node.args[0])
                ):
                    offenders.append(f"{where}:{node.lineno} {node.func.id} on the app")
                if (
                    isinstance(node, ast.arg)
                    and node.arg == "app"
                    and node.annotation is not None
                    and ast.unparse(node.annotation) not in APP_PROTOCOLS
                ):
                    offenders.append(
                        f"{where}:{node.lineno} app typed {ast.unparse(node.annotation)}"
                    )
    assert not offenders, "\n".join(offenders)


def test_the_table_layer_never_reaches_up_into_the_history():
    """game/history reads the table's records (replay, share, review); the table makes the
    deal's row (game/table/summary.py) and never imports the history: no circle of folders."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "game/table").rglob("*.py"))
        if any(
            line.strip().startswith(("from game.history", "import game.history"))
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    ]
    assert not offenders, offenders


# --- one folder per game (issue 39) -------------------------------------------------------------

GAMES = ROOT / "game" / "games"


def _game_folders() -> list[Path]:
    return sorted(path.parent for path in GAMES.glob("*/__init__.py"))


def _project_imports(path: Path) -> set[str]:
    """Every dotted ``game…`` module that ``path`` imports (top level, functions, TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name.startswith("game"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("game"):
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_every_game_is_one_folder_with_its_parts():
    """Each registered game's parts all live in its own folder (the registry names them)."""
    from game import registry

    for spec in registry.all_games():
        folder = f"game.games.{spec.id}"
        paths = [spec.rules_path, spec.heuristic_path, spec.search_path, spec.sort_key_path]
        paths += [spec.table_view_path]
        paths += [p for p in (spec.arrange_path, spec.arena_deal_path, spec.arena_result_path) if p]
        outside = [path for path in paths if not path.startswith(folder)]
        assert not outside, f"{spec.id}: parts outside {folder}: {outside}"
        assert (GAMES / spec.id / "preset.toml").is_file()


def test_no_game_imports_another_game():
    offenders = []
    for folder in _game_folders():
        own = f"game.games.{folder.name}"
        for path in sorted(folder.rglob("*.py")):
            for name in _project_imports(path):
                parts = name.split(".")
                if parts[:2] == ["game", "games"] and len(parts) > 2:
                    if f"game.games.{parts[2]}" != own:
                        offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_shared_layers_never_import_a_game_folder():
    """Only the registry finds the games, by dotted name (issue 53): no import statement outside
    ``game/games/`` names that package, not even the public ``game.rules.<id>`` paths, which
    fill themselves through the registry (``game/rules/public.py``)."""
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[:2] == ("game", "games"):
            continue
        for name in _project_imports(path):
            if name.split(".")[:2] == ["game", "games"]:
                offenders.append(f"{relative} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_a_games_rules_are_pure_and_its_ai_never_draws():
    """A game's ``rules`` import only the shared rules, the ground floor's game protocol and
    their own package; nothing but its ``view`` (``view.py``, or a ``view/`` package when the
    table's part of a game is split by what it draws) imports pygame."""
    offenders = []
    for folder in _game_folders():
        own_rules = f"game.games.{folder.name}.rules"
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(ROOT)
            in_rules = relative.parts[3] == "rules" or relative.name == "rules.py"
            if relative.name != "view.py" and relative.parts[3] != "view":
                bad = imported_modules(path) & {"pygame", "pygame_gui"}
                if bad:
                    offenders.append(f"{relative} imports {', '.join(sorted(bad))}")
            if in_rules:
                for name in _project_imports(path):
                    if not name.startswith(("game.rules", own_rules, "game.registry.spec")):
                        offenders.append(f"{relative} (rules) imports {name}")
    assert not offenders, "\n".join(offenders)


def test_adding_a_game_is_adding_its_folder(tmp_path, monkeypatch):
    """A folder with a ``SPEC`` is found and played with nothing else edited (the toy game)."""
    from game import registry
    from game.table.controller import TableController

    folder = tmp_path / "extra_games" / "toyfolder"
    folder.mkdir(parents=True)
    (tmp_path / "extra_games" / "__init__.py").write_text("", encoding="utf-8")
    (folder / "__init__.py").write_text(
        "from tests import toy_game\nSPEC = toy_game.spec('toyfolder')\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        (spec,) = registry.discover([str(tmp_path / "extra_games")], package="extra_games")
        assert registry.get("toyfolder") is spec and spec.id in registry.ids()
        controller = TableController(
            "toyfolder", seed=3, threaded=False, think_delay=0.0, autoplay=True
        )
        for _ in range(500):
            controller.update()
            if controller.awaiting_next:
                break
        assert controller.state.is_terminal
    finally:
        registry.unregister("toyfolder")


def test_views_see_the_table_only_through_their_context():
    """A game's View, the GameView defaults and the result panel draw and act through a
    ``TableContext`` (issue 39): they never hold the scene or reach into private parts of
    another object."""
    views = [*GAMES.glob("*/view.py"), *GAMES.glob("*/view/*.py")]
    paths = [*sorted(views), ROOT / "game/scenes/table/view.py"]
    paths.append(ROOT / "game/scenes/table/result_panel.py")
    offenders = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "scene":
                offenders.append(f"{where}:{node.lineno} names the scene")
            elif isinstance(node, ast.Attribute):
                owner = node.value
                private = node.attr.startswith("_") and not node.attr.startswith("__")
                mine = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
                if node.attr == "scene" or (private and not mine):
                    offenders.append(f"{where}:{node.lineno} reaches {ast.unparse(node)}")
    assert not offenders, "\n".join(offenders)


def test_the_table_scene_is_composed_of_parts_not_mixins():
    """The table scene holds objects, each given what it needs (issue 39): its only base is
    ``Scene``, no part module imports ``scene.py``, and no part reaches into another object's
    private attributes (each owns its own)."""
    from game.scenes.base import Scene
    from game.scenes.table import TableScene

    assert TableScene.__bases__ == (Scene,)
    offenders = []
    for path in sorted((ROOT / "game/scenes/table").glob("*.py")):
        if path.name in ("scene.py", "__init__.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "game.scenes.table.scene":
                offenders.append(f"{where}:{node.lineno} imports the scene")
            elif isinstance(node, ast.ImportFrom) and node.module == "game.scenes.table":
                if any(alias.name == "TableScene" for alias in node.names):
                    offenders.append(f"{where}:{node.lineno} imports the scene")
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
                private = node.attr.startswith("_") and not node.attr.startswith("__")
                if private:  # self.part._private: another object's own attribute
                    offenders.append(f"{where}:{node.lineno} reaches {ast.unparse(node)}")
    assert not offenders, "\n".join(offenders)
