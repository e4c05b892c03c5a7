#!/usr/bin/env python3
"""The typing debt of the code (issue 53): how often each module says ``Any`` and how many
``# type: ignore`` comments it holds, the two places where mypy --strict stops checking, and of
those how many say nothing of why.

    python tools/type_debt.py                 # game/: the modules with any debt, worst first
    python tools/type_debt.py game tools      # other folders
    python tools/type_debt.py --top 15        # only the 15 worst modules
    python tools/type_debt.py --json          # one JSON object: totals and per module

``Any`` is counted where the code uses it (an annotation, a ``cast``, a type argument), by
the syntax tree, so an import of it, a docstring or a comment naming it do not count;
``typing.Any`` counts too. An ignore is a comment starting ``type: ignore`` (with or without
its codes), found by the tokenizer. Modules are sorted by ``Any`` and then by ignores.

Where ``Any`` stays (a value truly dynamic: a file as parsed before it is checked, a game's own
class behind a shared hook), a comment on its line or the line above says why; an ``Any``
without one is counted ``uncommented``. An ignore is ``bare`` unless it names its error codes
(``[arg-type]``) and gives a reason after them.
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
    #: Uses of ``Any`` with no comment on their line or the line above.
    uncommented: int = 0
    #: Ignores without their error codes or without a reason after them.
    bare: int = 0


def any_lines(tree: ast.AST) -> list[int]:
    """The line of each use of ``Any`` in ``tree`` (``Any`` or ``typing.Any``; imports are
    not uses)."""
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Name) and node.id == "Any") or (
            isinstance(node, ast.Attribute) and node.attr == "Any"
        ):
            lines.append(node.lineno)
    return lines


def count_any(tree: ast.AST) -> int:
    """Uses of ``Any`` in ``tree`` (``Any`` or ``typing.Any``; imports are not uses)."""
    return len(any_lines(tree))


def comments(source: str) -> dict[int, list[str]]:
    """The comments of ``source`` by line, each without its ``#`` (found by the tokenizer)."""
    found: dict[int, list[str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found.setdefault(token.start[0], []).append(token.string.lstrip("#").strip())
    return found


def _is_ignore(text: str) -> bool:
    return text.startswith("type: ignore") or text.startswith("type:ignore")


#: Comments that are tools' switches, not words: they do not say why an ``Any`` stays.
PRAGMAS = ("type:", "noqa", "pragma", "fmt:")


def _says_why(texts: list[str]) -> bool:
    return any(text and not text.startswith(PRAGMAS) for text in texts)


def bare_ignore(text: str) -> bool:
    """Whether the ignore comment ``text`` lacks its error codes or a reason after them."""
    rest = text.split("ignore", 1)[1]
    if not rest.startswith("["):
        return True
    reason = rest.partition("]")[2].lstrip("# ").strip()
    return not reason


def count_ignores(source: str) -> int:
    """``# type: ignore`` comments in ``source``."""
    return sum(_is_ignore(text) for texts in comments(source).values() for text in texts)


def module_debt(path: Path) -> Debt:
    """The debt of the module at ``path`` (named relative to the repository root)."""
    source = path.read_text(encoding="utf-8")
    name = path.resolve().relative_to(ROOT).as_posix()
    return source_debt(name, source)


def source_debt(name: str, source: str) -> Debt:
    """The debt of the module ``name`` whose text is ``source``."""
    found = comments(source)
    uses = any_lines(ast.parse(source, filename=name))
    uncommented = sum(
        not (_says_why(found.get(line, [])) or _says_why(found.get(line - 1, []))) for line in uses
    )
    ignores = [text for texts in found.values() for text in texts if _is_ignore(text)]
    return Debt(name, len(uses), len(ignores), uncommented, sum(map(bare_ignore, ignores)))


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
    uncommented, bare = sum(d.uncommented for d in found), sum(d.bare for d in found)
    shown = [d for d in found if d.any or d.ignores]
    if args.top > 0:
        shown = shown[: args.top]
    if args.json:
        data = {
            "folders": args.folders,
            "modules": len(found),
            "any": total_any,
            "ignores": total_ignores,
            "uncommented": uncommented,
            "bare_ignores": bare,
            "per_module": {
                d.module: {
                    "any": d.any,
                    "ignores": d.ignores,
                    "uncommented": d.uncommented,
                    "bare_ignores": d.bare,
                }
                for d in shown
            },
        }
        print(json.dumps(data, indent=1))
        return 0
    width = max((len(d.module) for d in shown), default=10)
    print(f"{'module':<{width}}  {'Any':>5}  {'no why':>6}  {'ignores':>7}  {'bare':>4}")
    for d in shown:
        print(f"{d.module:<{width}}  {d.any:>5}  {d.uncommented:>6}  {d.ignores:>7}  {d.bare:>4}")
    total = f"total ({len(found)} modules)"
    print(f"{total:<{width}}  {total_any:>5}  {uncommented:>6}  {total_ignores:>7}  {bare:>4}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
