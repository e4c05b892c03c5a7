#!/usr/bin/env python3
"""The typing debt of the code (issue 53): how often each module says ``Any`` and how many
``# type: ignore`` comments it holds, the two places where mypy --strict stops checking.

    python tools/type_debt.py                 # game/: the modules with any debt, worst first
    python tools/type_debt.py game tools      # other folders
    python tools/type_debt.py --top 15        # only the 15 worst modules
    python tools/type_debt.py --json          # one JSON object: totals and per module

``Any`` is counted where the code uses it (an annotation, a ``cast``, a type argument), by
the syntax tree, so an import of it, a docstring or a comment naming it do not count;
``typing.Any`` counts too. An ignore is a comment starting ``type: ignore`` (with or without
its codes), found by the tokenizer. Modules are sorted by ``Any`` and then by ignores.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Debt:
    """One module's typing debt."""

    module: str
    any: int
    ignores: int


def count_any(tree: ast.AST) -> int:
    """Uses of ``Any`` in ``tree`` (``Any`` or ``typing.Any``; imports are not uses)."""
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "Any":
            count += 1
        elif isinstance(node, ast.Attribute) and node.attr == "Any":
            count += 1
    return count


def count_ignores(source: str) -> int:
    """``# type: ignore`` comments in ``source``."""
    count = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            count += text.startswith("type: ignore") or text.startswith("type:ignore")
    return count


def module_debt(path: Path) -> Debt:
    """The debt of the module at ``path`` (named relative to the repository root)."""
    source = path.read_text(encoding="utf-8")
    name = path.resolve().relative_to(ROOT).as_posix()
    return Debt(name, count_any(ast.parse(source, filename=name)), count_ignores(source))


def debts(folders: list[str]) -> list[Debt]:
    """Every module under ``folders`` (relative to the repository root), worst first."""
    found = [
        module_debt(path) for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))
    ]
    return sorted(found, key=lambda d: (-d.any, -d.ignores, d.module))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=["game"], help="folders (default: game)")
    parser.add_argument("--top", type=int, default=0, help="only the N worst modules")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    missing = [f for f in args.folders if not (ROOT / f).is_dir()]
    if missing:
        parser.error(f"no such folder: {', '.join(missing)}")
    found = debts(args.folders)
    total_any, total_ignores = sum(d.any for d in found), sum(d.ignores for d in found)
    shown = [d for d in found if d.any or d.ignores]
    if args.top > 0:
        shown = shown[: args.top]
    if args.json:
        data = {
            "folders": args.folders,
            "modules": len(found),
            "any": total_any,
            "ignores": total_ignores,
            "per_module": {d.module: {"any": d.any, "ignores": d.ignores} for d in shown},
        }
        print(json.dumps(data, indent=1))
        return 0
    width = max((len(d.module) for d in shown), default=10)
    print(f"{'module':<{width}}  {'Any':>5}  {'ignores':>7}")
    for d in shown:
        print(f"{d.module:<{width}}  {d.any:>5}  {d.ignores:>7}")
    print(
        f"{'total (' + str(len(found)) + ' modules)':<{width}}  {total_any:>5}  {total_ignores:>7}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
