"""Modules and functions under game/ stay small enough to read (issues 25, 39, 53): no module
over 500 lines unless one idea needs more, said in its docstring ("Over 500 lines: …"), and none
over 600 at all; no function over 80. A module that shrinks back under 500 drops its
declaration. Any that must stay over for a while is listed with its size: it may shrink (and
leave the list) but not grow, and nothing new joins. None is over today.

Against bunching (issue 53: eleven modules sat at 486-499 lines, the cap met by trimming): at
most BUNCH_MAX modules may stand above BUNCH_LINES lines. The modules above it today are listed
with their sizes, to be split by what they do: each may shrink, not grow, leaves the list once
it is at or under BUNCH_LINES (a stale entry fails), and no other module joins them until
fewer than BUNCH_MAX are left.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE_LINES = 500
#: The most any module may have, declared or not.
MODULE_CAP = 600
#: What a module over MODULE_LINES says in its docstring, with the reason after it.
DECLARATION = re.compile(r"\bover 500 lines:\s*\S", re.IGNORECASE)
FUNCTION_LINES = 80

#: Still over the limits (lines today); split them and drop the entry.
KNOWN_MODULES: dict[str, int] = {}
KNOWN_FUNCTIONS: dict[str, int] = {}
#: Above this many lines a module is near the cap (see the module docstring) ...
BUNCH_LINES = 450
#: ... and at most this many may be.
BUNCH_MAX = 3
#: Above BUNCH_LINES today (lines today): split each by what it does, then drop its entry.
KNOWN_BUNCHED: dict[str, int] = {}


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


def declared() -> set[str]:
    """The modules under game/ whose docstring says why they are over 500 lines."""
    found = set()
    for path in sorted((ROOT / "game").rglob("*.py")):
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if DECLARATION.search(" ".join(docstring.split())):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def undeclared(measured: dict[str, int], declarations: set[str]) -> list[str]:
    """Modules over MODULE_LINES without a declaration, over MODULE_CAP with one, and
    declarations left on a module that is back under MODULE_LINES."""
    problems = []
    for name, lines in sorted(measured.items()):
        if lines > MODULE_CAP or (lines > MODULE_LINES and name not in declarations):
            problems.append(
                f"{name}: {lines} lines (limit {MODULE_LINES}, or {MODULE_CAP} "
                "when its docstring says 'Over 500 lines: <why>')"
            )
        elif lines <= MODULE_LINES and name in declarations:
            problems.append(f"{name}: {lines} lines, yet its docstring says it is over 500")
    return problems


def over(measured: dict[str, int], limit: int, known: dict[str, int]) -> list[str]:
    return [
        f"{name}: {lines} lines (limit {limit}{f', was {known[name]}' if name in known else ''})"
        for name, lines in sorted(measured.items())
        if lines > max(limit, known.get(name, 0))
    ]


def test_no_module_over_500_lines_unless_its_docstring_says_why() -> None:
    modules, _ = sizes()
    assert not over(modules, MODULE_CAP, KNOWN_MODULES)
    assert (
        undeclared({k: v for k, v in modules.items() if k not in KNOWN_MODULES}, declared()) == []
    )


def test_the_module_rule_can_fail() -> None:
    sizes_now = {"a.py": 501, "b.py": 520, "c.py": 601, "d.py": 400, "e.py": 500}
    assert [p.split(":")[0] for p in undeclared(sizes_now, {"b.py", "c.py", "d.py"})] == [
        "a.py",
        "c.py",
        "d.py",
    ]
    assert DECLARATION.search("Over 500 lines: the frame loop is one idea")
    assert not DECLARATION.search("over 500 lines")  # a declaration gives its reason


def bunched(measured: dict[str, int], known: dict[str, int]) -> list[str]:
    """What breaks the rule against bunching under the cap (see the module docstring)."""
    above = {name: lines for name, lines in measured.items() if lines > BUNCH_LINES}
    problems = [
        f"{name}: {lines} lines, was {known[name]} (a listed module may shrink, not grow)"
        for name, lines in sorted(above.items())
        if name in known and lines > known[name]
    ]
    problems += [
        f"{name}: {measured.get(name, 0)} lines, no longer above {BUNCH_LINES}: drop its entry"
        for name in sorted(known)
        if name not in above
    ]
    listed = sum(1 for name in above if name in known)
    joined = sorted(name for name in above if name not in known)
    if joined and listed + len(joined) > BUNCH_MAX:
        problems += [
            f"{name}: {above[name]} lines (more than {BUNCH_MAX} modules above {BUNCH_LINES}: "
            "split it by what it does)"
            for name in joined
        ]
    return problems


def test_at_most_a_few_modules_sit_just_under_the_cap() -> None:
    modules, _ = sizes()
    assert bunched(modules, KNOWN_BUNCHED) == []


def test_the_bunching_rule_can_fail() -> None:
    known = {"a.py": 480, "b.py": 470, "c.py": 460}
    assert bunched({"a.py": 480, "b.py": 470, "c.py": 460, "d.py": 300}, known) == []
    grown = bunched({"a.py": 481, "b.py": 470, "c.py": 460}, known)
    assert [p.split(":")[0] for p in grown] == ["a.py"]
    stale = bunched({"a.py": 480, "b.py": 450, "c.py": 460}, known)
    assert [p.split(":")[0] for p in stale] == ["b.py"]
    joined = bunched({"a.py": 480, "b.py": 470, "c.py": 460, "e.py": 499}, known)
    assert [p.split(":")[0] for p in joined] == ["e.py"]
    # trimmed to just under the cap: eleven modules at 486-499 and none listed
    trimmed = {f"m{i}.py": 486 + i for i in range(11)}
    assert len(bunched(trimmed, {})) == 11
    # with fewer than BUNCH_MAX listed, a new one may stand above BUNCH_LINES
    assert bunched({"a.py": 480, "e.py": 499}, {"a.py": 480}) == []


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
