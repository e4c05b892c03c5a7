"""What Guandan's panels show of the table's frame, and where (issue 54: a play is drawn only
where it changes the picture; see game/scenes/table/shown.py)."""

from __future__ import annotations

from game.games.guandan.view import View
from game.places import Part
from game.table.frame import TableFrame


def side_part(view: View, frame: TableFrame) -> Part:
    """The ladder's levels and its place (nothing without levels)."""
    if not frame.levels:
        return None, []
    box = view.ladder_box()
    return view.ladder_key(frame, box), [box]


def centre_part(view: View, frame: TableFrame) -> Part:
    """Nothing lies in the middle."""
    return None, []
