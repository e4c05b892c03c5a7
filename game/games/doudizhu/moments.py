"""Dou Dizhu's moments (issue 54): a bomb's thump and the rocket (D4.5), an airplane with and
without wings, a pair run's chain, the kitty turned over for the landlord (D2.5), a spring
or anti-spring (D5.1) and the payments flying to the winners (D5.3). The two peasants are
partners for the deal."""

from __future__ import annotations

from game.rules.base import Action
from game.table.frame import TableFrame
from game.table.moments import (
    FINE,
    STRIKE,
    Cue,
    Moment,
    MomentRules,
    Reaction,
    cues,
    reactions,
)

#: Play kinds that are moments, by the moment's name.
PLAY_MOMENTS = {
    "bomb": "bomb",
    "rocket": "rocket",
    "airplane": "airplane",
    "airplane_singles": "airplane_wings",
    "airplane_pairs": "airplane_wings",
    "pair_run": "pair_run",
}


class Moments(MomentRules):
    play_kinds = PLAY_MOMENTS
    cues = cues(
        bomb=(Cue("bomb", 1.2),),
        rocket=(Cue("rocket", 2.6),),
        airplane=(Cue("airplane"),),
        airplane_wings=(Cue("airplane", 1.2, variant="wings"),),
        pair_run=(Cue("chain", 1.0, per=0.25, above=6),),
        kitty=(Cue("reveal", place="middle"),),
        spring=(Cue("fireworks", 2.0, place="table"),),
        anti_spring=(Cue("fireworks", 2.0, place="table"),),
    )
    reactions = reactions(
        bomb=STRIKE,
        rocket=STRIKE,
        airplane=FINE,
        airplane_wings=FINE,
        pair_run=FINE,
        kitty=Reaction(actor="pleased"),
        spring=FINE,
        anti_spring=FINE,
    )

    def action(self, frame: TableFrame, seat: int | None, action: Action) -> list[Moment]:
        if action.kind == "kitty":
            return [Moment("kitty", seat, len(action.cards))]
        return []

    def deal_end(self, frame: TableFrame) -> list[Moment]:
        """A spring or anti-spring (D5.1), then each payment to the winners (D5.3)."""
        result = frame.result
        found = []
        spring = getattr(result, "spring", None)
        if spring in ("spring", "anti_spring"):
            found.append(Moment(spring, getattr(result, "winner", None)))
        for p in tuple(getattr(result, "payments", ()) or ()):
            found.append(Moment("payment", p.payer, p.points, p.payee))
        return found

    def partners(self, frame: TableFrame, seat: int) -> tuple[int, ...]:
        """The peasants play together; the landlord alone (D1.2)."""
        landlord = getattr(frame.seat_view, "landlord", None)
        if landlord is None or seat == landlord:
            return ()
        return tuple(s for s in range(3) if s not in (seat, landlord))
