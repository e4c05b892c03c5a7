"""Narrow interfaces (issue 53): a part of the table is handed what it uses. A part that reads
only the settings of the app is typed against ``SettingsReader`` or ``SettingsKeeper``
(``game/services.py``), not the whole ``Services``; one that reads only the controller's
``frame()`` takes that callable, not the controller. Measured by ``tools/collaborators.py``.
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
