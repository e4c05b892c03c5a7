"""What Dou Dizhu's panels show of the table's frame, and where (issue 54: a play is drawn
only where it changes the picture; see game/scenes/table/shown.py)."""

from __future__ import annotations

from game.games.doudizhu.view import WARN_AT, View
from game.places import Part
from game.table.frame import TableFrame


def side_part(view: View, frame: TableFrame) -> Part:
    """The bids (the standing bid) or the kitty, in the side panel's box."""
    seen = view.seen(frame)
    rect = view.ctx.rect("side")
    box = rect.copy()
    box.height = view.ctx.u(140)
    return (seen.landlord, seen.kitty, seen.bids), [box]


def centre_part(view: View, frame: TableFrame) -> Part:
    """The badges on the seats (landlord, one or two cards left) and the kitty in the middle:
    they may lie anywhere, and change a few times a deal."""
    seen = view.seen(frame)
    warned = tuple(count if count in WARN_AT else 0 for count in frame.hand_counts)
    return (seen.landlord, seen.stage, warned, seen.kitty, any(seen.plays_made)), None
