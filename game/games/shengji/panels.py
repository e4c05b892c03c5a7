"""What Shengji's panels show of the table's frame, and where (issue 54: a play is drawn only
where it changes the picture; see game/scenes/table/shown.py)."""

from __future__ import annotations

from game.games.shengji.counting import captured_cards
from game.games.shengji.view import View
from game.places import Part
from game.table.frame import TableFrame


def side_part(view: View, frame: TableFrame) -> Part:
    """The declaration, or the dealer, the attackers' points and the point cards they took:
    the panel and the row of cards under it."""
    seen = view.seen(frame)
    rect, u = view.ctx.rect("side"), view.ctx.u
    box = rect.copy()
    box.height = u(140) + u(8) + u(56)
    declaring = seen.standing if frame.phase == "declare" else None
    points = (seen.dealer, seen.attacker_points, tuple(captured_cards(seen)))
    return (frame.phase, declaring, points), [box]


def centre_part(view: View, frame: TableFrame) -> Part:
    """The revealed kitty (anywhere: it shows and goes once a deal)."""
    return tuple(view.ctx.centre_cards or ()), None
