"""Narrow interfaces (issue 53): a part of the table is handed what it uses. A part that reads
only the settings of the app is typed against ``SettingsReader`` or ``SettingsKeeper``
(``game/services.py``), not the whole ``Services``; one that reads only the controller's
``frame()`` takes that callable, not the controller. Measured by ``tools/collaborators.py``.

No class under ``game/`` takes more than MOST_COLLABORATORS collaborators (parameters that are
not plain values); one still above it would be listed with its count, which may fall, not
rise (issue 53: ``TableDrawer`` took 9, ``SeatPlates`` 8; the message line became its own part
and the menus' choices one object; then the picture lays the seats' plates and the next
leader's pointer between the drawer's layers, the panels over the table came as one
``Panels``, the result's buttons became their own part, and the scene tells the coach of a
new deal, so that none takes more than six).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.test_import_cycles import write_tree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import collaborators  # noqa: E402

#: Wide types, and the members whose use alone says the part needs less.
TOO_WIDE = {
    "Services": {"settings", "set_setting"},
    "TableController": {"frame"},
}


#: The most collaborators a class takes ...
MOST_COLLABORATORS = 6
#: ... but for these (their count today): narrow them and drop the entry.
WIDER: dict[str, int] = {}


def crowded(root: Path) -> list[str]:
    """Classes under ``game/`` taking more collaborators than allowed, and stale entries."""
    counts = {
        str(row["class"]): len(row["collaborators"])  # type: ignore[arg-type]  # a list
        for row in collaborators.measure(root, 1)
    }
    found = [
        f"{name}: {count} collaborators (limit {WIDER.get(name, MOST_COLLABORATORS)})"
        for name, count in sorted(counts.items())
        if count > max(MOST_COLLABORATORS, WIDER.get(name, 0))
    ]
    found += [
        f"{name}: {counts.get(name, 0)} collaborators now: lower or drop its entry"
        for name, limit in sorted(WIDER.items())
        if counts.get(name, 0) < limit
    ]
    return found


def too_wide(root: Path, under: str = "game/scenes/table/") -> list[str]:
    found = []
    for row in collaborators.measure(root, 1):
        if not str(row["path"]).startswith(under):
            continue
        parts = row["collaborators"]
        assert isinstance(parts, list)
        for part in parts:
            narrow = TOO_WIDE.get(part["type"])
            if narrow is not None and part["uses"] and set(part["uses"]) <= narrow:
                found.append(f"{row['class']}.{part['name']}: {part['type']} for {part['uses']}")
    return found


def test_the_table_parts_are_handed_what_they_use() -> None:
    assert too_wide(ROOT) == []


def test_the_check_can_fail(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "game/scenes/table/part.py": (
                "class Part:\n"
                "    def __init__(self, app: Services, ctl: TableController) -> None:\n"
                "        self.app, self.ctl = app, ctl\n"
                "    def draw(self):\n"
                "        return self.app.settings.felt, self.ctl.frame()\n"
                "class Wide:\n"
                "    def __init__(self, app: Services, ctl: TableController) -> None:\n"
                "        self.app, self.ctl = app, ctl\n"
                "    def go(self):\n"
                "        self.app.stack.pop(); self.ctl.hint()\n"
            ),
        },
    )
    assert too_wide(tmp_path) == [
        "Part.app: Services for ['settings']",
        "Part.ctl: TableController for ['frame']",
    ]


def test_no_part_takes_more_collaborators_than_its_limit() -> None:
    assert crowded(ROOT) == []


def test_the_collaborator_limit_can_fail(tmp_path: Path) -> None:
    params = ", ".join(f"p{i}: Part{i}" for i in range(MOST_COLLABORATORS + 1))
    write_tree(
        tmp_path,
        {
            "game/scenes/table/wide.py": (
                f"class Crowded:\n    def __init__(self, {params}) -> None:\n        pass\n"
                "class Fine:\n    def __init__(self, a: A, b: B) -> None:\n        pass\n"
            ),
        },
    )
    assert [p.split(":")[0] for p in crowded(tmp_path)] == ["Crowded"]
