#!/usr/bin/env python3
"""Which classes take many collaborators, and what each uses of them (issue 53: a part
receives what it uses).

    python tools/collaborators.py            # classes whose __init__ takes 5 or more
    python tools/collaborators.py --min 3 --json

For each class under ``game/`` whose ``__init__`` takes at least ``--min`` parameters that are
not plain values (int, float, str, bool), every such parameter with its annotation and the
members the class reads of it as ``self.<name>.<member>`` (a bare call ``self.<name>()``
counts as ``()``, one handed on whole as ``*``, so ``ctl = self.controller`` shows as ``*``). A collaborator typed as a wide protocol (``Services``) of which one member
is read is the first thing to narrow. JSON keys: ``classes`` (a list of ``class``, ``path``,
``collaborators``: a list of ``name``, ``type`` and ``uses``).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAIN = {"int", "float", "str", "bool", "None"}


def plain(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    return all(part.strip() in PLAIN for part in ast.unparse(annotation).split("|"))


def uses_of(cls: ast.ClassDef, name: str) -> list[str]:
    """The members of ``self.<name>`` that the class reads, sorted: ``()`` for a call of it,
    ``*`` where it is handed on whole (an argument, a value kept under another name)."""
    parents = {child: node for node in ast.walk(cls) for child in ast.iter_child_nodes(node)}
    found: set[str] = set()
    for node in ast.walk(cls):
        if not (
            isinstance(node, ast.Attribute)
            and node.attr == name
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            continue
        parent = parents.get(node)
        if isinstance(parent, ast.Attribute):
            found.add(parent.attr)
        elif isinstance(parent, ast.Call) and parent.func is node:
            found.add("()")
        elif not isinstance(node.ctx, ast.Store):
            found.add("*")
    return sorted(found)


def count(row: dict[str, object]) -> int:
    parts = row["collaborators"]
    return len(parts) if isinstance(parts, list) else 0


def measure(root: Path, least: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for path in sorted((root / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
            init = next(
                (f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"),
                None,
            )
            if init is None:
                continue
            params = [
                a for a in [*init.args.args[1:], *init.args.kwonlyargs] if not plain(a.annotation)
            ]
            if len(params) < least:
                continue
            rows.append(
                {
                    "class": cls.name,
                    "path": path.relative_to(root).as_posix(),
                    "collaborators": [
                        {
                            "name": a.arg,
                            "type": ast.unparse(a.annotation) if a.annotation else "",
                            "uses": uses_of(cls, a.arg),
                        }
                        for a in params
                    ],
                }
            )
    return sorted(rows, key=lambda row: -count(row))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--min", type=int, default=5, help="least collaborators (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rows = measure(ROOT, args.min)
    if args.json:
        print(json.dumps({"classes": rows}, indent=1))
        return 0
    for row in rows:
        parts = row["collaborators"]
        assert isinstance(parts, list)
        print(f"{len(parts)}  {row['path']}:{row['class']}")
        for part in parts:
            uses = ", ".join(part["uses"]) or "(kept or passed on)"
            print(f"     {part['name']}: {part['type'] or '?'} -> {uses}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
