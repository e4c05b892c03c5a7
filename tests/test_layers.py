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


def test_scenes_and_widgets_use_the_app_as_typed_services():
    """Scenes and widgets take the app as a ``game.services.Services`` and read it by plain
    attribute access (issue 25): no ``app: Any``, no ``getattr(app, ...)``/``hasattr``."""
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
                    and ast.unparse(node.annotation) != "Services"
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
